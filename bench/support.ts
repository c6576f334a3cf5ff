/**
 * What every benchmark shares: a database of a demo size (PGlite in a data directory, or PostgreSQL), seeded once
 * and reused across runs (the `large` size takes minutes to seed), an app on it, logins, and a concurrent
 * p50/p95 measurement of in-process requests.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '@portal/server/src/app.js';
import { loadConfig } from '@portal/server/src/config.js';
import { migrateToLatest, openDatabase, type DB } from '@portal/server/src/db/database.js';
import { isSeeded, seedDemo, settleAfterBulkLoad } from '@portal/server/src/db/seed/seed.js';
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;
/**
 * `url` (PostgreSQL) or `dataDir` (PGlite) says where the database is, for a server process of its own: `dataDir`
 * is a DATA_DIR as the server takes it, the PGlite data in its `pglite` folder.
 */
export type Target = { kind: 'PGlite' | 'PostgreSQL'; db: DB; close: () => Promise<void>; url?: string; dataDir?: string };

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export type Figures = { p50: number; p95: number; perSecond: number };

/** Runs `run` `requests` times with `clients` in flight at once; prints and returns p50, p95 and throughput. */
export async function measure(label: string, clients: number, requests: number, run: (i: number) => Promise<void>): Promise<Figures> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        const i = next++;
        const t = performance.now();
        await run(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const figures = { p50: percentile(times, 50), p95: percentile(times, 95), perSecond: times.length / wall };
  console.log(`${label.padEnd(52)} p50 ${figures.p50.toFixed(2).padStart(7)} ms  p95 ${figures.p95.toFixed(2).padStart(7)} ms  ${figures.perSecond.toFixed(0).padStart(5)} req/s`);
  return figures;
}

async function ensureSeeded(db: DB, size: DemoSize, kind: string): Promise<void> {
  await migrateToLatest(db);
  if (await isSeeded(db)) return;
  const t = performance.now();
  await seedDemo(db, size);
  await settleAfterBulkLoad(db);
  console.log(`${kind}: seeded ${size} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/**
 * The databases to measure: PGlite in `BENCH_PGLITE_DIR` (default /tmp/portal-bench-pglite-<size>), and PostgreSQL
 * when BENCH_DATABASE_URL is set, in a database `portal_bench_<size>` (or BENCH_DATABASE_NAME) created on that server.
 * Both are kept between runs; delete the directory or drop the database to reseed. BENCH_ONLY=pglite|postgres picks
 * one.
 */
export async function* targets(size: DemoSize): AsyncGenerator<Target> {
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    // Laid out as the server's DATA_DIR (data in DATA_DIR/pglite), so a server process opens it directly: PGlite
    // cannot open its directory through a symlink (ErrnoError 44, the failure of the first PGlite HTTP runs).
    const dataDir = process.env.BENCH_PGLITE_DIR ?? `/tmp/portal-bench-pglite-${size}`;
    mkdirSync(dataDir, { recursive: true });
    const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await ensureSeeded(db, size, 'PGlite');
    yield { kind: 'PGlite', db, close: () => db.destroy(), dataDir };
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url && only !== 'pglite') {
    const name = process.env.BENCH_DATABASE_NAME ?? `portal_bench_${size}`;
    const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
    const exists = await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${name}`.execute(admin);
    if (exists.rows[0]!.n === 0) await sql.raw(`create database ${name}`).execute(admin);
    await admin.destroy();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openDatabase({ kind: 'postgres', url: u.toString() });
    await ensureSeeded(db, size, 'PostgreSQL');
    await sql`analyze`.execute(db);
    yield { kind: 'PostgreSQL', db, close: () => db.destroy(), url: u.toString() };
  }
}

export async function benchApp(db: DB): Promise<BenchApp> {
  return buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/portal-bench', RATE_LIMIT_SCALE: '1000' }), db });
}

/** Logs in and returns the headers of requests for that company and entity. */
export async function loginHeaders(app: BenchApp, username: string, password: string, cuit: string, entity: number): Promise<Record<string, string>> {
  const login = await app.inject({ method: 'POST', url: '/api/public/oauth', payload: { client_id: 'master', grant_type: 'password', username, password } });
  const { access_token } = login.json() as { access_token: string };
  if (!access_token) throw new Error(`login of ${username} failed: ${login.body}`);
  return { authorization: `Bearer ${access_token}`, cuit, entity_id: String(entity) };
}

export function expectStatus(status: number, expected = 200, body = ''): void {
  if (status !== expected) throw new Error(`status ${status} (expected ${expected}) ${body.slice(0, 200)}`);
}
