import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import { preparedStatementPool } from './prepared-pool.js';
import { NOTIFY_CHANNEL, registerWriteWatch, watchedDialect, WriteWatch } from './write-watch.js';
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

/** PGlite: `dataDir` null keeps it in memory; `loadDataDir` starts it from a data directory dumped by `dumpPglite`. */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

const pgliteOf = new WeakMap<DB, PGlite>();
const poolOf = new WeakMap<DB, pg.Pool>();

/** The connection pool's state (PostgreSQL; null on PGlite, one locked session): for the metrics. */
export function poolStats(db: DB): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = poolOf.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 } : null;
}

/** The data directory of a PGlite database as an uncompressed tarball (for `loadDataDir`); null on PostgreSQL. */
export async function dumpPglite(db: DB): Promise<Blob | null> {
  const pglite = pgliteOf.get(db);
  return pglite ? pglite.dumpDataDir('none') : null;
}

/**
 * Other processes' writes, as PostgreSQL delivers them at their commit: one connection of its own that LISTENs, and
 * connects again (every second until it can) if the server drops it. Until it is back, caches rely on their TTL.
 */
function listenToWrites(url: string) {
  return async (onTables: (tables: ReadonlySet<string>) => void) => {
    let client: pg.Client | null = null;
    let stopped = false;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (m) => onTables(new Set((m.payload ?? '').split(',').filter(Boolean))));
      c.on('error', () => {
        c.end().catch(() => undefined);
        if (client === c) client = null;
        if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
      });
      try {
        await c.connect();
        await c.query(`listen ${NOTIFY_CHANNEL}`);
        client = c;
      } catch (err) {
        c.emit('error', err);
      }
    };
    await connect();
    return {
      stop: async () => {
        stopped = true;
        await client?.end();
      },
    };
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<DB> {
  if (target.kind === 'postgres') {
    // No JIT: the portal's statements are short, and a large estimate (a lateral over 500 keys) made PostgreSQL
    // compile for ≈ 0.9 s a statement that runs in 35 ms (docs/decisions/throughput.md, 'Request pipeline').
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c jit=off' });
    const watch = new WriteWatch(listenToWrites(target.url));
    const db = new Kysely<Database>({ dialect: watchedDialect(new PostgresDialect({ pool: preparedStatementPool(pool) }), watch) });
    registerWriteWatch(db, watch);
    poolOf.set(db, pool);
    return db;
  }
  const pglite = await PGlite.create(target.dataDir ?? undefined, {
    extensions: { pg_trgm },
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    parsers: {
      [DATE_OID]: (v: string) => v,
      [INT8_OID]: (v: string) => Number(v),
      [NUMERIC_OID]: (v: string) => v,
    },
  });
  // One process owns a PGlite directory: its own writes are all there is to watch.
  const watch = new WriteWatch();
  const db = new Kysely<Database>({ dialect: watchedDialect(new PGliteDialect(pglite), watch) });
  registerWriteWatch(db, watch);
  pgliteOf.set(db, pglite);
  // Kysely closes its driver only if a query ran: a database opened and never read (a restore, a copy) is closed too.
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    await destroy();
    if (!pglite.closed) await pglite.close();
  };
  return db;
}

/** `dataDir`: this machine's DATA_DIR, where files older than the shared file storage are moved in from, once. */
export async function migrateToLatest(db: DB, options: { dataDir?: string } = {}): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(options) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
