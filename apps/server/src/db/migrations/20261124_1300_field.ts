import { sql, type Kysely } from 'kysely';

/**
 * Field sales (field-warehouse.md: Visitas, customer detail, Envases): which customers each rep visits on which
 * weekday and shift (kept in tables so an ERP sync can rewrite them), the day's visit states, the sales taken
 * at the farm gate (idempotent by a client key) with their lines, the returnable containers left or collected,
 * and which products are containers. Every table carries company_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('is_container', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('products_container').on('products').columns(['company_id', 'is_container']).execute();

  // A rep's customers: the route's and the ones the rep registered. Only these are visible to the rep.
  await db.schema
    .createTable('field_customers')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('address', 'text')
    .addColumn('document', 'text')
    .addColumn('created_by_rep', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('field_customers_pk', ['company_id', 'user_id', 'entity_id'])
    .addUniqueConstraint('field_customers_key', ['company_id', 'user_id', 'idempotency_key'])
    .execute();

  // weekday 1 = lunes … 7 = domingo; shift mañana/tarde; hour 'HH:MM' or null (no asignada).
  await db.schema
    .createTable('route_stops')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('weekday', 'smallint', (c) => c.notNull().check(sql`weekday between 1 and 7`))
    .addColumn('shift', 'text', (c) => c.notNull().check(sql`shift in ('mañana', 'tarde')`))
    .addColumn('hour', 'text', (c) => c.check(sql`hour ~ '^[0-2][0-9]:[0-5][0-9]$'`))
    .addColumn('note', 'text')
    .addUniqueConstraint('route_stops_stop', ['company_id', 'user_id', 'weekday', 'entity_id'])
    .execute();

  await db.schema
    .createTable('field_visits')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('visit_date', 'date', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('normal').check(sql`state in ('normal', 'pendiente', 'no_fuimos')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('field_visits_pk', ['company_id', 'user_id', 'visit_date', 'entity_id'])
    .execute();

  // A sale is kept after it is deleted (deleted_at), so a replay of its key is recognised, never re-created.
  await db.schema
    .createTable('field_sales')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('sale_date', 'date', (c) => c.notNull())
    .addColumn('operation_type_id', 'integer', (c) => c.references('operation_types.id'))
    .addColumn('total', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addUniqueConstraint('field_sales_key', ['company_id', 'user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('field_sales_day').on('field_sales').columns(['company_id', 'entity_id', 'sale_date']).execute();
  await db.schema.createIndex('field_sales_rep_day').on('field_sales').columns(['company_id', 'user_id', 'sale_date']).execute();

  await db.schema
    .createTable('field_sale_lines')
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('field_sales.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', sql`numeric(14,3)`, (c) => c.notNull())
    .addColumn('unit_price', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('field_sale_lines_pk', ['sale_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('field_containers')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('visit_date', 'date', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', sql`numeric(14,3)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('field_containers_pk', ['company_id', 'user_id', 'visit_date', 'entity_id', 'product_id'])
    .execute();

  // Customers registered in the field get codes from 900000 up, apart from the ERP's.
  await sql`create sequence field_customer_code start 900000`.execute(db);

  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('repartos', null, 'Visitas', 'truck', 'repartos', '{4}', 60, false)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_modules where module_id = 'repartos'`.execute(db);
  await sql`delete from company_modules where module_id = 'repartos'`.execute(db);
  await sql`delete from modules where id = 'repartos'`.execute(db);
  await sql`drop sequence if exists field_customer_code`.execute(db);
  for (const t of ['field_containers', 'field_sale_lines', 'field_sales', 'field_visits', 'route_stops', 'field_customers']) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable('products').dropColumn('is_container').execute();
}
