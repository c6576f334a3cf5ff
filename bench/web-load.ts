/**
 * Web load benchmark: how fast the portal opens on a rural phone connection, in Debian's Chromium with
 * the DevTools protocol's network and CPU emulation, against a server started the way `npm start` starts it
 * (scripts/start.mjs: builds the web app when stale, PGlite, demo size).
 *
 *   npm run bench:web -w @portal/bench                       starts its own server on :8290, data in /tmp/portal-bench-web
 *   BENCH_WEB_URL=http://127.0.0.1:9202 npm run bench:web -w @portal/bench      measures a server already running
 *
 * BENCH_WEB_RUNS (default 5) runs per scenario, median reported; BENCH_WEB_ONLY=rural|slow3g measures one network. BENCH_WEB_PORT / BENCH_WEB_DATA_DIR move the server.
 * BENCH_WEB_SW=block runs without the service worker: the emulation throttles only the page's own requests, not the
 * worker's (its precache, and the files it fetches for the page), so this shows every byte at the emulated speed.
 * Each first visit is a new browser context (empty HTTP cache, no service worker); repeat visits reuse the context
 * of a first visit once its service worker (if the build has one) is active.
 */
import { type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { launchChromium, phoneContext, startServer as start } from './web-server.js';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const LA_PAMPA = '30712345671';

type Network = { name: string; latency: number; down: number; up: number };
/** Kilobits per second → the protocol's bytes per second. */
const kbps = (n: number) => (n * 1000) / 8;
const RURAL: Network = { name: 'rural 4G (150 ms, 1.6 Mbps / 750 kbps)', latency: 150, down: kbps(1600), up: kbps(750) };
const SLOW_3G: Network = { name: 'slow 3G (400 ms, 400 kbps / 400 kbps)', latency: 400, down: kbps(400), up: kbps(400) };
const CPU_SLOWDOWN = 4;

/**
 * What one visit measured: largest contentful paint; time until the screen's content is there as Playwright sees it
 * ("ready", from the harness: its own polling and injected script included); the dashboard's summary painted, measured
 * in the page ("painted"); bytes.
 */
type Visit = { lcp: number; ready: number; painted?: number; jsKB: number; totalKB: number };

// ---------------------------------------------------------------------------------------------------------------
// Browser

async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, baseURL);
  // The latest largest-contentful-paint candidate, relative to the navigation's start.
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __summary: number; __ingresar: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = Math.max(w.__lcp, entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // When the dashboard's summary is painted, measured in the page (the Element Timing API's render time, as LCP's):
    // Playwright's own script, injected when it first looks for an element, is not part of it. Its figures are marked
    // with `elementtiming` as they enter the page, before their first paint.
    w.__summary = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { renderTime?: number }>) {
        if (entry.name && !w.__summary) w.__summary = entry.renderTime || entry.startTime;
      }
    }).observe({ type: 'element', buffered: true });
    const marker = new MutationObserver(() => {
      const figures = document.querySelectorAll('[data-testid="porlet-resumen-cliente"] .ant-statistic-content-value');
      figures.forEach((el) => el.setAttribute('elementtiming', 'summary'));
      // Marked before their first paint: nothing more to watch on the page being measured.
      if (figures.length) marker.disconnect();
    });
    marker.observe(document, { childList: true, subtree: true });
    // The journey's clock starts at 'Ingresar' (the event's time, on the page's clock).
    w.__ingresar = 0;
    addEventListener('click', (e) => {
      if (!w.__ingresar && (e.target as Element | null)?.closest?.('button')?.textContent?.includes('Ingresar')) w.__ingresar = e.timeStamp;
    }, true);
  });
  return context;
}

/** A page with the network and CPU emulated, counting the bytes its responses took on the wire. */
async function throttledPage(context: BrowserContext, network: Network) {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latency,
    downloadThroughput: network.down,
    uploadThroughput: network.up,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map<string, string>();
  const bytes = { js: 0, total: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    bytes.total += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') bytes.js += e.encodedDataLength;
  });
  const reset = () => {
    bytes.js = 0;
    bytes.total = 0;
  };
  return { page, bytes, reset };
}

async function lcpOf(page: Page): Promise<number> {
  // The candidate settles once the screen stops changing; give late images a moment.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  return page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
}

