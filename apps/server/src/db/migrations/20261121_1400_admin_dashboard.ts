import { sql, type Kysely } from 'kysely';

/**
 * Administration and dashboards: zones and sellers, module configuration per company and per user, module
 * parameters, dashboard cards and banners, and the first ledgers the dashboards are computed from (account
 * movements, sales orders, grain movements). Later areas extend these tables with migrations of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('zones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('zones_company_code', ['company_id', 'code'])
    .execute();

  await db.schema
    .createTable('sellers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('zone_id', 'integer', (c) => c.references('zones.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('sellers_company_code', ['company_id', 'code'])
    .execute();

  await db.schema
    .createTable('company_modules')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id'))
    .addColumn('mobile', 'boolean', (c) => c.notNull())
    .addColumn('desktop', 'boolean', (c) => c.notNull())
    .addColumn('date_from', 'date')
    .addColumn('date_to', 'date')
    .addPrimaryKeyConstraint('company_modules_pk', ['company_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('user_modules')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id'))
    .addColumn('mobile', 'boolean', (c) => c.notNull())
    .addColumn('desktop', 'boolean', (c) => c.notNull())
    .addColumn('date_from', 'date')
    .addColumn('date_to', 'date')
    .addPrimaryKeyConstraint('user_modules_pk', ['user_id', 'company_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('company_parameters')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_parameters_pk', ['company_id', 'key'])
    .execute();

  await db.schema
    .createTable('dashboard_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('text', 'html', 'banner')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('link', 'text')
    .addColumn('link_text', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('grains')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into grains (code, name) values ('SOJ', 'Soja'), ('MAI', 'Maíz'), ('TRI', 'Trigo'), ('GIR', 'Girasol')`.execute(db);

  await db.schema
    .createTable('account_movements')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('voucher_code', 'text', (c) => c.notNull())
    .addColumn('voucher_name', 'text', (c) => c.notNull())
    .addColumn('series', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('letter', 'text')
    .addColumn('detail', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('ARS', 'USD')`))
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('due_date', 'date')
    .addColumn('settled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('account_movements_entity_date').on('account_movements').columns(['company_id', 'entity_id', 'date']).execute();

  await db.schema
    .createTable('sales_orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('ordered_on', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'applied')`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('ARS'))
    .addColumn('total', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('applied_amount', sql`numeric(16,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('detail', 'text')
    .addColumn('seller_id', 'integer', (c) => c.references('sellers.id'))
    .addUniqueConstraint('sales_orders_company_number', ['company_id', 'number'])
    .execute();
  await db.schema.createIndex('sales_orders_entity').on('sales_orders').columns(['company_id', 'entity_id', 'status']).execute();
  await db.schema.createIndex('sales_orders_seller').on('sales_orders').columns(['company_id', 'seller_id', 'ordered_on']).execute();

  await db.schema
    .createTable('grain_movements')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('grain', 'text', (c) => c.notNull().references('grains.code'))
    .addColumn('harvest', 'text', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    // 1 Romaneo, 2 Certificado, 3 Transferencia, 4 1116B/C, 5 Parcial, 6 Retiro, 7 Contrato
    .addColumn('kind', 'smallint', (c) => c.notNull().check(sql`kind between 1 and 7`))
    .addColumn('kilos', sql`numeric(14,0)`, (c) => c.notNull())
    .addColumn('direct', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('voucher', 'text')
    .execute();
  await db.schema.createIndex('grain_movements_entity').on('grain_movements').columns(['company_id', 'entity_id', 'grain', 'harvest']).execute();

  await sql`alter table users add column entity_acting_as integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column entity_acting_as`.execute(db);
  for (const t of ['grain_movements', 'sales_orders', 'account_movements', 'grains', 'dashboard_items', 'company_parameters', 'user_modules', 'company_modules', 'sellers', 'zones']) {
    await db.schema.dropTable(t).execute();
  }
}
