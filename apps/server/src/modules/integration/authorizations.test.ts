import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  AUTHORIZATION_ROW_EXAMPLE,
  integrationAuthorizationMsg,
  integrationBatchMsg,
  integrationMsg,
  todayInArgentina,
  type AutorizacionListResponse,
  type VoucherItem,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { counts, createKey, INTEGRATION, KEYS_URL, makeAdminOf, okBatch, sendBatch } from './test-support.js';

/**
 * Vouchers to authorize (autorizaciones) loaded by the ERP, and the authorizer's list ('Autorización de comprobantes')
 * right after every sync, against the rows; a voucher the portal decided is its history.
 */

let ctx: TestContext;
let admin: string;
let secret: string;
let staff: string;
let companyId: number;
let sellerCode: number;
const URL = `${INTEGRATION}/autorizaciones`;
const REMOVE = `${URL}/bajas`;
const LIST = '/api/public/proxy/cgi/etenet_getPendAutoStock';
const PUT = '/api/public/proxy/cgi/etenet_putPendAutoStock';
const TODAY = todayInArgentina();

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP autorizaciones', escribir: ['autorizaciones'] })).secreto;
  staff = (await login(ctx.app, 'autorizador')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  sellerCode = (await ctx.db.selectFrom('sellers').select('code').where('company_id', '=', companyId).orderBy('code').executeTakeFirstOrThrow()).code;
});
after(async () => {
  await ctx?.close();
});

const batch = (rows: unknown[], url = URL, key = secret) => okBatch(ctx.app, key, url, rows);
const voucher = (numero: number, over: Record<string, unknown> = {}) => ({
  tipo: 'ZZA',
  nombre: 'Remito a autorizar',
  punto_venta: 9,
  numero,
  cliente: 1001,
  fecha: TODAY,
  detalle: 'Excede el límite de crédito',
  usuario: 'Martín Acosta',
  importe: '300.00',
  lineas: [
    { descripcion: 'Glifosato x 20 l', cantidad: '2', importe: '200.00' },
    { descripcion: 'Flete', cantidad: 1, importe: 100 },
  ],
  ...over,
});

/** Every voucher of the ERP's type in the authorizer's list (pending or decided), by number. */
async function listed(estado: 'pendientes' | 'decididos'): Promise<Map<number, VoucherItem>> {
  const out = new Map<number, VoucherItem>();
  for (let start = 0; ; start += 50) {
    const res = await ctx.app.inject({ method: 'GET', url: `${LIST}?start=${start}&limit=50&estado=${estado}&entidad=1001`, headers: bearer(staff, { cuit: LA_PAMPA }) });
    assert.equal(res.statusCode, 200, res.body);
    const page = res.json() as AutorizacionListResponse;
    for (const i of page.items) if (i.codcom === 'ZZA') out.set(i.numero, i);
    if (start + 50 >= page.total) return out;
  }
}
/** The pending list of the ERP's vouchers against the table: numbers, totals and lines. */
async function expectListRecomputed(why: string) {
  const rows = await sql<{ number: number; amount: string; lines: string[] }>`
    select v.number, v.amount::text as amount, array(select l.description || '|' || l.quantity::text || '|' || l.amount::text from stock_voucher_lines l where l.voucher_id = v.id order by l.line_no) as lines
    from stock_vouchers v join entities e on e.id = v.entity_id
    where v.company_id = ${companyId} and e.code = 1001 and v.voucher_code = 'ZZA' and v.status = 'pending' order by v.number`.execute(ctx.db);
  const shown = await listed('pendientes');
  assert.deepEqual([...shown.keys()].sort((a, b) => a - b), rows.rows.map((r) => r.number), `${why}: the pending list`);
  for (const r of rows.rows) {
    const item = shown.get(r.number)!;
    assert.equal(item.importe, r.amount, `${why}: ${r.number}`);
    assert.deepEqual(item.productos.map((p) => `${p.descripcion}|${Number(p.cantidad).toFixed(3)}|${p.importe}`), r.lines, `${why}: ${r.number} lines`);
  }
}