/** When the summary was painted: from the navigation's start, or (`fromIngresar`) from the click on 'Ingresar'. */
async function summaryPainted(page: Page, fromIngresar: boolean): Promise<number> {
  const at = await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __summary: number; __ingresar: number };
        return w.__summary > 0 && { summary: w.__summary, ingresar: w.__ingresar };
      },
      undefined,
      { timeout: 5_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<{ summary: number; ingresar: number }>)
    .catch(() => null);
  if (!at) return Number.NaN;
  return fromIngresar ? (at.ingresar ? at.summary - at.ingresar : Number.NaN) : at.summary;
}

/** Waits for the build's service worker to control nothing yet but be active (no-op for a build without one). */
async function serviceWorkerSettled(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return false;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return false;
    await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 30_000))]);
    return Boolean(registration.active);
  });
}

const loginButton = (page: Page) => page.getByRole('button', { name: 'Ingresar' });
const dashboardReady = (page: Page) => page.getByTestId('porlet-resumen-cliente').waitFor({ timeout: 120_000 });

/** Login screen, first visit: LCP, time until the form is usable, bytes. Returns the context for a repeat visit. */
async function loginFirstVisit(browser: Browser, url: string, network: Network): Promise<{ visit: Visit; context: BrowserContext }> {
  const context = await newContext(browser, url);
  const { page, bytes } = await throttledPage(context, network);
  const t = Date.now();
  await page.goto('/#/welcome', { waitUntil: 'commit', timeout: 180_000 });
  await loginButton(page).waitFor({ timeout: 120_000 });
  const ready = Date.now() - t;
  const lcp = await lcpOf(page);
  const visit = { lcp, ready, jsKB: bytes.js / 1024, totalKB: bytes.total / 1024 };
  await serviceWorkerSettled(page);
  await page.close();
  return { visit, context };
}

async function loginRepeatVisit(context: BrowserContext, network: Network): Promise<Visit> {
  const { page, bytes } = await throttledPage(context, network);
  const t = Date.now();
  await page.goto('/#/welcome', { waitUntil: 'commit', timeout: 180_000 });
  await loginButton(page).waitFor({ timeout: 120_000 });
  const ready = Date.now() - t;
  const lcp = await lcpOf(page);
  await page.close();
  return { lcp, ready, jsKB: bytes.js / 1024, totalKB: bytes.total / 1024 };
}

/**
 * productor from the login screen to the dashboard of La Pampa, empty cache: the time from 'Ingresar' until the
 * dashboard's summary is shown (the sessions and entity screens on the way, clicked as soon as they appear), and
 * the JavaScript of the whole visit (login screen included).
 */
async function dashboardAfterLogin(browser: Browser, url: string, network: Network): Promise<{ visit: Visit; context: BrowserContext }> {
  const context = await newContext(browser, url);
  const { page, bytes } = await throttledPage(context, network);
  await page.goto('/#/welcome', { waitUntil: 'commit', timeout: 180_000 });
  await page.getByLabel('Usuario o email').fill('productor');
  await page.getByLabel('Contraseña').fill('Demo1234');
  const t = Date.now();
  await loginButton(page).click();
  await page.getByTestId(`session-${LA_PAMPA}`).click({ timeout: 120_000 });
  await page.getByTestId('entity-1001').click({ timeout: 120_000 });
  await dashboardReady(page);
  const ready = Date.now() - t;
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  const painted = await summaryPainted(page, true);
  const visit = { lcp: Number.NaN, ready, painted, jsKB: bytes.js / 1024, totalKB: bytes.total / 1024 };
  await serviceWorkerSettled(page);
  await page.close();
  return { visit, context };
}

