import { sql, type Kysely } from 'kysely';

/**
 * PUT /api/field/ventas/envases sends changes (from what the phone showed to what the rep set), which are not
 * idempotent by nature: with an Idempotency-Key they are applied once per key, so a replay of the offline queue
 * does not add them twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('field_container_changes')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('visit_date', 'date', (c) => c.notNull())
    .addColumn('saved', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('field_container_changes_pk', ['company_id', 'user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('field_container_changes').execute();
}
