import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { msg, okResponse, todayInArgentina, type DataResponse, type MenuItem, type ModuleNode, type ModulesResponse, type RouteDef } from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { accessPlugin } from '../../plugins/access.js';
import { registerErrorHandling } from '../../plugins/errors.js';
import { registerRoute } from '../../lib/route.js';
import { createMember } from './test-support.js';

/**
 * Module configuration (GET/POST /configuraciones, GET/PUT /configuraciones/{username}) and its enforcement:
 * the menu of GET /data and the API check of a route's `module`.
 */

let ctx: TestContext;
/** A Fastify app with the real access gate and one route of module 'dashboard': what the API check does. */
let probe: FastifyInstance;
const tokens: Record<string, string> = {};

const PROBE: RouteDef = { method: 'GET', url: '/probe/inicio', tag: 'test', access: 'company', module: 'dashboard', summary: 'Prueba', response: okResponse };

before(async () => {
  ctx = await createTestApp();
  await createMember(ctx.db, { username: 'cliente.mod', cuit: LA_PAMPA, profiles: [1], entities: [1004] });
  await createMember(ctx.db, { username: 'admin.sur', cuit: DEL_SUR, admin: true, entities: [1] });
  // A group with two children for the parent rules, and a module of another profile (the test's own modules).
  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('grupo', null, 'Grupo de prueba', 'file', null, '{1}', 50, false),
    ('grupo-a', 'grupo', 'Hijo A', 'file', 'grupo-a', '{1}', 51, false),
    ('grupo-b', 'grupo', 'Hijo B', 'file', 'grupo-b', '{1}', 52, false),
    ('solo-deposito', null, 'Sólo depósito', 'stock', 'solo-deposito', '{5}', 60, false)`.execute(ctx.db);
  for (const u of ['admin', 'productor', 'cliente.mod', 'admin.sur']) tokens[u] = (await login(ctx.app, u, u === 'admin' ? 'Admin1234' : 'Demo1234')).access_token;

  probe = Fastify({ logger: false });
  probe.decorate('db', ctx.db);
  probe.decorate('tokenSecret', ctx.app.tokenSecret);
  await probe.register(accessPlugin);
  registerErrorHandling(probe);
  registerRoute(probe, PROBE, async () => ({ success: true }));
  await probe.ready();
});
after(async () => {
  await probe?.close();
  await ctx?.close();
});

const LP = { cuit: LA_PAMPA };
const call = (token: string, req: InjectOptions & { url: string }, headers: Record<string, string> = LP) =>
  ctx.app.inject({ ...req, url: `/api/public${req.url}`, headers: bearer(token, headers) });
const companyTree = async () => {
  const res = await call(tokens.admin!, { method: 'GET', url: '/configuraciones' });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as ModulesResponse).menu;
};
const userTree = async (username: string) => {
  const res = await call(tokens.admin!, { method: 'GET', url: `/configuraciones/${username}` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as ModulesResponse).menu;
};
const saveCompany = (menu: unknown[]) => call(tokens.admin!, { method: 'POST', url: '/configuraciones', payload: { menu } });
const saveUser = (username: string, menu: unknown[]) => call(tokens.admin!, { method: 'PUT', url: `/configuraciones/${username}`, payload: { menu } });
const expectSaved = async (res: Awaited<ReturnType<typeof saveCompany>>, warning = false) => {
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json() as { success: boolean; warning: boolean; msg: string };
  assert.equal(body.success, true);
  assert.equal(body.warning, warning);
  return body;
};
const find = (nodes: ModuleNode[], id: string): ModuleNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.children, id);
    if (inner) return inner;
  }
  return undefined;
};
const flat = (items: MenuItem[]): string[] => items.flatMap((i) => [i.id, ...flat(i.children ?? [])]);
/** The modules this file creates and checks: menus also hold the other areas' modules, which are not this test's business. */
const OWN = new Set(['dashboard', 'grupo', 'grupo-a', 'grupo-b', 'solo-deposito']);
const menuOf = async (user: string, mobile: boolean) => {
  const res = await call(tokens[user]!, { method: 'GET', url: `/data?mobile=${mobile}` });
  assert.equal(res.statusCode, 200, res.body);
  return flat((res.json() as DataResponse).menu).filter((id) => OWN.has(id));
};
const probeAs = (user: string, device?: string) =>
  probe.inject({ method: 'GET', url: '/api/public/probe/inicio', headers: bearer(tokens[user]!, { ...LP, ...(device ? { dispositivo: device } : {}) }) });
const ALL_ON = { mobile: true, desktop: true, rango: false, fecha_desde: null, fecha_hasta: null };
const restoreCompany = async () => {
  const res = await saveCompany(['dashboard', 'grupo', 'grupo-a', 'grupo-b', 'solo-deposito'].map((id) => ({ id, ...ALL_ON })));
  assert.equal(res.statusCode, 200, res.body);
};
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const CALLS: Array<InjectOptions & { url: string }> = [
  { method: 'GET', url: '/configuraciones' },
  { method: 'POST', url: '/configuraciones', payload: { menu: [{ id: 'dashboard', mobile: false, desktop: false }] } },
  { method: 'GET', url: '/configuraciones/cliente.mod' },
  { method: 'PUT', url: '/configuraciones/cliente.mod', payload: { menu: [{ id: 'dashboard', mobile: false, desktop: false }] } },
];

describe('guards', () => {
  test('401 without a valid token, 403 with a foreign company, 403 for members who are not administrators', async () => {
    for (const req of CALLS) {
      await expectGuarded(ctx.app, { ...req, url: `/api/public${req.url}`, headers: LP }, { access: 'company', token: tokens.admin! });
      expectRefused(await call(tokens.productor!, req), 403, msg.soloAdministradores);
      expectRefused(await call(tokens['cliente.mod']!, req), 403, msg.soloAdministradores);
    }
    assert.deepEqual(await menuOf('cliente.mod', true), ['dashboard', 'grupo', 'grupo-a', 'grupo-b']);
  });

  test('an administrator of another company gets 403, with that company\'s header or with their own', async () => {
    for (const req of CALLS) expectRefused(await call(tokens['admin.sur']!, req), 403, msg.empresaSinAcceso);
    const sur = { cuit: DEL_SUR };
    expectRefused(await call(tokens['admin.sur']!, { method: 'GET', url: '/configuraciones/cliente.mod' }, sur), 403, msg.usuarioAjeno);
    expectRefused(await call(tokens['admin.sur']!, CALLS[3]!, sur), 403, msg.usuarioAjeno);
    expectRefused(await call(tokens.admin!, { method: 'GET', url: '/configuraciones/admin.sur' }), 403, msg.usuarioAjeno);
    expectRefused(await call(tokens.admin!, { method: 'GET', url: '/configuraciones/nadie' }), 403, msg.usuarioAjeno);
    assert.equal((await ctx.db.selectFrom('user_modules').selectAll().execute()).length, 0);
  });
});

describe('the company tree', () => {
  test('GET /configuraciones answers every module as a tree, with the seeded company settings', async () => {
    const menu = await companyTree();
    assert.deepEqual(find(menu, 'dashboard'), {
      id: 'dashboard', nombre: 'Inicio', icono: 'home', mobile: true, desktop: true, rango: false, fecha_desde: null, fecha_hasta: null,
      empresa_mobile: true, empresa_desktop: true, empresa_fecha_desde: null, empresa_fecha_hasta: null, children: [],
    });
    assert.deepEqual(find(menu, 'grupo')?.children.map((c) => c.id), ['grupo-a', 'grupo-b']);
    assert.ok(find(menu, 'solo-deposito'));
  });

  test('enabling a device on a child enables it on the parent; the menu follows, device by device', async () => {
    await expectSaved(
      await saveCompany([
        { id: 'grupo', mobile: false, desktop: false, children: [{ id: 'grupo-a', mobile: true, desktop: false }, { id: 'grupo-b', mobile: false, desktop: false }] },
      ]),
    );
    const menu = await companyTree();
    assert.deepEqual([find(menu, 'grupo')?.mobile, find(menu, 'grupo')?.desktop], [true, false]);
    assert.deepEqual([find(menu, 'grupo-a')?.mobile, find(menu, 'grupo-a')?.desktop], [true, false]);
    assert.deepEqual([find(menu, 'grupo-b')?.mobile, find(menu, 'grupo-b')?.desktop], [false, false]);
    assert.deepEqual(await menuOf('productor', true), ['dashboard', 'grupo', 'grupo-a']);
    assert.deepEqual(await menuOf('productor', false), ['dashboard']);
    await restoreCompany();
    assert.deepEqual(await menuOf('productor', false), ['dashboard', 'grupo', 'grupo-a', 'grupo-b']);
  });

  test('a disabled parent hides its children even when they are enabled', async () => {
    await expectSaved(await saveCompany([{ id: 'grupo', mobile: true, desktop: false }]));
    assert.deepEqual(await menuOf('productor', false), ['dashboard']);
    await restoreCompany();
  });

  test('validation answers 400 in Spanish and saves nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [[{ id: 'dashboard', mobile: true, desktop: true, fecha_desde: '2024-02-30' }], msg.fechaInvalida],
      [[{ id: 'dashboard', mobile: true, desktop: true, fecha_hasta: '20240101' }], msg.fechaInvalida],
      [[{ id: 'dashboard', mobile: true, desktop: true, fecha_desde: '2025-02-01', fecha_hasta: '2025-01-31' }], msg.fechasInvertidas],
      [[{ id: 'inexistente', mobile: true, desktop: true }], msg.moduloInexistente('inexistente')],
      [[{ id: 'dashboard', mobile: true, desktop: true }, { id: 'dashboard', mobile: false, desktop: true }], msg.moduloRepetido('dashboard')],
      [[{ id: 'dashboard', mobile: 'si', desktop: true }], msg.solicitudInvalida],
      [[{ id: 'dashboard', desktop: true }], msg.solicitudInvalida],
      ['dashboard', msg.solicitudInvalida],
    ];
    for (const [menu, message] of cases) expectRefused(await saveCompany(menu as unknown[]), 400, message);
    expectRefused(await call(tokens.admin!, { method: 'POST', url: '/configuraciones', payload: {} }), 400, msg.solicitudInvalida);
    assert.deepEqual(find(await companyTree(), 'dashboard')?.fecha_desde, null);
    assert.equal(find(await companyTree(), 'dashboard')?.mobile, true);
  });
});

describe('a user\'s tree', () => {
  test('shows the modules of the user\'s profiles, inherited from the company until configured', async () => {
    const menu = await userTree('cliente.mod');
    assert.deepEqual(menu.map((n) => n.id).filter((id) => OWN.has(id)), ['dashboard', 'grupo']);
    assert.ok(!find(menu, 'solo-deposito'));
    assert.equal(find(menu, 'dashboard')?.propio, false);
    assert.equal(find(menu, 'dashboard')?.mobile, true);
    expectRefused(await saveUser('cliente.mod', [{ id: 'solo-deposito', mobile: true, desktop: true }]), 400, msg.moduloInexistente('solo-deposito'));
  });

  test('Inicio disabled on mobile for one user: gone from their mobile menu and refused by the API on mobile only', async () => {
    const saved = await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: false, desktop: true }]));
    assert.equal(saved.msg, msg.modulosGuardados);
    const node = find(await userTree('cliente.mod'), 'dashboard');
    assert.deepEqual([node?.mobile, node?.desktop, node?.propio, node?.empresa_mobile], [false, true, true, true]);

    assert.ok(!(await menuOf('cliente.mod', true)).includes('dashboard'));
    assert.ok((await menuOf('cliente.mod', false)).includes('dashboard'));
    assert.ok((await menuOf('productor', true)).includes('dashboard'), 'other users keep it');

    expectRefused(await probeAs('cliente.mod', 'mobile'), 403, msg.moduloNoHabilitado);
    expectRefused(await probeAs('cliente.mod', 'MOBILE'), 403, msg.moduloNoHabilitado);
    assert.equal((await probeAs('cliente.mod', 'desktop')).statusCode, 200);
    assert.equal((await probeAs('cliente.mod')).statusCode, 200, 'desktop when the header is absent');
    assert.equal((await probeAs('productor', 'mobile')).statusCode, 200);
    expectRefused(await probeAs('cliente.mod', 'tablet'), 400, msg.dispositivoInvalido);
    const denied = await ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'access.denied').execute();
    assert.ok(denied.some((d) => (d.detail as { reason?: string }).reason === 'module:dashboard:mobile'));

    // Saving the company's own setting again makes the user inherit it.
    await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true }]));
    assert.equal(find(await userTree('cliente.mod'), 'dashboard')?.propio, false);
    assert.equal((await probeAs('cliente.mod', 'mobile')).statusCode, 200);
    assert.equal((await ctx.db.selectFrom('user_modules').selectAll().execute()).length, 0);
  });

  test('enabling a child enables the parent for the user too', async () => {
    await expectSaved(await saveUser('cliente.mod', [{ id: 'grupo', mobile: false, desktop: false, children: [{ id: 'grupo-a', mobile: false, desktop: true }] }]));
    const tree = await userTree('cliente.mod');
    assert.deepEqual([find(tree, 'grupo')?.mobile, find(tree, 'grupo')?.desktop], [false, true]);
    assert.deepEqual(await menuOf('cliente.mod', true), ['dashboard']);
    assert.deepEqual(await menuOf('cliente.mod', false), ['dashboard', 'grupo', 'grupo-a', 'grupo-b']);
    await expectSaved(await saveUser('cliente.mod', ['grupo', 'grupo-a'].map((id) => ({ id, mobile: true, desktop: true }))));
  });

  test('a module the company lacks cannot be given to a user; the company\'s change reaches inheriting users', async () => {
    await expectSaved(await saveCompany([{ id: 'dashboard', mobile: false, desktop: true }]));
    expectRefused(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true }]), 400, msg.moduloSinEmpresa('Inicio', 'móviles'));
    assert.ok(!(await menuOf('cliente.mod', true)).includes('dashboard'));
    assert.ok(!(await menuOf('productor', true)).includes('dashboard'));
    expectRefused(await probeAs('productor', 'mobile'), 403, msg.moduloNoHabilitado);
    const node = find(await userTree('cliente.mod'), 'dashboard');
    assert.deepEqual([node?.mobile, node?.empresa_mobile], [false, false]);
    await expectSaved(await saveCompany([{ id: 'dashboard', mobile: true, desktop: false }]));
    expectRefused(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true }]), 400, msg.moduloSinEmpresa('Inicio', 'escritorio'));
    await restoreCompany();
    await expectSaved(await saveCompany([{ id: 'grupo-a', mobile: false, desktop: true }]));
    expectRefused(await saveUser('cliente.mod', [{ id: 'grupo-a', mobile: true, desktop: true }]), 400, msg.moduloSinEmpresa('Hijo A', 'móviles'));
    // A parent the company lacks cannot come in through a child either.
    await restoreCompany();
    await expectSaved(await saveCompany([{ id: 'grupo', mobile: false, desktop: true }]));
    await expectSaved(await saveUser('cliente.mod', [{ id: 'grupo', mobile: false, desktop: true }]));
    expectRefused(await saveUser('cliente.mod', [{ id: 'grupo-a', mobile: true, desktop: true }]), 400, msg.moduloSinEmpresa('Grupo de prueba', 'móviles'));
    await restoreCompany();
    await expectSaved(await saveUser('cliente.mod', ['grupo', 'grupo-a'].map((id) => ({ id, ...ALL_ON }))));
    assert.equal((await ctx.db.selectFrom('user_modules').selectAll().execute()).length, 0);
  });

  test('a company save that leaves a user\'s own setting beyond it answers a warning; the company still rules', async () => {
    await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: false }]));
    const body = await expectSaved(await saveCompany([{ id: 'dashboard', mobile: false, desktop: true }]), true);
    assert.equal(body.msg, msg.modulosUsuariosExceden(1));
    assert.ok(!(await menuOf('cliente.mod', true)).includes('dashboard'));
    assert.ok(!(await menuOf('cliente.mod', false)).includes('dashboard'));
    await restoreCompany();
    await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', ...ALL_ON }]));
  });

  test('a user\'s dates stay within the company\'s; rango false clears them', async () => {
    await expectSaved(await saveCompany([{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_desde: '2020-01-01', fecha_hasta: '2099-12-31' }]));
    const outside = msg.moduloFueraDeFechas('Inicio', '01-01-2020', '31-12-2099');
    expectRefused(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_desde: '2019-12-31', fecha_hasta: '2030-01-01' }]), 400, outside);
    expectRefused(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_desde: '2025-01-01', fecha_hasta: '2100-01-01' }]), 400, outside);
    expectRefused(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_hasta: '2019-06-30' }]), 400, outside);
    await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_desde: '2025-01-01', fecha_hasta: '2098-12-31' }]));
    const node = find(await userTree('cliente.mod'), 'dashboard');
    assert.deepEqual(
      [node?.rango, node?.fecha_desde, node?.fecha_hasta, node?.empresa_fecha_desde, node?.empresa_fecha_hasta, node?.propio],
      [true, '2025-01-01', '2098-12-31', '2020-01-01', '2099-12-31', true],
    );
    // rango false: the dates sent are dropped, so the user's own dates are gone (and the row with them).
    await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true, rango: false, fecha_desde: '1990-01-01', fecha_hasta: null }]));
    const cleared = find(await userTree('cliente.mod'), 'dashboard');
    assert.deepEqual([cleared?.rango, cleared?.fecha_desde, cleared?.propio], [false, null, true]);
    await restoreCompany();
    await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', ...ALL_ON }]));
  });

  test('dates decide by today in Buenos Aires: a range that ended yesterday or starts tomorrow hides the module', async () => {
    const today = todayInArgentina();
    await expectSaved(await saveCompany([{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_desde: null, fecha_hasta: addDays(today, -1) }]));
    assert.ok(!(await menuOf('productor', false)).includes('dashboard'));
    expectRefused(await probeAs('productor', 'desktop'), 403, msg.moduloNoHabilitado);
    await expectSaved(await saveCompany([{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_desde: today, fecha_hasta: today }]));
    assert.ok((await menuOf('productor', false)).includes('dashboard'));
    assert.equal((await probeAs('productor', 'desktop')).statusCode, 200);
    await expectSaved(await saveCompany([{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_desde: addDays(today, 1), fecha_hasta: null }]));
    assert.ok(!(await menuOf('productor', false)).includes('dashboard'));
    await restoreCompany();

    // A user's own range that ended yesterday hides it for that user only.
    await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', mobile: true, desktop: true, rango: true, fecha_hasta: addDays(today, -1) }]));
    assert.ok(!(await menuOf('cliente.mod', false)).includes('dashboard'));
    expectRefused(await probeAs('cliente.mod', 'desktop'), 403, msg.moduloNoHabilitado);
    assert.ok((await menuOf('productor', false)).includes('dashboard'));
    await expectSaved(await saveUser('cliente.mod', [{ id: 'dashboard', ...ALL_ON }]));
    assert.equal((await probeAs('cliente.mod', 'desktop')).statusCode, 200);
  });
});
