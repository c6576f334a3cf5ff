import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { finalPriceSql, priceRow } from '../catalog/index.js';
import type { PriceLists } from '../../lib/identity.js';

/**
 * Quick order's reads: which products of this company the typed codes name (by code key: migration
 * 20261201_1100_quick_order), with their price for the entity, and the closest codes of those not found. Nothing
 * here writes.
 */

export type QuickProductRow = {
  /** The code key that matched (absent when read by id). */
  key: string | null;
  /** How it matched: alphanumeric code, code, or barcode. */
  via: 'alfa' | 'codigo' | 'barras' | 'id';
  id: number;
  code: number;
  alpha_code: string;
  name: string;
  sales_unit: string;
  unit: string;
  sales_factor: string;
  images: string[];
  active: boolean;
  currency: string | null;
  final_price: string | null;
};

const productColumns = sql`p.id, p.code, p.alpha_code, p.name, p.sales_unit, p.unit, p.sales_factor::text as sales_factor, p.images, p.active,
  i.currency, ${finalPriceSql}::text as final_price`;

function priced(lists: PriceLists | null) {
  return lists
    ? sql`left join ${priceRow(lists)} on true`
    : sql`left join (select null::text as currency, null::numeric as list_price, null::numeric as discount1, null::numeric as discount2) i on true`;
}

/**
 * Every product of the company whose alphanumeric code, code or barcode (its own or one of product_barcodes) has
 * one of these keys, active or not, priced for the entity or not (the review says which). One statement; each branch
 * is an index probe per key.
 */
export async function productsByCodeKeys(db: DB, companyId: number, lists: PriceLists | null, keys: string[]): Promise<QuickProductRow[]> {
  if (keys.length === 0) return [];
  // Lateral per key, and the product read by its primary key: index probes whatever the planner estimates for 500
  // keys (joined as sets, it scanned the whole catalogue to hash it).
  const r = await sql<QuickProductRow>`
    select distinct on (m.key, p.id) m.key, m.via, ${productColumns}
    from unnest(${keys}::text[]) k(key)
    cross join lateral (
      select k.key, p.id, 'alfa' as via from products p where p.company_id = ${companyId} and quick_code_key(p.alpha_code) = k.key
      union all
      select k.key, p.id, 'codigo' from products p where p.company_id = ${companyId}
        and p.code = (case when k.key ~ '^[0-9]{1,9}$' and length(k.key) < 10 then k.key::bigint end)
      union all
      select k.key, p.id, 'barras' from products p where p.company_id = ${companyId} and quick_code_key(p.barcode) = k.key and p.barcode is not null
      union all
      select k.key, b.product_id, 'barras' from product_barcodes b where b.company_id = ${companyId} and quick_code_key(b.barcode) = k.key
    ) m
    cross join lateral (select * from products p where p.id = m.id and p.company_id = ${companyId} limit 1) p
    ${priced(lists)}
    order by m.key, p.id, m.via`.execute(db);
  return r.rows;
}

/** The given products of the company (a past order's lines), with their price for the entity. */
export async function productsByIds(db: DB, companyId: number, lists: PriceLists | null, ids: number[]): Promise<QuickProductRow[]> {
  if (ids.length === 0) return [];
  const r = await sql<QuickProductRow>`select null as key, 'id' as via, ${productColumns}
    from products p ${priced(lists)}
    where p.company_id = ${companyId} and p.id in (${sql.join(ids)})`.execute(db);
  return r.rows;
}

export type SuggestionRow = { key: string; id: number; code: number; alpha_code: string; name: string };

/**
 * For each key not found, up to `limit` active products the entity can buy whose alphanumeric code is most similar
 * (trigram distance under 0.7, nearest first). First among the codes within one edit of the key: those sharing a
 * deletion variant with it (product_code_variants, migration 20261206_1200_quick_code_variants), a few B-tree probes.
 * A key with none of those is read in distance order from the GiST index of the lower-cased code key (migration
 * 20261202_1100_quick_code_knn), which costs tens of milliseconds a key on the `large` catalogue.
 */
export async function closestCodes(db: DB, companyId: number, lists: PriceLists | null, keys: string[], limit: number): Promise<SuggestionRow[]> {
  if (keys.length === 0 || !lists) return [];
  const near = await sql<SuggestionRow>`select k.key, s.id, s.code, s.alpha_code, s.name
    from unnest(${keys}::text[]) k(key)
    cross join lateral (
      select p.id, p.code, p.alpha_code, p.name, lower(quick_code_key(p.alpha_code)) <-> lower(k.key) as distance from products p
      where p.id in (select v.product_id from product_code_variants v
          where v.company_id = ${companyId} and v.variant in (select quick_code_variants(k.key)))
        and p.company_id = ${companyId} and p.active and p.price_lists && array[${lists.id}, ${lists.fallback}]::int[]
      order by 5, p.alpha_code
      limit ${limit}
    ) s
    where s.distance < 0.7
    order by k.key, s.distance, s.alpha_code`.execute(db);
  const found = new Set(near.rows.map((r) => r.key));
  const far = keys.filter((k) => !found.has(k));
  if (far.length === 0) return near.rows;
  const r = await sql<SuggestionRow>`select k.key, s.id, s.code, s.alpha_code, s.name
    from unnest(${far}::text[]) k(key)
    cross join lateral (
      select p.id, p.code, p.alpha_code, p.name, lower(quick_code_key(p.alpha_code)) <-> lower(k.key) as distance from products p
      where p.company_id = ${companyId} and p.active and p.price_lists && array[${lists.id}, ${lists.fallback}]::int[]
      order by lower(quick_code_key(p.alpha_code)) <-> lower(k.key)
      limit ${limit}
    ) s
    where s.distance < 0.7
    order by k.key, s.distance, s.alpha_code`.execute(db);
  return [...near.rows, ...r.rows];
}
