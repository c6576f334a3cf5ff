import type { CompiledQuery } from 'kysely';
import { KeptAnswers } from './answer-cache.js';
import { compileOnce } from './compile-once.js';
import type { DB } from './database.js';
import { readTables } from './write-watch.js';

type Args = Record<string, string | number>;

const ttls = new WeakMap<object, number>();

/**
 * How long the shared answers of this DB are kept at most (ms; 0 keeps none). Set once by buildApp before the areas
 * build their statements (SHARED_CACHE_MS); a DB never given one keeps nothing.
 */
export function keepSharedAnswers(db: DB, ttlMs: number): void {
  ttls.set(db, ttlMs);
}

/**
 * A statement whose answer is the same for every customer of a company (its parameters, the profiles' menus, the
 * dashboard's news), kept in memory and shared by all requests: keyed by its parameters (company, profile…), never
 * by user or entity. Built and compiled once (db/compile-once.ts: `markers` are values no request sends); the
 * tables it reads are watched from the start (db/write-watch.ts), so a write to any of them, in this process or in
 * another (PostgreSQL NOTIFY at the commit), forgets every answer of the statement at once; the TTL only bounds what
 * a lost notification could leave behind. Until the watch listens (the first milliseconds), nothing is kept.
 */
export function sharedStatement<A extends Args, R>(db: DB, markers: A, build: (args: A) => { compile(): CompiledQuery<R> }): (args: A) => Promise<R[]> {
  const compiled = compileOnce(markers, build);
  const run = async (c: CompiledQuery<R>) => (await db.executeQuery<R>(c)).rows;
  const cache = KeptAnswers.watching(db, readTables(compiled(markers).sql), ttls.get(db) ?? 0, 5_000);
  return (args) => cache.statement(compiled(args), run);
}
