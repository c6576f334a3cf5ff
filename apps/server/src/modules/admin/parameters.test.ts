import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { msg, type EmpresasResponse, type FilterListResponse, type ParametrosResponse } from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, SUSPENDIDA, type TestContext } from '../../test/helpers.js';
import { createMember } from './test-support.js';

/** Module parameters, the administrators' filter lists and the caller's companies. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
before(async () => {
  ctx = await createTestApp();
  await createMember(ctx.db, { username: 'admin.sur', cuit: DEL_SUR, admin: true, entities: [1] });
  for (const c of await ctx.db.selectFrom('companies').select(['id', 'cuit']).execute()) ids[c.cuit] = c.id;
  // The test's own zones and sellers (codes the demo does not use), in both companies.
  for (const [cuit, prefix] of [[LA_PAMPA, 'LP'], [DEL_SUR, 'DS']] as const) {
    const zone = await ctx.db.insertInto('zones').values({ company_id: ids[cuit]!, code: 901, name: `${prefix} Zona de prueba` }).returning('id').executeTakeFirstOrThrow();
    await ctx.db.insertInto('sellers').values({ company_id: ids[cuit]!, code: 901, name: `${prefix} Vendedor de prueba`, zone_id: zone.id, user_id: null }).execute();
  }
  for (const u of ['admin', 'productor', 'vendedor', 'autorizador', 'deposito', 'admin.sur']) {
    tokens[u] = (await login(ctx.app, u, u === 'admin' ? 'Admin1234' : 'Demo1234')).access_token;
  }
});
after(async () => {
  await ctx?.close();
});

const LP: Record<string, string> = { cuit: LA_PAMPA };
const call = (token: string, req: InjectOptions & { url: string }, headers: Record<string, string> = LP) =>
  ctx.app.inject({ ...req, url: `/api/public${req.url}`, headers: bearer(token, headers) });
const params = async (token: string, headers = LP) => {
  const res = await call(token, { method: 'GET', url: '/configuraciones/parametros_modulos' }, headers);
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as ParametrosResponse).configuracion;
};
const saveParams = (token: string, configuracion: unknown, headers = LP) =>
  call(token, { method: 'PUT', url: '/configuraciones/parametros_modulos', payload: { configuracion } }, headers);

describe('GET /configuraciones/parametros_modulos', () => {
  test('is guarded: 401 without a token, 403 for a company the caller is not in', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: '/api/public/configuraciones/parametros_modulos', headers: LP }, { access: 'company', token: tokens.productor! });
    expectRefused(await call(tokens['admin.sur']!, { method: 'GET', url: '/configuraciones/parametros_modulos' }), 403, msg.empresaSinAcceso);
  });

  test('any member reads the company\'s parameters', async () => {
    const laPampa = { 'recibos.permite_anticipos': true, 'recibos.modifica_fecha': false, 'pedidos.muestra_tipooperacion': true };
    assert.deepEqual(await params(tokens.productor!), laPampa);
    assert.deepEqual(await params(tokens.deposito!), laPampa);
    assert.deepEqual(await params(tokens.productor!, { cuit: DEL_SUR }), {
      'recibos.permite_anticipos': false,
      'recibos.modifica_fecha': true,
      'pedidos.muestra_tipooperacion': false,
    });
  });
});

describe('PUT /configuraciones/parametros_modulos', () => {
  test('is guarded, and refused to members who are not administrators and to another company\'s administrator', async () => {
    const body = { configuracion: { 'recibos.modifica_fecha': true } };
    await expectGuarded(ctx.app, { method: 'PUT', url: '/api/public/configuraciones/parametros_modulos', headers: LP, payload: body }, { access: 'company', token: tokens.admin! });
    expectRefused(await saveParams(tokens.productor!, body.configuracion), 403, msg.soloAdministradores);
    expectRefused(await saveParams(tokens.vendedor!, body.configuracion), 403, msg.soloAdministradores);
    expectRefused(await saveParams(tokens['admin.sur']!, body.configuracion), 403, msg.empresaSinAcceso);
    assert.equal((await params(tokens.productor!))['recibos.modifica_fecha'], false);
  });

  test('an administrator changes the parameters present, and only those; the other company keeps its own', async () => {
    const res = await saveParams(tokens.admin!, { 'recibos.modifica_fecha': true, 'pedidos.muestra_tipooperacion': false });
    assert.equal(res.statusCode, 200, res.body);
    const expected = { 'recibos.permite_anticipos': true, 'recibos.modifica_fecha': true, 'pedidos.muestra_tipooperacion': false };
    assert.deepEqual(res.json(), { success: true, msg: msg.parametrosGuardados, configuracion: expected });
    assert.deepEqual(await params(tokens.productor!), expected);
    assert.equal((await params(tokens.productor!, { cuit: DEL_SUR }))['pedidos.muestra_tipooperacion'], false);
    assert.equal((await params(tokens.productor!, { cuit: DEL_SUR }))['recibos.modifica_fecha'], true);
    const sur = await saveParams(tokens['admin.sur']!, { 'recibos.permite_anticipos': true }, { cuit: DEL_SUR });
    assert.equal(sur.statusCode, 200, sur.body);
    assert.deepEqual(await params(tokens.productor!), expected);
  });

  test('an unknown parameter or a value that is not a boolean answers 400 in Spanish', async () => {
    for (const configuracion of [{ 'recibos.otro': true }, { 'recibos.modifica_fecha': 'si' }, { 'recibos.modifica_fecha': 1 }, 'x', null]) {
      expectRefused(await saveParams(tokens.admin!, configuracion), 400, msg.parametroInvalido);
    }
    expectRefused(await call(tokens.admin!, { method: 'PUT', url: '/configuraciones/parametros_modulos', payload: {} }), 400, msg.parametroInvalido);
  });
});

describe('filter lists', () => {
  const LISTS = ['getAllVendedores', 'getAllEntidades', 'getAllZonas'];
  const list = async (token: string, name: string, headers = LP) => {
    const res = await call(token, { method: 'GET', url: `/proxy/utils/${name}` }, headers);
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as FilterListResponse).items;
  };

  test('are guarded; customers and other staff get 403; administrators and profiles 2 and 3 read them', async () => {
    for (const name of LISTS) {
      await expectGuarded(ctx.app, { method: 'GET', url: `/api/public/proxy/utils/${name}`, headers: LP }, { access: 'company', token: tokens.admin! });
      expectRefused(await call(tokens.productor!, { method: 'GET', url: `/proxy/utils/${name}` }), 403, msg.soloAdministradores);
      expectRefused(await call(tokens.autorizador!, { method: 'GET', url: `/proxy/utils/${name}` }), 403, msg.soloAdministradores);
      expectRefused(await call(tokens['admin.sur']!, { method: 'GET', url: `/proxy/utils/${name}` }), 403, msg.empresaSinAcceso);
      assert.ok((await list(tokens.admin!, name)).length > 0);
      assert.ok((await list(tokens.vendedor!, name)).length > 0);
    }
  });

  test('answer the company\'s own rows as { id, descripcion }, by code', async () => {
    const sellers = await list(tokens.admin!, 'getAllVendedores');
    assert.ok(sellers.some((s) => s.id === 901 && s.descripcion === 'LP Vendedor de prueba'));
    assert.ok(!sellers.some((s) => s.descripcion.startsWith('DS ')));
    const zones = await list(tokens.vendedor!, 'getAllZonas');
    assert.ok(zones.some((z) => z.id === 901 && z.descripcion === 'LP Zona de prueba'));
    assert.ok(!zones.some((z) => z.descripcion.startsWith('DS ')));
    const entities = await list(tokens.admin!, 'getAllEntidades');
    const count = await ctx.db.selectFrom('entities').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', ids[LA_PAMPA]!).executeTakeFirstOrThrow();
    assert.equal(entities.length, Number(count.n));
    assert.deepEqual(entities.find((e) => e.id === 1004), { id: 1004, descripcion: 'Martínez, Laura' });
    assert.ok(!entities.some((e) => e.id === 501));
    const sur = await list(tokens['admin.sur']!, 'getAllEntidades', { cuit: DEL_SUR });
    assert.ok(sur.some((e) => e.id === 501));
    assert.ok(!sur.some((e) => e.id === 1004));
  });
});

describe('GET /proxy/cgi/etenet_empresas', () => {
  test('is guarded: 401 without a valid token', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: '/api/public/proxy/cgi/etenet_empresas' }, { access: 'user', token: tokens.productor! });
  });

  test('answers the caller\'s companies, without the suspended one', async () => {
    const res = await call(tokens.productor!, { method: 'GET', url: '/proxy/cgi/etenet_empresas' }, {});
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as EmpresasResponse;
    assert.deepEqual(body.items.map((c) => c.cuit).sort(), [DEL_SUR, LA_PAMPA].sort());
    assert.ok(!body.items.some((c) => c.cuit === SUSPENDIDA));
    assert.deepEqual(body.items.find((c) => c.cuit === LA_PAMPA), { cuit: LA_PAMPA, razonsocial: 'Cooperativa Agropecuaria La Pampa Ltda.', codemp: 1 });
    const admin = (await call(tokens.admin!, { method: 'GET', url: '/proxy/cgi/etenet_empresas' }, {})).json() as EmpresasResponse;
    assert.deepEqual(admin.items.map((c) => c.cuit), [LA_PAMPA]);
  });
});
