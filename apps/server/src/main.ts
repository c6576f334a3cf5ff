import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { isSeeded, seedDemo } from './db/seed/seed.js';
import { DEMO_LOGINS } from './db/seed/identities.js';

const config = loadConfig();
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const db = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
);
await migrateToLatest(db);

const app = await buildApp({ config, db });
if (config.seedDemo && !(await isSeeded(db))) {
  const started = Date.now();
  await seedDemo(db, config.demoSize);
  app.log.info({ size: config.demoSize, ms: Date.now() - started }, 'demo data seeded');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
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
if (config.seedDemo) {
  const lines = DEMO_LOGINS.map((l) => `  ${l.username.padEnd(12)} ${l.password.padEnd(10)} ${l.what}`).join('\n');
  // Printed plainly (not as JSON) so a person starting the portal sees how to log in.
  process.stdout.write(`\nPortal listo en http://localhost:${config.port}\nUsuarios de demostración:\n${lines}\n\n`);
}
