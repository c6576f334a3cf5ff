import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  CONTRACT_ROW_EXAMPLE,
  formatMoney,
  GRAIN_ROW_EXAMPLE,
  integrationBatchMsg,
  integrationContractMsg,
  integrationGrainMsg,
  integrationMovementMsg,
  integrationMsg,
  voucherNumberText,
  type ContractDetailResponse,
  type ContractResponse,
  type ContractRow,
  type DashboardResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { counts, createKey, INTEGRATION, KEYS_URL, makeAdminOf, okBatch, sendBatch } from './test-support.js';

/**
 * Grain contracts (contratos) loaded by the ERP with their fixings and the grain vouchers applied to them, keyed by
 * point of sale and number; and what the customer's contracts screen and dashboard answer after each sync, against
 * the figures the rows say and a recomputation from the tables in SQL.
 */

let ctx: TestContext;
let admin: string;
let secret: string;
let token: string;
let companyId: number;
const URL = `${INTEGRATION}/contratos`;
const REMOVE = `${URL}/bajas`;
const GRAIN = `${INTEGRATION}/granos`;
const H = (entity: string) => bearer(token, { cuit: LA_PAMPA, entity_id: entity });

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP contratos', escribir: ['granos', 'contratos'] })).secreto;
  token = (await login(ctx.app, 'productor')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  // Soybean vouchers of the 2025/26 harvest at point of sale 88: customer 1001's loads, certificate and paid
  // settlement; a load of customer 1002.
  const vouchers = [
    voucher('RO', 1, '30000', { fecha: '2026-04-10' }),
    voucher('RO', 2, '25000', { fecha: '2026-04-12' }),
    voucher('CE', 3, '55000', { fecha: '2026-04-30' }),
    voucher('LB', 4, '40000', { fecha: '2026-05-20', cobrado: true }),
    voucher('RO', 5, '20000', { cliente: 1002 }),
  ];
  assert.deepEqual(counts(await batch(vouchers, GRAIN)), [5, 5, 0, 0]);
});
after(async () => {
  await ctx?.close();
});

const batch = (rows: unknown[], url = URL, key = secret) => okBatch(ctx.app, key, url, rows);
const voucher = (tipo: string, numero: number, kilos: string, over: Record<string, unknown> = {}) => ({
  tipo, punto_venta: 88, numero, cliente: 1001, grano: 'SOJ', cosecha: '2025/26', fecha: '2026-04-20', kilos, ...over,
});
const applied = (tipo: string, numero: number, kilos: string) => ({ tipo, punto_venta: 88, numero, kilos });
/** Contract 00009-00000001: 50 t 'a fijar', 20 t fixed, delivered by two loads (the second split), certified and settled. */
const fijar = (over: Record<string, unknown> = {}) => ({
  punto_venta: 9,
  numero: 1,
  cliente: 1001,
  grano: 'SOJ',
  cosecha: '2025/26',
  fecha: '2026-03-10',
  kilos: '50000',
  tipo_precio: 'fijar',
  entrega_desde: '2026-04-01',
  entrega_hasta: '2026-07-31',
  destino: 'Puerto Quequén',
  boleto: '2026-004512',
  fijaciones: [{ fecha: '2026-05-02', kilos: '20000', precio: '290.5' }],
  aplicaciones: [applied('RO', 1, '30000'), applied('RO', 2, '20000'), applied('CE', 3, '50000'), applied('LB', 4, '40000')],
  ...over,
});
/** Contract 00009-00000002: 10 t at a price, half delivered (the rest of the second load). */
const hecho = (over: Record<string, unknown> = {}) => ({
  punto_venta: 9,
  numero: 2,
  cliente: 1001,
  grano: 'SOJ',
  cosecha: '2025/26',
  fecha: '2026-03-20',
  kilos: 10000,
  tipo_precio: 'hecho',
  precio: '300.00',
  aplicaciones: [applied('RO', 2, '5000')],
  ...over,
});

