/**
 * Crash safety, shared by the API test (crash.test.ts) and the benchmark (bench/crash.ts): the real
 * server (src/main.ts, as `npm start` runs it) in a child process on a throwaway database, a storm of concurrent
 * state changes — sales and purchase order confirmations from many carts, receipt posts, picking confirmations —
 * `kill -9` in the middle of it, and then:
 *
 *  1. the database opens again (PGlite: the data directory itself, in this process);
 *  2. every change the server answered before it died is there, once;
 *  3. every change is whole or absent: no order without its lines or with a total that is not their sum, no cart
 *     confirmed without its order (or open with one), no receipt without its payment (and none in the ledger before
 *     its approval), no
 *     picking without its stock movements, each with exactly one audit row;
 *  4. the server starts again on it, and the client's retry of every request (same cart, same Idempotency-Key,
 *     same picking) answers the same result as before, creating nothing twice;
 *  5. after the retries, everything happened exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { todayInArgentina, voucherNumberText } from '@portal/contract';
import { migrateToLatest, openDatabase, type DB } from '../db/database.js';
import { seedDemo } from '../db/seed/seed.js';
import { COMPANIES } from '../db/seed/identities.js';

const LA_PAMPA = COMPANIES.laPampa.cuit;
const PASSWORD = 'Demo1234';
const API = '/api/public';
const serverMain = fileURLToPath(new URL('../main.ts', import.meta.url));

export type CrashOptions = {
  /** PostgreSQL server to create the throwaway database on; unset: a PGlite data directory in /tmp. */
  postgresUrl?: string | undefined;
  /** Customers placing orders; each owns a sales and a purchase cart per entity it is linked to. */
  customers: number;
  /** Entities each customer is linked to (≤ the small seed's generated customers). */
  entitiesPerCustomer: number;
  receipts: number;
  pickings: number;
  /** Share of the requests answered when the server is killed. */
  killAt: number;
  log?: (line: string) => void;
};

export type CrashReport = {
  database: 'pglite' | 'postgres';
  requests: { sales: number; purchase: number; receipt: number; picking: number; total: number };
  answeredBeforeKill: number;
  /** Sent, not answered, but committed: the server died between the commit and the answer. */
  committedUnanswered: number;
  /** Not answered and not committed: done by the client's retry. */
  doneByRetry: number;
  /** Answered before the kill, then missing or different in the database. */
  lost: number;
  doubled: number;
  /** Every violation found (lost, doubled, half-written, a retry answering otherwise); empty when all is well. */
  problems: string[];
  retryAnswersDiffering: number;
  timesMs: { setup: number; firstStart: number; storm: number; reopen: number; restart: number; retry: number; total: number };
};

// ── The throwaway database ───────────────────────────────────────────────────────────────────────────────────

type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; name: string; admin: string };

