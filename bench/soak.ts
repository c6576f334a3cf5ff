/**
 * The soak: the server as `npm start` runs it (its own process, logging at info), driven over real
 * HTTP at a fixed rate of mixed customer traffic for a long time; every answer must be a 2xx, and the server's
 * memory must not grow more than 10 % from the end of the warm-up to the end of the run. Latency (p50, p95, p99,
 * max) and memory are printed per window so a slow leak or a creeping latency shows as a trend.
 *
 *   npm run bench:soak -w @portal/bench -- [size] [seconds] [rate]          (defaults: demo 600 200)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_ONLY=postgres npm run bench:soak -w @portal/bench -- demo 600 200
 *
 * Open loop: requests are sent on schedule whether or not earlier ones have been answered (a closed loop would
 * slow down with the server and hide its queueing); latency is measured from the moment a request was due.
 * The traffic, in turn for 100 bench customers: the catalogue by text, facet lists, GET /data, the cart, the
 * dashboard, a fiscal page, module parameters, orders made; one slot in 20 places an order (add a product to the
 * cart, confirm it, read the new cart: 3 requests); one login a second (a customer's token renewed).
 *
 * Environment: BENCH_PORT (9310), BENCH_CUSTOMERS (100), BENCH_WARMUP (s, 30), BENCH_WINDOW (s of each printed
 * row; default a tenth of the run, at least 10), BENCH_CONNECTIONS (64 keep-alive connections),
 * BENCH_SERVER_ENV (extra server variables, e.g. 'WORKERS=2'), BENCH_DRAIN (s the run waits at the end for the
 * answers still due, 60; what is not answered by then counts as unanswered and fails the run), and support.ts's
 * BENCH_ONLY, BENCH_PGLITE_DIR, BENCH_DATABASE_NAME. Exits non-zero when a request failed or went unanswered, or
 * memory grew more than 10 %. A line per window is printed while the run goes (sent, answered, in flight, RSS,
 * load), so an overloaded run shows where it stands without waiting for its backlog.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { defaultFiscalRange } from '@portal/contract';
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { VOCABULARY } from './vocabulary.js';
import { assertPortFree, ensureCustomers, loadAverage, PASSWORD, rssMb, startServer, waitForServer, type Customer } from './server-process.js';
import { percentile, targets } from './support.js';

const size = (process.argv[2] ?? 'demo') as DemoSize;
const seconds = Number(process.argv[3] ?? 600);
const rate = Number(process.argv[4] ?? 200);
const port = Number(process.env.BENCH_PORT ?? 9310);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100);
const warmup = Number(process.env.BENCH_WARMUP ?? 30);
const windowS = Number(process.env.BENCH_WINDOW ?? Math.max(10, Math.round(seconds / 10)));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const drainS = Number(process.env.BENCH_DRAIN ?? 60);
const MEMORY_GROWTH_LIMIT = 0.1;
const api = '/api/public';

type Sample = { at: number; ms: number; ok: boolean };
type Request = { label: string; path: string; method?: 'GET' | 'PUT' | 'POST'; body?: unknown; customer?: Customer };

const fiscalQuery = new URLSearchParams({ ...defaultFiscalRange(), start: '0', limit: '7' }).toString();
const FACETS = ['familia', 'marca', 'subfamilia', 'presentacion'] as const;
const headersOf = (c: Customer): Record<string, string> => ({ authorization: `Bearer ${c.token}`, cuit: c.cuit, entity_id: c.entity });

/** The read slots of one turn of 20; slot 19 places an order, and a login runs once a second beside them. */
const READS: Array<(c: Customer, i: number) => Request> = [
  (c, i) => ({ label: 'catalogue, text', customer: c, path: `${api}/proxy/pedidos?${new URLSearchParams({ filtros: JSON.stringify({ patron: VOCABULARY[i % VOCABULARY.length] }), start: '0', limit: '12', page: '1' })}` }),
  (c, i) => ({ label: 'facet list', customer: c, path: `${api}/proxy/pedidos?${new URLSearchParams({ type: FACETS[i % FACETS.length]!, patron: VOCABULARY[(i * 7) % VOCABULARY.length]! })}` }),
  (c) => ({ label: 'GET /data', customer: c, path: `${api}/data?mobile=false` }),
  (c) => ({ label: 'cart', customer: c, path: `${api}/proxy/pedidos?type=carrito` }),
  (c) => ({ label: 'dashboard', customer: c, path: `${api}/proxy/cgi/etenet_dashboard` }),
  (c) => ({ label: 'fiscal page', customer: c, path: `${api}/proxy/cgi/etenet_cabcbte?${fiscalQuery}` }),
  (c, i) => ({ label: 'catalogue, page', customer: c, path: `${api}/proxy/pedidos?${new URLSearchParams({ start: String((i % 10) * 12), limit: '12', page: String((i % 10) + 1) })}` }),
  (c) => ({ label: 'module parameters', customer: c, path: `${api}/configuraciones/parametros_modulos` }),
  (c) => ({ label: 'orders made', customer: c, path: `${api}/proxy/pedidos?pendientes=true` }),
];

