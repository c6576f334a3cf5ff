import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { finalPriceSql, priceListOf, priceRow } from '../catalog/index.js';

/** Picking of approved sales orders: the pending list, the lines of one order, and rewriting them when confirmed. */

export type PendingRow = {
  id: number; number: number; ordered_on: string; entity_name: string; entity_code: number; seller: string | null; detail: string | null; lines: number;
};

/** Approved orders of the company that nobody has picked or cancelled yet, newest number first. */
export async function pendingOrders(db: DB, companyId: number, limit: number): Promise<PendingRow[]> {
  const r = await sql<PendingRow>`select o.id, o.number, o.ordered_on::text as ordered_on, e.name as entity_name, e.code as entity_code,
      s.name as seller, o.detail, (select count(*)::int from sales_order_lines l where l.order_id = o.id) as lines
    from sales_orders o
    join entities e on e.id = o.entity_id
    left join sellers s on s.id = o.seller_id
    where o.company_id = ${companyId} and o.status = 'approved'
      and not exists (select 1 from order_pickings k where k.order_id = o.id)
    order by o.number desc limit ${limit}`.execute(db);
  return r.rows;
}

export type OrderHead = { id: number; number: number; entity_id: number; entity_name: string; ordered_on: string; status: string };

export async function orderByNumber(db: DB, companyId: number, number: number, lock = false): Promise<OrderHead | undefined> {
  const r = await sql<OrderHead>`select o.id, o.number, o.entity_id, e.name as entity_name, o.ordered_on::text as ordered_on, o.status
    from sales_orders o join entities e on e.id = o.entity_id
    where o.company_id = ${companyId} and o.number = ${number} ${lock ? sql`for update of o` : sql``}`.execute(db);
  return r.rows[0];
}

export async function pickingOf(db: DB, companyId: number, orderId: number) {
  const r = await sql<PickingRecord>`select user_id, outcome, lines from order_pickings
    where company_id = ${companyId} and order_id = ${orderId}`.execute(db);
  return r.rows[0];
}

/** A confirmation on record; `lines.submission` identifies the submission that made it (absent on older rows). */
export type PickingRecord = { user_id: number | null; outcome: 'picked' | 'cancelled'; lines: { submission?: { lines: string; key: string | null } } | null };

export type LineRow = {
  id: number; line_no: number; product_id: number; alpha_code: string; code: number; name: string; sales_unit: string; line: string | null;
  brand: string | null; location: string | null; quantity: string; list_price: string; discount1: string; discount2: string; final_price: string;
  amount: string; price_alert: boolean;
};

export async function orderLines(db: DB, companyId: number, orderId: number): Promise<LineRow[]> {
  const r = await sql<LineRow>`select l.id, l.line_no, l.product_id, p.alpha_code, p.code, p.name, p.sales_unit, fl.name as line, fb.name as brand,
      p.location, l.quantity::text as quantity, l.list_price::text as list_price, l.discount1::text as discount1, l.discount2::text as discount2,
      l.final_price::text as final_price, l.amount::text as amount, l.price_alert
    from sales_order_lines l
    join products p on p.id = l.product_id
    left join product_facets fl on fl.id = p.line_id
    left join product_facets fb on fb.id = p.brand_id
    where l.company_id = ${companyId} and l.order_id = ${orderId}
    order by l.line_no`.execute(db);
  return r.rows;
}

export type PricedProduct = { id: number; alpha_code: string; name: string; brand: string | null; line: string | null; location: string | null; sales_unit: string; list_price: string; discount1: string; discount2: string; final_price: string };

/** Active products of the company with their price in the entity's list (or the default list); unpriced products are left out. */
export async function pricedProducts(db: DB, companyId: number, entityId: number | null, filter: { ids?: number[]; words?: string[] }, limit: number): Promise<PricedProduct[]> {
  const lists = entityId === null ? await defaultList(db, companyId) : await priceListOf(db, companyId, entityId);
  if (!lists) return [];
  const where = [sql`p.company_id = ${companyId}`, sql`p.active`];
  if (filter.ids) where.push(filter.ids.length ? sql`p.id in (${sql.join(filter.ids)})` : sql`false`);
  for (const w of filter.words ?? []) where.push(sql`p.search_text like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const r = await sql<PricedProduct>`select p.id, p.alpha_code, p.name, fb.name as brand, fl.name as line, p.location, p.sales_unit, i.list_price::text as list_price,
      i.discount1::text as discount1, i.discount2::text as discount2, ${finalPriceSql}::text as final_price
    from products p
    join ${priceRow(lists)} on true
    left join product_facets fb on fb.id = p.brand_id
    left join product_facets fl on fl.id = p.line_id
    where ${sql.join(where, sql` and `)}
    order by p.name, p.id limit ${limit}`.execute(db);
  return r.rows;
}

async function defaultList(db: DB, companyId: number) {
  const r = await sql<{ id: number }>`select id from price_lists where company_id = ${companyId} and is_default order by id limit 1`.execute(db);
  const id = r.rows[0]?.id;
  return id === undefined ? null : { id, fallback: id };
}

export type LineWrite = { productId: number; quantity: string; listPrice: string; discount1: string; discount2: string; finalPrice: string; amount: string };

export async function updateLine(trx: DB, companyId: number, lineId: number, w: LineWrite) {
  await sql`update sales_order_lines set product_id = ${w.productId}, quantity = ${w.quantity}, list_price = ${w.listPrice}, discount1 = ${w.discount1},
      discount2 = ${w.discount2}, final_price = ${w.finalPrice}, amount = ${w.amount}
    where id = ${lineId} and company_id = ${companyId}`.execute(trx);
}

export async function deleteLines(trx: DB, companyId: number, ids: number[]) {
  if (ids.length === 0) return;
  await sql`delete from sales_order_lines where company_id = ${companyId} and id in (${sql.join(ids)})`.execute(trx);
}

export async function insertLine(trx: DB, companyId: number, orderId: number, lineNo: number, w: LineWrite) {
  await sql`insert into sales_order_lines (company_id, order_id, line_no, product_id, quantity, list_price, discount1, discount2, final_price, amount)
    values (${companyId}, ${orderId}, ${lineNo}, ${w.productId}, ${w.quantity}, ${w.listPrice}, ${w.discount1}, ${w.discount2}, ${w.finalPrice}, ${w.amount})`.execute(trx);
}

export async function setTotal(trx: DB, companyId: number, orderId: number): Promise<string> {
  const r = await sql<{ total: string }>`update sales_orders set total = coalesce((select sum(amount) from sales_order_lines where order_id = ${orderId}), 0)
    where id = ${orderId} and company_id = ${companyId} returning total::text as total`.execute(trx);
  return r.rows[0]!.total;
}

export async function cancelOrder(trx: DB, companyId: number, orderId: number) {
  await sql`update sales_orders set status = 'cancelled' where id = ${orderId} and company_id = ${companyId}`.execute(trx);
}

export async function insertPicking(trx: DB, p: { companyId: number; orderId: number; userId: number; depositId: number | null; outcome: 'picked' | 'cancelled'; reason: number | null; lines: unknown }) {
  await sql`insert into order_pickings (company_id, order_id, user_id, deposit_id, outcome, reason, lines)
    values (${p.companyId}, ${p.orderId}, ${p.userId}, ${p.depositId}, ${p.outcome}, ${p.reason}, ${JSON.stringify(p.lines)}::jsonb)`.execute(trx);
}
