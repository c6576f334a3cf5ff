/**
 * Server throughput over real HTTP: the server runs in a process of its own, as `npm start` runs it
 * (apps/server/src/main.ts, logging at info), and this process drives it over TCP with 20 keep-alive connections
 * (undici, closed loop: each connection sends its next request when the last answer has been read whole).
 *
 *   npm run bench:http -- [size] [seconds] [connections]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_DATABASE_NAME=bench_large BENCH_ONLY=postgres \
 *     npm run bench:http -- large 15 20
 *
 * What it measures, in this order, each after a few seconds of unmeasured warm-up:
 *  1. a cold search nobody made (words and model numbers not in the vocabulary), one at a time on the idle server;
 *  2. GET /healthz, the ceiling of this machine, server and client (the same run, printed beside the rest);
 *  3. the catalogue, text search over VOCABULARY (70 farm-supply words), page 1, many customers;
 *  4. the catalogue, text + two facets (familia and marca that the word falls in), page 1;
 *  5. mixed customer traffic: /data, catalogue, cart, facet list, dashboard, fiscal page, module parameters, in
 *     turn, each connection taking the next customer for each round;
 *  6. GET /healthz again (how much the machine's share moved during the run).
 *
 * Environment: BENCH_PORT (9300), BENCH_CUSTOMERS (100 bench customers, created once in the database, each linked
 * to one generated entity of La Pampa), BENCH_SERVER_ENV ('WORKERS=2 LOG_LEVEL=warn': extra variables for the
 * server), BENCH_CPU_PROF (a directory: the server runs under node --cpu-prof and writes its profile there on exit),
 * BENCH_WARMUP (seconds, 3), BENCH_SCENARIOS (comma list of cold,healthz,text,facets,mixed to run only some; `each`
 * adds each call of the mixed traffic alone, with its CPU cost per request; BENCH_CALLS, a comma list of label
 * beginnings such as 'catalogue,dashboard', keeps only those calls in `each`, e.g. to profile one call).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { defaultFiscalRange } from '@portal/contract';
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { assertPortFree, committedNow, cpuNow, ensureCustomers, loadAverage, PASSWORD, startServer, waitForServer, type Cpu, type Customer } from './server-process.js';
import { closedLoop, summarise, type Call, type Result } from './closed-loop.js';
import { targets } from './support.js';
import { VOCABULARY } from './vocabulary.js';

const size = (process.argv[2] ?? 'large') as DemoSize;
const seconds = Number(process.argv[3] ?? 15);
const connections = Number(process.argv[4] ?? 20);
const port = Number(process.env.BENCH_PORT ?? 9300);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const scenarios = new Set((process.env.BENCH_SCENARIOS ?? 'cold,healthz,text,facets,mixed').split(','));

/** Searches nobody makes in the rest of the run: brands and a word with a model number. */
const COLD = [
  'protecta', 'nutrisur', 'vetcampo', 'pampeana', 'genética', 'criadero', 'surco', 'fértil', 'química', 'plata',
  'ferro rural', 'alambres del centro', 'biológicos', 'energía',
  ...['glifosato', 'urea', 'soja', 'maíz', 'trigo', 'girasol', 'alambre', 'gasoil', 'ivermectina', 'fosfato', 'poste', 'vacuna', 'atrazina', 'sorgo', 'aceite', 'tenaza']
    .map((w, i) => `${w} ${3_000 + ((i * 389) % 7_000)}`),
];
const FACET_TYPES = ['unegocio', 'familia', 'subfamilia', 'presentacion', 'rubro', 'subrubro', 'linea', 'marca'] as const;

const cpuText = (c: Cpu) => `node ${c.server.toFixed(2)} + pg ${c.postgres.toFixed(2)} + client ${c.client.toFixed(2)} ms`;

function print(r: Result, ceiling?: number): void {
  const share = ceiling ? `  ${((100 * r.perSecond) / ceiling).toFixed(0).padStart(3)} % of ceiling` : '';
  const cpu = (r.cpu ? `  CPU/req ${cpuText(r.cpu)}` : '') + (r.statements !== undefined ? `  ${r.statements.toFixed(2)} statements/req` : '');
  console.log(
    `  ${r.label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${(r.bytes / 1024).toFixed(1).padStart(5)} kB  n=${r.count}${share}${cpu}`,
  );
}

let serverPid = 0;
let databaseName: string | null = null;
let databaseUrl: string | null = null;
const { run } = closedLoop({
  connections,
  seconds,
  warmup,
  cpu: () => cpuNow(serverPid, databaseName),
  statements: async () => (databaseUrl ? committedNow(databaseUrl) : null),
});