function summary(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: ms.length,
    errors: samples.filter((s) => !s.ok).length,
    p50: ms.length ? percentile(ms, 50) : 0,
    p95: ms.length ? percentile(ms, 95) : 0,
    p99: ms.length ? percentile(ms, 99) : 0,
    max: ms.length ? ms[ms.length - 1]! : 0,
  };
}

let failed = false;
for await (const target of targets(size)) {
  const customers = await ensureCustomers(target.db, customerCount);
  await target.close();
  const origin = `http://127.0.0.1:${port}`;
  await assertPortFree(port);
  const server = startServer(target, port);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const errors: string[] = [];
  try {
    await waitForServer(origin, server);
    const send = async (r: Request, due: number, samples: Sample[] | null): Promise<unknown> => {
      let ok = false;
      let text = '';
      try {
        const res = await pool.request({
          path: r.path,
          method: r.method ?? 'GET',
          headers: { ...(r.customer ? headersOf(r.customer) : {}), ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: r.body === undefined ? undefined : JSON.stringify(r.body),
        });
        text = await res.body.text();
        ok = res.statusCode >= 200 && res.statusCode < 300;
        if (!ok && errors.length < 20) errors.push(`${r.label}: ${r.method ?? 'GET'} ${r.path} → ${res.statusCode} ${text.slice(0, 200)}`);
      } catch (e) {
        if (errors.length < 20) errors.push(`${r.label}: ${r.path} → ${String(e)}`);
      }
      samples?.push({ at: due, ms: performance.now() - due, ok });
      return ok && text ? (JSON.parse(text) as unknown) : null;
    };
    const login = async (c: Customer, due: number, samples: Sample[] | null) => {
      const answer = (await send(
        { label: 'login', path: `${api}/oauth`, method: 'POST', body: { client_id: 'master', grant_type: 'password', username: c.username, password: PASSWORD } },
        due,
        samples,
      )) as { access_token?: string } | null;
      if (answer?.access_token) c.token = answer.access_token;
    };
    for (const c of customers) await login(c, performance.now(), null);
    const first = (await send(READS[0]!(customers[0]!, 0), performance.now(), null)) as { productos: Array<{ id: number }> } | null;
    const productIds = (first?.productos ?? []).map((p) => p.id);
    if (productIds.length === 0) throw new Error(`no products to order: ${errors.join(' | ')}`);
    const busy = new Set<string>();

    /** An order: a product into the cart, confirm it, read the next (new) cart. Skipped while the customer's last one runs. */
    const order = async (c: Customer, i: number, due: number, samples: Sample[]) => {
      busy.add(c.username);
      try {
        const cart = (await send({ label: 'cart', customer: c, path: `${api}/proxy/pedidos?type=carrito` }, due, samples)) as { carrito?: { id: number } } | null;
        if (!cart?.carrito) return;
        const id = cart.carrito.id;
        const put = await send(
          { label: 'cart, add a product', customer: c, method: 'PUT', path: `${api}/proxy/pedidos/${id}?type=carrito&suma=true`, body: { productos: [{ producto_id: productIds[i % productIds.length], pedido_cantidad: 1 }] } },
          performance.now(),
          samples,
        );
        if (put) await send({ label: 'order confirmation', customer: c, method: 'PUT', path: `${api}/proxy/pedidos`, body: { pedidoid: id } }, performance.now(), samples);
      } finally {
        busy.delete(c.username);
      }
    };

    /**
     * Sends `rate` requests a second for `duration` s on schedule; the samples of everything answered, and how many
     * were still unanswered `drainS` seconds after the last was sent.
     */
    const drive = async (duration: number, onTick?: (elapsed: number, inflight: number, sent: number, answered: number) => void): Promise<{ samples: Sample[]; unanswered: number }> => {
      const samples: Sample[] = [];
      const inflight = new Set<Promise<unknown>>();
      const track = (p: Promise<unknown>) => {
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
      };
      const start = performance.now();
      let sent = 0;
      let slot = 0;
      let logins = 0;
      for (;;) {
        const now = performance.now();
        const elapsed = (now - start) / 1000;
        if (elapsed >= duration) break;
        onTick?.(elapsed, inflight.size, sent, samples.length);
        const due = Math.floor(elapsed * rate);
        while (sent < due) {
          const at = start + (sent / rate) * 1000;
          const c = customers[slot % customers.length]!;
          if (slot % 20 === 19 && !busy.has(c.username)) {
            track(order(c, slot, at, samples));
            sent += 3;
          } else {
            track(send(READS[slot % READS.length]!(c, slot), at, samples));
            sent++;
          }
          slot++;
        }
        if (Math.floor(elapsed) >= logins) {
          track(login(customers[logins % customers.length]!, start + logins * 1000, samples));
          logins++;
        }
        await sleep(5);
      }
      await Promise.race([Promise.all(inflight), sleep(drainS * 1000)]);
      return { samples: [...samples], unanswered: inflight.size };
    };

    console.log(
      `\n${target.kind}, ${size}, soak over HTTP: ${rate} requests/s scheduled (open loop), ${warmup} s warm-up + ${seconds} s, ${customers.length} customers, ` +
        `${connections} connections, server pid ${server.pid}, load average ${loadAverage()}`,
    );
    const warm = await drive(warmup);
    if (warm.unanswered > 0) console.log(`warm-up: ${warm.unanswered} requests still unanswered ${drainS} s after it ended`);
    const memory: Array<{ at: number; mb: number; inflight: number }> = [];
    let nextSample = 0;
    let nextLine = windowS;
    const { samples, unanswered } = await drive(seconds, (elapsed, inflight, sent, answered) => {
      if (elapsed >= nextSample) {
        memory.push({ at: elapsed, mb: rssMb(server.pid!), inflight });
        nextSample += 5;
      }
      if (elapsed >= nextLine) {
        console.log(`  ${nextLine} s: ${sent} sent, ${answered} answered, ${inflight} in flight, server RSS ${rssMb(server.pid!).toFixed(0)} MB, load average ${loadAverage()}`);
        nextLine += windowS;
      }
    });
    memory.push({ at: seconds, mb: rssMb(server.pid!), inflight: 0 });
    // On its own connection: the pool's may still hold requests past the drain.
    const health = await fetch(`${origin}/healthz`).then((r) => ({ statusCode: r.status }), () => ({ statusCode: 0 }));

    const t0 = samples.reduce((m, s) => Math.min(m, s.at), Infinity);
    // Rows by the time each request was due; 'in flight' is the most requests waiting for an answer at one sample
    // (a server that keeps up holds a handful; a growing number is a queue, and its latency and memory with it).
    console.log('\n| window | requests/s | errors | p50 | p95 | p99 | max | in flight | server RSS |\n|---|---|---|---|---|---|---|---|---|');
    for (let w = 0; w * windowS < seconds; w++) {
      const inWindow = samples.filter((s) => s.at - t0 >= w * windowS * 1000 && s.at - t0 < (w + 1) * windowS * 1000);
      const r = summary(inWindow);
      const inWin = memory.filter((m) => m.at >= w * windowS && m.at < (w + 1) * windowS);
      const mem = inWin.map((m) => m.mb);
      const memText = mem.length ? `${(mem.reduce((a, b) => a + b, 0) / mem.length).toFixed(0)} MB` : '';
      const queue = inWin.length ? Math.max(...inWin.map((m) => m.inflight)) : 0;
      console.log(
        `| ${w * windowS}–${Math.min(seconds, (w + 1) * windowS)} s | ${(r.n / windowS).toFixed(0)} | ${r.errors} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.max.toFixed(0)} ms | ${queue} | ${memText} |`,
      );
    }
    const all = summary(samples);
    const firstMem = memory.filter((m) => m.at < windowS).map((m) => m.mb);
    const lastMem = memory.filter((m) => m.at >= seconds - windowS).map((m) => m.mb);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const growth = avg(lastMem) / avg(firstMem) - 1;
    const peak = Math.max(...memory.map((m) => m.mb));
    console.log(
      `\n${target.kind}: ${all.n} requests in ${seconds} s (${(all.n / seconds).toFixed(0)}/s of ${rate} scheduled), errors ${all.errors}, ` +
        `p50 ${all.p50.toFixed(1)} ms, p95 ${all.p95.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms, max ${all.max.toFixed(0)} ms; ` +
        `server RSS ${avg(firstMem).toFixed(0)} MB after warm-up → ${avg(lastMem).toFixed(0)} MB at the end (${(growth * 100).toFixed(1)} %, peak ${peak.toFixed(0)} MB); ` +
        `${unanswered} unanswered ${drainS} s after the last was sent; /healthz ${health.statusCode}; load average ${loadAverage()}`,
    );
    for (const e of errors) console.log(`  ${e}`);
    if (all.errors > 0 || unanswered > 0 || growth > MEMORY_GROWTH_LIMIT || health.statusCode !== 200) failed = true;
  } finally {
    // Requests still queued after the drain are abandoned, not awaited.
    await pool.destroy();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  }
}
process.exit(failed ? 1 : 0);
