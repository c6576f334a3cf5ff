import { sql } from 'kysely';
import type { DB } from './database.js';

/**
 * The planner's statistics of tables a bulk load wrote, brought up to date by the load itself (ANALYZE) when they
 * changed a lot since their last statistics, by autovacuum's own rule: more rows changed than 50 + 10 % of the rows
 * the statistics counted. Autovacuum does the same, but on its own schedule (a minute's nap, one worker per table) or
 * not at all where it is off; a load of 2,000,000 movements into a small database otherwise plans each chunk's reads
 * for the tables it started with, and took 341 s instead of 151 s (docs/decisions/integration.md, 'Statistics after a
 * load'). ANALYZE samples a fixed number of rows (a few
 * hundred milliseconds at millions of rows) and takes no lock that holds back a read or a write.
 */
const THRESHOLD_ROWS = 50;
const THRESHOLD_SHARE = 0.1;

/** The tables of `tables` whose statistics are out of date (autovacuum's analyze rule). */
export async function staleStatistics(db: DB, tables: Iterable<string>): Promise<string[]> {
  const names = [...tables];
  if (names.length === 0) return [];
  const { rows } = await sql<{ relname: string }>`
    select s.relname
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     where s.schemaname = current_schema()
       and s.relname in (${sql.join(names)})
       and s.n_mod_since_analyze > ${THRESHOLD_ROWS} + ${THRESHOLD_SHARE} * greatest(c.reltuples, 0)
     order by s.relname`.execute(db);
  return rows.map((r) => r.relname);
}

/** ANALYZEs the tables of `tables` whose statistics are out of date; answers the ones it analyzed. */
export async function refreshStatistics(db: DB, tables: Iterable<string>): Promise<string[]> {
  const stale = await staleStatistics(db, tables);
  for (const table of stale) await sql`analyze ${sql.table(table)}`.execute(db);
  return stale;
}
