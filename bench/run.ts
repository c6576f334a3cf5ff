/**
 * Access-path benchmark: p50/p95 of the calls every page makes (GET /data with tenancy checks, GET
 * /sessions/buscoentidad) under concurrent clients, on PGlite and, when BENCH_DATABASE_URL is set, PostgreSQL.
 *   npm run bench -- [size] [clients] [requests]      e.g. npm run bench -- large 20 2000
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '@portal/server/src/app.js';
import { loadConfig } from '@portal/server/src/config.js';
import { migrateToLatest, openDatabase, type DB } from '@portal/server/src/db/database.js';
import { seedDemo, type DemoSize } from '@portal/server/src/db/seed/seed.js';

const size = (process.argv[2] ?? 'large') as DemoSize;
const clients = Number(process.argv[3] ?? 20);
const requests = Number(process.argv[4] ?? 2000);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, run: () => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next++ < requests) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  ${(times.length / wall).toFixed(0)} req/s`,
  );
}

async function bench(kind: string, db: DB) {
  await migrateToLatest(db);
  const t = performance.now();
  await seedDemo(db, size);
  console.log(`\n${kind}: seeded ${size} in ${((performance.now() - t) / 1000).toFixed(1)} s; ${clients} clients, ${requests} requests each call`);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/portal-bench' }), db });
  const login = await app.inject({ method: 'POST', url: '/api/public/oauth', payload: { client_id: 'master', grant_type: 'password', username: 'productor', password: 'Demo1234' } });
  const { access_token } = login.json() as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, cuit: '30712345671', entity_id: '1001' };
  const ok = (status: number) => {
    if (status !== 200) throw new Error(`status ${status}`);
  };
  await measure('GET /data (company + entity)', async () => ok((await app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers })).statusCode));
  await measure('GET /sessions/buscoentidad', async () => ok((await app.inject({ method: 'GET', url: '/api/public/sessions/buscoentidad?cuit=30712345671', headers })).statusCode));
  await measure('GET /data, foreign entity (403)', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers: { ...headers, entity_id: '2000' } });
    if (r.statusCode !== 403) throw new Error(`status ${r.statusCode}`);
  });
  await app.close();
}

const lite = await openDatabase({ kind: 'pglite', dataDir: null });
await bench('PGlite', lite);
await lite.destroy();

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  await sql.raw(`create database ${name}`).execute(admin);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: u.toString() });
  try {
    await bench('PostgreSQL', db);
  } finally {
    await db.destroy();
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin);
    await admin.destroy();
  }
}
