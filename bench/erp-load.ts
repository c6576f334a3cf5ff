/**
 * An ERP's catalogue load over HTTP: `products` products and a price of each (list 1), sent by the reference client
 * (apps/server/src/modules/integration/erp-sync) as NDJSON files in batches of 10,000 rows to a server process as
 * `npm start` runs it. Target: 200,000 products with their prices loaded in ≤ 60 s. Each run renames and reprices
 * every product (a run stamp in the name), so every row is written; the same files are then sent again, every row
 * unchanged.
 *   npm run bench:erp-load -w @portal/bench -- [size] [products]
 *   BENCH_ONLY=postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:erp-load -w @portal/bench -- small 200000
 *
 * With `movimientos` as third argument, `count` account movements instead (target: 2,000,000 in ≤ 10 minutes, ≥ 5,000
 * rows/s): invoices and receipts of the company's customers at point of sale 90, each invoice with two lines and each
 * receipt applied to the invoice before it, the amounts stamped per run so every voucher is written; then again,
 * every voucher unchanged.
 *   npm run bench:erp-load -w @portal/bench -- small 100000 movimientos
 *
 * With `resync` as third argument, a re-sync of `count` changed products (target for 10,000: the catalogue's p95 of
 * 20 browsing customers stays within 2× of its idle figure, and every customer sees the new prices on its next request
 * after the batch's answer). The products are the ERP products above (codes from 2,000,000; sent once, unmeasured,
 * when the database lacks them); each run renames them and changes every price (the cents of list 1 move on by one).
 * The 20 customers (bench customers, each its own login and entity) browse the catalogue in a closed loop (a word of
 * VOCABULARY, pages 1–3) for `seconds` (fourth argument, 15) on the idle server, then on while the reference client sends one batch of
 * productos and one of precios; at the precios answer each customer's next requests search BENCH_CHECKS (5) products
 * of the batch by their alphanumeric code, as the catalogue screen does, and the bench counts prices that are not the
 * new one. GET /healthz of the same run gives the machine's ceiling. BENCH_WARMUP (3 s), BENCH_PORT (8393).
 *   BENCH_ONLY=postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_DATABASE_NAME=bench_large \
 *     npm run bench:erp-load -w @portal/bench -- large 10000 resync 15
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { formatNumber, type CatalogResponse } from '@portal/contract';
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { syncDir, type FileSummary } from '@portal/server/src/modules/integration/erp-sync/client.js';
import { hashIntegrationSecret } from '@portal/server/src/plugins/integration-access.js';
import { closedLoop, summarise, type Result } from './closed-loop.js';
import { assertPortFree, cpuNow, ensureCustomers, LA_PAMPA, loadAverage, PASSWORD, rssMb, startServer, waitForServer, type Cpu, type Customer } from './server-process.js';
import { targets, type Target } from './support.js';
import { VOCABULARY } from './vocabulary.js';

const size = (process.argv[2] ?? 'small') as DemoSize;
const count = Number(process.argv[3] ?? 200_000);
const movementsMode = process.argv[4] === 'movimientos';
const resyncMode = process.argv[4] === 'resync';
const seconds = Number(process.argv[5] ?? 15);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const browsers = 20;
const checksPerCustomer = Number(process.env.BENCH_CHECKS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 8393);
const origin = `http://127.0.0.1:${port}`;
const FIRST_CODE = 2_000_000;
const KEY_NAME = 'Benchmark ERP';

async function writeLines(file: string, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${line(i)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

function report(label: string, seconds: number, summary: FileSummary[]) {
  console.log(`  ${label}: ${seconds.toFixed(1)} s`);
  for (const s of summary) {
    console.log(`    ${s.file}: ${s.received} received, ${s.accepted} accepted, ${s.unchanged} unchanged, ${s.rejected} rejected${s.error ? `, ERROR ${s.error}` : ''}`);
  }
}

for await (const target of targets(size)) {
  const { db } = target;
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  // A key of its own for each run (the previous one revoked): the secret is only known when it is made.
  await db.updateTable('integration_keys').set({ revoked_at: new Date() }).where('company_id', '=', company.id).where('name', '=', KEY_NAME).where('revoked_at', 'is', null).execute();
  const prefix = `pic_${randomBytes(9).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 12)}`;
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('integration_keys')
    .values({ company_id: company.id, name: KEY_NAME, prefix, secret_hash: hashIntegrationSecret(secret), write_kinds: ['productos', 'precios', 'movimientos'], read_kinds: [], created_by: admin.id })
    .execute();
  const customers = (await db.selectFrom('entities').select('code').where('company_id', '=', company.id).orderBy('code').execute()).map((e) => e.code);
  const resyncState = resyncMode ? await readResyncState(target, company.id) : null;
  await target.close();

  const dir = await mkdtemp(path.join(tmpdir(), 'erp-load-'));
  const stamp = Date.now() % 100_000;
  if (resyncState) {
    await resync(target, dir, prefix, secret, stamp, resyncState);
    continue;
  }
  if (movementsMode) {
    await writeMovements(path.join(dir, 'movimientos.ndjson'), customers, stamp);
    await measure(target, dir, prefix, secret, `${count} account movements (half invoices with 2 lines, half receipts applied to them)`);
    continue;
  }
  await writeCatalogue(dir, String(stamp), stamp % 100);
  await measure(target, dir, prefix, secret, `${count} products and ${count} prices`);
}

/** The ERP products (a name stamped with `lot`) and their list-1 prices, all with the cents `cents`, in `dir`. */
async function writeCatalogue(dir: string, lot: string, cents: number): Promise<void> {
  await writeLines(path.join(dir, 'productos.ndjson'), (i) =>
    JSON.stringify({
      codigo: FIRST_CODE + i,
      codigo_alfa: `ERP-${FIRST_CODE + i}`,
      nombre: `Producto ERP ${i} lote ${lot}`,
      unidad_venta: 'Bolsa x 25 kg',
      unidad: 'kg',
      factor: '25',
      familia: { codigo: 900 + (i % 10), nombre: `Familia ERP ${i % 10}` },
      marca: { codigo: 950 + (i % 20), nombre: `Marca ERP ${i % 20}` },
      codigo_barras: `2${String(FIRST_CODE + i).padStart(12, '0')}`,
    }),
  );
  await writeLines(path.join(dir, 'precios.ndjson'), (i) => JSON.stringify({ lista: 1, producto: FIRST_CODE + i, precio: priceOf(i, cents), descuento1: '5' }));
}
function priceOf(i: number, cents: number): string {
  return `${100 + (i % 900)}.${String(cents).padStart(2, '0')}`;
}

