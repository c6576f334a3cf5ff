import { sql, type Kysely } from 'kysely';

/**
 * Warehouse picking and stock counting (field-warehouse.md): deposits, each user's deposit (else the company's
 * default), stock per deposit and product, every change of stock as a movement (who, when, deposit, before,
 * after), extra barcodes of a product (Code 128 labels beside the EAN-13 of products.barcode), and the picking
 * of approved sales orders (one row per order: the unique key is what lets exactly one of two staff confirm it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('deposits_code', ['company_id', 'code'])
    .execute();
  await sql`create unique index deposits_one_default on deposits (company_id) where is_default`.execute(db);

  await db.schema
    .createTable('user_deposits')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deposit_id', 'integer', (c) => c.notNull().references('deposits.id'))
    .addPrimaryKeyConstraint('user_deposits_pk', ['company_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('stock_levels')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('deposit_id', 'integer', (c) => c.notNull().references('deposits.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', sql`numeric(14,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('counted_at', 'timestamptz')
    .addColumn('counted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('stock_levels_pk', ['company_id', 'deposit_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('deposit_id', 'integer', (c) => c.notNull().references('deposits.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('adjustment', 'confirmation', 'picking')`))
    .addColumn('quantity_before', sql`numeric(14,2)`, (c) => c.notNull())
    .addColumn('quantity_after', sql`numeric(14,2)`, (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('sales_orders.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stock_movements_product').on('stock_movements').columns(['company_id', 'product_id', 'created_at']).execute();

  await db.schema
    .createTable('product_barcodes')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('barcode', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('symbology', 'text', (c) => c.notNull().check(sql`symbology in ('ean13', 'ean8', 'code128')`))
    .addPrimaryKeyConstraint('product_barcodes_pk', ['company_id', 'barcode'])
    .execute();

  await db.schema
    .createTable('order_pickings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('sales_orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deposit_id', 'integer', (c) => c.references('deposits.id'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('picked', 'cancelled')`))
    .addColumn('reason', 'integer')
    /** The lines as ordered and as picked: what changed stays on record after the order lines are rewritten. */
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // An order cancelled at picking is cancelled for everyone: it leaves the approved list and cannot be invoiced.
  await sql`alter table sales_orders drop constraint sales_orders_status_check`.execute(db);
  await sql`alter table sales_orders add constraint sales_orders_status_check check (status in ('pending', 'approved', 'applied', 'cancelled'))`.execute(db);

  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('almacenes', null, 'Almacenes', 'stock', 'almacenes', '{5}', 60, false),
    ('stock', null, 'Stock', 'barcode', 'stock', '{5}', 70, false)`.execute(db);
  // Companies that already exist get the two modules like every other (a fresh seed enables them itself).
  await sql`insert into company_modules (company_id, module_id, mobile, desktop)
    select c.id, m.id, true, true from companies c cross join modules m where m.id in ('almacenes', 'stock')
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_modules where module_id in ('almacenes', 'stock')`.execute(db);
  await sql`delete from company_modules where module_id in ('almacenes', 'stock')`.execute(db);
  await sql`delete from modules where id in ('almacenes', 'stock')`.execute(db);
  await sql`update sales_orders set status = 'approved' where status = 'cancelled'`.execute(db);
  await sql`alter table sales_orders drop constraint sales_orders_status_check`.execute(db);
  await sql`alter table sales_orders add constraint sales_orders_status_check check (status in ('pending', 'approved', 'applied'))`.execute(db);
  for (const t of ['order_pickings', 'product_barcodes', 'stock_movements', 'stock_levels', 'user_deposits', 'deposits']) {
    await db.schema.dropTable(t).execute();
  }
}