async function json<T>(pool: Pool, call: Call): Promise<T> {
  const res = await pool.request({ path: call.path, method: call.method ?? 'GET', headers: call.headers, body: call.body });
  const raw = Buffer.from(await res.body.arrayBuffer());
  const encoding = res.headers['content-encoding'];
  const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  if (res.statusCode !== 200) throw new Error(`${call.path} answered ${res.statusCode}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const api = '/api/public';
/** What a browser sends with every API call: the credentials and, like Chromium and Firefox, the encodings it takes. */
const BROWSER_ENCODINGS = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const headersOf = (c: Customer) => ({ authorization: `Bearer ${c.token}`, cuit: c.cuit, entity_id: c.entity, 'accept-encoding': BROWSER_ENCODINGS });
/** The fiscal page as the browser first asks for it: the default range, the first 7. */
const fiscalQuery = new URLSearchParams({ ...defaultFiscalRange(), start: '0', limit: '7' }).toString();
const catalogue = (patron: string, extra: Record<string, number> = {}) =>
  `${api}/proxy/pedidos?${new URLSearchParams({ filtros: JSON.stringify({ patron, ...extra }), start: '0', limit: '12', page: '1' })}`;

for await (const target of targets(size)) {
  const customers = await ensureCustomers(target.db, customerCount);
  await target.close();
  const origin = `http://127.0.0.1:${port}`;
  await assertPortFree(port);
  const server = startServer(target, port);
  serverPid = server.pid!;
  databaseName = target.url ? new URL(target.url).pathname.slice(1) : null;
  databaseUrl = target.url ?? null;
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const out: Array<{ group: string; r: Result }> = [];
  try {
    await waitForServer(origin, server);
    console.log(`\n${target.kind}, ${size}, over HTTP: ${connections} connections, ${warmup} s warm-up + ${seconds} s per call, ${customers.length} customers, server env '${process.env.BENCH_SERVER_ENV ?? ''}'`);
    for (const c of customers) {
      const login = await json<{ access_token: string }>(pool, {
        label: 'login',
        path: `${api}/oauth`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'master', grant_type: 'password', username: c.username, password: PASSWORD }),
      });
      c.token = login.access_token;
    }
    const customer = (client: number, round: number) => customers[(client + round * connections) % customers.length]!;

    // Two facets that each word falls in: the familia with most matches, then the marca with most within it.
    type Items = { items: Array<{ id: number; cantidad: number }> };
    const facetsOf = new Map<string, { familia_id: number; marca_id: number }>();
    for (const w of VOCABULARY) {
      const h = headersOf(customers[0]!);
      const fam = await json<Items>(pool, { label: 'facet', path: `${api}/proxy/pedidos?${new URLSearchParams({ type: 'familia', patron: w })}`, headers: h });
      const f = fam.items.sort((a, b) => b.cantidad - a.cantidad)[0];
      if (!f) throw new Error(`no product matches '${w}'`);
      const mar = await json<Items>(pool, { label: 'facet', path: `${api}/proxy/pedidos?${new URLSearchParams({ type: 'marca', patron: w, familia_id: String(f.id) })}`, headers: h });
      facetsOf.set(w, { familia_id: f.id, marca_id: mar.items.sort((a, b) => b.cantidad - a.cantidad)[0]!.id });
    }
    // JIT warm-up of every call (unmeasured), then the idle server answers cold searches one at a time.
    const mixed: Array<(c: Customer, i: number) => Call> = [
      (c) => ({ label: 'GET /data', path: `${api}/data?mobile=false`, headers: headersOf(c) }),
      (c, i) => ({ label: 'catalogue, text', path: catalogue(VOCABULARY[i % VOCABULARY.length]!), headers: headersOf(c) }),
      (c) => ({ label: 'cart (type=carrito)', path: `${api}/proxy/pedidos?type=carrito`, headers: headersOf(c) }),
      (c, i) => ({
        label: 'facet list (text)',
        path: `${api}/proxy/pedidos?${new URLSearchParams({ type: FACET_TYPES[i % FACET_TYPES.length]!, patron: VOCABULARY[(i * 7) % VOCABULARY.length]! })}`,
        headers: headersOf(c),
      }),
      (c) => ({ label: 'dashboard', path: `${api}/proxy/cgi/etenet_dashboard`, headers: headersOf(c) }),
      (c) => ({ label: 'fiscal page (7)', path: `${api}/proxy/cgi/etenet_cabcbte?${fiscalQuery}`, headers: headersOf(c) }),
      (c) => ({ label: 'module parameters', path: `${api}/configuraciones/parametros_modulos`, headers: headersOf(c) }),
    ];
    for (let i = 0; i < 300; i++) await json(pool, mixed[i % mixed.length]!(customer(0, i), i));

    if (scenarios.has('cold')) {
      await sleep(2_000);
      const times: number[] = [];
      const before = cpuNow(serverPid, databaseName);
      for (const [i, w] of COLD.entries()) {
        const t = performance.now();
        await json(pool, { label: 'cold', path: catalogue(w), headers: headersOf(customer(i, 0)) });
        times.push(performance.now() - t);
        await sleep(100);
      }
      const after = cpuNow(serverPid, databaseName);
      const r = summarise(`cold search, alone (${COLD.length} different)`, [...times], times.reduce((a, b) => a + b, 0) / 1000, 0);
      r.cpu = { server: (after.server - before.server) / COLD.length, postgres: (after.postgres - before.postgres) / COLD.length, client: (after.client - before.client) / COLD.length };
      console.log(`  cold (ms): ${COLD.map((w, i) => `${w} ${times[i]!.toFixed(0)}`).join(', ')}`);
      print(r);
      out.push({ group: 'cold', r });
    }
    let ceiling = 0;
    if (scenarios.has('healthz')) {
      const { all } = await run(pool, () => ({ label: 'healthz', path: '/healthz', headers: { 'accept-encoding': BROWSER_ENCODINGS } }));
      all.label = 'GET /healthz (ceiling)';
      ceiling = all.perSecond;
      print(all);
      out.push({ group: 'healthz', r: all });
    }
    if (scenarios.has('text')) {
      const { all } = await run(pool, (client, i) => {
        const n = client + i * connections;
        return { label: 'text', path: catalogue(VOCABULARY[n % VOCABULARY.length]!), headers: headersOf(customer(client, i)) };
      });
      all.label = `catalogue, text (${VOCABULARY.length} words), page 1`;
      print(all, ceiling);
      out.push({ group: 'text', r: all });
    }
    if (scenarios.has('facets')) {
      const { all } = await run(pool, (client, i) => {
        const w = VOCABULARY[(client + i * connections) % VOCABULARY.length]!;
        return { label: 'facets', path: catalogue(w, facetsOf.get(w)!), headers: headersOf(customer(client, i)) };
      });
      all.label = 'catalogue, text + familia + marca, page 1';
      print(all, ceiling);
      out.push({ group: 'facets', r: all });
    }
    if (scenarios.has('mixed')) {
      const { all, byLabel } = await run(pool, (client, i) => {
        const round = Math.floor(i / mixed.length);
        return mixed[i % mixed.length]!(customer(client, round), client + round * connections);
      });
      all.label = 'mixed customer traffic (7 calls in turn)';
      print(all, ceiling);
      out.push({ group: 'mixed', r: all });
      for (const r of byLabel) {
        r.label = `  · ${r.label}`;
        print(r);
        out.push({ group: 'mixed', r });
      }
    }
    if (scenarios.has('each')) {
      // Each call of the mixed traffic alone: its own throughput and CPU cost per request (where to look first).
      const only = process.env.BENCH_CALLS?.split(',');
      for (const call of mixed) {
        if (only && !only.some((o) => call(customers[0]!, 0).label.startsWith(o))) continue;
        const { all } = await run(pool, (client, i) => call(customer(client, i), client + i * connections));
        all.label = `alone: ${call(customers[0]!, 0).label}`;
        print(all, ceiling);
        out.push({ group: 'each', r: all });
      }
    }
    if (scenarios.has('healthz')) {
      const { all } = await run(pool, () => ({ label: 'healthz', path: '/healthz', headers: { 'accept-encoding': BROWSER_ENCODINGS } }));
      all.label = 'GET /healthz again (end of run)';
      print(all);
      out.push({ group: 'healthz', r: all });
    }
    console.log('\n| call | req/s (of ceiling) | p50 | p95 | p99 | answer | CPU per request | statements per request |\n|---|---|---|---|---|---|---|---|');
    for (const { r } of out) {
      const share = ceiling && /^(catalogue|mixed|alone)/.test(r.label) ? ` (${((100 * r.perSecond) / ceiling).toFixed(0)} %)` : '';
      console.log(
        `| ${r.label.trim()} | ${r.perSecond.toFixed(0)}${share} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${(r.bytes / 1024).toFixed(1)} kB | ${r.cpu ? cpuText(r.cpu) : ''} | ${r.statements !== undefined ? r.statements.toFixed(2) : ''} |`,
      );
    }
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    await pool.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  }
}