/** Every soybean contract of an entity as its contracts screen lists them (every page), and the totals. */
async function listed(entity: string, codres = 'TOD') {
  const items: ContractRow[] = [];
  let totales: ContractResponse['totales'] | null = null;
  for (let start = 0; ; start += 7) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/cgi/etenet_contratos?grano=SOJ&codres=${codres}&start=${start}`, headers: H(entity) });
    assert.equal(res.statusCode, 200, res.body);
    const page = res.json() as ContractResponse;
    items.push(...page.items);
    totales = page.totales;
    if (start + 7 >= page.total) break;
  }
  return { items, totales: totales! };
}
const one = async (entity: string, numero: number, series = 9) => (await listed(entity)).items.find((c) => c.numpre === voucherNumberText(series, numero));
const figures = (c: ContractRow | undefined) => c && { kilos: c.kilos, entregados: c.entregados, fijados: c.fijados, facturados: c.facturados, cobrados: c.cobrados, pendientes: c.pendientes, estado: c.estado };

/** The drawer's movements of a contract: each voucher applied, its kilograms in their column. */
async function drawer(entity: string, numero: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/cgi/etenet_contrapaq?codcom=CT&codtal=9&numero=${numero}`, headers: H(entity) });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as ContractDetailResponse).items.map((m) => [m.numpre, m.entradas, m.certificados, m.salidas]);
}

/**
 * An entity's soybean contracts on the screen against the tables: each contract's kilograms, delivered, fixed,
 * invoiced, collected and pending, the totals, the 'pending to fix' summary, and the dashboard's 'Contrato' column
 * (the commitment rows) per harvest against the contracts' kilograms.
 */
async function expectScreens(entity: string, why: string) {
  const want = await sql<{ numpre: string; kilos: string; delivered: string; fixed: string; invoiced: string; collected: string }>`
    select lpad(gc.series::text, 5, '0') || '-' || lpad(gc.number::text, 8, '0') as numpre, gc.kilos::text as kilos,
      coalesce((select sum(a.kilos) from grain_contract_applications a join grain_movements gm on gm.id = a.movement_id where a.contract_id = gc.id and gm.kind in (1, 3)), 0)::text as delivered,
      case when gc.pricing = 'hecho' then gc.kilos else coalesce((select sum(f.kilos) from grain_contract_fixings f where f.contract_id = gc.id), 0) end::text as fixed,
      coalesce((select sum(a.kilos) from grain_contract_applications a join grain_movements gm on gm.id = a.movement_id where a.contract_id = gc.id and gm.kind in (4, 5)), 0)::text as invoiced,
      coalesce((select sum(a.kilos) from grain_contract_applications a join grain_movements gm on gm.id = a.movement_id where a.contract_id = gc.id and gm.kind in (4, 5) and gm.collected), 0)::text as collected
    from grain_contracts gc join entities e on e.id = gc.entity_id
    where gc.company_id = ${companyId} and e.code = ${Number(entity)} and gc.grain = 'SOJ'`.execute(ctx.db);
  const rows = want.rows.map((r) => ({ ...r, pending: String(Math.max(0, Number(r.kilos) - Number(r.delivered))) }));
  const { items, totales } = await listed(entity);
  const shown = (c: ContractRow) => [c.numpre, c.kilos, c.entregados, c.fijados, c.facturados, c.cobrados, c.pendientes].join(' ');
  assert.deepEqual(
    items.map(shown).sort(),
    rows.map((r) => [r.numpre, r.kilos, r.delivered, r.fixed, r.invoiced, r.collected, r.pending].join(' ')).sort(),
    `${why}: contracts of ${entity}`,
  );
  const sum = (k: 'kilos' | 'delivered' | 'fixed' | 'invoiced' | 'collected' | 'pending') => rows.reduce((a, r) => a + Number(r[k]), 0);
  assert.deepEqual(
    [totales.kilos, totales.entregados, totales.fijados, totales.facturados, totales.cobrados, totales.pendientes],
    [sum('kilos'), sum('delivered'), sum('fixed'), sum('invoiced'), sum('collected'), sum('pending')],
    `${why}: totals of ${entity}`,
  );
  const toFix = await listed(entity, 'FIJ');
  assert.deepEqual(toFix.items.map((c) => c.numpre).sort(), rows.filter((r) => Number(r.fixed) < Number(r.kilos)).map((r) => r.numpre).sort(), `${why}: pending to fix`);

  const res = await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/cgi/etenet_dashboard', headers: H(entity) });
  assert.equal(res.statusCode, 200, res.body);
  const position = (res.json() as DashboardResponse).etenet_fichares.items.filter((r) => r.kilos7 !== 0).map((r) => [r.cereal, r.cosecha, r.kilos7]).sort();
  const contracted = await sql<{ grain: string; harvest: string; kilos: string }>`select gc.grain, gc.harvest, sum(gc.kilos)::text as kilos
    from grain_contracts gc join entities e on e.id = gc.entity_id where gc.company_id = ${companyId} and e.code = ${Number(entity)} group by gc.grain, gc.harvest`.execute(ctx.db);
  assert.deepEqual(position, contracted.rows.map((r) => [r.grain, r.harvest, Number(r.kilos)]).sort(), `${why}: the dashboard's 'Contrato' column of ${entity}`);
}

