import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { formatNumber, grainMsg, msg, voucherNumberText, type DashboardResponse, type GrainDetailResponse, type GrainResponse } from '@portal/contract';
import { pdfText } from '../../documents/test-support.js';
import { bearer, createTestApp, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** GET /proxy/cgi/etenet_fichadet and etenet_fichapaq. Expected kilograms are summed here from the table's rows. */

let ctx: TestContext;
let token: string;
const URL = '/api/public/proxy/cgi/etenet_fichadet';
const PAQ = '/api/public/proxy/cgi/etenet_fichapaq';
const own = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });
const qs = (p: Record<string, string | number>) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();
const get = (url: string, p: Record<string, string | number> = {}) => ctx.app.inject({ method: 'GET', url: `${url}?${qs(p)}`, headers: own() });
async function list(p: Record<string, string | number> = {}): Promise<GrainResponse> {
  const res = await get(URL, p);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as GrainResponse;
}

/** The entity's movements of a grain (and harvest), oldest first, with the stock they leave. */
async function ledger(grain: string, harvest?: string) {
  const entity = await ctx.db
    .selectFrom('entities as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select('e.id')
    .where('c.cuit', '=', LA_PAMPA)
    .where('e.code', '=', 1001)
    .executeTakeFirstOrThrow();
  let q = ctx.db.selectFrom('grain_movements').select(['id', 'date', 'kind', 'kilos', 'harvest']).where('entity_id', '=', entity.id).where('grain', '=', grain).where('kind', '<=', 6);
  if (harvest) q = q.where('harvest', '=', harvest);
  const rows = await q.execute();
  rows.sort((a, b) => (String(a.date) < String(b.date) ? -1 : String(a.date) > String(b.date) ? 1 : Number(a.id) - Number(b.id)));
  let run = new Decimal(0);
  return rows.map((r) => {
    const k = new Decimal(r.kilos);
    run = [1, 3].includes(r.kind) ? run.plus(k) : [4, 5, 6].includes(r.kind) ? run.minus(k) : run;
    return { id: String(r.id), kind: r.kind, saldo: run.toFixed(0) };
  });
}

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
});
after(async () => {
  await ctx?.close();
});

