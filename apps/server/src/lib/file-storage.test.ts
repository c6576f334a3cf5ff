import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import S3rver from 's3rver';
import type { DB } from '../db/database.js';
import { isValidDirectorio, startTempFileSweeper, tempBaseName } from '../documents/index.js';
import { createTestDb } from '../test/helpers.js';
import { DbFileStore, type FileStorage, parseS3Url, S3FileStore } from './file-storage.js';

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function makeFile(store: FileStorage, content: string, ext = 'txt', baseName?: string) {
  const file = await store.create(ext, baseName);
  file.writeStream.end(content);
  await finished(file.writeStream);
  return file;
}

let db: DB;
let closeDb: () => Promise<void>;
let s3: S3rver;
let s3Dir: string;
let s3Url: string;
before(async () => {
  ({ db, close: closeDb } = await createTestDb());
  s3Dir = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'portal', configs: [] }] });
  const { port } = (await s3.run()) as { port: number };
  s3Url = `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/portal/cooperativa`;
});
const s3Stores: S3FileStore[] = [];
after(async () => {
  await closeDb();
  for (const store of s3Stores) await store.close();
  await s3.close();
  await rm(s3Dir, { recursive: true, force: true });
});

/** The same behaviour from both implementations: the database's table and an S3-compatible bucket. */
const kinds: Array<[string, () => FileStorage]> = [
  ['PostgreSQL', () => new DbFileStore(db, 'temporales')],
  [
    'S3-compatible bucket',
    () => {
      const store = new S3FileStore(parseS3Url(s3Url), 'temporales');
      s3Stores.push(store);
      return store;
    },
  ],
];

for (const [kind, make] of kinds) {
  describe(`file storage: ${kind}`, () => {
    test('create, open, stat and remove', async () => {
      const store = make();
      const file = await makeFile(store, 'Ñandú – 1.234.567,89', 'PDF', 'Resumen de cuenta – Pérez');
      assert.ok(isValidDirectorio(file.directorio));
      assert.equal(file.name, 'Resumen-de-cuenta-Perez.pdf');
      const stream = await store.open(file.directorio, file.name);
      assert.ok(stream);
      assert.equal(await readAll(stream), 'Ñandú – 1.234.567,89');
      assert.equal((await store.stat(file.directorio, file.name))?.size, Buffer.byteLength('Ñandú – 1.234.567,89'));
      assert.equal(await store.open(file.directorio, 'otro.pdf'), null, 'the name is half of the address');

      await store.remove(file.directorio);
      assert.equal(await store.open(file.directorio, file.name), null);
      assert.equal(await store.stat(file.directorio, file.name), null);
      await store.remove(file.directorio); // already gone: no error
    });

    test('two files never share a directory; binary content comes back byte for byte', async () => {
      const store = make();
      const a = await makeFile(store, 'a');
      const b = await makeFile(store, 'b');
      assert.notEqual(a.directorio, b.directorio);
      assert.equal(a.name, 'archivo.txt');
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
      const bin = await store.create('bin');
      bin.writeStream.write(bytes.subarray(0, 1000));
      bin.writeStream.end(bytes.subarray(1000));
      await finished(bin.writeStream);
      const back: Buffer[] = [];
      for await (const c of (await store.open(bin.directorio, bin.name))!) back.push(c as Buffer);
      assert.ok(Buffer.concat(back).equals(bytes));
    });

    test('odd addresses and names are refused', async () => {
      const store = make();
      const file = await makeFile(store, 'secret');
      for (const [dir, name] of [
        ['..', file.name],
        [file.directorio, '../x'],
        [file.directorio, '..'],
        [file.directorio, '.hidden'],
        [file.directorio, 'a/b.txt'],
        [`${file.directorio}/..`, file.name],
        [file.directorio.toUpperCase(), file.name],
        ['', file.name],
        [file.directorio, ''],
      ] as const) {
        assert.equal(await store.open(dir, name), null, `${dir} / ${name}`);
        assert.equal(await store.stat(dir, name), null);
      }
      await store.remove('..');
      assert.ok(await store.open(file.directorio, file.name), 'remove refuses an invalid id');
      await assert.rejects(store.create('../pdf'));
      await assert.rejects(store.create('p df'));
      assert.equal(tempBaseName('../../etc/passwd'), 'etc-passwd');
    });

    test('sweep deletes only files older than the age, and the sweeper runs on its own and stops', async () => {
      const store = make();
      const fresh = await makeFile(store, 'fresh');
      const removed = await store.sweep(60_000, Date.now() + 120_000);
      assert.ok(removed >= 1, 'with the clock two minutes on, the fresh one is old enough');
      assert.equal(await store.open(fresh.directorio, fresh.name), null);
      const kept = await makeFile(store, 'kept');
      assert.equal(await store.sweep(), 0);
      assert.ok(await store.open(kept.directorio, kept.name));

      const stop = startTempFileSweeper(store, { intervalMs: 20, maxAgeMs: 0 });
      try {
        for (let i = 0; i < 100 && (await store.stat(kept.directorio, kept.name)); i++) await sleep(20);
        assert.equal(await store.stat(kept.directorio, kept.name), null, 'swept');
      } finally {
        stop();
      }
      const later = await makeFile(store, 'later');
      await sleep(80);
      assert.ok(await store.stat(later.directorio, later.name), 'no sweep after stop');
    });
  });
}

describe('file storage: areas and transactions', () => {
  test('a sweep of the generated files never touches the attachments', async () => {
    const attachments = new DbFileStore(db, 'adjuntos');
    const temp = new DbFileStore(db, 'temporales');
    const kept = await makeFile(attachments, 'comprobante', 'pdf', 'adjunto');
    await temp.sweep(0, Date.now() + 60_000);
    assert.ok(await attachments.open(kept.directorio, kept.name));
    assert.equal(await temp.open(kept.directorio, kept.name), null, 'an area does not see another area’s files');
  });

  test('in PostgreSQL a file written in a transaction rolls back with it', async () => {
    const store = new DbFileStore(db, 'adjuntos');
    let address: { directorio: string; name: string } | undefined;
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        address = await makeFile(store.inTransaction(trx), 'no llega');
        throw new Error('rollback');
      }),
      /rollback/,
    );
    assert.ok(address);
    assert.equal(await store.open(address.directorio, address.name), null);
    const n = await sql<{ n: number }>`select count(*)::int as n from stored_files where directorio = ${address.directorio}`.execute(db);
    assert.equal(n.rows[0]!.n, 0);
  });

  test('parseS3Url reads the endpoint, bucket, prefix, region and credentials', () => {
    assert.deepEqual(parseS3Url('s3://AK%2B1:se%2Fcret@s3.sa-east-1.amazonaws.com/portal-files/coop1?region=sa-east-1'), {
      endpoint: 'https://s3.sa-east-1.amazonaws.com',
      bucket: 'portal-files',
      prefix: 'coop1',
      region: 'sa-east-1',
      credentials: { accessKeyId: 'AK+1', secretAccessKey: 'se/cret' },
    });
    assert.deepEqual(parseS3Url('s3+http://minio:9000/b'), { endpoint: 'http://minio:9000', bucket: 'b', prefix: '', region: 'us-east-1' });
    assert.throws(() => parseS3Url('s3://host'), /bucket/);
    assert.throws(() => parseS3Url('http://host/b'), /s3:/);
  });
});