describe('POST /api/integration/v1/contratos', () => {
  test('accepted, repeated unchanged, fixings changed and removed, moved to another customer, removed: the screens follow each sync', async () => {
    await expectScreens('1001', 'before');
    assert.deepEqual(counts(await batch([fijar(), hecho()])), [2, 2, 0, 0]);
    assert.deepEqual(figures(await one('1001', 1)), {
      kilos: 50000, entregados: 50000, fijados: 20000, facturados: 40000, cobrados: 40000, pendientes: 0, estado: 'Pendiente de fijar precio',
    });
    const first = (await one('1001', 1))!;
    assert.equal(first.precio_con_formato, `${formatMoney('290.50', 'USD')} /tn`);
    assert.ok(first.renglonesOtros.some((o) => o.descripcion === 'Certificados' && o.valor === '50.000 kg'));
    assert.ok(first.renglonesOtros.some((o) => o.descripcion === 'Fijación del 02/05/2026' && o.valor === `20.000 kg a ${formatMoney('290.50', 'USD')} /tn`));
    assert.deepEqual(figures(await one('1001', 2)), {
      kilos: 10000, entregados: 5000, fijados: 10000, facturados: 0, cobrados: 0, pendientes: 5000, estado: 'Pendiente de entrega',
    });
    const n = (num: number) => voucherNumberText(88, num);
    assert.deepEqual(await drawer('1001', 1), [[n(1), 30000, 0, 0], [n(2), 20000, 0, 0], [n(3), 0, 50000, 0], [n(4), 0, 0, 40000]]);
    assert.deepEqual(await drawer('1001', 2), [[n(2), 5000, 0, 0]]);
    await expectScreens('1001', 'inserted');

    // The same batch again (kilograms as a number, fixings' price with its decimals): nothing written.
    assert.deepEqual(counts(await batch([fijar({ kilos: 50000, fijaciones: [{ fecha: '2026-05-02', kilos: 20000, precio: '290.50' }] }), hecho({ kilos: '10000' })])), [2, 0, 2, 0]);

    // The rest of the price fixed: no longer pending to fix, pending to settle.
    const full = [{ fecha: '2026-06-01', kilos: '30000', precio: '301.00' }, { fecha: '2026-05-02', kilos: '20000', precio: '290.50' }];
    assert.deepEqual(counts(await batch([fijar({ fijaciones: full })])), [1, 1, 0, 0]);
    assert.deepEqual(figures(await one('1001', 1)), {
      kilos: 50000, entregados: 50000, fijados: 50000, facturados: 40000, cobrados: 40000, pendientes: 0, estado: 'Pendiente de liquidar',
    });
    assert.equal((await one('1001', 1))!.precio_con_formato, `${formatMoney('296.80', 'USD')} /tn`, 'the fixings weighted by their kilograms');
    assert.ok(!(await listed('1001', 'FIJ')).items.some((c) => c.numpre === voucherNumberText(9, 1)));
    assert.deepEqual(counts(await batch([fijar({ fijaciones: [...full].reverse() })])), [1, 0, 1, 0], 'the fixings in another order are the same');
    await expectScreens('1001', 'fully fixed');

    // A fixing removed: what is pending to fix follows.
    assert.deepEqual(counts(await batch([fijar({ fijaciones: [full[0]] })])), [1, 1, 0, 0]);
    assert.equal((await one('1001', 1))!.fijados, 30000);
    assert.ok((await listed('1001', 'FIJ')).items.some((c) => c.numpre === voucherNumberText(9, 1)));
    await expectScreens('1001', 'a fixing removed');

    // More kilograms contracted, a later date: the dashboard's 'Contrato' and the pending kilograms follow.
    assert.deepEqual(counts(await batch([hecho({ kilos: '12000', fecha: '2026-03-25' })])), [1, 1, 0, 0]);
    assert.deepEqual(figures(await one('1001', 2)), { kilos: 12000, entregados: 5000, fijados: 12000, facturados: 0, cobrados: 0, pendientes: 7000, estado: 'Pendiente de entrega' });
    await expectScreens('1001', 'more kilograms');

    // Moved to customer 1002 with its own load: gone from 1001's screens, on 1002's.
    assert.deepEqual(counts(await batch([hecho({ cliente: 1002, aplicaciones: [applied('RO', 5, '8000')] })])), [1, 1, 0, 0]);
    assert.equal(await one('1001', 2), undefined);
    assert.deepEqual(await drawer('1002', 2), [[voucherNumberText(88, 5), 8000, 0, 0]]);
    assert.deepEqual(figures(await one('1002', 2)), { kilos: 10000, entregados: 8000, fijados: 10000, facturados: 0, cobrados: 0, pendientes: 2000, estado: 'Pendiente de entrega' });
    await expectScreens('1001', 'moved away');
    await expectScreens('1002', 'moved in');

    // The load freed from the moved contract is the granos kind's again to change below what was applied.
    assert.deepEqual(counts(await batch([voucher('RO', 2, '20000', { fecha: '2026-04-12' })], GRAIN)), [1, 1, 0, 0]);
    const refused = await batch([voucher('RO', 5, '7000', { cliente: 1002 })], GRAIN);
    assert.deepEqual(refused.rechazos, [{ fila: 1, campo: 'kilos', mensaje: integrationGrainMsg.aplicadoAContratos('8000') }]);

    // Removed: its commitment and applications go, the voucher it applied can be removed.
    assert.deepEqual(counts(await batch([{ punto_venta: 9, numero: 2 }], REMOVE)), [1, 1, 0, 0]);
    assert.equal(await one('1002', 2), undefined);
    const commitment = await sql<{ n: number }>`select count(*)::int as n from grain_movements where company_id = ${companyId} and kind = 7 and series = 9 and number = 2`.execute(ctx.db);
    assert.equal(commitment.rows[0]!.n, 0);
    await expectScreens('1002', 'removed');
    assert.deepEqual(counts(await batch([{ tipo: 'RO', punto_venta: 88, numero: 5 }], `${GRAIN}/bajas`)), [1, 1, 0, 0]);
    assert.deepEqual((await batch([{ punto_venta: 9, numero: 2 }], REMOVE)).rechazos, [{ fila: 1, campo: 'numero', mensaje: integrationBatchMsg.noExiste }]);
  });

  test('applications never exceed a voucher: within one batch and against other contracts', async () => {
    // RO 88/1 (30 t) is wholly applied to contract 1; a new contract asking for one kilogram of it is refused.
    const third = { ...hecho({ numero: 3, fecha: '2026-04-01' }), aplicaciones: [applied('RO', 1, '1')] };
    assert.deepEqual((await batch([third])).rechazos, [{ fila: 1, campo: 'aplicaciones.0.kilos', mensaje: integrationContractMsg.aplicadoSuperaComprobante('30000', '0') }]);
    // Contract 1 gives back 10 t of it in the same batch, before: contract 3 takes them; a fourth asks too much.
    const fourth = { ...hecho({ numero: 4, fecha: '2026-04-01' }), aplicaciones: [applied('RO', 1, '10001')] };
    const answer = await batch([
      fijar({ aplicaciones: [applied('RO', 1, '20000'), applied('RO', 2, '20000'), applied('CE', 3, '50000'), applied('LB', 4, '40000')] }),
      { ...third, aplicaciones: [applied('RO', 1, '5000')] },
      fourth,
    ]);
    assert.deepEqual(counts(answer), [3, 2, 0, 1]);
    assert.deepEqual(answer.rechazos, [{ fila: 3, campo: 'aplicaciones.0.kilos', mensaje: integrationContractMsg.aplicadoSuperaComprobante('30000', '5000') }]);
    const sums = await sql<{ kilos: string }>`select sum(a.kilos)::text as kilos from grain_contract_applications a join grain_movements gm on gm.id = a.movement_id
      where gm.company_id = ${companyId} and gm.kind = 1 and gm.series = 88 and gm.number = 1`.execute(ctx.db);
    assert.equal(sums.rows[0]!.kilos, '25000');
    await expectScreens('1001', 'split between contracts');
    assert.deepEqual(counts(await batch([{ punto_venta: 9, numero: 3 }], REMOVE)), [1, 1, 0, 0]);
  });

  test('each rejection with its row, field and Spanish message; the good rows are written', async () => {
    const answer = await batch([
      hecho({ numero: 10, aplicaciones: [] }),
      hecho({ numero: 11, cliente: 987654 }),
      hecho({ numero: 12, grano: 'XYZ' }),
      hecho({ numero: 13, precio: null }),
      fijar({ numero: 14, precio: '290.00', fijaciones: [], aplicaciones: [] }),
      hecho({ numero: 15, fijaciones: [{ fecha: '2026-05-02', kilos: '1000', precio: '290.00' }] }),
      fijar({ numero: 16, fijaciones: [{ fecha: '2026-03-01', kilos: '1000', precio: '290.00' }], aplicaciones: [] }),
      fijar({ numero: 17, fijaciones: [{ fecha: '2026-05-02', kilos: '50001', precio: '290.00' }], aplicaciones: [] }),
      hecho({ numero: 18, entrega_desde: '2026-05-01', entrega_hasta: '2026-04-30' }),
      hecho({ numero: 19, aplicaciones: [applied('RT', 1, '1')] }),
      hecho({ numero: 20, aplicaciones: [applied('RO', 999, '1')] }),
      hecho({ numero: 21, aplicaciones: [applied('RO', 2, '1'), applied('RO', 2, '1')] }),
      hecho({ numero: 22, cosecha: '2024/25', aplicaciones: [applied('RO', 2, '1')] }),
      hecho({ numero: 23, kilos: '10000.5' }),
      hecho({ numero: 24, tipo_precio: 'libre' }),
      hecho({ numero: 10, kilos: '1' }),
    ]);
    assert.deepEqual(counts(answer), [16, 1, 0, 15]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(987654) },
      { fila: 3, campo: 'grano', mensaje: integrationGrainMsg.granoInexistente('XYZ') },
      { fila: 4, campo: 'precio', mensaje: integrationContractMsg.precioObligatorio },
      { fila: 5, campo: 'precio', mensaje: integrationContractMsg.precioAFijar },
      { fila: 6, campo: 'fijaciones', mensaje: integrationContractMsg.soloAFijarFija },
      { fila: 7, campo: 'fijaciones.0.fecha', mensaje: integrationContractMsg.fijacionAnterior },
      { fila: 8, campo: 'fijaciones', mensaje: integrationContractMsg.fijadoSupera },
      { fila: 9, campo: 'entrega_hasta', mensaje: integrationContractMsg.entregaInvertida },
      { fila: 10, campo: 'aplicaciones.0.tipo', mensaje: integrationContractMsg.tipoAplicadoInvalido },
      { fila: 11, campo: 'aplicaciones.0.numero', mensaje: integrationContractMsg.comprobanteInexistente('RO', 88, 999) },
      { fila: 12, campo: 'aplicaciones.1', mensaje: integrationContractMsg.aplicadoRepetido },
      { fila: 13, campo: 'aplicaciones.0', mensaje: integrationContractMsg.comprobanteAjeno },
      { fila: 14, campo: 'kilos', mensaje: integrationGrainMsg.kilosInvalidos },
      { fila: 15, campo: 'tipo_precio', mensaje: integrationContractMsg.tipoPrecioInvalido },
      { fila: 16, campo: 'numero', mensaje: integrationContractMsg.contratoRepetido(1) },
    ]);
    const written = await sql<{ number: number }>`select number from grain_contracts where company_id = ${companyId} and series = 9 and number between 10 and 24`.execute(ctx.db);
    assert.deepEqual(written.rows.map((r) => r.number), [10]);
    assert.deepEqual(counts(await batch([{ punto_venta: 9, numero: 10 }], REMOVE)), [1, 1, 0, 0]);
  });

  test("another company's row, a foreign company's key, a key without the scope, a user token, a revoked key: refused, nothing written", async () => {
    const row = hecho({ numero: 40, aplicaciones: [] });
    expectRefused(await sendBatch(ctx.app, secret, URL, [row, { ...row, numero: 41, cuit_empresa: DEL_SUR }]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    const held = () => sql<{ n: number }>`select count(*)::int as n from grain_contracts where company_id = ${companyId} and series = 9 and number = 40`.execute(ctx.db).then((r) => r.rows[0]!.n);
    assert.equal(await held(), 0);

    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP contratos del sur', escribir: ['contratos'] })).secreto;
    assert.deepEqual((await batch([row], URL, foreign)).rechazos, [{ fila: 1, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(1001) }]);
    assert.equal(await held(), 0);

    const noScope = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP sin contratos', escribir: ['granos'] })).secreto;
    expectRefused(await sendBatch(ctx.app, noScope, URL, [row]), 403, integrationMsg.sinPermisoEscribir('contratos y fijaciones'));
    expectRefused(await sendBatch(ctx.app, token, URL, [row]), 401, integrationMsg.soloClaves);
    const doomed = await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP contratos a revocar', escribir: ['contratos'] });
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${doomed.clave.id}`, headers: bearer(admin, { cuit: LA_PAMPA }) });
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal((await sendBatch(ctx.app, doomed.secreto, URL, [row])).statusCode, 401);
    assert.equal(await held(), 0);
  });

  test('the OpenAPI document carries the kind with its example, and the example loads over the granos example', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } } }>;
    };
    const post = doc.paths[`${INTEGRATION}/{tipo}`]!.post!;
    assert.deepEqual(post.requestBody.content['application/json']!.examples.contratos!.value, [CONTRACT_ROW_EXAMPLE]);
    // At a point of sale and numbers of their own (the demo's ledger has its own at the examples' numbers).
    assert.deepEqual(counts(await batch([{ ...GRAIN_ROW_EXAMPLE, punto_venta: 87 }], GRAIN)), [1, 1, 0, 0]);
    const example = { ...CONTRACT_ROW_EXAMPLE, punto_venta: 8, aplicaciones: CONTRACT_ROW_EXAMPLE.aplicaciones.map((a) => ({ ...a, punto_venta: 87 })) };
    assert.deepEqual(counts(await batch([example])), [1, 1, 0, 0]);
    assert.deepEqual(figures(await one('1001', CONTRACT_ROW_EXAMPLE.numero, 8)), {
      kilos: 100000, entregados: 28450, fijados: 40000, facturados: 0, cobrados: 0, pendientes: 71550, estado: 'Pendiente de entrega',
    });
  });

  test('two concurrent batches of the same contracts converge', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => hecho({ numero: 100 + i, kilos: String(1000 + i), aplicaciones: [] }));
    const [a, b] = await Promise.all([batch(rows), okBatch(ctx.app, secret, URL, [...rows].reverse(), true)]);
    assert.equal(a.rechazadas + b.rechazadas, 0);
    const n = await sql<{ contracts: number; commitments: number }>`select
        (select count(*)::int from grain_contracts where company_id = ${companyId} and series = 9 and number between 100 and 129) as contracts,
        (select count(*)::int from grain_movements where company_id = ${companyId} and kind = 7 and series = 9 and number between 100 and 129) as commitments`.execute(ctx.db);
    assert.deepEqual(n.rows[0], { contracts: 30, commitments: 30 });
    assert.deepEqual(counts(await batch(rows)), [30, 0, 30, 0]);
    await expectScreens('1001', 'after concurrent batches');
  });
});
