import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from './database.js';
import { importAttachmentsFromDisk } from './migrations/20261201_1000_stored_files.js';

/**
 * npm run files:import -w @portal/server: on a machine whose DATA_DIR still holds receipt attachments another machine
 * migrated without (a deployment that ran several machines on local disks), copies them into the shared storage.
 * Safe to repeat: files already there are skipped.
 */
const config = loadConfig();
const db = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
);
await migrateToLatest(db, { dataDir: config.dataDir });
const { copied, missing } = await importAttachmentsFromDisk(db as unknown as Kysely<unknown>, config.dataDir);
console.log(`Copied ${copied} attachment(s) from ${path.join(config.dataDir, 'receipt-files')}; ${missing.length} still missing.`);
await db.destroy();
