import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupPglite, backupPostgres, BackupError, restorePglite, restorePostgres, tableChecksums } from './backup.js';
import { openDatabase } from './database.js';
import { runningOwner } from './pglite-owner.js';

/**
 * npm run backup -- FILE             the database (DATABASE_URL, else the embedded one of DATA_DIR) into FILE
 * npm run restore -- FILE [--replace] FILE into the database; a non-empty target only with --replace
 * npm run backup:check               every table's row count and checksum, to compare a restored copy with its source
 *
 * DATA_DIR defaults to the repository's data/ (where `npm start` keeps it). Paths are taken from where npm was run.
 */
const usage = 'usage: backup FILE | restore FILE [--replace] | check';
const [command, ...rest] = process.argv.slice(2);
const replace = rest.includes('--replace');
const fileArg = rest.find((a) => !a.startsWith('--'));
const cwd = process.env.INIT_CWD ?? process.cwd();

process.env.DATA_DIR ??= path.resolve(import.meta.dirname, '../../../../data');
const config = loadConfig();
const pgliteDir = path.join(config.dataDir, 'pglite');
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${pgliteDir}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The embedded database may be read or replaced only while no server has it open. */
function pgliteNotInUse(): void {
  const owner = runningOwner(config.dataDir);
  if (owner) fail(`The server (process ${owner}) has ${pgliteDir} open: stop it first (the embedded database has one owner).`);
}

try {
  if (command === 'backup' && fileArg) {
    const file = path.resolve(cwd, fileArg);
    if (config.databaseUrl) {
      await backupPostgres(config.databaseUrl, file);
    } else {
      if (!existsSync(pgliteDir)) fail(`No embedded database in ${pgliteDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
      pgliteNotInUse();
      const db = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      try {
        await backupPglite(db, file);
      } finally {
        await db.destroy();
      }
    }
    console.log(`Backup of ${where} written to ${file}.`);
  } else if (command === 'restore' && fileArg) {
    const file = path.resolve(cwd, fileArg);
    if (!existsSync(file)) fail(`${file} does not exist.`);
    if (config.databaseUrl) {
      await restorePostgres(config.databaseUrl, file, { replace });
    } else {
      pgliteNotInUse();
      const { movedAside } = await restorePglite(pgliteDir, file, { replace });
      if (movedAside) console.log(`The previous database was moved to ${movedAside}.`);
    }
    console.log(`Restored ${file} into ${where}.`);
  } else if (command === 'check') {
    if (!config.databaseUrl) pgliteNotInUse();
    const db = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: pgliteDir });
    try {
      for (const [table, { rows, md5 }] of await tableChecksums(db)) console.log(`${table.padEnd(40)} ${String(rows).padStart(10)}  ${md5}`);
    } finally {
      await db.destroy();
    }
  } else {
    fail(usage);
  }
} catch (err) {
  if (err instanceof BackupError) fail(`Failed: ${err.message}`);
  throw err;
}
