import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import { preparedStatementPool } from './prepared-pool.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

export type DB = Kysely<Database>;

const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Dates stay 'YYYY-MM-DD' strings (a calendar day in Argentina is not a UTC instant); numeric stays a decimal
 * string (money is never a float); bigint counts become numbers (they never reach 2^53 here).
 */
pg.types.setTypeParser(DATE_OID, (v: string) => v);
pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));
pg.types.setTypeParser(NUMERIC_OID, (v: string) => v);

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

export async function openDatabase(target: DatabaseTarget): Promise<DB> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatementPool(pool) }) });
  }
  const pglite = await PGlite.create(target.dataDir ?? undefined, {
    extensions: { pg_trgm },
    parsers: {
      [DATE_OID]: (v: string) => v,
      [INT8_OID]: (v: string) => Number(v),
      [NUMERIC_OID]: (v: string) => v,
    },
  });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
