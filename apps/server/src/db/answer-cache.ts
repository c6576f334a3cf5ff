import type { CompiledQuery } from 'kysely';

/**
 * A few seconds' memory of statement answers, keyed by the compiled statement (text and parameters), so whatever a
 * statement reads from the request (token family, user, Cuit, entity, device…) is part of the key by construction.
 * Emptied by `clear()` whenever a table the statements read is written (db/write-watch.ts, in this process at the
 * commit, in the others through PostgreSQL's NOTIFY); the TTL bounds what a lost notification could leave behind.
 * Concurrent misses of one key share one statement; an answer whose statement was in flight while a write committed
 * is not kept (it may predate the write).
 */
export class AnswerCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  private readonly textIds = new Map<string, number>();
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer of `compiled`, from memory when fresh, else from `run` (and kept). */
  get<T>(compiled: CompiledQuery, run: (compiled: CompiledQuery) => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return run(compiled);
    let id = this.textIds.get(compiled.sql);
    if (id === undefined) {
      if (this.textIds.size >= 1_000) this.textIds.clear();
      id = this.textIds.size;
      this.textIds.set(compiled.sql, id);
    }
    const key = `${id}:${JSON.stringify(compiled.parameters)}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const value = run(compiled);
    const entry = { at: now, value };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then(() => {
      if (this.generation !== generation) drop();
    }, drop);
    return value;
  }
}
