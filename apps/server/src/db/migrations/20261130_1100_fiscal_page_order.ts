import { sql, type Kysely } from 'kysely';

/**
 * The fiscal list's order as an index: its page is an entity's movements in a date range,
 * newest first, ties broken by id. The statement runs prepared with a generic plan, which cannot tell how many of the
 * entity's movements the range holds; over (company_id, entity_id, date) it read every movement of the range from the
 * table and sorted them to keep 7 (≈ 150 rows on the large size for the opening range). With the id as the index's
 * last key, a backward scan gives the list's exact order and the page stops after its rows. It replaces the index of
 * 20261121_1400_admin_dashboard (same leading keys, so every reading by entity and date uses it as before), so a write
 * keeps as many indexes as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index account_movements_entity_date_id on account_movements (company_id, entity_id, date, id)`.execute(db);
  await sql`drop index account_movements_entity_date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index account_movements_entity_date on account_movements (company_id, entity_id, date)`.execute(db);
  await sql`drop index account_movements_entity_date_id`.execute(db);
}
