/**
 * Statements and grain ledger over real HTTP (the statements' speed targets, docs/performance.md): the server runs in a process of its own,
 * as `npm start` runs it, and this process drives it with 20 keep-alive connections (undici, closed loop).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_DATABASE_NAME=bench_w10 BENCH_ONLY=postgres \
 *     npm run bench:statements -- large 15 20
 *   BENCH_PGLITE_DIR=/tmp/bench-pglite-demo BENCH_ONLY=pglite npm run bench:statements -- demo 15 20
 *
 * A customer with ≥ 20,000 movements: the seeds have none (the `large` size has ≈ 400 per customer), so the bench
 * adds one once ('Bench, cuenta grande', code 990001 in La Pampa, user bench-grande): 30,000 movements over five
 * years, 24,000 in pesos and 6,000 in dollars, both account types, invoices with due dates, receipts, credit notes,
 * exchange invoices and grain settlements. The checkpoints are filled by the triggers, as for any write.
 *
 * In this order:
 *  1. GET /healthz, the ceiling of this machine in this run;
 *  2. a correctness check: pages of the big customer across its history (every view, both currencies, filters) whose
 *     every saldo is compared with a window sum over the whole account computed here in SQL, not by the server;
 *  3. statements of the big customer: first pages, pages at random depths over the whole history, date (≤ 30 days in
 *     the last year) + amount filters, one account type, credits only, in the three views and both currencies;
 *  3b. the date + amount call of 3 alone, for its own CPU per request;
 *  4. statements of 100 other customers (bench-0001…, generated entities): first and random pages with filters, so
 *     that no cache can serve the run;
 *  4b. one request at a time: the big customer's page at rows 0, 5,000, 12,000 and the oldest, interleaved;
 *  5. the grain ledger's first page (etenet_fichadet) of those customers, each of their grains in turn;
 *  6. EXCEL of a year of the big customer's pesos (fechadesde a year back), one at a time: time and the server's
 *     resident memory (peak over the idle server), and the whole history as a second figure;
 *  7. GET /healthz again.
 *
 * Environment: BENCH_PORT (8435), BENCH_CUSTOMERS (100), BENCH_WARMUP (3 s), BENCH_SERVER_ENV (extra server variables),
 * BENCH_STEPS (the steps to run after the correctness check, e.g. `3,3b`: before/after comparisons of one call; all by default).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { Pool } from 'undici';
import Decimal from 'decimal.js';
import { formatMoney, todayInArgentina } from '@portal/contract';
import type { DB } from '@portal/server/src/db/database.js';
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { bulkInsert } from '@portal/server/src/db/seed/bulk.js';
import { assertPortFree, cpuNow, ensureCustomers, LA_PAMPA, loadAverage, PASSWORD, rssMb, startServer, waitForServer, type Cpu, type Customer } from './server-process.js';
import { closedLoop, summarise, type Call, type Result } from './closed-loop.js';
import { targets } from './support.js';

const size = (process.argv[2] ?? 'large') as DemoSize;
const seconds = Number(process.argv[3] ?? 15);
const connections = Number(process.argv[4] ?? 20);
const port = Number(process.env.BENCH_PORT ?? 8435);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const steps = process.env.BENCH_STEPS ? new Set(process.env.BENCH_STEPS.split(',').map((x) => x.trim())) : null;
const step = (name: string) => !steps || steps.has(name);

const BIG_CODE = 990_001;
const BIG_USER = 'bench-grande';
const BIG_MOVEMENTS = 30_000;
const api = '/api/public';
const VIEWS = { c: `${api}/proxy/cgi/etenet_rencbtec`, f: `${api}/proxy/cgi/etenet_rencbtef`, j: `${api}/proxy/cgi/etenet_rencbtej` } as const;
type View = keyof typeof VIEWS;

/** A small deterministic generator (the big customer is the same in every database). */
function lcg(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The big customer, its movements and its user: created once, found on later runs. */
async function ensureBigCustomer(db: DB): Promise<Customer> {
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const customer: Customer = { username: BIG_USER, cuit: LA_PAMPA, entity: String(BIG_CODE) };
  if (await db.selectFrom('entities').select('id').where('company_id', '=', company.id).where('code', '=', BIG_CODE).executeTakeFirst()) return customer;
  const started = performance.now();
  const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'productor').executeTakeFirstOrThrow()).password_hash;
  await db.transaction().execute(async (trx) => {
    const entity = await trx
      .insertInto('entities')
      .values({ company_id: company.id, code: BIG_CODE, name: 'Bench, cuenta grande', description: 'Cliente de la prueba de rendimiento', cuit: '30999999994', seller_id: 1, active: true, phone: null, email: null, locality: 'Santa Rosa', province: 'La Pampa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const today = todayInArgentina();
    const rnd = lcg(990_001);
    const rows: Record<string, unknown>[] = [];
    const days = 5 * 365;
    for (let i = 0; i < BIG_MOVEMENTS; i++) {
      const date = addDays(today, -Math.floor(((BIG_MOVEMENTS - i) / BIG_MOVEMENTS) * days));
      const usd = i % 5 === 4;
      const currency = usd ? 'USD' : 'ARS';
      const scale = usd ? 1 / 900 : 1;
      const kind = rnd.next();
      const amount = (lo: number, hi: number) => (Math.round(rnd.int(lo, hi) * scale * 100) / 100).toFixed(2);
      let row: Record<string, unknown>;
      if (kind < 0.45) {
        const due = addDays(date, [30, 60, 90][rnd.int(0, 2)]!);
        row = { voucher_code: 'FC', voucher_name: 'Factura A', series: 9, letter: 'A', detail: 'Insumos', amount: amount(40_000, 3_000_000), due_date: due, settled: due < addDays(today, -20), account_type: 1 };
      } else if (kind < 0.8) {
        row = { voucher_code: 'RC', voucher_name: 'Recibo', series: 9, letter: null, detail: 'Cobranza', amount: `-${amount(40_000, 2_800_000)}`, due_date: null, settled: true, account_type: 1 };
      } else if (kind < 0.9) {
        row = { voucher_code: 'NC', voucher_name: 'Nota de crédito A', series: 9, letter: 'A', detail: 'Bonificación', amount: `-${amount(5_000, 300_000)}`, due_date: null, settled: true, account_type: 1 };
      } else if (kind < 0.95) {
        const due = addDays(date, 180);
        row = { voucher_code: 'FJ', voucher_name: 'Factura canje', series: 9, letter: 'A', detail: 'Insumos a cosecha', amount: amount(500_000, 9_000_000), due_date: due, settled: due < today, account_type: 2 };
      } else {
        row = { voucher_code: 'LC', voucher_name: 'Liquidación de granos canje', series: 9, letter: null, detail: 'Liquidación soja', amount: `-${amount(500_000, 9_000_000)}`, due_date: null, settled: true, account_type: 2 };
      }
      rows.push({ ...row, company_id: company.id, entity_id: entity.id, date, number: 5_000_000 + i, currency, time: `${String(rnd.int(8, 18)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}`, printable: true });
    }
    await bulkInsert(trx, 'account_movements', {
      company_id: 'integer', entity_id: 'integer', date: 'date', voucher_code: 'text', voucher_name: 'text', series: 'integer', number: 'integer',
      letter: 'text', detail: 'text', currency: 'text', amount: 'numeric', due_date: 'date', settled: 'boolean', time: 'text', printable: 'boolean', account_type: 'smallint',
    }, rows);
    const { id } = await trx
      .insertInto('users')
      .values({ username: BIG_USER, email: `${BIG_USER}@bench.invalid`, first_name: 'Cliente', last_name: 'Bench grande', password_hash: hash, phone: null, cuit: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('memberships').values({ user_id: id, company_id: company.id, default_profile_id: 1, hidden_currencies: '[]' }).execute();
    await trx.insertInto('membership_profiles').values({ user_id: id, company_id: company.id, profile_id: 1 }).execute();
    await trx.insertInto('user_entities').values({ user_id: id, company_id: company.id, entity_id: entity.id }).execute();
    await trx.insertInto('active_sessions').values({ user_id: id, company_id: company.id }).execute();
  });
  // Vacuumed as autovacuum does after a load (20261128_1000_statement_covering_indexes: 1 % of the table's rows
  // inserted): the visibility map lets the statements' pages read their covering indexes alone.
  await sql`vacuum analyze account_movements`.execute(db);
  await sql`analyze statement_checkpoints`.execute(db);
  console.log(`added ${BIG_USER} (entity ${BIG_CODE}) with ${BIG_MOVEMENTS} movements in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return customer;
}

/** The running balance of every movement of the big customer's account, summed here over the whole account. */
async function referenceBalances(db: DB, view: View, currency: 'ARS' | 'USD', types: number[]): Promise<Map<string, string>> {
  const key = view === 'f' ? sql`coalesce(m.due_date, m.date)` : sql`m.date`;
  const r = await sql<{ id: string; saldo: string }>`select m.id::text as id,
      sum(m.amount) over (order by ${key}, m.id rows between unbounded preceding and current row)::text as saldo
    from account_movements m join entities e on e.id = m.entity_id join companies c on c.id = e.company_id
    where c.cuit = ${LA_PAMPA} and e.code = ${BIG_CODE} and m.currency = ${currency} and m.account_type in (${sql.join(types)})`.execute(db);
  return new Map(r.rows.map((x) => [x.id, x.saldo]));
}

const cpuText = (c: Cpu) => `node ${c.server.toFixed(2)} + pg ${c.postgres.toFixed(2)} ms`;
function print(r: Result): void {
  const cpu = r.cpu ? `  CPU/req ${cpuText(r.cpu)}` : '';
  console.log(`  ${r.label.padEnd(50)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${(r.bytes / 1024).toFixed(1).padStart(5)} kB  n=${r.count}${cpu}`);
}

let serverPid = 0;
let databaseName: string | null = null;
const { run } = closedLoop({ connections, seconds, warmup, cpu: () => cpuNow(serverPid, databaseName) });

async function json<T>(pool: Pool, path: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET', body?: string): Promise<T> {
  const res = await pool.request({ path, method, headers, body });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const headersOf = (c: Customer) => ({ authorization: `Bearer ${c.token}`, cuit: c.cuit, entity_id: c.entity });
const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
type Page = { total: number; moneda: string | null; items: Array<{ id: string; saldo_con_formato: string }> };

const today = todayInArgentina();
/** A 30-day window ending `back` days ago (the statements' date rule: ≤ 30 days, within the last year). */
const window30 = (back: number) => ({ fechadesde: addDays(today, -back - 29), fechahasta: addDays(today, -back) });

for await (const target of targets(size)) {
  const big = await ensureBigCustomer(target.db);
  const customers = await ensureCustomers(target.db, customerCount);
  // The totals the page picker needs, and the reference balances of the correctness check.
  const combos: Array<{ view: View; currency: 'ARS' | 'USD'; tipocc?: string; types: number[] }> = [
    { view: 'c', currency: 'ARS', types: [1, 2] },
    { view: 'c', currency: 'USD', types: [1, 2] },
    { view: 'f', currency: 'ARS', types: [1, 2] },
    { view: 'j', currency: 'ARS', types: [2] },
    { view: 'c', currency: 'ARS', tipocc: 'CC', types: [1] },
  ];
  const references = await Promise.all(combos.map((c) => referenceBalances(target.db, c.view, c.currency, c.types)));
  await target.close();

  const origin = `http://127.0.0.1:${port}`;
  await assertPortFree(port);
  const server = startServer(target, port);
  serverPid = server.pid!;
  databaseName = target.url ? new URL(target.url).pathname.slice(1) : null;
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const out: Result[] = [];
  try {
    await waitForServer(origin, server);
    console.log(`\n${target.kind}, ${size}, over HTTP: ${connections} connections, ${warmup} s warm-up + ${seconds} s per scenario, ${customers.length} customers + ${BIG_USER}; load average ${loadAverage()}`);
    for (const c of [big, ...customers]) {
      const login = await json<{ access_token: string }>(pool, `${api}/oauth`, { 'content-type': 'application/json' }, 'POST',
        JSON.stringify({ client_id: 'master', grant_type: 'password', username: c.username, password: PASSWORD }));
      c.token = login.access_token;
    }
    const bigHeaders = headersOf(big);

    // Totals per combination, then the correctness check over pages spread across the whole history.
    const totals = await Promise.all(combos.map(async (c) => (await json<Page>(pool, `${VIEWS[c.view]}?${query({ moneda: c.currency, tipocc: c.tipocc, start: 0, limit: 7 })}`, bigHeaders)).total));
    let checked = 0;
    for (const [n, c] of combos.entries()) {
      const ref = references[n]!;
      if (totals[n] !== ref.size) throw new Error(`${c.view} ${c.currency} ${c.tipocc ?? ''}: total ${totals[n]} but the account has ${ref.size} movements`);
      const starts = [0, 7, Math.floor(ref.size / 4), Math.floor(ref.size / 2) + 3, ref.size - 9, ref.size - 3];
      for (const start of starts) {
        const page = await json<Page>(pool, `${VIEWS[c.view]}?${query({ moneda: c.currency, tipocc: c.tipocc, start, limit: 7 })}`, bigHeaders);
        for (const item of page.items) {
          const want = formatMoney(new Decimal(ref.get(item.id)!).toFixed(2), c.currency);
          if (item.saldo_con_formato !== want) throw new Error(`${c.view} ${c.currency} start ${start}: movement ${item.id} saldo ${item.saldo_con_formato}, the window sum says ${want}`);
          checked++;
        }
      }
    }
    console.log(`  correctness: ${checked} balances of ${BIG_USER} on pages across its history (${totals.join(', ')} movements per view) equal the window sum over the whole account`);

    if (step('1')) {
      const { all: ceiling } = await run(pool, () => ({ label: 'healthz', path: '/healthz', headers: {} }));
      ceiling.label = 'GET /healthz (ceiling)';
      print(ceiling);
      out.push(ceiling);
    }

    // 3. The big customer: every call a different page (a seeded walk over depths, windows and amounts).
    const pick = lcg(7);
    /** A 30-day window in the last year + 'importe desde', one of the first three pages. */
    const filteredCall = (g: ReturnType<typeof lcg>, c: (typeof combos)[number]): Call => ({
      label: 'big: 30 days in the last year + amount from',
      path: `${VIEWS[c.view]}?${query({ moneda: c.currency, tipocc: c.tipocc, limit: 7, ...window30(g.int(0, 330)), importedsd: g.int(0, 20) * 50_000, start: g.int(0, 2) * 7 })}`,
      headers: bigHeaders,
    });
    const bigCall = (): Call => {
      const r = pick.next();
      const c = combos[pick.int(0, combos.length - 1)]!;
      const total = totals[combos.indexOf(c)]!;
      const base = { moneda: c.currency, tipocc: c.tipocc, limit: 7 };
      if (r < 0.15) return { label: 'big: first page', path: `${VIEWS[c.view]}?${query({ ...base, start: 0 })}`, headers: bigHeaders };
      if (r < 0.65) return { label: 'big: page at a random depth (whole history)', path: `${VIEWS[c.view]}?${query({ ...base, start: pick.int(0, total - 1) })}`, headers: bigHeaders };
      if (r < 0.9) return filteredCall(pick, c);
      return { label: 'big: credits only, random page of the first 100', path: `${VIEWS[c.view]}?${query({ ...base, credito: 'true', start: pick.int(0, 99) * 7 })}`, headers: bigHeaders };
    };
    if (step('3')) {
      const bigRun = await run(pool, () => bigCall());
      bigRun.all.label = `statements, ${BIG_USER} (${totals[0]} ARS movements), all calls`;
      print(bigRun.all);
      out.push(bigRun.all);
      for (const r of bigRun.byLabel.sort((a, b) => a.label.localeCompare(b.label))) {
        r.label = `  · ${r.label}`;
        print(r);
        out.push(r);
      }
    }
    // 3b. The filtered call alone, for its own CPU per request (the slowest call of the mix).
    if (step('3b')) {
      const alone = lcg(13);
      const filteredRun = await run(pool, () => filteredCall(alone, combos[alone.int(0, combos.length - 1)]!));
      filteredRun.all.label = `statements, ${BIG_USER}, 30 days + amount from alone`;
      print(filteredRun.all);
      out.push(filteredRun.all);
    }

    // 4. Many customers: first pages and deeper ones, filters, every view.
    const many = lcg(11);
    const manyCall = (client: number, i: number): Call => {
      const c = customers[(client * 37 + i) % customers.length]!;
      const view = (['c', 'f', 'j'] as const)[many.int(0, 2)] ?? 'c';
      const r = many.next();
      const params = r < 0.5 ? { start: 0 } : r < 0.8 ? { start: many.int(1, 40) * 7 } : { start: 0, ...window30(many.int(0, 330)), importedsd: many.int(0, 10) * 100_000 };
      return { label: 'customers', path: `${VIEWS[view]}?${query({ ...params, limit: 7 })}`, headers: headersOf(c) };
    };
    if (step('4')) {
      const manyRun = await run(pool, manyCall);
      manyRun.all.label = `statements, ${customers.length} customers, first and deeper pages`;
      print(manyRun.all);
      out.push(manyRun.all);
    }

    if (step('4b')) {
      // 4b. Depth alone: one request at a time, the same account at rows 0, 5,000, 12,000 and its oldest page,
      // interleaved (what a page costs by itself, and that it does not grow with the depth).
      const depths = [0, 5_000, 12_000, totals[0]! - 7];
      const depthTimes = new Map<number, number[]>(depths.map((d) => [d, []]));
      for (let round = 0; round < 60; round++) {
        for (const start of depths) {
          const t = performance.now();
          await json(pool, `${VIEWS.c}?${query({ moneda: 'ARS', start, limit: 7 })}`, bigHeaders);
          if (round >= 10) depthTimes.get(start)!.push(performance.now() - t);
        }
      }
      for (const [start, times] of depthTimes) {
        const r = summarise(`one at a time: ${BIG_USER} ARS page at row ${start}`, times, times.reduce((a, b) => a + b, 0) / 1000, 0);
        print(r);
        out.push(r);
      }
    }

    if (step('5')) {
      // 5. Grain ledger, first page, each customer's grains in turn.
      const grainsOf = new Map<string, string[]>();
      for (const c of customers) {
        const first = await json<{ granos: Array<{ grano: string }> }>(pool, `${api}/proxy/cgi/etenet_fichadet?start=0&limit=7`, headersOf(c));
        grainsOf.set(c.username, first.granos.map((g) => g.grano));
      }
      const withGrain = customers.filter((c) => (grainsOf.get(c.username) ?? []).length > 0);
      const grainRun = await run(pool, (client, i) => {
        const c = withGrain[(client * 13 + i) % withGrain.length]!;
        const grains = grainsOf.get(c.username)!;
        return { label: 'grain', path: `${api}/proxy/cgi/etenet_fichadet?${query({ grano: grains[i % grains.length], start: 0, limit: 7 })}`, headers: headersOf(c) };
      });
      grainRun.all.label = `grain ledger first page, ${withGrain.length} customers`;
      print(grainRun.all);
      out.push(grainRun.all);
    }

    if (step('6')) {
      // 6. EXCEL exports, one at a time, with the server's memory sampled every 20 ms.
      await sleep(1_000);
      const exportOf = async (label: string, params: Record<string, string>) => {
        const idle = rssMb(serverPid);
        let peak = idle;
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPid))), 20);
        const t = performance.now();
        const res = await pool.request({ path: `${VIEWS.c}?${query({ ...params, moneda: 'ARS', files: 'true', type: 'excel', token: big.token!, cooperativa: LA_PAMPA, entity_id: String(BIG_CODE) })}`, method: 'GET' });
        const body = Buffer.from(await res.body.arrayBuffer());
        const ms = performance.now() - t;
        clearInterval(sampler);
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${body.toString('utf8').slice(0, 200)}`);
        console.log(`  ${label.padEnd(50)} ${(ms / 1000).toFixed(2)} s  ${(body.length / 1024).toFixed(0)} kB  server RSS ${idle.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`);
        return { ms, idle, peak };
      };
      for (let k = 0; k < 3; k++) {
        const r = await exportOf('EXCEL, a year of ARS (fechadesde a year back)', { fechadesde: addDays(today, -364) });
        out.push({ label: `EXCEL, a year (run ${k + 1}): ${(r.ms / 1000).toFixed(2)} s, RSS ${r.idle.toFixed(0)} → ${r.peak.toFixed(0)} MB`, count: 1, perSecond: 0, p50: r.ms, p95: r.ms, p99: r.ms, max: r.ms, bytes: 0 });
      }
      const whole = await exportOf('EXCEL, the whole history of ARS (24,000 rows)', {});
      out.push({ label: `EXCEL, whole history: ${(whole.ms / 1000).toFixed(2)} s, RSS ${whole.idle.toFixed(0)} → ${whole.peak.toFixed(0)} MB`, count: 1, perSecond: 0, p50: whole.ms, p95: whole.ms, p99: whole.ms, max: whole.ms, bytes: 0 });
    }

    if (step('7')) {
      const { all: again } = await run(pool, () => ({ label: 'healthz', path: '/healthz', headers: {} }));
      again.label = 'GET /healthz again (end of run)';
      print(again);
      out.push(again);
    }

    console.log('\n| call | req/s | p50 | p95 | p99 | answer | CPU per request |\n|---|---|---|---|---|---|---|');
    for (const r of out) {
      if (r.count === 1) {
        console.log(`| ${r.label} | | | | | | |`);
        continue;
      }
      console.log(`| ${r.label.trim()} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${(r.bytes / 1024).toFixed(1)} kB | ${r.cpu ? cpuText(r.cpu) : ''} |`);
    }
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    await pool.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  }
}