/**
 * Starts a server on the target, measures its /healthz ceiling (5 s, 20 connections), sends the folder twice (written,
 * then unchanged) and reports both, with the server's resident memory after start and its peak during each pass
 * (sampled every 250 ms): memory that stays flat however many batches are sent.
 */
async function measure(target: { kind: string }, dir: string, prefix: string, secret: string, what: string) {
  await assertPortFree(port);
  const server = startServer(target as Parameters<typeof startServer>[0], port);
  const pool = new Pool(origin, { connections: 22, pipelining: 1 });
  const databaseName = 'url' in target && typeof target.url === 'string' ? new URL(target.url).pathname.slice(1) : null;
  try {
    await waitForServer(origin, server);
    console.log(`\n${target.kind}, ${size}: ${what} over HTTP in batches of 10,000 rows (load ${loadAverage()})`);
    const { all: healthz } = await closedLoop({ connections: 20, seconds: 5, warmup: 1, cpu: () => cpuNow(server.pid!, databaseName) }).run(pool, () => ({ label: 'healthz', path: '/healthz' }));
    healthz.label = 'GET /healthz (ceiling)';
    printResult(healthz);
    console.log(`  server RSS after start: ${rssMb(server.pid!).toFixed(0)} MB`);
    const pass = async (label: string) => {
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 250);
      const t = performance.now();
      let summary: FileSummary[];
      try {
        summary = await syncDir({ url: origin, key: `${prefix}_${secret}`, dir });
      } finally {
        clearInterval(sampler);
      }
      report(label, (performance.now() - t) / 1000, summary);
      console.log(`    server RSS peak ${peak.toFixed(0)} MB, after ${rssMb(server.pid!).toFixed(0)} MB`);
    };
    await pass('written (new or changed)');
    await pass('sent again (unchanged)');
  } finally {
    await pool.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dir, { recursive: true, force: true });
  }
}

