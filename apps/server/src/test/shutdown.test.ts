import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildCuit } from '@portal/contract';
import { dumpPglite, openDatabase } from '../db/database.js';
import { createTestDb } from './helpers.js';

/**
 * SIGTERM on a real server process (the compiled server, as `npm start` runs it and a process manager stops it): readiness goes (new connections
 * are refused, or answered 503), a request in flight completes, and the process ends at SHUTDOWN_TIMEOUT_MS even
 * while another request would take longer. The requests in flight are registrations whose SMS the gateway (a
 * server of this test, SMS_HTTP_URL) holds until the test lets it answer.
 */
// Long enough for the first registration to finish after its gateway answers on a loaded CI machine.
const SHUTDOWN_TIMEOUT_MS = 8_000;
const serverDir = path.resolve(import.meta.dirname, '../..');

type Held = { body: string; res: ServerResponse };
const held: Held[] = [];
let arrived: (() => void) | null = null;
const gateway = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    held.push({ body, res });
    arrived?.();
  });
});

let ctx: Awaited<ReturnType<typeof createTestDb>>;
let dataDir: string;
// The build of this tree, in a directory of this test's own (`npm start` builds dist/ the same way).
const buildDir = path.join(serverDir, '.test-builds', String(process.pid));
let child: ChildProcess;
let stdout = '';

before(async () => {
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  ctx = await createTestDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-shutdown-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0',
    DATA_DIR: dataDir, SEED_DEMO: 'false', WEB_DIST: path.join(dataDir, 'no-web'), RATE_LIMIT_SCALE: '100',
    SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  };
  if (ctx.kind === 'postgres') env.DATABASE_URL = ctx.url;
  else {
    // The embedded database: the test's seeded one, copied into the process's DATA_DIR.
    const copy = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), loadDataDir: (await dumpPglite(ctx.db))! });
    await copy.destroy();
  }
  const built = spawnSync(process.execPath, ['build.mjs', `--outdir=${buildDir}`], { cwd: serverDir, encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  child = spawn(process.execPath, ['--enable-source-maps', path.join(buildDir, 'main.js')], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
});
after(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const h of held) h.res.destroy();
  gateway.closeAllConnections();
  gateway.close();
  await ctx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

/** The port the process listens on, from its log line (PORT=0: the system picks a free one). */
async function listening(): Promise<string> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server process ended with ${child.exitCode}`);
    const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server process did not start in 30 s');
}

function untilHeld(n: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (held.length >= n) {
        arrived = null;
        resolve();
      }
    };
    arrived = check;
    check();
  });
}

/** GET on a connection of its own (no pooled keep-alive one): the status, or the connection's error code. */
function freshGet(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

let serial = 0;
function register(base: string): Promise<Response> {
  serial++;
  return fetch(`${base}/api/public/usuarios`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      nombre: 'Ana', apellido: 'Suárez', email: `apagado${serial}.${Date.now()}@campo.com.ar`, password: 'Clave123',
      nrotel: `2954${String(800000 + serial).padStart(6, '0')}`, cuit: buildCuit('27', 31_000_000 + serial),
    }),
  });
}

test('SIGTERM: not ready at once, the request in flight completes, and the process ends at SHUTDOWN_TIMEOUT_MS', async () => {
  const base = await listening();
  assert.equal(await freshGet(`${base}/readyz`), 200);

  // Two registrations in flight, each waiting for its SMS to be accepted. Either may reach the gateway first, so each
  // is followed to its outcome: an answer with its status and body, or the error of a cut connection.
  type Outcome = { status: number; body: string } | Error;
  const follow = (r: Promise<Response>): Promise<Outcome> => r.then(async (res) => ({ status: res.status, body: await res.text() }), (err: Error) => err);
  const outcomes = Promise.all([follow(register(base)), follow(register(base))]);
  await untilHeld(2);

  const exited = new Promise<{ code: number | null; ms: number }>((resolve) => child.once('exit', (code) => resolve({ code, ms: Date.now() - signalled })));
  const signalled = Date.now();
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 200));

  // A load balancer's probe on a new connection: refused, or 503 if the connection was accepted before the close.
  const probe = await freshGet(`${base}/readyz`);
  assert.ok(probe === 'ECONNREFUSED' || probe === 503, `readiness after SIGTERM: ${probe}`);
  assert.equal(child.exitCode, null, 'still running while requests are in flight');

  // One gateway answers: its request completes with its answer. The other never answers: at the deadline the process
  // ends anyway, with that request cut.
  held[0]!.res.writeHead(200).end('{}');
  const { code, ms } = await exited;
  assert.equal(code, 1);
  assert.ok(ms >= SHUTDOWN_TIMEOUT_MS - 100 && ms < SHUTDOWN_TIMEOUT_MS + 3_000, `ended ${ms} ms after SIGTERM`);
  const [a, b] = await outcomes;
  const answered = [a, b].filter((o): o is { status: number; body: string } => !(o instanceof Error));
  assert.equal(answered.length, 1, `one request completes, one is cut: ${JSON.stringify([a, b].map(String))}`);
  assert.equal(answered[0]!.status, 201, answered[0]!.body);
  assert.equal((JSON.parse(answered[0]!.body) as { success: boolean }).success, true);
  assert.match(stdout, /requests still in flight at the shutdown deadline/);
});
