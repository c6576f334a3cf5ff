import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { dumpPglite, migrateToLatest, openDatabase, type DB } from '../db/database.js';
import { todayInArgentina } from '@portal/contract';
import { seedDemo } from '../db/seed/seed.js';
import { COMPANIES } from '../db/seed/identities.js';

export { COMPANIES };
export const LA_PAMPA = COMPANIES.laPampa.cuit;
export const DEL_SUR = COMPANIES.delSur.cuit;
export const SUSPENDIDA = COMPANIES.suspendida.cuit;

/**
 * What a test database starts from: the migrations and the `small` seed of this tree, on this day (the seed writes
 * dates relative to today). Any change to the server's or the contract's sources gives another key, so a template is
 * never older than the code that made it.
 */
async function templateKey(): Promise<string> {
  sourcesHash ??= hashSources();
  // The day is the key's prefix, not part of the hash: the sources' hash is read once per test process.
  return `${todayInArgentina().replaceAll('-', '')}_${await sourcesHash}`;
}
let sourcesHash: Promise<string> | undefined;
async function hashSources(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of [serverSrc, contractSrc]) {
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
    for (const f of files) hash.update(f).update(await readFile(path.join(dir, f)));
  }
  return hash.digest('hex').slice(0, 12);
}
const serverSrc = path.resolve(import.meta.dirname, '..');
const contractSrc = path.resolve(import.meta.dirname, '../../../../packages/contract/src');

async function migratedAndSeeded(db: DB): Promise<DB> {
  await migrateToLatest(db);
  await seedDemo(db, 'small');
  return db;
}

/**
 * PGlite: the first test file of a run (per key) migrates and seeds as before and leaves its data directory as a
 * tarball in the system's temporary directory; the next ones start from it (≈ 1 s instead of ≈ 5 s of initdb,
 * migrations and seed). No lock: two files that find no tarball both build, and the last rename wins with the same bytes.
 */
async function pgliteTestDb(key: string): Promise<DB> {
  const dir = path.join(tmpdir(), 'portal-test-templates');
  const file = path.join(dir, `${key}.tar`);
  const saved = await readFile(file).catch(() => null);
  if (saved) {
    try {
      return await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([saved]) });
    } catch {
      // A tarball another PGlite version wrote, or one cut short: build as if there were none.
    }
  }
  const db = await migratedAndSeeded(await openDatabase({ kind: 'pglite', dataDir: null }));
  const dump = await dumpPglite(db);
  if (dump) {
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    for (const other of await readdir(dir)) if (other !== `${key}.tar` && !other.startsWith(`${key}.tar.`)) await rm(path.join(dir, other), { force: true });
  }
  return db;
}

/**
 * PostgreSQL: a template database per key (`portal_tpl_<day>_<hash>`), built once under a temporary name and renamed
 * when complete; every test database is `create database … template` of it (≈ 0.2 s instead of ≈ 1.3 s). The
 * templates of other keys (other days, other code) are dropped then, as PGlite's other tarballs are. If the template
 * cannot be copied (a run of other code dropping it), the test database is built the long way.
 */
async function postgresTemplate(admin: Kysely<unknown>, url: string, key: string): Promise<string | null> {
  const name = `portal_tpl_${key}`;
  const exists = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${name}`.execute(admin)).rows[0]?.n === 1;
  if (await exists()) return name;
  const building = `portal_tplbuild_${randomBytes(6).toString('hex')}`;
  await sql.raw(`create database ${building}`).execute(admin);
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl(url, building) });
  try {
    await migratedAndSeeded(db);
  } finally {
    await db.destroy();
    await untilNoConnections(admin, building);
  }
  try {
    if (await exists()) throw new Error('built by another file meanwhile');
    await sql.raw(`alter database ${building} rename to ${name}`).execute(admin);
  } catch {
    await sql.raw(`drop database if exists ${building} with (force)`).execute(admin);
  }
  const stale = await sql<{ datname: string }>`select datname from pg_database
    where datname ~ '^portal_tpl_[0-9]{8}_[0-9a-f]{12}$' and datname <> ${name}`.execute(admin);
  for (const { datname } of stale.rows) await sql.raw(`drop database if exists ${datname} with (force)`).execute(admin).catch(() => undefined);
  return (await exists()) ? name : null;
}

function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// pg's pool.end() resolves before its sockets are closed; a backend still alive when the database is dropped with
// (force) is terminated, and its client raises an uncaught error in the test process.
async function untilNoConnections(admin: Kysely<unknown>, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin);
    if ((open.rows[0]?.n ?? 0) === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A fresh, migrated database seeded with the `small` demo: PGlite in memory by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (created here and dropped by `close`). Both start from a template of
 * this tree's migrations and seed when there is one (above): the same rows as migrating and seeding here.
 */
export async function createTestDb(): Promise<{ db: DB; close: () => Promise<void>; kind: 'pglite' | 'postgres'; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const key = await templateKey();
  if (!url) {
    const db = await pgliteTestDb(key);
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  const template = await postgresTemplate(admin, url, key).catch(() => null);
  let copied = false;
  if (template) {
    copied = await sql.raw(`create database ${name} template ${template}`).execute(admin).then(() => true, () => false);
  }
  if (!copied) await sql.raw(`create database ${name}`).execute(admin);
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
  if (!copied) await migratedAndSeeded(db);
  return {
    db,
    kind: 'postgres',
    url: databaseUrl(url, name),
    close: async () => {
      await db.destroy();
      await untilNoConnections(admin, name);
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin);
      await admin.destroy();
    },
  };
}

/** A real SMTP server in-process that keeps every mail it receives, parsed. */
export async function startSmtpCapture() {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits (up to 5 s) for a mail to `to` and returns it. */
    async waitFor(to: string, timeoutMs = 5000): Promise<ParsedMail> {
      const started = Date.now();
      for (;;) {
        const found = mails.find((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)));
        if (found) return found;
        if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestContext = {
  app: FastifyInstance;
  db: DB;
  config: Config;
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  /** Every SMS the outbox holds, oldest first. */
  sms(): Promise<Array<{ to: string; text: string }>>;
  close(): Promise<void>;
};

/** buildApp() on a fresh database, with mail through a real in-process SMTP server and SMS to a file outbox. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const smtp = await startSmtpCapture();
  const { db, close } = await createTestDb();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SMTP_URL: smtp.url, ...env });
  const app = await buildApp({ config, db, checkResponses: true });
  await app.ready();
  return {
    app,
    db,
    config,
    smtp,
    async sms() {
      const text = await readFile(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; text: string });
    },
    async close() {
      const mismatches = app.responseMismatches ?? [];
      await app.close();
      await close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
      // Fails the file loudly: an answer that left the contract (lib/response-check.ts), whatever the test looked at.
      if (mismatches.length) throw new Error(`answers outside the contract's response schemas:\n${JSON.stringify(mismatches, null, 2)}`);
    },
  };
}

