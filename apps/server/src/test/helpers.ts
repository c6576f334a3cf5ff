import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migrateToLatest, openDatabase, type DB } from '../db/database.js';
import { seedDemo } from '../db/seed/seed.js';
import { COMPANIES } from '../db/seed/identities.js';

export { COMPANIES };
export const LA_PAMPA = COMPANIES.laPampa.cuit;
export const DEL_SUR = COMPANIES.delSur.cuit;
export const SUSPENDIDA = COMPANIES.suspendida.cuit;

/**
 * A fresh, migrated database seeded with the `small` demo: PGlite in memory by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (created here and dropped by `close`).
 */
export async function createTestDb(): Promise<{ db: DB; close: () => Promise<void>; kind: 'pglite' | 'postgres' }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateToLatest(db);
    await seedDemo(db, 'small');
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  const { sql } = await import('kysely');
  await sql.raw(`create database ${name}`).execute(admin);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: dbUrl.toString() });
  await migrateToLatest(db);
  await seedDemo(db, 'small');
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await db.destroy();
      // pg's pool.end() resolves before its sockets are closed; a backend still alive when the database is
      // dropped with (force) is terminated, and its client raises an uncaught error in the test process.
      for (let i = 0; i < 100; i++) {
        const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin);
        if ((open.rows[0]?.n ?? 0) === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
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
