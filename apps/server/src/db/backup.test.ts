import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { backupKind, backupPglite, backupPostgres, BackupError, restorePglite, restorePostgres, tableChecksums } from './backup.js';
import { openDatabase, type DB } from './database.js';
import { createTestDb } from '../test/helpers.js';

/**
 * A backup restores: written from a seeded database with a stored file in it, restored into a fresh place, every
 * table has the same rows (count and checksum of their text) as the source. A non-empty target is refused unless
 * the restore is told to replace it.
 */
let ctx: Awaited<ReturnType<typeof createTestDb>>;
let dir: string;
const fileBytes = randomBytes(64 * 1024);

before(async () => {
  ctx = await createTestDb();
  dir = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
  // A file, as a receipt attachment is stored with the default storage: its bytes travel with the backup.
  await sql`insert into stored_files (area, directorio, name, size, content)
    values ('adjuntos', 'backup-test', 'comprobante.pdf', ${fileBytes.length}, ${fileBytes})`.execute(ctx.db);
});
after(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function sameAsSource(restored: DB): Promise<void> {
  const want = await tableChecksums(ctx.db);
  const got = await tableChecksums(restored);
  assert.ok(want.size > 40, `only ${want.size} tables`);
  assert.ok((want.get('stored_files')?.rows ?? 0) >= 1);
  assert.deepEqual([...got.entries()], [...want.entries()]);
  const file = await sql<{ content: Uint8Array }>`select content from stored_files where directorio = 'backup-test'`.execute(restored);
  assert.ok(Buffer.from(file.rows[0]!.content).equals(fileBytes));
}

describe('backup and restore', () => {
  test('the embedded database: a tarball restored into a new data directory has every row; a non-empty one only with replace', { skip: process.env.TEST_DATABASE_URL ? 'PGlite only' : false }, async () => {
    const file = path.join(dir, 'portal.pglite.tar.gz');
    await backupPglite(ctx.db, file);
    assert.equal(await backupKind(file), 'pglite');

    const dataDir = path.join(dir, 'restored', 'pglite');
    await restorePglite(dataDir, file, { replace: false });
    const restored = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await sameAsSource(restored);
      await sql`delete from stored_files where directorio = 'backup-test'`.execute(restored);
    } finally {
      await restored.destroy();
    }

    await assert.rejects(restorePglite(dataDir, file, { replace: false }), (e) => e instanceof BackupError && /not empty/.test(e.message));
    const { movedAside } = await restorePglite(dataDir, file, { replace: true });
    assert.ok(movedAside && existsSync(movedAside), 'the replaced directory is kept aside');
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await sameAsSource(again);
    } finally {
      await again.destroy();
    }
    assert.equal((await readdir(path.dirname(dataDir))).length, 2);
  });

  test('PostgreSQL: pg_dump restored into a new database has every row; a non-empty one only with replace', { skip: process.env.TEST_DATABASE_URL ? false : 'PostgreSQL only' }, async () => {
    const file = path.join(dir, 'portal.dump');
    await backupPostgres(ctx.url!, file);
    assert.equal(await backupKind(file), 'postgres');
    await assert.rejects(restorePglite(path.join(dir, 'x'), file, { replace: false }), BackupError);

    const target = new URL(ctx.url!);
    const name = `portal_restore_${randomBytes(5).toString('hex')}`;
    target.pathname = `/${name}`;
    const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ctx.url!, max: 1 }) }) });
    try {
      // The target database does not exist: the restore creates it.
      await restorePostgres(target.toString(), file, { replace: false });
      const restored = await openDatabase({ kind: 'postgres', url: target.toString() });
      try {
        await sameAsSource(restored);
        await sql`delete from stored_files where directorio = 'backup-test'`.execute(restored);
        await assert.rejects(restorePostgres(target.toString(), file, { replace: false }), (e) => e instanceof BackupError && /not empty/.test(e.message));
        await restorePostgres(target.toString(), file, { replace: true });
        await sameAsSource(restored);
      } finally {
        await restored.destroy();
      }
    } finally {
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin);
      await admin.destroy();
    }
  });
});
