import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  catalogQuery,
  integrationBatchMsg,
  integrationRowMsg,
  type CatalogResponse,
  type FacetItem,
  type QuickResolveResponse,
} from '@portal/contract';
import { openDatabase, type DB } from '../../db/database.js';
import { reportWritesAtEnd, writeWatchOf } from '../../db/write-watch.js';
import { CATALOGUE_KEPT_TABLES, CatalogService } from '../catalog/index.js';
import { bearer, expectCodeVariantsRecomputed, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { counts, createKey, expectWordCountsRecomputed, INTEGRATION, makeAdminOf, okBatch, sendBatch } from './test-support.js';

/** Products (productos) loaded by the ERP, and everything the catalogue derives from them right after each sync. */

let ctx: TestContext;
let admin: string;
let secret: string;
let token: string;
let companyId: number;
/** The code of the price list entity 1001 buys at (its own or the company's default). */
let listCode: number;
const URL = `${INTEGRATION}/productos`;
const PRICES = `${INTEGRATION}/precios`;
const CATALOG = '/api/public/proxy/pedidos';
const H = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP productos', escribir: ['productos', 'precios'] })).secreto;
  token = (await login(ctx.app, 'productor')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  const e = await ctx.db.selectFrom('entities').select('price_list_id').where('company_id', '=', companyId).where('code', '=', 1001).executeTakeFirstOrThrow();
  const list = await ctx.db
    .selectFrom('price_lists')
    .select('code')
    .where('company_id', '=', companyId)
    .where((eb) => (e.price_list_id === null ? eb('is_default', '=', true) : eb('id', '=', e.price_list_id)))
    .executeTakeFirstOrThrow();
  listCode = list.code;
});
after(async () => {
  await ctx?.close();
});

const product = (code: number, over: Record<string, unknown> = {}) => ({
  codigo: code,
  codigo_alfa: `ZS-${code}`,
  nombre: `Zzsync herbicida ${code}`,
  unidad_venta: 'Bidón x 20 l',
  unidad: 'l',
  factor: '20',
  familia: { codigo: 9101, nombre: 'Herbicidas ERP' },
  marca: { codigo: 9201, nombre: 'Marca ERP' },
  codigo_barras: `779${String(code).padStart(10, '0')}`,
  otros_codigos_barras: [`ART-ZS-${code}`],
  ...over,
});
const price = (code: number, over: Record<string, unknown> = {}) => ({ lista: listCode, producto: code, precio: '100.00', ...over });
const batch = (rows: unknown[], url = URL, ndjson = false) => okBatch(ctx.app, secret, url, rows, ndjson);
const row = (code: number, cuit: string = LA_PAMPA) =>
  ctx.db
    .selectFrom('products as p')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .select(['p.id', 'p.alpha_code', 'p.name', 'p.sales_factor', 'p.barcode', 'p.active', 'p.family_id', 'p.brand_id', 'p.delivery_days', 'p.is_container', 'p.search_text'])
    .where('c.cuit', '=', cuit)
    .where('p.code', '=', code)
    .executeTakeFirst();
