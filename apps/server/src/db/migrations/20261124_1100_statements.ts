import { sql, type Kysely } from 'kysely';

/**
 * Statements (statements.md): account types of the current account (tipodectasctes) and the type of each
 * movement; the exchange (canje) flag marks the accounts settled with grain, which /canjes shows. The
 * statement indexes serve the running balance per entity and currency in voucher-date and due-date order.
 * Menu: 'Cuenta corriente' with its three views, and 'Ficha de granos'; an index for the grain ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_types')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'smallint', (c) => c.notNull())
    .addColumn('short_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('exchange', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('account_types_pk', ['company_id', 'code'])
    .execute();
  await sql`insert into account_types (company_id, code, short_code, name, exchange)
    select id, 1, 'CC', 'Cuenta corriente', false from companies`.execute(db);
  await sql`insert into account_types (company_id, code, short_code, name, exchange)
    select id, 2, 'CJ', 'Cuenta canje', true from companies`.execute(db);

  await db.schema.alterTable('account_movements').addColumn('account_type', 'smallint', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .createIndex('account_movements_statement')
    .on('account_movements')
    .columns(['company_id', 'entity_id', 'currency', 'date', 'id'])
    .execute();
  await sql`create index account_movements_statement_due on account_movements
    (company_id, entity_id, currency, (coalesce(due_date, date)), id)`.execute(db);

  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('cuentacorriente', null, 'Cuenta corriente', 'money', null, '{1}', 35, false),
    ('cronologico', 'cuentacorriente', 'Cronológico', 'file', 'cronologico', '{1}', 1, false),
    ('financiero', 'cuentacorriente', 'Financiero', 'file', 'financiero', '{1}', 2, false),
    ('canjes', 'cuentacorriente', 'Canjes', 'file', 'canjes', '{1}', 3, false),
    ('granos', null, 'Ficha de granos', 'chart', 'granos', '{1}', 36, false)`.execute(db);
  await db.schema.createIndex('grain_movements_ledger').on('grain_movements').columns(['company_id', 'entity_id', 'grain', 'date', 'id']).execute();
  // Companies that already exist get the new modules on both devices, like every module the seed enables.
  await sql`insert into company_modules (company_id, module_id, mobile, desktop, date_from, date_to)
    select c.id, m.id, true, true, null, null from companies c
    cross join (values ('cuentacorriente'), ('cronologico'), ('financiero'), ('canjes'), ('granos')) as m(id)
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const ids = sql`('cuentacorriente', 'cronologico', 'financiero', 'canjes', 'granos')`;
  await db.schema.dropIndex('grain_movements_ledger').execute();
  await sql`delete from user_modules where module_id in ${ids}`.execute(db);
  await sql`delete from company_modules where module_id in ${ids}`.execute(db);
  await sql`delete from modules where id in ('cronologico', 'financiero', 'canjes', 'granos')`.execute(db);
  await sql`delete from modules where id = 'cuentacorriente'`.execute(db);
  await sql`drop index account_movements_statement_due`.execute(db);
  await db.schema.dropIndex('account_movements_statement').execute();
  await db.schema.alterTable('account_movements').dropColumn('account_type').execute();
  await db.schema.dropTable('account_types').execute();
}
