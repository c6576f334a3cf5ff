import { type Kysely, sql } from 'kysely';

/**
 * Receipts (recibos) and voucher authorization (statements.md §2–§9, docs/decisions/receipts.md).
 * - payment_methods / payment_method_fields: the company's formas de cobro and their dynamic fields.
 * - receipts: one per posted receipt; (company_id, user_id, idempotency_key) is unique, so a retried post finds
 *   the receipt it already made instead of making a second one.
 * - receipt_applications: the amount a receipt applies to each document (an account_movements row); a
 *   document's outstanding amount is its amount minus what live receipts apply to it.
 * - receipt_payments and receipt_attachments: the payment lines with their field values, and their files.
 * - stock_vouchers / stock_voucher_lines: vouchers waiting for an authorizer's decision, decided once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('payment_methods_code', ['company_id', 'code'])
    .execute();

  await db.schema
    .createTable('payment_method_fields')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('method_id', 'integer', (c) => c.notNull().references('payment_methods.id').onDelete('cascade'))
    .addColumn('field_key', 'text', (c) => c.notNull())
    .addColumn('id_ep', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('input', 'select', 'date', 'checkbox')`))
    .addColumn('input_type', 'text', (c) => c.notNull().defaultTo('text').check(sql`input_type in ('text', 'number', 'file')`))
    .addColumn('suma', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('required_file', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('placeholder', 'text')
    .addColumn('options', 'jsonb')
    .addColumn('default_value', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('payment_method_fields_key', ['method_id', 'field_key'])
    .execute();

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('series', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved')`))
    .addColumn('total_selected', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('total_collected', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('observations', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('movement_id', 'bigint', (c) => c.references('account_movements.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approved_by', 'integer', (c) => c.references('users.id'))
    .addUniqueConstraint('receipts_company_number', ['company_id', 'series', 'number'])
    .addUniqueConstraint('receipts_idempotency', ['company_id', 'user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('receipts_entity_status').on('receipts').columns(['company_id', 'entity_id', 'status', 'id']).execute();
  await db.schema.createIndex('receipts_company_status').on('receipts').columns(['company_id', 'status', 'id']).execute();

  await db.schema
    .createTable('receipt_applications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('movement_id', 'bigint', (c) => c.notNull().references('account_movements.id'))
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    .addUniqueConstraint('receipt_applications_doc', ['receipt_id', 'movement_id'])
    .execute();
  await db.schema.createIndex('receipt_applications_movement').on('receipt_applications').columns(['movement_id']).execute();

  await db.schema
    .createTable('receipt_payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('method_id', 'integer', (c) => c.notNull().references('payment_methods.id'))
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    // [{ id, label, value }] as entered, for the receipt's print and the back office.
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addUniqueConstraint('receipt_payments_line', ['receipt_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('receipt_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('payment_line_no', 'integer', (c) => c.notNull())
    .addColumn('field_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receipt_attachments_receipt').on('receipt_attachments').columns(['receipt_id']).execute();

  await db.schema
    .createTable('stock_vouchers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('seller_id', 'integer', (c) => c.references('sellers.id'))
    .addColumn('zone_id', 'integer', (c) => c.references('zones.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('voucher_code', 'text', (c) => c.notNull())
    .addColumn('voucher_name', 'text', (c) => c.notNull())
    .addColumn('series', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('order_number', 'integer')
    .addColumn('detail', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'authorized', 'rejected')`))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('reason', 'text')
    .addUniqueConstraint('stock_vouchers_number', ['company_id', 'voucher_code', 'series', 'number'])
    .execute();
  await db.schema.createIndex('stock_vouchers_status').on('stock_vouchers').columns(['company_id', 'status', 'date']).execute();

  await db.schema
    .createTable('stock_voucher_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('voucher_id', 'integer', (c) => c.notNull().references('stock_vouchers.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', sql`numeric(14,3)`, (c) => c.notNull())
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    .execute();

  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('recibos', null, 'Recibos', 'money', 'recibos', '{1}', 45, false),
    ('autorizacion', null, 'Autorización de comprobantes', 'file', 'autorizacion', '{6}', 60, false)
    on conflict (id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_modules where module_id in ('recibos', 'autorizacion')`.execute(db);
  await sql`delete from company_modules where module_id in ('recibos', 'autorizacion')`.execute(db);
  await sql`delete from modules where id in ('recibos', 'autorizacion')`.execute(db);
  for (const t of ['stock_voucher_lines', 'stock_vouchers', 'receipt_attachments', 'receipt_payments', 'receipt_applications', 'receipts', 'payment_method_fields', 'payment_methods']) {
    await db.schema.dropTable(t).execute();
  }
}