async function createTarget(postgresUrl: string | undefined): Promise<Target> {
  if (!postgresUrl) return { kind: 'pglite', dataDir: await mkdtemp(path.join(tmpdir(), 'portal-crash-')) };
  const name = `portal_crash_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString(), name, admin: postgresUrl };
}

function openTarget(t: Target): Promise<DB> {
  return t.kind === 'pglite' ? openDatabase({ kind: 'pglite', dataDir: path.join(t.dataDir, 'pglite') }) : openDatabase({ kind: 'postgres', url: t.url });
}

async function dropTarget(t: Target): Promise<void> {
  if (t.kind === 'pglite') {
    await rm(t.dataDir, { recursive: true, force: true });
    return;
  }
  const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.admin, max: 1 }) }) });
  await sql.raw(`drop database if exists ${t.name} with (force)`).execute(admin);
  await admin.destroy();
}

// ── Data the storm works on ──────────────────────────────────────────────────────────────────────────────────

type Cart = { id: number; kind: 'sales' | 'purchase'; user: string; entityCode: number; lines: number };
type Pick = { orderId: number; number: number };
type Fixture = {
  companyId: number;
  customers: string[];
  carts: Cart[];
  receiptEntities: Array<{ user: string; entityCode: number }>;
  picks: Pick[];
  /** The last integration event before the run: the run's events come after it. */
  lastEventId: string;
};

/**
 * Customers crash-NN (profile 1, password Demo1234) linked to the first generated entities of La Pampa, each with an
 * open sales cart and an open purchase cart (with its payment condition) per entity, holding 1–3 priced products;
 * and approved orders waiting in Almacenes for `deposito`. Written with SQL: the setup is not what is tested.
 */
async function prepare(db: DB, o: CrashOptions): Promise<Fixture> {
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const companyId = company.id;
  const entities = await db
    .selectFrom('entities')
    .select(['id', 'code'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .where('code', '>=', 2000)
    .orderBy('code')
    .limit(o.entitiesPerCustomer)
    .execute();
  if (entities.length < o.entitiesPerCustomer) throw new Error(`only ${entities.length} generated entities in La Pampa`);
  const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'productor').executeTakeFirstOrThrow()).password_hash;
  const defaultList = await db.selectFrom('price_lists').select('id').where('company_id', '=', companyId).where('is_default', '=', true).executeTakeFirstOrThrow();
  const products = (
    await sql<{ id: number }>`select p.id from products p
      where p.company_id = ${companyId} and p.active and exists (select 1 from price_list_items i where i.product_id = p.id and i.price_list_id = ${defaultList.id} and i.list_price > 0)
      order by p.id limit 60`.execute(db)
  ).rows.map((r) => r.id);
  const condition = await db.selectFrom('payment_conditions').select('id').where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow();

  const customers: string[] = [];
  const carts: Cart[] = [];
  for (let u = 1; u <= o.customers; u++) {
    const username = `crash-${String(u).padStart(2, '0')}`;
    customers.push(username);
    await db.transaction().execute(async (trx) => {
      const { id: userId } = await trx
        .insertInto('users')
        .values({ username, email: `${username}@crash.invalid`, first_name: 'Cliente', last_name: `Crash ${u}`, password_hash: hash, phone: null, cuit: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('memberships').values({ user_id: userId, company_id: companyId, default_profile_id: 1, hidden_currencies: '[]' }).execute();
      await trx.insertInto('membership_profiles').values({ user_id: userId, company_id: companyId, profile_id: 1 }).execute();
      await trx.insertInto('active_sessions').values({ user_id: userId, company_id: companyId }).execute();
      await trx.insertInto('user_entities').values(entities.map((e) => ({ user_id: userId, company_id: companyId, entity_id: e.id }))).execute();
      for (const [i, e] of entities.entries()) {
        for (const kind of ['sales', 'purchase'] as const) {
          const cart = await trx
            .insertInto('carts')
            .values({ company_id: companyId, entity_id: e.id, user_id: userId, kind, payment_condition_id: kind === 'purchase' ? condition.id : null, destination_id: null, origin_id: null, operation_type_id: null, delivery_date: null, detail: `Carrito ${username} ${e.code}`, updated_at: sql`now()` })
            .returning('id')
            .executeTakeFirstOrThrow();
          const count = 1 + ((u + i + (kind === 'sales' ? 0 : 1)) % 3);
          const chosen = Array.from({ length: count }, (_, k) => products[(u * 7 + i * 3 + k * 11 + (kind === 'sales' ? 0 : 5)) % products.length]!);
          await trx
            .insertInto('cart_lines')
            .values([...new Set(chosen)].map((productId, k) => ({ cart_id: cart.id, company_id: companyId, product_id: productId, quantity: String(k + 1), price: null })))
            .execute();
          carts.push({ id: cart.id, kind, user: username, entityCode: e.code, lines: new Set(chosen).size });
        }
      }
    });
  }
  const receiptEntities = Array.from({ length: o.receipts }, (_, i) => ({ user: customers[i % customers.length]!, entityCode: entities[i % entities.length]!.code }));

  // Orders waiting to be picked: La Pampa's approved orders not picked yet, and pending ones approved now.
  const waitingOrders = () => sql<{ id: number; number: number }>`select o.id, o.number from sales_orders o
    where o.company_id = ${companyId} and o.status in ('approved', 'pending')
      and exists (select 1 from sales_order_lines l where l.order_id = o.id)
      and not exists (select 1 from order_pickings k where k.order_id = o.id)
    order by o.status, o.id limit ${o.pickings}`.execute(db);
  let waiting = await waitingOrders();
  // How many the seed leaves unpicked depends on the day of the month (its "latest order this month" rule); when it
  // is short, the seed's most recent historical pickings are undone so the fixture has its orders on any date.
  const short = o.pickings - waiting.rows.length;
  if (short > 0) {
    await sql`delete from order_pickings where id in (select k.id from order_pickings k join sales_orders o on o.id = k.order_id
      where o.company_id = ${companyId} and o.status = 'approved' and exists (select 1 from sales_order_lines l where l.order_id = o.id)
      order by o.ordered_on desc, o.id desc limit ${short})`.execute(db);
    waiting = await waitingOrders();
  }
  if (waiting.rows.length < o.pickings) throw new Error(`only ${waiting.rows.length} pending orders to approve for picking`);
  await db.updateTable('sales_orders').set({ status: 'approved', approved_at: sql`now()` }).where('id', 'in', waiting.rows.map((r) => r.id)).execute();
  const lastEvent = await sql<{ id: string | null }>`select max(id)::text as id from integration_events`.execute(db);
  return {
    companyId, customers, carts, receiptEntities,
    picks: waiting.rows.map((r) => ({ orderId: Number(r.id), number: Number(r.number) })),
    lastEventId: lastEvent.rows[0]?.id ?? '0',
  };
}

// ── The server process ───────────────────────────────────────────────────────────────────────────────────────

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

type Server = { child: ChildProcess; origin: string; stderr: () => string };

async function startServer(t: Target, port: number): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'warn',
    WORKERS: '1',
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (t.kind === 'postgres') env.DATABASE_URL = t.url;
  else env.DATA_DIR = t.dataDir;
  // The server itself, not a wrapper: kill -9 must hit the process that holds the database.
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], { cwd: path.dirname(path.dirname(serverMain)), env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => {
    err = (err + b.toString()).slice(-4000);
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${err}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { child, origin, stderr: () => err };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /healthz in 3 minutes: ${err}`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopServer(s: Server): Promise<void> {
  s.child.kill('SIGTERM');
  await Promise.race([exited(s.child), sleep(30_000).then(() => s.child.kill('SIGKILL'))]);
  await exited(s.child);
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────

type Op = {
  kind: 'sales' | 'purchase' | 'receipt' | 'picking';
  /** The cart id, the Idempotency-Key or the order id: what identifies the change. */
  ref: string;
  send: (origin: string) => Promise<Response>;
};
/** What identifies the result of an answered request, compared before and after the restart. */
type Outcome = { status: number; identity: string | null; body: string };

async function loginAll(origin: string, usernames: string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const username of usernames) {
    const res = await fetch(`${origin}${API}/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'master', grant_type: 'password', username, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login of ${username}: ${res.status} ${await res.text()}`);
    tokens.set(username, ((await res.json()) as { access_token: string }).access_token);
  }
  return tokens;
}

function operations(f: Fixture, tokens: () => Map<string, string>): Op[] {
  const headers = (user: string, entityCode?: number): Record<string, string> => ({
    authorization: `Bearer ${tokens().get(user)!}`,
    cuit: LA_PAMPA,
    ...(entityCode === undefined ? {} : { entity_id: String(entityCode) }),
  });
  const ops: Op[] = f.carts.map((c) => ({
    kind: c.kind,
    ref: String(c.id),
    send: (origin) =>
      fetch(`${origin}${API}/proxy/${c.kind === 'sales' ? 'pedidos' : 'ordenescompra'}`, {
        method: 'PUT',
        headers: { ...headers(c.user, c.entityCode), 'content-type': 'application/json' },
        body: JSON.stringify({ pedidoid: c.id }),
      }),
  }));
  f.receiptEntities.forEach((r, i) => {
    const key = `crash-receipt-${String(i).padStart(4, '0')}-${randomBytes(4).toString('hex')}`;
    const amount = `${1000 + i * 10}.00`;
    ops.push({
      kind: 'receipt',
      ref: key,
      send: (origin) => {
        const form = new FormData();
        form.set('formaPago', JSON.stringify([{ codcon: 1, campos: [
          { id: 'banco', value: '2' }, { id: 'fecha', value: todayInArgentina() }, { id: 'operacion', value: `77${String(i).padStart(7, '0')}` }, { id: 'importe', value: amount },
        ] }]));
        form.set('comprobantes', '[]');
        form.set('observaciones', JSON.stringify({ fecha: todayInArgentina(), observacion: 'Anticipo (prueba de caída)' }));
        form.set('totalSeleccionado', '0');
        form.set('totalAcobrar', amount);
        return fetch(`${origin}${API}/proxy/recibos`, { method: 'POST', headers: { ...headers(r.user, r.entityCode), 'idempotency-key': key }, body: form });
      },
    });
  });
  for (const p of f.picks) {
    ops.push({
      kind: 'picking',
      ref: String(p.orderId),
      send: (origin) =>
        fetch(`${origin}${API}/proxy/cgi/putPicking`, {
          method: 'POST',
          headers: { ...headers('deposito'), 'content-type': 'application/json' },
          body: JSON.stringify({ cabecera: JSON.stringify({ numero: p.number, codemp: 1, codcom: p.number, codtal: p.number, usrid: 1 }), renglones: '[]' }),
        }),
    });
  }
  // A fixed interleaving: kinds mixed, not one after the other.
  return ops.map((op, i) => ({ op, k: (i * 7919) % ops.length })).sort((a, b) => a.k - b.k).map((x) => x.op);
}

async function outcomeOf(op: Op, res: Response): Promise<Outcome> {
  const body = await res.text();
  let identity: string | null = null;
  if (res.status === 200) {
    const json = JSON.parse(body) as { id?: number; numero?: number; recibo?: { id: number; norig: string }; estado?: string };
    identity =
      op.kind === 'receipt' ? `${json.recibo?.id}:${json.recibo?.norig}` : op.kind === 'picking' ? `${json.numero}:${json.estado}` : `${json.id}:${json.numero}`;
  }
  return { status: res.status, identity, body: body.slice(0, 300) };
}

// ── The checks ───────────────────────────────────────────────────────────────────────────────────────────────

type Committed = Map<string, string>; // op key → identity found in the database

const opKey = (kind: Op['kind'], ref: string) => `${kind}:${ref}`;

/**
 * What the database holds for the storm's changes: the identity of each committed one (as its answer names it),
 * and every violation of "whole or absent, once".
 */
async function inspect(db: DB, f: Fixture, ops: Op[]): Promise<{ committed: Committed; problems: string[]; doubled: number }> {
  const problems: string[] = [];
  const committed: Committed = new Map();
  let doubled = 0;
  const audits = (
    await db.selectFrom('audit_log').select(['action', 'detail']).where('company_id', '=', f.companyId).where('action', 'in', ['orders.confirm', 'purchase-orders.confirm', 'receipt.post', 'warehouse.pick']).execute()
  ).map((a) => ({ action: a.action, detail: (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail) as Record<string, unknown> }));
  const auditCount = (action: string, key: string, value: number) => audits.filter((a) => a.action === action && Number(a.detail[key]) === value).length;

  // Carts and their orders.
  const cartIds = f.carts.map((c) => c.id);
  const cartRows = await db.selectFrom('carts').select(['id', 'status']).where('id', 'in', cartIds).execute();
  const status = new Map(cartRows.map((r) => [Number(r.id), r.status]));
  for (const kind of ['sales', 'purchase'] as const) {
    const orders = (
      await sql<{ id: number; number: number; cart_id: number; total: string; lines: number; line_sum: string | null }>`select o.id, o.number, o.cart_id, o.total::text as total,
        (select count(*) from ${sql.table(kind === 'sales' ? 'sales_order_lines' : 'purchase_order_lines')} l where l.order_id = o.id)::int as lines,
        (select sum(l.amount) from ${sql.table(kind === 'sales' ? 'sales_order_lines' : 'purchase_order_lines')} l where l.order_id = o.id)::text as line_sum
      from ${sql.table(kind === 'sales' ? 'sales_orders' : 'purchase_orders')} o where o.cart_id in (${sql.join(cartIds)})`.execute(db)
    ).rows;
    const byCart = new Map<number, typeof orders>();
    for (const o of orders) byCart.set(Number(o.cart_id), [...(byCart.get(Number(o.cart_id)) ?? []), o]);
    for (const c of f.carts.filter((x) => x.kind === kind)) {
      const mine = byCart.get(c.id) ?? [];
      const st = status.get(c.id);
      if (mine.length > 1) {
        doubled += mine.length - 1;
        problems.push(`cart ${c.id}: ${mine.length} orders`);
      }
      if (mine.length === 0) {
        if (st !== 'open') problems.push(`cart ${c.id} is ${st} without an order`);
        if (auditCount(kind === 'sales' ? 'orders.confirm' : 'purchase-orders.confirm', 'cart', c.id) !== 0) problems.push(`cart ${c.id}: an audit row without its order`);
        continue;
      }
      const o = mine[0]!;
      if (st !== 'confirmed') problems.push(`cart ${c.id} is ${st} but has order ${o.id}`);
      if (Number(o.lines) !== c.lines) problems.push(`order ${o.id} of cart ${c.id}: ${o.lines} lines, the cart had ${c.lines}`);
      if (o.line_sum === null || Number(o.total) <= 0 || o.total !== o.line_sum) problems.push(`order ${o.id}: total ${o.total}, lines sum ${o.line_sum}`);
      const a = auditCount(kind === 'sales' ? 'orders.confirm' : 'purchase-orders.confirm', 'cart', c.id);
      if (a !== 1) problems.push(`order ${o.id} of cart ${c.id}: ${a} audit rows`);
      committed.set(opKey(kind, String(c.id)), `${o.id}:${o.number}`);
    }
    const dupNumbers = await sql<{ number: number }>`select number from ${sql.table(kind === 'sales' ? 'sales_orders' : 'purchase_orders')}
      where company_id = ${f.companyId} group by number having count(*) > 1`.execute(db);
    if (dupNumbers.rows.length) problems.push(`${kind} order numbers used twice: ${dupNumbers.rows.map((r) => r.number).join(', ')}`);
  }

  // Receipts (advance payments here): one per Idempotency-Key, pending — the credit reaches the ledger at approval,
  // not at posting — with its payment line and audit row.
  const keys = ops.filter((o) => o.kind === 'receipt').map((o) => o.ref);
  const receipts = (
    await sql<{ id: number; series: number; number: number; key: string; status: string; movement: string | null; payments: number }>`select r.id, r.series, r.number,
      r.idempotency_key as key, r.status, r.movement_id::text as movement,
      (select count(*) from receipt_payments p where p.receipt_id = r.id)::int as payments
    from receipts r where r.company_id = ${f.companyId} and r.idempotency_key in (${sql.join(keys)})`.execute(db)
  ).rows;
  for (const key of keys) {
    const mine = receipts.filter((r) => r.key === key);
    if (mine.length > 1) {
      doubled += mine.length - 1;
      problems.push(`key ${key}: ${mine.length} receipts`);
    }
    const r = mine[0];
    if (!r) continue;
    if (r.status !== 'pending' || r.movement !== null) problems.push(`receipt ${r.id}: ${r.status} with movement ${r.movement} before any approval`);
    if (Number(r.payments) !== 1) problems.push(`receipt ${r.id}: ${r.payments} payment lines`);
    const a = auditCount('receipt.post', 'receipt', Number(r.id));
    if (a !== 1) problems.push(`receipt ${r.id}: ${a} audit rows`);
    committed.set(opKey('receipt', key), `${r.id}:${voucherNumberText(r.series, r.number)}`);
  }
  const dupReceipts = await sql<{ number: number }>`select number from receipts where company_id = ${f.companyId} group by series, number having count(*) > 1`.execute(db);
  if (dupReceipts.rows.length) problems.push(`receipt numbers used twice: ${dupReceipts.rows.map((r) => r.number).join(', ')}`);

  // Pickings: at most one per order, with the stock leaving the deposit and one audit row.
  const orderIds = f.picks.map((p) => p.orderId);
  const pickings = (
    await sql<{ order_id: number; outcome: string; movements: number; products: number }>`select k.order_id, k.outcome,
      (select count(*) from stock_movements m where m.order_id = k.order_id and m.kind = 'picking')::int as movements,
      (select count(distinct l.product_id) from sales_order_lines l where l.order_id = k.order_id)::int as products
    from order_pickings k where k.order_id in (${sql.join(orderIds)})`.execute(db)
  ).rows;
  for (const p of f.picks) {
    const mine = pickings.filter((k) => Number(k.order_id) === p.orderId);
    if (mine.length > 1) {
      doubled += mine.length - 1;
      problems.push(`order ${p.orderId}: ${mine.length} pickings`);
    }
    const k = mine[0];
    const movements = await sql<{ n: number }>`select count(*)::int as n from stock_movements where order_id = ${p.orderId} and kind = 'picking'`.execute(db);
    if (!k) {
      if (Number(movements.rows[0]?.n ?? 0) !== 0) problems.push(`order ${p.orderId}: stock movements without a picking`);
      continue;
    }
    if (Number(k.movements) !== Number(k.products)) problems.push(`order ${p.orderId}: ${k.movements} stock movements for ${k.products} products`);
    const a = auditCount('warehouse.pick', 'order', p.orderId);
    if (a !== 1) problems.push(`picking of order ${p.orderId}: ${a} audit rows`);
    committed.set(opKey('picking', String(p.orderId)), `${p.number}:preparado`);
  }

  // The integration feed (the transactional outbox): every committed change wrote its one event in its own
  // transaction, and nothing rolled back (or killed before its commit) left one.
  const events = (
    await sql<{ kind: string; subject: string; n: number }>`select kind, subject, count(*)::int as n from integration_events
      where company_id = ${f.companyId} and id > ${f.lastEventId}::bigint group by kind, subject`.execute(db)
  ).rows;
  for (const e of events) if (e.n > 1) problems.push(`event ${e.kind} of ${e.subject} written ${e.n} times`);
  const ofKind = (...kinds: string[]) => events.filter((e) => kinds.includes(e.kind)).length;
  const done = (kind: Op['kind']) => [...committed.keys()].filter((k) => k.startsWith(`${kind}:`)).length;
  for (const [kind, eventKinds] of [['sales', ['pedido.confirmado']], ['purchase', ['orden_compra.confirmada']], ['receipt', ['recibo.ingresado']], ['picking', ['preparacion.confirmada', 'preparacion.cancelada']]] as const) {
    const n = ofKind(...eventKinds);
    if (n !== done(kind)) problems.push(`${done(kind)} ${kind} changes committed, ${n} ${eventKinds.join('/')} events in the feed`);
  }
  return { committed, problems, doubled };
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────────────────────

export async function runCrash(o: CrashOptions): Promise<CrashReport> {
  const log = o.log ?? (() => {});
  const t0 = Date.now();
  const target = await createTarget(o.postgresUrl);
  let server: Server | null = null;
  try {
    // Setup: migrated, seeded (small), customers with their carts; then closed, so the server owns the database.
    let db = await openTarget(target);
    await migrateToLatest(db);
    await seedDemo(db, 'small');
    const fixture = await prepare(db, o);
    await db.destroy();
    const tSetup = Date.now();

    const port = await freePort();
    server = await startServer(target, port);
    const tStart = Date.now();
    let tokens = await loginAll(server.origin, [...fixture.customers, 'deposito']);
    const ops = operations(fixture, () => tokens);
    log(`${target.kind}: ${ops.length} requests at once against pid ${server.child.pid}`);

    // The storm, and kill -9 once `killAt` of it has been answered.
    const before = new Map<string, Outcome>();
    const origin = server.origin;
    const inflight = ops.map(async (op) => {
      try {
        const res = await op.send(origin);
        before.set(opKey(op.kind, op.ref), await outcomeOf(op, res));
      } catch {
        // The connection died with the server: no answer.
      }
    });
    const killAfter = Math.max(1, Math.floor(ops.length * o.killAt));
    for (;;) {
      if (before.size >= killAfter) break;
      if (server.child.exitCode !== null) throw new Error(`the server died by itself: ${server.stderr()}`);
      await sleep(2);
    }
    server.child.kill('SIGKILL');
    await exited(server.child);
    await Promise.all(inflight);
    const answeredBeforeKill = [...before.values()].filter((x) => x.status === 200).length;
    const refusedBeforeKill = [...before.entries()].filter(([, x]) => x.status !== 200);
    if (refusedBeforeKill.length) throw new Error(`answered with an error before the kill: ${refusedBeforeKill.slice(0, 3).map(([k, x]) => `${k} ${x.status} ${x.body}`).join(' | ')}`);
    if (before.size >= ops.length) throw new Error('every request was answered before the kill: nothing was cut in the middle');
    log(`killed with ${before.size} of ${ops.length} answered`);
    const tStorm = Date.now();

    // The database opens again, and holds every answered change, whole, once.
    db = await openTarget(target);
    const afterKill = await inspect(db, fixture, ops);
    await db.destroy();
    const tReopen = Date.now();
    let lost = 0;
    for (const [key, outcome] of before) {
      if (afterKill.committed.get(key) !== outcome.identity) {
        lost++;
        afterKill.problems.push(`answered ${key} → ${outcome.identity}, the database has ${afterKill.committed.get(key) ?? 'nothing'}`);
      }
    }
    const committedUnanswered = [...afterKill.committed.keys()].filter((k) => !before.has(k)).length;

    // Restart on the same database; the client retries every request.
    server = await startServer(target, port);
    const tRestart = Date.now();
    tokens = await loginAll(server.origin, [...fixture.customers, 'deposito']);
    const after = new Map<string, Outcome>();
    const retryOrigin = server.origin;
    await Promise.all(ops.map(async (op) => after.set(opKey(op.kind, op.ref), await outcomeOf(op, await op.send(retryOrigin)))));
    await stopServer(server);
    server = null;
    const tRetry = Date.now();
    let retryAnswersDiffering = 0;
    const problems = [...afterKill.problems];
    for (const [key, outcome] of after) {
      if (outcome.status !== 200) problems.push(`retry of ${key}: ${outcome.status} ${outcome.body}`);
      const first = before.get(key) ?? (afterKill.committed.has(key) ? { identity: afterKill.committed.get(key)! } : null);
      if (first && first.identity !== outcome.identity) {
        retryAnswersDiffering++;
        problems.push(`retry of ${key} answered ${outcome.identity}, before ${first.identity}`);
      }
    }

    // Everything happened, once.
    db = await openTarget(target);
    const final = await inspect(db, fixture, ops);
    await db.destroy();
    problems.push(...final.problems);
    for (const op of ops) if (!final.committed.has(opKey(op.kind, op.ref))) problems.push(`${opKey(op.kind, op.ref)} never happened`);
    const doneByRetry = ops.length - before.size - committedUnanswered;

    const count = (k: Op['kind']) => ops.filter((x) => x.kind === k).length;
    return {
      database: target.kind,
      requests: { sales: count('sales'), purchase: count('purchase'), receipt: count('receipt'), picking: count('picking'), total: ops.length },
      answeredBeforeKill,
      committedUnanswered,
      doneByRetry,
      lost,
      doubled: afterKill.doubled + final.doubled,
      problems,
      retryAnswersDiffering,
      timesMs: { setup: tSetup - t0, firstStart: tStart - tSetup, storm: tStorm - tStart, reopen: tReopen - tStorm, restart: tRestart - tReopen, retry: tRetry - tRestart, total: Date.now() - t0 },
    };
  } finally {
    if (server) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    await dropTarget(target);
  }
}
