import { sql, type Kysely } from 'kysely';

/**
 * Grain contracts (statements.md §2 'Contracts', docs/decisions/contracts.md): the contract (grain, harvest,
 * kilograms, price or 'a fijar', delivery window, destination, broker's slip), its price fixings, and the kilograms of
 * each grain movement applied to it: deliveries (romaneos), certificates, settlements (1116B/C, parcial) and the
 * commitment itself (kind 7, what the dashboard's 'Contrato' column sums). `collected` marks a settlement that has
 * been paid. Menu: 'Contratos'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('grain_contracts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('grain', 'text', (c) => c.notNull().references('grains.code'))
    .addColumn('harvest', 'text', (c) => c.notNull())
    .addColumn('series', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    // 'hecho': price agreed at signing; 'fijar': price fixed later, in tranches (grain_contract_fixings).
    .addColumn('pricing', 'text', (c) => c.notNull().check(sql`pricing in ('hecho', 'fijar')`))
    .addColumn('kilos', sql`numeric(14,0)`, (c) => c.notNull().check(sql`kilos > 0`))
    .addColumn('price', sql`numeric(12,2)`)
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD').check(sql`currency in ('ARS', 'USD')`))
    .addColumn('delivery_from', 'date')
    .addColumn('delivery_to', 'date')
    .addColumn('destination', 'text')
    .addColumn('broker_slip', 'text')
    .addColumn('printable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('grain_contracts_number', ['company_id', 'series', 'number'])
    .execute();
  await db.schema.createIndex('grain_contracts_entity').on('grain_contracts').columns(['company_id', 'entity_id', 'grain', 'date', 'id']).execute();

  await db.schema
    .createTable('grain_contract_fixings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('grain_contracts.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('kilos', sql`numeric(14,0)`, (c) => c.notNull().check(sql`kilos > 0`))
    .addColumn('price', sql`numeric(12,2)`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('grain_contract_fixings_contract').on('grain_contract_fixings').columns(['company_id', 'contract_id']).execute();

  // What each grain movement contributes to a contract: a delivery (romaneo) or a settlement may be split between
  // two contracts, so the link carries the kilograms applied. The commitment row (kind 7) is applied whole.
  await db.schema
    .createTable('grain_contract_applications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('grain_contracts.id'))
    .addColumn('movement_id', 'bigint', (c) => c.notNull().references('grain_movements.id'))
    .addColumn('kilos', sql`numeric(14,0)`, (c) => c.notNull().check(sql`kilos > 0`))
    .addUniqueConstraint('grain_contract_applications_once', ['contract_id', 'movement_id'])
    .execute();
  await db.schema.createIndex('grain_contract_applications_contract').on('grain_contract_applications').columns(['company_id', 'contract_id']).execute();
  await db.schema.createIndex('grain_contract_applications_movement').on('grain_contract_applications').columns(['company_id', 'movement_id']).execute();
  await db.schema.alterTable('grain_movements').addColumn('collected', 'boolean', (c) => c.notNull().defaultTo(false)).execute();

  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('contratos', null, 'Contratos', 'file', 'contratos', '{1}', 37, false)`.execute(db);
  await sql`insert into company_modules (company_id, module_id, mobile, desktop, date_from, date_to)
    select c.id, 'contratos', true, true, null, null from companies c on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_modules where module_id = 'contratos'`.execute(db);
  await sql`delete from company_modules where module_id = 'contratos'`.execute(db);
  await sql`delete from modules where id = 'contratos'`.execute(db);
  await db.schema.alterTable('grain_movements').dropColumn('collected').execute();
  await db.schema.dropTable('grain_contract_applications').execute();
  await db.schema.dropTable('grain_contract_fixings').execute();
  await db.schema.dropTable('grain_contracts').execute();
}
