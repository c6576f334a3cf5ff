/**
 * The ERP's outbound event feed (issue 31) over real HTTP, against a listening server process (as `npm start` runs
 * it) on PostgreSQL. PostgreSQL only (a second process cannot open a PGlite directory).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:events -w @portal/bench -- [size] [seconds] [runs]
 *
 * Before the figures: GET /healthz in a closed loop (20 keep-alive connections, `seconds`), the ceiling of this
 * machine in the same run, printed beside them with its CPU ms per request (server process + PostgreSQL backends of
 * the bench database + this client, from /proc).
 *
 * 1. Reading 10,000 events from a cursor (target ≤ 1 s). La Pampa is brought to BENCH_EVENTS (50,000) events: the
 *    missing ones are inserted in bulk with SQL, copies of real events built by the server's own payload builders
 *    (pedido.confirmado of seeded sales orders, recibo.* of seeded receipts, visita.estado), then placed in the feed by
 *    sequenceEvents (the server's sequencer). A key of its own reads 'eventos'. `runs` times, from a random position
 *    of the company's feed (a different one each run, so no cache of a previous read flatters it), the bench follows
 *    GET /api/integration/v1/eventos?desde=…&limite=1000 page by page through `siguiente`, as an ERP would, until it
 *    has 10,000 events; the time is from the first request sent to the last page read whole (accept-encoding gzip,
 *    decompressed and parsed here). Printed: p50/p95/max of that time, events/s, CPU ms per page.
 *
 * 2. The cost of appending an event to the customer calls that write one (target ≤ 10 % of their p95). For `seconds`,
 *    a closed loop of mixed reads (16 connections: GET /data, catalogue text search, a facet list, dashboard, each
 *    request a different customer) runs while 20 bench customers, each on its own connection, add two lines to their
 *    cart (PUT /proxy/pedidos/:cart?type=carrito) and confirm it (PUT /proxy/pedidos, which appends pedido.confirmado
 *    in its transaction); confirmation is idempotent by cart, so it takes no Idempotency-Key. Printed: p50/p95 of the
 *    confirmations (the writing call), of the cart adds and of the reads, and the append's own cost:
 *     - when pg_stat_statements is loaded (shared_preload_libraries) on the server, its calls and mean/max time of
 *       the server's own append statements (the insert into integration_events and queueDeliveries' insert into
 *       integration_webhook_deliveries), counted from a reset at the start of the phase;
 *     - otherwise (and this is what the bench can always do), after each confirmation the writer runs, in this
 *       process on the same database while the traffic goes on, the append of that very order in a transaction
 *       that is then rolled back (the feed gets no duplicate): the payload build (salesOrderConfirmed's reads) and
 *       appendEvent (schema check, the insert into integration_events, queueDeliveries' insert), each timed; the
 *       same number of appends as confirmations, at the same concurrency. Its p95 is set against the confirmations'
 *       p95. The commit is not in it (it is the change's own commit; the append only makes its WAL longer).
 *
 * Environment: BENCH_PORT (9320), BENCH_EVENTS (50000), BENCH_WARMUP (seconds, 3).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { INTEGRATION_API_PREFIX, INTEGRATION_FEED, type IntegrationFeedResponse } from '@portal/contract';
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { appendEvent, sequenceEvents, type NewEvent } from '@portal/server/src/modules/integration/events.js';
import { receiptEvent, salesOrderConfirmed, visitState } from '@portal/server/src/modules/integration/event-payloads.js';
import { hashIntegrationSecret } from '@portal/server/src/plugins/integration-access.js';
import { closedLoop, summarise, type Call, type Result } from './closed-loop.js';
import { assertPortFree, cpuNow, ensureCustomers, LA_PAMPA, loadAverage, PASSWORD, startServer, waitForServer, type Cpu, type Customer } from './server-process.js';
import { percentile, targets } from './support.js';
import { VOCABULARY } from './vocabulary.js';

const size = (process.argv[2] ?? 'small') as DemoSize;
const seconds = Number(process.argv[3] ?? 30);
const runs = Number(process.argv[4] ?? 8);
const port = Number(process.env.BENCH_PORT ?? 9320);
const wanted = Number(process.env.BENCH_EVENTS ?? 50_000);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const READ_EVENTS = 10_000;
const WRITERS = 20;
const READERS = 16;
const KEY_NAME = 'Benchmark feed';
const api = '/api/public';

if (!process.env.BENCH_DATABASE_URL) throw new Error('set BENCH_DATABASE_URL (PostgreSQL): the server process and this one share the database');
process.env.BENCH_ONLY = 'postgres';

const cpuText = (c: Cpu) => `node ${c.server.toFixed(2)} + pg ${c.postgres.toFixed(2)} + client ${c.client.toFixed(2)} ms`;
const cpuPer = (a: Cpu, b: Cpu, n: number): Cpu => ({ server: (b.server - a.server) / n, postgres: (b.postgres - a.postgres) / n, client: (b.client - a.client) / n });
const ms = (v: number) => `${v.toFixed(1)} ms`;
const line = (r: Result) => `p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  max ${ms(r.max)}  n=${r.count}`;

/** The answer's body, decompressed; throws unless the status is `expected`. */
async function call(pool: Pool, c: Omit<Call, 'method'> & { method?: 'GET' | 'POST' | 'PUT' }, expected = 200): Promise<string> {
  const res = await pool.request({ path: c.path, method: c.method ?? 'GET', headers: c.headers, body: c.body });
  const raw = Buffer.from(await res.body.arrayBuffer());
  const encoding = res.headers['content-encoding'];
  const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  if (res.statusCode !== expected) throw new Error(`${c.method ?? 'GET'} ${c.path} answered ${res.statusCode}: ${text.slice(0, 300)}`);
  return text;
}

