/**
 * Quick order over HTTP: a server process as `npm start` runs it, and `clients` customers (bench-NNNN, each its own
 * entity) each resolving a 500-line pasted order at the same time (POST /proxy/pedidos/rapido; target on `large`,
 * PostgreSQL: p95 ≤ 300 ms with 10 customers), then adding the ready lines to their carts in one call
 * (PUT /proxy/pedidos/{cart}?type=carrito&suma=true; target ≤ 500 ms). The pasted text is what a customer sends:
 * codes written loosely (lower case, no dash, extra zeros), es-AR quantities, a few typos and repeated products.
 *   npm run bench:quick-order -w @portal/bench -- [size] [clients] [rounds]
 *   BENCH_ONLY=postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:quick-order -w @portal/bench -- large 10 20
 */
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { assertPortFree, cpuNow, ensureCustomers, loadAverage, PASSWORD, startServer, waitForServer } from './server-process.js';
import { percentile, targets } from './support.js';

const size = (process.argv[2] ?? 'large') as DemoSize;
const clients = Number(process.argv[3] ?? 10);
const rounds = Number(process.argv[4] ?? 20);
const LINES = 500;
const port = Number(process.env.BENCH_PORT ?? 8391);
const origin = `http://127.0.0.1:${port}`;

/** A 500-line paste: most codes loosely written, 2 % typos, 4 % repeated products, es-AR quantities. */
function pasted(codes: string[], seed: number): string {
  const out: string[] = ['Código\tCantidad'];
  for (let i = 0; i < LINES; i++) {
    const code = codes[(seed * 7919 + i * 104_729) % codes.length]!;
    const written = i % 50 === 7 ? `${code}9` : i % 3 === 0 ? code.toLowerCase().replace('-', '') : i % 3 === 1 ? code.replace('-', ' 00') : code;
    const repeat = i % 25 === 3 && out.length > 2 ? out[out.length - 1]!.split('\t')[0]! : written;
    out.push(`${repeat}\t${i % 4 === 0 ? '1,5' : i % 4 === 1 ? '1.000' : String((i % 9) + 1)}`);
  }
  return out.join('\n');
}

async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ ms: number; status: number; json: T }> {
  const start = performance.now();
  const res = await fetch(`${origin}/api/public${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  return { ms: performance.now() - start, status: res.status, json };
}

/** GET /healthz from `clients` loops for 3 s: the ceiling of this machine, server and client in the same run. */
async function healthzCeiling(): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + 3_000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await (await fetch(`${origin}/healthz`)).arrayBuffer();
        times.push(performance.now() - start);
      }
    }),
  );
  return times;
}

function report(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`  ${label}: n=${sorted.length} p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`);
}

for await (const target of targets(size)) {
  const { db } = target;
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', '30712345671').executeTakeFirstOrThrow();
  const codes = (
    await db.selectFrom('products').select('alpha_code').where('company_id', '=', company.id).where('active', '=', true).orderBy('id').limit(20_000).execute()
  ).map((r) => r.alpha_code);
  const customers = await ensureCustomers(db, clients);
  await target.close();
  await assertPortFree(port);
  const server = startServer(target, port);
  try {
    await waitForServer(origin, server);
    const sessions = await Promise.all(
      customers.map(async (c) => {
        const login = await call<{ access_token: string }>('POST', '/oauth', {}, { client_id: 'master', grant_type: 'password', username: c.username, password: PASSWORD });
        return { authorization: `Bearer ${login.json.access_token}`, Cuit: c.cuit, Entity_ID: c.entity };
      }),
    );
    console.log(`\n${target.kind}, ${size}: ${clients} customers × ${rounds} rounds of ${LINES} pasted lines (load ${loadAverage()})`);
    const ceiling = await healthzCeiling();
    // Warm-up: one round each, not measured.
    await Promise.all(sessions.map((h, i) => call('POST', '/proxy/pedidos/rapido', h, { texto: pasted(codes, i) })));
    const resolveTimes: number[] = [];
    const addTimes: number[] = [];
    const database = target.url ? new URL(target.url).pathname.slice(1) : null;
    const before = cpuNow(server.pid!, database);
    await Promise.all(
      sessions.map(async (h, i) => {
        for (let r = 0; r < rounds; r++) {
          const res = await call<{ renglones: Array<{ estado: string; cantidad: number; producto: { id: number; moneda_simbolo: string } | null }> }>('POST', '/proxy/pedidos/rapido', h, { texto: pasted(codes, i * rounds + r) });
          if (res.status !== 200) throw new Error(`resolve: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          resolveTimes.push(res.ms);
          if (r % 5 !== 0) continue;
          // Every fifth iteration the ready lines go to the cart (and the cart is emptied again, not measured).
          const cart = await call<{ carrito: { id: number } }>('GET', '/proxy/pedidos?type=carrito', h);
          // The ready lines in pesos: a cart holds one currency (the same rule refuses a mix whole).
          const ready = res.json.renglones.filter((l) => l.producto?.moneda_simbolo === '$' && ['listo', 'ajustado', 'duplicado'].includes(l.estado));
          const add = await call('PUT', `/proxy/pedidos/${cart.json.carrito.id}?type=carrito&suma=true`, h, {
            productos: ready.map((l) => ({ producto_id: l.producto!.id, pedido_cantidad: l.cantidad })),
          });
          if (add.status !== 200) throw new Error(`add: ${add.status} ${JSON.stringify(add.json).slice(0, 200)}`);
          addTimes.push(add.ms);
          await call('DELETE', '/proxy/pedidos', h, { pedido_id: cart.json.carrito.id });
        }
      }),
    );
    const after = cpuNow(server.pid!, database);
    report(`GET /healthz, ${clients} at once (ceiling, ${(ceiling.length / 3).toFixed(0)} req/s)`, ceiling);
    report(`resolve ${LINES} lines (${clients} at once)`, resolveTimes);
    report(`add the ready lines (one call)`, addTimes);
    // Per resolve, the adds (one in five, with their cart read and emptying) included; PostgreSQL only on PostgreSQL.
    const per = (k: 'server' | 'postgres' | 'client') => ((after[k] - before[k]) / resolveTimes.length).toFixed(1);
    console.log(`  CPU per resolve (the adds included): node ${per('server')} + pg ${per('postgres')} + client ${per('client')} ms`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
