import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  formatNumber,
  integrationBatchMsg,
  integrationGrainMsg,
  integrationMovementMsg,
  integrationMsg,
  type ContractResponse,
  type DashboardResponse,
  type GrainResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { counts, createKey, INTEGRATION, KEYS_URL, makeAdminOf, okBatch, sendBatch } from './test-support.js';

/**
 * Grain movements and certificates (granos) loaded by the ERP, keyed by type, point of sale and number; and what the
 * portal derives from them (the ledger's running balance and stock per harvest, the dashboard's grain position, the
 * contracts' delivered, invoiced and collected kilograms) against a recomputation from the rows, in SQL.
 */

let ctx: TestContext;
let admin: string;
let secret: string;
let token: string;
let companyId: number;
let entity1001: number;
let otherCode: number;
const URL = `${INTEGRATION}/granos`;
const REMOVE = `${URL}/bajas`;
const H = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });
const KIND: Record<string, number> = { RO: 1, CE: 2, TR: 3, LB: 4, LP: 5, RT: 6 };

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP granos', escribir: ['granos'] })).secreto;
  token = (await login(ctx.app, 'productor')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  entity1001 = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', companyId).where('code', '=', 1001).executeTakeFirstOrThrow()).id;
  otherCode = (await ctx.db.selectFrom('entities').select('code').where('company_id', '=', companyId).where('code', '<>', 1001).orderBy('code').executeTakeFirstOrThrow()).code;
});
after(async () => {
  await ctx?.close();
});

const batch = (rows: unknown[], url = URL, key = secret) => okBatch(ctx.app, key, url, rows);
/** A load (romaneo) of soybean of customer 1001, point of sale 77. */
const load = (numero: number, over: Record<string, unknown> = {}) => ({
  tipo: 'RO',
  punto_venta: 77,
  numero,
  cliente: 1001,
  grano: 'SOJ',
  cosecha: '2025/26',
  fecha: '2026-04-20',
  kilos: '28450',
  ...over,
});
const held = (tipo: string, series: number, number: number) =>
  ctx.db
    .selectFrom('grain_movements as gm')
    .innerJoin('entities as e', 'e.id', 'gm.entity_id')
    .select(['gm.id', 'e.code as cliente', 'gm.grain', 'gm.harvest', sql<string>`to_char(gm.date, 'YYYY-MM-DD')`.as('date'), sql<string>`gm.kilos::text`.as('kilos'), 'gm.direct', 'gm.collected'])
    .where('gm.company_id', '=', companyId)
    .where('gm.kind', '=', KIND[tipo]!)
    .where('gm.series', '=', series)
    .where('gm.number', '=', number)
    .executeTakeFirst();
const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: H() });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as T;
};

// ── The derived figures, recomputed here from the rows in SQL ────────────────────────────────────────────────────

const STOCK = sql`case when gm.kind in (1, 3) then gm.kilos when gm.kind in (4, 5, 6) then -gm.kilos else 0 end`;

/** The soybean ledger's first and last page (running balance), its stock per harvest and in total. */
async function expectLedger(why: string) {
  const first = await get<GrainResponse>('/api/public/proxy/cgi/etenet_fichadet?grano=SOJ');
  for (const start of [0, Math.max(0, first.total - 7)]) {
    const want = await sql<{ id: string; saldo: string; total: number }>`select id::text, saldo::text, total from (
        select gm.id, gm.date, sum(${STOCK}) over (order by gm.date, gm.id) as saldo, count(*) over ()::int as total
        from grain_movements gm where gm.company_id = ${companyId} and gm.entity_id = ${entity1001} and gm.grain = 'SOJ' and gm.kind between 1 and 6) x
      order by date desc, id desc offset ${start} limit 7`.execute(ctx.db);
    const page = start === 0 ? first : await get<GrainResponse>(`/api/public/proxy/cgi/etenet_fichadet?grano=SOJ&start=${start}`);
    assert.equal(page.total, want.rows[0]?.total ?? 0, `${why}: ledger total`);
    assert.deepEqual(page.items.map((r) => r.id), want.rows.map((r) => r.id), `${why}: ledger rows at ${start}`);
    page.items.forEach((r, i) => assert.equal(r.saldo_con_formato, formatNumber(want.rows[i]!.saldo, 0), `${why}: saldo of row ${start + i}`));
  }
  const stock = await sql<{ harvest: string; stock: string }>`select gm.harvest, sum(${STOCK})::text as stock from grain_movements gm
    where gm.company_id = ${companyId} and gm.entity_id = ${entity1001} and gm.grain = 'SOJ' group by gm.harvest order by gm.harvest desc`.execute(ctx.db);
  assert.deepEqual(
    first.valoresdegranos.filter((v) => v.cosecha !== '').map((v) => [v.cosecha, v.valor]),
    stock.rows.map((s) => [s.harvest, `${formatNumber(s.stock, 0)} kg`]),
    `${why}: stock per harvest`,
  );
  assert.equal(first.totales.saldo, stock.rows.reduce((a, s) => a + Number(s.stock), 0), `${why}: stock of every harvest`);
}

