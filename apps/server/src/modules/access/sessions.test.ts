import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { msg, type CompanySession, type Entidad } from '@portal/contract';
import {
  bearer,
  createTestApp,
  DEL_SUR,
  expectGuarded,
  expectRefused,
  LA_PAMPA,
  login,
  SUSPENDIDA,
  type TestContext,
} from '../../test/helpers.js';

/** /sessions/sessions, /sessions/buscoentidad, /sessions/deletesession and /sessions/newsession. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
before(async () => {
  ctx = await createTestApp();
  for (const u of ['productor', 'admin', 'vendedor', 'deposito', 'repartidor']) tokens[u] = (await login(ctx.app, u)).access_token;
});
after(async () => {
  await ctx?.close();
});

const UNKNOWN_CUIT = '30500010912';

const sessionsOf = async (user: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(tokens[user]!) });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { sessions: CompanySession[] }).sessions;
};
const searchEntity = (user: string, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/public/sessions/buscoentidad${query}`, headers: bearer(tokens[user]!) });
const deleteSession = (user: string, query: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/public/sessions/deletesession${query}`, headers: bearer(tokens[user]!) });
const newSession = (user: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/sessions/newsession', headers: bearer(tokens[user]!), payload });

const CUIT_CASES: Array<[string, string]> = [
  ['', 'El cuit es obligatorio.'],
  ['abc', 'Sólo números, sin caracteres ni espacios'],
  ['30-71234567-1', 'Sólo números, sin caracteres ni espacios'],
  ['3071234567 ', 'Sólo números, sin caracteres ni espacios'],
  ['3071234567', 'El cuit debe ser de 11 caracteres'],
  ['307123456712', 'El cuit debe ser de 11 caracteres'],
];

describe('guards', () => {
  test('every sessions endpoint answers 401 without a valid token', async () => {
    const token = tokens.productor!;
    await expectGuarded(ctx.app, { method: 'GET', url: '/api/public/sessions/sessions' }, { access: 'user', token });
    await expectGuarded(ctx.app, { method: 'GET', url: `/api/public/sessions/buscoentidad?cuit=${LA_PAMPA}` }, { access: 'user', token });
    await expectGuarded(ctx.app, { method: 'DELETE', url: `/api/public/sessions/deletesession?cuit=${LA_PAMPA}` }, { access: 'user', token });
    await expectGuarded(ctx.app, { method: 'POST', url: '/api/public/sessions/newsession', payload: { cuit: LA_PAMPA } }, { access: 'user', token });
    // The refusals above changed nothing.
    assert.equal((await sessionsOf('productor')).length, 3);
  });

  test('401 comes before the validation of the input', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/buscoentidad?cuit=abc' });
    expectRefused(res, 401, msg.noAutenticado);
  });
});

describe('GET /sessions/sessions', () => {
  test('lists the three companies of productor; the suspended one is marked suspendido', async () => {
    const sessions = await sessionsOf('productor');
    const byCuit = new Map(sessions.map((s) => [s.cuit, s]));
    assert.deepEqual([...byCuit.keys()].sort(), [SUSPENDIDA, DEL_SUR, LA_PAMPA].sort());
    assert.deepEqual(byCuit.get(LA_PAMPA), {
      cuit: LA_PAMPA,
      razonsocial: 'Cooperativa Agropecuaria La Pampa Ltda.',
      accesstoken: '',
      url: '/api/public',
      admin: false,
      suspendido: false,
      desktop: true,
      mobile: true,
      logo: `/whitelabel/${LA_PAMPA}/logo.svg`,
    });
    assert.equal(byCuit.get(DEL_SUR)?.razonsocial, 'Agroinsumos del Sur S.A.');
    assert.equal(byCuit.get(DEL_SUR)?.suspendido, false);
    assert.equal(byCuit.get(SUSPENDIDA)?.razonsocial, 'Cooperativa Suspendida Ltda.');
    assert.equal(byCuit.get(SUSPENDIDA)?.suspendido, true);
  });

  test('the administrator sees La Pampa only, flagged admin', async () => {
    const sessions = await sessionsOf('admin');
    assert.equal(sessions.length, 1);
    assert.equal(sessions[0]?.cuit, LA_PAMPA);
    assert.equal(sessions[0]?.admin, true);
  });
});

describe('GET /sessions/buscoentidad', () => {
  test('lists the entities of productor in La Pampa, the inactive one with activa false and last', async () => {
    const res = await searchEntity('productor', `?cuit=${LA_PAMPA}`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { success: boolean; entidades: Entidad[]; msg: string };
    assert.equal(body.success, true);
    assert.equal(body.msg, '');
    assert.deepEqual(body.entidades.map((e) => e.codigo_entidad).sort(), [1001, 1002, 1003]);
    assert.equal(body.entidades.at(-1)?.codigo_entidad, 1003);
    assert.equal(body.entidades.at(-1)?.activa, false);
    const juan = body.entidades.find((e) => e.codigo_entidad === 1001);
    assert.deepEqual({ ...juan, id: 0 }, {
      id: 0,
      codent: 1001,
      codigo_entidad: 1001,
      descri_entidad: 'Juan Pérez',
      razsoc: 'Pérez, Juan',
      cuit_entidad: '20123456786',
      vendedor_id: 1,
      activa: true,
      numero_celular: '2954123456',
    });
    assert.equal(body.entidades.find((e) => e.codigo_entidad === 1002)?.activa, true);
    // Never an entity of somebody else (1004 belongs to cambio, 2000+ to nobody).
    assert.ok(body.entidades.every((e) => [1001, 1002, 1003].includes(e.codigo_entidad)));
  });

  test('lists entity 501 in Agroinsumos del Sur', async () => {
    const res = await searchEntity('productor', `?cuit=${DEL_SUR}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      (res.json() as { entidades: Entidad[] }).entidades.map((e) => e.codigo_entidad),
      [501],
    );
  });

  test('a bad or missing cuit answers 400 with the form message', async () => {
    for (const [cuit, message] of CUIT_CASES) {
      expectRefused(await searchEntity('productor', `?cuit=${encodeURIComponent(cuit)}`), 400, message);
    }
    expectRefused(await searchEntity('productor', ''), 400, 'El cuit es obligatorio.');
  });

  test('a company the user is not linked to, or that does not exist, answers 403', async () => {
    expectRefused(await searchEntity('admin', `?cuit=${DEL_SUR}`), 403, msg.empresaSinAcceso);
    expectRefused(await searchEntity('productor', `?cuit=${UNKNOWN_CUIT}`), 403, msg.empresaSinAcceso);
  });

  test('a suspended company answers 403', async () => {
    expectRefused(await searchEntity('productor', `?cuit=${SUSPENDIDA}`), 403, 'La sesión con esta empresa se encuentra suspendida.');
  });

  test('a user linked to a company but to none of its entities gets an empty list and the message', async () => {
    const deposito = await ctx.db.selectFrom('users').select('id').where('username', '=', 'deposito').executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('user_entities').where('user_id', '=', deposito.id).execute();
    const res = await searchEntity('deposito', `?cuit=${LA_PAMPA}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { success: true, entidades: [], msg: 'No tiene entidades relacionadas' });
  });
});

describe('DELETE /sessions/deletesession and POST /sessions/newsession', () => {
  test('deleting a session removes it from the list; adding it again brings it and its entities back', async () => {
    const del = await deleteSession('productor', `?cuit=${DEL_SUR}`);
    assert.equal(del.statusCode, 200, del.body);
    assert.deepEqual(del.json(), { success: true, msg: 'Se eliminó la sesión' });
    const left = await sessionsOf('productor');
    assert.deepEqual(left.map((s) => s.cuit).sort(), [LA_PAMPA, SUSPENDIDA].sort());

    expectRefused(await deleteSession('productor', `?cuit=${DEL_SUR}`), 404, msg.sesionInexistente);

    const add = await newSession('productor', { cuit: DEL_SUR });
    assert.equal(add.statusCode, 200, add.body);
    const body = add.json() as { success: boolean; entidades: Entidad[]; empresacuit: string; host: string; msg: string };
    assert.equal(body.success, true);
    assert.equal(body.empresacuit, DEL_SUR);
    assert.equal(body.host, '/api/public');
    assert.equal(body.msg, msg.sesionCreada);
    assert.deepEqual(body.entidades.map((e) => [e.codigo_entidad, e.razsoc, e.activa]), [[501, 'Pérez, Juan', true]]);
    assert.deepEqual((await sessionsOf('productor')).map((s) => s.cuit).sort(), [SUSPENDIDA, DEL_SUR, LA_PAMPA].sort());
  });

  test('deleting a session does not touch another user', async () => {
    const del = await deleteSession('admin', `?cuit=${LA_PAMPA}`);
    assert.equal(del.statusCode, 200);
    assert.equal((await sessionsOf('admin')).length, 0);
    assert.ok((await sessionsOf('productor')).some((s) => s.cuit === LA_PAMPA));
    assert.equal((await newSession('admin', { cuit: LA_PAMPA })).statusCode, 200);
    assert.deepEqual((await sessionsOf('admin')).map((s) => s.cuit), [LA_PAMPA]);
  });

  test('deleting a company that is not among the sessions answers 404 and a bad cuit 400', async () => {
    expectRefused(await deleteSession('admin', `?cuit=${DEL_SUR}`), 404, msg.sesionInexistente);
    expectRefused(await deleteSession('productor', `?cuit=${UNKNOWN_CUIT}`), 404, msg.sesionInexistente);
    for (const [cuit, message] of CUIT_CASES) {
      expectRefused(await deleteSession('productor', `?cuit=${encodeURIComponent(cuit)}`), 400, message);
    }
    assert.equal((await sessionsOf('productor')).length, 3);
  });

  test('adding a company that is already a session is harmless: no duplicate', async () => {
    const add = await newSession('productor', { cuit: LA_PAMPA });
    assert.equal(add.statusCode, 200);
    assert.deepEqual(
      (add.json() as { entidades: Entidad[] }).entidades.map((e) => e.codigo_entidad).sort(),
      [1001, 1002, 1003],
    );
    assert.equal((await sessionsOf('productor')).length, 3);
  });

  test('an unknown company answers 404', async () => {
    expectRefused(await newSession('productor', { cuit: UNKNOWN_CUIT }), 404, 'No existe una empresa con el CUIT indicado.');
  });

  test('a bad cuit answers 400 with the form message', async () => {
    for (const [cuit, message] of CUIT_CASES) expectRefused(await newSession('productor', { cuit }), 400, message);
    expectRefused(await newSession('productor', {}), 400, 'El cuit es obligatorio.');
  });

  test('a user with no matching entity in the company answers 403 and is not linked', async () => {
    for (const user of ['admin', 'vendedor']) {
      expectRefused(await newSession(user, { cuit: DEL_SUR }), 403, 'No tiene entidades relacionadas en la empresa indicada.');
      const id = (await ctx.db.selectFrom('users').select('id').where('username', '=', user).executeTakeFirstOrThrow()).id;
      const company = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
      assert.equal(
        (await ctx.db.selectFrom('memberships').select('user_id').where('user_id', '=', id).where('company_id', '=', company).execute()).length,
        0,
      );
      assert.ok((await sessionsOf(user)).every((s) => s.cuit !== DEL_SUR));
      // And the company stays out of reach.
      expectRefused(await searchEntity(user, `?cuit=${DEL_SUR}`), 403, msg.empresaSinAcceso);
    }
  });

  test('20 new sessions per user in 10 minutes: the 21st answers 429, other users are not affected', async () => {
    for (let i = 1; i <= 20; i++) {
      const res = await newSession('repartidor', { cuit: UNKNOWN_CUIT });
      assert.equal(res.statusCode, 404, `attempt ${i}`);
    }
    expectRefused(await newSession('repartidor', { cuit: LA_PAMPA }), 429, 'Demasiados intentos. Espere unos minutos y vuelva a intentar.');
    assert.equal((await newSession('productor', { cuit: LA_PAMPA })).statusCode, 200);
  });
});

test('a suspended company cannot be added back as a session: 403 and no entities', async () => {
  const res = await newSession('productor', { cuit: SUSPENDIDA });
  expectRefused(res, 403, 'La sesión con esta empresa se encuentra suspendida.');
});
