import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { auditMsg, msg, type AuditListResponse } from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** GET /proxy/auditoria: the audit trail administrators read, and the rows state changes write with their transaction. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const URL = '/api/public/proxy/auditoria';
const LP = { cuit: LA_PAMPA };

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  for (const u of ['admin', 'productor', 'vendedor']) tokens[u] = (await login(ctx.app, u, undefined, '192.0.2.10')).access_token;
  // A failed login of vendedor (a member of La Pampa only), and a user created by the administrator.
  await ctx.app.inject({ method: 'POST', url: '/api/public/oauth', payload: { client_id: 'master', grant_type: 'password', username: 'vendedor', password: 'Mala1234' }, remoteAddress: '192.0.2.11' });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/proxy/usuarios',
    headers: bearer(tokens.admin!, LP),
    remoteAddress: '192.0.2.12',
    payload: { username: 'auditado', email: 'auditado@demo.com.ar', first_name: 'Ana', last_name: 'Núñez', password: 'Demo1234', perfiles: [1] },
  });
  assert.equal(created.statusCode, 201, created.body);
});
after(async () => {
  await ctx?.close();
});

const list = async (query = '', token = tokens.admin!) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${URL}${query}`, headers: bearer(token, LP) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as AuditListResponse;
};

describe('GET /proxy/auditoria', () => {
  test('refused requests add up: 100 refusals of one user on one route are one row with their count', async () => {
    const before = await ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'access.denied').execute();
    for (let i = 0; i < 100; i++) {
      // Probing ids one after another: one route pattern.
      const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/usuarios?start=${i}`, headers: bearer(tokens.vendedor!, LP) });
      assert.equal(res.statusCode, 403);
    }
    const rows = await ctx.db.selectFrom('audit_log').select(['id', 'detail']).where('action', '=', 'access.denied').where('id', 'not in', before.length ? before.map((r) => r.id) : ['0']).execute();
    assert.equal(rows.length, 1, JSON.stringify(rows));
    const detail = (typeof rows[0]!.detail === 'string' ? JSON.parse(rows[0]!.detail) : rows[0]!.detail) as { count: number; route: string; reason: string; url: string };
    assert.equal(detail.count, 100);
    assert.equal(detail.route, 'GET /api/public/proxy/usuarios');
    assert.equal(detail.reason, 'admin');
    assert.equal(detail.url, '/api/public/proxy/usuarios?start=0');
    // Another route, another row.
    await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/auditoria', headers: bearer(tokens.vendedor!, LP) });
    assert.equal((await ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'access.denied').execute()).length, before.length + 2);
  });

  test('newest first, with who, when, from where and what: logins, failures and user changes', async () => {
    const all = await list();
    assert.ok(all.total >= 5);
    assert.equal(all.items.length, Math.min(20, all.total));
    const times = all.items.map((i) => i.fecha);
    assert.deepEqual([...times].sort().reverse(), times);
    const failed = all.items.find((i) => i.accion === 'login.failed');
    assert.ok(failed, 'the failed login is recorded');
    assert.equal(failed.usuario, 'vendedor');
    assert.equal(failed.ip, '192.0.2.11');
    const loginRow = all.items.find((i) => i.accion === 'login' && i.usuario === 'admin');
    assert.equal(loginRow?.ip, '192.0.2.10');
    const createdRow = all.items.find((i) => i.accion === 'admin.user-created');
    assert.equal(createdRow?.usuario, 'admin');
    assert.equal(createdRow?.detalle.username, 'auditado');
    // From where: the request's address, which the gate put on the admin's AuthUser and the service passed on.
    assert.equal(createdRow?.ip, '192.0.2.12');
  });

  test('filters: action (and its sub-actions), user (accent- and case-insensitive), date range; paging', async () => {
    const logins = await list('?accion=login');
    assert.ok(logins.items.length >= 3);
    assert.ok(logins.items.every((i) => i.accion === 'login' || i.accion.startsWith('login.')));
    const mine = await list('?usuario=VENDÉDOR');
    assert.ok(mine.items.length >= 2);
    assert.ok(mine.items.every((i) => i.usuario === 'vendedor'));
    assert.equal((await list('?hasta=2020-01-01')).total, 0);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    assert.ok((await list(`?desde=${yesterday}&hasta=${today}`)).total >= 5);
    const page = await list('?limit=2&start=1');
    assert.equal(page.items.length, 2);
    assert.equal(page.items[0]!.id, (await list('?limit=2')).items[1]!.id);
  });


  test('400 in Spanish for a bad filter; 401 and 403 as every call', async () => {
    for (const [q, m] of [
      ['?desde=2026-05-02&hasta=2026-05-01', auditMsg.rangoInvertido],
      ['?desde=2026-02-30', msg.fechaInvalida],
      ['?limit=1000', msg.solicitudInvalida],
      ['?start=4294967296', msg.solicitudInvalida],
    ] as const) {
      expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}${q}`, headers: bearer(tokens.admin!, LP) }), 400, m);
    }
    await expectGuarded(ctx.app, { method: 'GET', url: URL }, { access: 'company', token: tokens.admin! });
    expectRefused(await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(tokens.vendedor!, LP) }), 403, msg.soloAdministradores);
  });

  test('an audit row commits with its change: a refused creation leaves no row', async () => {
    const before = (await list('?accion=admin.user-created')).total;
    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/proxy/usuarios',
      headers: bearer(tokens.admin!, LP),
      payload: { username: 'auditado', email: 'otro@demo.com.ar', first_name: 'Ana', last_name: 'Núñez', password: 'Demo1234', perfiles: [1] },
    });
    assert.ok(dup.statusCode >= 400 && dup.statusCode < 500, dup.body);
    assert.equal((await list('?accion=admin.user-created')).total, before);
  });

  test("another company's administrator sees none of this company's rows", async () => {
    // productor becomes an administrator of Agroinsumos del Sur (one of its companies): La Pampa's user creation,
    // the La Pampa admin's login and every row with La Pampa's company id stay out of what it reads there.
    const delSur = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow();
    const productor = await ctx.db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    await ctx.db.updateTable('memberships').set({ is_admin: true }).where('user_id', '=', productor.id).where('company_id', '=', delSur.id).execute();
    const res = await ctx.app.inject({ method: 'GET', url: `${URL}?limit=100`, headers: bearer(tokens.productor!, { cuit: DEL_SUR }) });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as AuditListResponse;
    // productor belongs to La Pampa too: its rows of no company (logins, failed ones) are neither company's to read.
    assert.ok(!body.items.some((i) => i.usuario === 'productor' && i.accion.startsWith('login')), JSON.stringify(body.items));
    const laPampa = await list('?limit=100');
    assert.ok(!laPampa.items.some((i) => i.usuario === 'productor' && i.accion.startsWith('login')), 'nor in La Pampa');
    assert.ok(laPampa.items.some((i) => i.usuario === 'admin' && i.accion === 'login'), "a member of La Pampa only: its logins are there");
    assert.ok(!body.items.some((i) => i.accion.startsWith('admin.') || i.usuario === 'admin' || i.usuario === 'vendedor'), JSON.stringify(body.items));
    assert.equal(body.total, body.items.length);
  });
});
