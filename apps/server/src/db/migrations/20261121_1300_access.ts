import { sql, type Kysely } from 'kysely';

/** Companies, users, their links to companies/entities/profiles, tokens, registration, recovery, limits, audit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cuit', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('branding', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('cuit', 'text')
    .addColumn('change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cgi', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('modules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.references('modules.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('profile_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('desktop_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('entities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('cuit', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'integer')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('locality', 'text')
    .addColumn('province', 'text')
    .addUniqueConstraint('entities_company_code', ['company_id', 'code'])
    .execute();
  await db.schema.createIndex('entities_company_cuit').on('entities').columns(['company_id', 'cuit']).execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('suspended', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('desktop', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('mobile', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('group_accounts', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hidden_currencies', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('default_profile_id', 'integer', (c) => c.notNull().references('profiles.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('membership_profiles')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id'))
    .addPrimaryKeyConstraint('membership_profiles_pk', ['user_id', 'company_id', 'profile_id'])
    .addForeignKeyConstraint('membership_profiles_membership', ['user_id', 'company_id'], 'memberships', ['user_id', 'company_id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('user_entities')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addPrimaryKeyConstraint('user_entities_pk', ['user_id', 'entity_id'])
    .addForeignKeyConstraint('user_entities_membership', ['user_id', 'company_id'], 'memberships', ['user_id', 'company_id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('active_sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('active_sessions_pk', ['user_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('token_families')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('token_families_user').on('token_families').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull().references('token_families.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('pending_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('cuit', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('pending_registrations_phone').on('pending_registrations').column('phone').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Reference data: the profiles of access.md §6 and the modules that exist so far.
  await sql`insert into profiles (id, name, cgi) values
    (1, 'Cliente', 'etenet_dashboard'),
    (2, 'Vendedor', 'etenet_dashboard'),
    (3, 'Jefe de zona', 'etenet_dashboard'),
    (4, 'Repartidor', 'etenet_dashboard'),
    (5, 'Depósito', 'etenet_dashboard'),
    (6, 'Autorizador', 'etenet_dashboard')`.execute(db);
  await sql`insert into modules (id, parent_id, name, icon, link, profile_ids, sort_order, desktop_only) values
    ('dashboard', null, 'Inicio', 'home', 'dashboard', '{1,2,3,4,5,6}', 10, false)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'audit_log', 'rate_limits', 'password_resets', 'pending_registrations', 'refresh_tokens', 'token_families',
    'active_sessions', 'user_entities', 'membership_profiles', 'memberships', 'entities', 'modules', 'profiles',
    'users', 'companies', 'server_settings',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
