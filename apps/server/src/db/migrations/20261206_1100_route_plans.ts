import { sql, type Kysely } from 'kysely';

/**
 * The ERP's route plans (`recorridos`, docs/integration.md): the ERP names a driver or rep by its own code, kept on
 * the user's membership of the company (unique within the company), and a stop's place in the day's plan (`position`,
 * null for stops the ERP did not order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table memberships add column erp_code text`.execute(db);
  await sql`create unique index memberships_erp_code on memberships (company_id, erp_code) where erp_code is not null`.execute(db);
  await sql`alter table route_stops add column position integer check (position between 1 and 9999)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table route_stops drop column position`.execute(db);
  await sql`drop index memberships_erp_code`.execute(db);
  await sql`alter table memberships drop column erp_code`.execute(db);
}
