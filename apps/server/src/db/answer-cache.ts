import type { CompiledQuery } from 'kysely';
import { writeWatchOf } from './write-watch.js';

type Entry = { at: number; value: Promise<unknown> };

/**
 * The portal's one way to keep answers in memory: the access gate's rows, the company-wide answers
 * (db/shared-answers.ts) and the catalogue's results and product texts. Answers are kept at most `ttlMs` and, made by
 * `KeptAnswers.watching`, forgotten at once when a committed write reaches a table they are read from (db/write-watch.ts: in
 * this process at the commit, in the others through PostgreSQL's NOTIFY); the TTL bounds what a lost notification or
 * a write made outside the portal could leave behind. Concurrent misses of one key share one reading; a reading in
 * flight while a write committed is not kept (it may predate the write); a failed one is dropped. The oldest answer
 * goes first when `maxEntries` are kept. What each cache buys is measured in docs/decisions/throughput.md.
 */
export class KeptAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly textIds = new Map<string, number>();
  private generation = 0;
  private stop: (() => void) | null = null;
  private addTables: ((tables: Iterable<string>) => void) | null = null;
  /** Settles when answers start being kept (`watching`: once the write watch listens). */
  ready: Promise<void> = Promise.resolve();

  /** A cache cleared by hand (`clear`); `watching` makes one the database's writes clear. `ttlMs` ≤ 0 keeps nothing. */
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private keeping = true,
  ) {}

  /** Forgets every answer, and every reading in flight (it will not be kept). */
  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether `key`'s answer is kept and fresh. */
  fresh(key: string): boolean {
    const hit = this.entries.get(key);
    return this.keeping && !!hit && Date.now() - hit.at < this.ttlMs;
  }

  /** `key`'s answer, from memory when fresh, else from `run` (and kept). */
  get<T>(key: string, run: () => Promise<T>): Promise<T> {
    if (!this.keeping || this.ttlMs <= 0) return run();
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    return this.keep(key, run());
  }

  /** Keeps `value`, a reading started now, under `key`; not kept if the answers are forgotten before it settles. */
  keep<T>(key: string, value: Promise<T>): Promise<T> {
    if (!this.keeping || this.ttlMs <= 0) return value;
    const mark = this.generation;
    this.entries.delete(key);
    const entry: Entry = { at: Date.now(), value };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then(() => {
      if (this.generation !== mark) drop();
    }, drop);
    return value;
  }

  /** A statement's answer, keyed by the compiled statement (its text and parameters): whatever it reads is in the key. */
  statement<T>(compiled: CompiledQuery, run: (compiled: CompiledQuery) => Promise<T>): Promise<T> {
    if (!this.keeping || this.ttlMs <= 0) return run(compiled);
    let id = this.textIds.get(compiled.sql);
    if (id === undefined) {
      if (this.textIds.size >= 1_000) this.textIds.clear();
      id = this.textIds.size;
      this.textIds.set(compiled.sql, id);
    }
    return this.get(`${id}:${JSON.stringify(compiled.parameters)}`, () => run(compiled));
  }

  /** More tables whose writes forget the answers (the gate adds the tables of each statement as it first runs it). */
  watchTables(tables: Iterable<string>): void {
    this.addTables?.(tables);
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }

  /**
   * Answers of `db` kept at most `ttlMs` and forgotten at every committed write to `tables` (in every server process).
   * Nothing is kept without a write watch (a database not opened by openDatabase) or until the watch listens.
   */
  static watching(db: object, tables: Iterable<string>, ttlMs: number, maxEntries?: number): KeptAnswers {
    const watched = new Set(tables);
    const cache = new KeptAnswers(ttlMs, maxEntries, false);
    const listening = ttlMs > 0 ? forgetOnWrites(db, watched, () => cache.clear()) : null;
    if (!listening) return new KeptAnswers(0);
    cache.addTables = (more) => {
      for (const t of more) watched.add(t);
      writeWatchOf(db)?.watch(watched);
    };
    cache.ready = listening.then(
      (unsubscribe) => {
        cache.stop = unsubscribe;
        cache.keeping = true;
      },
      () => undefined,
    );
    return cache;
  }
}

/**
 * Calls `forget` at each committed write to one of `tables` (read at each write: a caller may add to it) made through
 * `db`, in this process or another (db/write-watch.ts). Settles, with the way to stop, once the watch listens: a cache
 * keeps nothing before. Null for a database without a write watch (not opened by openDatabase): nothing may be kept.
 */
export function forgetOnWrites(db: object, tables: ReadonlySet<string>, forget: () => void): Promise<() => void> | null {
  const watch = writeWatchOf(db);
  if (!watch) return null;
  watch.watch(tables);
  return watch.subscribe((written) => {
    for (const t of written) {
      if (tables.has(t)) {
        forget();
        return;
      }
    }
  });
}
