import { sql, type Kysely } from 'kysely';

/**
 * The outbound side of the ERP integration: the event log each change writes in its own transaction
 * (integration_events) and the one-row sequencer that gives committed events their place in the feed
 * (docs/decisions/integration.md, 'Outbound events').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('integration_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    // Null until the sequencer places the committed event in the feed; then unique and increasing in commit order.
    .addColumn('position', 'bigint', (c) => c.unique())
    .execute();
  // The sequencer's work list: committed events without a place yet, in id order.
  await sql`create index integration_events_unplaced on integration_events (id) where position is null`.execute(db);
  // A company's feed, read by position.
  await sql`create index integration_events_feed on integration_events (company_id, position) where position is not null`.execute(db);

  await db.schema
    .createTable('integration_event_sequencer')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_position', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into integration_event_sequencer (id, last_position) values (1, 0)`.execute(db);

  // The ERP's answer to an event (an order accepted with its number or rejected with the reason; a receipt applied),
  // once per event; the document keeps the answer for its screens.
  await db.schema
    .createTable('integration_event_results')
    .addColumn('event_id', 'bigint', (c) => c.primaryKey().references('integration_events.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('key_id', 'integer', (c) => c.notNull().references('integration_keys.id'))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('erp_number', 'text')
    .addColumn('reason', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  for (const table of ['sales_orders', 'purchase_orders', 'receipts']) {
    await db.schema
      .alterTable(table)
      .addColumn('erp_status', 'text')
      .addColumn('erp_number', 'text')
      .addColumn('erp_reason', 'text')
      .addColumn('erp_at', 'timestamptz')
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sales_orders', 'purchase_orders', 'receipts']) {
    await db.schema.alterTable(table).dropColumn('erp_status').dropColumn('erp_number').dropColumn('erp_reason').dropColumn('erp_at').execute();
  }
  await db.schema.dropTable('integration_event_results').execute();
  await db.schema.dropTable('integration_event_sequencer').execute();
  await db.schema.dropTable('integration_events').execute();
}
