import { sql, type RawBuilder } from 'kysely';
import type { FacetType } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { compiledFor } from '../../db/compile-once.js';
import type { PriceLists } from '../../lib/identity.js';

/**
 * The catalogue's SQL. Every function takes the company and, where prices or purchases matter, the entity's price
 * list and the entity. Prices are computed in SQL numeric (final = list × (1 − d1/100) × (1 − d2/100), rounded to
 * cents) and leave as decimal strings.
 */

/** Facet wire ids → products columns. */
export const FACET_COLUMN: Record<FacetType, string> = {
  unegocio: 'business_unit_id',
  familia: 'family_id',
  subfamilia: 'subfamily_id',
  presentacion: 'presentation_id',
  rubro: 'category_id',
  subrubro: 'subcategory_id',
  linea: 'line_id',
  marca: 'brand_id',
};

/** A catalogue filter resolved to columns (the Filter of §3 and the facet list queries share it). */
export type CatalogFilter = {
  words: string[];
  facets: Partial<Record<FacetType, number>>;
  unit?: string;
  isNew?: boolean;
  isPromotion?: boolean;
  /**
   * The entity's price lists: only products priced in them match, so the total, the facet counts and the page
   * count the same products (a product without a price is never counted and then dropped). Part of the cache key.
   */
  lists?: PriceLists | null;
};

/** Lower-case, accent-free, as products.search_text is stored. */
export function normaliseSearch(text: string): string[] {
  const t = text
    .toLowerCase()
    .replace(/[áàä]/g, 'a')
    .replace(/[éèë]/g, 'e')
    .replace(/[íìï]/g, 'i')
    .replace(/[óòö]/g, 'o')
    .replace(/[úùü]/g, 'u')
    .replace(/ñ/g, 'n');
  return t.split(/\s+/).filter((w) => w.length > 0);
}

const likeEscape = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The where clause over `products p` (company and active always; a facet may be left out for its own list). */
function whereClause(companyId: number, f: CatalogFilter, skipFacet?: FacetType): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`p.company_id = ${companyId}`, sql`p.active`];
  for (const w of f.words) parts.push(sql`p.search_text like ${`%${likeEscape(w)}%`}`);
  for (const [kind, value] of Object.entries(f.facets) as Array<[FacetType, number | undefined]>) {
    if (value === undefined || kind === skipFacet) continue;
    parts.push(sql`${sql.ref(`p.${FACET_COLUMN[kind]}`)} = ${value}`);
  }
  if (f.unit) parts.push(sql`p.unit = ${f.unit}`);
  if (f.isNew) parts.push(sql`p.is_new`);
  if (f.isPromotion) parts.push(sql`p.is_promotion`);
  if (f.lists !== undefined) {
    // products.price_lists (kept by triggers on price_list_items): membership read on the row the match reads anyway.
    parts.push(f.lists === null ? sql`false` : sql`p.price_lists && array[${f.lists.id}, ${f.lists.fallback}]::integer[]`);
  }
  return sql.join(parts, sql` and `);
}

export async function priceListOf(db: DB, companyId: number, entityId: number): Promise<PriceLists | null> {
  const r = await sql<{ id: number | null; fallback: number | null }>`
    select (select e.price_list_id from entities e where e.id = ${entityId} and e.company_id = ${companyId}) as id,
      (select l.id from price_lists l where l.company_id = ${companyId} and l.is_default order by l.id limit 1) as fallback`.execute(db);
  const row = r.rows[0];
  const id = row?.id ?? row?.fallback ?? null;
  return id === null ? null : { id, fallback: row?.fallback ?? id };
}

/**
 * `join lateral … i`: the price row of product `p` in the entity's list, or in the default list when the entity's
 * list lacks it. A product in neither list has no price and is not sold.
 */
export function priceRow(lists: PriceLists | { id: RawBuilder<unknown>; fallback: RawBuilder<unknown> }, productRef = 'p.id') {
  return sql`lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0
    where i0.product_id = ${sql.ref(productRef)} and i0.price_list_id in (${lists.id}, ${lists.fallback})
    order by (i0.price_list_id = ${lists.id}) desc limit 1) i`;
}

export const hasFilter = (f: CatalogFilter) =>
  f.words.length > 0 || Object.values(f.facets).some((v) => v !== undefined) || !!f.unit || !!f.isNew || !!f.isPromotion;

/**
 * One page of the catalogue (active products): ids in order (name, id). With a filter, the
 * matching set (trigram and facet bitmaps) is materialised once and gives both the page and the exact total
 * (a count of the materialised rows: a window count over 30,000 matches spilled to a temporary file), instead of letting the planner walk the name index through 200,000 rows and then
 * counting again. Without a filter, the name index gives the page directly and `total` is null (count it).
 */