let lastIp = 0;
/** A new client address on every call, so that the per-IP rate limits one test uses up never reach another. */
export function nextIp(): string {
  lastIp++;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = username === 'admin' ? 'Admin1234' : 'Demo1234',
  remoteAddress = nextIp(),
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/public/oauth',
    payload: { client_id: 'master', grant_type: 'password', username, password },
    remoteAddress,
  });
  assert.equal(res.statusCode, 200, `login of ${username} failed: ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string };
}

/** A refusal: the status and the { success: false, msg } body with exactly that Spanish message. */
export function expectRefused(res: { statusCode: number; body: string; json: () => unknown }, status: number, message: string) {
  assert.equal(res.statusCode, status, `expected ${status} "${message}", got ${res.statusCode} ${res.body}`);
  const body = res.json() as { success?: unknown; msg?: unknown };
  assert.equal(body.success, false);
  assert.equal(body.msg, message);
}

export function bearer(token: string, headers: Record<string, string> = {}) {
  return { authorization: `Bearer ${token}`, ...headers };
}

/**
 * The guard every new endpoint must pass: 401 without a token and with a forged one; and, for company and
 * entity scoped calls, 403 with a company the user is not linked to and with an entity that is not theirs.
 * `user` must be linked to La Pampa only through the entities named in `ownEntity` (productor by default).
 */
export async function expectGuarded(
  app: FastifyInstance,
  request: InjectOptions & { url: string },
  scope: { access: 'user' | 'company' | 'entity'; token: string; ownEntity?: string; foreignEntity?: string; foreignCuit?: string },
) {
  const base = { ...request, headers: { ...(request.headers as Record<string, string> | undefined) } };
  const noToken = await app.inject(base);
  assert.equal(noToken.statusCode, 401, `${request.url} without a token answered ${noToken.statusCode}`);
  assert.equal(noToken.json().success, false);
  const forged = await app.inject({ ...base, headers: { ...base.headers, authorization: `Bearer ${scope.token.slice(0, -4)}AAAA` } });
  assert.equal(forged.statusCode, 401, `${request.url} with a forged token answered ${forged.statusCode}`);
  if (scope.access === 'user') return;
  const foreignCompany = await app.inject({
    ...base,
    headers: { ...base.headers, ...bearer(scope.token), cuit: scope.foreignCuit ?? '30500010912', entity_id: scope.ownEntity ?? '1001' },
  });
  assert.equal(foreignCompany.statusCode, 403, `${request.url} with a foreign company answered ${foreignCompany.statusCode}`);
  assert.equal(typeof foreignCompany.json().msg, 'string');
  if (scope.access === 'entity' || scope.foreignEntity) {
    const foreignEntity = await app.inject({
      ...base,
      headers: { ...base.headers, ...bearer(scope.token), cuit: LA_PAMPA, entity_id: scope.foreignEntity ?? '2000' },
    });
    assert.equal(foreignEntity.statusCode, 403, `${request.url} with a foreign entity answered ${foreignEntity.statusCode}`);
  }
}

/**
 * Quick order's code variants (product_code_variants, kept by triggers on products) against a recomputation from the
 * products: no row missing, none left over.
 */
export async function expectCodeVariantsRecomputed(db: DB, why: string): Promise<void> {
  const r = await sql<{ n: number }>`select count(*)::int as n from (
    (select company_id, variant, product_id from product_code_variants
      except all select p.company_id, v, p.id from products p, quick_code_variants(quick_code_key(p.alpha_code)) v)
    union all
    (select p.company_id, v, p.id from products p, quick_code_variants(quick_code_key(p.alpha_code)) v
      except all select company_id, variant, product_id from product_code_variants)) d`.execute(db);
  assert.equal(r.rows[0]!.n, 0, `${why}: code variants against the products`);
}
