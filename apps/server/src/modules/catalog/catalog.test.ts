import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { catalogQuery, formatNumber, orderingMsg, type CatalogResponse, type FacetItem, type ProductResponse } from '@portal/contract';
import { serializeAnswer, type JsonText } from '../../lib/json-text.js';
import { productParts, productText, toProduct } from './mapper.js';
import type { ProductTexts } from './product-texts.js';
import { priceListOf, productsByIds, type ProductRow } from './repository.js';
import { CatalogService } from './service.js';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** The catalogue of GET /proxy/pedidos: search, facets, carousels and product detail (ordering.md §2, §3, §7). */

let ctx: TestContext;
let token: string;
const URL = '/api/public/proxy/pedidos';
const H = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
});
after(async () => {
  await ctx?.close();
});

async function get<T>(query: string, headers = H()): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url: `${URL}${query}`, headers });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as T;
}
const filtros = (f: Record<string, unknown>) => `?filtros=${encodeURIComponent(JSON.stringify(f))}`;

async function companyId(cuit: string) {
  return (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', cuit).executeTakeFirstOrThrow()).id;
}
async function entity(code: number) {
  const c = await companyId(LA_PAMPA);
  return ctx.db.selectFrom('entities').select(['id', 'price_list_id']).where('company_id', '=', c).where('code', '=', code).executeTakeFirstOrThrow();
}

/** The final price recomputed here with decimal arithmetic from the entity's price list row. */
async function expectedPrice(productId: number, entityCode: number) {
  const e = await entity(entityCode);
  const c = await companyId(LA_PAMPA);
  const listId = e.price_list_id ?? (await ctx.db.selectFrom('price_lists').select('id').where('company_id', '=', c).where('is_default', '=', true).executeTakeFirstOrThrow()).id;
  const i = await ctx.db.selectFrom('price_list_items').selectAll().where('price_list_id', '=', listId).where('product_id', '=', productId).executeTakeFirstOrThrow();
  const final = new Decimal(i.list_price)
    .times(new Decimal(1).minus(new Decimal(i.discount1).div(100)))
    .times(new Decimal(1).minus(new Decimal(i.discount2).div(100)))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { final: final.toFixed(2), list: i.list_price, min: i.min_price, max: i.max_price, d1: i.discount1, d2: i.discount2 };
}

describe('catalogue search', () => {
  test('is guarded: 401, foreign company and foreign entity 403', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: URL }, { access: 'entity', token });
  });

  test('pages by 12 with the exact total, in name order, priced from the entity list with decimal math', async () => {
    const c = await companyId(LA_PAMPA);
    const active = await sql<{ n: number }>`select count(*)::int as n from products where company_id = ${c} and active`.execute(ctx.db);
    const first = await get<CatalogResponse>('');
    assert.equal(first.productos.length, 12);
    assert.equal(first.total, active.rows[0]!.n);
    const second = await get<CatalogResponse>('?start=12&limit=12');
    assert.equal(second.total, first.total);
    assert.ok(second.productos.every((p) => !first.productos.some((q) => q.id === p.id)));
    const byPage = await get<CatalogResponse>('?page=2');
    assert.deepEqual(byPage.productos.map((p) => p.id), second.productos.map((p) => p.id));
    const names = first.productos.map((p) => p.nombre);
    assert.deepEqual(names, [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const entityCode of [1001, 1002]) {
      const page = await get<CatalogResponse>('', bearer(token, { cuit: LA_PAMPA, entity_id: String(entityCode) }));
      for (const p of page.productos.slice(0, 6)) {
        const x = await expectedPrice(p.id, entityCode);
        assert.equal(p.precio_final.toFixed(2), x.final, `${p.nombre} for ${entityCode}`);
        assert.equal(p.precio_final_con_formato, formatNumber(x.final));
        assert.equal(p.precio_lista_con_formato, formatNumber(x.list));
        assert.equal(p.bonificacion_uno_con_formato, formatNumber(x.d1));
        assert.equal(p.bonificacion_dos_con_formato, formatNumber(x.d2));
        assert.equal(p.precio_final_minimo, Number(x.min));
        assert.equal(p.precio_final_maximo, Number(x.max));
      }
    }
  });

  test('page parameters out of range answer their own Spanish message, not the identifier\'s', async () => {
    for (const [query, text] of [
      ['?limit=101', orderingMsg.limitInvalido],
      ['?limit=0', orderingMsg.limitInvalido],
      ['?limit=abc', orderingMsg.limitInvalido],
      ['?start=-1', orderingMsg.startInvalido],
      ['?page=0', orderingMsg.pageInvalida],
      ['?pendientes=true&limit=101', orderingMsg.limitInvalido],
      ['?historial=true&limit=101', orderingMsg.limitInvalido],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `${URL}${query}`, headers: H() });
      expectRefused(res, 400, text);
      assert.notEqual(res.json().msg, 'El identificador indicado no es válido.', query);
    }
    assert.equal((await get<CatalogResponse>('?limit=100')).productos.length, 100);
  });

  test('package quantity only when the sales factor is not 1', async () => {
    const page = await get<CatalogResponse>(`?limit=100`);
    const withPackage = page.productos.find((p) => p.factor_venta !== 1);
    const single = page.productos.find((p) => p.factor_venta === 1);
    assert.ok(withPackage && single);
    assert.match(withPackage.cantidad_envase_con_formato, /^[\d.,]+ \S+$/);
    assert.equal(single.cantidad_envase_con_formato, '');
  });

  test('text search ignores accents and case; needs 3 characters after trimming (400 in Spanish)', async () => {
    const withAccent = await get<CatalogResponse>(filtros({ patron: 'MAÍZ' }));
    const plain = await get<CatalogResponse>(filtros({ patron: 'maiz' }));
    assert.ok(withAccent.total > 0);
    assert.equal(withAccent.total, plain.total);
    assert.ok(withAccent.productos.every((p) => /ma[ií]z/i.test(`${p.nombre} ${p.codigo_alfanumerico}`)));
    const twoWords = await get<CatalogResponse>(filtros({ patron: 'maiz hibrido' }));
    assert.ok(twoWords.total > 0 && twoWords.total <= plain.total);
    assert.ok(twoWords.productos.every((p) => /h[ií]brido/i.test(p.nombre)));
    for (const patron of ['ma', '  ab  ']) {
      expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}${filtros({ patron })}`, headers: H() }), 400, orderingMsg.patronCorto);
    }
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}?filtros=%7Bnope`, headers: H() }), 400, orderingMsg.filtrosInvalidos);
    const none = await get<CatalogResponse>(filtros({ patron: 'zzzqqq' }));
    assert.deepEqual(none, { success: true, productos: [], total: 0 });
  });

  test('facets narrow the list; facet values are narrowed by the other facets, not by their own', async () => {
    const familias = await get<{ items: FacetItem[] }>('?type=familia');
    const semillas = familias.items.find((f) => f.descripcion === 'Semillas');
    assert.ok(semillas && familias.items.length > 1);
    const bySemillas = await get<CatalogResponse>(filtros({ familia_id: semillas.id }));
    assert.equal(bySemillas.total, semillas.cantidad);
    // Choosing a family narrows the subfamilies, but the family list itself still offers every family.
    const subs = await get<{ items: FacetItem[] }>(`?type=subfamilia&familia_id=${semillas.id}`);
    const allSubs = await get<{ items: FacetItem[] }>('?type=subfamilia');
    assert.ok(subs.items.length > 0 && subs.items.length < allSubs.items.length);
    assert.equal(subs.items.reduce((s, i) => s + i.cantidad, 0), semillas.cantidad);
    const famWithFamily = await get<{ items: FacetItem[] }>(`?type=familia&familia_id=${semillas.id}`);
    assert.deepEqual(famWithFamily.items, familias.items);
    // Two facets and a text: the list and the facet counts agree.
    const sub = subs.items[0]!;
    const marcas = await get<{ items: FacetItem[] }>(`?type=marca&familia_id=${semillas.id}&subfamilia_id=${sub.id}`);
    const marca = marcas.items[0]!;
    const both = await get<CatalogResponse>(filtros({ familia_id: semillas.id, subfamilia_id: sub.id, marca_id: marca.id }));
    assert.equal(both.total, marca.cantidad);
    const c = await companyId(LA_PAMPA);
    const direct = await sql<{ n: number }>`select count(*)::int as n from products where company_id = ${c} and active and family_id = ${semillas.id}
      and subfamily_id = ${sub.id} and brand_id = ${marca.id}`.execute(ctx.db);
    assert.equal(both.total, direct.rows[0]!.n);
    const promos = await get<CatalogResponse>(filtros({ es_promocion: true, familia_id: semillas.id }));
    assert.ok(promos.productos.every((p) => p.es_promocion));
    const nuevos = await get<CatalogResponse>(filtros({ es_nuevo: 'true' }));
    assert.ok(nuevos.total > 0 && nuevos.productos.every((p) => p.es_nuevo));
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}?type=otra`, headers: H() }), 400, orderingMsg.tipoInvalido);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}?type=marca&familia_id=abc`, headers: H() }), 400, orderingMsg.idInvalido);
  });

  test('every facet list equals a brute-force count of the priced matches, narrowed by the other facets', async () => {
    const c = await companyId(LA_PAMPA);
    // Pérez Hnos. (1002) buys at the wholesale list: the price-list membership is part of every count.
    const e = await entity(1002);
    const fallback = (await ctx.db.selectFrom('price_lists').select('id').where('company_id', '=', c).where('is_default', '=', true).orderBy('id').executeTakeFirstOrThrow()).id;
    const lists = [e.price_list_id ?? fallback, fallback];
    const kinds = { unegocio: 'business_unit_id', familia: 'family_id', subfamilia: 'subfamily_id', presentacion: 'presentation_id', rubro: 'category_id', subrubro: 'subcategory_id', linea: 'line_id', marca: 'brand_id' } as const;
    const param = { unegocio: 'negocio_id', familia: 'familia_id', subfamilia: 'subfamilia_id', presentacion: 'presentacion_id', rubro: 'rubro_id', subrubro: 'subrubro_id', linea: 'linea_id', marca: 'marca_id' } as const;
    // A product of the word leaves the wholesale list only (still priced by the fallback), another leaves both lists.
    const [inFallbackOnly, inNone] = (await sql<{ id: number }>`select id from products where company_id = ${c} and active and search_text like '%semilla%' order by id limit 2`.execute(ctx.db)).rows;
    assert.ok(inFallbackOnly && inNone);
    const saved = await ctx.db.selectFrom('price_list_items').selectAll().where('product_id', 'in', [inFallbackOnly.id, inNone.id]).execute();
    await ctx.db.deleteFrom('price_list_items').where('product_id', '=', inNone.id).execute();
    await ctx.db.deleteFrom('price_list_items').where('product_id', '=', inFallbackOnly.id).where('price_list_id', '<>', fallback).execute();
    try {
      const famSemillas = (await sql<{ family_id: number }>`select family_id from products where id = ${inNone.id}`.execute(ctx.db)).rows[0]!.family_id;
      for (const chosen of [{}, { familia: famSemillas }] as Array<Partial<Record<keyof typeof kinds, number>>>) {
        const extra = Object.entries(chosen).map(([k, v]) => `&${param[k as keyof typeof kinds]}=${v}`).join('');
        for (const [kind, column] of Object.entries(kinds) as Array<[keyof typeof kinds, string]>) {
          const got = await get<{ items: FacetItem[] }>(`?type=${kind}&patron=semilla${extra}`, bearer(token, { cuit: LA_PAMPA, entity_id: '1002' }));
          const others = Object.entries(chosen).filter(([k]) => k !== kind).map(([k, v]) => sql`and ${sql.ref(kinds[k as keyof typeof kinds])} = ${v}`);
          const brute = await sql<{ id: number; n: number }>`
            select ${sql.ref(column)} as id, count(*)::int as n from products p
            where company_id = ${c} and active and search_text like '%semilla%' and ${sql.ref(column)} is not null ${sql.join(others, sql` `)}
              and exists (select 1 from price_list_items i where i.product_id = p.id and i.price_list_id in (${lists[0]!}, ${lists[1]!}))
            group by 1`.execute(ctx.db);
          const want = new Map(brute.rows.map((r) => [r.id, r.n]));
          assert.deepEqual(new Map(got.items.map((i) => [i.id, i.cantidad])), want, `${kind} with ${JSON.stringify(chosen)}`);
          assert.deepEqual(got.items.map((i) => i.descripcion), [...got.items.map((i) => i.descripcion)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), 'in name order');
        }
      }
      // The product without a price in either list is in no count; the one priced by the fallback only is.
      const page = await get<CatalogResponse>(`${filtros({ patron: 'semilla' })}&limit=100`, bearer(token, { cuit: LA_PAMPA, entity_id: '1002' }));
      assert.ok(page.productos.some((p) => p.id === inFallbackOnly.id) && !page.productos.some((p) => p.id === inNone.id));
    } finally {
      await ctx.db.deleteFrom('price_list_items').where('product_id', 'in', [inFallbackOnly.id, inNone.id]).execute();
      await ctx.db.insertInto('price_list_items').values(saved).execute();
    }
  });

  test('products.price_lists follows price_list_items: insert, delete, a move to another list, a price change', async () => {
    const c = await companyId(LA_PAMPA);
    const drift = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from products p where p.price_lists is distinct from
        coalesce((select array_agg(i.price_list_id order by i.price_list_id) from price_list_items i where i.product_id = p.id), '{}')`.execute(ctx.db)).rows[0]!.n;
    assert.equal(await drift(), 0, 'as seeded');
    const lists = await ctx.db.selectFrom('price_lists').select('id').where('company_id', '=', c).orderBy('id').execute();
    assert.ok(lists.length >= 2);
    const p = (await sql<{ id: number }>`select product_id as id from price_list_items where company_id = ${c} order by product_id desc limit 1`.execute(ctx.db)).rows[0]!.id;
    const saved = await ctx.db.selectFrom('price_list_items').selectAll().where('product_id', '=', p).execute();
    const listsOf = async () => (await sql<{ l: number[] }>`select price_lists as l from products where id = ${p}`.execute(ctx.db)).rows[0]!.l;
    try {
      await ctx.db.deleteFrom('price_list_items').where('product_id', '=', p).execute();
      assert.deepEqual(await listsOf(), []);
      const row = { ...saved[0]!, price_list_id: lists[1]!.id };
      await ctx.db.insertInto('price_list_items').values(row).execute();
      assert.deepEqual(await listsOf(), [lists[1]!.id]);
      await ctx.db.updateTable('price_list_items').set({ price_list_id: lists[0]!.id }).where('product_id', '=', p).execute();
      assert.deepEqual(await listsOf(), [lists[0]!.id]);
      await ctx.db.updateTable('price_list_items').set({ list_price: '1.00' }).where('product_id', '=', p).execute();
      assert.deepEqual(await listsOf(), [lists[0]!.id]);
      await ctx.db.insertInto('price_list_items').values({ ...row, price_list_id: lists[1]!.id }).execute();
      assert.deepEqual(await listsOf(), [lists[0]!.id, lists[1]!.id].sort((a, b) => a - b));
    } finally {
      await ctx.db.deleteFrom('price_list_items').where('product_id', '=', p).execute();
      await ctx.db.insertInto('price_list_items').values(saved).execute();
    }
    assert.equal(await drift(), 0, 'restored');
  });

  test('a second tenant sees only its own catalogue and facets', async () => {
    const sur = await get<CatalogResponse>('', bearer(token, { cuit: DEL_SUR, entity_id: '501' }));
    const c = await companyId(DEL_SUR);
    const ids = sur.productos.map((p) => p.id);
    const own = await ctx.db.selectFrom('products').select('id').where('company_id', '=', c).where('id', 'in', ids).execute();
    assert.equal(own.length, ids.length);
    const laPampaFamilies = await get<{ items: FacetItem[] }>('?type=familia');
    const surFamilies = await get<{ items: FacetItem[] }>('?type=familia', bearer(token, { cuit: DEL_SUR, entity_id: '501' }));
    assert.ok(surFamilies.items.every((f) => !laPampaFamilies.items.some((g) => g.id === f.id)));
  });
});

describe('product detail and carousels', () => {
  test('GET /proxy/pedidos/{id}: the product with images, last purchase and stock; records the visit', async () => {
    const e = await entity(1001);
    // A product this entity bought: its last line is the one shown.
    const last = await sql<{ product_id: number; final_price: string; quantity: string; ordered_on: string }>`
      select l.product_id, l.final_price::text as final_price, l.quantity::text as quantity, o.ordered_on::text as ordered_on
      from sales_order_lines l join sales_orders o on o.id = l.order_id where o.entity_id = ${e.id}
      order by o.ordered_on desc, o.id desc limit 1`.execute(ctx.db);
    const row = last.rows[0]!;
    const res = await get<ProductResponse>(`/${row.product_id}`);
    assert.equal(res.producto.id, row.product_id);
    assert.ok(res.producto.url.length >= 1);
    assert.equal(res.producto.ultprecio_importe_conformato, formatNumber(row.final_price));
    const [y, m, d] = row.ordered_on.split('-');
    assert.equal(res.producto.ultprec_fecha, `${d}-${m}-${y}`);
    assert.equal((await expectedPrice(row.product_id, 1001)).final, res.producto.precio_final.toFixed(2));

    const visited = await get<CatalogResponse>('?visitados=true');
    assert.equal(visited.productos[0]?.id, row.product_id);
    // Visits are per entity: the other entity has not seen it.
    const other = await get<CatalogResponse>('?visitados=true', bearer(token, { cuit: LA_PAMPA, entity_id: '1002' }));
    assert.ok(!other.productos.some((p) => p.id === row.product_id));
  });

  test('the last purchase follows every write to the orders and their lines: new order, price, date, entity, deletions', async () => {
    const c = await companyId(LA_PAMPA);
    const e1 = await entity(1001);
    const e2 = await entity(1002);
    // sales_last_purchases against the reading the catalogue made before it (every pair of every entity).
    const drift = async () =>
      (await sql<{ n: number }>`
        with truth as (
          select distinct on (o.entity_id, l.product_id) o.company_id, o.entity_id, l.product_id, o.id as order_id, o.ordered_on, l.final_price, l.quantity
          from sales_order_lines l join sales_orders o on o.id = l.order_id and o.company_id = l.company_id
          order by o.entity_id, l.product_id, o.ordered_on desc, o.id desc, l.id desc)
        select count(*)::int as n from truth t full join sales_last_purchases k on k.entity_id = t.entity_id and k.product_id = t.product_id
        where (t.company_id, t.order_id, t.ordered_on, t.final_price, t.quantity) is distinct from (k.company_id, k.order_id, k.ordered_on, k.final_price, k.quantity)`.execute(ctx.db)).rows[0]!.n;
    assert.equal(await drift(), 0, 'as seeded');
    // A product entity 1001 already bought: its latest line so far.
    const before = (await sql<{ product_id: number; final_price: string; quantity: string; ordered_on: string }>`
      select l.product_id, l.final_price::text as final_price, l.quantity::text as quantity, o.ordered_on::text as ordered_on
      from sales_order_lines l join sales_orders o on o.id = l.order_id where o.entity_id = ${e1.id}
      order by o.ordered_on desc, o.id desc limit 1`.execute(ctx.db)).rows[0]!;
    const p = before.product_id;
    const shown = async (entityCode: string) => {
      const x = (await get<ProductResponse>(`/${p}`, bearer(token, { cuit: LA_PAMPA, entity_id: entityCode }))).producto;
      return { price: x.ultprecio_importe_conformato, quantity: x.ultprec_cantidad_conformato, date: x.ultprec_fecha };
    };
    const dmy = (iso: string) => iso.split('-').reverse().join('-');
    const was = await shown('1001');
    const was2 = await shown('1002');
    assert.equal(was.price, formatNumber(before.final_price));
    assert.equal(was.date, dmy(before.ordered_on));
    const number = (await sql<{ n: number }>`select max(number) + 1000 as n from sales_orders where company_id = ${c}`.execute(ctx.db)).rows[0]!.n;
    const order = (await sql<{ id: number }>`insert into sales_orders (company_id, entity_id, number, ordered_on, status, total)
      values (${c}, ${e1.id}, ${number}, '2099-01-15', 'pending', 0) returning id`.execute(ctx.db)).rows[0]!.id;
    try {
      await sql`insert into sales_order_lines (company_id, order_id, line_no, product_id, quantity, list_price, final_price, amount)
        values (${c}, ${order}, 1, ${p}, 7, 1234.56, 1234.56, 8641.92)`.execute(ctx.db);
      assert.deepEqual(await shown('1001'), { price: formatNumber('1234.56'), quantity: '7', date: '15-01-2099' }, 'a new order');
      assert.equal(await drift(), 0);
      await sql`update sales_order_lines set final_price = 999.99, quantity = 3 where order_id = ${order}`.execute(ctx.db);
      assert.deepEqual(await shown('1001'), { price: formatNumber('999.99'), quantity: '3', date: '15-01-2099' }, 'its line changed');
      await sql`update sales_orders set status = 'approved' where id = ${order}`.execute(ctx.db);
      assert.deepEqual(await shown('1001'), { price: formatNumber('999.99'), quantity: '3', date: '15-01-2099' }, 'a status change moves nothing');
      await sql`update sales_orders set ordered_on = '2000-01-01' where id = ${order}`.execute(ctx.db);
      assert.deepEqual(await shown('1001'), was, 'dated before the earlier purchase');
      await sql`update sales_orders set ordered_on = '2099-01-15', entity_id = ${e2.id} where id = ${order}`.execute(ctx.db);
      assert.deepEqual(await shown('1001'), was, 'moved to another entity');
      assert.deepEqual(await shown('1002'), { price: formatNumber('999.99'), quantity: '3', date: '15-01-2099' }, 'the other entity');
      await sql`update sales_orders set entity_id = ${e1.id} where id = ${order}`.execute(ctx.db);
      assert.equal((await shown('1001')).price, formatNumber('999.99'));
      await sql`delete from sales_order_lines where order_id = ${order}`.execute(ctx.db);
      assert.deepEqual(await shown('1001'), was, 'its line deleted');
      await sql`insert into sales_order_lines (company_id, order_id, line_no, product_id, quantity, list_price, final_price, amount)
        values (${c}, ${order}, 1, ${p}, 2, 10, 10, 20)`.execute(ctx.db);
      assert.equal((await shown('1001')).price, formatNumber('10'));
      assert.equal(await drift(), 0);
    } finally {
      await sql`delete from sales_orders where id = ${order}`.execute(ctx.db);
    }
    assert.deepEqual(await shown('1001'), was, 'the order deleted (its lines by cascade)');
    assert.deepEqual(await shown('1002'), was2);
    assert.equal(await drift(), 0, 'after every change');
  });

  test('a product of another company is refused with 403 and no data; a bad id is 400', async () => {
    const c = await companyId(DEL_SUR);
    const foreign = await ctx.db.selectFrom('products').select('id').where('company_id', '=', c).executeTakeFirstOrThrow();
    const res = await ctx.app.inject({ method: 'GET', url: `${URL}/${foreign.id}`, headers: H() });
    expectRefused(res, 403, orderingMsg.productoInexistente);
    assert.ok(!('producto' in res.json()));
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}/abc`, headers: H() }), 400, orderingMsg.idInvalido);
    await expectGuarded(ctx.app, { method: 'GET', url: `${URL}/${foreign.id}` }, { access: 'entity', token });
  });

  test('Más comprados are the entity products by number of order lines; Promociones are promotions', async () => {
    const e = await entity(1001);
    const top = await sql<{ product_id: number; n: number }>`select l.product_id, count(*)::int as n from sales_order_lines l
      join sales_orders o on o.id = l.order_id where o.entity_id = ${e.id} group by l.product_id order by n desc`.execute(ctx.db);
    const res = await get<CatalogResponse>('?comprados=true');
    assert.ok(res.productos.length > 0);
    const counts = new Map(top.rows.map((r) => [r.product_id, r.n]));
    const shown = res.productos.map((p) => counts.get(p.id) ?? 0);
    assert.deepEqual(shown, [...shown].sort((a, b) => b - a));
    assert.equal(shown[0], top.rows[0]!.n);
    const promos = await get<CatalogResponse>('?promociones=true');
    assert.ok(promos.productos.length > 0 && promos.productos.every((p) => p.es_promocion));
  });
});

