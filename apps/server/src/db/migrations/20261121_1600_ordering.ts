import { sql, type Kysely } from 'kysely';

/**
 * Commercial ordering and fiscal documents: the catalogue (facets, products, images, price lists), lookups
 * (delivery destinations, origins, operation types, payment conditions), server-side carts for sales and
 * purchase orders, order lines, purchase orders, product visits, and the fiscal detail of account movements
 * (taxes, CAE, printable lines). Every tenant table carries company_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  // What a fiscal document prints about its issuer.
  await db.schema
    .alterTable('companies')
    .addColumn('address', 'text')
    .addColumn('iva_condition', 'text', (c) => c.notNull().defaultTo('IVA Responsable Inscripto'))
    .addColumn('gross_income', 'text')
    .addColumn('activity_start', 'date')
    .execute();

  await db.schema
    .createTable('product_facets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('unegocio', 'familia', 'subfamilia', 'presentacion', 'rubro', 'subrubro', 'linea', 'marca')`),
    )
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('product_facets_code', ['company_id', 'kind', 'code'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('alpha_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sales_unit', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('sales_factor', sql`numeric(12,3)`, (c) => c.notNull().defaultTo(1))
    .addColumn('business_unit_id', 'integer', (c) => c.references('product_facets.id'))
    .addColumn('family_id', 'integer', (c) => c.references('product_facets.id'))
    .addColumn('subfamily_id', 'integer', (c) => c.references('product_facets.id'))
    .addColumn('presentation_id', 'integer', (c) => c.references('product_facets.id'))
    .addColumn('category_id', 'integer', (c) => c.references('product_facets.id'))
    .addColumn('subcategory_id', 'integer', (c) => c.references('product_facets.id'))
    .addColumn('line_id', 'integer', (c) => c.references('product_facets.id'))
    .addColumn('brand_id', 'integer', (c) => c.references('product_facets.id'))
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_promotion', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('stock', sql`numeric(14,2)`)
    .addColumn('location', 'text')
    .addColumn('delivery_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('barcode', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Lower-case, accent-free text the catalogue search matches with trigrams ("maiz" finds "Maíz").
    .addColumn('search_text', 'text', (c) =>
      c.generatedAlwaysAs(sql`translate(lower(name || ' ' || alpha_code || ' ' || code::text), 'áéíóúüñ', 'aeiouun')`).stored(),
    )
    .addUniqueConstraint('products_code', ['company_id', 'code'])
    .execute();
  await sql`create index products_search on products using gin (search_text gin_trgm_ops)`.execute(db);
  for (const col of ['business_unit_id', 'family_id', 'subfamily_id', 'presentation_id', 'category_id', 'subcategory_id', 'line_id', 'brand_id']) {
    await db.schema.createIndex(`products_${col}`).on('products').columns(['company_id', col]).execute();
  }
  await db.schema.createIndex('products_company_name').on('products').columns(['company_id', 'name']).execute();
  await db.schema.createIndex('products_barcode').on('products').columns(['company_id', 'barcode']).execute();

  await db.schema
    .createTable('product_images')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('product_images_pk', ['company_id', 'file_name'])
    .execute();

  await db.schema
    .createTable('price_lists')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('price_lists_code', ['company_id', 'code'])
    .execute();
  await db.schema.alterTable('entities').addColumn('price_list_id', 'integer', (c) => c.references('price_lists.id')).execute();

  // Discounts are percentages; the final price is list × (1 − d1/100) × (1 − d2/100), rounded to cents.
  // min_price and max_price bound the final price a customer may propose (outside: a price alert).
  await db.schema
    .createTable('price_list_items')
    .addColumn('price_list_id', 'integer', (c) => c.notNull().references('price_lists.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('ARS').check(sql`currency in ('ARS', 'USD')`))
    .addColumn('list_price', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('discount1', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('discount2', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('min_price', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('max_price', sql`numeric(16,2)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('price_list_items_pk', ['price_list_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('product_visits')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('visited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('product_visits_pk', ['user_id', 'entity_id', 'product_id'])
    .execute();
  await db.schema.createIndex('product_visits_recent').on('product_visits').columns(['user_id', 'entity_id', 'visited_at']).execute();

  // Lookups of the cart conditions.
  await db.schema
    .createTable('delivery_destinations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('locality', 'text')
    .addUniqueConstraint('delivery_destinations_code', ['company_id', 'entity_id', 'code'])
    .execute();
  await db.schema
    .createTable('order_origins')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('locality', 'text')
    .addUniqueConstraint('order_origins_code', ['company_id', 'code'])
    .execute();
  await db.schema
    .createTable('operation_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addUniqueConstraint('operation_types_code', ['company_id', 'code'])
    .execute();
  await db.schema
    .createTable('payment_conditions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('payment_conditions_code', ['company_id', 'code'])
    .execute();

  // One open cart per user, entity and kind; confirming closes it (status 'confirmed') and the next call opens a new one.
  await db.schema
    .createTable('carts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('sales', 'purchase')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'confirmed')`))
    .addColumn('destination_id', 'integer', (c) => c.references('delivery_destinations.id'))
    .addColumn('origin_id', 'integer', (c) => c.references('order_origins.id'))
    .addColumn('operation_type_id', 'integer', (c) => c.references('operation_types.id'))
    .addColumn('payment_condition_id', 'integer', (c) => c.references('payment_conditions.id'))
    .addColumn('with_tax', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('delivery_date', 'date')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .execute();
  await sql`create unique index carts_open on carts (company_id, entity_id, user_id, kind) where status = 'open'`.execute(db);

  // price: the final unit price the customer proposes (null = the price list's); price_alert when outside min/max.
  await db.schema
    .createTable('cart_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', sql`numeric(14,3)`, (c) => c.notNull())
    .addColumn('price', sql`numeric(16,2)`)
    .addColumn('price_alert', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cart_lines_product', ['cart_id', 'product_id'])
    .execute();

  // Sales orders (created by 20261121_1400) gain where they came from and their back-office trail.
  await db.schema
    .alterTable('sales_orders')
    .addColumn('cart_id', 'integer', (c) => c.unique().references('carts.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('series', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('web').check(sql`channel in ('web', 'seller', 'counter')`))
    .addColumn('destination_id', 'integer', (c) => c.references('delivery_destinations.id'))
    .addColumn('origin_id', 'integer', (c) => c.references('order_origins.id'))
    .addColumn('operation_type_id', 'integer', (c) => c.references('operation_types.id'))
    .addColumn('delivery_date', 'date')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('applied_at', 'timestamptz')
    .addColumn('applied_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invoice_movement_id', 'bigint', (c) => c.references('account_movements.id'))
    .execute();
  await db.schema.createIndex('sales_orders_company_status').on('sales_orders').columns(['company_id', 'status', 'ordered_on']).execute();

  await db.schema
    .createTable('sales_order_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sales_orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', sql`numeric(14,3)`, (c) => c.notNull())
    .addColumn('list_price', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('discount1', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('discount2', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('final_price', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('price_alert', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('sales_order_lines_no', ['order_id', 'line_no'])
    .execute();
  await db.schema.createIndex('sales_order_lines_product').on('sales_order_lines').columns(['company_id', 'product_id']).execute();

  await db.schema
    .createTable('purchase_orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cart_id', 'integer', (c) => c.unique().references('carts.id'))
    .addColumn('series', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('ordered_on', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'applied')`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('ARS'))
    .addColumn('total', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('applied_amount', sql`numeric(16,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('payment_condition_id', 'integer', (c) => c.references('payment_conditions.id'))
    .addColumn('with_tax', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('delivery_date', 'date')
    .addColumn('detail', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('applied_at', 'timestamptz')
    .addUniqueConstraint('purchase_orders_number', ['company_id', 'number'])
    .execute();
  await db.schema.createIndex('purchase_orders_entity').on('purchase_orders').columns(['company_id', 'entity_id', 'status']).execute();
  await db.schema
    .createTable('purchase_order_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', sql`numeric(14,3)`, (c) => c.notNull())
    .addColumn('price', sql`numeric(16,2)`, (c) => c.notNull())
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    .addUniqueConstraint('purchase_order_lines_no', ['order_id', 'line_no'])
    .execute();

  // Fiscal detail of account movements (the voucher header): the AFIP type, time, taxes, CAE, whether it can be
  // printed, and the document it came from (torig/norig).
  await db.schema
    .alterTable('account_movements')
    .addColumn('time', 'text')
    .addColumn('afip_type', 'integer')
    .addColumn('net_amount', sql`numeric(16,2)`)
    .addColumn('vat21', sql`numeric(16,2)`)
    .addColumn('vat105', sql`numeric(16,2)`)
    .addColumn('other_taxes', sql`numeric(16,2)`)
    .addColumn('cae', 'text')
    .addColumn('cae_due', 'date')
    .addColumn('printable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('origin_type', 'text')
    .addColumn('origin_number', 'integer')
    .addColumn('sale_condition', 'text')
    .execute();
  await db.schema
    .createIndex('account_movements_voucher')
    .on('account_movements')
    .columns(['company_id', 'voucher_code', 'series', 'number'])
    .execute();

  await db.schema
    .createTable('voucher_lines')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('movement_id', 'bigint', (c) => c.notNull().references('account_movements.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('product', 'other')`))
    .addColumn('product_code', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', sql`numeric(14,3)`)
    .addColumn('unit', 'text')
    .addColumn('unit_price', sql`numeric(16,2)`)
    .addColumn('discount', sql`numeric(5,2)`)
    .addColumn('amount', sql`numeric(16,2)`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voucher_lines_movement').on('voucher_lines').columns(['movement_id', 'line_no']).execute();

  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('pedidos', null, 'Pedidos', 'cart', 'pedidos', '{1}', 20, false),
    ('ordenescompra', null, 'Órdenes de compra', 'file', 'ordenescompra', '{1}', 30, false),
    ('cfiscales', null, 'Comprobantes fiscales', 'money', 'cfiscales', '{1}', 40, false),
    ('gestionpedidos', null, 'Gestión de pedidos', 'stock', 'gestionpedidos', '{2,3}', 50, false)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_modules where module_id in ('pedidos', 'ordenescompra', 'cfiscales', 'gestionpedidos')`.execute(db);
  await sql`delete from company_modules where module_id in ('pedidos', 'ordenescompra', 'cfiscales', 'gestionpedidos')`.execute(db);
  await sql`delete from modules where id in ('pedidos', 'ordenescompra', 'cfiscales', 'gestionpedidos')`.execute(db);
  for (const t of [
    'voucher_lines', 'purchase_order_lines', 'purchase_orders', 'sales_order_lines', 'cart_lines',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema
    .alterTable('sales_orders')
    .dropColumn('cart_id').dropColumn('user_id').dropColumn('series').dropColumn('channel').dropColumn('destination_id')
    .dropColumn('origin_id').dropColumn('operation_type_id').dropColumn('delivery_date').dropColumn('approved_at')
    .dropColumn('approved_by').dropColumn('applied_at').dropColumn('applied_by').dropColumn('invoice_movement_id')
    .execute();
  await db.schema
    .alterTable('account_movements')
    .dropColumn('time').dropColumn('afip_type').dropColumn('net_amount').dropColumn('vat21').dropColumn('vat105')
    .dropColumn('other_taxes').dropColumn('cae').dropColumn('cae_due').dropColumn('printable').dropColumn('origin_type')
    .dropColumn('origin_number').dropColumn('sale_condition')
    .execute();
  await db.schema.alterTable('entities').dropColumn('price_list_id').execute();
  await db.schema.alterTable('companies').dropColumn('address').dropColumn('iva_condition').dropColumn('gross_income').dropColumn('activity_start').execute();
  for (const t of [
    'carts', 'payment_conditions', 'operation_types', 'order_origins', 'delivery_destinations', 'product_visits',
    'price_list_items', 'price_lists', 'product_images', 'products', 'product_facets',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
