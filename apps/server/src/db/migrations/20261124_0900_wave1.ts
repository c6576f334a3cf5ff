import { sql, type Kysely } from 'kysely';

/**
 * The point of sale of a voucher's origin (torig/norig): 'Origen: PED 00001-00014906' names the order with the
 * order's own point of sale, not the invoice's, and a receipt names the invoice with the invoice's. Existing rows
 * take it from the document they name (an order of the company, or a voucher of the same entity).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_movements add column origin_series integer`.execute(db);
  await sql`update account_movements m set origin_series = o.series
    from sales_orders o
    where m.origin_type = 'PED' and o.company_id = m.company_id and o.number = m.origin_number`.execute(db);
  await sql`update account_movements m set origin_series = (
      select v.series from account_movements v
      where v.company_id = m.company_id and v.entity_id = m.entity_id and v.voucher_code = m.origin_type and v.number = m.origin_number
      order by v.id limit 1)
    where m.origin_type is not null and m.origin_type <> 'PED' and m.origin_number is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_movements drop column origin_series`.execute(db);
}