describe('POST /api/integration/v1/autorizaciones', () => {
  test('accepted, then the same batch unchanged, then a change counted alone; the authorizer’s list follows each sync', async () => {
    assert.equal((await listed('pendientes')).size, 0);
    const rows = [voucher(1), voucher(2, { vendedor: sellerCode, pedido: 10234 }), voucher(3, { detalle: null })];
    assert.deepEqual(counts(await batch(rows)), [3, 3, 0, 0]);
    const shown = await listed('pendientes');
    assert.equal(shown.size, 3);
    const v2 = shown.get(2)!;
    assert.deepEqual([v2.descom, v2.norig, v2.desusr, v2.importe, v2.numpre, v2.deslar2, v2.desest], ['Remito a autorizar', '00009-00000002', 'Martín Acosta', '300.00', 10234, 'Excede el límite de crédito', 'Pendiente']);
    const seller = await sql<{ seller: number | null; zone: number | null }>`select s.code as seller, z.code as zone from stock_vouchers v left join sellers s on s.id = v.seller_id
      left join zones z on z.id = v.zone_id where v.company_id = ${companyId} and v.voucher_code = 'ZZA' and v.number = 2`.execute(ctx.db);
    assert.equal(seller.rows[0]!.seller, sellerCode);
    assert.notEqual(seller.rows[0]!.zone, null, "the seller's zone");
    await expectListRecomputed('accepted');

    assert.deepEqual(counts(await okBatch(ctx.app, secret, URL, rows, true)), [3, 0, 3, 0], 'the same batch again (as NDJSON): unchanged');
    assert.deepEqual(counts(await batch([voucher(1, { importe: '350.00', lineas: [{ descripcion: 'Glifosato x 20 l', cantidad: '3.5', importe: '350' }] }), rows[1], rows[2]])), [3, 1, 2, 0]);
    assert.deepEqual((await listed('pendientes')).get(1)!.productos, [{ descripcion: 'Glifosato x 20 l', cantidad: '3.5', importe: '350.00' }]);
    await expectListRecomputed('changed');
  });

  test('a voucher the portal decided is history: the same row unchanged, a different one or its removal refused', async () => {
    await batch([voucher(10), voucher(11)]);
    const res = await ctx.app.inject({ method: 'GET', url: `${PUT}?codcom=ZZA&codtal=9&numero=10&autoriza=true&motivo=${encodeURIComponent('Cliente al día')}`, headers: bearer(staff, { cuit: LA_PAMPA }) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await listed('decididos')).get(10)?.desest, 'Autorizado');
    const answer = await batch([voucher(10), voucher(11, { importe: '9.00' })]);
    assert.deepEqual(counts(answer), [2, 1, 1, 0], 'the decided voucher unchanged; the pending one changed');
    const refused = await batch([voucher(10, { importe: '1.00' })]);
    assert.deepEqual(refused.rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationAuthorizationMsg.yaDecidido(true) }]);
    const removal = await batch([{ tipo: 'ZZA', punto_venta: 9, numero: 10 }, { tipo: 'ZZA', punto_venta: 9, numero: 11 }, { tipo: 'ZZA', punto_venta: 9, numero: 99 }], REMOVE);
    assert.deepEqual(counts(removal), [3, 1, 0, 2]);
    assert.deepEqual(removal.rechazos, [
      { fila: 1, campo: 'numero', mensaje: integrationAuthorizationMsg.yaDecidido(true) },
      { fila: 3, campo: 'numero', mensaje: integrationBatchMsg.noExiste },
    ]);
    assert.equal((await listed('pendientes')).has(11), false);
    assert.equal((await listed('decididos')).get(10)?.importe, '300.00');
    const lines = await sql<{ n: number }>`select count(*)::int as n from stock_voucher_lines l where not exists (select 1 from stock_vouchers v where v.id = l.voucher_id)`.execute(ctx.db);
    assert.equal(lines.rows[0]!.n, 0, 'the lines went with the voucher');
    await expectListRecomputed('removed');
  });

  test('each rejection with its field and Spanish message; the good rows of the batch are written', async () => {
    const answer = await batch([
      voucher(301),
      voucher(302, { cliente: 987654 }),
      voucher(303, { vendedor: 987655 }),
      voucher(304, { tipo: 'remito' }),
      voucher(305, { importe: '12,50' }),
      voucher(306, { fecha: '2026-02-30' }),
      voucher(307, { lineas: [] }),
      voucher(308, { lineas: [{ descripcion: 'x', cantidad: '-1', importe: '1' }] }),
      voucher(309, { usuario: '' }),
      voucher(301),
    ]);
    assert.deepEqual(counts(answer), [10, 1, 0, 9]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'cliente', mensaje: integrationAuthorizationMsg.clienteInexistente(987654) },
      { fila: 3, campo: 'vendedor', mensaje: integrationBatchMsg.vendedorInexistente(987655) },
      { fila: 4, campo: 'tipo', mensaje: integrationAuthorizationMsg.tipoInvalido },
      { fila: 5, campo: 'importe', mensaje: integrationAuthorizationMsg.importeInvalido },
      { fila: 6, campo: 'fecha', mensaje: integrationAuthorizationMsg.fechaInvalida },
      { fila: 7, campo: 'lineas', mensaje: integrationAuthorizationMsg.sinLineas },
      { fila: 8, campo: 'lineas.0.cantidad', mensaje: integrationAuthorizationMsg.cantidadInvalida },
      { fila: 9, campo: 'usuario', mensaje: integrationBatchMsg.textoObligatorio },
      { fila: 10, campo: 'numero', mensaje: integrationAuthorizationMsg.comprobanteRepetido(1) },
    ]);
    const written = await sql<{ number: number }>`select number from stock_vouchers where company_id = ${companyId} and voucher_code = 'ZZA' and number between 301 and 309`.execute(ctx.db);
    assert.deepEqual(written.rows.map((r) => r.number), [301]);
  });

  test("another company's row, a foreign company's key, a user token, a revoked key: refused, nothing written", async () => {
    const count = async (n: number) => (await sql<{ n: number }>`select count(*)::int as n from stock_vouchers where voucher_code = 'ZZA' and number = ${n}`.execute(ctx.db)).rows[0]!.n;
    expectRefused(await sendBatch(ctx.app, secret, URL, [voucher(401), voucher(402, { cuit_empresa: DEL_SUR })]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    assert.equal(await count(401), 0);
    await batch([voucher(403)]);
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP del sur', escribir: ['autorizaciones'] })).secreto;
    assert.deepEqual((await batch([{ tipo: 'ZZA', punto_venta: 9, numero: 403 }], REMOVE, foreign)).rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationBatchMsg.noExiste }]);
    assert.equal(await count(403), 1);
    expectRefused(await sendBatch(ctx.app, staff, URL, [voucher(404)]), 401, integrationMsg.soloClaves);
    const doomed = await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP a revocar', escribir: ['autorizaciones'] });
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${doomed.clave.id}`, headers: bearer(admin, { cuit: LA_PAMPA }) });
    assert.equal(revoked.statusCode, 200, revoked.body);
    expectRefused(await sendBatch(ctx.app, doomed.secreto, URL, [voucher(404)]), 401, integrationMsg.claveRevocadaAcceso);
    assert.equal(await count(404), 0);
  });

  test('two concurrent batches of the same vouchers converge: one voucher each, its lines once', async () => {
    const a = Array.from({ length: 30 }, (_, i) => voucher(500 + i));
    const [ra, rb] = await Promise.all([batch(a), batch([...a].reverse())]);
    assert.equal(ra.rechazadas + rb.rechazadas, 0);
    assert.equal(ra.aceptadas + ra.sin_cambios, 30);
    const n = await sql<{ vouchers: number; lines: number }>`select count(distinct v.id)::int as vouchers, count(l.id)::int as lines from stock_vouchers v
      join stock_voucher_lines l on l.voucher_id = v.id where v.company_id = ${companyId} and v.voucher_code = 'ZZA' and v.number between 500 and 529`.execute(ctx.db);
    assert.deepEqual(n.rows[0], { vouchers: 30, lines: 60 });
    assert.deepEqual(counts(await batch(a)), [30, 0, 30, 0]);
    await expectListRecomputed('after concurrent batches');
  });

  test('the example row of the OpenAPI document is a valid row', async () => {
    assert.deepEqual(counts(await batch([{ ...AUTHORIZATION_ROW_EXAMPLE, tipo: 'ZZB' }])), [1, 1, 0, 0]);
  });
});