describe('kept answers of frequent texts (catalog_word_counts)', () => {
  /** The catalogue's answer for `patron`, from a fresh service (no minute cache) that keeps every text (1) or none. */
  async function answer(keep: boolean, patron: string, start: number) {
    const c = await companyId(LA_PAMPA);
    const e = await entity(1001);
    const user = await ctx.db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    const service = new CatalogService(ctx.db, keep ? 1 : Number.POSITIVE_INFINITY);
    const r = await service.search({ companyId: c, entityId: e.id, userId: user.id }, catalogQuery.parse({ filtros: JSON.stringify({ patron }), start: String(start), limit: '12' }));
    // The products are JSON text (lib/json-text.ts): read as the client reads them.
    const productos = (JSON.parse(serializeAnswer(r)) as CatalogResponse).productos;
    return { ids: productos.map((p) => p.id), total: r.total };
  }
  /** The kept row of `maiz` against a brute-force reading: every match in the entity's lists, by name and id. */
  async function expectKeptRight(why: string) {
    const c = await companyId(LA_PAMPA);
    const lists = (await priceListOf(ctx.db, c, (await entity(1001)).id))!;
    const all = await sql<{ id: number }>`select id from products where company_id = ${c} and active and search_text like '%maiz%'
      and price_lists && array[${lists.id}, ${lists.fallback}]::integer[] order by name, id`.execute(ctx.db);
    const row = await sql<{ n: number; first_ids: number[] }>`select n, first_ids from catalog_word_counts
      where company_id = ${c} and words = '{maiz}' and list_id = ${lists.id} and fallback_id = ${lists.fallback}`.execute(ctx.db);
    assert.equal(row.rows[0]!.n, all.rows.length, why);
    assert.deepEqual(row.rows[0]!.first_ids, all.rows.slice(0, 120).map((r) => r.id), why);
  }
  async function expectSame(patron: string, why: string) {
    for (const start of [0, 12, 108, 120]) {
      assert.deepEqual(await answer(true, patron, start), await answer(false, patron, start), `${why}: ${patron} from ${start}`);
    }
    if (patron === 'maiz') await expectKeptRight(why);
  }
  async function kept(words: string[]) {
    const c = await companyId(LA_PAMPA);
    return sql<{ n: number; first_ids: number[] | null }>`select n, first_ids from catalog_word_counts where company_id = ${c} and words = ${words}::text[]`.execute(ctx.db);
  }

  test('equal the computed answer (total and pages) and follow every change of the products they count', async () => {
    const c = await companyId(LA_PAMPA);
    const matching = await sql<{ id: number; name: string }>`select id, name from products
      where company_id = ${c} and active and name ~* 'ma[ií]z' and search_text like '%maiz%' and cardinality(price_lists) > 0 order by name, id`.execute(ctx.db);
    assert.ok(matching.rows.length >= 6, 'the demo catalogue has products with maiz');
    const before = (await answer(false, 'maiz', 0)).total;
    await expectSame('maiz', 'first search');
    const row = await kept(['maiz']);
    assert.equal(row.rows.length, 1);
    assert.ok(row.rows[0]!.first_ids !== null);
    await expectSame('maíz', 'kept');
    await expectSame('hibrido MAIZ', 'two words');
    assert.equal((await kept(['hibrido', 'maiz'])).rows.length, 1, 'words kept sorted');

    const [a, b, d, e] = matching.rows.slice(-4);
    const item = await ctx.db.selectFrom('price_list_items').selectAll().where('product_id', '=', e!.id).execute();
    try {
      await ctx.db.updateTable('products').set({ active: false }).where('id', '=', a!.id).execute();
      await expectSame('maiz', 'a product deactivated');
      await ctx.db.updateTable('products').set({ name: `AAA ${b!.name}` }).where('id', '=', b!.id).execute();
      await expectSame('maiz', 'a product renamed to the first page');
      // search_text is generated from the name (and codes): a name without the word no longer matches.
      await ctx.db.updateTable('products').set({ name: d!.name.replace(/ma[ií]z/gi, 'mxz') }).where('id', '=', d!.id).execute();
      await expectSame('maiz', 'a product no longer matching');
      await ctx.db.deleteFrom('price_list_items').where('product_id', '=', e!.id).execute();
      await expectSame('maiz', 'a product no longer priced');
      const now = (await answer(false, 'maiz', 0)).total;
      assert.ok(now < before, 'the changes took products out of the text');
      assert.equal((await kept(['maiz'])).rows[0]!.n, now);
    } finally {
      await ctx.db.updateTable('products').set({ active: true }).where('id', '=', a!.id).execute();
      await ctx.db.updateTable('products').set({ name: b!.name }).where('id', '=', b!.id).execute();
      await ctx.db.updateTable('products').set({ name: d!.name }).where('id', '=', d!.id).execute();
      await ctx.db.deleteFrom('price_list_items').where('product_id', '=', e!.id).execute();
      if (item.length > 0) await ctx.db.insertInto('price_list_items').values(item).execute();
    }
    await expectSame('maiz', 'every change undone');
    assert.equal((await kept(['maiz'])).rows[0]!.n, before);
  });
});

