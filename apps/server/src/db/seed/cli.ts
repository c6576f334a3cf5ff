import path from 'node:path';
import { loadConfig } from '../../config.js';
import { migrateToLatest, openDatabase } from '../database.js';
import { isSeeded, seedDemo, settleAfterBulkLoad } from './seed.js';
import { DEMO_SIZES, type DemoSize } from './demo-size.js';

/** npm run seed -- [small|demo|large]: migrates and seeds an empty database (DATABASE_URL or DATA_DIR). */
const asked = process.argv[2];
// An unknown size is named with the valid ones before anything is opened (not a TypeError from inside the seed).
if (asked !== undefined && !(DEMO_SIZES as readonly string[]).includes(asked)) {
  process.stderr.write(`Unknown size '${asked}': use one of ${DEMO_SIZES.join(', ')} (npm run seed -- demo).\n`);
  process.exit(1);
}
const config = loadConfig();
const size: DemoSize = (asked as DemoSize | undefined) ?? config.demoSize;
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
