import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { columnText, columnValue, foldText, msg, stockPositionMsg, type StockPositionResponse } from '@portal/contract';
import { pdfText } from '../../documents/test-support.js';
import { bearer, createTestApp, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { qty } from './service.js';

/**
 * GET /proxy/cgi/etenet_pEntregarStk: the stock position ('POS') and the deliverables by deposit ('PEN'). Expected
 * quantities are summed here from the invoices' product lines and the remitos of the entity.
 */

let ctx: TestContext;
let token: string;
const URL = '/api/public/proxy/cgi/etenet_pEntregarStk';
const own = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });
const qs = (p: Record<string, string | number>) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();
const get = (p: Record<string, string | number> = {}) => ctx.app.inject({ method: 'GET', url: `${URL}?${qs(p)}`, headers: own() });
async function list(p: Record<string, string | number> = {}): Promise<StockPositionResponse> {
  const res = await get(p);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as StockPositionResponse;
}

type Expected = { bought: Decimal; delivered: Decimal; invoices: number; remitos: number; byDeposit: Map<number, Decimal> };

/** Per product code: bought (invoiced), delivered (remitos) and what is left per deposit. */
async function expected(): Promise<Map<string, Expected>> {
  const entity = await ctx.db
    .selectFrom('entities as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.id', 'e.company_id'])
    .where('c.cuit', '=', LA_PAMPA)
    .where('e.code', '=', 1001)
    .executeTakeFirstOrThrow();
  const lines = await ctx.db
    .selectFrom('voucher_lines as vl')
    .innerJoin('account_movements as m', 'm.id', 'vl.movement_id')
    .select(['vl.movement_id', 'vl.line_no', 'vl.product_code', 'vl.quantity', 'vl.deposit_id'])
    .where('m.entity_id', '=', entity.id)
    .where('m.voucher_code', '=', 'FC')
    .where('vl.kind', '=', 'product')
    .execute();
  const remitos = await ctx.db.selectFrom('product_deliveries').select(['movement_id', 'line_no', 'quantity']).where('entity_id', '=', entity.id).execute();
  const out = new Map<string, Expected>();
  for (const l of lines) {
    if (!l.product_code || !l.quantity || new Decimal(l.quantity).lte(0)) continue;
    const e = out.get(l.product_code) ?? { bought: new Decimal(0), delivered: new Decimal(0), invoices: 0, remitos: 0, byDeposit: new Map() };
    const mine = remitos.filter((r) => String(r.movement_id) === String(l.movement_id) && r.line_no === l.line_no);
    const delivered = mine.reduce((a, r) => a.plus(r.quantity), new Decimal(0));
    e.bought = e.bought.plus(l.quantity);
    e.delivered = e.delivered.plus(delivered);
    e.invoices += 1;
    e.remitos += mine.length;
    const left = new Decimal(l.quantity).minus(delivered);
    if (left.gt(0)) e.byDeposit.set(l.deposit_id!, (e.byDeposit.get(l.deposit_id!) ?? new Decimal(0)).plus(left));
    out.set(l.product_code, e);
  }
  return out;
}

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
});
after(async () => {
  await ctx?.close();
});

