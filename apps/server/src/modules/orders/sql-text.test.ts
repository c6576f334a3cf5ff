import type { DB } from '../../db/database.js';
import { sqlTextTests } from '../../test/sql-text.js';
import * as repo from './repository.js';

/**
 * The SQL text of the orders repository's raw `sql<Row>` templates: a template's row type is an unchecked
 * cast, so a renamed or retyped column does not fail the typecheck. Each call below is compiled without a database
 * (a dummy driver that answers one made-up row) and its statements are compared with the text recorded here, so a
 * change to a column, a join or a filter shows up in review as a change to this file. To record a new text: run
 * with SQL_TEXT_PRINT=<file> (the texts are written there as JSON) and paste the entry over its old text.
 */
const order: repo.NewOrder = {
  companyId: 1,
  entityId: 2,
  userId: 9,
  cartId: 4,
  today: '2026-03-10',
  priceListId: { id: 1, fallback: 2 },
  cart: { destination_id: 5, origin_id: 6, operation_type_id: 7, payment_condition_id: 8, with_tax: true, delivery_date: '2026-03-12', detail: 'x' },
};
const invoice: repo.Invoice = {
  companyId: 1,
  entityId: 2,
  date: '2026-03-10',
  time: '10:00',
  letter: 'A',
  afipType: 1,
  series: 3,
  currency: 'ARS',
  amount: '121.00',
  net: '100.00',
  vat21: '21.00',
  vat105: '0.00',
  dueDate: '2026-04-10',
  cae: '1',
  caeDue: '2026-03-20',
  originNumber: 10,
  originSeries: 1,
  saleCondition: 'Contado',
  detail: 'x',
  lines: [{ productCode: 'A1', description: 'Urea', quantity: '1', unit: 'kg', unitPrice: '100.00', discount: '0', amount: '100.00' }],
};

/** Every function of the repository that sends a raw template (the builder's queries are checked by the typecheck). */
const CALLS: Record<string, (db: DB) => Promise<unknown>> = {
  'writeOrder sales': (db) => repo.writeOrder(db, 'sales', order),
  'writeOrder purchase': (db) => repo.writeOrder(db, 'purchase', order),
  writeInvoice: (db) => repo.writeInvoice(db, invoice),
  'orderOfCart sales': (db) => repo.orderOfCart(db, 'sales', 1, 2),
  'orderOfCart purchase': (db) => repo.orderOfCart(db, 'purchase', 1, 2),
  'ordersByStatus sales': (db) => repo.ordersByStatus(db, 'sales', 1, 2, 'pending', 0, 7),
  'ordersByStatus purchase': (db) => repo.ordersByStatus(db, 'purchase', 1, 2, 'pending', 0, 7),
  'history by month': (db) => repo.history(db, 1, 2, '2026-03', 0, 10),
  salesOrderLines: (db) => repo.salesOrderLines(db, 1, [3, 4]),
  purchaseOrderLines: (db) => repo.purchaseOrderLines(db, 1, [3, 4]),
  purchaseOrderOfEntity: (db) => repo.purchaseOrderOfEntity(db, 1, 2, 3),
  orderConditions: (db) => repo.orderConditions(db, 1, 3),
};

