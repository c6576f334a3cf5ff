import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { msg, receiptsMsg, type AutorizacionDecisionResponse, type AutorizacionListResponse, type AutorizacionFiltrosResponse } from '@portal/contract';
import { bearer, createTestApp, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** Voucher authorization: the list with its filters, authorize and reject with a reason, decided exactly once. */

let ctx: TestContext;
let staff: string;
let admin: string;
let customer: string;
const LIST = '/api/public/proxy/cgi/etenet_getPendAutoStock';
const PUT = '/api/public/proxy/cgi/etenet_putPendAutoStock';
const S = (t = staff) => bearer(t, { cuit: LA_PAMPA });

before(async () => {
  ctx = await createTestApp();
  staff = (await login(ctx.app, 'autorizador')).access_token;
  admin = (await login(ctx.app, 'admin')).access_token;
  customer = (await login(ctx.app, 'productor')).access_token;
});
after(async () => {
  await ctx?.close();
});

async function list(query = '', token = staff): Promise<AutorizacionListResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `${LIST}?start=0${query.includes('limit=') ? '' : '&limit=7'}${query}`, headers: S(token) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as AutorizacionListResponse;
}
const decide = (v: { codcom: string; codtal: number; numero: number }, autoriza: boolean, motivo: string, token = staff) =>
  ctx.app.inject({
    method: 'GET',
    url: `${PUT}?codcom=${v.codcom}&codtal=${v.codtal}&numero=${v.numero}&autoriza=${autoriza}&motivo=${encodeURIComponent(motivo)}`,
    headers: S(token),
  });

