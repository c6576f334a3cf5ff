import cluster from 'node:cluster';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { migrateToLatest, openDatabase, type DB } from './db/database.js';
import { isSeeded, seedDemo, settleAfterBulkLoad } from './db/seed/seed.js';
import { DEMO_LOGINS } from './db/seed/identities.js';
import { claimPgliteDir } from './db/pglite-owner.js';

const config = loadConfig();

async function open(c: Config): Promise<DB> {
  if (!c.databaseUrl) {
    await mkdir(c.dataDir, { recursive: true });
    claimPgliteDir(c.dataDir);
  }
  return openDatabase(c.databaseUrl ? { kind: 'postgres', url: c.databaseUrl } : { kind: 'pglite', dataDir: path.join(c.dataDir, 'pglite') });
}

/** The migrations (one of them moves the receipt attachments of this machine's DATA_DIR into the shared storage, once). */
async function migrateDb(db: DB): Promise<void> {
  await migrateToLatest(db, { dataDir: config.dataDir });
}

function printLogins(): void {
  if (!config.seedDemo) return;
  const lines = DEMO_LOGINS.map((l) => `  ${l.username.padEnd(12)} ${l.password.padEnd(10)} ${l.what}`).join('\n');
  // Printed plainly (not as JSON) so a person starting the portal sees how to log in.
  process.stdout.write(`\nPortal listo en ${config.publicUrl}\nUsuarios de demostración:\n${lines}\n\n`);
}

/** The first-run seed, once, before any process serves. */
async function seedOnce(db: DB, log: (obj: object, text: string) => void): Promise<void> {
  if (config.seedDemo && !(await isSeeded(db))) {
    const started = Date.now();
    await seedDemo(db, config.demoSize);
    await settleAfterBulkLoad(db);
    log({ size: config.demoSize, ms: Date.now() - started }, 'demo data seeded');
  }
}

/** One server process: the app on its database, listening; SIGTERM/SIGINT close it cleanly. */
async function serve(migrate: boolean): Promise<void> {
  const db = await open(config);
  if (migrate) await migrateDb(db);
  const app = await buildApp({ config, db });
  if (migrate) await seedOnce(db, (obj, text) => app.log.info(obj, text));

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // No new connections from here (readiness answers 503); requests in flight have SHUTDOWN_TIMEOUT_MS to finish.
    setTimeout(() => {
      app.log.error({ signal, timeoutMs: config.shutdownTimeoutMs }, 'requests still in flight at the shutdown deadline');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

/**
 * WORKERS > 1 (PostgreSQL only): this process migrates and seeds, then forks that many server processes that share
 * the port (node:cluster hands each new connection to one of them) and replaces one that dies. The server keeps
 * nothing in memory that matters (docs/architecture.md, "Beyond one machine"), so any process may answer any request.
 */
async function primary(): Promise<void> {
  const db = await open(config);
  await migrateDb(db);
  await seedOnce(db, (obj, text) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), ...obj, msg: text })}\n`));
  await db.destroy();

  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.workers; i++) fork();
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.workers) printLogins();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(`server process ${worker.process.pid} ended (${signal ?? code}); starting another\n`);
    setTimeout(fork, 1_000);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (config.workers > 1 && cluster.isPrimary) await primary();
else {
  await serve(cluster.isPrimary);
  if (cluster.isPrimary) printLogins();
}