const RECORDED: Record<string, string[]> = {
  'writeOrder sales': [
    'select pg_advisory_xact_lock($1::int, $2::int)',
    'select max(number) as n from "sales_orders" where company_id = $1',
    'select "s"."id" from "entities" as "e" inner join "sellers" as "s" on "s"."company_id" = "e"."company_id" and "s"."code" = "e"."seller_id" where "e"."id" = $1 and "e"."company_id" = $2',
    'insert into sales_orders (company_id, entity_id, number, ordered_on, status, currency, total, detail, seller_id, cart_id, user_id, channel, destination_id, origin_id, operation_type_id, delivery_date) values ($1, $2, $3, $4, \'pending\', \'ARS\', 0, $5, $6, $7, $8, \'web\', $9, $10, $11, $12) returning id',
    'insert into sales_order_lines (company_id, order_id, line_no, product_id, quantity, list_price, discount1, discount2, final_price, amount, price_alert) select $1, $2, row_number() over (order by cl.id), cl.product_id, cl.quantity, i.list_price, i.discount1, i.discount2, coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)), round(coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)) * cl.quantity, 2), cl.price_alert from cart_lines cl join products p on p.id = cl.product_id and p.company_id = $3 join lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0 where i0.product_id = "p"."id" and i0.price_list_id in ($4, $5) order by (i0.price_list_id = $6) desc limit 1) i on true where cl.cart_id = $7 and cl.company_id = $8',
    'update "sales_orders" set total = coalesce((select sum(amount) from "sales_order_lines" where order_id = $1), 0) where id = $2 returning total::text as total',
  ],
  'writeOrder purchase': [
    'select pg_advisory_xact_lock($1::int, $2::int)',
    'select max(number) as n from "purchase_orders" where company_id = $1',
    'insert into purchase_orders (company_id, entity_id, user_id, cart_id, number, ordered_on, status, currency, total, payment_condition_id, with_tax, delivery_date, detail) values ($1, $2, $3, $4, $5, $6, \'pending\', \'ARS\', 0, $7, $8, $9, $10) returning id',
    'insert into purchase_order_lines (company_id, order_id, line_no, product_id, quantity, price, amount) select $1, $2, row_number() over (order by cl.id), cl.product_id, cl.quantity, coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)), round(coalesce(cl.price, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)) * cl.quantity, 2) from cart_lines cl join products p on p.id = cl.product_id and p.company_id = $3 join lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0 where i0.product_id = "p"."id" and i0.price_list_id in ($4, $5) order by (i0.price_list_id = $6) desc limit 1) i on true where cl.cart_id = $7 and cl.company_id = $8',
    'update "purchase_orders" set total = coalesce((select sum(amount) from "purchase_order_lines" where order_id = $1), 0) where id = $2 returning total::text as total',
  ],
  writeInvoice: [
    'select pg_advisory_xact_lock($1::int, $2::int)',
    'select max(number) as n from account_movements where company_id = $1 and voucher_code = \'FC\' and series = $2',
    'insert into "account_movements" ("company_id", "entity_id", "date", "time", "voucher_code", "voucher_name", "series", "number", "letter", "detail", "currency", "amount", "due_date", "settled", "afip_type", "net_amount", "vat21", "vat105", "other_taxes", "cae", "cae_due", "printable", "origin_type", "origin_number", "origin_series", "sale_condition") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26) returning "id"',
    'select "id" from "deposits" where "company_id" = $1 and "is_default" = $2',
    'insert into "voucher_lines" ("company_id", "movement_id", "line_no", "kind", "product_code", "description", "quantity", "unit", "unit_price", "discount", "amount", "deposit_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
  ],
  'orderOfCart sales': [
    'select id, number, series, total::text as total, true as with_tax from "sales_orders" where cart_id = $1 and company_id = $2',
  ],
  'orderOfCart purchase': [
    'select id, number, series, total::text as total, with_tax as with_tax from "purchase_orders" where cart_id = $1 and company_id = $2',
  ],
  'ordersByStatus sales': [
    'select o.id, o.number, o.series, o.ordered_on::text as ordered_on, o.status, o.total::text as total, o.applied_amount::text as applied_amount, true as with_tax, o.channel, og.description as origin, o.erp_status, o.erp_number, o.erp_reason, o.erp_at from "sales_orders" o left join order_origins og on og.id = o.origin_id and og.company_id = o.company_id where o.company_id = $1 and o.entity_id = $2 and o.status = $3 order by o.ordered_on desc, o.id desc limit $4 offset $5',
    'select count(*)::int as n from "sales_orders" where company_id = $1 and entity_id = $2 and status = $3',
  ],
  'ordersByStatus purchase': [
    'select o.id, o.number, o.series, o.ordered_on::text as ordered_on, o.status, o.total::text as total, o.applied_amount::text as applied_amount, o.with_tax as with_tax, null as channel, null as origin, o.erp_status, o.erp_number, o.erp_reason, o.erp_at from "purchase_orders" o where o.company_id = $1 and o.entity_id = $2 and o.status = $3 order by o.ordered_on desc, o.id desc limit $4 offset $5',
    'select count(*)::int as n from "purchase_orders" where company_id = $1 and entity_id = $2 and status = $3',
  ],
  'history by month': [
    'select o.id, o.number, o.series, o.ordered_on::text as ordered_on, o.detail, o.origin_id, og.description as origin, o.destination_id, d.description as destination, o.total::text as total from sales_orders o left join order_origins og on og.id = o.origin_id and og.company_id = o.company_id left join delivery_destinations d on d.id = o.destination_id and d.company_id = o.company_id where o.company_id = $1 and o.entity_id = $2 and o.status <> \'cancelled\' and o.ordered_on >= $3::date and o.ordered_on < ($4::date + interval \'1 month\') order by o.ordered_on desc, o.id desc limit $5 offset $6',
    'select count(*)::int as n from sales_orders o where o.company_id = $1 and o.entity_id = $2 and o.status <> \'cancelled\' and o.ordered_on >= $3::date and o.ordered_on < ($4::date + interval \'1 month\')'
  ],
  salesOrderLines: [
    'select l.id, l.order_id, l.line_no, l.product_id, p.name, p.code, p.alpha_code, p.sales_unit, p.images, p.is_new, p.is_promotion, f.name as family, l.quantity::text as quantity, l.list_price::text as list_price, l.discount1::text as discount1, l.discount2::text as discount2, l.final_price::text as final_price, l.amount::text as amount from sales_order_lines l join products p on p.id = l.product_id left join product_facets f on f.id = p.family_id where l.company_id = $1 and l.order_id in ($2, $3) order by l.order_id, l.line_no',
  ],
  purchaseOrderLines: [
    'select l.id, l.order_id, l.line_no, l.product_id, p.name, p.code, p.alpha_code, p.sales_unit, p.images, p.is_new, p.is_promotion, f.name as family, l.quantity::text as quantity, l.price::text as list_price, \'0\' as discount1, \'0\' as discount2, l.price::text as final_price, l.amount::text as amount from purchase_order_lines l join products p on p.id = l.product_id left join product_facets f on f.id = p.family_id where l.company_id = $1 and l.order_id in ($2, $3) order by l.order_id, l.line_no',
  ],
  purchaseOrderOfEntity: [
    'select o.id, o.company_id, o.entity_id, o.number, o.series, o.ordered_on::text as ordered_on, o.status, o.currency, o.total::text as total, o.with_tax, o.delivery_date::text as delivery_date, o.detail, pc.description as payment_condition from purchase_orders o left join payment_conditions pc on pc.id = o.payment_condition_id and pc.company_id = o.company_id where o.id = $1 and o.company_id = $2 and o.entity_id = $3',
  ],
  orderConditions: [
    'select (select t.description from operation_types t where t.id = o.operation_type_id and t.company_id = o.company_id) as operation, (select g.description from order_origins g where g.id = o.origin_id and g.company_id = o.company_id) as origin, (select d.description from delivery_destinations d where d.id = o.destination_id and d.company_id = o.company_id) as destination, (select s.name from sellers s where s.id = o.seller_id) as seller from sales_orders o where o.id = $1 and o.company_id = $2',
  ],
};

sqlTextTests('orders', CALLS, RECORDED);