describe('catalogue products kept per price list', () => {
  const row = (over: Partial<ProductRow> = {}): ProductRow => ({
    id: 7,
    code: 1234,
    alpha_code: 'A-7',
    name: 'Nombre con ,"ultprecio_importe": y "comillas" \\ ñ',
    description: 'dice ,"en_carrito":1} y ,"stock_cantidad_conformato":',
    sales_unit: 'Bolsa',
    unit: 'kg',
    sales_factor: '25.000',
    images: ['a.jpg', 'b.jpg'],
    is_new: true,
    is_promotion: false,
    stock: '1500.500',
    delivery_days: 3,
    currency: 'USD',
    list_price: '1234.50',
    discount1: '5.00',
    discount2: '0.00',
    min_price: '1000.00',
    max_price: '1500.00',
    final_price: '1172.78',
    last_price: null,
    last_quantity: null,
    last_date: null,
    in_cart: null,
    ...over,
  });

  test('a product text with a customer\'s own fields is the JSON of toProduct, whatever the names hold', () => {
    for (const r of [
      row(),
      row({ last_price: '99.90', last_quantity: '12.500', last_date: '2026-11-20', in_cart: '4.000' }),
      row({ description: null, stock: null, images: [], currency: 'ARS', sales_factor: '1.000', in_cart: '0.500' }),
    ]) {
      const parts = productParts(row({ last_price: '1.00', last_quantity: '1', last_date: '2020-01-01', in_cart: '9' }));
      assert.equal(productText(productParts(r), r), JSON.stringify(toProduct(r)));
      // The shared part of one customer's reading with another customer's own fields (only r's own fields differ here).
      if (r.description !== null) assert.equal(productText(parts, r), JSON.stringify(toProduct(r)));
    }
  });

  test('a page from the kept texts is the JSON the rows give, with each customer\'s own last purchase and cart; a price change shows at once', async () => {
    const c = await companyId(LA_PAMPA);
    const user = await ctx.db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    const e1 = await entity(1001);
    // Another entity buying at the same lists: it shares the kept texts, not the last purchases.
    const e2 = (await sql<{ id: number }>`select id from entities where company_id = ${c} and id <> ${e1.id}
      and price_list_id is not distinct from ${e1.price_list_id} order by id limit 1`.execute(ctx.db)).rows[0]!;
    const scopeOf = async (entityId: number) => ({ companyId: c, entityId, userId: user.id, lists: await priceListOf(ctx.db, c, entityId) });
    const s1 = await scopeOf(e1.id);
    const s2 = await scopeOf(e2.id);
    const foreign = (await ctx.db.selectFrom('products').select('id').where('company_id', '=', await companyId(DEL_SUR)).executeTakeFirstOrThrow()).id;
    const bought = async (entityId: number) =>
      (await sql<{ id: number }>`select product_id as id from sales_last_purchases where entity_id = ${entityId} order by product_id limit 8`.execute(ctx.db)).rows.map((r) => r.id);
    const ids = [...new Set([...(await bought(e1.id)), ...(await bought(e2.id)), foreign])];
    assert.ok(ids.length >= 6);

    const service = new CatalogService(ctx.db);
    const texts = (service as unknown as { texts: ProductTexts }).texts;
    await texts.ready;
    const read = async (scope: typeof s1) =>
      `[${((await (service as unknown as { productTexts: (s: typeof s1, i: number[]) => Promise<JsonText[]> }).productTexts(scope, ids)) as JsonText[]).map((t) => t.text).join(',')}]`;
    // What the rows give, mapped as the answer always was (the foreign product is left out).
    const reference = async (scope: typeof s1) => JSON.stringify((await productsByIds(ctx.db, scope, ids)).map(toProduct));
    const key = `${c}:${s1.lists!.id}:${s1.lists!.fallback}`;

    assert.equal(texts.get(key, ids), undefined);
    assert.equal(await read(s1), await reference(s1), 'read from the rows');
    assert.ok(texts.get(key, ids), 'kept');
    assert.equal(await read(s1), await reference(s1), 'from the kept texts');
    assert.equal(await read(s2), await reference(s2), 'another entity of the same lists: its own last purchases');
    assert.notEqual(await reference(s1), await reference(s2));

    // The user's cart: read on every page.
    const cartUrl = `${URL}?type=carrito`;
    const cart = (await ctx.app.inject({ method: 'GET', url: cartUrl, headers: H() })).json() as { carrito: { id: number } };
    const put = await ctx.app.inject({ method: 'PUT', url: `${URL}/${cart.carrito.id}?type=carrito&suma=false`, headers: H(), payload: { producto_id: ids[0]!, pedido_cantidad: 5 } });
    assert.equal(put.statusCode, 200, put.body);
    try {
      const withCart = await read(s1);
      assert.equal(withCart, await reference(s1));
      assert.equal((JSON.parse(withCart) as Array<{ id: number; en_carrito: number | null }>).find((p) => p.id === ids[0])?.en_carrito, 5);
    } finally {
      const del = await ctx.app.inject({ method: 'DELETE', url: URL, headers: H(), payload: { pedido_id: cart.carrito.id, id: ids[0]! } });
      assert.equal(del.statusCode, 200, del.body);
    }

    // A price change through the portal's database forgets the kept texts at its commit.
    const kept = await read(s1);
    const priced = await ctx.db.selectFrom('price_list_items').select(['price_list_id', 'list_price']).where('product_id', '=', ids[0]!).execute();
    try {
      await ctx.db.updateTable('price_list_items').set({ list_price: sql`list_price + 1` }).where('product_id', '=', ids[0]!).execute();
      assert.equal(texts.get(key, ids), undefined, 'forgotten');
      const changed = await read(s1);
      assert.equal(changed, await reference(s1));
      assert.notEqual(changed, kept);
    } finally {
      for (const p of priced) {
        await ctx.db.updateTable('price_list_items').set({ list_price: p.list_price }).where('product_id', '=', ids[0]!).where('price_list_id', '=', p.price_list_id).execute();
      }
    }
    assert.equal(await read(s1), await reference(s1), 'restored');

    // Over HTTP: the answer through the app's serialiser is the same JSON twice (the second from the kept texts).
    const first = await ctx.app.inject({ method: 'GET', url: `${URL}?comprados=true`, headers: H() });
    const second = await ctx.app.inject({ method: 'GET', url: `${URL}?comprados=true`, headers: H() });
    assert.equal(second.body, first.body);
    assert.equal(second.headers['content-type'], 'application/json; charset=utf-8');
  });
});