/** The dashboard's grain position (the seven columns and the stock per grain and harvest) and its summary's grain stock. */
async function expectPosition(why: string) {
  const d = await get<DashboardResponse>('/api/public/proxy/cgi/etenet_dashboard');
  const want = await sql<{ grain: string; harvest: string; k: string[]; stock: string }>`select gm.grain, gm.harvest,
      array[${sql.join([1, 2, 3, 4, 5, 6, 7].map((k) => sql`coalesce(sum(gm.kilos) filter (where gm.kind = ${k}), 0)::text`))}] as k, sum(${STOCK})::text as stock
    from grain_movements gm where gm.company_id = ${companyId} and gm.entity_id = ${entity1001} group by gm.grain, gm.harvest`.execute(ctx.db);
  const got = d.etenet_fichares.items.map((r) => [r.cereal, r.cosecha, [r.kilos1, r.kilos2, r.kilos3, r.kilos4, r.kilos5, r.kilos6, r.kilos7], r.kilstk]).sort();
  assert.deepEqual(got, want.rows.map((r) => [r.grain, r.harvest, r.k.map(Number), Number(r.stock)]).sort(), `${why}: grain position`);
  const summary = d.porlets.find((p) => p.id === 'resumen-cliente') as { items: Array<{ id: string; valor_con_formato: string }> } | undefined;
  const total = want.rows.reduce((a, r) => a + Number(r.stock), 0);
  assert.equal(summary?.items.find((i) => i.id === 'granos-stock')?.valor_con_formato, `${formatNumber(total, 0)} kg`, `${why}: the summary's grain stock`);
}

/** Every soybean contract of customer 1001: delivered, invoiced and collected kilograms from the applied movements. */
async function expectContracts(why: string) {
  const want = await sql<{ id: string; delivered: string; invoiced: string; collected: string }>`select gc.id::text,
      coalesce(sum(a.kilos) filter (where gm.kind in (1, 3)), 0)::text as delivered,
      coalesce(sum(a.kilos) filter (where gm.kind in (4, 5)), 0)::text as invoiced,
      coalesce(sum(a.kilos) filter (where gm.kind in (4, 5) and gm.collected), 0)::text as collected
    from grain_contracts gc left join grain_contract_applications a on a.contract_id = gc.id left join grain_movements gm on gm.id = a.movement_id
    where gc.company_id = ${companyId} and gc.entity_id = ${entity1001} and gc.grain = 'SOJ' group by gc.id`.execute(ctx.db);
  const got: Array<[string, number, number, number]> = [];
  for (let start = 0; ; start += 7) {
    const page = await get<ContractResponse>(`/api/public/proxy/cgi/etenet_contratos?grano=SOJ&start=${start}`);
    got.push(...page.items.map((c): [string, number, number, number] => [c.id, c.entregados, c.facturados, c.cobrados]));
    if (start + 7 >= page.total) break;
  }
  assert.ok(want.rows.length > 0, `${why}: customer 1001 has soybean contracts`);
  assert.deepEqual(got.sort(), want.rows.map((r): [string, number, number, number] => [r.id, Number(r.delivered), Number(r.invoiced), Number(r.collected)]).sort(), `${why}: contracts`);
}

async function expectDerived(why: string) {
  await expectLedger(why);
  await expectPosition(why);
  await expectContracts(why);
}

/** A settlement (1116B/C) of customer 1001's soybean applied to a contract, with the kilograms applied. */
async function appliedSettlement() {
  const r = await sql<{ series: number; number: number; harvest: string; date: string; kilos: string; applied: string; collected: boolean; direct: boolean }>`
    select gm.series, gm.number, gm.harvest, to_char(gm.date, 'YYYY-MM-DD') as date, gm.kilos::text as kilos, gm.collected, gm.direct,
      (select sum(a.kilos)::text from grain_contract_applications a where a.movement_id = gm.id) as applied
    from grain_movements gm where gm.company_id = ${companyId} and gm.entity_id = ${entity1001} and gm.grain = 'SOJ' and gm.kind = 4
      and exists (select 1 from grain_contract_applications a where a.movement_id = gm.id)
    order by gm.id limit 1`.execute(ctx.db);
  const s = r.rows[0]!;
  return { s, row: (over: Record<string, unknown> = {}) => ({ tipo: 'LB', punto_venta: s.series, numero: s.number, cliente: 1001, grano: 'SOJ', cosecha: s.harvest, fecha: s.date, kilos: s.kilos, directo: s.direct, cobrado: s.collected, ...over }) };
}

