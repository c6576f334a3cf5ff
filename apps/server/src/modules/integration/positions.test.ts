import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  columnValue,
  integrationBatchMsg,
  integrationMovementMsg,
  integrationMsg,
  integrationPositionMsg,
  integrationRowMsg,
  POSITION_ROW_EXAMPLE,
  todayInArgentina,
  type StockPositionResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { counts, createKey, INTEGRATION, KEYS_URL, makeAdminOf, okBatch, sendBatch } from './test-support.js';

/**
 * Stock positions and deliverables (posiciones) loaded by the ERP: per product line of an invoice, the deposit that
 * holds the goods and the remitos that delivered them; and the stock-position screens ('POS', 'PEN') right after every
 * sync, against a recomputation from the rows.
 */

let ctx: TestContext;
let admin: string;
let secret: string;
let token: string;
let companyId: number;
/** Two deposits of the company: [code, name]. */
let deposits: Array<{ id: number; code: number; name: string }>;
const URL = `${INTEGRATION}/posiciones`;
const REMOVE = `${URL}/bajas`;
const MOVEMENTS = `${INTEGRATION}/movimientos`;
const TODAY = todayInArgentina();
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const INVOICE_DATE = addDays(TODAY, -20);

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP posiciones', escribir: ['movimientos', 'posiciones'] })).secreto;
  token = (await login(ctx.app, 'productor')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  deposits = await ctx.db.selectFrom('deposits').select(['id', 'code', 'name']).where('company_id', '=', companyId).orderBy('code').limit(2).execute();
  assert.equal(deposits.length, 2);
  // Invoices of customer 1001 with product lines (Zzpos products) and a line of another concept.
  const invoice = (numero: number, lineas: unknown[]) => ({ tipo: 'FC', letra: 'A', punto_venta: 88, numero, cliente: 1001, fecha: INVOICE_DATE, importe: '1000.00', lineas });
  const line = (code: string, cantidad: string) => ({ producto: code, descripcion: `Zzpos semilla ${code}`, cantidad, unidad: 'bolsa', precio: '10.00', importe: '100.00' });
  const answer = await okBatch(ctx.app, secret, MOVEMENTS, [
    invoice(1, [line('ZZPOS1', '10'), { descripcion: 'Flete', importe: '50.00' }, line('ZZPOS2', '5')]),
    invoice(2, [line('ZZPOS1', '4')]),
    ...Array.from({ length: 50 }, (_, i) => invoice(100 + i, [line('ZZPOS3', '2')])),
  ]);
  assert.equal(answer.rechazadas, 0, JSON.stringify(answer.rechazos));
});
after(async () => {
  await ctx?.close();
});

const batch = (rows: unknown[], url = URL, key = secret) => okBatch(ctx.app, key, url, rows);
const position = (numero: number, renglon: number, deposito: number, entregas: unknown[] = [], over: Record<string, unknown> = {}) => ({ punto_venta: 88, numero, renglon, deposito, entregas, ...over });
const remito = (numero: number, cantidad: string | number, over: Record<string, unknown> = {}) => ({ punto_venta: 4, numero, fecha: addDays(INVOICE_DATE, 5), cantidad, ...over });

