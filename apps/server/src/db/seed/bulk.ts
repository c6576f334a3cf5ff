import { sql } from 'kysely';
import type { DB } from '../database.js';

/**
 * Inserts many rows with one JSON parameter expanded by jsonb_to_recordset: PGlite binds thousands of
 * parameters slowly, and both databases parse one short statement fast. `columns` maps column → SQL type.
 */
export async function bulkInsert(db: DB, table: string, columns: Record<string, string>, rows: ReadonlyArray<Record<string, unknown>>, chunk = 5000) {
  const names = Object.keys(columns);
  const list = sql.raw(names.join(', '));
  const types = sql.raw(names.map((n) => `${n} ${columns[n]}`).join(', '));
  for (let i = 0; i < rows.length; i += chunk) {
    const slice = rows.slice(i, i + chunk).map((r) => Object.fromEntries(names.map((n) => [n, r[n] ?? null])));
    await sql`insert into ${sql.raw(table)} (${list}) select ${list} from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) as x(${types})`.execute(db);
  }
}