describe('POST /api/integration/v1/granos', () => {
  test('accepted, then unchanged (kilos written otherwise), then changed: each row counted once', async () => {
    const rows = [load(1), load(2, { tipo: 'CE', kilos: 40000, fecha: '2026-05-30' }), load(3, { tipo: 'LB', kilos: '20000', fecha: '2026-06-15', cobrado: true, grano: 'soj' })];
    assert.deepEqual(counts(await batch(rows)), [3, 3, 0, 0]);
    const { id: _id, ...shown } = (await held('LB', 77, 3))!;
    assert.deepEqual(shown, { cliente: 1001, grain: 'SOJ', harvest: '2025/26', date: '2026-06-15', kilos: '20000', direct: false, collected: true });
    assert.equal((await held('CE', 77, 2))?.kilos, '40000');
    assert.equal(await held('RO', 77, 2), undefined, 'the type is part of the key');

    assert.deepEqual(counts(await batch(rows.map((r, i) => (i === 1 ? { ...r, kilos: '040000' } : r)))), [3, 0, 3, 0]);
    const before = (await held('RO', 77, 1))!;
    assert.deepEqual(counts(await batch([load(1, { directo: true }), rows[1]])), [2, 1, 1, 0]);
    const after = (await held('RO', 77, 1))!;
    assert.equal(after.id, before.id, 'the same movement, updated in place');
    assert.equal(after.direct, true);
  });

  test('insert, change the kilograms, back-date, move to another customer, remove: every derived figure equals its recomputation', async () => {
    await expectDerived('before');
    assert.deepEqual(counts(await batch([load(101), load(102, { tipo: 'RT', kilos: '5000', fecha: '2026-05-02' }), load(103, { tipo: 'TR', kilos: '12000', cosecha: '2024/25' })])), [3, 3, 0, 0]);
    await expectDerived('inserted');
    assert.deepEqual(counts(await batch([load(101, { kilos: '31999' })])), [1, 1, 0, 0]);
    await expectDerived('kilograms changed');
    assert.deepEqual(counts(await batch([load(101, { kilos: '31999', fecha: '2023-05-10', cosecha: '2022/23' })])), [1, 1, 0, 0]);
    assert.equal((await held('RO', 77, 101))?.date, '2023-05-10');
    await expectDerived('back-dated to an older harvest');
    assert.deepEqual(counts(await batch([load(103, { tipo: 'TR', kilos: '12000', cosecha: '2024/25', cliente: otherCode })])), [1, 1, 0, 0]);
    assert.equal((await held('TR', 77, 103))?.cliente, otherCode);
    await expectDerived('moved to another customer');
    assert.deepEqual(counts(await batch([{ tipo: 'RO', punto_venta: 77, numero: 101 }, { tipo: 'TR', punto_venta: 77, numero: 103 }], REMOVE)), [2, 2, 0, 0]);
    assert.equal(await held('RO', 77, 101), undefined);
    await expectDerived('removed');
    const again = await batch([{ tipo: 'RO', punto_venta: 77, numero: 101 }], REMOVE);
    assert.deepEqual(again.rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationBatchMsg.noExiste }]);
  });

  test('a settlement applied to a contract: collected and more kilograms follow on the contract; another customer, fewer kilograms or a removal are refused', async () => {
    const { s, row } = await appliedSettlement();
    await expectDerived('before');
    assert.deepEqual(counts(await batch([row({ cobrado: !s.collected })])), [1, 1, 0, 0]);
    await expectDerived('collected toggled');
    assert.deepEqual(counts(await batch([row({ cobrado: !s.collected, kilos: String(Number(s.kilos) + 1000), fecha: '2026-01-03' })])), [1, 1, 0, 0]);
    await expectDerived('more kilograms, another date');
    const refused = await batch([row({ cliente: otherCode })]);
    assert.deepEqual(refused.rechazos, [{ fila: 1, campo: 'cliente', mensaje: integrationGrainMsg.aplicadoAContratos(s.applied) }]);
    assert.deepEqual((await batch([row({ kilos: String(Number(s.applied) - 1) })])).rechazos, [{ fila: 1, campo: 'kilos', mensaje: integrationGrainMsg.aplicadoAContratos(s.applied) }]);
    assert.deepEqual((await batch([row({ cosecha: '2019/20' })])).rechazos, [{ fila: 1, campo: 'cosecha', mensaje: integrationGrainMsg.aplicadoAContratos(s.applied) }]);
    assert.deepEqual((await batch([{ tipo: 'LB', punto_venta: s.series, numero: s.number }], REMOVE)).rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationGrainMsg.vinculadoAContratos }]);
    assert.ok(await held('LB', s.series, s.number));
    assert.deepEqual(counts(await batch([row()])), [1, 1, 0, 0], 'back as it was');
    await expectDerived('restored');
  });

  test('each rejection with its row, field and Spanish message; the good rows are written', async () => {
    const answer = await batch([
      load(301),
      load(302, { cliente: 987654 }),
      load(303, { tipo: 'CT' }),
      load(304, { kilos: '12.5' }),
      load(305, { kilos: 0 }),
      load(306, { cosecha: '2025/27' }),
      load(307, { fecha: '2026-02-30' }),
      load(308, { grano: 'XYZ' }),
      load(309, { cobrado: true }),
      load(301, { kilos: '1' }),
      load(310, { punto_venta: 0 }),
      load(311, { grano: '' }),
    ]);
    assert.deepEqual(counts(answer), [12, 1, 0, 11]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(987654) },
      { fila: 3, campo: 'tipo', mensaje: integrationGrainMsg.tipoInvalido },
      { fila: 4, campo: 'kilos', mensaje: integrationGrainMsg.kilosInvalidos },
      { fila: 5, campo: 'kilos', mensaje: integrationGrainMsg.kilosInvalidos },
      { fila: 6, campo: 'cosecha', mensaje: integrationGrainMsg.cosechaInvalida },
      { fila: 7, campo: 'fecha', mensaje: integrationMovementMsg.fechaInvalida },
      { fila: 8, campo: 'grano', mensaje: integrationGrainMsg.granoInexistente('XYZ') },
      { fila: 9, campo: 'cobrado', mensaje: integrationGrainMsg.soloLiquidacionesCobradas },
      { fila: 10, campo: 'numero', mensaje: integrationGrainMsg.comprobanteRepetido(1) },
      { fila: 11, campo: 'punto_venta', mensaje: integrationMovementMsg.puntoVentaInvalido },
      { fila: 12, campo: 'grano', mensaje: integrationBatchMsg.textoObligatorio },
    ]);
    assert.equal((await held('RO', 77, 301))?.kilos, '28450');
    for (const n of [302, 303, 304, 308]) assert.equal(await held('RO', 77, n), undefined);
  });

  test("another company's row, a foreign company's key, a user token, a revoked key: refused, nothing written", async () => {
    expectRefused(await sendBatch(ctx.app, secret, URL, [load(401), load(402, { cuit_empresa: DEL_SUR })]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    assert.equal(await held('RO', 77, 401), undefined);

    assert.deepEqual(counts(await batch([load(403)])), [1, 1, 0, 0]);
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP granos del sur', escribir: ['granos'] })).secreto;
    const removal = await batch([{ tipo: 'RO', punto_venta: 77, numero: 403 }], REMOVE, foreign);
    assert.deepEqual(removal.rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationBatchMsg.noExiste }]);
    await batch([load(403, { kilos: '1' })], URL, foreign);
    assert.equal((await held('RO', 77, 403))?.kilos, '28450');

    const noScope = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP sin granos', escribir: ['movimientos'] })).secreto;
    expectRefused(await sendBatch(ctx.app, noScope, URL, [load(404)]), 403, integrationMsg.sinPermisoEscribir('granos: movimientos y certificados'));
    expectRefused(await sendBatch(ctx.app, token, URL, [load(404)]), 401, integrationMsg.soloClaves);
    const doomed = await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP granos a revocar', escribir: ['granos'] });
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${doomed.clave.id}`, headers: bearer(admin, { cuit: LA_PAMPA }) });
    assert.equal(revoked.statusCode, 200, revoked.body);
    const res = await sendBatch(ctx.app, doomed.secreto, URL, [load(404)]);
    assert.equal(res.statusCode, 401, res.body);
    assert.equal(await held('RO', 77, 404), undefined);
  });

  test('two concurrent batches of the same vouchers converge: one row each', async () => {
    const a = Array.from({ length: 40 }, (_, i) => load(500 + i, { kilos: String(20000 + i) }));
    const b = [...a].reverse();
    const [ra, rb] = await Promise.all([batch(a, URL), okBatch(ctx.app, secret, URL, b, true)]);
    assert.equal(ra.rechazadas + rb.rechazadas, 0);
    assert.equal(ra.aceptadas + ra.sin_cambios, 40);
    const n = await sql<{ n: number }>`select count(*)::int as n from grain_movements where company_id = ${companyId} and kind = 1 and series = 77 and number between 500 and 539`.execute(ctx.db);
    assert.equal(n.rows[0]!.n, 40);
    assert.deepEqual(counts(await batch(a)), [40, 0, 40, 0]);
    await expectDerived('after concurrent batches');
  });
});
