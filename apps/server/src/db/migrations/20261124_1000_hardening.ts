import { sql, type Kysely } from 'kysely';

/**
 * Hardening (docs/decisions/access-limits.md, docs/reliability.md):
 * - login_throttles: failed logins per account, per address and per known device, with the time until which the
 *   next attempt must wait (a growing delay), replacing the fixed login windows of rate_limits;
 * - known_devices: a device (browser) that logged in to an account before, named by a random token kept hashed;
 *   its owner's correct password still gets in while the account or the address is being slowed;
 * - refresh_tokens.successor_sealed: the pair a rotation answered, encrypted with a key derived from the rotated
 *   token itself, so the same token presented again within the grace window gets the same pair back;
 * - audit_log indexes for the administrators' screen (company, date; user; action).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('blocked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('known_devices_pk', ['token_hash', 'user_id'])
    .execute();
  await db.schema.createIndex('known_devices_user').on('known_devices').column('user_id').execute();

  await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();

  await db.schema.createIndex('audit_log_company_created').on('audit_log').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_user_created').on('audit_log').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_user_created').execute();
  await db.schema.dropIndex('audit_log_company_created').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('successor_sealed').execute();
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('login_throttles').execute();
}
