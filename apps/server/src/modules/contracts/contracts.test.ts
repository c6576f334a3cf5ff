import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import {
  contractMsg,
  formatNumber,
  msg,
  type ContractDetailResponse,
  type ContractResponse,
  type DashboardResponse,
  type ImprimeResponse,
} from '@portal/contract';
import { pdfText } from '../../documents/test-support.js';
import { bearer, createTestApp, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/**
 * GET /proxy/cgi/etenet_contratos, etenet_contrapaq and the print options through /proxy/imprime. Every expected
 * figure is summed here from the rows of grain_contracts, grain_contract_fixings and grain_movements.
 */

let ctx: TestContext;
let token: string;
const URL = '/api/public/proxy/cgi/etenet_contratos';
const PAQ = '/api/public/proxy/cgi/etenet_contrapaq';
const IMPRIME = '/api/public/proxy/imprime';
const own = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });
const qs = (p: Record<string, string | number>) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();
const get = (url: string, p: Record<string, string | number> = {}) => ctx.app.inject({ method: 'GET', url: `${url}?${qs(p)}`, headers: own() });
async function list(p: Record<string, string | number> = {}): Promise<ContractResponse> {
  const res = await get(URL, p);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as ContractResponse;
}

async function entityId(code: number) {
  const e = await ctx.db
    .selectFrom('entities as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select('e.id')
    .where('c.cuit', '=', LA_PAMPA)
    .where('e.code', '=', code)
    .executeTakeFirstOrThrow();
  return e.id;
}

type Expected = { id: string; kilos: Decimal; delivered: Decimal; certified: Decimal; invoiced: Decimal; collected: Decimal; fixed: Decimal; harvest: string; date: string };

/** The entity's contracts of a grain, newest first, with their figures summed from the tables. */
async function expected(grain: string): Promise<Expected[]> {
  const id = await entityId(1001);
  const contracts = await ctx.db.selectFrom('grain_contracts').selectAll().where('entity_id', '=', id).where('grain', '=', grain).execute();
  const moves = await ctx.db
    .selectFrom('grain_contract_applications as a')
    .innerJoin('grain_movements as gm', 'gm.id', 'a.movement_id')
    .select(['a.contract_id', 'gm.kind', 'a.kilos', 'gm.collected'])
    .where('gm.entity_id', '=', id)
    .execute();
  const fixings = await ctx.db.selectFrom('grain_contract_fixings').select(['contract_id', 'kilos']).execute();
  const sum = (rows: Array<{ kilos: string }>) => rows.reduce((a, r) => a.plus(r.kilos), new Decimal(0));
  return contracts
    .map((c) => {
      const m = moves.filter((x) => x.contract_id === c.id);
      return {
        id: String(c.id),
        harvest: c.harvest,
        date: String(c.date).slice(0, 10),
        kilos: new Decimal(c.kilos),
        delivered: sum(m.filter((x) => x.kind === 1 || x.kind === 3)),
        certified: sum(m.filter((x) => x.kind === 2)),
        invoiced: sum(m.filter((x) => x.kind === 4 || x.kind === 5)),
        collected: sum(m.filter((x) => (x.kind === 4 || x.kind === 5) && x.collected)),
        fixed: c.pricing === 'hecho' ? new Decimal(c.kilos) : sum(fixings.filter((f) => f.contract_id === c.id)),
      };
    })
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : Number(b.id) - Number(a.id)));
}

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
});
after(async () => {
  await ctx?.close();
});