describe('stock positions and deliverables', () => {
  test('401, 403 for a foreign entity and another company', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: URL }, { access: 'entity', token, ownEntity: '1001' });
    await expectGuarded(ctx.app, { method: 'GET', url: `${URL}?codres=PEN` }, { access: 'entity', token, ownEntity: '1001' });
  });

  test('the position: bought, delivered and to deliver per product, with its invoices and remitos; paging', async () => {
    const want = await expected();
    const first = await list();
    assert.equal(first.codres, 'POS');
    assert.deepEqual(first.titulosColumnas, [{ id: 1, titulo: 'Comprado' }, { id: 2, titulo: 'Entregado' }, { id: 3, titulo: 'A entregar' }]);
    assert.deepEqual(first.resumenes.map((r) => r.codres), ['POS', 'PEN']);
    assert.equal(first.total, want.size);
    assert.ok(first.total > 14, `only ${first.total} products`);
    assert.equal(first.items.length, 7);
    assert.equal(first.productos.length, want.size);
    const all = await list({ limit: 100 });
    const second = await list({ start: 7 });
    assert.deepEqual([...first.items, ...second.items].map((r) => r.codalfa), all.items.slice(0, 14).map((r) => r.codalfa));
    for (const row of all.items) {
      const w = want.get(row.codalfa)!;
      assert.ok(w, row.codalfa);
      assert.equal(columnValue(row, 1), w.bought.toNumber());
      assert.equal(columnValue(row, 2), w.delivered.toNumber());
      assert.equal(columnValue(row, 3), w.bought.minus(w.delivered).toNumber());
      assert.equal(columnText(row, 3), qty(w.bought.minus(w.delivered)));
      const invoices = row.renglonesComprobantes.filter((l) => l.letra !== 'R');
      const remitos = row.renglonesComprobantes.filter((l) => l.letra === 'R');
      assert.equal(invoices.length, w.invoices);
      assert.equal(remitos.length, w.remitos);
      assert.equal(invoices.reduce((a, l) => a.plus(l.cantidad), new Decimal(0)).toNumber(), w.bought.toNumber());
      assert.equal(remitos.reduce((a, l) => a.plus(l.cantidad), new Decimal(0)).toNumber(), w.delivered.toNumber());
      assert.ok(remitos.every((l) => l.tvdgi === '091' && l.descripcion === 'Remito R'));
    }
    // The demo has delivered, partly delivered and undelivered products.
    assert.ok(all.items.some((r) => columnValue(r, 3) === 0) && all.items.some((r) => columnValue(r, 3) > 0 && columnValue(r, 2) > 0));
  });

  test('the deliverables: only what is to deliver, one column per deposit and the total', async () => {
    const want = await expected();
    const pending = [...want.entries()].filter(([, w]) => w.bought.gt(w.delivered));
    const res = await list({ codres: 'PEN', limit: 100 });
    assert.equal(res.codres, 'PEN');
    assert.equal(res.total, pending.length);
    assert.ok(res.total > 0);
    assert.deepEqual(res.items.map((r) => r.codalfa).sort(), pending.map(([code]) => code).sort());
    const deposits = await ctx.db.selectFrom('deposits').select(['id', 'code', 'name']).execute();
    const used = new Set(pending.flatMap(([, w]) => [...w.byDeposit.keys()]));
    assert.ok(used.size >= 2, 'pending goods in two deposits');
    assert.deepEqual(
      res.titulosColumnas,
      [...deposits.filter((d) => used.has(d.id)).sort((a, b) => a.code - b.code).map((d) => ({ id: d.code, titulo: d.name })), { id: 100, titulo: 'Total a entregar' }],
    );
    for (const row of res.items) {
      const w = want.get(row.codalfa)!;
      for (const d of deposits.filter((x) => used.has(x.id))) assert.equal(columnValue(row, d.code), (w.byDeposit.get(d.id) ?? new Decimal(0)).toNumber(), `${row.codalfa} ${d.name}`);
      assert.equal(columnValue(row, 100), w.bought.minus(w.delivered).toNumber());
      assert.equal(row.renglonesComprobantes.reduce((a, l) => a.plus(l.pendiente), new Decimal(0)).toNumber(), w.bought.minus(w.delivered).toNumber());
      assert.ok(row.renglonesComprobantes.every((l) => l.pendiente > 0 && l.deposito !== ''));
    }
  });

  test('desart finds products by part of their description or code, accents and case ignored', async () => {
    const all = await list({ limit: 100 });
    const target = all.items.find((r) => /[áéíóúñ]/i.test(r.desart)) ?? all.items[0]!;
    const word = target.desart.split(/\s+/).find((w) => w.length > 3) ?? target.desart;
    const typed = foldText(word).toUpperCase();
    const found = await list({ desart: typed, limit: 100 });
    assert.ok(found.items.some((r) => r.codalfa === target.codalfa));
    assert.ok(found.items.every((r) => foldText(r.desart).includes(foldText(word)) || foldText(r.codalfa).includes(foldText(word))));
    assert.equal(found.total, all.items.filter((r) => foldText(r.desart).includes(foldText(word)) || foldText(r.codalfa).includes(foldText(word))).length);
    const byCode = await list({ desart: target.codalfa });
    assert.ok(byCode.items.some((r) => r.codalfa === target.codalfa));
    const none = await list({ desart: 'zzzz-no-existe' });
    assert.deepEqual([none.total, none.items.length], [0, 0]);
  });

  test('400 for each bad parameter', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ codres: 'X' }, stockPositionMsg.resumenInvalido],
      [{ desart: 'x'.repeat(81) }, stockPositionMsg.desartInvalido],
      [{ limit: 0 }, msg.solicitudInvalida],
      [{ limit: 101 }, msg.solicitudInvalida],
      [{ start: -1 }, msg.solicitudInvalida],
    ];
    for (const [p, m] of cases) expectRefused(await get(p), 400, m);
    const bad = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ files: 'true', type: 'zip', token, cooperativa: LA_PAMPA, entity_id: '1001' })}` });
    expectRefused(bad, 400, stockPositionMsg.tipoArchivoInvalido);
  });

  test('EXCEL of the position and PDF of the deliverables, with the token in the query', async () => {
    const want = await expected();
    const base = { files: 'true', token, cooperativa: LA_PAMPA, entity_id: '1001' };
    const res = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...base, type: 'excel' })}` });
    assert.equal(res.statusCode, 200, res.body);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    assert.equal(sheet.actualRowCount, want.size + 1);
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    assert.deepEqual(header.slice(1), ['Producto', 'Código', 'Unidad', 'Comprado', 'Entregado', 'A entregar']);
    for (let r = 2; r <= sheet.actualRowCount; r++) {
      const row = sheet.getRow(r);
      const w = want.get(String(row.getCell(2).value))!;
      assert.equal(Number(row.getCell(4).value), w.bought.toNumber());
      assert.equal(Number(row.getCell(6).value), w.bought.minus(w.delivered).toNumber());
    }
    const pdf = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...base, type: 'pdf', codres: 'PEN' })}` });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const text = await pdfText(pdf.rawPayload);
    assert.match(text, /PENDIENTES DE ENTREGA/);
    assert.match(text, /Total a entregar/);
  });

  test('the PDF prints quantities as the screen does and every column header whole, wrapped when narrow', async () => {
    const base = { files: 'true', token, cooperativa: LA_PAMPA, entity_id: '1001' };
    for (const codres of ['POS', 'PEN'] as const) {
      const screen = await list({ codres, limit: 100 });
      const pdf = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...base, type: 'pdf', codres })}` });
      assert.equal(pdf.statusCode, 200);
      if (process.env.KEEP_PDF) await import('node:fs/promises').then((fs) => fs.writeFile(`${process.env.KEEP_PDF}-${codres}.pdf`, pdf.rawPayload));
      const text = await pdfText(pdf.rawPayload);
      // The header: from 'Producto' to the first product's line, every column's title whole (words on their lines).
      const head = text.slice(text.indexOf('Producto'), text.indexOf(screen.items[0]!.codalfa));
      assert.doesNotMatch(head, /…/, `${codres}: no header is cut`);
      for (const t of screen.titulosColumnas) {
        for (const word of t.titulo.split(' ')) assert.match(head, new RegExp(`(^|\\s)${word}(\\s|$)`), `${codres}: '${word}' of '${t.titulo}' is printed`);
      }
      // Each product's line carries the quantities the screen shows, no ',00' added to a whole quantity.
      const lines = text.split('\n');
      for (const r of screen.items.slice(0, 20)) {
        const line = lines.find((l) => l.includes(r.codalfa));
        assert.ok(line, `${codres}: ${r.codalfa} is printed`);
        const figures = line.slice(line.indexOf(r.codalfa) + r.codalfa.length).trim().split(/\s+/).slice(-screen.titulosColumnas.length);
        assert.deepEqual(figures, screen.titulosColumnas.map((t) => columnText(r, t.id)), `${codres}: ${r.codalfa}`);
      }
    }
  });
});
