/**
 * Webhook delivery over a listening server process (as `npm start` runs it) on PostgreSQL, to a local receiver that
 * verifies each signature: events are appended in their own transactions at `rate` per second for `seconds`
 * (as the portal's changes would), and the receiver measures what it gets: events/s delivered, and the lag from
 * commit to arrival (p50, p95, max). Then a burst of `burst` events at once: how fast the backlog drains.
 * Target: keep up with 200 events/s. PostgreSQL only (a second process cannot open a PGlite directory).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:webhooks -w @portal/bench -- [rate] [seconds] [burst]
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { appendEvent } from '@portal/server/src/modules/integration/events.js';
import { visitState } from '@portal/server/src/modules/integration/event-payloads.js';
import { hashIntegrationSecret } from '@portal/server/src/plugins/integration-access.js';
import { assertPortFree, LA_PAMPA, loadAverage, startServer, waitForServer } from './server-process.js';
import { percentile, targets } from './support.js';

const rate = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 20);
const burst = Number(process.argv[4] ?? 4000);
const port = Number(process.env.BENCH_PORT ?? 8394);
const origin = `http://127.0.0.1:${port}`;
const KEY_NAME = 'Benchmark webhooks';

if (!process.env.BENCH_DATABASE_URL) throw new Error('set BENCH_DATABASE_URL (PostgreSQL): the server process and this one share the database');
process.env.BENCH_ONLY = 'postgres';

for await (const target of targets('small')) {
  const { db } = target;
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const customers = (await db.selectFrom('entities').select('id').where('company_id', '=', company.id).orderBy('id').limit(20).execute()).map((e) => e.id);

  // The receiver: verifies the signature, notes when each event arrived.
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const arrived = new Map<string, number>();
  let bad = 0;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const parts = Object.fromEntries(String(req.headers['portal-signature']).split(',').map((p) => p.split('=') as [string, string]));
      const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) bad++;
      const id = String(req.headers['portal-event-id']);
      if (!arrived.has(id)) arrived.set(id, performance.now());
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  // A key of its own for each run, with the webhook; the previous run's key revoked and its webhook removed.
  const old = await db.selectFrom('integration_keys').select('id').where('company_id', '=', company.id).where('name', '=', KEY_NAME).execute();
  for (const k of old) {
    await db.deleteFrom('integration_webhook_deliveries').where('key_id', '=', k.id).execute();
    await db.deleteFrom('integration_webhooks').where('key_id', '=', k.id).execute();
    await db.updateTable('integration_keys').set({ revoked_at: new Date() }).where('id', '=', k.id).where('revoked_at', 'is', null).execute();
  }
  const { id: keyId } = await db
    .insertInto('integration_keys')
    .values({
      company_id: company.id,
      name: KEY_NAME,
      prefix: `pic_${randomBytes(9).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 12)}`,
      secret_hash: hashIntegrationSecret(randomBytes(32).toString('base64url')),
      write_kinds: [],
      read_kinds: ['eventos'],
      created_by: admin.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('integration_webhooks').values({ key_id: keyId, company_id: company.id, url: hook, secret }).execute();

  await assertPortFree(port);
  const server = startServer(target, port);
  // Locks waited on while the run goes (a stall would show here).
  const waits: string[] = [];
  const watcher = setInterval(() => {
    void sql<{ w: string }>`select wait_event_type || ':' || wait_event || ' ' || left(query, 80) as w from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db).then((r) => waits.push(...r.rows.map((x) => x.w)), () => undefined);
  }, 500);
  try {
    await waitForServer(origin, server);
    const committed = new Map<string, number>();
    let n = 0;
    /** One event in its own transaction, as a change would write it, noted with its commit time. */
    async function append(): Promise<void> {
      const i = n++;
      const date = `2019-${String((Math.floor(i / 28) % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      const id = await db.transaction().execute(async (trx) => appendEvent(trx, await visitState(trx, company.id, customers[i % customers.length]!, date, 'normal', null)));
      committed.set(id, performance.now());
    }
    async function drained(ids: string[], timeoutMs: number): Promise<number> {
      const start = performance.now();
      while (ids.some((id) => !arrived.has(id))) {
        if (performance.now() - start > timeoutMs) return ids.filter((id) => arrived.has(id)).length;
        await sleep(20);
      }
      return ids.length;
    }

    // Steady: `rate` events a second, each second's events spread over it.
    console.log(`PostgreSQL, one server process, load ${loadAverage()}: ${rate} events/s for ${seconds} s`);
    const t0 = performance.now();
    // Each event is started at its time and not awaited (as independent requests would write them), at most 64 open.
    const open = new Set<Promise<void>>();
    for (let i = 0; i < rate * seconds; i++) {
      const wait = t0 + (i * 1000) / rate - performance.now();
      if (wait > 1) await sleep(wait);
      if (open.size >= 64) await Promise.race(open);
      const p: Promise<void> = append().finally(() => open.delete(p));
      open.add(p);
    }
    await Promise.all(open);
    const produced = performance.now() - t0;
    const steadyIds = [...committed.keys()];
    const got = await drained(steadyIds, 60_000);
    const end = Math.max(...steadyIds.map((id) => arrived.get(id) ?? 0));
    const lags = steadyIds.filter((id) => arrived.has(id)).map((id) => arrived.get(id)! - committed.get(id)!).sort((a, b) => a - b);
    console.log(`  appended ${steadyIds.length} in ${(produced / 1000).toFixed(1)} s (${((steadyIds.length * 1000) / produced).toFixed(0)}/s); delivered ${got}`);
    console.log(`  delivered rate over the run ${((got * 1000) / (end - t0)).toFixed(0)} events/s; lag commit→arrival p50 ${percentile(lags, 0.5).toFixed(0)} ms, p95 ${percentile(lags, 0.95).toFixed(0)} ms, max ${lags.at(-1)?.toFixed(0)} ms`);

    // Burst: the events appended as fast as this process can, then drained.
    committed.clear();
    const b0 = performance.now();
    const writers = 8;
    await Promise.all(Array.from({ length: writers }, async () => {
      while (committed.size < burst && n < 10_000_000) await append();
    }));
    const burstIds = [...committed.keys()];
    const gotBurst = await drained(burstIds, 120_000);
    const bEnd = Math.max(...burstIds.map((id) => arrived.get(id) ?? 0));
    console.log(`  burst of ${burstIds.length} (appended in ${((performance.now() - b0) / 1000).toFixed(1)} s): ${gotBurst} delivered in ${((bEnd - b0) / 1000).toFixed(1)} s, ${((gotBurst * 1000) / (bEnd - b0)).toFixed(0)} events/s`);
    const states = await db.selectFrom('integration_webhook_deliveries').select(['status', db.fn.countAll<number>().as('n')]).where('key_id', '=', keyId).groupBy('status').execute();
    console.log(`  deliveries by state: ${states.map((s) => `${s.status} ${s.n}`).join(', ')}; bad signatures ${bad}; load ${loadAverage()}`);
    console.log(`  lock waits seen (every 0.5 s): ${waits.length}${waits.length ? `, e.g. ${[...new Set(waits)].slice(0, 3).join(' | ')}` : ''}`);
  } finally {
    clearInterval(watcher);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    receiver.closeAllConnections();
    receiver.close();
    await target.close();
  }
}