describe('contracts', () => {
  test('401, 403 for a foreign entity and another company', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: URL }, { access: 'entity', token, ownEntity: '1001' });
    await expectGuarded(ctx.app, { method: 'GET', url: `${PAQ}?codcom=CT&codtal=1&numero=3001` }, { access: 'entity', token, ownEntity: '1001' });
  });

  test("every grain and harvest's contracted kilograms are the dashboard's 'Contrato' column", async () => {
    const dash = (await get('/api/public/proxy/cgi/etenet_dashboard', { grupo: 'granos' })).json() as DashboardResponse;
    const position = dash.etenet_fichares.items;
    assert.ok(position.some((p) => p.kilos7 > 0));
    for (const p of position) {
      const page = await list({ grano: p.cereal, cosecha: p.cosecha });
      assert.equal(page.totales.kilos, Number(p.kilos7), `${p.cereal} ${p.cosecha}`);
    }
  });

  test('figures and totals are the sums of the movements applied to each contract; paging keeps the order', async () => {
    const want = await expected('SOJ');
    assert.ok(want.length > 7, `only ${want.length} soja contracts`);
    const first = await list({ grano: 'SOJ' });
    const second = await list({ grano: 'SOJ', start: 7 });
    assert.equal(first.items.length, 7);
    assert.equal(second.items.length, want.length - 7);
    assert.equal(first.total, want.length);
    assert.equal(first.grano, 'SOJ');
    assert.ok(first.granos.some((g) => g.grano === 'SOJ' && g.descripcion === 'Soja'));
    assert.deepEqual(first.resumenes.map((r) => r.codres), ['TOD', 'PEN', 'FIJ', 'CUM']);
    const rows = [...first.items, ...second.items];
    rows.forEach((r, i) => {
      const w = want[i]!;
      assert.equal(r.id, w.id);
      assert.equal(r.kilos, w.kilos.toNumber());
      assert.equal(r.entregados, w.delivered.toNumber(), `entregados of ${r.numpre}`);
      assert.equal(r.facturados, w.invoiced.toNumber());
      assert.equal(r.cobrados, w.collected.toNumber());
      assert.equal(r.fijados, w.fixed.toNumber());
      assert.equal(r.pendientes, Decimal.max(w.kilos.minus(w.delivered), 0).toNumber());
      assert.equal(r.kilos_con_formato, formatNumber(w.kilos.toFixed(0), 0));
      assert.equal(r.codcom, 'CT');
      assert.equal(r.codcom1, 'CT');
      assert.equal(r.numero1, r.numero);
    });
    const total = (k: keyof Expected) => want.reduce((a, w) => a.plus(w[k] as Decimal), new Decimal(0)).toNumber();
    assert.equal(first.totales.kilos, total('kilos'));
    assert.equal(first.totales.entregados, total('delivered'));
    assert.equal(first.totales.facturados, total('invoiced'));
    assert.equal(first.totales.cobrados, total('collected'));
    assert.equal(first.totales.fijados, total('fixed'));
    // The demo has open and fulfilled contracts, and 'a fijar' ones.
    assert.ok(rows.some((r) => r.estado === 'Cumplido') && rows.some((r) => r.estado === 'Pendiente de entrega'));
    assert.ok(rows.some((r) => r.precio_con_formato.startsWith('U$S\u00a0')));
    assert.ok(rows.some((r) => r.deslar.endsWith('A fijar')));
  });

  test('summary options, harvests and dates narrow the list', async () => {
    const want = await expected('SOJ');
    const pen = await list({ grano: 'SOJ', codres: 'PEN', limit: 100 });
    assert.deepEqual(pen.items.map((r) => r.id), want.filter((w) => w.delivered.lt(w.kilos)).map((w) => w.id));
    assert.ok(pen.items.length > 0);
    const fij = await list({ grano: 'SOJ', codres: 'FIJ', limit: 100 });
    assert.deepEqual(fij.items.map((r) => r.id), want.filter((w) => w.fixed.lt(w.kilos)).map((w) => w.id));
    assert.ok(fij.items.length > 0);
    const cum = await list({ grano: 'SOJ', codres: 'CUM', limit: 100 });
    assert.deepEqual(cum.items.map((r) => r.id), want.filter((w) => w.delivered.gte(w.kilos) && w.fixed.gte(w.kilos) && w.invoiced.gte(w.kilos)).map((w) => w.id));
    assert.ok(cum.items.length > 0 && cum.items.every((r) => r.estado === 'Cumplido'));
    assert.equal(cum.totales.kilos, cum.items.reduce((a, r) => a + r.kilos, 0));

    const harvests = [...new Set(want.map((w) => w.harvest))].sort();
    assert.ok(harvests.length >= 2);
    const two = harvests.slice(0, 2);
    const asJson = await list({ grano: 'SOJ', cosecha: JSON.stringify(two), limit: 100 });
    assert.deepEqual(asJson.items.map((r) => r.id), want.filter((w) => two.includes(w.harvest)).map((w) => w.id));
    const asList = await list({ grano: 'SOJ', cosecha: two.join(','), limit: 100 });
    assert.deepEqual(asList.items.map((r) => r.id), asJson.items.map((r) => r.id));
    assert.deepEqual(asJson.cosechas.map((c) => c.cosecha).sort(), harvests);

    const pivot = want[Math.floor(want.length / 2)]!.date;
    const since = await list({ grano: 'SOJ', fechadesde: pivot, fechahasta: want[0]!.date, limit: 100 });
    assert.deepEqual(since.items.map((r) => r.id), want.filter((w) => w.date >= pivot).map((w) => w.id));
  });

  test('a contract expands to the deliveries, certificates and settlements applied to it', async () => {
    const rows = (await list({ grano: 'SOJ', limit: 100 })).items;
    const row = rows.find((r) => r.facturados > 0 && r.entregados > 0)!;
    const res = await get(PAQ, { codcom: 'CT', codtal: row.codtal, numero: row.numero });
    assert.equal(res.statusCode, 200, res.body);
    const detail = res.json() as ContractDetailResponse;
    assert.equal(detail.items.reduce((a, r) => a + r.entradas, 0), row.entregados);
    assert.equal(detail.items.reduce((a, r) => a + r.salidas, 0), row.facturados);
    assert.ok(detail.items.some((r) => r.deslar === 'Romaneo'));
    expectRefused(await get(PAQ, { codcom: 'CT', codtal: 1, numero: 999_999 }), 404, contractMsg.comprobanteInexistente);
    expectRefused(await get(PAQ, { codcom: 'FC', codtal: 1, numero: 1 }), 400, contractMsg.comprobanteObligatorio);
    // A contract of another customer of the company.
    const mine = await entityId(1001);
    const foreign = await ctx.db.selectFrom('grain_contracts').select(['series', 'number']).where('entity_id', '!=', mine).orderBy('id').executeTakeFirstOrThrow();
    expectRefused(await get(PAQ, { codcom: 'CT', codtal: foreign.series, numero: foreign.number }), 404, contractMsg.comprobanteInexistente);
  });

  test('400 for each bad parameter', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ grano: 'soja!' }, contractMsg.granoInvalido],
      [{ grano: 'ARROZ' }, contractMsg.granoInvalido],
      [{ cosecha: '2025' }, contractMsg.cosechaInvalida],
      [{ cosecha: '["2025/26"' }, contractMsg.cosechaInvalida],
      [{ cosecha: '[2025]' }, contractMsg.cosechaInvalida],
      [{ codres: 'X' }, contractMsg.resumenInvalido],
      [{ fechadesde: '31/02/2026' }, contractMsg.fechaDesdeInvalida],
      [{ fechahasta: 'ayer' }, contractMsg.fechaHastaInvalida],
      [{ fechadesde: '2026-02-01', fechahasta: '2026-01-01' }, contractMsg.fechasInvertidas],
      [{ limit: 0 }, msg.solicitudInvalida],
      [{ start: -1 }, msg.solicitudInvalida],
      [{ files: 'true', type: 'zip', token: 'x' }, contractMsg.tipoArchivoInvalido],
    ];
    for (const [p, m] of cases) {
      const res = p.token ? await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...p, token, cooperativa: LA_PAMPA, entity_id: '1001' })}` }) : await get(URL, p);
      expectRefused(res, 400, m);
    }
  });

  test('print options: the contract and its settlement as PDFs; a contract without print says so', async () => {
    const rows = (await list({ grano: 'SOJ', limit: 100 })).items;
    const row = rows.find((r) => r.imprime1 && r.imprime2)!;
    assert.ok(row, 'a contract with both prints');
    const one = (await get(IMPRIME, { codcom: row.codcom1, codtal: row.codtal1, numero: row.numero1 })).json() as ImprimeResponse;
    assert.equal(one.success, true);
    const text = await pdfText(Buffer.from((one as { archivos: { archivo: string } }).archivos.archivo, 'base64'));
    assert.match(text, /CONTRATO/);
    assert.match(text, /Compraventa de granos/);
    assert.ok(text.includes(row.kilos_con_formato), 'the contract prints its kilograms');
    assert.ok(text.includes(`Comp. Nro: ${String(row.numero).padStart(8, '0')}`), 'the contract prints its number');
    const two = (await get(IMPRIME, { codcom: row.codcom2, codtal: row.codtal2, numero: row.numero2 })).json() as ImprimeResponse;
    assert.equal(two.success, true);
    const settlement = await pdfText(Buffer.from((two as { archivos: { archivo: string } }).archivos.archivo, 'base64'));
    assert.match(settlement, /LIQUIDACIÓN/);
    assert.match(settlement, /(Primaria|Parcial) de granos/);
    assert.ok(settlement.includes(`contrato ${row.numpre}`), 'the settlement names its contract');

    const id = await entityId(1001);
    const hidden = await ctx.db.selectFrom('grain_contracts').select(['id', 'series', 'number']).where('entity_id', '=', id).orderBy('id').executeTakeFirstOrThrow();
    await ctx.db.updateTable('grain_contracts').set({ printable: false }).where('id', '=', hidden.id).execute();
    const none = (await get(IMPRIME, { codcom: 'CT', codtal: hidden.series, numero: hidden.number })).json() as ImprimeResponse;
    assert.deepEqual(none, { success: false, msg: contractMsg.sinImpresion });
    await ctx.db.updateTable('grain_contracts').set({ printable: true }).where('id', '=', hidden.id).execute();

    const foreign = await ctx.db.selectFrom('grain_contracts').select(['series', 'number']).where('entity_id', '!=', id).orderBy('id').executeTakeFirstOrThrow();
    expectRefused(await get(IMPRIME, { codcom: 'CT', codtal: foreign.series, numero: foreign.number }), 404, contractMsg.comprobanteInexistente);
  });

  test('EXCEL and PDF exports with the token in the query', async () => {
    const want = await expected('SOJ');
    const base = { grano: 'SOJ', files: 'true', token, cooperativa: LA_PAMPA, entity_id: '1001' };
    const res = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...base, type: 'excel' })}` });
    assert.equal(res.statusCode, 200, res.body);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    // Header, one row per contract, totals.
    assert.equal(sheet.actualRowCount, want.length + 2);
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    assert.equal(Number(sheet.getRow(2).getCell(header.indexOf('Entregados')).value), want[0]!.delivered.toNumber());
    const pdf = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...base, type: 'pdf', codres: 'CUM' })}` });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.match(await pdfText(pdf.rawPayload), /CONTRATOS/);
  });
});