const barcodesOf = async (code: number) =>
  (
    await ctx.db
      .selectFrom('product_barcodes as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select(['b.barcode', 'b.symbology'])
      .where('p.company_id', '=', companyId)
      .where('p.code', '=', code)
      .orderBy('b.barcode')
      .execute()
  ).map((b) => `${b.barcode}/${b.symbology}`);
const productCount = async () => Number((await ctx.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function search(patron: string): Promise<CatalogResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `${CATALOG}?filtros=${encodeURIComponent(JSON.stringify({ patron }))}`, headers: H() });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as CatalogResponse;
}
async function facet(type: string, patron: string): Promise<FacetItem[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `${CATALOG}?type=${type}&patron=${encodeURIComponent(patron)}`, headers: H() });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { items: FacetItem[] }).items;
}
async function quick(texto: string): Promise<QuickResolveResponse> {
  const res = await ctx.app.inject({ method: 'POST', url: `${CATALOG}/rapido`, headers: H(), payload: { texto } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as QuickResolveResponse;
}

describe('productos', () => {
  test('accepted, then the same batch again unchanged, then a change counted alone', async () => {
    const rows = [product(90001), product(90002, { codigo_alfa: null, otros_codigos_barras: ['12345678', 'ART-ZS-90002'] }), product(90003, { envase: true, dias_entrega: 3 })];
    assert.deepEqual(counts(await batch(rows)), [3, 3, 0, 0]);
    const p1 = (await row(90001))!;
    assert.equal(p1.alpha_code, 'ZS-90001');
    assert.equal(p1.sales_factor, '20.000');
    assert.equal(p1.barcode, '7790000090001');
    assert.equal((await row(90002))!.alpha_code, '90002', 'without an alphanumeric code: the code as text');
    assert.equal((await row(90003))!.is_container, true);
    assert.equal((await row(90003))!.delivery_days, 3);
    const family = await ctx.db.selectFrom('product_facets').select(['id', 'name']).where('company_id', '=', companyId).where('kind', '=', 'familia').where('code', '=', 9101).executeTakeFirstOrThrow();
    assert.equal(family.name, 'Herbicidas ERP');
    assert.equal(p1.family_id, family.id);
    assert.deepEqual(await barcodesOf(90002), ['12345678/ean8', 'ART-ZS-90002/code128']);

    assert.deepEqual(counts(await batch(rows, URL, true)), [3, 0, 3, 0], 'the same batch again (as NDJSON): unchanged');
    // "20" and "20.000" are one factor; a JSON number is the same decimal as its text.
    assert.deepEqual(counts(await batch([product(90001, { factor: 20 }), product(90003, { factor: '20.000', envase: true, dias_entrega: 3 })])), [2, 0, 2, 0]);

    const changed = await batch([
      product(90001, { nombre: 'Zzsync herbicida renombrado' }),
      product(90002, { codigo_alfa: null, otros_codigos_barras: ['12345678'] }),
      product(90003, { envase: true, dias_entrega: 3, marca: { codigo: 9201, nombre: 'Marca ERP renombrada' } }),
    ]);
    assert.deepEqual(counts(changed), [3, 2, 1, 0], 'a renamed product and a barcode dropped are changes; a facet renamed is not the product\'s');
    assert.equal((await row(90001))!.name, 'Zzsync herbicida renombrado');
    assert.deepEqual(await barcodesOf(90002), ['12345678/ean8']);
    assert.deepEqual(await barcodesOf(90001), ['ART-ZS-90001/code128']);
    const brand = await ctx.db.selectFrom('product_facets').select('name').where('company_id', '=', companyId).where('kind', '=', 'marca').where('code', '=', 9201).executeTakeFirstOrThrow();
    assert.equal(brand.name, 'Marca ERP renombrada');
    // Without otros_codigos_barras the other barcodes are left as they are.
    const { otros_codigos_barras: _, ...withoutOthers } = product(90002, { codigo_alfa: null });
    assert.deepEqual(counts(await batch([withoutOthers])), [1, 0, 1, 0]);
    assert.deepEqual(await barcodesOf(90002), ['12345678/ean8']);
  });

  test('each rejection names its row, field and Spanish message; the good rows are written', async () => {
    const seeded = await ctx.db
      .selectFrom('product_barcodes as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select(['b.barcode', 'p.code'])
      .where('b.company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const before = await productCount();
    const answer = await batch([
      product(90011),
      product(0),
      product(90012, { nombre: '' }),
      product(90013, { unidad_venta: undefined }),
      product(90014, { factor: '0' }),
      product(90015, { factor: '1.2345' }),
      product(90016, { factor: 1.5e-7 }),
      product(90017, { dias_entrega: -1 }),
      product(90018, { otros_codigos_barras: ['ART-1', 'ART-1'] }),
      product(90019, { otros_codigos_barras: [seeded.barcode] }),
      product(90020, { codigo_barras: 'no vale' }),
      product(90011, { nombre: 'Otra vez' }),
      product(90021, { marca: { codigo: 9202 } }),
      product(90022, { activo: 'si' }),
      product(90023, { otros_codigos_barras: ['ART-ZS-90011'] }),
    ]);
    assert.deepEqual(counts(answer), [15, 1, 0, 14]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'codigo', mensaje: integrationBatchMsg.codigoInvalido },
      { fila: 3, campo: 'nombre', mensaje: integrationBatchMsg.textoObligatorio },
      { fila: 4, campo: 'unidad_venta', mensaje: integrationBatchMsg.textoObligatorio },
      { fila: 5, campo: 'factor', mensaje: integrationRowMsg.mayorQueCero },
      { fila: 6, campo: 'factor', mensaje: integrationRowMsg.decimalInvalido(3) },
      { fila: 7, campo: 'factor', mensaje: integrationRowMsg.decimalInvalido(3) },
      { fila: 8, campo: 'dias_entrega', mensaje: integrationRowMsg.diasInvalidos },
      { fila: 9, campo: 'otros_codigos_barras.1', mensaje: integrationRowMsg.codigoBarrasRepetido('ART-1') },
      { fila: 10, campo: 'otros_codigos_barras', mensaje: integrationRowMsg.codigoBarrasAjeno(seeded.barcode, seeded.code) },
      { fila: 11, campo: 'codigo_barras', mensaje: integrationRowMsg.codigoBarrasInvalido },
      { fila: 12, campo: 'codigo', mensaje: integrationBatchMsg.codigoRepetido(1) },
      { fila: 13, campo: 'marca.nombre', mensaje: integrationBatchMsg.textoObligatorio },
      { fila: 14, campo: 'activo', mensaje: integrationBatchMsg.valorInvalido },
      { fila: 15, campo: 'otros_codigos_barras', mensaje: integrationRowMsg.codigoBarrasAjeno('ART-ZS-90011', 90011) },
    ]);
    assert.equal(await productCount(), before + 1);
    assert.equal((await row(90011))!.name, 'Zzsync herbicida 90011');
    assert.equal(await row(90019), undefined);
    const owner = await ctx.db.selectFrom('product_barcodes as b').innerJoin('products as p', 'p.id', 'b.product_id').select('p.code').where('b.company_id', '=', companyId).where('b.barcode', '=', seeded.barcode).executeTakeFirstOrThrow();
    assert.equal(owner.code, seeded.code, "the seeded barcode stays its product's");
  });

  test('removal is explicit: the product turns inactive and leaves the catalogue; again: unchanged; unknown: rejected', async () => {
    await batch([product(90031), product(90032)]);
    await batch([price(90031), price(90032)], PRICES);
    assert.deepEqual((await search('zs-90031')).productos.map((p) => p.codigo_alfanumerico), ['ZS-90031']);
    const removed = await batch([{ codigo: 90031 }, { codigo: 99_999_999 }], `${URL}/bajas`);
    assert.deepEqual(counts(removed), [2, 1, 0, 1]);
    assert.deepEqual(removed.rechazos, [{ fila: 2, campo: 'codigo', mensaje: integrationBatchMsg.noExiste }]);
    assert.equal((await row(90031))!.active, false);
    assert.equal((await row(90032))!.active, true, 'absence from a batch removes nothing');
    assert.equal((await search('zs-90031')).total, 0, 'the next search no longer shows it');
    assert.deepEqual(counts(await batch([{ codigo: 90031 }], `${URL}/bajas`, true)), [1, 0, 1, 0]);
    // An upsert with activo brings it back.
    assert.deepEqual(counts(await batch([product(90031)])), [1, 1, 0, 0]);
    assert.equal((await search('zs-90031')).total, 1);
  });

  test("a row of another company refuses the batch whole; another company's key writes its own products only", async () => {
    const before = await productCount();
    expectRefused(await sendBatch(ctx.app, secret, URL, [product(90041), product(90042, { cuit_empresa: DEL_SUR })]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    expectRefused(await sendBatch(ctx.app, secret, `${URL}/bajas`, [{ codigo: 90001, cuit_empresa: DEL_SUR }]), 403, integrationBatchMsg.filaDeOtraEmpresa(1));
    assert.equal(await productCount(), before);
    assert.equal((await row(90001))!.active, true);

    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const sur = await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP Sur', escribir: ['productos'] });
    const laPampaBefore = await row(90001);
    assert.deepEqual(counts(await okBatch(ctx.app, sur.secreto, URL, [product(90001, { nombre: 'Producto del Sur', otros_codigos_barras: ['ART-ZS-90001'] })])), [1, 1, 0, 0]);
    assert.deepEqual(await row(90001), laPampaBefore);
    assert.equal((await row(90001, DEL_SUR))!.name, 'Producto del Sur');
    // Its facets are its own too.
    const surFamily = await ctx.db.selectFrom('product_facets as f').innerJoin('companies as c', 'c.id', 'f.company_id').select('f.id').where('c.cuit', '=', DEL_SUR).where('f.kind', '=', 'familia').where('f.code', '=', 9101).executeTakeFirstOrThrow();
    assert.equal((await row(90001, DEL_SUR))!.family_id, surFamily.id);
  });

  test('the catalogue search, its facets and the quick order see a sync on the next request', async () => {
    // Asked first, so that the answers are kept (the catalogue keeps entity-independent answers a minute).
    assert.equal((await search('zzfacet')).total, 0);
    assert.deepEqual(await facet('marca', 'zzfacet'), []);
    assert.equal((await quick('ZF-90051 2')).resumen.no_encontrado, 1);

    await batch([product(90051, { codigo_alfa: 'ZF-90051', nombre: 'Zzfacet fungicida', marca: { codigo: 9251, nombre: 'Marca Facet' } })]);
    await batch([price(90051)], PRICES);
    const found = await search('zzfacet');
    assert.deepEqual(found.productos.map((p) => p.codigo_alfanumerico), ['ZF-90051']);
    assert.deepEqual((await facet('marca', 'zzfacet')).map((f) => [f.descripcion, f.cantidad]), [['Marca Facet', 1]]);
    const q = await quick('ZF-90051 2');
    assert.equal(q.resumen.listo, 1);
    assert.equal(q.renglones[0]!.producto?.codart, 90051);
    // By the barcode too, ignoring case and punctuation as the quick order does.
    assert.equal((await quick('art zs 90051 1')).resumen.listo, 1);

    // A rename and a new brand show on the next request as well.
    await batch([product(90051, { codigo_alfa: 'ZF-90051', nombre: 'Zzfacet fungicida nuevo', marca: { codigo: 9252, nombre: 'Otra Marca' } })]);
    assert.equal((await search('zzfacet')).productos[0]!.nombre, 'Zzfacet fungicida nuevo');
    assert.deepEqual((await facet('marca', 'zzfacet')).map((f) => [f.descripcion, f.cantidad]), [['Otra Marca', 1]]);
  });

  test('the kept word counts equal a recount from scratch after syncs that insert, change, move and remove products', async () => {
    // Keep the counts of a few texts (a service that keeps every text), then sync and recount after each batch.
    const e = await ctx.db.selectFrom('entities').select('id').where('company_id', '=', companyId).where('code', '=', 1001).executeTakeFirstOrThrow();
    const user = await ctx.db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    const keeper = new CatalogService(ctx.db, 1);
    const keep = async () => {
      for (const patron of ['zzsync', 'zzsync herbicida', 'maiz', 'zzword']) {
        await keeper.search({ companyId, entityId: e.id, userId: user.id }, catalogQuery.parse({ filtros: JSON.stringify({ patron }), start: '0', limit: '12' }));
      }
    };
    await keep();
    assert.ok((await expectWordCountsRecomputed(ctx.db, 'kept')) >= 3);

    const rows = Array.from({ length: 30 }, (_, i) => product(90100 + i, { nombre: `Zzword zzsync ${String(i).padStart(2, '0')}` }));
    await batch(rows);
    await expectWordCountsRecomputed(ctx.db, 'inserted (not priced yet)');
    await expectCodeVariantsRecomputed(ctx.db, 'inserted');
    await batch(rows.map((r) => price(r.codigo)), PRICES);
    await expectWordCountsRecomputed(ctx.db, 'priced');
    await keep();
    await expectWordCountsRecomputed(ctx.db, 'kept again');
    // Renamed out of a text, renamed to the first page, deactivated, removed, brought back.
    await batch([
      product(90100, { nombre: 'Aaa zzword primero' }),
      product(90101, { nombre: 'Sin la palabra', codigo_alfa: 'ZS-R90101' }),
      product(90102, { nombre: 'Zzword inactivo', activo: false }),
    ]);
    await expectWordCountsRecomputed(ctx.db, 'changed');
    await expectCodeVariantsRecomputed(ctx.db, 'changed');
    await batch([{ codigo: 90103 }, { codigo: 90104 }], `${URL}/bajas`);
    await expectWordCountsRecomputed(ctx.db, 'removed');
    await expectCodeVariantsRecomputed(ctx.db, 'removed');
    await keep();
    await batch([product(90103, { nombre: 'Zzword zzsync 03' }), ...rows.slice(10, 20).map((r) => ({ ...r, nombre: `${r.nombre} maiz` }))]);
    await expectWordCountsRecomputed(ctx.db, 'back, and moved into another text');
    await batch([{ lista: listCode, producto: 90105 }, { lista: listCode, producto: 90106 }], `${PRICES}/bajas`);
    await expectWordCountsRecomputed(ctx.db, 'no longer priced');
    // The catalogue's answer over HTTP agrees with the recount.
    const total = (await search('zzword')).total;
    const recount = await sql<{ n: number }>`select count(*)::int as n from products where company_id = ${companyId} and active and search_text like '%zzword%' and cardinality(price_lists) > 0`.execute(ctx.db);
    assert.equal(total, recount.rows[0]!.n);
  });

  test('a load reports its writes to the catalogue tables once, at its end; other tables at their commit', async () => {
    const watch = writeWatchOf(ctx.db)!;
    const seen: string[][] = [];
    const stop = await watch.subscribe((written) => seen.push([...written]));
    const catalogue = () => seen.filter((w) => w.some((t) => CATALOGUE_KEPT_TABLES.includes(t))).length;
    try {
      await reportWritesAtEnd(ctx.db, CATALOGUE_KEPT_TABLES, async () => {
        // Two chunks, each its own transaction, as a batch writes them.
        for (const n of [1, 2]) await ctx.db.transaction().execute((trx) => trx.updateTable('products').set({ name: sql`name` }).where('id', '=', -n).execute());
        await ctx.db.transaction().execute((trx) => trx.updateTable('entities').set({ name: sql`name` }).where('id', '=', -1).execute());
        assert.equal(catalogue(), 0, 'held while the load runs');
        assert.ok(seen.some((w) => w.includes('entities')), "the access gate's tables are reported at their commit");
      });
      assert.ok(catalogue() >= 1, 'reported when the load ends');
      // A write outside a load is reported at its commit, as always.
      const before = catalogue();
      await ctx.db.updateTable('price_list_items').set({ list_price: sql`list_price` }).where('product_id', '=', -1).execute();
      assert.ok(catalogue() > before);
    } finally {
      stop();
    }
  });

  test('another server process sees a sync on its next search (PostgreSQL)', async (t) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return t.skip('PostgreSQL only: one PGlite directory has one process');
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(ctx.db)).rows[0]!.name;
    const u = new globalThis.URL(url);
    u.pathname = `/${name}`;
    const other: DB = await openDatabase({ kind: 'postgres', url: u.toString() });
    try {
      const e = await ctx.db.selectFrom('entities').select('id').where('company_id', '=', companyId).where('code', '=', 1001).executeTakeFirstOrThrow();
      const user = await ctx.db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
      const service = new CatalogService(other);
      const ask = () => service.search({ companyId, entityId: e.id, userId: user.id }, catalogQuery.parse({ filtros: JSON.stringify({ patron: 'zzotro' }) }));
      assert.equal((await ask()).total, 0);
      assert.equal((await ask()).total, 0, 'kept');
      const seen = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no notification from the other process in 10 s')), 10_000);
        void writeWatchOf(other)!.subscribe((written) => {
          if (written.has('price_list_items')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      await batch([product(90201, { nombre: 'Zzotro producto' })]);
      await batch([price(90201)], PRICES);
      await seen;
      assert.equal((await ask()).total, 1);
    } finally {
      await other.destroy();
    }
  });
});
