import { sql, type Kysely } from 'kysely';

/**
 * Batches loaded from a spreadsheet by an administrator ('Integración' → 'Importar planilla'): such a batch has no
 * integration key but the user who applied it and the file's name. Every batch has one or the other at its creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table integration_batches alter column key_id drop not null`.execute(db);
  await db.schema
    .alterTable('integration_batches')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('integration_batches').dropColumn('file_name').dropColumn('user_id').execute();
  await sql`delete from integration_batches where key_id is null`.execute(db);
  await sql`alter table integration_batches alter column key_id set not null`.execute(db);
}
