import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Which tables the database has written, told to whoever keeps answers read from them (the access gate's cache).
 * Every statement of a DB opened by openDatabase passes here: an insert, update or delete is reported once it is
 * committed (a statement outside a transaction at once, a transaction's statements at its commit, none of them on
 * rollback). On PostgreSQL it also sends `pg_notify('portal_writes', tables)` on the same connection, once per
 * transaction (inside it, just before its commit) or after a statement outside one, so it is delivered to every
 * other server process at the commit (and dropped on rollback), and each process listens.
 */
export type WriteListener = (tables: ReadonlySet<string>) => void;

const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;
/**
 * Statements that change nothing any cache keeps: a login's new token family (no answer was ever kept for it) and a
 * refresh's `last_used_at` (not read by the gate). Without this, every login and refresh would empty the cache.
 */
const HARMLESS = [/^insert into "token_families"/, /^update "token_families" set "last_used_at" = now\(\) where "id" = \$1$/];
export const NOTIFY_CHANNEL = 'portal_writes';
/** The NOTIFY that tells the other processes which tables were written (delivered at the commit, dropped on rollback). */
const notifyWrites = (tables: Iterable<string>) => CompiledQuery.raw(`select pg_notify('${NOTIFY_CHANNEL}', $1)`, [[...tables].join(',')]);

const writtenCache = new Map<string, readonly string[]>();
/** The tables a statement writes (memoised per text: the same statements run all day). */
export function writtenTables(text: string): readonly string[] {
  let tables = writtenCache.get(text);
  if (!tables) {
    tables = HARMLESS.some((h) => h.test(text)) ? [] : [...new Set([...text.matchAll(WRITE)].map((m) => m[1]!.toLowerCase()))];
    if (writtenCache.size >= 5_000) writtenCache.clear();
    writtenCache.set(text, tables);
  }
  return tables;
}

/** The tables a statement reads (after `from` and `join`): what a cache of its answer must watch. */
export function readTables(text: string): Set<string> {
  return new Set([...text.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) => m[1]!.toLowerCase()));
}

export class WriteWatch {
  private readonly listeners = new Set<WriteListener>();
  private readonly tables = new Set<string>();
  private remote: { stop: () => Promise<void> } | null = null;

  /**
   * @param listenRemote on PostgreSQL, starts listening to other processes' writes (called with the first subscriber).
   */
  constructor(private readonly listenRemote?: (onTables: (tables: ReadonlySet<string>) => void) => Promise<{ stop: () => Promise<void> }>) {}

  /** Sent with every write on PostgreSQL (on the writing connection, so it is transactional). */
  get crossProcess(): boolean {
    return Boolean(this.listenRemote);
  }

  /** Adds tables to the watched ones: only their writes are reported (and notified to other processes). */
  watch(tables: Iterable<string>): void {
    for (const t of tables) this.tables.add(t);
  }

  /** Calls `listener` after each committed write to a watched table (of this process or, on PostgreSQL, another). */
  async subscribe(listener: WriteListener): Promise<() => void> {
    this.listeners.add(listener);
    if (this.listenRemote && !this.remote) this.remote = await this.listenRemote((written) => this.emit(written));
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The written tables somebody watches (only those are reported, and notified to other processes). */
  watched(written: readonly string[]): string[] {
    return written.filter((t) => this.tables.has(t));
  }

  emit(written: ReadonlySet<string>): void {
    if (written.size === 0) return;
    for (const listener of this.listeners) listener(written);
  }

  async close(): Promise<void> {
    await this.remote?.stop();
    this.remote = null;
  }
}

type Hold = { tables: ReadonlySet<string>; written: Set<string> };
const holds = new AsyncLocalStorage<Hold>();
const collections = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `fn` and answers, beside its result, every table its statements wrote (watched or not; rolled back or not):
 * what a bulk load hands to refreshStatistics (db/statistics.ts).
 */
export async function collectWrites<T>(fn: () => Promise<T>): Promise<{ result: T; tables: ReadonlySet<string> }> {
  const tables = new Set<string>();
  const result = await collections.run(tables, fn);
  return { result, tables };
}

/**
 * Runs `fn` with the reports of its writes to `tables` held back until it ends, then made once: to this process's
 * listeners and, on PostgreSQL, with one NOTIFY to the others. A bulk load that commits chunk after chunk would
 * otherwise empty the kept answers read from those tables at every chunk, and every search during the load would run
 * cold (docs/decisions/integration.md). Only the writes made inside `fn` (its async context) are held; a write to
 * `tables` by any other request is reported at its commit as always. Whatever `fn` wrote is reported at its end, even
 * when it fails or a chunk rolled back (a report too many only forgets answers).
 */
export async function reportWritesAtEnd<T>(db: Pick<Kysely<unknown>, 'executeQuery'>, tables: readonly string[], fn: () => Promise<T>): Promise<T> {
  const watch = writeWatchOf(db);
  if (!watch) return fn();
  const hold: Hold = { tables: new Set(tables), written: new Set() };
  try {
    return await holds.run(hold, fn);
  } finally {
    if (hold.written.size > 0) {
      watch.emit(hold.written);
      if (watch.crossProcess) await db.executeQuery(notifyWrites(hold.written));
    }
  }
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  pending = new Set<string>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const written = writtenTables(compiled.sql);
    const collected = written.length > 0 ? collections.getStore() : undefined;
    if (collected) for (const t of written) collected.add(t);
    let tables = this.watch.watched(written);
    const hold = holds.getStore();
    if (hold && tables.length > 0) {
      for (const t of tables) if (hold.tables.has(t)) hold.written.add(t);
      tables = tables.filter((t) => !hold.tables.has(t));
    }
    const result = await this.inner.executeQuery<R>(compiled);
    if (tables.length > 0) {
      // In a transaction, reported (and notified) once, at its commit; alone, right after the statement.
      if (this.inTransaction) for (const t of tables) this.pending.add(t);
      else {
        if (this.watch.crossProcess) await this.inner.executeQuery(notifyWrites(tables));
        this.watch.emit(new Set(tables));
      }
    }
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class WatchedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.watch);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as WatchedConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.pending = new Set();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as WatchedConnection;
    // One NOTIFY for the whole transaction, sent inside it: delivered at the commit, dropped if it rolls back.
    if (c.pending.size > 0 && this.watch.crossProcess) await c.inner.executeQuery(notifyWrites(c.pending));
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
    const written = c.pending;
    c.pending = new Set();
    this.watch.emit(written);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as WatchedConnection;
    c.inTransaction = false;
    c.pending = new Set();
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this driver');
    await this.inner.savepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this driver');
    await this.inner.rollbackToSavepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this driver');
    await this.inner.releaseSavepoint((connection as WatchedConnection).inner, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  async destroy(): Promise<void> {
    await this.watch.close();
    await this.inner.destroy();
  }
}

/** The dialect with every statement passing through the watch. */
export function watchedDialect(inner: Dialect, watch: WriteWatch): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new WatchedDriver(inner.createDriver(), watch),
    createIntrospector: (db: Kysely<unknown>) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

const watches = new WeakMap<object, WriteWatch>();

/** The write watch of a DB opened by openDatabase (undefined for any other Kysely instance). */
export function writeWatchOf(db: object): WriteWatch | undefined {
  return watches.get(db);
}

export function registerWriteWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}
