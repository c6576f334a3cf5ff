import type { DB } from '../../db/database.js';
import { sqlTextTests } from '../../test/sql-text.js';
import * as repo from './repository.js';

/**
 * The SQL text of the cart's reads: the open cart comes with its lines as JSON from a raw `sql<Row>`
 * template, an unchecked cast, so a renamed column or a lost `::text` (an amount read as a float) shows up here in
 * review. To record a new text: run with SQL_TEXT_PRINT=<file> and paste the entry over its old text.
 */

const owner = { companyId: 1, entityId: 2, userId: 3, kind: 'sales' as const };
const lists = { id: 4, fallback: 5 };

const CALLS: Record<string, (db: DB) => Promise<unknown>> = {
  openCartWithLines: (db) => repo.openCartWithLines(db, owner, lists),
  'openCartWithLines without a price list': (db) => repo.openCartWithLines(db, owner, null),
  cartLines: (db) => repo.cartLines(db, 1, 6, lists),
};

const RECORDED: Record<string, string[]> = {
  openCartWithLines: [
    'select c.id, c.status, c.destination_id, c.origin_id, c.operation_type_id, c.payment_condition_id, c.with_tax, c.delivery_date::text as delivery_date, c.detail, (select coalesce(json_agg(x order by x.line_id), \'[]\'::json) from ( select cl.id as line_id, cl.product_id, cl.quantity::text as quantity, cl.price::text as price, cl.price_alert, p.name, p.code, p.alpha_code, p.sales_unit, p.images, p.delivery_days, (select f.name from product_facets f where f.id = p.family_id) as family, coalesce(i.currency, \'ARS\') as currency, coalesce(i.list_price, 0)::text as list_price, coalesce(i.discount1, 0)::text as discount1, coalesce(i.discount2, 0)::text as discount2, coalesce(i.min_price, 0)::text as min_price, coalesce(i.max_price, 0)::text as max_price, coalesce(round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0)::text as final_price, coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0)::text as unit_price, round(coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0) * cl.quantity, 2)::text as subtotal from cart_lines cl join products p on p.id = cl.product_id and p.company_id = $1 left join lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0 where i0.product_id = "p"."id" and i0.price_list_id in ($2, $3) order by (i0.price_list_id = $4) desc limit 1) i on true where cl.cart_id = c.id and cl.company_id = $5 order by cl.id) x) as lines from carts c where c.company_id = $6 and c.entity_id = $7 and c.user_id = $8 and c.kind = $9 and c.status = \'open\'',
  ],
  'openCartWithLines without a price list': [
    'select c.id, c.status, c.destination_id, c.origin_id, c.operation_type_id, c.payment_condition_id, c.with_tax, c.delivery_date::text as delivery_date, c.detail, (select coalesce(json_agg(x order by x.line_id), \'[]\'::json) from ( select cl.id as line_id, cl.product_id, cl.quantity::text as quantity, cl.price::text as price, cl.price_alert, p.name, p.code, p.alpha_code, p.sales_unit, p.images, p.delivery_days, (select f.name from product_facets f where f.id = p.family_id) as family, coalesce(i.currency, \'ARS\') as currency, coalesce(i.list_price, 0)::text as list_price, coalesce(i.discount1, 0)::text as discount1, coalesce(i.discount2, 0)::text as discount2, coalesce(i.min_price, 0)::text as min_price, coalesce(i.max_price, 0)::text as max_price, coalesce(round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0)::text as final_price, coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0)::text as unit_price, round(coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0) * cl.quantity, 2)::text as subtotal from cart_lines cl join products p on p.id = cl.product_id and p.company_id = $1 left join (select null::text as currency, null::numeric as list_price, null::numeric as discount1, null::numeric as discount2, null::numeric as min_price, null::numeric as max_price) i on true where cl.cart_id = c.id and cl.company_id = $2 order by cl.id) x) as lines from carts c where c.company_id = $3 and c.entity_id = $4 and c.user_id = $5 and c.kind = $6 and c.status = \'open\'',
  ],
  cartLines: [
    'select cl.id as line_id, cl.product_id, cl.quantity::text as quantity, cl.price::text as price, cl.price_alert, p.name, p.code, p.alpha_code, p.sales_unit, p.images, p.delivery_days, (select f.name from product_facets f where f.id = p.family_id) as family, coalesce(i.currency, \'ARS\') as currency, coalesce(i.list_price, 0)::text as list_price, coalesce(i.discount1, 0)::text as discount1, coalesce(i.discount2, 0)::text as discount2, coalesce(i.min_price, 0)::text as min_price, coalesce(i.max_price, 0)::text as max_price, coalesce(round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0)::text as final_price, coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0)::text as unit_price, round(coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2), 0) * cl.quantity, 2)::text as subtotal from cart_lines cl join products p on p.id = cl.product_id and p.company_id = $1 left join lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0 where i0.product_id = "p"."id" and i0.price_list_id in ($2, $3) order by (i0.price_list_id = $4) desc limit 1) i on true where cl.cart_id = $5 and cl.company_id = $6 order by cl.id',
  ],
};

sqlTextTests('cart', CALLS, RECORDED);
