import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

// This spec is about what the service worker does: it stays on here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test.skip(({ isMobile }) => !isMobile, 'a new deployment reaches a phone\'s service worker; the viewport does not change it');

/**
 * A new deployment reaches a user whose phone has the service worker installed (docs/decisions/web-delivery.md):
 * the next open gets the new index.html at once (never the precached one), and the new service worker takes over
 * with the new shell. (A tab left open reloading at its next change of screen is not covered here yet.) The spec runs its own server on a copy of the
 * build (the shared e2e server must keep its build), and "deploys" by changing that copy: index.html and the
 * service worker's precache revision of it, as a new build does.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Writes a text file of the build with its brotli and gzip copies, as `vite build` does. */
function writeBuilt(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

/** A new version of the build: index.html marked with `version`, and the service worker's revision of it changed. */
function deploy(web: string, version: string) {
  const indexFile = path.join(web, 'index.html');
  const tag = `<meta name="deployment" content="${version}">`;
  const html = readFileSync(indexFile, 'utf8');
  const next = html.includes('name="deployment"') ? html.replace(/<meta name="deployment" content="[^"]*">/, tag) : html.replace('<head>', `<head>${tag}`);
  expect(next).toContain(tag);
  writeBuilt(indexFile, next);
  const swFile = path.join(web, 'sw.js');
  const sw = readFileSync(swFile, 'utf8').replace(/(url:"index\.html",revision:")[^"]*(")/, `$1${version}-${Date.now()}$2`);
  expect(sw).toContain(`revision:"${version}-`);
  writeFileSync(swFile, sw);
}

/** The text of index.html as the service worker's precache holds it. */
function precachedIndex(page: Page): Promise<string> {
  return page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (new URL(request.url).pathname === '/index.html' && name.includes('precache')) return (await cache.match(request))!.text();
    }
    return '';
  });
}

let server: ChildProcess | undefined;
let dir = '';

test.afterEach(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('after a new deployment the user gets the new version on the next open, and the service worker takes the new shell', async ({ page }) => {
  test.setTimeout(300_000);
  dir = mkdtempSync(path.join(tmpdir(), 'portal-deploy-'));
  const web = path.join(dir, 'web');
  cpSync(path.join(root, 'apps/web/dist'), web, { recursive: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), WEB_DIST: web, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: path.join(root, 'apps/server'), env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await expect.poll(() => fetch(`${base}/healthz`).then((r) => r.status, () => 0), { timeout: 180_000, intervals: [500] }).toBe(200);

  // Version A, with its service worker in control.
  deploy(web, 'A');
  await page.goto(`${base}/#/welcome`);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const deployment = page.locator('meta[name="deployment"]');
  await expect(deployment).toHaveAttribute('content', 'A');
  await expect.poll(() => precachedIndex(page), { timeout: 30_000 }).toContain('content="A"');

  // Version B is deployed: the next open shows it, not the shell the service worker holds.
  deploy(web, 'B');
  await page.reload();
  await expect(deployment).toHaveAttribute('content', 'B');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  // The new service worker takes over and precaches the new shell.
  await expect.poll(() => precachedIndex(page), { timeout: 60_000 }).toContain('content="B"');
});
