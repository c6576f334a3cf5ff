import { sql, type Kysely } from 'kysely';

/**
 * DELETE /api/field/ventas/pedido/{clientId}/{date} with an Idempotency-Key is done once per key: a replay of the
 * offline queue (or a second tab sending it) must not delete a sale the rep made after the deletion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('field_sale_deletions')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('sale_date', 'date', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('field_sale_deletions_pk', ['company_id', 'user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('field_sale_deletions').execute();
}
