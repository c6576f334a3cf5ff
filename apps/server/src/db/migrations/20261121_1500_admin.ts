import { sql, type Kysely } from 'kysely';

/**
 * Administration. A user removed from their last company is soft-deleted (deleted_at) and keeps their row for
 * the audit trail; their username and e-mail must become free again for a new account (created by an
 * administrator or by registration), so uniqueness now holds among live users only. The entity an
 * administrator acts as is tied to the entities table. The user list is read by company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint if exists users_username_key`.execute(db);
  await sql`alter table users drop constraint if exists users_email_key`.execute(db);
  await sql`create unique index users_username_live on users (username) where deleted_at is null`.execute(db);
  await sql`create unique index users_email_live on users (email) where deleted_at is null`.execute(db);
  await sql`alter table users add constraint users_entity_acting_as_fk foreign key (entity_acting_as) references entities (id) on delete set null`.execute(db);
  await db.schema.createIndex('memberships_company').on('memberships').columns(['company_id', 'user_id']).execute();
  await db.schema.createIndex('user_modules_company_module').on('user_modules').columns(['company_id', 'module_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_modules_company_module').execute();
  await db.schema.dropIndex('memberships_company').execute();
  await sql`alter table users drop constraint users_entity_acting_as_fk`.execute(db);
  await sql`drop index users_email_live`.execute(db);
  await sql`drop index users_username_live`.execute(db);
  await sql`alter table users add constraint users_username_key unique (username)`.execute(db);
  await sql`alter table users add constraint users_email_key unique (email)`.execute(db);
}