describe('voucher authorization', () => {
  test('guarded: 401, 403 for a foreign company, 403 for a customer', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: LIST }, { access: 'company', token: staff });
    await expectGuarded(ctx.app, { method: 'GET', url: `${LIST}/filtros` }, { access: 'company', token: staff });
    await expectGuarded(ctx.app, { method: 'GET', url: `${PUT}?codcom=REM&codtal=1&numero=4000&autoriza=true&motivo=x` }, { access: 'company', token: staff });
    expectRefused(await ctx.app.inject({ method: 'GET', url: LIST, headers: S(customer) }), 403, msg.soloAdministradores);
    expectRefused(await decide({ codcom: 'REM', codtal: 1, numero: 4000 }, true, 'x', customer), 403, msg.soloAdministradores);
  });

  test('the list pages 7 at a time with the spec fields; the filters narrow it; the authorizer sees the filter lists', async () => {
    const page = await list();
    assert.equal(page.success, true);
    assert.equal(page.items.length, 7);
    assert.ok(page.total > 7);
    const v = page.items[0]!;
    assert.equal(v.desest, 'Pendiente');
    assert.ok(v.productos.length >= 1 && v.razsoc && v.desusr && v.importe_con_formato.startsWith('$\u00a0'));
    const filters = (await ctx.app.inject({ method: 'GET', url: `${LIST}/filtros`, headers: S() })).json() as AutorizacionFiltrosResponse;
    assert.ok(filters.entidad.length > 0 && filters.vendedor.length > 0 && filters.zona.length > 0);
    const entities = { items: filters.entidad };
    const sellers = { items: filters.vendedor };
    const zones = { items: filters.zona };
    const byEntity = await list(`&entidad=${entities.items.find((e) => e.descripcion === v.razsoc)!.id}`);
    assert.ok(byEntity.items.length >= 1 && byEntity.items.every((i) => i.razsoc === v.razsoc));
    let narrowed = false;
    for (const s of sellers.items) {
      const r = await list(`&vendedor=${s.id}`);
      assert.ok(r.total <= page.total);
      if (r.total > 0 && r.total < page.total) narrowed = true;
    }
    assert.ok(narrowed, 'some seller narrows the list');
    const sumZones = (await Promise.all(zones.items.map((z) => list(`&zona=${z.id}`)))).reduce((s, r) => s + r.total, 0);
    assert.ok(sumZones <= page.total);
    const bad = await ctx.app.inject({ method: 'GET', url: `${LIST}?estado=otro`, headers: S() });
    expectRefused(bad, 400, receiptsMsg.estadoInvalido);
  });

  test('authorize and reject need a reason; who, when and why are kept and shown', async () => {
    const [a, b] = (await list()).items;
    expectRefused(await decide(a!, true, ''), 400, receiptsMsg.motivoRequerido);
    const ok = (await decide(a!, true, 'Cliente al día')).json() as AutorizacionDecisionResponse;
    assert.deepEqual(ok.data, { success: true, msg: receiptsMsg.autorizado });
    const no = (await decide(b!, false, 'Supera el límite de crédito', admin)).json() as AutorizacionDecisionResponse;
    assert.deepEqual(no.data, { success: true, msg: receiptsMsg.rechazado });
    const pendingNow = await list();
    assert.ok(!pendingNow.items.some((i) => i.norig === a!.norig && i.codcom === a!.codcom));
    const decided = await list('&estado=decididos&limit=50');
    const da = decided.items.find((i) => i.codcom === a!.codcom && i.numero === a!.numero)!;
    assert.equal(da.desest, 'Autorizado');
    assert.equal(da.motivo, 'Cliente al día');
    assert.equal(da.decidido_por, 'Graciela Torres');
    assert.ok(da.decidido_el);
    const db = decided.items.find((i) => i.codcom === b!.codcom && i.numero === b!.numero)!;
    assert.equal(db.desest, 'Rechazado');
    // Deciding again is refused with who decided it.
    const again = (await decide(a!, false, 'otra vez')).json() as AutorizacionDecisionResponse;
    assert.equal(again.data.success, false);
    assert.match(again.data.msg, /^El comprobante ya fue autorizado por Graciela Torres el /);
  });

  test('a decision sent again with its Idempotency-Key gets the first answer; another request is told who decided', async () => {
    const v = (await list()).items[0]!;
    const url = `${PUT}?codcom=${v.codcom}&codtal=${v.codtal}&numero=${v.numero}&autoriza=true&motivo=Autorizo`;
    const send = (key?: string) => ctx.app.inject({ method: 'GET', url, headers: { ...S(), ...(key ? { 'idempotency-key': key } : {}) } });
    const key = `auth-key-${Date.now()}`;
    const first = (await send(key)).json() as AutorizacionDecisionResponse;
    assert.deepEqual(first.data, { success: true, msg: receiptsMsg.autorizado });
    assert.deepEqual(((await send(key)).json() as AutorizacionDecisionResponse).data, first.data, 'the retry gets the first answer');
    for (const other of [await send(`${key}-otra`), await send()]) {
      const body = other.json() as AutorizacionDecisionResponse;
      assert.equal(body.data.success, false);
      assert.match(body.data.msg, /^El comprobante ya fue autorizado por Graciela Torres el /);
    }
    expectRefused(await send('corta'), 400, receiptsMsg.claveDecision);
  });

  test('authorize and reject of one voucher at the same moment: one decision', async () => {
    const v = (await list()).items[0]!;
    const [x, y] = await Promise.all([decide(v, true, 'Autorizo'), decide(v, false, 'Rechazo', admin)]);
    const results = [x.json() as AutorizacionDecisionResponse, y.json() as AutorizacionDecisionResponse];
    assert.equal(results.filter((r) => r.data.success).length, 1);
    assert.equal(results.filter((r) => !r.data.success).length, 1);
    const row = await ctx.db
      .selectFrom('stock_vouchers as s')
      .innerJoin('companies as c', 'c.id', 's.company_id')
      .select(['s.status', 's.reason'])
      .where('c.cuit', '=', LA_PAMPA)
      .where('s.voucher_code', '=', v.codcom)
      .where('s.number', '=', v.numero)
      .executeTakeFirstOrThrow();
    const winner = results[0]!.data.success ? 'authorized' : 'rejected';
    assert.equal(row.status, winner);
    const unknown = await decide({ codcom: 'REM', codtal: 1, numero: 999_999 }, true, 'x');
    expectRefused(unknown, 404, receiptsMsg.comprobanteInexistente);
  });
});
