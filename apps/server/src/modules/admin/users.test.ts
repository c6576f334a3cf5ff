import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { integrationRoutePlanMsg, msg, type AdminUser, type DataResponse, type Entidad, type UsuariosListResponse } from '@portal/contract';
import {
  bearer,
  createTestApp,
  DEL_SUR,
  expectGuarded,
  expectRefused,
  LA_PAMPA,
  login,
  nextIp,
  type TestContext,
} from '../../test/helpers.js';
import { addMembership, createMember } from './test-support.js';

/** GET/POST /proxy/usuarios, PATCH /proxy/usuarios/{id|username}, DELETE /proxy/usuarios/{username}, entity search. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let delSurId = 0;
before(async () => {
  ctx = await createTestApp();
  // An administrator of the other company: what "an administrator of another company" means in these tests.
  await createMember(ctx.db, { username: 'admin.sur', cuit: DEL_SUR, admin: true, entities: [1] });
  delSurId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
  for (const u of ['admin', 'productor', 'vendedor', 'admin.sur']) tokens[u] = (await login(ctx.app, u, u === 'admin' ? 'Admin1234' : 'Demo1234')).access_token;
});
after(async () => {
  await ctx?.close();
});

const LP = { cuit: LA_PAMPA };
const call = (token: string, req: InjectOptions & { url: string }, headers: Record<string, string> = LP) =>
  ctx.app.inject({ ...req, url: `/api/public${req.url}`, headers: bearer(token, headers) });
const list = async (query = '', token = tokens.admin!) => {
  const res = await call(token, { method: 'GET', url: `/proxy/usuarios${query}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as UsuariosListResponse;
};
let seq = 0;
const newUser = (over: Record<string, unknown> = {}) => {
  seq++;
  return { username: `nuevo${seq}`, email: `nuevo${seq}@coop.com.ar`, first_name: 'Nora', last_name: `Nueva ${seq}`, password: 'Inicial1', perfiles: [1], entidades: [1004], ...over };
};
const create = (payload: Record<string, unknown>, token = tokens.admin!, headers = LP) => call(token, { method: 'POST', url: '/proxy/usuarios', payload }, headers);
const createOk = async (payload = newUser()) => {
  const res = await create(payload);
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { item: AdminUser }).item;
};
const tryLogin = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/oauth', payload: { client_id: 'master', grant_type: 'password', username, password }, remoteAddress: nextIp() });
const userRow = (username: string) => ctx.db.selectFrom('users').selectAll().where('username', '=', username).orderBy('id', 'desc').executeTakeFirstOrThrow();

/** Every administration call of this file, with a harmless body, for the guard checks. */
const ADMIN_CALLS: Array<InjectOptions & { url: string }> = [
  { method: 'GET', url: '/proxy/usuarios' },
  { method: 'POST', url: '/proxy/usuarios', payload: {} },
  { method: 'PATCH', url: '/proxy/usuarios/1', payload: {} },
  { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { entidad: 1004, actua_como: true } },
  { method: 'DELETE', url: '/proxy/usuarios/nadie' },
  { method: 'GET', url: '/proxy/cgi/etenet_entidades?patron=perez' },
];

describe('guards', () => {
  test('every call answers 401 without a valid token and 403 with a company the caller is not in', async () => {
    for (const req of ADMIN_CALLS) {
      await expectGuarded(ctx.app, { ...req, url: `/api/public${req.url}`, headers: LP }, { access: 'company', token: tokens.admin! });
    }
  });

  test('a member who is not an administrator gets 403 "reservada a los administradores" on every call', async () => {
    for (const token of [tokens.productor!, tokens.vendedor!]) {
      for (const req of ADMIN_CALLS) expectRefused(await call(token, req), 403, msg.soloAdministradores);
    }
    const denied = await ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'access.denied').execute();
    assert.ok(denied.some((d) => (d.detail as { reason?: string }).reason === 'admin'));
  });

  test('an administrator of another company gets 403 with this company, and cannot reach its users from their own', async () => {
    for (const req of ADMIN_CALLS) expectRefused(await call(tokens['admin.sur']!, req), 403, msg.empresaSinAcceso);
    const sur = { cuit: DEL_SUR };
    const productor = await userRow('vendedor');
    expectRefused(await call(tokens['admin.sur']!, { method: 'PATCH', url: `/proxy/usuarios/${productor.id}`, payload: { first_name: 'X' } }, sur), 403, msg.usuarioAjeno);
    expectRefused(await call(tokens['admin.sur']!, { method: 'DELETE', url: '/proxy/usuarios/vendedor' }, sur), 403, msg.usuarioAjeno);
    assert.equal((await userRow('vendedor')).first_name, 'Martín');
    // Its own list holds only its own members.
    const res = await call(tokens['admin.sur']!, { method: 'GET', url: '/proxy/usuarios' }, sur);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual((res.json() as UsuariosListResponse).items.map((u) => u.username).sort(), ['admin.sur', 'productor']);
    // An entity of La Pampa is not found from Del Sur.
    const search = await call(tokens['admin.sur']!, { method: 'GET', url: '/proxy/cgi/etenet_entidades?codent=1004' }, sur);
    assert.deepEqual((search.json() as { entidades: Entidad[] }).entidades, []);
  });
});

