import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { warehouseMsg, type ConsultarStockResponse, type StockChangeResponse } from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** Stock: consultarStock (text or barcode), modificarStock, confirmarStock (field-warehouse.md §7). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const C = '/api/public/proxy/cgi';
const H = (user = 'deposito') => bearer(tokens[user]!, { cuit: LA_PAMPA });
let laPampa: number;
let central: { id: number; code: number; name: string };
let pico: { id: number; code: number; name: string };

before(async () => {
  ctx = await createTestApp();
  laPampa = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  const deposits = await ctx.db.selectFrom('deposits').select(['id', 'code', 'name']).where('company_id', '=', laPampa).orderBy('code').execute();
  [central, pico] = deposits as [typeof central, typeof pico];
  for (const u of ['deposito', 'admin', 'productor']) tokens[u] = (await login(ctx.app, u)).access_token;
});
after(async () => {
  await ctx?.close();
});

async function post<T>(path: string, payload: unknown, user = 'deposito'): Promise<T> {
  const res = await ctx.app.inject({ method: 'POST', url: `${C}/${path}`, headers: H(user), payload: payload as Record<string, unknown> });
  assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
  return res.json() as T;
}
function product(where: 'ean'): Promise<{ id: number; code: number; alpha_code: string; name: string; barcode: string }>;
function product(where: 'code128'): Promise<{ id: number; alpha_code: string; barcode: string }>;
async function product(where: 'ean' | 'code128') {
  if (where === 'code128') {
    return ctx.db.selectFrom('product_barcodes as b').innerJoin('products as p', 'p.id', 'b.product_id').select(['p.id', 'p.alpha_code', 'b.barcode']).where('b.company_id', '=', laPampa).orderBy('p.id').executeTakeFirstOrThrow();
  }
  const p = await ctx.db.selectFrom('products').select(['id', 'code', 'alpha_code', 'name', 'barcode']).where('company_id', '=', laPampa).where('stock', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  return { ...p, barcode: p.barcode ?? '' };
}
const levelOf = async (productId: number, depositId = central.id) =>
  (await ctx.db.selectFrom('stock_levels').select('quantity').where('deposit_id', '=', depositId).where('product_id', '=', productId).executeTakeFirst())?.quantity;

function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((a, d, i) => a + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

describe('demo data', () => {
  test('two deposits per company, valid EAN-13 on every product, Code 128 labels, levels 0–100', async () => {
    assert.equal(central.code, 1);
    assert.equal(pico.code, 2);
    const products = await ctx.db.selectFrom('products').select(['barcode']).where('company_id', '=', laPampa).execute();
    assert.ok(products.every((p) => p.barcode && validEan13(p.barcode)));
    const labels = await ctx.db.selectFrom('product_barcodes').select(['barcode', 'symbology']).where('company_id', '=', laPampa).execute();
    assert.ok(labels.length > 10 && labels.every((l) => l.symbology === 'code128' && /^[\x20-\x7e]+$/.test(l.barcode)));
    const levels = await ctx.db.selectFrom('stock_levels').select('quantity').where('company_id', '=', laPampa).execute();
    assert.ok(levels.length > 10 && levels.every((l) => Number(l.quantity) >= 0 && Number(l.quantity) <= 100));
  });
});

describe('consultarStock', () => {
  test('by EAN-13: the product with its quantity in the user\'s deposit; the body\'s codes are ignored', async () => {
    const p = await product('ean');
    const r = await post<ConsultarStockResponse>('consultarStock', { codemp: 99, grudep: 7, barcode: ` ${p.barcode} ` });
    assert.deepEqual(r.deposito, { coddep: central.code, nombre: central.name });
    assert.equal(r.items.length, 1);
    const item = r.items[0]!;
    assert.equal(item.codalfa, p.alpha_code);
    assert.equal(item.alfacor, String(p.code));
    assert.equal(item.barcode, p.barcode);
    assert.equal(item.desart, p.name);
    assert.equal(item.salcan, Number(await levelOf(p.id)));
  });

  test('by Code 128 label (trimmed, upper-cased) and by alpha code; an unknown code answers no items', async () => {
    const p = await product('code128');
    const r = await post<ConsultarStockResponse>('consultarStock', { barcode: ` ${p.barcode.toLowerCase()} ` });
    assert.equal(r.items[0]?.codalfa, p.alpha_code);
    const byAlpha = await post<ConsultarStockResponse>('consultarStock', { barcode: p.alpha_code.toLowerCase() });
    assert.equal(byAlpha.items[0]?.codalfa, p.alpha_code);
    const none = await post<ConsultarStockResponse>('consultarStock', { barcode: '7790000000000' });
    assert.deepEqual(none.items, []);
  });

  test('by text: every word, at most 20; less than 3 letters or nothing at all 400', async () => {
    const r = await post<ConsultarStockResponse>('consultarStock', { descri: 'urea' });
    assert.ok(r.items.length > 0 && r.items.length <= 20);
    assert.ok(r.items.every((i) => /urea/i.test(i.desart) || /urea/i.test(i.codalfa)));
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/consultarStock`, headers: H(), payload: { descri: 'ur' } }), 400, warehouseMsg.minimoTresLetras);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/consultarStock`, headers: H(), payload: { codemp: 1 } }), 400, warehouseMsg.textoOCodigo);
  });

  test('the deposit is the user\'s setting, else the company default', async () => {
    const p = await product('ean');
    const admin = await post<ConsultarStockResponse>('consultarStock', { barcode: p.barcode }, 'admin');
    assert.equal(admin.deposito.coddep, central.code, 'admin has no setting: the default');
    const adminId = (await ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    await ctx.db.insertInto('user_deposits').values({ company_id: laPampa, user_id: adminId, deposit_id: pico.id }).execute();
    const moved = await post<ConsultarStockResponse>('consultarStock', { barcode: p.barcode, grudep: 1 }, 'admin');
    assert.equal(moved.deposito.coddep, pico.code);
    assert.equal(moved.items[0]!.salcan, Number((await levelOf(p.id, pico.id)) ?? 0));
    await ctx.db.deleteFrom('user_deposits').where('user_id', '=', adminId).execute();
  });

  test('guarded: 401, foreign company 403, a customer 403', async () => {
    await expectGuarded(ctx.app, { method: 'POST', url: `${C}/consultarStock`, payload: { descri: 'urea' } }, { access: 'company', token: tokens.deposito! });
    assert.equal((await ctx.app.inject({ method: 'POST', url: `${C}/consultarStock`, headers: H('productor'), payload: { descri: 'urea' } })).statusCode, 403);
    // productor is a member of Agroinsumos del Sur, but as a customer.
    assert.equal((await ctx.app.inject({ method: 'POST', url: `${C}/consultarStock`, headers: bearer(tokens.productor!, { cuit: DEL_SUR }), payload: { descri: 'urea' } })).statusCode, 403);
  });
});

