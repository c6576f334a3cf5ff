import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { TempFileStore, isValidDirectorio, tempBaseName } from './temp-files.js';
import { tempDir } from './test-support.js';

let base: string;
let cleanup: () => Promise<void>;
before(async () => {
  const t = await tempDir();
  base = path.join(t.dir, 'tmp-files');
  cleanup = t.cleanup;
});
after(() => cleanup());

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function makeFile(store: TempFileStore, content: string, ext = 'txt', baseName?: string) {
  const file = await store.create(ext, baseName);
  file.writeStream.end(content);
  await finished(file.writeStream);
  return file;
}

describe('TempFileStore', () => {
  test('create, open, stat and remove', async () => {
    const store = new TempFileStore(base);
    const file = await makeFile(store, 'Ñandú – 1.234.567,89', 'PDF', 'Resumen de cuenta – Pérez');
    assert.ok(isValidDirectorio(file.directorio));
    assert.equal(file.name, 'Resumen-de-cuenta-Perez.pdf');
    assert.equal(file.path, path.join(base, file.directorio, file.name));

    const stream = await store.open(file.directorio, file.name);
    assert.ok(stream);
    assert.equal(await readAll(stream), 'Ñandú – 1.234.567,89');
    assert.equal((await store.stat(file.directorio, file.name))?.size, Buffer.byteLength('Ñandú – 1.234.567,89'));

    await store.remove(file.directorio);
    assert.equal(await store.open(file.directorio, file.name), null);
    assert.equal(await store.stat(file.directorio, file.name), null);
    await store.remove(file.directorio); // already gone: no error
  });

  test('two files never share a directory', async () => {
    const store = new TempFileStore(base);
    const a = await makeFile(store, 'a');
    const b = await makeFile(store, 'b');
    assert.notEqual(a.directorio, b.directorio);
    assert.equal(a.name, 'archivo.txt');
  });

  test('path traversal and odd names are refused', async () => {
    const store = new TempFileStore(base);
    const file = await makeFile(store, 'secret');
    await writeFile(path.join(path.dirname(base), 'outside.txt'), 'outside');
    for (const [dir, name] of [
      ['..', 'outside.txt'],
      [file.directorio, '../x'],
      [file.directorio, '..'],
      [file.directorio, '.hidden'],
      [file.directorio, 'a/b.txt'],
      [file.directorio, 'a\\b.txt'],
      [`${file.directorio}/..`, file.name],
      [file.directorio.toUpperCase(), file.name],
      ['../x', file.name],
      ['', file.name],
      [file.directorio, ''],
    ] as const) {
      assert.equal(await store.open(dir, name), null, `${dir} / ${name}`);
      assert.equal(await store.stat(dir, name), null);
    }
    await store.remove('..');
    assert.ok(existsSync(path.join(path.dirname(base), 'outside.txt')), 'remove refuses an invalid id');
    await assert.rejects(store.create('../pdf'));
    await assert.rejects(store.create('p df'));
    assert.equal(tempBaseName('../../etc/passwd'), 'etc-passwd');
  });

  test('sweep deletes only directories older than the age', async () => {
    const store = new TempFileStore(path.join(base, 'sweep'));
    assert.equal(await store.sweep(), 0, 'no base directory yet');
    const old = await makeFile(store, 'old');
    const fresh = await makeFile(store, 'fresh');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(path.join(store.baseDir, old.directorio), twoHoursAgo, twoHoursAgo);
    await mkdir(path.join(store.baseDir, 'not-ours'));
    await utimes(path.join(store.baseDir, 'not-ours'), twoHoursAgo, twoHoursAgo);

    assert.equal(await store.sweep(), 1);
    assert.equal(await store.open(old.directorio, old.name), null);
    assert.ok(await store.open(fresh.directorio, fresh.name));
    assert.ok(existsSync(path.join(store.baseDir, 'not-ours')), 'unknown directories are left alone');
    assert.equal(await store.sweep(60_000, Date.now() + 120_000), 1, 'with a shorter age the fresh one goes too');
  });

  test('the sweeper runs on its own and stops', async () => {
    const store = new TempFileStore(path.join(base, 'sweeper'));
    const old = await makeFile(store, 'old');
    const past = new Date(Date.now() - 3 * 3600_000);
    await utimes(path.join(store.baseDir, old.directorio), past, past);
    const stop = store.startSweeper(20);
    try {
      for (let i = 0; i < 50 && existsSync(old.path); i++) await sleep(20);
      assert.ok(!existsSync(old.path), 'swept');
    } finally {
      stop();
    }
    const later = await makeFile(store, 'later');
    await utimes(path.join(store.baseDir, later.directorio), past, past);
    await sleep(80);
    assert.ok(existsSync(later.path), 'no sweep after stop');
  });
});
