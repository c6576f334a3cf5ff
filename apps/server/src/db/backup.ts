import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { dumpPglite, openDatabase, type DB } from './database.js';

/**
 * Backups of the whole database, files included (they are rows of `stored_files` with the default storage; with
 * FILE_STORAGE_URL the bucket is backed up by its operator). PostgreSQL: pg_dump's custom format, restored by
 * pg_restore. The embedded database: PGlite's data directory as a gzipped tarball (`dumpDataDir`), taken with the
 * server stopped (one process owns the directory), restored with `loadDataDir` into a new directory.
 */

/** pg_dump's custom format starts with these bytes; PGlite's tarball is gzip (1f 8b). */
const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];

export type BackupKind = 'postgres' | 'pglite';

export class BackupError extends Error {}

/** What kind of backup a file holds, from its first bytes; null when it is neither. */
export async function backupKind(file: string): Promise<BackupKind | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
    if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) => reject(new BackupError(`${command} could not start (${err.message}): is it installed and on PATH?`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} ended with ${code}:\n${stderr.trim()}`))));
  });
}

/** PostgreSQL: `pg_dump --format=custom` of the database of `url` (a consistent snapshot: the server may keep serving). */
export async function backupPostgres(url: string, file: string): Promise<void> {
  await run(process.env.PG_DUMP ?? 'pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`]);
}

/** The embedded database: its data directory as a gzipped tarball, written to `file` (replaced whole, never half). */
export async function backupPglite(db: DB, file: string): Promise<void> {
  const dump = await dumpPglite(db);
  if (!dump) throw new BackupError('not an embedded database');
  const gz = await dump.stream().pipeThrough(new CompressionStream('gzip'));
  const bytes = Buffer.from(await new Response(gz).arrayBuffer());
  const partial = `${file}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/** The tables of the public schema. */
async function userTables<T>(db: Kysely<T>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Every table of the public schema: its row count and an MD5 of its rows' text, sorted (`string_agg` of `t::text`
 * ordered by itself), so two databases with the same rows give the same figures whatever their physical order.
 */
export async function tableChecksums<T>(db: Kysely<T>): Promise<Map<string, { rows: number; md5: string }>> {
  const out = new Map<string, { rows: number; md5: string }>();
  for (const table of await userTables(db)) {
    const { rows } = await sql<{ rows: number; md5: string }>`select count(*)::int as rows,
      md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as md5 from ${sql.table(table)} t`.execute(db);
    out.set(table, rows[0]!);
  }
  return out;
}

/** The database of `url` has tables; false when it does not exist yet (created then) or holds none. */
async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
    // The database does not exist: create it, from the server's maintenance database.
    const name = new URL(url).pathname.slice(1);
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(`create database ${pg.escapeIdentifier(decodeURIComponent(name))}`);
    } finally {
      await c.end();
    }
    return false;
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: the dump restored into the database of `url` (created when missing). A database that already has
 * tables is refused unless `replace`; then every object of the dump is dropped and recreated (--clean) in one
 * transaction: either the restore is whole or the database is as it was.
 */
export async function restorePostgres(url: string, file: string, options: { replace: boolean }): Promise<void> {
  if ((await backupKind(file)) !== 'postgres') throw new BackupError(`${file} is not a PostgreSQL backup (pg_dump --format=custom)`);
  const replacing = await postgresHasTables(url);
  if (replacing && !options.replace) {
    throw new BackupError('the target database is not empty: restore into a new database, or pass --replace to overwrite it');
  }
  await run(process.env.PG_RESTORE ?? 'pg_restore', [
    '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction',
    ...(replacing ? ['--clean', '--if-exists'] : []),
    `--dbname=${url}`, file,
  ]);
}

/**
 * The embedded database: the tarball loaded into the data directory `dataDir`, which must be missing or empty unless
 * `replace`; then the existing directory is moved aside (its new name is returned) rather than deleted.
 */
export async function restorePglite(dataDir: string, file: string, options: { replace: boolean }): Promise<{ movedAside: string | null }> {
  if ((await backupKind(file)) !== 'pglite') throw new BackupError(`${file} is not a backup of the embedded database`);
  let movedAside: string | null = null;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    if (!options.replace) throw new BackupError(`${dataDir} is not empty: restore into another DATA_DIR, or pass --replace to move it aside`);
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dataDir, movedAside);
  }
  await mkdir(path.dirname(dataDir), { recursive: true });
  const gz = new Blob([await readFile(file)]).stream().pipeThrough(new DecompressionStream('gzip'));
  const tar = await new Response(gz).blob();
  const db = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: tar });
  try {
    // Opened and read once: the restored directory is a database with the portal's tables.
    if ((await userTables(db)).length === 0) throw new BackupError(`${file} holds no tables`);
  } finally {
    await db.destroy();
  }
  return { movedAside };
}
