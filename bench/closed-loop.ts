import { performance } from 'node:perf_hooks';
import type { Pool } from 'undici';
import type { Cpu } from './server-process.js';
import { percentile } from './support.js';

/**
 * The closed-loop driver of the HTTP benchmarks (http.ts, statements.ts): `connections` clients, each sending its next
 * request when the last answer has been read whole, every answer 200, figures per call label and in all, and the CPU
 * each request cost (server process + PostgreSQL backends + this client, from /proc) over the measured run.
 */

export type Call = { label: string; path: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
export type Result = { label: string; count: number; perSecond: number; p50: number; p95: number; p99: number; max: number; bytes: number; cpu?: Cpu; statements?: number };

export function summarise(label: string, times: number[], wall: number, bytes: number): Result {
  times.sort((a, b) => a - b);
  return { label, count: times.length, perSecond: times.length / wall, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1) ?? 0, bytes: times.length ? bytes / times.length : 0 };
}

/**
 * `cpu` is read before and after each measured run (the server's pid is known only once it started); `statements`,
 * when given, counts what the database has run so far (PostgreSQL: its committed transactions, read after the
 * backends reported them), so each result also says how many statements a request cost.
 */
export function closedLoop(o: { connections: number; seconds: number; warmup: number; cpu: () => Cpu; statements?: () => Promise<number | null> }) {
  /** The clients in a closed loop for `duration` seconds; `next(client, i)` gives each client's i-th call. */
  async function load(pool: Pool, duration: number, next: (client: number, i: number) => Call): Promise<{ all: Result; byLabel: Result[] }> {
    const times = new Map<string, number[]>();
    const bytes = new Map<string, number>();
    const all: number[] = [];
    let allBytes = 0;
    const started = performance.now();
    const end = started + duration * 1000;
    await Promise.all(
      Array.from({ length: o.connections }, async (_, client) => {
        for (let i = 0; performance.now() < end; i++) {
          const call = next(client, i);
          const t = performance.now();
          const res = await pool.request({ path: call.path, method: call.method ?? 'GET', headers: call.headers, body: call.body });
          const body = Buffer.from(await res.body.arrayBuffer());
          const ms = performance.now() - t;
          if (res.statusCode !== 200) throw new Error(`${call.label}: ${call.path} answered ${res.statusCode}: ${body.toString('utf8').slice(0, 300)}`);
          all.push(ms);
          allBytes += body.length;
          const list = times.get(call.label) ?? [];
          list.push(ms);
          times.set(call.label, list);
          bytes.set(call.label, (bytes.get(call.label) ?? 0) + body.length);
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;
    return { all: summarise('all', all, wall, allBytes), byLabel: [...times].map(([label, t]) => summarise(label, t, wall, bytes.get(label)!)) };
  }

  /** Warm-up (not measured), then the measured run with the CPU it cost per request. */
  async function run(pool: Pool, next: (client: number, i: number) => Call) {
    if (o.warmup > 0) await load(pool, o.warmup, next);
    const statementsBefore = await o.statements?.();
    const before = o.cpu();
    const result = await load(pool, o.seconds, next);
    const after = o.cpu();
    const statementsAfter = await o.statements?.();
    const n = result.all.count;
    result.all.cpu = { server: (after.server - before.server) / n, postgres: (after.postgres - before.postgres) / n, client: (after.client - before.client) / n };
    if (typeof statementsBefore === 'number' && typeof statementsAfter === 'number') result.all.statements = (statementsAfter - statementsBefore) / n;
    return result;
  }

  return { load, run };
}
