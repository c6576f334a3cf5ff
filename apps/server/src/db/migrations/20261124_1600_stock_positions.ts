import { sql, type Kysely } from 'kysely';

/**
 * Stock positions and deliverables (statements.md §2 'Stock positions', docs/decisions/stock-positions.md): the
 * deposit each invoiced product line is withdrawn from (voucher_lines.deposit_id) and the delivery notes (remitos)
 * that hand it over, each for a quantity of one invoice line, so what is still to deliver is the invoiced quantity
 * minus its remitos. Menu: 'Posición de stock'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voucher_lines').addColumn('deposit_id', 'integer', (c) => c.references('deposits.id')).execute();
  await db.schema
    .createTable('product_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    // The invoice line delivered: account_movements.id and voucher_lines.line_no.
    .addColumn('movement_id', 'bigint', (c) => c.notNull().references('account_movements.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('deposit_id', 'integer', (c) => c.notNull().references('deposits.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('series', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('quantity', sql`numeric(14,3)`, (c) => c.notNull().check(sql`quantity > 0`))
    .execute();
  await db.schema.createIndex('product_deliveries_line').on('product_deliveries').columns(['company_id', 'movement_id', 'line_no']).execute();
  await db.schema.createIndex('product_deliveries_entity').on('product_deliveries').columns(['company_id', 'entity_id', 'date']).execute();

  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('posicionstockventas', null, 'Posición de stock', 'stock', 'posicionstockventas', '{1}', 38, false)`.execute(db);
  await sql`insert into company_modules (company_id, module_id, mobile, desktop, date_from, date_to)
    select c.id, 'posicionstockventas', true, true, null, null from companies c on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_modules where module_id = 'posicionstockventas'`.execute(db);
  await sql`delete from company_modules where module_id = 'posicionstockventas'`.execute(db);
  await sql`delete from modules where id = 'posicionstockventas'`.execute(db);
  await db.schema.dropTable('product_deliveries').execute();
  await db.schema.alterTable('voucher_lines').dropColumn('deposit_id').execute();
}
