/**
 * What the benchmarks that drive a real server process share (http.ts, soak.ts): bench customers in the database,
 * the server started as `npm start` runs it, and the CPU and memory it uses, read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { DB } from '@portal/server/src/db/database.js';
import type { Target } from './support.js';

export const LA_PAMPA = '30712345671';
export const PASSWORD = 'Demo1234';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Customer = { username: string; cuit: string; entity: string; token?: string };

/** Bench customers: users bench-NNNN (password Demo1234), each a customer (profile 1) of one generated entity. */
export async function ensureCustomers(db: DB, count: number): Promise<Customer[]> {
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const entities = await db
    .selectFrom('entities')
    .select(['id', 'code'])
    .where('company_id', '=', company.id)
    .where('active', '=', true)
    .where('code', '>=', 2000)
    .orderBy('code')
    .limit(count)
    .execute();
  const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'productor').executeTakeFirstOrThrow()).password_hash;
  const customers: Customer[] = [];
  for (const [i, e] of entities.entries()) {
    const username = `bench-${String(i + 1).padStart(4, '0')}`;
    customers.push({ username, cuit: LA_PAMPA, entity: String(e.code) });
    if (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()) continue;
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('users')
        .values({ username, email: `${username}@bench.invalid`, first_name: 'Cliente', last_name: `Bench ${i + 1}`, password_hash: hash, phone: null, cuit: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('memberships').values({ user_id: id, company_id: company.id, default_profile_id: 1, hidden_currencies: '[]' }).execute();
      await trx.insertInto('membership_profiles').values({ user_id: id, company_id: company.id, profile_id: 1 }).execute();
      await trx.insertInto('user_entities').values({ user_id: id, company_id: company.id, entity_id: e.id }).execute();
      await trx.insertInto('active_sessions').values({ user_id: id, company_id: company.id }).execute();
    });
  }
  return customers;
}

/**
 * Refuses a port something already listens on: the benchmark would otherwise measure that program (its /healthz
 * answers before our server has failed with EADDRINUSE).
 */
export async function assertPortFree(port: number): Promise<void> {
  const taken = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  if (taken) throw new Error(`port ${port} is already in use: choose another with BENCH_PORT`);
}

/** The server as `npm start` runs it (without the web build), on this target's database. */
export function startServer(target: Target, port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', RATE_LIMIT_SCALE: '1000' };
  delete env.DATABASE_URL;
  if (target.url) env.DATABASE_URL = target.url;
  else env.DATA_DIR = target.dataDir;
  for (const pair of (process.env.BENCH_SERVER_ENV ?? '').split(/\s+/).filter(Boolean)) {
    const [k, ...v] = pair.split('=');
    env[k!] = v.join('=');
  }
  const args = ['--import', 'tsx'];
  if (process.env.BENCH_CPU_PROF) {
    mkdirSync(process.env.BENCH_CPU_PROF, { recursive: true });
    args.unshift('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  }
  const child = spawn(process.execPath, [...args, 'src/main.ts'], { cwd: path.join(root, 'apps/server'), env, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

export async function waitForServer(origin: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 3_000; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not answer /healthz in 5 minutes');
}

/**
 * CPU time (ms) spent so far by the server (its process and its children: cluster workers), the PostgreSQL backends
 * of the benchmark database, and this process. Divided by the requests served, it is a cost per request that does
 * not depend on how many other programs share the machine (the latencies do).
 */
export type Cpu = { server: number; postgres: number; client: number };
const TICK_MS = 10; // CLK_TCK = 100 on Linux
/** A process's parent and CPU time (user + system, ms) from /proc/<pid>/stat; throws when the process is gone. */
function statOf(pid: string | number): { ppid: string; ms: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: f[1]!, ms: (Number(f[11]) + Number(f[12])) * TICK_MS };
}
/** CPU time (ms) a process has spent so far, e.g. one PostgreSQL backend's (`select pg_backend_pid()`). */
export function processCpuMs(pid: number): number {
  return statOf(pid).ms;
}
function procStat(pid: string): { ppid: string; ms: number; cmd: string } | null {
  try {
    return { ...statOf(pid), cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') };
  } catch {
    return null; // gone meanwhile
  }
}
export function cpuNow(serverPid: number, database: string | null): Cpu {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((pid) => ({ pid, s: procStat(pid) }));
  const tree = new Set([String(serverPid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { pid, s } of all) {
      if (s && !tree.has(pid) && tree.has(s.ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let server = 0;
  let postgres = 0;
  for (const { pid, s } of all) {
    if (!s) continue;
    if (tree.has(pid)) server += s.ms;
    else if (database && s.cmd.startsWith('postgres: ') && s.cmd.includes(` ${database} `)) postgres += s.ms;
  }
  const own = process.cpuUsage();
  return { server, postgres, client: (own.user + own.system) / 1000 };
}

/** Resident memory of the server process and its children (cluster workers), in MB. */
export function rssMb(serverPid: number): number {
  let kb = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const ppid = /PPid:\s+(\d+)/.exec(status)?.[1];
      if (pid !== String(serverPid) && ppid !== String(serverPid)) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/**
 * Transactions committed in a database so far (pg_stat_database), read after a pause that lets the backends report
 * theirs (they do so at most once a second): the server's reads run one statement per transaction, so the difference
 * over a run is the statements it sent (a few more: this reading's own).
 */
export async function committedNow(url: string): Promise<number> {
  await sleep(1_200);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}
