/**
 * What keeping files in PostgreSQL costs the receipt post and the attachment download (docs/performance.md, "File
 * storage"): one file written through a transaction as the post writes it, and read back as the download reads it,
 * against the same on the local disk (a new directory and file, as the disk storage did). PGlite in a data
 * directory, and PostgreSQL when BENCH_DATABASE_URL is set (a database `portal_bench_files`, migrated, no seed);
 * BENCH_ONLY=pglite|postgres picks one, BENCH_ROUNDS the rounds per figure (15).
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { finished } from 'node:stream/promises';
import { migrateToLatest, openDatabase, type DB } from '@portal/server/src/db/database.js';
import { DbFileStore } from '@portal/server/src/lib/file-storage.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const SIZES = [200 * 1024, 5 * 1024 * 1024];
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeIt(run: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return p50(times);
}

async function measureDb(label: string, db: DB) {
  const store = new DbFileStore(db, 'adjuntos');
  for (const size of SIZES) {
    const data = randomBytes(size);
    let last = { directorio: '', name: '' };
    const write = await timeIt(async () => {
      await db.transaction().execute(async (trx) => {
        const file = await store.inTransaction(trx).create('pdf', 'adjunto');
        file.writeStream.end(data);
        await finished(file.writeStream);
        last = file;
      });
    });
    const read = await timeIt(async () => {
      const chunks: Buffer[] = [];
      for await (const c of (await store.open(last.directorio, last.name))!) chunks.push(c as Buffer);
    });
    console.log(`${label}\t${size / 1024} kB\twrite p50 ${write.toFixed(1)} ms\tread p50 ${read.toFixed(1)} ms`);
  }
  await sql`delete from stored_files`.execute(db);
}

async function measureDisk(dir: string) {
  for (const size of SIZES) {
    const data = randomBytes(size);
    let last = '';
    const write = await timeIt(async () => {
      const d = path.join(dir, randomBytes(16).toString('hex'));
      await mkdir(d, { mode: 0o700 });
      last = path.join(d, 'adjunto.pdf');
      await writeFile(last, data, { flag: 'wx', mode: 0o600 });
    });
    const read = await timeIt(async () => {
      await readFile(last);
    });
    console.log(`local disk\t${size / 1024} kB\twrite p50 ${write.toFixed(1)} ms\tread p50 ${read.toFixed(1)} ms`);
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-files-'));
try {
  await measureDisk(dir);
  if (process.env.BENCH_ONLY !== 'postgres') {
    const lite = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    await migrateToLatest(lite);
    await measureDb('PGlite', lite);
    await lite.destroy();
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url && process.env.BENCH_ONLY !== 'pglite') {
    const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
    await sql.raw('drop database if exists portal_bench_files with (force)').execute(admin);
    await sql.raw('create database portal_bench_files').execute(admin);
    const u = new URL(url);
    u.pathname = '/portal_bench_files';
    const db = await openDatabase({ kind: 'postgres', url: u.toString() });
    await migrateToLatest(db);
    await measureDb('PostgreSQL', db);
    await db.destroy();
    await sql.raw('drop database if exists portal_bench_files with (force)').execute(admin);
    await admin.destroy();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
