import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { integrationBatchMsg, integrationRowMsg, type CatalogResponse, type ConsultarStockResponse } from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { counts, createKey, expectWordCountsRecomputed, INTEGRATION, okBatch, sendBatch } from './test-support.js';

/** Prices (precios) and stock per deposit (stock) loaded by the ERP, with what the catalogue derives from them. */

let ctx: TestContext;
let secret: string;
let token: string;
let companyId: number;
let listCode: number;
const PRODUCTS = `${INTEGRATION}/productos`;
const PRICES = `${INTEGRATION}/precios`;
const STOCK = `${INTEGRATION}/stock`;
const CATALOG = '/api/public/proxy/pedidos';

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  const admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP catálogo', escribir: ['productos', 'precios', 'stock'] })).secreto;
  token = (await login(ctx.app, 'productor')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  const e = await ctx.db.selectFrom('entities').select('price_list_id').where('company_id', '=', companyId).where('code', '=', 1001).executeTakeFirstOrThrow();
  listCode = (
    await ctx.db
      .selectFrom('price_lists')
      .select('code')
      .where('company_id', '=', companyId)
      .where((eb) => (e.price_list_id === null ? eb('is_default', '=', true) : eb('id', '=', e.price_list_id)))
      .executeTakeFirstOrThrow()
  ).code;
  const products = Array.from({ length: 6 }, (_, i) => ({ codigo: 91001 + i, nombre: `Zzprecio producto ${i}`, unidad_venta: 'Unidad', unidad: 'u', codigo_barras: `ZZP-${91001 + i}` }));
  assert.deepEqual(counts(await batch(products, PRODUCTS)), [6, 6, 0, 0]);
});
after(async () => {
  await ctx?.close();
});

const batch = (rows: unknown[], url: string, ndjson = false) => okBatch(ctx.app, secret, url, rows, ndjson);
const productId = async (code: number) => (await ctx.db.selectFrom('products').select('id').where('company_id', '=', companyId).where('code', '=', code).executeTakeFirstOrThrow()).id;
const item = async (list: number, code: number) =>
  ctx.db
    .selectFrom('price_list_items as i')
    .innerJoin('price_lists as l', 'l.id', 'i.price_list_id')
    .select(['i.currency', 'i.list_price', 'i.discount1', 'i.discount2', 'i.min_price', 'i.max_price'])
    .where('l.company_id', '=', companyId)
    .where('l.code', '=', list)
    .where('i.product_id', '=', await productId(code))
    .executeTakeFirst();
async function catalog(patron: string): Promise<CatalogResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `${CATALOG}?filtros=${encodeURIComponent(JSON.stringify({ patron }))}`, headers: bearer(token, { cuit: LA_PAMPA, entity_id: '1001' }) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as CatalogResponse;
}
/** products.price_lists (kept by triggers) against the lists that price each product, for every product. */
async function expectPriceListsRecomputed(why: string) {
  const wrong = await sql<{ id: number }>`select p.id from products p
    where p.price_lists is distinct from coalesce((select array_agg(i.price_list_id order by i.price_list_id) from price_list_items i where i.product_id = p.id), '{}')`.execute(ctx.db);
  assert.deepEqual(wrong.rows, [], why);
}

