import { sql, type Kysely } from 'kysely';

/**
 * A version per company and entity of what the statements read (docs/decisions/statements.md, 'Kept per entity'):
 * bumped by statement-level triggers on account_movements (any insert, update — settling a document too — delete or
 * truncate: row 0, 0, which every reader adds) and on account_types (row company, 0: the company's types), in the
 * writer's transaction. The server
 * keeps per entity the parts of a statements answer that change only with these (carousel balances, month counts,
 * 'Vencido', voucher types, account types) and reads the version in the same statement as the page: a different
 * version means the kept parts are older than the page, which is then read again after them. Every write path —
 * the application, a migration, a manual fix in psql, another server process — is seen, with no notification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table statement_versions (
    company_id integer not null,
    entity_id integer not null,
    version bigint not null,
    constraint statement_versions_pk primary key (company_id, entity_id)
  )`.execute(db);

  // The entities a statement touched, bumped once each, in key order (two writers lock them in the same order).
  const bump = (rows: string) => sql.raw(`insert into statement_versions as v (company_id, entity_id, version)
      select distinct company_id, entity_id, 1 from (${rows}) t order by company_id, entity_id
      on conflict (company_id, entity_id) do update set version = v.version + 1`);
  await sql`create function statement_versions_bump() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        ${bump('select company_id, entity_id from new_rows')};
      elsif tg_op = 'DELETE' then
        ${bump('select company_id, entity_id from old_rows')};
      else
        ${bump('select company_id, entity_id from new_rows union select company_id, entity_id from old_rows')};
      end if;
      return null;
    end
  $fn$`.execute(db);
  await sql`create function statement_versions_bump_types() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        ${bump('select company_id, 0 as entity_id from new_rows')};
      elsif tg_op = 'DELETE' then
        ${bump('select company_id, 0 as entity_id from old_rows')};
      else
        ${bump('select company_id, 0 as entity_id from new_rows union select company_id, 0 from old_rows')};
      end if;
      return null;
    end
  $fn$`.execute(db);
  await sql`create function statement_versions_bump_all() returns trigger language plpgsql as $fn$
    begin
      insert into statement_versions as v (company_id, entity_id, version) values (0, 0, 1)
        on conflict (company_id, entity_id) do update set version = v.version + 1;
      return null;
    end
  $fn$`.execute(db);
  for (const [table, fn] of [['account_movements', 'statement_versions_bump'], ['account_types', 'statement_versions_bump_types']] as const) {
    const name = table === 'account_movements' ? 'statement_versions' : 'statement_versions_types';
    await sql.raw(`create trigger ${name}_insert after insert on ${table}
      referencing new table as new_rows for each statement execute function ${fn}()`).execute(db);
    await sql.raw(`create trigger ${name}_update after update on ${table}
      referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`).execute(db);
    await sql.raw(`create trigger ${name}_delete after delete on ${table}
      referencing old table as old_rows for each statement execute function ${fn}()`).execute(db);
    await sql.raw(`create trigger ${name}_truncate after truncate on ${table}
      for each statement execute function statement_versions_bump_all()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, name] of [['account_movements', 'statement_versions'], ['account_types', 'statement_versions_types']] as const) {
    for (const t of ['insert', 'update', 'delete', 'truncate']) await sql.raw(`drop trigger ${name}_${t} on ${table}`).execute(db);
  }
  await sql`drop function statement_versions_bump_all()`.execute(db);
  await sql`drop function statement_versions_bump_types()`.execute(db);
  await sql`drop function statement_versions_bump()`.execute(db);
  await sql`drop table statement_versions`.execute(db);
}