for await (const target of targets(size)) {
  const { db } = target;
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const customers = await ensureCustomers(db, WRITERS + 40);
  if (customers.length < WRITERS + 1) throw new Error(`only ${customers.length} bench customers: the ${size} size has too few generated entities`);

  // ── The company's feed brought to `wanted` events: real payloads, copied in bulk, then sequenced by the server's code.
  const have = Number((await db.selectFrom('integration_events').select(db.fn.countAll<string>().as('n')).where('company_id', '=', company.id).executeTakeFirstOrThrow()).n);
  if (have < wanted) {
    const t = performance.now();
    const templates: NewEvent[] = [];
    for (const o of await db.selectFrom('sales_orders').select('id').where('company_id', '=', company.id).orderBy('id', 'desc').limit(40).execute()) {
      templates.push(await salesOrderConfirmed(db, company.id, o.id, admin.id));
    }
    for (const r of await db.selectFrom('receipts').select('id').where('company_id', '=', company.id).orderBy('id', 'desc').limit(10).execute()) {
      templates.push(await receiptEvent(db, company.id, r.id, admin.id));
    }
    for (const [i, c] of customers.slice(0, 10).entries()) {
      const entity = await db.selectFrom('entities').select('id').where('company_id', '=', company.id).where('code', '=', Number(c.entity)).executeTakeFirstOrThrow();
      templates.push(await visitState(db, company.id, entity.id, `2026-03-${String(i + 1).padStart(2, '0')}`, 'normal', admin.id));
    }
    const wire = JSON.stringify(templates.map((e) => ({ kind: e.kind, subject: e.subject, payload: e.payload })));
    for (let done = have; done < wanted; ) {
      const n = Math.min(10_000, wanted - done);
      // Spread over the last days, oldest first, as a company's history would be.
      await sql`insert into integration_events (company_id, kind, occurred_at, actor_user_id, actor_name, subject, payload)
        select ${company.id}, t->>'kind', now() - make_interval(secs => (${wanted} - (${done} + g)) * 7), ${admin.id},
          (select coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) from users where id = ${admin.id}), t->>'subject', t->'payload'
        from generate_series(1, ${n}::int) g, lateral (select (${wire}::jsonb) -> ((g + ${done}) % ${templates.length}) as t) x`.execute(db);
      done += n;
    }
    const placed = await sequenceEvents(db);
    await sql`analyze integration_events`.execute(db);
    console.log(`La Pampa's feed: ${have} events, ${wanted - have} added (${templates.length} real payloads copied), ${placed} placed, in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const feedSize = Number((await sql<{ n: string }>`select count(*) as n from integration_events where company_id = ${company.id} and position is not null`.execute(db)).rows[0]!.n);

  // A key of its own for each run that reads the feed; the previous run's key revoked.
  await db.updateTable('integration_keys').set({ revoked_at: new Date() }).where('company_id', '=', company.id).where('name', '=', KEY_NAME).where('revoked_at', 'is', null).execute();
  const prefix = `pic_${randomBytes(9).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 12)}`;
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('integration_keys')
    .values({ company_id: company.id, name: KEY_NAME, prefix, secret_hash: hashIntegrationSecret(secret), write_kinds: [], read_kinds: ['eventos'], created_by: admin.id })
    .execute();
  const keyHeaders = { authorization: `Bearer ${prefix}_${secret}`, 'accept-encoding': 'gzip' };

  // pg_stat_statements, when the server loads it.
  let statements = false;
  try {
    await sql`create extension if not exists pg_stat_statements`.execute(db);
    await sql`select 1 from pg_stat_statements limit 1`.execute(db);
    statements = true;
  } catch {
    statements = false;
  }

  const databaseName = new URL(target.url!).pathname.slice(1);
  await assertPortFree(port);
  const server = startServer(target, port);
  const origin = `http://127.0.0.1:${port}`;
  const pool = new Pool(origin, { connections: WRITERS + READERS + 4, pipelining: 1 });
  const cpu = () => cpuNow(server.pid!, databaseName);
  try {
    await waitForServer(origin, server);
    console.log(`\n${target.kind}, ${size}, one server process, load ${loadAverage()}: La Pampa's feed holds ${feedSize} placed events`);

    // ── The ceiling of this machine, in this run.
    const { run } = closedLoop({ connections: 20, seconds: Math.min(seconds, 10), warmup, cpu });
    const { all: healthz } = await run(pool, () => ({ label: 'healthz', path: '/healthz' }));
    console.log(`  GET /healthz (ceiling)              ${healthz.perSecond.toFixed(0)} req/s  p50 ${ms(healthz.p50)}  p95 ${ms(healthz.p95)}  CPU/req ${cpuText(healthz.cpu!)}`);

    // ── 1. 10,000 events from a cursor, page by page.
    const limit = INTEGRATION_FEED.maxLimit;
    const page = async (after: string) => JSON.parse(await call(pool, { label: 'feed', path: `${INTEGRATION_API_PREFIX}/eventos?desde=${after}&limite=${limit}`, headers: keyHeaders })) as IntegrationFeedResponse;
    await page('0'); // JIT and the pool's connections, unmeasured
    const reads: number[] = [];
    let pages = 0;
    const before = cpu();
    for (let r = 0; r < runs; r++) {
      const offset = Math.floor(Math.random() * Math.max(1, feedSize - READ_EVENTS));
      const start = (await sql<{ p: string }>`select (position - 1)::text as p from integration_events where company_id = ${company.id} and position is not null
        order by position offset ${offset} limit 1`.execute(db)).rows[0]!.p;
      const t = performance.now();
      let got = 0;
      for (let after = start; got < READ_EVENTS; ) {
        const p = await page(after);
        pages++;
        got += p.eventos.length;
        after = p.siguiente;
        if (!p.hay_mas) break;
      }
      if (got < READ_EVENTS) throw new Error(`the feed ended after ${got} events from ${start}`);
      reads.push(performance.now() - t);
    }
    const readCpu = cpuPer(before, cpu(), pages);
    const sorted = [...reads].sort((a, b) => a - b);
    const total = reads.reduce((a, b) => a + b, 0);
    console.log(`\n1. ${READ_EVENTS} events from a random cursor, pages of ${limit} (${runs} runs, ${pages} pages):`);
    console.log(`  read time p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  max ${ms(sorted.at(-1)!)}  (target ≤ 1000 ms);  ${((runs * READ_EVENTS * 1000) / total).toFixed(0)} events/s;  CPU/page ${cpuText(readCpu)}`);

    // ── 2. Confirmations under mixed reads, and the append's own cost.
    for (const c of customers) {
      const login = JSON.parse(await call(pool, {
        label: 'login', path: `${api}/oauth`, method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'master', grant_type: 'password', username: c.username, password: PASSWORD }),
      })) as { access_token: string };
      c.token = login.access_token;
    }
    const headersOf = (c: Customer) => ({ authorization: `Bearer ${c.token}`, cuit: c.cuit, entity_id: c.entity, 'accept-encoding': 'gzip, deflate, br' });
    const writers = customers.slice(0, WRITERS);
    const readers = customers.slice(WRITERS);
    const userIds = new Map((await db.selectFrom('users').select(['id', 'username']).where('username', 'in', writers.map((w) => w.username)).execute()).map((u) => [u.username, u.id]));
    // Products each writer can order: the first page of a few catalogue searches.
    const products: number[] = [];
    for (const w of VOCABULARY.slice(0, 8)) {
      const q = new URLSearchParams({ filtros: JSON.stringify({ patron: w }), start: '0', limit: '12', page: '1' });
      const c = JSON.parse(await call(pool, { label: 'catalogue', path: `${api}/proxy/pedidos?${q}`, headers: headersOf(writers[0]!) })) as { productos: Array<{ id: number }> };
      products.push(...c.productos.map((p) => p.id));
    }
    if (products.length === 0) throw new Error('the catalogue answered no products');
    const mixed: Array<(c: Customer, i: number) => Call> = [
      (c) => ({ label: 'GET /data', path: `${api}/data?mobile=false`, headers: headersOf(c) }),
      (c, i) => ({ label: 'catalogue', path: `${api}/proxy/pedidos?${new URLSearchParams({ filtros: JSON.stringify({ patron: VOCABULARY[i % VOCABULARY.length]! }), start: '0', limit: '12', page: '1' })}`, headers: headersOf(c) }),
      (c, i) => ({ label: 'facet list', path: `${api}/proxy/pedidos?${new URLSearchParams({ type: 'familia', patron: VOCABULARY[(i * 7) % VOCABULARY.length]! })}`, headers: headersOf(c) }),
      (c) => ({ label: 'dashboard', path: `${api}/proxy/cgi/etenet_dashboard`, headers: headersOf(c) }),
    ];
    const reading = closedLoop({ connections: READERS, seconds, warmup: 0, cpu });
    const readerCall = (client: number, i: number) => mixed[i % mixed.length]!(readers[(client + i * READERS) % readers.length]!, client + i * READERS);

    const confirms: number[] = [];
    const adds: number[] = [];
    const builds: number[] = [];
    const appends: number[] = [];
    const ROLLBACK = new Error('rolled back on purpose');
    /** The append of order `orderId` as the confirmation wrote it, timed, in a transaction rolled back. */
    async function shadowAppend(orderId: number, userId: number): Promise<void> {
      try {
        await db.transaction().execute(async (trx) => {
          const t0 = performance.now();
          const event = await salesOrderConfirmed(trx, company.id, orderId, userId);
          const t1 = performance.now();
          await appendEvent(trx, event);
          builds.push(t1 - t0);
          appends.push(performance.now() - t1);
          throw ROLLBACK;
        });
      } catch (e) {
        if (e !== ROLLBACK) throw e;
      }
    }
    async function writer(c: Customer, n: number, end: number, measured: boolean): Promise<void> {
      const h = { ...headersOf(c), 'content-type': 'application/json' };
      for (let i = 0; performance.now() < end; i++) {
        const cart = JSON.parse(await call(pool, { label: 'cart', path: `${api}/proxy/pedidos?type=carrito`, headers: h })) as { carrito: { id: number } };
        const cartId = cart.carrito.id;
        for (let k = 0; k < 2; k++) {
          const t = performance.now();
          await call(pool, {
            label: 'cart add', method: 'PUT', path: `${api}/proxy/pedidos/${cartId}?type=carrito&suma=true`, headers: h,
            body: JSON.stringify({ producto_id: products[(n * 7 + i * 2 + k) % products.length]!, pedido_cantidad: 1 + k }),
          });
          if (measured) adds.push(performance.now() - t);
        }
        const t = performance.now();
        const done = JSON.parse(await call(pool, { label: 'confirm', method: 'PUT', path: `${api}/proxy/pedidos`, headers: h, body: JSON.stringify({ pedidoid: cartId }) })) as { id: number };
        if (!measured) continue;
        confirms.push(performance.now() - t);
        if (!statements) await shadowAppend(done.id, userIds.get(c.username)!);
      }
    }
    // Warm-up of readers and writers together (unmeasured), then the measured phase.
    const w0 = performance.now() + warmup * 1000;
    await Promise.all([reading.load(pool, warmup, readerCall), ...writers.map((c, n) => writer(c, n, w0, false))]);
    if (statements) await sql`select pg_stat_statements_reset()`.execute(db);
    const cpu0 = cpu();
    const end = performance.now() + seconds * 1000;
    const [{ all: readAll, byLabel }] = await Promise.all([reading.load(pool, seconds, readerCall), ...writers.map((c, n) => writer(c, n, end, true))]);
    const cpuWrite = cpuPer(cpu0, cpu(), readAll.count + confirms.length * 4);
    const conf = summarise('confirm', confirms, seconds, 0);
    const add = summarise('cart add', adds, seconds, 0);
    console.log(`\n2. ${WRITERS} customers adding 2 lines and confirming, under ${READERS} connections of mixed reads, ${seconds} s (CPU per request of the phase ${cpuText(cpuWrite)}):`);
    console.log(`  confirm (writes pedido.confirmado)  ${line(conf)}  ${(confirms.length / seconds).toFixed(1)}/s`);
    console.log(`  cart add                            ${line(add)}`);
    console.log(`  mixed reads                         ${line(readAll)}  ${readAll.perSecond.toFixed(0)} req/s`);
    for (const r of byLabel) console.log(`    · ${r.label.padEnd(31)} ${line(r)}`);
    if (statements) {
      const rows = (await sql<{ query: string; calls: string; mean: number; max: number }>`select query, calls::text as calls, mean_exec_time as mean, max_exec_time as max
        from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
          and (query ilike 'insert into "integration_events"%' or query ilike 'insert into integration_webhook_deliveries%')`.execute(db)).rows;
      let mean = 0;
      for (const r of rows) {
        const perCall = (r.mean * Number(r.calls)) / Math.max(1, confirms.length);
        mean += perCall;
        console.log(`  pg_stat_statements: ${r.query.replace(/\s+/g, ' ').slice(0, 60)}…  calls ${r.calls}  mean ${r.mean.toFixed(2)} ms  max ${r.max.toFixed(2)} ms`);
      }
      console.log(`  append statements per confirmation (server's own, mean) ${mean.toFixed(2)} ms = ${((100 * mean) / conf.p95).toFixed(1)} % of the confirmations' p95 (target ≤ 10 %)`);
    } else {
      const b = summarise('build', builds, seconds, 0);
      const a = summarise('append', appends, seconds, 0);
      const both = summarise('both', builds.map((v, i) => v + appends[i]!), seconds, 0);
      console.log('  pg_stat_statements is not loaded: the same appends run in this process during the traffic (rolled back):');
      console.log(`  appendEvent (check + insert + queueDeliveries)  ${line(a)}  p95 = ${((100 * a.p95) / conf.p95).toFixed(1)} % of the confirmations' p95`);
      console.log(`  payload build (salesOrderConfirmed)             ${line(b)}`);
      console.log(`  build + append                                  ${line(both)}  p95 = ${((100 * both.p95) / conf.p95).toFixed(1)} % of the confirmations' p95 (target ≤ 10 %)`);
    }
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    await pool.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    await target.close();
  }
}