/** `count` vouchers at point of sale 90: even numbers invoices (two lines), odd numbers receipts applied to the previous one. */
async function writeMovements(file: string, customers: number[], stamp: number): Promise<void> {
  // Spread over about three years; a due date or a receipt's date counts from its invoice's day.
  const day = (i: number, plus = 0) => new Date(Date.UTC(2024, 0, 1) + ((i % 1000) + plus) * 86_400_000).toISOString().slice(0, 10);
  const cents = String(stamp % 100).padStart(2, '0');
  await writeLines(file, (i) => {
    const invoice = i - (i % 2);
    const cliente = customers[Math.floor(invoice / 2) % customers.length]!;
    const net = 1000 + (invoice % 9000);
    if (i % 2 === 0) {
      return JSON.stringify({
        tipo: 'FC', letra: 'A', punto_venta: 90, numero: i + 1, cliente, fecha: day(i), vencimiento: day(i, 30), importe: `${net + 210}.${cents}`,
        neto: `${net}.00`, iva21: '210.00', tipo_afip: 1,
        lineas: [
          { producto: String(5000 + (i % 50)), descripcion: `Producto ${i % 50}`, cantidad: '2', precio: `${(net - 10) / 2}.00`, importe: `${net - 10}.00` },
          { descripcion: 'Flete', importe: `10.${cents}` },
        ],
      });
    }
    return JSON.stringify({
      tipo: 'RC', punto_venta: 90, numero: i + 1, cliente, fecha: day(invoice, 20), importe: `${net}.${cents}`, cancelado: true,
      aplica: [{ tipo: 'FC', letra: 'A', punto_venta: 90, numero: invoice + 1, importe: `${net}.00` }],
    });
  });
}

type ResyncState = { customers: Customer[]; existing: number; oldCents: number };