/** The dashboard opened by its address (signed in): LCP and time until the summary is shown. */
async function dashboardOpen(context: BrowserContext, network: Network): Promise<Visit> {
  const { page, bytes } = await throttledPage(context, network);
  const t = Date.now();
  await page.goto('/#/1/dashboard', { waitUntil: 'commit', timeout: 180_000 });
  await dashboardReady(page);
  const ready = Date.now() - t;
  const lcp = await lcpOf(page);
  const painted = await summaryPainted(page, false);
  await page.close();
  return { lcp, ready, painted, jsKB: bytes.js / 1024, totalKB: bytes.total / 1024 };
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const median = (values: number[]) => {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};

function report(label: string, visits: Visit[]): void {
  const s = (ms: number) => (Number.isNaN(ms) ? '   —  ' : `${(ms / 1000).toFixed(2).padStart(5)} s`);
  const lcp = median(visits.map((v) => v.lcp));
  const ready = median(visits.map((v) => v.ready));
  const js = median(visits.map((v) => v.jsKB));
  const total = median(visits.map((v) => v.totalKB));
  const painted = visits.map((v) => v.painted ?? Number.NaN);
  const paintedText = painted.some((p) => !Number.isNaN(p))
    ? `  painted ${s(median(painted))} (per run: ${painted.map((p) => (Number.isNaN(p) ? '—' : (p / 1000).toFixed(2))).join(', ')})`
    : '';
  console.log(
    `${label.padEnd(58)} LCP ${s(lcp)}  ready ${s(ready)}  JS ${js.toFixed(0).padStart(5)} kB  all ${total.toFixed(0).padStart(5)} kB` +
      `   (ready per run: ${visits.map((v) => (v.ready / 1000).toFixed(2)).join(', ')})${paintedText}`,
  );
}

const server = await start({ existing: process.env.BENCH_WEB_URL, port: process.env.BENCH_WEB_PORT ?? '8290', dataDir: process.env.BENCH_WEB_DATA_DIR ?? '/tmp/portal-bench-web' });
const browser = await launchChromium();
try {
  // One visit first so the server's caches (branding, statements) are warm, as they are in production.
  (await loginFirstVisit(browser, server.url, RURAL)).context.close();
  console.log(`${server.url}, ${RUNS} runs per line (median), 390×844, CPU ${CPU_SLOWDOWN}× slower`);

  const only = process.env.BENCH_WEB_ONLY;
  if (only !== 'slow3g') await rural();
  if (only !== 'rural') await slow3g();
} finally {
  await browser.close();
  await server.stop();
}

async function rural(): Promise<void> {
  console.log(`\n${RURAL.name}`);
  await loginVisits(RURAL);

  const journey: Visit[] = [];
  const repeatDashboard: Visit[] = [];
  const directDashboard: Visit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { visit, context } = await dashboardAfterLogin(browser, server.url, RURAL);
    journey.push(visit);
    repeatDashboard.push(await dashboardOpen(context, RURAL));
    // The same session in a new context: the dashboard's address opened with an empty cache.
    const fresh = await newContext(browser, server.url);
    await fresh.addInitScript((state: string) => {
      if (!localStorage.length) for (const [k, v] of Object.entries(JSON.parse(state) as Record<string, string>)) localStorage.setItem(k, v);
    }, JSON.stringify(await storageOf(context, server.url)));
    directDashboard.push(await dashboardOpen(fresh, RURAL));
    await fresh.close();
    await context.close();
  }
  report('productor: Ingresar → dashboard shown (first visit, JS of all)', journey);
  report('dashboard opened by address, signed in, empty cache', directDashboard);
  report('dashboard, repeat visit', repeatDashboard);
}

async function slow3g(): Promise<void> {
  console.log(`\n${SLOW_3G.name}`);
  await loginVisits(SLOW_3G);
}

/** The login screen on a network profile: RUNS first visits with an empty cache, each followed by a repeat visit. */
async function loginVisits(network: Network): Promise<void> {
  const first: Visit[] = [];
  const repeat: Visit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { visit, context } = await loginFirstVisit(browser, server.url, network);
    first.push(visit);
    repeat.push(await loginRepeatVisit(context, network));
    await context.close();
  }
  report('login screen, first visit (empty cache)', first);
  report('login screen, repeat visit', repeat);
}

/** The signed-in session of a context (its local storage), to open the dashboard signed in with an empty cache. */
async function storageOf(context: BrowserContext, url: string): Promise<Record<string, string>> {
  const state = await context.storageState();
  const origin = state.origins.find((o) => o.origin === new URL(url).origin);
  // The session only: what the app keeps for a repeat visit (the answers, apps/web/src/lib/persisted-queries.ts; the
  // company's branding, lib/branding.ts; Ant Design's styles, lib/kept-styles.ts) stays behind, so that this is a
  // visit with an empty cache.
  const kept = new Set(['portal.queries.v1', 'portal.branding.v1', 'portal.styles.v1']);
  return Object.fromEntries((origin?.localStorage ?? []).filter((e) => !kept.has(e.name)).map((e) => [e.name, e.value]));
}