describe('GET /proxy/usuarios', () => {
  test('lists the members of La Pampa with their profiles, entities and options there', async () => {
    const body = await list();
    assert.equal(body.success, true);
    assert.ok(body.total >= 7);
    const productor = body.items.find((u) => u.username === 'productor');
    assert.deepEqual(productor, {
      id: productor!.id,
      username: 'productor',
      email: 'productor@demo.com.ar',
      first_name: 'Juan',
      last_name: 'Pérez',
      perfiles: [1],
      entidades: [
        { codent: 1001, razsoc: 'Pérez, Juan' },
        { codent: 1003, razsoc: 'Pérez, Juan — Campo El Caldén' },
        { codent: 1002, razsoc: 'Pérez Hnos. S.H.' },
      ].sort((a, b) => (a.razsoc < b.razsoc ? -1 : 1)),
      agrupactasctes: false,
      ocultamonedas: [],
      adminweb: false,
      codigo_chofer: null,
    });
    assert.equal(body.items.find((u) => u.username === 'admin')?.adminweb, true);
    assert.deepEqual(body.items.find((u) => u.username === 'vendedor')?.perfiles, [2, 3]);
    assert.ok(!body.items.some((u) => u.username === 'admin.sur'));
  });

  test('pages with start and limit, and searches names, username and e-mail with patron', async () => {
    const all = await list('?limit=100');
    const page = await list('?start=2&limit=2');
    assert.equal(page.total, all.total);
    assert.deepEqual(page.items.map((u) => u.id), all.items.slice(2, 4).map((u) => u.id));
    assert.deepEqual((await list('?patron=pérez')).items.map((u) => u.username), ['productor']);
    assert.deepEqual((await list('?patron=JUAN%20P')).items.map((u) => u.username), ['productor']);
    assert.deepEqual((await list('?patron=deposito@demo')).items.map((u) => u.username), ['deposito']);
    // Accents and case as people type them.
    assert.deepEqual((await list('?patron=PEREZ')).items.map((u) => u.username), ['productor']);
    const none = await list('?patron=%25');
    assert.equal(none.total, 0, 'a % typed by the user is not a wildcard');
  });

  test('a bad page answers 400 in Spanish', async () => {
    for (const q of ['?limit=0', '?limit=101', '?start=-1', '?limit=abc']) {
      expectRefused(await call(tokens.admin!, { method: 'GET', url: `/proxy/usuarios${q}` }), 400, msg.solicitudInvalida);
    }
  });
});