/** The browsing customers, how many of the ERP products the database holds, and the cents of their list-1 prices now. */
async function readResyncState(target: Target, companyId: number): Promise<ResyncState> {
  const { db } = target;
  const customers = await ensureCustomers(db, browsers);
  if (customers.length < browsers) throw new Error(`only ${customers.length} bench customers: ${browsers} needed`);
  const existing = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .where('code', '>=', FIRST_CODE)
    .where('code', '<', FIRST_CODE + count)
    .executeTakeFirstOrThrow();
  const price = await db
    .selectFrom('price_list_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('price_lists as l', 'l.id', 'i.price_list_id')
    .select('i.list_price')
    .where('p.company_id', '=', companyId)
    .where('p.code', '=', FIRST_CODE)
    .where('l.code', '=', 1)
    .executeTakeFirst();
  const oldCents = price ? Number(String(price.list_price).split('.')[1]?.slice(0, 2).padEnd(2, '0') ?? 0) : 0;
  return { customers, existing: Number(existing.n), oldCents };
}

/** What a browser sends with every API call: the credentials and the encodings it takes. */
function headersOf(c: Customer): Record<string, string> {
  return { authorization: `Bearer ${c.token}`, cuit: c.cuit, entity_id: c.entity, 'accept-encoding': 'gzip, deflate, br, zstd' };
}
function catalogue(patron: string, page: number): string {
  return `/api/public/proxy/pedidos?${new URLSearchParams({ filtros: JSON.stringify({ patron }), start: String((page - 1) * 12), limit: '12', page: String(page) })}`;
}
function cpuPerRequest(a: Cpu, b: Cpu, n: number): string {
  return `node ${((b.server - a.server) / n).toFixed(2)} + pg ${((b.postgres - a.postgres) / n).toFixed(2)} + client ${((b.client - a.client) / n).toFixed(2)} ms`;
}

async function request(pool: Pool, path: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET', body?: string): Promise<string> {
  const res = await pool.request({ path, method, headers, body });
  const raw = Buffer.from(await res.body.arrayBuffer());
  const encoding = res.headers['content-encoding'];
  const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${text.slice(0, 300)}`);
  return text;
}

function printResult(r: Result, ceiling?: number): void {
  const share = ceiling ? `  ${((100 * r.perSecond) / ceiling).toFixed(0).padStart(3)} % of ceiling` : '';
  console.log(
    `  ${r.label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  p99 ${r.p99.toFixed(1).padStart(6)} ms  n=${r.count}${share}`,
  );
}

/**
 * The re-sync under browsing (header comment): primes the ERP products when missing, measures /healthz, the idle
 * catalogue, the catalogue during the batches, and the prices each customer sees right after the precios answer.
 */
async function resync(target: Target, dir: string, prefix: string, secret: string, stamp: number, state: ResyncState) {
  const cents = (state.oldCents + 1) % 100;
  const now = path.join(dir, 'now');
  const prime = path.join(dir, 'prime');
  await Promise.all([mkdir(now), mkdir(prime)]);
  await writeCatalogue(now, String(stamp), cents);
  const key = `${prefix}_${secret}`;
  await assertPortFree(port);
  const server = startServer(target, port);
  const databaseName = target.url ? new URL(target.url).pathname.slice(1) : null;
  const cpu = () => cpuNow(server.pid!, databaseName);
  const pool = new Pool(origin, { connections: browsers + 2, pipelining: 1 });
  try {
    await waitForServer(origin, server);
    console.log(
      `\n${target.kind}, ${size}: re-sync of ${count} changed products and their prices while ${browsers} customers browse; ${warmup} s warm-up + ${seconds} s idle, server env '${process.env.BENCH_SERVER_ENV ?? ''}' (load ${loadAverage()})`,
    );
    if (state.existing < count) {
      // The products must exist before the measured re-sync changes them: sent once with other names and cents.
      await writeCatalogue(prime, `${stamp} previo`, (cents + 50) % 100);
      const t = performance.now();
      const first = await syncDir({ url: origin, key, dir: prime });
      report(`first load of the ${count} products (${state.existing} there), not measured`, (performance.now() - t) / 1000, first);
    }
    const { customers } = state;
    for (const c of customers) {
      const login = JSON.parse(
        await request(pool, '/api/public/oauth', { 'content-type': 'application/json' }, 'POST', JSON.stringify({ client_id: 'master', grant_type: 'password', username: c.username, password: PASSWORD })),
      ) as { access_token: string };
      c.token = login.access_token;
    }

    const loop = closedLoop({ connections: browsers, seconds, warmup, cpu });
    const { all: healthz } = await loop.run(pool, () => ({ label: 'healthz', path: '/healthz', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }));
    healthz.label = 'GET /healthz (ceiling)';
    printResult(healthz);

    // The customers browse until the precios answer; then each one's next requests are the price checks.
    const samples: Array<{ at: number; ms: number }> = [];
    const checks: Array<{ at: number; ms: number; fresh: boolean; found: boolean }> = [];
    let checkFrom = Number.POSITIVE_INFINITY;
    let failure: Error | null = null;
    const checkOne = async (c: Customer, index: number) => {
      const code = FIRST_CODE + index;
      const t = performance.now();
      const answer = JSON.parse(await request(pool, catalogue(`ERP-${code}`, 1), headersOf(c))) as CatalogResponse;
      const ms = performance.now() - t;
      const product = answer.productos.find((p) => p.codart === code);
      checks.push({ at: t, ms, found: !!product, fresh: product?.precio_lista_con_formato === formatNumber(priceOf(index, cents)) });
    };
    const browsing = Promise.all(
      customers.map(async (c, client) => {
        try {
          for (let i = 0; !failure; i++) {
            if (performance.now() >= checkFrom) {
              for (let k = 0; k < checksPerCustomer; k++) await checkOne(c, ((client * checksPerCustomer + k) * 7_919) % count);
              return;
            }
            const word = VOCABULARY[(client * 7 + i * 13) % VOCABULARY.length]!;
            const t = performance.now();
            await request(pool, catalogue(word, 1 + ((client + i) % 3)), headersOf(c));
            samples.push({ at: t, ms: performance.now() - t });
          }
        } catch (e) {
          failure ??= e as Error;
        }
      }),
    );
    await sleep(warmup * 1000);
    const idleStart = performance.now();
    const cpuIdle0 = cpu();
    await sleep(seconds * 1000);
    const cpuIdle1 = cpu();
    const syncStart = performance.now();
    const lastAnswer = new Map<string, number>();
    let summary: FileSummary[] = [];
    try {
      summary = await syncDir({
        url: origin,
        key,
        dir: now,
        progress: (p) => {
          lastAnswer.set(p.kind, performance.now());
          if (p.kind === 'precios' && p.sent === count) checkFrom = performance.now();
        },
      });
    } finally {
      // A failed sync ends the browsing too (the checks then say what the customers see).
      if (checkFrom === Number.POSITIVE_INFINITY) checkFrom = performance.now();
    }
    const cpuSync = cpu();
    await browsing;
    if (failure) throw failure;

    const within = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);
    const idle = summarise(`catalogue, idle (${VOCABULARY.length} words, pages 1–3)`, within(idleStart, syncStart), (syncStart - idleStart) / 1000, 0);
    const during = summarise('catalogue, during the re-sync', within(syncStart, checkFrom), (checkFrom - syncStart) / 1000, 0);
    printResult(idle, healthz.perSecond);
    console.log(`    CPU per request (idle): ${cpuPerRequest(cpuIdle0, cpuIdle1, idle.count)}`);
    printResult(during, healthz.perSecond);
    console.log(`    CPU per catalogue request during the re-sync (the batches' work included): ${cpuPerRequest(cpuIdle1, cpuSync, Math.max(1, during.count))}`);
    const productsDone = lastAnswer.get('productos') ?? syncStart;
    report('re-sync', (checkFrom - syncStart) / 1000, summary);
    console.log(`    productos batch(es) ${((productsDone - syncStart) / 1000).toFixed(2)} s, precios batch(es) ${((checkFrom - productsDone) / 1000).toFixed(2)} s`);
    const ratio = during.p95 / idle.p95;
    const stale = checks.filter((c) => c.found && !c.fresh).length;
    const missing = checks.filter((c) => !c.found).length;
    const firstCheck = Math.min(...checks.map((c) => c.at));
    const checkTimes = checks.map((c) => c.ms).sort((a, b) => a - b);
    console.log(
      `  freshness: ${checks.length} checks (${checksPerCustomer} products × ${customers.length} customers, from ${(firstCheck - checkFrom).toFixed(0)} ms after the precios answer, p50 ${checkTimes[Math.floor(checkTimes.length / 2)]?.toFixed(1)} ms): ${stale} stale, ${missing} not found`,
    );
    console.log(
      `\n  ceiling ${healthz.perSecond.toFixed(0)} req/s; catalogue p95 idle ${idle.p95.toFixed(1)} ms, during the re-sync ${during.p95.toFixed(1)} ms: ${ratio.toFixed(2)}× (target ≤ 2×${ratio <= 2 ? ', met' : ', NOT met'}); stale answers ${stale + missing} (target 0); load ${loadAverage()}`,
    );
  } finally {
    await pool.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    await rm(dir, { recursive: true, force: true });
  }
}
