import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  formatMoney,
  integrationBatchMsg,
  integrationMovementMsg,
  integrationMsg,
  integrationRowMsg,
  todayInArgentina,
  type DashboardResponse,
  type PendientesResponse,
  type StatementResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { staleStatistics } from '../../db/statistics.js';
import { counts, createKey, INTEGRATION, KEYS_URL, makeAdminOf, okBatch, sendBatch } from './test-support.js';

/**
 * Account movements (movimientos) loaded by the ERP: each voucher with its lines and applications, keyed by type,
 * point of sale and number; and what the portal derives from them (the statements' running balance and checkpoints,
 * the dashboard's balance and 'Vencido', the pending documents) against a recomputation from the rows, in SQL.
 */

let ctx: TestContext;
let admin: string;
let secret: string;
let token: string;
let companyId: number;
let entity1001: number;
let otherCode: number;
const URL = `${INTEGRATION}/movimientos`;
const REMOVE = `${URL}/bajas`;
const TODAY = todayInArgentina();
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const H = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP cuenta corriente', escribir: ['movimientos', 'pendientes'] })).secreto;
  token = (await login(ctx.app, 'productor')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  entity1001 = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', companyId).where('code', '=', 1001).executeTakeFirstOrThrow()).id;
  otherCode = (await ctx.db.selectFrom('entities').select('code').where('company_id', '=', companyId).where('code', '<>', 1001).orderBy('code').executeTakeFirstOrThrow()).code;
});
after(async () => {
  await ctx?.close();
});

const batch = (rows: unknown[], url = URL, key = secret) => okBatch(ctx.app, key, url, rows);
/** An invoice of customer 1001 (point of sale 77), due in 30 days unless told. */
const invoice = (numero: number, over: Record<string, unknown> = {}) => ({
  tipo: 'FC',
  letra: 'A',
  punto_venta: 77,
  numero,
  cliente: 1001,
  fecha: addDays(TODAY, -10),
  vencimiento: addDays(TODAY, 20),
  importe: '1210.00',
  neto: '1000.00',
  iva21: '210.00',
  tipo_afip: 1,
  lineas: [
    { producto: '5001', descripcion: 'Glifosato x 20 l', cantidad: '2', unidad: 'l', precio: '400.00', importe: '800.00' },
    { descripcion: 'Flete', importe: '200' },
  ],
  ...over,
});
const voucher = (code: string, series: number, number: number) =>
  ctx.db
    .selectFrom('account_movements as m')
    .innerJoin('entities as e', 'e.id', 'm.entity_id')
    .select(['m.id', 'e.code as cliente', 'm.voucher_name', sql<string>`m.amount::text`.as('amount'), sql<string>`to_char(m.date, 'YYYY-MM-DD')`.as('date'), 'm.settled', 'm.currency'])
    .where('m.company_id', '=', companyId)
    .where('m.voucher_code', '=', code)
    .where('m.series', '=', series)
    .where('m.number', '=', number)
    .executeTakeFirst();
const lines = async (movementId: string) =>
  (
    await ctx.db
      .selectFrom('voucher_lines')
      .select(['line_no', 'kind', 'product_code', 'description', sql<string | null>`quantity::text`.as('quantity'), sql<string>`amount::text`.as('amount')])
      .where('movement_id', '=', movementId)
      .orderBy('line_no')
      .execute()
  ).map((l) => ({ ...l }));

// ── The derived figures, recomputed here from the rows in SQL ────────────────────────────────────────────────────

/** statement_checkpoints equal a recomputation from account_movements, row for row. */
async function expectCheckpointsExact(why: string) {
  const recomputed = sql`select m.company_id, m.entity_id, m.currency, b.basis, b.month, m.account_type, sum(m.amount) as total, count(*)::int as movements,
      (count(*) filter (where m.amount < 0))::int as credits, (count(*) filter (where m.amount > 0))::int as debits
    from account_movements m
    cross join lateral (values ('c'::"char", date_trunc('month', m.date::timestamp)::date), ('f'::"char", date_trunc('month', coalesce(m.due_date, m.date)::timestamp)::date)) as b(basis, month)
    group by 1, 2, 3, 4, 5, 6`;
  const stored = sql`select company_id, entity_id, currency, basis, month, account_type, total, movements, credits, debits from statement_checkpoints`;
  const diff = await sql<{ n: number }>`select (select count(*) from (${recomputed} except ${stored}) a)::int + (select count(*) from (${stored} except ${recomputed}) b)::int as n`.execute(ctx.db);
  assert.equal(Number(diff.rows[0]!.n), 0, `${why}: checkpoints differ from the movements`);
}