describe('precios', () => {
  test('accepted, the same batch unchanged, a change counted alone; without a band, the band is the final price', async () => {
    const rows = [
      { lista: listCode, producto: 91001, precio: '1000.00', descuento1: '10', descuento2: 5, precio_minimo: '800', precio_maximo: 900 },
      { lista: listCode, producto: 91002, precio: 250.5, moneda: 'USD' },
      { lista: 9501, lista_nombre: 'Lista ERP', producto: 91001, precio: '1200' },
    ];
    assert.deepEqual(counts(await batch(rows, PRICES)), [3, 3, 0, 0]);
    assert.deepEqual(await item(listCode, 91001), { currency: 'ARS', list_price: '1000.00', discount1: '10.00', discount2: '5.00', min_price: '800.00', max_price: '900.00' });
    assert.deepEqual(await item(listCode, 91002), { currency: 'USD', list_price: '250.50', discount1: '0.00', discount2: '0.00', min_price: '250.50', max_price: '250.50' });
    const created = await ctx.db.selectFrom('price_lists').select(['name', 'is_default']).where('company_id', '=', companyId).where('code', '=', 9501).executeTakeFirstOrThrow();
    assert.deepEqual(created, { name: 'Lista ERP', is_default: false });
    await expectPriceListsRecomputed('priced');

    assert.deepEqual(counts(await batch(rows, PRICES, true)), [3, 0, 3, 0], 'the same batch again: unchanged');
    const changed = await batch(
      [
        { ...rows[0], precio: '1100.00' },
        { ...rows[1], precio: '250.50' },
        { ...rows[2], lista_nombre: 'Lista ERP renombrada' },
      ],
      PRICES,
    );
    assert.deepEqual(counts(changed), [3, 1, 2, 0], 'a price changed; the same price as other text, and a list renamed, are no change of a price');
    assert.equal((await item(listCode, 91001))!.list_price, '1100.00');
    assert.equal((await ctx.db.selectFrom('price_lists').select('name').where('company_id', '=', companyId).where('code', '=', 9501).executeTakeFirstOrThrow()).name, 'Lista ERP renombrada');

    // The catalogue shows the new final price on the next request: 1100 × 0.90 × 0.95.
    const p = (await catalog('zzprecio producto 0')).productos.find((x) => x.codart === 91001)!;
    assert.equal(p.precio_final_con_formato, '940,50');
    await batch([{ ...rows[0], precio: '2000.00' }], PRICES);
    assert.equal((await catalog('zzprecio producto 0')).productos.find((x) => x.codart === 91001)!.precio_final_con_formato, '1.710,00');
  });

  test('each rejection names its row, field and Spanish message; the good rows are written', async () => {
    const answer = await batch(
      [
        { lista: listCode, producto: 91003, precio: '10' },
        { lista: listCode, producto: 99_999_998, precio: '10' },
        { lista: 9599, producto: 91003, precio: '10' },
        { lista: listCode, producto: 91004, precio: '12,50' },
        { lista: listCode, producto: 91004, precio: '-1' },
        { lista: listCode, producto: 91004, precio: '10', descuento1: '101' },
        { lista: listCode, producto: 91004, precio: '10', precio_minimo: '9', precio_maximo: '8' },
        { lista: listCode, producto: 91004, precio: '10', moneda: 'EUR' },
        { lista: listCode, producto: 91003, precio: '11' },
        { lista: listCode, producto: 91004 },
      ],
      PRICES,
    );
    assert.deepEqual(counts(answer), [10, 1, 0, 9]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(99_999_998) },
      { fila: 3, campo: 'lista', mensaje: integrationRowMsg.listaSinNombre(9599) },
      { fila: 4, campo: 'precio', mensaje: integrationRowMsg.decimalInvalido(2) },
      { fila: 5, campo: 'precio', mensaje: integrationRowMsg.noNegativo },
      { fila: 6, campo: 'descuento1', mensaje: integrationRowMsg.descuentoInvalido },
      { fila: 7, campo: 'precio_minimo', mensaje: integrationRowMsg.bandaInvalida },
      { fila: 8, campo: 'moneda', mensaje: integrationRowMsg.monedaInvalida },
      { fila: 9, campo: 'producto', mensaje: integrationRowMsg.precioRepetido(1) },
      { fila: 10, campo: 'precio', mensaje: integrationRowMsg.decimalInvalido(2) },
    ]);
    assert.equal((await item(listCode, 91003))!.list_price, '10.00');
    assert.equal(await item(listCode, 91004), undefined);
    assert.equal(await ctx.db.selectFrom('price_lists').select('id').where('company_id', '=', companyId).where('code', '=', 9599).executeTakeFirst(), undefined);
  });

  test('removal deletes the price (the product leaves the list); again: unchanged; unknown codes: rejected', async () => {
    await batch([{ lista: listCode, producto: 91005, precio: '50' }], PRICES);
    assert.equal((await catalog('zzprecio producto 4')).total, 1);
    const removed = await batch(
      [
        { lista: listCode, producto: 91005 },
        { lista: 9598, producto: 91005 },
        { lista: listCode, producto: 99_999_997 },
      ],
      `${PRICES}/bajas`,
    );
    assert.deepEqual(counts(removed), [3, 1, 0, 2]);
    assert.deepEqual(removed.rechazos, [
      { fila: 2, campo: 'lista', mensaje: integrationBatchMsg.listaInexistente(9598) },
      { fila: 3, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(99_999_997) },
    ]);
    assert.equal(await item(listCode, 91005), undefined);
    await expectPriceListsRecomputed('removed');
    assert.equal((await catalog('zzprecio producto 4')).total, 0, 'an unpriced product leaves the catalogue on the next request');
    assert.deepEqual(counts(await batch([{ lista: listCode, producto: 91005 }], `${PRICES}/bajas`, true)), [1, 0, 1, 0]);
    await expectWordCountsRecomputed(ctx.db, 'after prices');
  });

  test("a row of another company refuses the batch whole; the codes are the key's company's", async () => {
    const before = await item(listCode, 91006);
    expectRefused(await sendBatch(ctx.app, secret, PRICES, [{ lista: listCode, producto: 91006, precio: '1' }, { cuit_empresa: DEL_SUR, lista: listCode, producto: 91006, precio: '2' }]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    assert.deepEqual(await item(listCode, 91006), before);
    // Del Sur's products are not La Pampa's: a La Pampa key naming a code only Del Sur has is told it does not exist.
    const delSur = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
    const sur = { code: 91900 };
    await ctx.db.insertInto('products').values({ company_id: delSur, code: sur.code, alpha_code: 'SUR-91900', name: 'Solo del Sur', sales_unit: 'Unidad', unit: 'u', images: '[]' as never }).execute();
    const answer = await batch([{ lista: listCode, producto: sur.code, precio: '1' }], PRICES);
    assert.deepEqual(answer.rechazos, [{ fila: 1, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(sur.code) }]);
  });
});

