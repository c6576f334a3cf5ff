import { sql, type Kysely } from 'kysely';

/**
 * The integration's webhooks (docs/decisions/integration.md, 'Webhooks'): per key an optional address the portal
 * POSTs each event to, signed with the key's webhook secret, and one delivery per (key, event) that the delivery
 * loop of every server process claims, sends and retries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('integration_webhooks')
    .addColumn('key_id', 'integer', (c) => c.primaryKey().references('integration_keys.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    // Kept as is: signing needs the secret itself (a hash could not compute the HMAC).
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('secret_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('integration_webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key_id', 'integer', (c) => c.notNull().references('integration_keys.id'))
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('integration_events.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    // The event's document ('pedido/0001-00000042'): deliveries of one document go out in order, one at a time.
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pendiente').check(sql`status in ('pendiente', 'fallando', 'entregado', 'agotado')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('first_attempt_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    // The lease of the process sending it now: no other process claims it until the lease ends.
    .addColumn('lease_token', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('integration_webhook_deliveries_key_event', ['key_id', 'event_id'])
    .execute();
  // The delivery loop's work list: undelivered deliveries by when they are due.
  await sql`create index integration_webhook_deliveries_due on integration_webhook_deliveries (next_attempt_at)
    where status in ('pendiente', 'fallando')`.execute(db);
  // A document's earlier undelivered deliveries to the same key (the order rule).
  await sql`create index integration_webhook_deliveries_open on integration_webhook_deliveries (key_id, subject, event_id)
    where status in ('pendiente', 'fallando')`.execute(db);
  // The screen's list: a key's deliveries, newest first.
  await sql`create index integration_webhook_deliveries_list on integration_webhook_deliveries (key_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('integration_webhook_deliveries').execute();
  await db.schema.dropTable('integration_webhooks').execute();
}