/** A statements page (chronological 'c' or financial 'f') against the window sum over every movement of the account. */
async function expectStatementPage(view: 'c' | 'f', start: number, why: string) {
  const order = view === 'c' ? sql`m.date` : sql`coalesce(m.due_date, m.date)`;
  const want = await sql<{ id: string; saldo: string; total: number }>`
    select id::text, saldo::text, total from (
      select m.id, sum(m.amount) over (order by ${order}, m.id) as saldo, count(*) over ()::int as total, ${order} as k
      from account_movements m where m.company_id = ${companyId} and m.entity_id = ${entity1001} and m.currency = 'ARS' and m.account_type in (1, 2)) x
    order by k desc, id desc offset ${start} limit 7`.execute(ctx.db);
  const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/cgi/etenet_rencbte${view}?moneda=ARS&start=${start}&limit=7`, headers: H() });
  assert.equal(res.statusCode, 200, res.body);
  const page = res.json() as StatementResponse;
  assert.equal(page.total, want.rows[0]?.total ?? page.total, `${why}: ${view} total`);
  assert.deepEqual(page.items.map((m) => String(m.id)), want.rows.map((r) => r.id), `${why}: ${view} rows at ${start}`);
  page.items.forEach((m, i) => assert.equal(m.saldo_con_formato, formatMoney(want.rows[i]!.saldo, 'ARS'), `${why}: ${view} saldo of row ${start + i}`));
  return page.total;
}

/** The dashboard's balance per currency and 'Vencido' of customer 1001. */
async function expectDashboard(why: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/cgi/etenet_dashboard', headers: H() });
  assert.equal(res.statusCode, 200, res.body);
  const summary = (res.json() as DashboardResponse).porlets.find((p) => p.id === 'resumen-cliente') as { items: Array<{ id: string; valor_con_formato: string }> } | undefined;
  assert.ok(summary, `${why}: the summary card`);
  const sums = await sql<{ currency: 'ARS' | 'USD'; total: string }>`select currency, sum(amount)::text as total from account_movements
    where company_id = ${companyId} and entity_id = ${entity1001} group by currency`.execute(ctx.db);
  for (const s of sums.rows) assert.equal(summary.items.find((i) => i.id === `saldo-${s.currency}`)?.valor_con_formato, formatMoney(s.total, s.currency), `${why}: saldo ${s.currency}`);
  const overdue = await sql<{ total: string | null }>`select sum(o)::text as total from (
      select m.amount - coalesce((select sum(ra.amount) from receipt_applications ra join receipts r on r.id = ra.receipt_id
        where ra.movement_id = m.id and r.status = 'approved'), 0) as o
      from account_movements m where m.company_id = ${companyId} and m.entity_id = ${entity1001} and m.currency = 'ARS'
        and m.amount > 0 and not m.settled and m.due_date < ${TODAY}::date) d where o > 0`.execute(ctx.db);
  const item = summary.items.find((i) => i.id === 'vencido');
  const total = overdue.rows[0]?.total ?? null;
  if (total !== null) assert.equal(item?.valor_con_formato, formatMoney(total, 'ARS'), `${why}: vencido`);
  else if (item) assert.equal(item.valor_con_formato, formatMoney('0', 'ARS'), `${why}: vencido`);
  return total;
}

/** The pending documents (getAllPendientes) against the unsettled documents less what receipts apply. */
async function expectPending(why: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/recibos/getAllPendientes', headers: H() });
  assert.equal(res.statusCode, 200, res.body);
  const got = (res.json() as PendientesResponse).items.map((d) => [String(d.id), d.importe_saldo]);
  const want = await sql<{ id: string; o: string }>`select id::text, o::text from (
      select m.id, m.due_date, m.date, m.amount - coalesce((select sum(ra.amount) from receipt_applications ra join receipts r on r.id = ra.receipt_id
        where ra.movement_id = m.id and r.status in ('pending', 'approved')), 0) as o
      from account_movements m where m.company_id = ${companyId} and m.entity_id = ${entity1001} and m.currency = 'ARS'
        and not m.settled and m.voucher_code in ('FC', 'ND', 'NC')) d
    where o <> 0 order by coalesce(due_date, date), id`.execute(ctx.db);
  assert.ok(want.rows.length > 0, `${why}: customer 1001 has pending documents`);
  assert.deepEqual(got, want.rows.map((r) => [r.id, r.o]), `${why}: pending documents`);
}

/** Every derived figure the screens show, each against its recomputation. */
async function expectDerived(why: string) {
  await expectCheckpointsExact(why);
  for (const view of ['c', 'f'] as const) {
    const total = await expectStatementPage(view, 0, why);
    await expectStatementPage(view, Math.max(0, total - 7), why);
  }
  const overdue = await expectDashboard(why);
  await expectPending(why);
  return overdue;
}

describe('POST /api/integration/v1/movimientos', () => {
  test('accepted with its lines and applications, then unchanged, then changed: each row counted once', async () => {
    const rows = [
      invoice(1),
      invoice(2, { vencimiento: addDays(TODAY, -3), importe: 5000, lineas: [] }),
      { tipo: 'RC', punto_venta: 77, numero: 3, cliente: 1001, fecha: addDays(TODAY, -1), importe: '3000.00', cancelado: true, aplica: [{ tipo: 'FC', letra: 'A', punto_venta: 77, numero: 2, importe: '3000' }] },
    ];
    assert.deepEqual(counts(await batch(rows)), [3, 3, 0, 0]);
    const fc = await voucher('FC', 77, 1);
    const { id: _id, ...shown } = fc!;
    assert.deepEqual(shown, { cliente: 1001, voucher_name: 'Factura A', amount: '1210.00', date: addDays(TODAY, -10), settled: false, currency: 'ARS' });
    assert.deepEqual(await lines(fc!.id), [
      { line_no: 1, kind: 'product', product_code: '5001', description: 'Glifosato x 20 l', quantity: '2.000', amount: '800.00' },
      { line_no: 2, kind: 'other', product_code: null, description: 'Flete', quantity: null, amount: '200.00' },
    ]);
    const rc = await voucher('RC', 77, 3);
    assert.equal(rc?.amount, '-3000.00', 'a receipt is a credit');
    assert.deepEqual(await lines(rc!.id), [{ line_no: 1, kind: 'applied', product_code: null, description: 'Factura A 00077-00000002', quantity: null, amount: '3000.00' }]);
    await expectDerived('inserted');

    // The same batch again (amounts written otherwise: 5000 and "5000.00" are one value): nothing written.
    const versions = await sql<{ v: string }>`select coalesce(sum(version), 0)::text as v from statement_versions`.execute(ctx.db);
    assert.deepEqual(counts(await batch(rows.map((r, i) => (i === 1 ? { ...r, importe: '5000.00' } : r)))), [3, 0, 3, 0]);
    assert.equal((await sql<{ v: string }>`select coalesce(sum(version), 0)::text as v from statement_versions`.execute(ctx.db)).rows[0]!.v, versions.rows[0]!.v, 'an unchanged batch bumps no version');

    // One line changed: the voucher is rewritten whole, its lines replaced; the others stay unchanged.
    assert.deepEqual(counts(await batch([invoice(1, { lineas: [{ descripcion: 'Flete', importe: '1210' }] }), rows[1]])), [2, 1, 1, 0]);
    assert.deepEqual((await lines(fc!.id)).map((l) => [l.line_no, l.description, l.amount]), [[1, 'Flete', '1210.00']]);
    assert.equal((await voucher('FC', 77, 1))?.id, fc!.id, 'the same movement, updated in place');
  });

  test('insert, change an amount, back-date, move to another customer, remove: every derived figure equals its recomputation', async () => {
    // The screens' answers are read first, so that any answer kept in memory would be stale after the syncs.
    await expectDerived('before');
    assert.deepEqual(counts(await batch([invoice(101), invoice(102, { moneda: 'USD', importe: '50.25', lineas: [] }), invoice(103, { vencimiento: addDays(TODAY, -40), fecha: addDays(TODAY, -70) })])), [3, 3, 0, 0]);
    assert.ok(await expectDerived('inserted'), 'an overdue document (103) counts in Vencido');
    assert.deepEqual(counts(await batch([invoice(101, { importe: '999.99' })])), [1, 1, 0, 0]);
    await expectDerived('amount changed');
    assert.deepEqual(counts(await batch([invoice(101, { importe: '999.99', fecha: addDays(TODAY, -800), vencimiento: addDays(TODAY, -770) })])), [1, 1, 0, 0]);
    assert.equal((await voucher('FC', 77, 101))?.date, addDays(TODAY, -800));
    await expectDerived('back-dated two years');
    assert.deepEqual(counts(await batch([invoice(103, { cliente: otherCode, vencimiento: addDays(TODAY, -40), fecha: addDays(TODAY, -70) })])), [1, 1, 0, 0]);
    assert.equal((await voucher('FC', 77, 103))?.cliente, otherCode);
    await expectDerived('moved to another customer');
    assert.deepEqual(counts(await batch([invoice(103, { cancelado: true, cliente: otherCode, vencimiento: addDays(TODAY, -40), fecha: addDays(TODAY, -70) })])), [1, 1, 0, 0]);
    assert.deepEqual(counts(await batch([invoice(102, { cancelado: true, moneda: 'USD', importe: '50.25', lineas: [] })])), [1, 1, 0, 0]);
    await expectDerived('cancelled in the ERP');
    const removed = await batch([{ tipo: 'FC', punto_venta: 77, numero: 101 }, { tipo: 'FC', punto_venta: 77, numero: 103 }], REMOVE);
    assert.deepEqual(counts(removed), [2, 2, 0, 0]);
    assert.equal(await voucher('FC', 77, 101), undefined);
    await expectDerived('removed');
    // A removal again: the voucher is no longer there.
    const again = await batch([{ tipo: 'FC', punto_venta: 77, numero: 101 }], REMOVE);
    assert.deepEqual(again.rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationBatchMsg.noExiste }]);
  });

  test('the lines of a removed voucher go with it; a voucher the portal links to cannot be removed', async () => {
    assert.deepEqual(counts(await batch([invoice(201)])), [1, 1, 0, 0]);
    const id = (await voucher('FC', 77, 201))!.id;
    assert.deepEqual(counts(await batch([{ tipo: 'FC', punto_venta: 77, numero: 201 }], REMOVE)), [1, 1, 0, 0]);
    assert.deepEqual(await lines(id), []);
    // A seeded document a portal receipt applies to.
    const linked = await sql<{ voucher_code: string; series: number; number: number }>`select m.voucher_code, m.series, m.number from account_movements m
      join receipt_applications ra on ra.movement_id = m.id where m.company_id = ${companyId} limit 1`.execute(ctx.db);
    const l = linked.rows[0]!;
    const refused = await batch([{ tipo: l.voucher_code, punto_venta: l.series, numero: l.number }], REMOVE);
    assert.deepEqual(refused.rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationMovementMsg.vinculadoEnPortal }]);
    assert.ok(await voucher(l.voucher_code, l.series, l.number), 'still there');
  });

  test('each rejection with its field and Spanish message; the good rows of the batch are written', async () => {
    const answer = await batch([
      invoice(301),
      invoice(302, { cliente: 987654 }),
      invoice(303, { tipo: 'XX' }),
      invoice(304, { importe: '12,50' }),
      invoice(305, { importe: '-10.00' }),
      invoice(306, { fecha: '2026-02-30' }),
      invoice(307, { vencimiento: addDays(TODAY, -30) }),
      invoice(308, { cuenta: 42 }),
      { tipo: 'RC', punto_venta: 77, numero: 309, cliente: 1001, fecha: TODAY, importe: '10', aplica: [{ tipo: 'FC', punto_venta: 77, numero: 301, importe: '10.01' }] },
      invoice(310, { aplica: [{ tipo: 'FC', punto_venta: 77, numero: 301, importe: '1' }] }),
      invoice(301),
      invoice(311, { lineas: [{ descripcion: '', importe: '1' }] }),
    ]);
    assert.deepEqual(counts(answer), [12, 1, 0, 11]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(987654) },
      { fila: 3, campo: 'tipo', mensaje: integrationMovementMsg.tipoInvalido },
      { fila: 4, campo: 'importe', mensaje: integrationRowMsg.decimalInvalido(2) },
      { fila: 5, campo: 'importe', mensaje: integrationRowMsg.noNegativo },
      { fila: 6, campo: 'fecha', mensaje: integrationMovementMsg.fechaInvalida },
      { fila: 7, campo: 'vencimiento', mensaje: integrationMovementMsg.vencimientoAnterior },
      { fila: 8, campo: 'cuenta', mensaje: integrationMovementMsg.cuentaInexistente(42) },
      { fila: 9, campo: 'aplica', mensaje: integrationMovementMsg.aplicadoSupera },
      { fila: 10, campo: 'aplica', mensaje: integrationMovementMsg.soloCreditosAplican },
      { fila: 11, campo: 'numero', mensaje: integrationMovementMsg.comprobanteRepetido(1) },
      { fila: 12, campo: 'lineas.0.descripcion', mensaje: integrationBatchMsg.textoObligatorio },
    ]);
    assert.ok(await voucher('FC', 77, 301));
    assert.equal(await voucher('FC', 77, 302), undefined);
    assert.equal(await voucher('XX', 77, 303), undefined);
  });

  test('pendientes is not loaded apart: it answers where pending documents come from', async () => {
    expectRefused(await sendBatch(ctx.app, secret, `${INTEGRATION}/pendientes`, [{ tipo: 'FC', punto_venta: 77, numero: 1 }]), 400, integrationMovementMsg.pendientesDerivados);
  });

  test("another company's row, a foreign company's key, a user token, a revoked key: refused, nothing written", async () => {
    expectRefused(await sendBatch(ctx.app, secret, URL, [invoice(401), invoice(402, { cuit_empresa: DEL_SUR })]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    assert.equal(await voucher('FC', 77, 401), undefined);

    // Another company's key writes in its own company only: La Pampa's voucher is neither found nor changed.
    assert.deepEqual(counts(await batch([invoice(403)])), [1, 1, 0, 0]);
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP del sur', escribir: ['movimientos'] })).secreto;
    const removal = await batch([{ tipo: 'FC', punto_venta: 77, numero: 403 }], REMOVE, foreign);
    assert.deepEqual(removal.rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationBatchMsg.noExiste }]);
    await batch([invoice(403, { importe: '1.00' })], URL, foreign);
    assert.equal((await voucher('FC', 77, 403))?.amount, '1210.00');

    expectRefused(await sendBatch(ctx.app, token, URL, [invoice(404)]), 401, integrationMsg.soloClaves);
    const doomed = await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP a revocar', escribir: ['movimientos'] });
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${doomed.clave.id}`, headers: bearer(admin, { cuit: LA_PAMPA }) });
    assert.equal(revoked.statusCode, 200, revoked.body);
    const res = await sendBatch(ctx.app, doomed.secreto, URL, [invoice(404)]);
    assert.equal(res.statusCode, 401, res.body);
    assert.equal(await voucher('FC', 77, 404), undefined);
  });

  test('two concurrent batches of the same vouchers converge: one row each, its lines once', async () => {
    const a = Array.from({ length: 40 }, (_, i) => invoice(500 + i, { importe: '100.00', lineas: [{ descripcion: `Línea ${i}`, importe: '100' }] }));
    const b = a.map((r) => ({ ...r, importe: '100.00' })).reverse();
    const [ra, rb] = await Promise.all([batch(a), batch(b)]);
    assert.equal(ra.rechazadas + rb.rechazadas, 0);
    assert.equal(ra.aceptadas + ra.sin_cambios, 40);
    const n = await sql<{ movements: number; lines: number }>`select count(distinct m.id)::int as movements, count(l.id)::int as lines from account_movements m
      join voucher_lines l on l.movement_id = m.id where m.company_id = ${companyId} and m.voucher_code = 'FC' and m.series = 77 and m.number between 500 and 539`.execute(ctx.db);
    assert.deepEqual(n.rows[0], { movements: 40, lines: 40 });
    assert.deepEqual(counts(await batch(a)), [40, 0, 40, 0]);
    await expectDerived('after concurrent batches');
  });

  test('a batch brings the planner statistics of the tables it wrote up to date once they changed a lot', async () => {
    const lastAnalyze = async () =>
      (await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables where relname = 'voucher_lines' and schemaname = current_schema()`.execute(ctx.db)).rows[0]?.at ?? null;
    // Every line changed since its statistics, on one connection whose counters are flushed to the statistics views.
    await ctx.db.connection().execute(async (c) => {
      await sql`analyze voucher_lines`.execute(c);
      await sql`update voucher_lines set description = description`.execute(c);
      await sql`select pg_stat_force_next_flush()`.execute(c);
    });
    for (let i = 0; i < 50 && (await staleStatistics(ctx.db, ['voucher_lines'])).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await staleStatistics(ctx.db, ['voucher_lines', 'companies']), ['voucher_lines']);
    const before = await lastAnalyze();
    assert.ok(before);

    await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(counts(await batch([invoice(600, { lineas: [{ descripcion: 'Glifosato', importe: '1210' }] })])), [1, 1, 0, 0]);
    const after = await lastAnalyze();
    assert.ok(after && after > before, `voucher_lines analyzed by the batch (${String(before)} → ${String(after)})`);
    assert.deepEqual(await staleStatistics(ctx.db, ['voucher_lines']), []);
  });
});