describe('stock', () => {
  const levelOf = async (deposit: number, code: number) =>
    (
      await ctx.db
        .selectFrom('stock_levels as l')
        .innerJoin('deposits as d', 'd.id', 'l.deposit_id')
        .select('l.quantity')
        .where('d.company_id', '=', companyId)
        .where('d.code', '=', deposit)
        .where('l.product_id', '=', await productId(code))
        .executeTakeFirst()
    )?.quantity;
  /** products.stock against the sum over deposits, for every product of the company. */
  async function expectTotalsRecomputed(why: string) {
    const wrong = await sql<{ id: number }>`select p.id from products p
      where p.company_id = ${companyId} and p.stock is distinct from (select sum(l.quantity) from stock_levels l where l.company_id = p.company_id and l.product_id = p.id)`.execute(ctx.db);
    assert.deepEqual(wrong.rows, [], why);
  }
  async function consult(barcode: string) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/public/proxy/cgi/consultarStock', headers: bearer(deposito, { cuit: LA_PAMPA }), payload: { codemp: 1, grudep: 1, barcode } });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as ConsultarStockResponse;
  }
  let deposito: string;
  before(async () => {
    deposito = (await login(ctx.app, 'deposito')).access_token;
    await expectTotalsRecomputed('seeded');
  });

  test('accepted, the same batch unchanged, a change counted alone; the catalogue figure is the sum over deposits', async () => {
    const rows = [
      { deposito: 1, producto: 91001, cantidad: '12.5' },
      { deposito: 2, producto: 91001, cantidad: 7 },
      { deposito: 9701, deposito_nombre: 'Depósito ERP', producto: 91002, cantidad: '3' },
    ];
    assert.deepEqual(counts(await batch(rows, STOCK)), [3, 3, 0, 0]);
    assert.equal(await levelOf(1, 91001), '12.50');
    assert.equal((await ctx.db.selectFrom('products').select('stock').where('id', '=', await productId(91001)).executeTakeFirstOrThrow()).stock, '19.50');
    assert.equal((await ctx.db.selectFrom('deposits').select('name').where('company_id', '=', companyId).where('code', '=', 9701).executeTakeFirstOrThrow()).name, 'Depósito ERP');
    await expectTotalsRecomputed('loaded');
    assert.deepEqual(counts(await batch(rows, STOCK, true)), [3, 0, 3, 0]);
    assert.deepEqual(counts(await batch([{ ...rows[0], cantidad: '12.50' }, { ...rows[1], cantidad: '8' }], STOCK)), [2, 1, 1, 0]);
    await expectTotalsRecomputed('changed');
    // The warehouse screen (the user's deposit: the default one) and the catalogue see it on the next request.
    const seen = await consult('ZZP-91001');
    assert.equal(seen.items[0]!.salcan, 12.5);
    const p = (await catalog('zzprecio producto 0')).productos.find((x) => x.codart === 91001)!;
    assert.equal(p.stock_cantidad_conformato, '20,5');
    await batch([{ ...rows[0], cantidad: '30' }], STOCK);
    assert.equal((await consult('ZZP-91001')).items[0]!.salcan, 30);
    assert.equal((await catalog('zzprecio producto 0')).productos.find((x) => x.codart === 91001)!.stock_cantidad_conformato, '38');
  });

  test('each rejection names its row, field and Spanish message; removal deletes the level', async () => {
    const answer = await batch(
      [
        { deposito: 1, producto: 91003, cantidad: '4' },
        { deposito: 1, producto: 99_999_996, cantidad: '4' },
        { deposito: 9799, producto: 91003, cantidad: '4' },
        { deposito: 1, producto: 91004, cantidad: '1,5' },
        { deposito: 1, producto: 91004, cantidad: '-2' },
        { deposito: 1, producto: 91003, cantidad: '5' },
        { deposito: 1, producto: 91004 },
      ],
      STOCK,
    );
    assert.deepEqual(counts(answer), [7, 1, 0, 6]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(99_999_996) },
      { fila: 3, campo: 'deposito', mensaje: integrationRowMsg.depositoSinNombre(9799) },
      { fila: 4, campo: 'cantidad', mensaje: integrationRowMsg.decimalInvalido(2) },
      { fila: 5, campo: 'cantidad', mensaje: integrationRowMsg.noNegativo },
      { fila: 6, campo: 'producto', mensaje: integrationRowMsg.stockRepetido(1) },
      { fila: 7, campo: 'cantidad', mensaje: integrationRowMsg.decimalInvalido(2) },
    ]);
    assert.equal(await levelOf(1, 91003), '4.00');
    assert.equal(await levelOf(1, 91004), undefined);

    const removed = await batch(
      [
        { deposito: 2, producto: 91001 },
        { deposito: 9798, producto: 91001 },
      ],
      `${STOCK}/bajas`,
    );
    assert.deepEqual(counts(removed), [2, 1, 0, 1]);
    assert.deepEqual(removed.rechazos, [{ fila: 2, campo: 'deposito', mensaje: integrationRowMsg.depositoInexistente(9798) }]);
    assert.equal(await levelOf(2, 91001), undefined);
    await expectTotalsRecomputed('removed');
    assert.deepEqual(counts(await batch([{ deposito: 2, producto: 91001 }], `${STOCK}/bajas`)), [1, 0, 1, 0]);
    // The last level of a product removed: no figure at all.
    await batch([{ deposito: 1, producto: 91003 }], `${STOCK}/bajas`);
    assert.equal((await ctx.db.selectFrom('products').select('stock').where('id', '=', await productId(91003)).executeTakeFirstOrThrow()).stock, null);
    await expectTotalsRecomputed('last level removed');
    expectRefused(await sendBatch(ctx.app, secret, STOCK, [{ cuit_empresa: DEL_SUR, deposito: 1, producto: 91001, cantidad: '1' }]), 403, integrationBatchMsg.filaDeOtraEmpresa(1));
    assert.equal(await levelOf(1, 91001), '30.00');
  });
});