describe('grain ledger', () => {
  test('401, 403 for a foreign entity and another company', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: URL }, { access: 'entity', token, ownEntity: '1001' });
    await expectGuarded(ctx.app, { method: 'GET', url: `${PAQ}?codcom=CE&codtal=2&numero=1` }, { access: 'entity', token, ownEntity: '1001' });
  });

  test("every grain and harvest matches the dashboard's grain position to the kilogram", async () => {
    const dash = (await get('/api/public/proxy/cgi/etenet_dashboard', { grupo: 'granos' })).json() as DashboardResponse;
    const position = dash.etenet_fichares.items;
    assert.ok(position.length > 3);
    for (const p of position) {
      const page = await list({ grano: p.cereal, cosecha: p.cosecha });
      assert.equal(page.totales.saldo, Number(p.kilstk), `${p.cereal} ${p.cosecha}`);
      if (page.items.length) assert.equal(page.items[0]!.saldo, Number(p.kilstk));
      assert.ok(page.valoresdegranos.some((v) => v.cosecha === p.cosecha && v.valor === `${formatNumber(p.kilstk, 0)} kg`));
    }
  });

  test('the running balance across a page boundary, every harvest together', async () => {
    const expected = (await ledger('SOJ')).reverse();
    assert.ok(expected.length > 14);
    const rows = [...(await list({ grano: 'SOJ' })).items, ...(await list({ grano: 'SOJ', start: 7 })).items];
    rows.forEach((r, i) => {
      assert.equal(r.id, expected[i]!.id);
      assert.equal(r.saldo_con_formato, formatNumber(expected[i]!.saldo, 0));
    });
    const page = await list({ grano: 'SOJ' });
    assert.equal(page.total, expected.length);
    assert.equal(page.grano, 'SOJ');
    assert.ok(page.granos.some((g) => g.grano === 'SOJ' && g.descripcion === 'Soja'));
    assert.equal(page.totales.entradas - page.totales.salidas, Number(expected[0]!.saldo));
  });

  test('summary option, voucher type and dates narrow the rows, not the balance', async () => {
    const all = (await ledger('SOJ')).reverse();
    const ins = await list({ grano: 'SOJ', codres: 'ENT', limit: 100 });
    const want = all.filter((r) => r.kind === 1 || r.kind === 3);
    assert.deepEqual(ins.items.map((r) => r.id), want.map((r) => r.id));
    ins.items.forEach((r, i) => assert.equal(r.saldo_con_formato, formatNumber(want[i]!.saldo, 0)));
    const certs = await list({ grano: 'SOJ', codcom: 'CE', limit: 100 });
    assert.ok(certs.items.length > 0 && certs.items.every((r) => r.codcom2 === 'CE' && r.expande));
  });

  test('a certificate expands to the loads it certifies', async () => {
    const cert = (await list({ grano: 'SOJ', codcom: 'CE' })).items[0]!;
    const res = await get(PAQ, { codcom: cert.codcom2, codtal: cert.codtal2, numero: cert.numero2 });
    assert.equal(res.statusCode, 200, res.body);
    const detail = res.json() as GrainDetailResponse;
    assert.ok(detail.items.length > 0 && detail.items.every((r) => r.codcom2 === 'RO' && r.entradas > 0 && r.cosecha === cert.cosecha));
    expectRefused(await get(PAQ, { codcom: 'CE', codtal: 2, numero: 1 }), 404, grainMsg.comprobanteInexistente);
    expectRefused(await get(PAQ, { codcom: 'ZZ', codtal: 2, numero: 1 }), 400, grainMsg.comprobanteObligatorio);
  });

  test("every voucher is numbered as the portal numbers vouchers (point of sale and number): the rows, the settlement's print and the exports", async () => {
    const rows = (await list({ grano: 'SOJ', limit: 100 })).items;
    const settlement = rows.find((r) => r.codcom2 === 'LB' && r.deslar2 === 'Liquidación 1116B/C');
    assert.ok(settlement, 'a 1116B/C settlement');
    for (const r of rows) {
      assert.match(r.numpre, /^\d{5}-\d{8}$/, `${r.deslar2} ${r.numpre}`);
      assert.equal(r.numpre, voucherNumberText(r.codtal2, r.numero2), `${r.deslar2}: numpre is codtal2 and numero2`);
    }
    // The settlement's print (the contracts area prints those applied to a contract) carries the same number.
    let printedOne = false;
    for (const r of rows.filter((x) => x.codcom2 === 'LB')) {
      const printed = await get('/api/public/proxy/imprime', { codcom: r.codcom2, codtal: r.codtal2, numero: r.numero2 });
      assert.equal(printed.statusCode, 200, printed.body);
      const print = printed.json() as { success: boolean; archivos?: { archivo: string } };
      if (!print.success) continue;
      const text = await pdfText(Buffer.from(print.archivos!.archivo, 'base64'));
      assert.match(text, new RegExp(`Punto de venta: ${r.numpre.slice(0, 5)}\\s+Comp\\. Nro: ${r.numpre.slice(6)}`));
      assert.doesNotMatch(text, /\b[A-Z]{2}-\d/);
      printedOne = true;
      break;
    }
    assert.ok(printedOne, 'a 1116B/C settlement with its print');
    // The exports: the same text in the PDF and the sheet.
    const base = { grano: 'SOJ', files: 'true', token, cooperativa: LA_PAMPA, entity_id: '1001' };
    const pdf = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...base, type: 'pdf' })}` });
    assert.equal(pdf.statusCode, 200);
    const text = await pdfText(pdf.rawPayload);
    assert.ok(text.includes(settlement.numpre), 'the PDF prints the settlement as the screen does');
    assert.doesNotMatch(text, /\b[A-Z]{2}-\d/);
    const xlsx = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...base, type: 'excel' })}` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const numbers = new Set<string>();
    sheet.eachRow((row, n) => { if (n > 1) numbers.add(String(row.getCell(header.indexOf('Número')).value)); });
    assert.ok(rows.every((r) => numbers.has(r.numpre)), 'the sheet has every number as the screen shows it');
  });

  test('400 for each bad parameter', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ fechaDesde: '2026-01-01' }, grainMsg.fechaHastaObligatoria],
      [{ fechaDesde: '2026-02-01', fechaHasta: '2026-01-01' }, grainMsg.fechasInvertidas],
      [{ fechaHasta: '30/02/2026' }, grainMsg.fechaHastaInvalida],
      [{ cosecha: '2025' }, grainMsg.cosechaInvalida],
      [{ grano: 'soja!' }, grainMsg.granoInvalido],
      [{ grano: 'ARROZ' }, grainMsg.granoInvalido],
      [{ codres: 'X' }, grainMsg.resumenInvalido],
      [{ codcom: 'FC' }, grainMsg.comprobanteInvalido],
      [{ limit: 0 }, msg.solicitudInvalida],
    ];
    for (const [p, m] of cases) expectRefused(await get(URL, p), 400, m);
  });

  test('EXCEL export with the token in the query', async () => {
    const expected = await ledger('SOJ', '2024/25');
    const res = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ grano: 'SOJ', cosecha: '2024/25', files: 'true', type: 'excel', token, cooperativa: LA_PAMPA, entity_id: '1001' })}` });
    assert.equal(res.statusCode, 200, res.body);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    assert.equal(sheet.actualRowCount, expected.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    assert.equal(Number(sheet.getRow(2).getCell(header.indexOf('Saldo (kg)')).value), Number(expected.at(-1)!.saldo));
  });
});
