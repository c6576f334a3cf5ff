import path from 'node:path';
import { loadConfig } from '../../config.js';
import { migrateToLatest, openDatabase } from '../database.js';
import { isSeeded, seedDemo, settleAfterBulkLoad, type DemoSize } from './seed.js';

/** npm run seed -- [small|demo|large]: migrates and seeds an empty database (DATABASE_URL or DATA_DIR). */
const config = loadConfig();
const size = (process.argv[2] ?? config.demoSize) as DemoSize;
const db = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
);
await migrateToLatest(db);
if (await isSeeded(db)) {
  console.log('The database already holds data; nothing seeded.');
} else {
  const started = Date.now();
  await seedDemo(db, size);
  await settleAfterBulkLoad(db);
  console.log(`Seeded size ${size} in ${Date.now() - started} ms.`);
}
await db.destroy();