describe('POST /proxy/usuarios', () => {
  test('creates a member who must change the password, with the company in their sessions', async () => {
    const payload = newUser({ username: '  Ana.Gomez ', email: 'ANA.GOMEZ@coop.com.ar', perfiles: [2, 1, 1], entidades: [1004, 1001], agrupactasctes: true, ocultamonedas: ['USD'] });
    const res = await create(payload);
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json() as { success: boolean; msg: string; item: AdminUser };
    assert.equal(body.success, true);
    assert.equal(body.msg, msg.usuarioAlta);
    assert.equal(body.item.username, 'ana.gomez');
    assert.equal(body.item.email, 'ana.gomez@coop.com.ar');
    assert.deepEqual(body.item.perfiles, [1, 2]);
    assert.deepEqual(body.item.entidades.map((e) => e.codent).sort(), [1001, 1004]);
    assert.equal(body.item.agrupactasctes, true);
    assert.deepEqual(body.item.ocultamonedas, ['USD']);
    assert.equal(body.item.adminweb, false);

    const tokens2 = await login(ctx.app, 'ana.gomez', 'Inicial1');
    const data = await ctx.app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers: bearer(tokens2.access_token, LP) });
    assert.equal(data.statusCode, 200, data.body);
    const u = (data.json() as DataResponse).usuario;
    assert.equal(u.change_password, true);
    assert.equal(u.perfile_default, 1);
    assert.equal(u.agrupactasctes, true);
    assert.deepEqual(u.ocultamonedas, ['USD']);
    assert.equal(u.entidades, 2);
    assert.equal(u.adminweb, false);
    const sessions = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(tokens2.access_token) });
    assert.deepEqual((sessions.json() as { sessions: Array<{ cuit: string }> }).sessions.map((s) => s.cuit), [LA_PAMPA]);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'admin.user-created').execute();
    assert.equal(audit.length, 1);
  });

  test('a username or e-mail in use answers 409 in Spanish', async () => {
    expectRefused(await create(newUser({ username: 'productor' })), 409, msg.usuarioEnUso);
    expectRefused(await create(newUser({ username: 'PRODUCTOR' })), 409, msg.usuarioEnUso);
    expectRefused(await create(newUser({ email: 'productor@demo.com.ar' })), 409, msg.emailYaRegistrado);
    // A username that is somebody's e-mail would make the login ambiguous.
    expectRefused(await create(newUser({ username: 'vendedor@demo.com.ar' })), 409, msg.usuarioEnUso);
    // Also when the other account is in another company only.
    expectRefused(await create(newUser({ username: 'admin.sur' })), 409, msg.usuarioEnUso);
  });

  test('validation answers 400 with the Spanish message and creates nothing', async () => {
    const before = (await list()).total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [newUser({ username: undefined }), msg.usuarioObligatorio],
      [newUser({ username: '  ' }), msg.usuarioObligatorio],
      [newUser({ username: 'ab' }), msg.usuarioCorto],
      [newUser({ username: 'juan perez' }), msg.usuarioCaracteres],
      [newUser({ username: 'parametros_modulos' }), msg.usuarioReservado],
      [newUser({ email: 'no-es-mail' }), msg.emailInvalido],
      [newUser({ first_name: ' ' }), msg.nombreObligatorio],
      [newUser({ last_name: undefined }), msg.apellidoObligatorio],
      [newUser({ password: undefined }), msg.passwordObligatoria],
      [newUser({ password: '12345' }), msg.minimoSeisRecupero],
      [newUser({ perfiles: [] }), msg.perfilObligatorio],
      [newUser({ perfiles: undefined }), msg.perfilObligatorio],
      [newUser({ perfiles: [99] }), msg.perfilInexistente],
      [newUser({ entidades: [999999] }), msg.entidadInexistente(999999)],
      // Agroinsumos del Sur's entity 501 is not La Pampa's.
      [newUser({ entidades: [1001, 501] }), msg.entidadInexistente(501)],
      [newUser({ ocultamonedas: ['EUR'] }), msg.solicitudInvalida],
      [newUser({ agrupactasctes: 'si' }), msg.solicitudInvalida],
    ];
    for (const [payload, message] of cases) expectRefused(await create(payload), 400, message);
    assert.equal((await list()).total, before);
  });
});

