import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** All SQL of the staff's order management (/proxy/gestionpedidos) over sales_orders; the company is required. */

export type StaffRow = {
  id: number;
  number: number;
  series: number;
  ordered_on: string;
  entity_code: number;
  entity_name: string;
  seller: string | null;
  detail: string | null;
  total: string;
  status: 'pending' | 'approved' | 'applied';
  invoice: string | null;
  erp_status: 'aceptado' | 'rechazado' | 'aplicado' | null;
  erp_number: string | null;
  erp_reason: string | null;
  erp_at: Date | string | null;
};

const staffSelect = sql`select o.id, o.number, o.series, o.ordered_on::text as ordered_on, e.code as entity_code, e.name as entity_name, s.name as seller,
    o.detail, o.total::text as total, o.status, o.erp_status, o.erp_number, o.erp_reason, o.erp_at,
    case when m.id is null then null else m.voucher_code || ' ' || coalesce(m.letter, '') || ' ' || lpad(m.series::text, 5, '0') || '-' || lpad(m.number::text, 8, '0') end as invoice
  from sales_orders o
  join entities e on e.id = o.entity_id and e.company_id = o.company_id
  left join sellers s on s.id = o.seller_id
  left join account_movements m on m.id = o.invoice_movement_id`;

const sellerWhere = (sellerIds: number[] | null) =>
  sellerIds === null ? sql`` : sellerIds.length === 0 ? sql`and false` : sql`and o.seller_id in (${sql.join(sellerIds)})`;

/** Lower-case without Spanish accents, in SQL: 'Pérez' and 'PEREZ' match alike. */
const fold = (e: ReturnType<typeof sql>) => sql`translate(lower(${e}), 'áéíóúüñàèìòù', 'aeiouunaeiou')`;

/** The staff search: the order number or customer code (digits), or part of the customer's name. */
function searchWhere(text: string | undefined) {
  const t = text?.trim();
  if (!t) return sql``;
  const like = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byName = sql`exists (select 1 from entities se where se.id = o.entity_id and ${fold(sql`se.name`)} like ${fold(sql`${like}`)})`;
  if (!/^\d{1,9}$/.test(t)) return sql`and ${byName}`;
  const n = Number(t);
  return sql`and (o.number = ${n} or ${byName} or exists (select 1 from entities se where se.id = o.entity_id and se.code = ${n}))`;
}

export async function staffOrders(db: DB, companyId: number, sellerIds: number[] | null, status: string, start: number, limit: number, search?: string) {
  const [rows, count] = await Promise.all([
    sql<StaffRow>`${staffSelect} where o.company_id = ${companyId} and o.status = ${status} ${sellerWhere(sellerIds)} ${searchWhere(search)}
      order by o.ordered_on desc, o.id desc limit ${limit} offset ${start}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from sales_orders o where o.company_id = ${companyId} and o.status = ${status} ${sellerWhere(sellerIds)} ${searchWhere(search)}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export async function staffOrder(db: DB, companyId: number, orderId: number): Promise<StaffRow | undefined> {
  const r = await sql<StaffRow>`${staffSelect} where o.company_id = ${companyId} and o.id = ${orderId}`.execute(db);
  return r.rows[0];
}

/** Locks an order of the company within the staff member's scope. */
export async function lockOrderForStaff(trx: DB, companyId: number, sellerIds: number[] | null, orderId: number) {
  const r = await sql<{
    id: number; number: number; series: number; entity_id: number; status: string; total: string; ordered_on: string; detail: string | null;
    operation: string | null; delivery_date: string | null;
  }>`select o.id, o.number, o.series, o.entity_id, o.status, o.total::text as total, o.ordered_on::text as ordered_on, o.detail,
      (select t.description from operation_types t where t.id = o.operation_type_id) as operation, o.delivery_date::text as delivery_date
    from sales_orders o where o.id = ${orderId} and o.company_id = ${companyId} ${sellerWhere(sellerIds)} for update`.execute(trx);
  return r.rows[0];
}

export async function markApproved(trx: DB, companyId: number, orderId: number, userId: number) {
  await sql`update sales_orders set status = 'approved', approved_at = now(), approved_by = ${userId}
    where id = ${orderId} and company_id = ${companyId}`.execute(trx);
}

export async function markApplied(trx: DB, companyId: number, orderId: number, userId: number, movementId: string) {
  await sql`update sales_orders set status = 'applied', applied_at = now(), applied_by = ${userId}, applied_amount = total,
    invoice_movement_id = ${movementId} where id = ${orderId} and company_id = ${companyId}`.execute(trx);
}
