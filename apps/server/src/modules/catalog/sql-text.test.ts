import type { DB } from '../../db/database.js';
import { sqlTextTests } from '../../test/sql-text.js';
import * as repo from './repository.js';

/**
 * The SQL text of the catalogue repository: its raw `sql<Row>` templates are unchecked casts, so a
 * renamed or retyped column does not fail the typecheck. Each call below is compiled without a database and its
 * statements are compared with the text recorded here, so a change to a column, a join or a filter shows up in
 * review as a change to this file. (visitedIds and recordVisit use Kysely's builder, which the typecheck checks;
 * they are recorded too, as the statements the catalogue sends.) To record a new text: run with
 * SQL_TEXT_PRINT=<file> (the texts are written there as JSON) and paste the entry over its old text.
 */

const lists = { id: 4, fallback: 5 };
const filtered: repo.CatalogFilter = {
  words: ['urea', '50%'],
  facets: { familia: 7, marca: 8 },
  unit: 'kg',
  isNew: true,
  isPromotion: true,
  lists,
};
const scope = { companyId: 1, entityId: 2, userId: 9 };

/** Every function of the repository that sends a statement. */
const CALLS: Record<string, (db: DB) => Promise<unknown>> = {
  priceListOf: (db) => repo.priceListOf(db, 1, 2),
  'searchPage without filter': (db) => repo.searchPage(db, 1, { words: [], facets: {} }, 24, 12),
  'searchPage filtered': (db) => repo.searchPage(db, 1, filtered, 0, 12),
  'searchPage without price list': (db) => repo.searchPage(db, 1, { words: ['urea'], facets: {}, lists: null }, 0, 12),
  countMatching: (db) => repo.countMatching(db, 1, filtered),
  keptWords: (db) => repo.keptWords(db, 1, { words: ['glifosato', 'urea'], lists }),
  keepWords: (db) => repo.keepWords(db, 1, { words: ['glifosato', 'urea'], lists }, 120),
  facetValues: (db) => repo.facetValues(db, 1, filtered),
  productsByIds: (db) => repo.productsByIds(db, scope, [3, 4]),
  'productsByIds in given lists': (db) => repo.productsByIds(db, scope, [3, 4], lists),
  ownOfProducts: (db) => repo.ownOfProducts(db, scope, [3, 4]),
  visitedIds: (db) => repo.visitedIds(db, 1, 2, 9, 6),
  mostBoughtIds: (db) => repo.mostBoughtIds(db, 1, 2, 6),
  promotionIds: (db) => repo.promotionIds(db, 1, 6),
  recordVisit: (db) => repo.recordVisit(db, { companyId: 1, entityId: 2, userId: 9, productId: 3 }),
};