describe('modificarStock / confirmarStock', () => {
  test('an adjustment sets the count and records who, when, deposit, before and after; coddep of the body is ignored', async () => {
    const p = await product('ean');
    const before = await levelOf(p.id);
    const target = Number(before) === 42 ? 43 : 42;
    const r = await post<StockChangeResponse>('modificarStock', { codalfa: p.alpha_code, cantidad: String(target), codemp: 1, coddep: pico.code });
    assert.equal(r.msg, warehouseMsg.stockActualizado);
    assert.equal(r.producto.salcan, target);
    assert.equal(r.deposito.coddep, central.code);
    assert.equal(Number(await levelOf(p.id)), target);
    const m = await ctx.db.selectFrom('stock_movements').selectAll().where('id', '=', r.movimiento!.id).executeTakeFirstOrThrow();
    const deposito = await ctx.db.selectFrom('users').select('id').where('username', '=', 'deposito').executeTakeFirstOrThrow();
    assert.equal(m.kind, 'adjustment');
    assert.equal(m.user_id, deposito.id);
    assert.equal(m.deposit_id, central.id);
    assert.equal(m.quantity_before, before);
    assert.equal(Number(m.quantity_after), target);
    assert.ok(Date.now() - new Date(String(m.created_at)).getTime() < 60_000);
    // The catalogue's stock follows: the sum over deposits.
    const levels = await ctx.db.selectFrom('stock_levels').select('quantity').where('product_id', '=', p.id).execute();
    const stock = (await ctx.db.selectFrom('products').select('stock').where('id', '=', p.id).executeTakeFirstOrThrow()).stock;
    assert.equal(Number(stock), levels.reduce((s, l) => s + Number(l.quantity), 0));
    // The same count again writes nothing.
    const same = await post<StockChangeResponse>('modificarStock', { codalfa: p.alpha_code, cantidad: target });
    assert.equal(same.movimiento, null);
    assert.equal((await ctx.db.selectFrom('stock_movements').select('id').where('product_id', '=', p.id).where('kind', '=', 'adjustment').execute()).length, 1);
  });

  test('two adjustments of one product at the same moment never lose an update', async () => {
    const p = (await ctx.db.selectFrom('products').select(['id', 'alpha_code']).where('company_id', '=', laPampa).orderBy('id', 'desc').executeTakeFirstOrThrow());
    const start = await levelOf(p.id);
    const values = [11, 22, 33, 44];
    const answers = await Promise.all(values.map((cantidad) => post<StockChangeResponse>('modificarStock', { codalfa: p.alpha_code, cantidad }, cantidad % 2 ? 'deposito' : 'admin')));
    const moves = await ctx.db.selectFrom('stock_movements').selectAll().where('product_id', '=', p.id).where('kind', '=', 'adjustment').orderBy('id').execute();
    assert.equal(moves.length, values.length, 'every adjustment is recorded');
    // A chain: each one's "before" is the previous one's "after", starting from the level before them all.
    assert.equal(Number(moves[0]!.quantity_before), Number(start ?? 0));
    for (let i = 1; i < moves.length; i++) assert.equal(moves[i]!.quantity_before, moves[i - 1]!.quantity_after);
    assert.equal(Number(await levelOf(p.id)), Number(moves.at(-1)!.quantity_after));
    assert.deepEqual(answers.map((a) => a.producto.salcan).sort(), [...values].sort());
  });

  test('a confirmation records the count on record; a double tap is one confirmation', async () => {
    const p = await product('code128');
    const a = await post<StockChangeResponse>('confirmarStock', { codalfa: p.alpha_code, codemp: 1, coddep: 1 });
    assert.equal(a.msg, warehouseMsg.stockConfirmado);
    const b = await post<StockChangeResponse>('confirmarStock', { codalfa: p.alpha_code });
    assert.equal(a.movimiento!.id, b.movimiento!.id);
    const moves = await ctx.db.selectFrom('stock_movements').selectAll().where('product_id', '=', p.id).where('kind', '=', 'confirmation').execute();
    assert.equal(moves.length, 1);
    assert.equal(moves[0]!.quantity_before, moves[0]!.quantity_after);
    assert.equal(Number(moves[0]!.quantity_after), Number((await levelOf(p.id)) ?? 0));
    const level = await ctx.db.selectFrom('stock_levels').select(['counted_at', 'counted_by']).where('deposit_id', '=', central.id).where('product_id', '=', p.id).executeTakeFirstOrThrow();
    assert.ok(level.counted_at && Date.now() - new Date(level.counted_at).getTime() < 60_000);
    assert.ok(a.producto.contado);
  });

  test('bad input: 400 with the Spanish message; an unknown or foreign product 404; guarded', async () => {
    const p = await product('ean');
    const bad = async (path: string, payload: unknown, message: string) =>
      expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/${path}`, headers: H(), payload: payload as Record<string, unknown> }), 400, message);
    await bad('modificarStock', { cantidad: 3 }, warehouseMsg.faltaCodalfa);
    await bad('modificarStock', { codalfa: '  ', cantidad: 3 }, warehouseMsg.faltaCodalfa);
    await bad('modificarStock', { codalfa: p.alpha_code, cantidad: -1 }, warehouseMsg.cantidadInvalida);
    await bad('modificarStock', { codalfa: p.alpha_code, cantidad: 'diez' }, warehouseMsg.cantidadInvalida);
    // Counts are whole units: a fraction or a decimal comma is refused, never read as another number.
    for (const cantidad of [2.5, '2.5', '7,5', '1.000']) await bad('modificarStock', { codalfa: p.alpha_code, cantidad }, warehouseMsg.cantidadInvalida);
    await bad('modificarStock', { codalfa: p.alpha_code }, warehouseMsg.cantidadInvalida);
    await bad('confirmarStock', {}, warehouseMsg.faltaCodalfa);
    const ds = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
    const foreign = await ctx.db.selectFrom('products').select('alpha_code').where('company_id', '=', ds).where('alpha_code', 'not in', ctx.db.selectFrom('products').select('alpha_code').where('company_id', '=', laPampa)).executeTakeFirst();
    for (const codalfa of ['NO-EXISTE', ...(foreign ? [foreign.alpha_code] : [])]) {
      expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/modificarStock`, headers: H(), payload: { codalfa, cantidad: 1 } }), 404, warehouseMsg.productoInexistente);
      expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/confirmarStock`, headers: H(), payload: { codalfa } }), 404, warehouseMsg.productoInexistente);
    }
    await expectGuarded(ctx.app, { method: 'POST', url: `${C}/modificarStock`, payload: { codalfa: p.alpha_code, cantidad: 1 } }, { access: 'company', token: tokens.deposito! });
    await expectGuarded(ctx.app, { method: 'POST', url: `${C}/confirmarStock`, payload: { codalfa: p.alpha_code } }, { access: 'company', token: tokens.deposito! });
    assert.equal((await ctx.app.inject({ method: 'POST', url: `${C}/modificarStock`, headers: H('productor'), payload: { codalfa: p.alpha_code, cantidad: 1 } })).statusCode, 403);
  });
});
