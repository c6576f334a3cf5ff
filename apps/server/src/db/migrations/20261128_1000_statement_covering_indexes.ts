import { sql, type Kysely } from 'kysely';

/**
 * The statements' two ordering indexes carry the columns a page reads besides its keys (docs/decisions/statements.md,
 * 'Covering indexes'): the account type and the amount, and for the due-date order the two dates its expression is
 * made of (an index-only scan of an expression index needs the columns it is computed from). Picking a page, counting
 * a filter ('importe desde', credits, debits) over a date range and the running balance's window over a month then
 * read the index alone, with no visit to the table's rows, which are spread over the whole table. They replace the
 * indexes of 20261124_1100_statements (same keys), so a write keeps two indexes as before.
 *
 * An index-only scan skips the table only for pages the visibility map marks all-visible, which vacuum maintains.
 * Autovacuum's default waits for inserts of 20 % of the table (400,000 movements at 2,000,000) before it vacuums a table
 * that only grows; at 1 % it follows the ledger closely (a vacuum of a mostly all-visible table reads only the pages
 * written since the last one). Until then the newest rows are read from the table, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index account_movements_statement_cover on account_movements
    (company_id, entity_id, currency, date, id) include (account_type, amount)`.execute(db);
  await sql`create index account_movements_statement_due_cover on account_movements
    (company_id, entity_id, currency, (coalesce(due_date, date)), id) include (account_type, amount, due_date, date)`.execute(db);
  await sql`drop index account_movements_statement`.execute(db);
  await sql`drop index account_movements_statement_due`.execute(db);
  await sql`alter table account_movements set (autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_movements reset (autovacuum_vacuum_insert_scale_factor)`.execute(db);
  await sql`create index account_movements_statement on account_movements (company_id, entity_id, currency, date, id)`.execute(db);
  await sql`create index account_movements_statement_due on account_movements
    (company_id, entity_id, currency, (coalesce(due_date, date)), id)`.execute(db);
  await sql`drop index account_movements_statement_due_cover`.execute(db);
  await sql`drop index account_movements_statement_cover`.execute(db);
}