describe('PATCH /proxy/usuarios/{id}', () => {
  test('edits names, e-mail, profiles, entities and options; the user sees them', async () => {
    const u = await createOk();
    const res = await call(tokens.admin!, {
      method: 'PATCH',
      url: `/proxy/usuarios/${u.id}`,
      payload: { first_name: ' Norma ', last_name: 'Editada', email: 'norma@coop.com.ar', perfiles: [5], entidades: [1001, 1002], agrupactasctes: true, ocultamonedas: ['ARS', 'USD'] },
    });
    assert.equal(res.statusCode, 200, res.body);
    const item = (res.json() as { msg: string; item: AdminUser }).item;
    assert.equal((res.json() as { msg: string }).msg, msg.usuarioGuardado);
    assert.deepEqual(
      { ...item, entidades: item.entidades.map((e) => e.codent).sort() },
      { ...u, first_name: 'Norma', last_name: 'Editada', email: 'norma@coop.com.ar', perfiles: [5], entidades: [1001, 1002], agrupactasctes: true, ocultamonedas: ['ARS', 'USD'] },
    );
    // The default profile followed the profiles: 1 is gone, 5 it is.
    const t = await login(ctx.app, 'norma@coop.com.ar', 'Inicial1');
    const data = await ctx.app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers: bearer(t.access_token, LP) });
    assert.equal((data.json() as DataResponse).usuario.perfile_default, 5);

    // A partial edit changes only what it carries.
    const partial = await call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${u.id}`, payload: { agrupactasctes: false } });
    assert.equal(partial.statusCode, 200, partial.body);
    const after = (partial.json() as { item: AdminUser }).item;
    assert.equal(after.agrupactasctes, false);
    assert.equal(after.first_name, 'Norma');
    assert.deepEqual(after.perfiles, [5]);
    // An empty list of entities unlinks them all.
    const unlinked = await call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${u.id}`, payload: { entidades: [] } });
    assert.deepEqual((unlinked.json() as { item: AdminUser }).item.entidades, []);
  });

  test('the account of somebody who also works with another company keeps its names and e-mail', async () => {
    const productor = await userRow('productor');
    const res = await call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${productor.id}`, payload: { first_name: 'Otro' } });
    expectRefused(res, 403, msg.cuentaCompartida);
    assert.equal((await userRow('productor')).first_name, 'Juan');
    // Sending the same names is not a change; the company's own options are.
    const same = await call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${productor.id}`, payload: { first_name: 'Juan', last_name: 'Pérez', agrupactasctes: false } });
    assert.equal(same.statusCode, 200, same.body);
  });

  test('an e-mail in use answers 409; validation 400; an unknown or foreign id 403', async () => {
    const u = await createOk();
    expectRefused(await call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${u.id}`, payload: { email: 'deposito@demo.com.ar' } }), 409, msg.emailYaRegistrado);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: '' }, msg.nombreObligatorio],
      [{ last_name: '  ' }, msg.apellidoObligatorio],
      [{ email: 'x' }, msg.emailInvalido],
      [{ perfiles: [] }, msg.perfilObligatorio],
      [{ perfiles: [7] }, msg.perfilInexistente],
      [{ entidades: [501] }, msg.entidadInexistente(501)],
      [{ ocultamonedas: 'USD' }, msg.solicitudInvalida],
    ];
    for (const [payload, message] of cases) {
      expectRefused(await call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${u.id}`, payload }), 400, message);
    }
    const adminSur = await userRow('admin.sur');
    for (const id of [String(adminSur.id), '999999', 'abc', 'admin.sur']) {
      expectRefused(await call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${id}`, payload: { first_name: 'X' } }), 403, msg.usuarioAjeno);
    }
    assert.equal((await userRow('admin.sur')).first_name, 'Prueba');
  });

  test('the path may name the member by username, as DELETE does', async () => {
    const u = await createOk();
    const res = await call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${u.username}`, payload: { agrupactasctes: true } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as { item: AdminUser }).item.agrupactasctes, true);
    assert.equal((res.json() as { item: AdminUser }).item.id, u.id);
  });
});

describe("the driver's code in the ERP (codigo_chofer)", () => {
  test('given at creation, changed and cleared; unique within the company (409); its format 400; listed', async () => {
    const created = await create(newUser({ username: 'chofer.uno', email: 'chofer.uno@coop.com.ar', perfiles: [4], codigo_chofer: ' CH31 ' }));
    assert.equal(created.statusCode, 201, created.body);
    const first = (created.json() as { item: AdminUser }).item;
    assert.equal(first.codigo_chofer, 'CH31');
    expectRefused(await create(newUser({ username: 'chofer.dos', email: 'chofer.dos@coop.com.ar', perfiles: [4], codigo_chofer: 'CH31' })), 409, msg.codigoChoferEnUso);
    const second = await createOk();
    assert.equal(second.codigo_chofer, null);
    const patch = (id: number, codigo_chofer: unknown) => call(tokens.admin!, { method: 'PATCH', url: `/proxy/usuarios/${id}`, payload: { codigo_chofer } });
    expectRefused(await patch(second.id, 'CH 8'), 400, integrationRoutePlanMsg.choferInvalido);
    expectRefused(await patch(second.id, 'CH31'), 409, msg.codigoChoferEnUso);
    const cleared = await patch(first.id, '');
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.equal((cleared.json() as { item: AdminUser }).item.codigo_chofer, null);
    assert.equal((await patch(second.id, 'CH31')).statusCode, 200);
    const listed = (await list('?patron=chofer.uno')).items.concat((await list(`?patron=${second.username}`)).items);
    assert.deepEqual(listed.map((u) => u.codigo_chofer), [null, 'CH31']);
    // Another company's administrator may give the same code to one of theirs.
    const sur = await call(tokens['admin.sur']!, { method: 'POST', url: '/proxy/usuarios', payload: newUser({ username: 'chofer.sur', email: 'chofer.sur@coop.com.ar', perfiles: [4], entidades: [], codigo_chofer: 'CH31' }) }, { cuit: DEL_SUR });
    assert.equal(sur.statusCode, 201, sur.body);
  });
});

