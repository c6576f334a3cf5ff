import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { msg, type DataResponse } from '@portal/contract';
import {
  bearer,
  createTestApp,
  DEL_SUR,
  expectGuarded,
  expectRefused,
  LA_PAMPA,
  login,
  nextIp,
  SUSPENDIDA,
  type TestContext,
} from '../../test/helpers.js';

/** GET /data (user data and menu), POST /data (profile save) and POST /proxy/data (forced password change). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
before(async () => {
  ctx = await createTestApp();
  for (const u of ['productor', 'admin', 'vendedor', 'cambio', 'autorizador']) tokens[u] = (await login(ctx.app, u)).access_token;
});
after(async () => {
  await ctx?.close();
});

const getData = (token: string, headers: Record<string, string> = {}, query = '?mobile=false') =>
  ctx.app.inject({ method: 'GET', url: `/api/public/data${query}`, headers: bearer(token, headers) });
const dataOf = async (token: string, headers: Record<string, string> = { cuit: LA_PAMPA }, query?: string) => {
  const res = await getData(token, headers, query);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as DataResponse;
};
const saveProfile = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/data', headers: bearer(token), payload });
const forcedChange = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/proxy/data', headers: bearer(token), payload });
const tryLogin = (username: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/public/oauth',
    payload: { client_id: 'master', grant_type: 'password', username, password },
    remoteAddress: nextIp(),
  });
const userRow = (username: string) => ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const stillAuthenticated = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(token) })).statusCode;

describe('GET /data', () => {
  test('is guarded: 401 without a token, 403 for a foreign company and a foreign entity', async () => {
    await expectGuarded(
      ctx.app,
      { method: 'GET', url: '/api/public/data?mobile=false', headers: { cuit: LA_PAMPA } },
      { access: 'company', token: tokens.productor!, foreignEntity: '2000' },
    );
  });

  test('answers the user, company and profile data of productor in La Pampa and a non-empty menu', async () => {
    const body = await dataOf(tokens.productor!);
    assert.equal(body.success, true);
    const u = body.usuario;
    assert.equal(u.username, 'productor');
    assert.equal(u.email, 'productor@demo.com.ar');
    assert.equal(u.first_name, 'Juan');
    assert.equal(u.last_name, 'Pérez');
    assert.equal(u.codemp, 1);
    // Two active entities and none chosen: no codent yet.
    assert.equal(u.codent, null);
    assert.equal(u.entidades, 2);
    assert.equal(u.change_password, false);
    assert.equal(u.adminweb, false);
    assert.equal(u.agrupactasctes, false);
    assert.deepEqual(u.ocultamonedas, []);
    assert.deepEqual(u.perfiles, [{ id: 1, cgi: 'etenet_dashboard', descripcion: 'Cliente' }]);
    assert.equal(u.perfile_default, 1);
    assert.deepEqual(u.empresa, { cuit: LA_PAMPA, razonsocial: 'Cooperativa Agropecuaria La Pampa Ltda.' });
    assert.ok(body.menu.length > 0);
    assert.deepEqual(body.menu[0], { id: 'dashboard', nombre: 'Inicio', icono: 'home', link: 'dashboard' });
  });

  test('a malformed mobile flag answers 400 in Spanish', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/data?mobile=abc', headers: bearer(tokens.productor!, { cuit: LA_PAMPA }) });
    expectRefused(res, 400, 'El valor debe ser true o false.');
  });

  test('mobile=true answers the mobile menu', async () => {
    const body = await dataOf(tokens.productor!, { cuit: LA_PAMPA }, '?mobile=true');
    assert.ok(body.menu.some((m) => m.id === 'dashboard'));
  });

  test('the company is taken from the cuit header: Agroinsumos del Sur has one entity, so codent is 501', async () => {
    const body = await dataOf(tokens.productor!, { cuit: DEL_SUR });
    assert.deepEqual(body.usuario.empresa, { cuit: DEL_SUR, razonsocial: 'Agroinsumos del Sur S.A.' });
    assert.equal(body.usuario.codent, 501);
    assert.equal(body.usuario.entidades, 1);
  });

  test('cambio gets change_password true and its only entity 1004', async () => {
    const body = await dataOf(tokens.cambio!);
    assert.equal(body.usuario.change_password, true);
    assert.equal(body.usuario.codent, 1004);
  });

  test('a suspended company answers 403', async () => {
    expectRefused(await getData(tokens.productor!, { cuit: SUSPENDIDA }), 403, 'La sesión con esta empresa se encuentra suspendida.');
  });

  test('a foreign or unknown company answers 403', async () => {
    expectRefused(await getData(tokens.admin!, { cuit: DEL_SUR }), 403, msg.empresaSinAcceso);
    expectRefused(await getData(tokens.productor!, { cuit: '30500010912' }), 403, msg.empresaSinAcceso);
  });

  test('a missing cuit answers 400 "Debe seleccionar una empresa."; a malformed one 400', async () => {
    expectRefused(await getData(tokens.productor!), 400, 'Debe seleccionar una empresa.');
    expectRefused(await getData(tokens.productor!, { cuit: '  ' }), 400, 'Debe seleccionar una empresa.');
    expectRefused(await getData(tokens.productor!, { cuit: '30-71234567-1' }), 400, msg.cuitLongitud);
  });

  test('Entity_ID of an own entity sets codent; a foreign or another company\'s entity answers 403', async () => {
    assert.equal((await dataOf(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1002' })).usuario.codent, 1002);
    assert.equal((await dataOf(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' })).usuario.codent, 1001);
    for (const foreign of ['2000', '1004', '1', '501']) {
      expectRefused(await getData(tokens.productor!, { cuit: LA_PAMPA, entity_id: foreign }), 403, msg.entidadSinAcceso);
    }
    expectRefused(await getData(tokens.productor!, { cuit: LA_PAMPA, entity_id: 'abc' }), 400, msg.entidadIdInvalido);
    const denied = await ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'access.denied').execute();
    assert.ok(denied.length >= 4);
  });

  test('an inactive own entity is never reported as the acting entity', async () => {
    const body = await dataOf(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1003' });
    assert.notEqual(body.usuario.codent, 1003);
  });

  test('Actua_como from a user who is not an administrator answers 403, even with an own entity', async () => {
    for (const code of ['1001', '2000']) {
      expectRefused(
        await getData(tokens.productor!, { cuit: LA_PAMPA, actua_como: code }),
        403,
        'Sólo un administrador puede actuar como otra entidad.',
      );
    }
  });

  test('an administrator acts as any entity of the company with Actua_como', async () => {
    const own = await dataOf(tokens.admin!);
    assert.equal(own.usuario.adminweb, true);
    assert.equal(own.usuario.codent, 1);
    const acting = await dataOf(tokens.admin!, { cuit: LA_PAMPA, actua_como: '2000' });
    assert.equal(acting.usuario.codent, 2000);
    assert.equal(acting.usuario.adminweb, true);
    assert.equal((await dataOf(tokens.admin!, { cuit: LA_PAMPA, actua_como: '1004' })).usuario.codent, 1004);
    // Not an entity of another company, nor one that does not exist.
    expectRefused(await getData(tokens.admin!, { cuit: LA_PAMPA, actua_como: '999999' }), 403, msg.entidadSinAcceso);
  });

  test('a profile the user does not have answers 403; vendedor may choose profile 3', async () => {
    expectRefused(await getData(tokens.productor!, { cuit: LA_PAMPA }, '?mobile=false&perfil=2'), 403, 'No tiene asignado el perfil indicado.');
    expectRefused(await getData(tokens.productor!, { cuit: LA_PAMPA }, '?mobile=false&perfil=abc'), 400, msg.perfilSinAcceso);
    const v = await dataOf(tokens.vendedor!, { cuit: LA_PAMPA }, '?mobile=false&perfil=3');
    assert.deepEqual(v.usuario.perfiles.map((p) => p.id), [2, 3]);
    assert.equal(v.usuario.perfile_default, 2);
    assert.ok(v.menu.length > 0);
    expectRefused(await getData(tokens.vendedor!, { cuit: LA_PAMPA }, '?mobile=false&perfil=1'), 403, msg.perfilSinAcceso);
  });

  test('a company without desktop access answers 403 on desktop and 200 on mobile', async () => {
    const vendedor = await userRow('vendedor');
    await ctx.db.updateTable('memberships').set({ desktop: false }).where('user_id', '=', vendedor.id).execute();
    try {
      expectRefused(await getData(tokens.vendedor!, { cuit: LA_PAMPA }), 403, msg.sinAccesoDispositivo);
      assert.equal((await getData(tokens.vendedor!, { cuit: LA_PAMPA }, '?mobile=true')).statusCode, 200);
    } finally {
      await ctx.db.updateTable('memberships').set({ desktop: true }).where('user_id', '=', vendedor.id).execute();
    }
  });

  test('refusals carry the spec\'s mensaje beside msg', async () => {
    for (const [res, text] of [
      [await getData(tokens.productor!, { cuit: SUSPENDIDA }), msg.sesionSuspendida],
      [await getData(tokens.productor!, { cuit: '30500010912' }), msg.empresaSinAcceso],
      [await getData(tokens.productor!, { cuit: LA_PAMPA }, '?mobile=false&perfil=2'), msg.perfilSinAcceso],
    ] as const) {
      expectRefused(res, 403, text);
      assert.equal(res.json().mensaje, text);
    }
    // Other calls keep the plain { success, msg }.
    const other = await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/pedidos?pendientes=true', headers: bearer(tokens.productor!, { cuit: SUSPENDIDA, entity_id: '1001' }) });
    assert.equal(other.statusCode, 403);
    assert.equal(other.json().mensaje, undefined);
  });

  test('the API docs say how refusals come (4xx with { success: false, msg }) and that GET /data adds mensaje', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      info: { description: string };
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    assert.match(doc.info.description, /estado 4xx/);
    assert.match(doc.info.description, /\{ success: false, msg \}/);
    assert.match(doc.info.description, /esperaba 200 con success false/);
    assert.match(doc.paths['/api/public/data']!.get!.responses['403']!.description, /\{ success: false, msg, mensaje \}/);
    assert.doesNotMatch(doc.paths['/api/public/proxy/pedidos']!.get!.responses['403']!.description, /mensaje/);
  });

  test('the membership\'s device access holds in the gate for every company call, not only GET /data', async () => {
    const productor = await userRow('productor');
    const lp = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    const call = (device: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/public/proxy/pedidos?pendientes=true', headers: { ...bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' }), dispositivo: device } });
    assert.equal((await call('desktop')).statusCode, 200);
    await ctx.db.updateTable('memberships').set({ desktop: false }).where('user_id', '=', productor.id).where('company_id', '=', lp.id).execute();
    try {
      expectRefused(await call('desktop'), 403, msg.sinAccesoDispositivo);
      assert.equal((await call('mobile')).statusCode, 200);
      // Without the header the call is a desktop's.
      expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/pedidos?pendientes=true', headers: bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' }) }), 403, msg.sinAccesoDispositivo);
    } finally {
      await ctx.db.updateTable('memberships').set({ desktop: true }).where('user_id', '=', productor.id).where('company_id', '=', lp.id).execute();
    }
  });

  test('a malformed Actua_como says so', async () => {
    expectRefused(await getData(tokens.admin!, { cuit: LA_PAMPA, actua_como: 'abc' }), 400, msg.actuaComoInvalido);
  });
});

describe('POST /data (profile save)', () => {
  test('is guarded: 401 without a valid token', async () => {
    await expectGuarded(
      ctx.app,
      { method: 'POST', url: '/api/public/data', payload: { first_name: 'X', last_name: 'Y' } },
      { access: 'user', token: tokens.autorizador! },
    );
    assert.equal((await userRow('autorizador')).first_name, 'Graciela');
  });

  test('saves the names (trimmed) without touching the password', async () => {
    const res = await saveProfile(tokens.autorizador!, { first_name: '  Graciela Beatriz ', last_name: 'Torres Vidal', pass: '', checkPass: '' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, msg: msg.perfilGuardado, first_name: 'Graciela Beatriz', last_name: 'Torres Vidal' });
    const row = await userRow('autorizador');
    assert.equal(row.first_name, 'Graciela Beatriz');
    assert.equal(row.last_name, 'Torres Vidal');
    const data = await dataOf(tokens.autorizador!);
    assert.equal(data.usuario.first_name, 'Graciela Beatriz');
    assert.equal((await tryLogin('autorizador', 'Demo1234')).statusCode, 200);
    assert.equal(await stillAuthenticated(tokens.autorizador!), 200);
  });

  test('validation: empty names, short password and a different repeat answer 400 and save nothing', async () => {
    const before = await userRow('autorizador');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: '', last_name: 'Torres' }, 'El nombre no puede ser vacio.'],
      [{ first_name: '   ', last_name: 'Torres' }, 'El nombre no puede ser vacio.'],
      [{ last_name: 'Torres' }, 'El nombre no puede ser vacio.'],
      [{ first_name: 'Graciela', last_name: '' }, 'El apellido no puede ser vacio.'],
      [{ first_name: 'Graciela' }, 'El apellido no puede ser vacio.'],
      [{ first_name: 'Otra', last_name: 'Torres', pass: 'abc', checkPass: 'abc', actPass: 'Demo1234' }, 'Minimo 6 caracteres'],
      [{ first_name: 'Otra', last_name: 'Torres', pass: 'Nueva123', checkPass: 'Nueva124', actPass: 'Demo1234' }, 'Las contraseñas no coinciden'],
      [{ first_name: 'Otra', last_name: 'Torres', pass: '', checkPass: 'Nueva123' }, 'Las contraseñas no coinciden'],
      [{ first_name: 'Otra', last_name: 'Torres', pass: 'Nueva123', checkPass: 'Nueva123' }, 'Ingrese su contraseña actual para cambiarla.'],
      [{ first_name: 'Otra', last_name: 'Torres', pass: 'Nueva123', checkPass: 'Nueva123', actPass: '' }, 'Ingrese su contraseña actual para cambiarla.'],
      [{ first_name: 'Otra', last_name: 'Torres', pass: 'Nueva123', checkPass: 'Nueva123', actPass: 'Mala1234' }, 'La contraseña actual es incorrecta.'],
    ];
    for (const [payload, message] of cases) {
      expectRefused(await saveProfile(tokens.autorizador!, payload), 400, message);
    }
    const after = await userRow('autorizador');
    assert.equal(after.first_name, before.first_name);
    assert.equal(after.last_name, before.last_name);
    assert.equal(after.password_hash, before.password_hash);
    assert.equal((await tryLogin('autorizador', 'Demo1234')).statusCode, 200);
  });

  test('with the right current password the new one logs in, the old does not; other sessions end, this one stays', async () => {
    const current = await login(ctx.app, 'repartidor');
    const other = await login(ctx.app, 'repartidor');
    const res = await saveProfile(current.access_token, {
      first_name: 'Raúl',
      last_name: 'Medina',
      pass: 'NuevaClave9',
      checkPass: 'NuevaClave9',
      actPass: 'Demo1234',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, msg: msg.perfilGuardado, first_name: 'Raúl', last_name: 'Medina' });
    expectRefused(await tryLogin('repartidor', 'Demo1234'), 401, msg.credencialesInvalidas);
    assert.equal((await tryLogin('repartidor', 'NuevaClave9')).statusCode, 200);
    assert.equal(await stillAuthenticated(current.access_token), 200);
    assert.equal(await stillAuthenticated(other.access_token), 401);
    const row = await userRow('repartidor');
    assert.ok(row.password_hash.startsWith('$argon2id$'));
  });
});

describe('POST /proxy/data (forced password change)', () => {
  test('is guarded: 401 without a valid token', async () => {
    await expectGuarded(
      ctx.app,
      { method: 'POST', url: '/api/public/proxy/data', payload: { pass: 'Nueva123', checkPass: 'Nueva123' } },
      { access: 'user', token: tokens.cambio! },
    );
    assert.equal((await userRow('cambio')).change_password, true);
  });

  test('a user without a pending change answers 403 and keeps the password', async () => {
    const res = await forcedChange(tokens.productor!, { pass: 'Nueva123', checkPass: 'Nueva123', actPass: 'placeholder' });
    expectRefused(res, 403, 'Su usuario no tiene un cambio de clave pendiente.');
    assert.equal((await tryLogin('productor', 'Demo1234')).statusCode, 200);
    expectRefused(await tryLogin('productor', 'Nueva123'), 401, msg.credencialesInvalidas);
  });

  test('validation: a short or missing password and a different repeat answer 400', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pass: 'abc', checkPass: 'abc' }, 'Minimo 6 caracteres'],
      [{ pass: '', checkPass: '' }, 'Minimo 6 caracteres'],
      [{ checkPass: 'Nueva123' }, 'Minimo 6 caracteres'],
      [{ pass: 'Nueva123', checkPass: 'Nueva124' }, 'Las contraseñas no coinciden'],
    ];
    for (const [payload, message] of cases) expectRefused(await forcedChange(tokens.cambio!, payload), 400, message);
    assert.equal((await userRow('cambio')).change_password, true);
  });

  test('as cambio it changes the password and clears change_password; it cannot be used twice', async () => {
    const other = await login(ctx.app, 'cambio');
    const res = await forcedChange(tokens.cambio!, { pass: 'Cambiada1', checkPass: 'Cambiada1', actPass: 'placeholder' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, msg: msg.perfilGuardado, first_name: 'Laura', last_name: 'Martínez' });
    assert.equal((await dataOf(tokens.cambio!)).usuario.change_password, false);
    assert.equal((await userRow('cambio')).change_password, false);
    assert.equal((await tryLogin('cambio', 'Cambiada1')).statusCode, 200);
    expectRefused(await tryLogin('cambio', 'Demo1234'), 401, msg.credencialesInvalidas);
    assert.equal(await stillAuthenticated(other.access_token), 401);
    expectRefused(
      await forcedChange(tokens.cambio!, { pass: 'OtraVez12', checkPass: 'OtraVez12' }),
      403,
      msg.cambioNoRequerido,
    );
    assert.equal((await tryLogin('cambio', 'Cambiada1')).statusCode, 200);
  });
});
