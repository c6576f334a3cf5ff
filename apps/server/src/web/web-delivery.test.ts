/**
 * How the server delivers the web app (docs/decisions/web-delivery.md): the build's brotli and gzip copies by
 * Accept-Encoding with Vary, the plain file otherwise; hashed assets cached for a year as immutable, index.html
 * and the service worker revalidated; API answers compressed above the threshold.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '../app.js';
import { createTestApp, type TestContext } from '../test/helpers.js';

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "fila ${i}" }`).join(', ')}];\n`;
const html = '<!doctype html><html lang="es"><head><title>Portal de Clientes</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n'.repeat(8);

let dist: string;
let ctx: TestContext;

before(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'portal-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  // What `vite build` writes (vite-plugin-compression2): each text file with .br and .gz beside it.
  for (const [file, text] of [
    ['index.html', html],
    ['assets/index-Ab12Cd34.js', script],
    ['sw.js', script],
  ] as const) {
    await writeFile(path.join(dist, file), text);
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  ctx = await createTestApp({ WEB_DIST: dist });
});

after(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => ctx.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('static files', () => {
  test('a hashed script answers brotli when the browser accepts it, with Vary and its content type', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), script);
    assert.ok(res.rawPayload.length < script.length / 3, 'the brotli copy is what went out');
  });

  test('gzip when the browser accepts only gzip', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip');
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.equal(gunzipSync(res.rawPayload).toString(), script);
  });

  test('the plain file when the browser asks for no encoding, still with Vary', async () => {
    for (const encoding of [undefined, 'identity']) {
      const res = await get('/assets/index-Ab12Cd34.js', encoding);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], undefined);
      assert.match(String(res.headers.vary), /accept-encoding/i);
      assert.equal(res.body, script);
    }
  });

  test('hashed assets are cached for a year as immutable', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/index-Ab12Cd34.js', encoding);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    }
  });

  test('index.html (at / and by name) and the service worker are revalidated on every use, never immutable', async () => {
    for (const url of ['/', '/index.html', '/sw.js']) {
      for (const encoding of ['br', undefined]) {
        const res = await get(url, encoding);
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['cache-control'], 'no-cache', url);
      }
    }
    const page = await get('/', 'br');
    assert.equal(page.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(page.rawPayload).toString(), html);
    assert.equal((await get('/')).body, html);
  });
});

describe('security headers', () => {
  test('a hashed asset carries only the headers that act on a script: nosniff and the resource policy', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'br');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
      assert.equal(res.headers[name], undefined, name);
    }
  });

  test('documents, the service worker and API answers keep them all, the CSP included', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/healthz']) {
      const res = await get(url, 'br');
      assert.match(String(res.headers['content-security-policy']), /default-src 'self'/, url);
      // The print flow's frame holds a PDF made in the page (blob:); nothing else may be framed.
      assert.match(String(res.headers['content-security-policy']), /frame-src 'self' blob:(;|$)/, url);
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
    }
  });
});

describe('API answers', () => {
  test('above the threshold they go out compressed when asked, plain when not', async () => {
    const plain = await get('/api/docs');
    assert.equal(plain.statusCode, 200);
    assert.ok(plain.body.length > COMPRESS_THRESHOLD_BYTES);
    assert.equal(plain.headers['content-encoding'], undefined);

    const br = await get('/api/docs', 'gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
    assert.ok(br.rawPayload.length < plain.body.length / 3);

    const gz = await get('/api/docs', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
  });

  test('below the threshold they go out as they are', async () => {
    const res = await get('/healthz', 'gzip, deflate, br');
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.length < COMPRESS_THRESHOLD_BYTES);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  test('a refusal in Spanish still reads the same compressed', async () => {
    const res = await get('/api/public/data?mobile=false', 'br');
    assert.equal(res.statusCode, 401);
    const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
    assert.equal((JSON.parse(body) as { success: boolean }).success, false);
  });
});