describe('PATCH /proxy/usuarios/{username} with entidad and actua_como', () => {
  test('the administrator chooses an entity to act as; /data reports it; false clears it', async () => {
    const res = await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { entidad: 1004, actua_como: true } });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { success: boolean; msg: string; entidad: Entidad };
    assert.equal(body.msg, msg.entidadElegida);
    assert.equal(body.entidad.codent, 1004);
    assert.equal(body.entidad.razsoc, 'Martínez, Laura');
    const row = await userRow('admin');
    const entity = await ctx.db.selectFrom('entities').select('code').where('id', '=', row.entity_acting_as!).executeTakeFirstOrThrow();
    assert.equal(entity.code, 1004);
    const data = await call(tokens.admin!, { method: 'GET', url: '/data?mobile=false' }, { cuit: LA_PAMPA, actua_como: '1004' });
    assert.equal((data.json() as DataResponse).usuario.actua_como, 1004);
    assert.equal((data.json() as DataResponse).usuario.codent, 1004);

    const cleared = await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { actua_como: false } });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual(cleared.json(), { success: true, msg: msg.actuaComoQuitado, entidad: null });
    assert.equal((await userRow('admin')).entity_acting_as, null);
  });

  test('only for the administrator\'s own username; an entity is required, of the company, and active', async () => {
    expectRefused(await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/productor', payload: { entidad: 1004, actua_como: true } }), 403, msg.actuaComoPropio);
    expectRefused(await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { actua_como: true } }), 400, msg.entidadObligatoria);
    expectRefused(await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { entidad: null, actua_como: true } }), 400, msg.entidadObligatoria);
    expectRefused(await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { entidad: 'x', actua_como: true } }), 400, msg.entidadObligatoria);
    expectRefused(await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { entidad: 1004, actua_como: 'si' } }), 400, msg.solicitudInvalida);
    expectRefused(await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { entidad: 501, actua_como: true } }), 403, msg.entidadSinAcceso);
    expectRefused(await call(tokens.admin!, { method: 'PATCH', url: '/proxy/usuarios/admin', payload: { entidad: 1003, actua_como: true } }), 403, msg.entidadInactiva);
    assert.equal((await userRow('admin')).entity_acting_as, null);
  });
});