export async function searchPage(
  db: DB,
  companyId: number,
  f: CatalogFilter,
  start: number,
  limit: number,
): Promise<{ ids: number[]; total: number | null }> {
  if (!hasFilter(f)) {
    const r = await sql<{ id: number }>`select p.id from products p where ${whereClause(companyId, f)}
      order by p.name, p.id limit ${limit} offset ${start}`.execute(db);
    return { ids: r.rows.map((x) => x.id), total: null };
  }
  const r = await sql<{ id: number; total: number }>`
    with m as materialized (select p.id, p.name from products p where ${whereClause(companyId, f)})
    select id, (select count(*) from m)::int as total from m order by name, id limit ${limit} offset ${start}`.execute(db);
  return { ids: r.rows.map((x) => x.id), total: r.rows[0]?.total ?? null };
}

/** Ids only (carousels). */
export async function searchIds(db: DB, companyId: number, f: CatalogFilter, start: number, limit: number): Promise<number[]> {
  return (await searchPage(db, companyId, f, start, limit)).ids;
}

export async function countMatching(db: DB, companyId: number, f: CatalogFilter): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from products p where ${whereClause(companyId, f)}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

export type FacetRow = { id: number; name: string; n: number };

/**
 * The values of every facet among the matching products, each narrowed by the other chosen facets (not by its own),
 * in one statement: one match (text, flags, price lists; no facet) grouped by the eight facet columns at once
 * (grouping sets), each count filtered by the chosen facets but its own. The filter panel asks for the eight lists
 * together; eight statements each matched the text again.
 */
export async function facetValues(db: DB, companyId: number, f: CatalogFilter): Promise<Record<FacetType, FacetRow[]>> {
  const kinds = Object.keys(FACET_COLUMN) as FacetType[];
  const chosen = kinds.filter((k) => f.facets[k] !== undefined);
  const col = (k: FacetType) => sql.ref(`p.${FACET_COLUMN[k]}`);
  const countOf = (k: FacetType) => {
    const others = chosen.filter((o) => o !== k).map((o) => sql`${col(o)} = ${f.facets[o]!}`);
    return others.length ? sql`count(*) filter (where ${sql.join(others, sql` and `)})` : sql`count(*)`;
  };
  // Which set a row belongs to: grouping(col) is 0 for the column grouped in that row's set.
  const kindOf = sql.join(kinds.map((k) => sql`when grouping(${col(k)}) = 0 then ${k}`), sql` `);
  const idOf = sql.join(kinds.map((k) => sql`when grouping(${col(k)}) = 0 then ${col(k)}`), sql` `);
  const nOf = sql.join(kinds.map((k) => sql`when grouping(${col(k)}) = 0 then ${countOf(k)}`), sql` `);
  const r = await sql<FacetRow & { kind: FacetType }>`
    select x.kind, f.id, f.name, x.n from (
      select (case ${kindOf} end)::text as kind, (case ${idOf} end) as facet_id, (case ${nOf} end)::int as n
      from products p where ${whereClause(companyId, { ...f, facets: {} })}
      group by grouping sets (${sql.join(kinds.map((k) => sql`(${col(k)})`))})
    ) x join product_facets f on f.id = x.facet_id and f.company_id = ${companyId}
    where x.n > 0
    order by x.kind, f.name, f.id`.execute(db);
  const out = Object.fromEntries(kinds.map((k) => [k, [] as FacetRow[]])) as Record<FacetType, FacetRow[]>;
  for (const row of r.rows) out[row.kind].push({ id: row.id, name: row.name, n: row.n });
  return out;
}

export type ProductRow = {
  id: number;
  code: number;
  alpha_code: string;
  name: string;
  description: string | null;
  sales_unit: string;
  unit: string;
  sales_factor: string;
  images: string[];
  is_new: boolean;
  is_promotion: boolean;
  stock: string | null;
  delivery_days: number;
  currency: string;
  list_price: string;
  discount1: string;
  discount2: string;
  min_price: string;
  max_price: string;
  final_price: string;
  last_price: string | null;
  last_quantity: string | null;
  last_date: string | null;
  in_cart: string | null;
};

/** SQL of the list's final price for price_list_items `i`. */
export const finalPriceSql = sql<string>`round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)`;

/**
 * Full rows of the given products in this company priced in this list, with the entity's last purchase of each
 * (`sales_last_purchases`, kept by triggers on the orders and their lines: one primary-key probe per product) and the
 * quantity already in the user's open sales cart. Order follows `ids`. Built and compiled once per database
 * and number of ids (db/compile-once.ts): every catalogue page sends the same text with its own values.
 */