const RECORDED: Record<string, string[]> = {
  priceListOf: [
    'select (select e.price_list_id from entities e where e.id = $1 and e.company_id = $2) as id, (select l.id from price_lists l where l.company_id = $3 and l.is_default order by l.id limit 1) as fallback',
  ],
  'searchPage without filter': [
    'select p.id from products p where p.company_id = $1 and p.active order by p.name, p.id limit $2 offset $3',
  ],
  'searchPage filtered': [
    'with m as materialized (select p.id, p.name from products p where p.company_id = $1 and p.active and p.search_text like $2 and p.search_text like $3 and "p"."family_id" = $4 and "p"."brand_id" = $5 and p.unit = $6 and p.is_new and p.is_promotion and p.price_lists && array[$7, $8]::integer[]) select id, (select count(*) from m)::int as total from m order by name, id limit $9 offset $10',
  ],
  'searchPage without price list': [
    'with m as materialized (select p.id, p.name from products p where p.company_id = $1 and p.active and p.search_text like $2 and false) select id, (select count(*) from m)::int as total from m order by name, id limit $3 offset $4',
  ],
  countMatching: [
    'select count(*)::int as n from products p where p.company_id = $1 and p.active and p.search_text like $2 and p.search_text like $3 and "p"."family_id" = $4 and "p"."brand_id" = $5 and p.unit = $6 and p.is_new and p.is_promotion and p.price_lists && array[$7, $8]::integer[]',
  ],
  keptWords: [
    'select n, first_ids from catalog_word_counts where company_id = $1 and words = $2::text[] and list_id = $3 and fallback_id = $4',
  ],
  keepWords: [
    'lock table products in share mode',
    'with m as materialized (select p.id, p.name from products p where p.company_id = $1 and p.active and p.search_text like $2 and p.search_text like $3 and p.price_lists && array[$4, $5]::integer[]) insert into catalog_word_counts (company_id, words, list_id, fallback_id, n, first_ids) select $6, $7::text[], $8, $9, (select count(*) from m)::int, coalesce((select array_agg(f.id order by f.name, f.id) from (select id, name from m order by name, id limit $10) f), \'{}\') on conflict (company_id, words, list_id, fallback_id) do update set n = excluded.n, first_ids = excluded.first_ids returning n, first_ids',
  ],
  facetValues: [
    'select x.kind, f.id, f.name, x.n from ( select (case when grouping("p"."business_unit_id") = 0 then $1 when grouping("p"."family_id") = 0 then $2 when grouping("p"."subfamily_id") = 0 then $3 when grouping("p"."presentation_id") = 0 then $4 when grouping("p"."category_id") = 0 then $5 when grouping("p"."subcategory_id") = 0 then $6 when grouping("p"."line_id") = 0 then $7 when grouping("p"."brand_id") = 0 then $8 end)::text as kind, (case when grouping("p"."business_unit_id") = 0 then "p"."business_unit_id" when grouping("p"."family_id") = 0 then "p"."family_id" when grouping("p"."subfamily_id") = 0 then "p"."subfamily_id" when grouping("p"."presentation_id") = 0 then "p"."presentation_id" when grouping("p"."category_id") = 0 then "p"."category_id" when grouping("p"."subcategory_id") = 0 then "p"."subcategory_id" when grouping("p"."line_id") = 0 then "p"."line_id" when grouping("p"."brand_id") = 0 then "p"."brand_id" end) as facet_id, (case when grouping("p"."business_unit_id") = 0 then count(*) filter (where "p"."family_id" = $9 and "p"."brand_id" = $10) when grouping("p"."family_id") = 0 then count(*) filter (where "p"."brand_id" = $11) when grouping("p"."subfamily_id") = 0 then count(*) filter (where "p"."family_id" = $12 and "p"."brand_id" = $13) when grouping("p"."presentation_id") = 0 then count(*) filter (where "p"."family_id" = $14 and "p"."brand_id" = $15) when grouping("p"."category_id") = 0 then count(*) filter (where "p"."family_id" = $16 and "p"."brand_id" = $17) when grouping("p"."subcategory_id") = 0 then count(*) filter (where "p"."family_id" = $18 and "p"."brand_id" = $19) when grouping("p"."line_id") = 0 then count(*) filter (where "p"."family_id" = $20 and "p"."brand_id" = $21) when grouping("p"."brand_id") = 0 then count(*) filter (where "p"."family_id" = $22) end)::int as n from products p where p.company_id = $23 and p.active and p.search_text like $24 and p.search_text like $25 and p.unit = $26 and p.is_new and p.is_promotion and p.price_lists && array[$27, $28]::integer[] group by grouping sets (("p"."business_unit_id"), ("p"."family_id"), ("p"."subfamily_id"), ("p"."presentation_id"), ("p"."category_id"), ("p"."subcategory_id"), ("p"."line_id"), ("p"."brand_id")) ) x join product_facets f on f.id = x.facet_id and f.company_id = $29 where x.n > 0 order by x.kind, f.name, f.id',
  ],
  productsByIds: [
    'with pl as ( select coalesce((select e.price_list_id from entities e where e.id = $1 and e.company_id = $2), d.id) as id, d.id as fallback from (select (select l.id from price_lists l where l.company_id = $3 and l.is_default order by l.id limit 1) as id) d ) select p.id, p.code, p.alpha_code, p.name, p.description, p.sales_unit, p.unit, p.sales_factor::text as sales_factor, p.images, p.is_new, p.is_promotion, p.stock::text as stock, p.delivery_days, i.currency, i.list_price::text as list_price, i.discount1::text as discount1, i.discount2::text as discount2, i.min_price::text as min_price, i.max_price::text as max_price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)::text as final_price, lp.final_price::text as last_price, lp.quantity::text as last_quantity, lp.ordered_on::text as last_date, cl.quantity::text as in_cart from products p cross join pl join lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0 where i0.product_id = "p"."id" and i0.price_list_id in ("pl"."id", "pl"."fallback") order by (i0.price_list_id = "pl"."id") desc limit 1) i on true left join sales_last_purchases lp on lp.entity_id = $4 and lp.product_id = p.id and lp.company_id = $5 left join cart_lines cl on cl.product_id = p.id and cl.cart_id = ( select c.id from carts c where c.company_id = $6 and c.entity_id = $7 and c.user_id = $8 and c.kind = \'sales\' and c.status = \'open\') where p.company_id = $9 and p.active and p.id in ($10, $11)',
  ],
  'productsByIds in given lists': [
    'with pl as ( select $1::integer as id, $2::integer as fallback ) select p.id, p.code, p.alpha_code, p.name, p.description, p.sales_unit, p.unit, p.sales_factor::text as sales_factor, p.images, p.is_new, p.is_promotion, p.stock::text as stock, p.delivery_days, i.currency, i.list_price::text as list_price, i.discount1::text as discount1, i.discount2::text as discount2, i.min_price::text as min_price, i.max_price::text as max_price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)::text as final_price, lp.final_price::text as last_price, lp.quantity::text as last_quantity, lp.ordered_on::text as last_date, cl.quantity::text as in_cart from products p cross join pl join lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0 where i0.product_id = "p"."id" and i0.price_list_id in ("pl"."id", "pl"."fallback") order by (i0.price_list_id = "pl"."id") desc limit 1) i on true left join sales_last_purchases lp on lp.entity_id = $3 and lp.product_id = p.id and lp.company_id = $4 left join cart_lines cl on cl.product_id = p.id and cl.cart_id = ( select c.id from carts c where c.company_id = $5 and c.entity_id = $6 and c.user_id = $7 and c.kind = \'sales\' and c.status = \'open\') where p.company_id = $8 and p.active and p.id in ($9, $10)',
  ],
  ownOfProducts: [
    'select x.id, lp.final_price::text as last_price, lp.quantity::text as last_quantity, lp.ordered_on::text as last_date, cl.quantity::text as in_cart from unnest($1::integer[]) as x(id) left join sales_last_purchases lp on lp.entity_id = $2 and lp.product_id = x.id and lp.company_id = $3 left join cart_lines cl on cl.product_id = x.id and cl.cart_id = ( select c.id from carts c where c.company_id = $4 and c.entity_id = $5 and c.user_id = $6 and c.kind = \'sales\' and c.status = \'open\')',
  ],
  visitedIds: [
    'select "v"."product_id" as "id" from "product_visits" as "v" inner join "products" as "p" on "p"."id" = "v"."product_id" where "v"."company_id" = $1 and "v"."entity_id" = $2 and "v"."user_id" = $3 and "p"."active" order by "v"."visited_at" desc, "v"."product_id" limit $4',
  ],
  mostBoughtIds: [
    'select l.product_id as id from sales_order_lines l join sales_orders o on o.id = l.order_id join products p on p.id = l.product_id where o.company_id = $1 and o.entity_id = $2 and l.company_id = $3 and p.active group by l.product_id order by count(*) desc, max(o.ordered_on) desc, l.product_id limit $4',
  ],
  promotionIds: [
    'with m as materialized (select p.id, p.name from products p where p.company_id = $1 and p.active and p.is_promotion) select id, (select count(*) from m)::int as total from m order by name, id limit $2 offset $3',
  ],
  recordVisit: [
    'insert into "product_visits" ("company_id", "entity_id", "user_id", "product_id", "visited_at") values ($1, $2, $3, $4, now()) on conflict ("user_id", "entity_id", "product_id") do update set "visited_at" = now()',
  ],
};

sqlTextTests('catalogue', CALLS, RECORDED);