async function screen(codres: 'POS' | 'PEN'): Promise<StockPositionResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/cgi/etenet_pEntregarStk?codres=${codres}&desart=zzpos&limit=100`, headers: bearer(token, { cuit: LA_PAMPA, entity_id: '1001' }) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as StockPositionResponse;
}
/** Per product: [bought, delivered, to deliver] as the position screen shows it. */
const shown = async () => Object.fromEntries((await screen('POS')).items.map((r) => [r.codalfa, [columnValue(r, 1), columnValue(r, 2), columnValue(r, 3)]]));
/** Per product: what is to deliver per deposit code, as the deliverables screen shows it. */
const pendingShown = async () => {
  const res = await screen('PEN');
  return Object.fromEntries(res.items.map((r) => [r.codalfa, Object.fromEntries(res.titulosColumnas.map((t) => [t.id, columnValue(r, t.id)]).filter(([, v]) => v !== 0))]));
};

/** Both screens against a recomputation in SQL from the invoices' lines and the remitos of the Zzpos products. */
async function expectScreensRecomputed(why: string) {
  const rows = await sql<{ code: string; bought: string; delivered: string; deposit: number | null; left: string }>`
    select vl.product_code as code, vl.quantity::text as bought, coalesce(sum(d.quantity), 0)::text as delivered, dep.code as deposit,
      (vl.quantity - coalesce(sum(d.quantity), 0))::text as left
    from account_movements m join voucher_lines vl on vl.movement_id = m.id
    left join product_deliveries d on d.movement_id = m.id and d.line_no = vl.line_no
    left join deposits dep on dep.id = vl.deposit_id
    join entities e on e.id = m.entity_id
    where m.company_id = ${companyId} and e.code = 1001 and m.voucher_code = 'FC' and vl.product_code like 'ZZPOS%'
    group by vl.id, vl.product_code, vl.quantity, dep.code`.execute(ctx.db);
  const pos: Record<string, number[]> = {};
  const pen: Record<string, Record<number, number>> = {};
  for (const r of rows.rows) {
    const p = (pos[r.code] ??= [0, 0, 0]) as [number, number, number];
    p[0] += Number(r.bought);
    p[1] += Number(r.delivered);
    p[2] += Number(r.left);
    // A line without a deposit counts in the total to deliver only (no deposit's column holds it).
    if (Number(r.left) > 0) {
      const byDeposit = (pen[r.code] ??= {});
      if (r.deposit !== null) byDeposit[r.deposit] = (byDeposit[r.deposit] ?? 0) + Number(r.left);
      byDeposit[100] = (byDeposit[100] ?? 0) + Number(r.left);
    }
  }
  assert.deepEqual(await shown(), pos, `${why}: the position`);
  assert.deepEqual(await pendingShown(), pen, `${why}: the deliverables`);
}

describe('POST /api/integration/v1/posiciones', () => {
  test('accepted, then the same batch unchanged, then a change counted alone; both screens follow each sync', async () => {
    const [d1, d2] = deposits as [(typeof deposits)[0], (typeof deposits)[0]];
    assert.deepEqual((await shown()).ZZPOS1, [14, 0, 14], 'before: nothing delivered');
    const rows = [position(1, 1, d1.code, [remito(1001, '6')]), position(1, 3, d2.code), position(2, 1, d2.code, [remito(1002, '1.5'), remito(1003, 2.5)])];
    assert.deepEqual(counts(await batch(rows)), [3, 3, 0, 0]);
    assert.deepEqual((await shown()).ZZPOS1, [14, 10, 4]);
    assert.deepEqual((await pendingShown()).ZZPOS1, { [d1.code]: 4, 100: 4 });
    assert.deepEqual((await pendingShown()).ZZPOS2, { [d2.code]: 5, 100: 5 });
    const remitos = await ctx.db.selectFrom('product_deliveries').select(['series', 'number', 'quantity', 'deposit_id']).where('company_id', '=', companyId).where('series', '=', 4).orderBy('number').execute();
    assert.deepEqual(remitos.filter((r) => r.number >= 1001 && r.number <= 1003).map((r) => [r.number, r.quantity, r.deposit_id]), [
      [1001, '6.000', d1.id],
      [1002, '1.500', d2.id],
      [1003, '2.500', d2.id],
    ]);
    await expectScreensRecomputed('accepted');

    assert.deepEqual(counts(await okBatch(ctx.app, secret, URL, rows, true)), [3, 0, 3, 0], 'the same batch again (as NDJSON): unchanged');
    assert.deepEqual(counts(await batch([{ ...rows[0], entregas: [remito(1001, '6.000')] }])), [1, 0, 1, 0], '"6" and "6.000" are one quantity');

    // A remito more on the first line, and a line moved to the other deposit: written whole, counted alone.
    assert.deepEqual(counts(await batch([position(1, 1, d1.code, [remito(1001, '6'), remito(1004, '4', { deposito: d2.code })]), position(1, 3, d1.code), rows[2]])), [3, 2, 1, 0]);
    assert.deepEqual((await shown()).ZZPOS1, [14, 14, 0]);
    assert.deepEqual((await pendingShown()).ZZPOS2, { [d1.code]: 5, 100: 5 });
    assert.equal((await pendingShown()).ZZPOS1, undefined, 'delivered in full: no longer a deliverable');
    await expectScreensRecomputed('changed');

    // A resend of the invoice by movimientos keeps its lines' positions.
    await batch([{ tipo: 'FC', letra: 'A', punto_venta: 88, numero: 2, cliente: 1001, fecha: INVOICE_DATE, importe: '999.00', lineas: [{ producto: 'ZZPOS1', descripcion: 'Zzpos semilla ZZPOS1', cantidad: '4', unidad: 'bolsa', precio: '10.00', importe: '100.00' }] }], MOVEMENTS);
    assert.deepEqual(counts(await batch([rows[2]])), [1, 0, 1, 0]);
    await expectScreensRecomputed('invoice resent');
    // An invoice the remitos point to is not removed by movimientos.
    const refused = await batch([{ tipo: 'FC', punto_venta: 88, numero: 2 }], `${MOVEMENTS}/bajas`);
    assert.deepEqual(refused.rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationMovementMsg.vinculadoEnPortal }]);
  });

  test('removed explicitly: the line is to deliver again; a removal of what never was is rejected', async () => {
    const [d1] = deposits as [(typeof deposits)[0]];
    await batch([position(100, 1, d1.code, [remito(2001, '2')]), position(101, 1, d1.code, [remito(2002, '1')])]);
    await expectScreensRecomputed('before removal');
    const answer = await batch([{ punto_venta: 88, numero: 100, renglon: 1 }, { punto_venta: 88, numero: 9999, renglon: 1 }, { punto_venta: 88, numero: 102, renglon: 1 }], REMOVE);
    assert.deepEqual(counts(answer), [3, 1, 0, 2]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'numero', mensaje: integrationPositionMsg.facturaInexistente(88, 9999) },
      { fila: 3, campo: 'renglon', mensaje: integrationPositionMsg.sinPosicion },
    ]);
    const line = await sql<{ deposit_id: number | null; n: number }>`select vl.deposit_id, (select count(*)::int from product_deliveries d where d.movement_id = m.id) as n
      from account_movements m join voucher_lines vl on vl.movement_id = m.id where m.company_id = ${companyId} and m.voucher_code = 'FC' and m.series = 88 and m.number = 100`.execute(ctx.db);
    assert.deepEqual(line.rows, [{ deposit_id: null, n: 0 }]);
    assert.equal((await sql<{ n: number }>`select count(*)::int as n from product_deliveries where company_id = ${companyId} and series = 4 and number = 2002`.execute(ctx.db)).rows[0]!.n, 1, 'absent from a batch is not removed');
    await expectScreensRecomputed('removed');
  });

  test('each rejection with its field and Spanish message; the good rows of the batch are written', async () => {
    const [d1] = deposits as [(typeof deposits)[0]];
    const answer = await batch([
      position(110, 1, d1.code, [remito(3001, '1')]),
      position(9999, 1, d1.code),
      position(1, 2, d1.code),
      position(1, 9, d1.code),
      position(111, 1, 987654),
      position(112, 1, d1.code, [remito(3002, '1', { deposito: 987655 })]),
      position(113, 1, d1.code, [remito(3003, '1', { fecha: addDays(INVOICE_DATE, -1) })]),
      position(114, 1, d1.code, [remito(3004, '1.5'), remito(3005, '1')]),
      position(115, 1, d1.code, [remito(3006, '0')]),
      position(116, 1, d1.code, [remito(3007, '1,5')]),
      position(117, 1, d1.code, [remito(3008, '1'), remito(3008, '1')]),
      position(118, 1, d1.code, [remito(3009, '1', { fecha: '2026-02-30' })]),
      position(119, 0, d1.code),
      position(110, 1, d1.code),
    ]);
    assert.deepEqual(counts(answer), [14, 1, 0, 13]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'numero', mensaje: integrationPositionMsg.facturaInexistente(88, 9999) },
      { fila: 3, campo: 'renglon', mensaje: integrationPositionMsg.renglonSinProducto(2) },
      { fila: 4, campo: 'renglon', mensaje: integrationPositionMsg.renglonSinProducto(9) },
      { fila: 5, campo: 'deposito', mensaje: integrationRowMsg.depositoInexistente(987654) },
      { fila: 6, campo: 'entregas.0.deposito', mensaje: integrationRowMsg.depositoInexistente(987655) },
      { fila: 7, campo: 'entregas.0.fecha', mensaje: integrationPositionMsg.entregaAnterior },
      { fila: 8, campo: 'entregas', mensaje: integrationPositionMsg.entregadoSupera('2.500', '2.000') },
      { fila: 9, campo: 'entregas.0.cantidad', mensaje: integrationPositionMsg.cantidadEntregaInvalida },
      { fila: 10, campo: 'entregas.0.cantidad', mensaje: integrationPositionMsg.cantidadEntregaInvalida },
      { fila: 11, campo: 'entregas.1', mensaje: integrationPositionMsg.remitoRepetido },
      { fila: 12, campo: 'entregas.0.fecha', mensaje: integrationPositionMsg.fechaEntregaInvalida },
      { fila: 13, campo: 'renglon', mensaje: integrationPositionMsg.renglonInvalido },
      { fila: 14, campo: 'renglon', mensaje: integrationPositionMsg.renglonRepetido(1) },
    ]);
    const written = await sql<{ number: number }>`select number from product_deliveries where company_id = ${companyId} and series = 4 and number between 3001 and 3009 order by number`.execute(ctx.db);
    assert.deepEqual(written.rows.map((r) => r.number), [3001]);
  });

  test("another company's row, a foreign company's key, a user token, a revoked key: refused, nothing written", async () => {
    const [d1] = deposits as [(typeof deposits)[0]];
    expectRefused(await sendBatch(ctx.app, secret, URL, [position(120, 1, d1.code), position(121, 1, d1.code, [], { cuit_empresa: DEL_SUR })]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    const held = async (n: number) => (await sql<{ deposit_id: number | null }>`select vl.deposit_id from account_movements m join voucher_lines vl on vl.movement_id = m.id
      where m.company_id = ${companyId} and m.voucher_code = 'FC' and m.series = 88 and m.number = ${n}`.execute(ctx.db)).rows[0]!.deposit_id;
    assert.equal(await held(120), null);

    // Another company's key finds none of La Pampa's invoices.
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP del sur', escribir: ['posiciones'] })).secreto;
    const answer = await batch([position(120, 1, 1)], URL, foreign);
    assert.deepEqual(answer.rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationPositionMsg.facturaInexistente(88, 120) }]);
    assert.deepEqual((await batch([{ punto_venta: 88, numero: 110, renglon: 1 }], REMOVE, foreign)).rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationPositionMsg.facturaInexistente(88, 110) }]);
    assert.equal(await held(120), null);

    expectRefused(await sendBatch(ctx.app, token, URL, [position(120, 1, d1.code)]), 401, integrationMsg.soloClaves);
    const doomed = await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP a revocar', escribir: ['posiciones'] });
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${doomed.clave.id}`, headers: bearer(admin, { cuit: LA_PAMPA }) });
    assert.equal(revoked.statusCode, 200, revoked.body);
    expectRefused(await sendBatch(ctx.app, doomed.secreto, URL, [position(120, 1, d1.code)]), 401, integrationMsg.claveRevocadaAcceso);
    assert.equal(await held(120), null);
  });

  test('two concurrent batches of the same lines converge: each remito once', async () => {
    const [d1, d2] = deposits as [(typeof deposits)[0], (typeof deposits)[0]];
    const a = Array.from({ length: 16 }, (_, i) => position(130 + i, 1, i % 2 ? d1.code : d2.code, [remito(4000 + i, '1'), remito(4100 + i, '0.5')]));
    const b = [...a].reverse();
    const [ra, rb] = await Promise.all([batch(a), batch(b)]);
    assert.equal(ra.rechazadas + rb.rechazadas, 0);
    assert.equal(ra.aceptadas + ra.sin_cambios, 16);
    const n = await sql<{ n: number }>`select count(*)::int as n from product_deliveries where company_id = ${companyId} and series = 4 and (number between 4000 and 4015 or number between 4100 and 4115)`.execute(ctx.db);
    assert.equal(n.rows[0]!.n, 32);
    assert.deepEqual(counts(await batch(a)), [16, 0, 16, 0]);
    await expectScreensRecomputed('after concurrent batches');
  });

  test('the example row of the OpenAPI document is a valid row', async () => {
    const [d1] = deposits as [(typeof deposits)[0]];
    const answer = await batch([{ ...POSITION_ROW_EXAMPLE, punto_venta: 88, numero: 129, deposito: d1.code, entregas: [{ ...POSITION_ROW_EXAMPLE.entregas[0], fecha: TODAY, cantidad: '1' }] }]);
    assert.deepEqual(counts(answer), [1, 1, 0, 0], JSON.stringify(answer.rechazos));
  });
});