describe('DELETE /proxy/usuarios/{username}', () => {
  test('a member of this company only is soft-deleted: sessions end, login fails, the names become free', async () => {
    const u = await createOk();
    const t = await login(ctx.app, u.username, 'Inicial1');
    const res = await call(tokens.admin!, { method: 'DELETE', url: `/proxy/usuarios/${u.username}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, msg: msg.usuarioEliminado });
    const row = await userRow(u.username);
    assert.ok(row.deleted_at);
    const stillIn = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(t.access_token) });
    assert.equal(stillIn.statusCode, 401);
    expectRefused(await tryLogin(u.username, 'Inicial1'), 401, msg.credencialesInvalidas);
    assert.ok(!(await list('?limit=100')).items.some((x) => x.id === u.id));
    assert.equal((await ctx.db.selectFrom('memberships').select('user_id').where('user_id', '=', u.id).execute()).length, 0);
    // The same username and e-mail can be given to a new account.
    const again = await create(newUser({ username: u.username, email: u.email }));
    assert.equal(again.statusCode, 201, again.body);
    assert.notEqual((again.json() as { item: AdminUser }).item.id, u.id);
  });

  test('a member of another company too only leaves this one; their sessions end but the account stays', async () => {
    const u = await createOk();
    await addMembership(ctx.db, u.id, delSurId, { admin: false, profiles: [1], entities: [501] });
    const t = await login(ctx.app, u.username, 'Inicial1');
    const res = await call(tokens.admin!, { method: 'DELETE', url: `/proxy/usuarios/${u.username}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await userRow(u.username)).deleted_at, null);
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(t.access_token) })).statusCode, 401);
    const t2 = await login(ctx.app, u.username, 'Inicial1');
    const sessions = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(t2.access_token) });
    assert.deepEqual((sessions.json() as { sessions: Array<{ cuit: string }> }).sessions.map((s) => s.cuit), [DEL_SUR]);
    expectRefused(
      await ctx.app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers: bearer(t2.access_token, LP) }),
      403,
      msg.empresaSinAcceso,
    );
  });

  test('the administrator cannot delete themselves; an unknown or foreign username answers 403', async () => {
    expectRefused(await call(tokens.admin!, { method: 'DELETE', url: '/proxy/usuarios/admin' }), 400, msg.eliminarPropio);
    expectRefused(await call(tokens.admin!, { method: 'DELETE', url: '/proxy/usuarios/nadie' }), 403, msg.usuarioAjeno);
    expectRefused(await call(tokens.admin!, { method: 'DELETE', url: '/proxy/usuarios/admin.sur' }), 403, msg.usuarioAjeno);
    assert.equal((await userRow('admin.sur')).deleted_at, null);
  });
});

describe('GET /proxy/cgi/etenet_entidades', () => {
  test('the search ignores accents and case: perez, PÉREZ and Pérez find the same entities', async () => {
    const ids = async (patron: string) => {
      const res = await call(tokens.admin!, { method: 'GET', url: `/proxy/cgi/etenet_entidades?patron=${encodeURIComponent(patron)}` });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as { entidades: Entidad[] }).entidades.map((e) => e.codent);
    };
    const accented = await ids('Pérez');
    assert.ok(accented.length > 0);
    assert.deepEqual(await ids('perez'), accented);
    assert.deepEqual(await ids('PÉREZ'), accented);
  });

  test('searches the company\'s entities by text past 3 characters, or by code', async () => {
    const res = await call(tokens.admin!, { method: 'GET', url: `/proxy/cgi/etenet_entidades?patron=${encodeURIComponent('Pérez')}` });
    assert.equal(res.statusCode, 200, res.body);
    const codes = (res.json() as { entidades: Entidad[] }).entidades.map((e) => e.codent);
    assert.ok(codes.includes(1001) && codes.includes(1002), String(codes));
    assert.ok(codes.length <= 20);
    const byCuit = await call(tokens.admin!, { method: 'GET', url: '/proxy/cgi/etenet_entidades?patron=27301112225' });
    assert.deepEqual((byCuit.json() as { entidades: Entidad[] }).entidades.map((e) => e.codent), [1004]);
    const byCode = await call(tokens.admin!, { method: 'GET', url: '/proxy/cgi/etenet_entidades?codent=1004' });
    const [laura] = (byCode.json() as { entidades: Entidad[] }).entidades;
    assert.equal(laura?.razsoc, 'Martínez, Laura');
    assert.equal(laura?.activa, true);
  });

  test('3 characters or fewer, no criterion, or both answer 400 in Spanish', async () => {
    expectRefused(await call(tokens.admin!, { method: 'GET', url: '/proxy/cgi/etenet_entidades?patron=P%C3%A9r' }), 400, msg.busquedaCorta);
    expectRefused(await call(tokens.admin!, { method: 'GET', url: '/proxy/cgi/etenet_entidades?patron=%20Jua%20' }), 400, msg.busquedaCorta);
    expectRefused(await call(tokens.admin!, { method: 'GET', url: '/proxy/cgi/etenet_entidades' }), 400, msg.busquedaSinCriterio);
    expectRefused(await call(tokens.admin!, { method: 'GET', url: '/proxy/cgi/etenet_entidades?patron=perez&codent=1' }), 400, msg.busquedaSinCriterio);
    expectRefused(await call(tokens.admin!, { method: 'GET', url: '/proxy/cgi/etenet_entidades?codent=abc' }), 400, msg.entidadSinAcceso);
  });
});
