import { sql, type Kysely } from 'kysely';

/**
 * The news and banners an ERP loads (`novedades`, docs/integration.md) are keyed by the ERP's code: one card of the
 * dashboard per code and profile it is shown to. The portal's own cards (the demo's) have no code and are left alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dashboard_items add column code integer`.execute(db);
  await sql`create unique index dashboard_items_code on dashboard_items (company_id, code, profile_id) where code is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index dashboard_items_code`.execute(db);
  await sql`alter table dashboard_items drop column code`.execute(db);
}
