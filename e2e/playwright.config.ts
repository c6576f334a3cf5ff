import { defineConfig, devices } from '@playwright/test';
import { E2E } from './support/env';

/**
 * Debian's Chromium, never a downloaded browser. One server for the run, on a fresh database (PGlite in a new
 * data dir, or a new PostgreSQL database when E2E_DATABASE_URL is set), with mail to an SMTP capture.
 * `phone` runs before `desktop` so that flows which use up a demo state (the forced password change) run
 * their read-only half on the phone and their saving half last, on desktop.
 */
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export default defineConfig({
  testDir: './tests',
  outputDir: E2E.resultsDir,
  fullyParallel: true,
  workers: 2,
  // Two retries in CI: a test that fails three times on a loaded machine is a defect, once is the machine.
  retries: process.env.CI ? 2 : 0,
  // CI: 90 s. On a 2-core machine running two workers, the server and PostgreSQL, a journey of a dozen screens spends
  // 1–2 s a step (a fresh-clone run: 29 s a test on average), and a test cut at 60 s is run again from the start.
  timeout: process.env.CI ? 90_000 : 60_000,
  // The e2e server is one Node process with PGlite inside it: while the other worker's export or PDF holds its event
  // loop on a loaded CI machine, an answer can take longer than a person would wait at a desk. CI waits 20 s for
  // an assertion, and an action that cannot happen (an element covered or never enabled) fails after 60 s with its
  // locator named, instead of using up the whole test's budget.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [['list'], ['json', { outputFile: E2E.reportFile }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E.baseUrl,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    actionTimeout: process.env.CI ? 60_000 : 30_000,
    // A page the service worker controls sends its API calls through it, and page.route() does not see those: a
    // test that fails or holds an answer on purpose would race the worker's activation (clientsClaim). Tests run
    // without it; the specs about the worker and the offline field screens turn it on (test.use).
    serviceWorkers: 'block',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, browserName: 'chromium' },
    },
    {
      name: 'desktop',
      dependencies: ['phone'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node support/server.mjs',
    url: `${E2E.baseUrl}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