export async function productsByIds(
  db: DB,
  scope: { companyId: number; entityId: number; userId: number },
  ids: number[],
  /**
   * The lists to price in, when the caller keeps what it reads under them (service.ts, product texts): the rows are
   * then priced in exactly these lists, not in the ones the entity has by the time the statement runs.
   */
  lists?: PriceLists,
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  type Slots = Record<string, number>;
  const slots = (companyId: number, entityId: number, userId: number, idOf: (i: number) => number, given?: PriceLists): Slots => {
    const out: Slots = { companyId, entityId, userId };
    if (given) Object.assign(out, { listId: given.id, fallbackId: given.fallback });
    for (let i = 0; i < ids.length; i++) out[`id${i}`] = idOf(i);
    return out;
  };
  const statement = compiledFor(
    db,
    `catalog.productsByIds:${ids.length}${lists ? ':lists' : ''}`,
    () => slots(-1_000_001, -1_000_002, -1_000_003, (i) => -2_000_000 - i, lists ? { id: -1_000_004, fallback: -1_000_005 } : undefined),
    (a) =>
      productsByIdsSql(
        db,
        a.companyId!,
        a.entityId!,
        a.userId!,
        ids.map((_, i) => a[`id${i}`]!),
        lists ? { id: a.listId!, fallback: a.fallbackId! } : undefined,
      ),
  );
  const r = await db.executeQuery(statement(slots(scope.companyId, scope.entityId, scope.userId, (i) => ids[i]!, lists)));
  const byId = new Map(r.rows.map((x) => [x.id, x]));
  return ids.map((id) => byId.get(id)).filter((x): x is ProductRow => x !== undefined);
}

function productsByIdsSql(db: DB, companyId: number, entityId: number, userId: number, ids: number[], lists?: PriceLists) {
  // The entity's list (or the company's default) and the default as the fallback, in the same statement: one round
  // trip for the page's products. Or the lists given.
  const pl = lists
    ? sql`select ${lists.id}::integer as id, ${lists.fallback}::integer as fallback`
    : sql`select coalesce((select e.price_list_id from entities e where e.id = ${entityId} and e.company_id = ${companyId}), d.id) as id, d.id as fallback
      from (select (select l.id from price_lists l where l.company_id = ${companyId} and l.is_default order by l.id limit 1) as id) d`;
  const r = sql<ProductRow>`
    with pl as (
      ${pl}
    )
    select p.id, p.code, p.alpha_code, p.name, p.description, p.sales_unit, p.unit, p.sales_factor::text as sales_factor,
      p.images, p.is_new, p.is_promotion, p.stock::text as stock, p.delivery_days,
      i.currency, i.list_price::text as list_price, i.discount1::text as discount1, i.discount2::text as discount2,
      i.min_price::text as min_price, i.max_price::text as max_price, ${finalPriceSql}::text as final_price,
      lp.final_price::text as last_price, lp.quantity::text as last_quantity, lp.ordered_on::text as last_date,
      cl.quantity::text as in_cart
    from products p
    cross join pl
    join ${priceRow({ id: sql.ref('pl.id'), fallback: sql.ref('pl.fallback') })} on true
    left join sales_last_purchases lp on lp.entity_id = ${entityId} and lp.product_id = p.id and lp.company_id = ${companyId}
    left join cart_lines cl on cl.product_id = p.id and cl.cart_id = (
      select c.id from carts c where c.company_id = ${companyId} and c.entity_id = ${entityId} and c.user_id = ${userId}
        and c.kind = 'sales' and c.status = 'open')
    where p.company_id = ${companyId} and p.active and p.id in (${sql.join(ids)})`;
  return { compile: () => r.compile(db) };
}

/** The per-customer columns of a ProductRow: the entity's last purchase and the user's open-cart quantity. */
export type OwnRow = Pick<ProductRow, 'id' | 'last_price' | 'last_quantity' | 'last_date' | 'in_cart'>;

/**
 * The entity's last purchase and the quantity in the user's open sales cart of each of these products, read as
 * productsByIds reads them, for products whose shared part is already known (service.ts): no product row, no price.
 * One text for any number of ids (an integer array), built and compiled once per database.
 */
export async function ownOfProducts(db: DB, scope: { companyId: number; entityId: number; userId: number }, ids: number[]): Promise<OwnRow[]> {
  if (ids.length === 0) return [];
  const statement = compiledFor(
    db,
    'catalog.ownOfProducts',
    () => ({ companyId: -1_000_001, entityId: -1_000_002, userId: -1_000_003, ids: '\u0000ids' }),
    (a) => {
      const r = sql<OwnRow>`
        select x.id, lp.final_price::text as last_price, lp.quantity::text as last_quantity, lp.ordered_on::text as last_date,
          cl.quantity::text as in_cart
        from unnest(${a.ids}::integer[]) as x(id)
        left join sales_last_purchases lp on lp.entity_id = ${a.entityId} and lp.product_id = x.id and lp.company_id = ${a.companyId}
        left join cart_lines cl on cl.product_id = x.id and cl.cart_id = (
          select c.id from carts c where c.company_id = ${a.companyId} and c.entity_id = ${a.entityId} and c.user_id = ${a.userId}
            and c.kind = 'sales' and c.status = 'open')`;
      return { compile: () => r.compile(db) };
    },
  );
  const r = await db.executeQuery(statement({ companyId: scope.companyId, entityId: scope.entityId, userId: scope.userId, ids: `{${ids.join(',')}}` }));
  return r.rows;
}

