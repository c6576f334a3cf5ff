/**
 * The portal started for a browser benchmark the way `npm start` starts it (scripts/start.mjs: builds the web app
 * when stale, PGlite, demo size), or a server already running. Shared by web-load.ts and scan.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function waitForHealth(url: string, child: ChildProcess | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer /healthz in ${timeoutMs / 1000} s`);
}

/** `existing` (a URL) measures a server already running; else one is started on `port` with its data in `dataDir`. */
export async function startServer(opts: { existing?: string; port: string; dataDir: string }): Promise<{ url: string; stop: () => Promise<void> }> {
  if (opts.existing) {
    const url = opts.existing.replace(/\/$/, '');
    await waitForHealth(url, null, 10_000);
    return { url, stop: async () => {} };
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: opts.port,
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    DEMO_SIZE: 'demo',
    // Every run logs in again from one address.
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'warn',
  };
  // PGlite, as `npm start` without configuration.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  const url = `http://127.0.0.1:${opts.port}`;
  await waitForHealth(url, child, 600_000);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Debian's Chromium as the browser benchmarks launch it (the e2e suite's flags). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

/** A new browser context as the phone the web benchmarks measure: 390×844, touch, es-AR, Buenos Aires time. */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    ...(process.env.BENCH_WEB_SW === 'block' ? { serviceWorkers: 'block' as const } : {}),
  });
}