/** Ultimos visitados: this user and entity, most recent first. */
export async function visitedIds(db: DB, companyId: number, entityId: number, userId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('product_visits as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('v.product_id as id')
    .where('v.company_id', '=', companyId)
    .where('v.entity_id', '=', entityId)
    .where('v.user_id', '=', userId)
    .where((eb) => eb.ref('p.active'))
    .orderBy('v.visited_at', 'desc')
    .orderBy('v.product_id')
    .limit(limit)
    .execute();
  return rows.map((x) => x.id);
}

/** Más comprados: the entity's products by number of order lines, then most recent. */
export async function mostBoughtIds(db: DB, companyId: number, entityId: number, limit: number): Promise<number[]> {
  const r = await sql<{ id: number }>`
    select l.product_id as id from sales_order_lines l join sales_orders o on o.id = l.order_id
    join products p on p.id = l.product_id
    where o.company_id = ${companyId} and o.entity_id = ${entityId} and l.company_id = ${companyId} and p.active
    group by l.product_id order by count(*) desc, max(o.ordered_on) desc, l.product_id limit ${limit}`.execute(db);
  return r.rows.map((x) => x.id);
}

export async function promotionIds(db: DB, companyId: number, limit: number): Promise<number[]> {
  return searchIds(db, companyId, { words: [], facets: {}, isPromotion: true }, 0, limit);
}

/** Records a visit (the latest one wins). */
export async function recordVisit(db: DB, v: { companyId: number; entityId: number; userId: number; productId: number }) {
  await db
    .insertInto('product_visits')
    .values({ company_id: v.companyId, entity_id: v.entityId, user_id: v.userId, product_id: v.productId, visited_at: sql`now()` })
    .onConflict((oc) => oc.columns(['user_id', 'entity_id', 'product_id']).doUpdateSet({ visited_at: sql`now()` }))
    .execute();
}

/** A filter of words alone (no facet, unit or flag) and priced lists: the filters whose total may be kept counted. */
export function countedWords(f: CatalogFilter): { words: string[]; lists: PriceLists } | null {
  if (f.words.length === 0 || !f.lists) return null;
  if (Object.values(f.facets).some((v) => v !== undefined) || f.unit || f.isNew || f.isPromotion) return null;
  // Every word must be contained: order and repetition do not change the match.
  return { words: [...new Set(f.words)].sort(), lists: f.lists };
}

type Counted = NonNullable<ReturnType<typeof countedWords>>;

/** The kept answer of these words in these lists (catalog_word_counts, kept by triggers on products), if any. */
export async function keptWords(db: DB, companyId: number, c: Counted): Promise<{ n: number; firstIds: number[] | null } | null> {
  const r = await sql<{ n: number; first_ids: number[] | null }>`select n, first_ids from catalog_word_counts where company_id = ${companyId}
    and words = ${c.words}::text[] and list_id = ${c.lists.id} and fallback_id = ${c.lists.fallback}`.execute(db);
  const row = r.rows[0];
  return row ? { n: row.n, firstIds: row.first_ids } : null;
}

/**
 * Counts these words in these lists, with the ids of the first `firstCount` in the catalogue's order, and keeps them.
 * The SHARE lock on products waits for the writes in flight and holds new ones until the row is committed, so no
 * write falls between this reading and the triggers that keep it right.
 */
export async function keepWords(db: DB, companyId: number, c: Counted, firstCount: number): Promise<{ n: number; firstIds: number[] }> {
  return db.transaction().execute(async (tx) => {
    await sql`lock table products in share mode`.execute(tx);
    const where = whereClause(companyId, { words: c.words, facets: {}, lists: c.lists });
    const r = await sql<{ n: number; first_ids: number[] }>`
      with m as materialized (select p.id, p.name from products p where ${where})
      insert into catalog_word_counts (company_id, words, list_id, fallback_id, n, first_ids)
      select ${companyId}, ${c.words}::text[], ${c.lists.id}, ${c.lists.fallback}, (select count(*) from m)::int,
        coalesce((select array_agg(f.id order by f.name, f.id) from (select id, name from m order by name, id limit ${firstCount}) f), '{}')
      on conflict (company_id, words, list_id, fallback_id) do update set n = excluded.n, first_ids = excluded.first_ids
      returning n, first_ids`.execute(tx);
    return { n: r.rows[0]!.n, firstIds: r.rows[0]!.first_ids };
  });
}
