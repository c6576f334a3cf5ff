import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { PendingOrdersResponse } from '@portal/contract';
import { LA_PAMPA, apiSession, loginUi } from '../../support/fixtures';
import { apiFor } from '../catalog/support';
import { depositoApi } from '../warehouse/support';
import { todayIso } from '../field/support';

/**
 * Every route of the web app, opened by its address with an empty cache, downloads at most its budget of compressed
 * JavaScript (docs/decisions/web-delivery.md, 'Budget guards': any route ≤ 300 kB). Each route opens in a
 * new browser profile (empty HTTP cache, service worker blocked, so that every script is fetched and counted by the
 * page) with the session of the profile's demo user, and is measured once its first screen has settled: the
 * scripts its first paint needs, including the lazy chunks it loads while rendering. Every route is held to the
 * issue's 300 kB, and to its own measured size (the larger of phone and desktop) plus a small margin below that, so
 * that growth fails here; lower them whenever a screen gets lighter.
 */

const TARGET_KB = 300;

/**
 * Every route is held to its measured size (kB: the larger of phone and desktop + ≈3 %, at most TARGET_KB), so that
 * growth fails here before it reaches the target; lower a budget whenever a screen gets lighter. An address's
 * trailing id or date is `:param`; a route not listed is held to TARGET_KB.
 */
const BUDGET_KB: Record<string, number> = {
  '/welcome': 102,
  '/forgot': 286,
  '/welcome/sessions': 205,
  '/welcome/new': 278,
  '/1/dashboard': 235,
  '/3/dashboard': 239,
  '/6/dashboard': 223,
  '/1/pedidos': 277,
  '/1/ordenescompra': 277,
  '/1/pedidos/detalle/:param': 251,
  '/1/pedidos/historial': 272,
  '/1/cfiscales': 273,
  '/1/cronologico': 296,
  '/1/financiero': 296,
  '/1/canjes': 296,
  '/1/granos': 300,
  '/1/contratos': 290,
  '/1/posicionstockventas': 290,
  '/1/recibos': 235,
  '/3/gestionpedidos': 270,
  '/1/usuarios': 299,
  '/1/parametros': 246,
  '/1/auditoria': 296,
  '/4/repartos': 261,
  '/4/detalle-cliente/:param': 246,
  '/4/envases': 255,
  '/5/almacenes': 262,
  '/5/detalleAlmacenes/:param': 245,
  '/5/stock': 253,
  '/6/autorizacion': 262,
};
const budgetOf = (route: string) => Math.min(TARGET_KB, BUDGET_KB[route.replace(/\/[\d-]+$/, '/:param')] ?? TARGET_KB);

type Route = string;

test.describe.configure({ timeout: 300_000 });

/** Compressed bytes of the scripts a page fetched (resource entries' encodedBodySize), after checking each was compressed. */
async function scriptKB(page: Page, encodings: string[]): Promise<number> {
  await page.waitForLoadState('networkidle');
  const bytes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
  );
  for (const e of encodings) expect(e).toMatch(/^(br|gzip)$/);
  return bytes / 1024;
}

/**
 * Logs in and enters La Pampa (choosing the profile or the entity when asked); returns the stored session. Through the
 * API calls of those screens (apiSession), except for the administrator, whose login opens the 'Administración'
 * dialog and records that in the session: that one goes through the screens.
 */
async function sessionOf(page: Page, username: string, password: string, profile: number, choose?: string): Promise<string> {
  if (username !== 'admin') {
    // The page stays on the origin, as after a login through the screens (the test clears its local storage).
    await page.goto('/healthz');
    const entity = choose?.startsWith('entity-') ? Number(choose.slice('entity-'.length)) : undefined;
    return apiSession(page, { username, password, entity, profile });
  }
  await loginUi(page, username, password);
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  if (choose) await page.getByTestId(choose).click();
  await expect(page).toHaveURL(new RegExp(`#/${profile}/`));
  const session = await page.evaluate(() => localStorage.getItem('portal.session.v1'));
  expect(session).toBeTruthy();
  return session!;
}

/** Opens each route by its address in a fresh profile and checks its JavaScript against its budget. */
async function measure(browser: Browser, baseURL: string, testInfo: TestInfo, session: string | null, routes: Route[]) {
  const phone = testInfo.project.name === 'phone';
  const results: string[] = [];
  for (const route of routes) {
    const context = await browser.newContext({
      baseURL,
      viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      serviceWorkers: 'block',
    });
    try {
      if (session) {
        await context.addInitScript((state) => {
          if (!localStorage.getItem('portal.session.v1')) localStorage.setItem('portal.session.v1', state);
        }, session);
      }
      const page = await context.newPage();
      const encodings: string[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') encodings.push(r.headers()['content-encoding'] ?? '');
      });
      await page.goto(`/#${route}`);
      // The screen is there (a heading, still at its address: not the login screen) and has stopped loading, with
      // no refusal or error result in place of the page.
      await expect(page.getByRole('heading').first(), route).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
      expect(new URL(page.url()).hash, route).toBe(`#${route}`);
      await expect(page.locator('.ant-result'), route).toHaveCount(0);
      const kb = await scriptKB(page, encodings);
      // Scripts were fetched and counted (the login screen is two files: entry and runtime).
      expect(encodings.length, route).toBeGreaterThan(1);
      const budget = budgetOf(route);
      results.push(`${route} ${kb.toFixed(1)} kB (budget ${budget})`);
      expect.soft(kb, `${route}: ${kb.toFixed(1)} kB of compressed JavaScript`).toBeLessThanOrEqual(budget);
    } finally {
      await context.close();
    }
  }
  testInfo.annotations.push({ type: 'route JavaScript', description: results.join('; ') });
  console.log(`[${testInfo.project.name}] ${results.join('\n')}`);
}

test('login, recovery and the sessions screens stay within their JavaScript budget', async ({ page, browser, baseURL }, testInfo) => {
  await measure(browser, baseURL!, testInfo, null, [
    '/welcome',
    '/forgot',
  ]);
  // Logged in, no company chosen yet: the session the login leaves (apiSession stops after the login).
  const session = await apiSession(page, { username: 'productor', cuit: null });
  await measure(browser, baseURL!, testInfo, session, [
    '/welcome/sessions',
    '/welcome/new',
  ]);
});

test("the customer's routes stay within their JavaScript budget", async ({ page, browser, baseURL }, testInfo) => {
  const session = await sessionOf(page, 'productor', 'Demo1234', 1, 'entity-1001');
  const [product] = await (await apiFor(page, 1001)).products(1);
  await measure(browser, baseURL!, testInfo, session, [
    '/1/dashboard',
    '/1/pedidos',
    `/1/pedidos/detalle/${product!.id}`,
    '/1/pedidos/historial',
    '/1/ordenescompra',
    '/1/cfiscales',
    '/1/cronologico',
    '/1/financiero',
    '/1/canjes',
    '/1/granos',
    '/1/contratos',
    '/1/posicionstockventas',
    '/1/recibos',
  ]);
});

test("the zone manager's and the administrator's routes stay within their JavaScript budget", async ({ page, browser, baseURL }, testInfo) => {
  const seller = await sessionOf(page, 'vendedor', 'Demo1234', 3, 'profile-3');
  await measure(browser, baseURL!, testInfo, seller, [
    '/3/dashboard',
    '/3/gestionpedidos',
  ]);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const admin = await sessionOf(page, 'admin', 'Admin1234', 1);
  await measure(browser, baseURL!, testInfo, admin, [
    '/1/usuarios',
    '/1/parametros',
    '/1/auditoria',
  ]);
});

test("the driver's, warehouse's and authorizer's routes stay within their JavaScript budget", async ({ page, request, browser, baseURL }, testInfo) => {
  const driver = await sessionOf(page, 'repartidor', 'Demo1234', 4);
  await measure(browser, baseURL!, testInfo, driver, [
    '/4/repartos',
    `/4/detalle-cliente/${todayIso()}`,
    '/4/envases',
  ]);
  await page.evaluate(() => localStorage.clear());
  const order = (await (await depositoApi(request)).get<PendingOrdersResponse>('/proxy/cgi/pedidosPendientes')).body.items[0];
  expect(order, 'an order waits to be picked').toBeTruthy();
  const warehouse = await sessionOf(page, 'deposito', 'Demo1234', 5);
  await measure(browser, baseURL!, testInfo, warehouse, [
    '/5/almacenes',
    `/5/detalleAlmacenes/${order!.numero}`,
    '/5/stock',
  ]);
  await page.evaluate(() => localStorage.clear());
  const authorizer = await sessionOf(page, 'autorizador', 'Demo1234', 6);
  await measure(browser, baseURL!, testInfo, authorizer, [
    '/6/dashboard',
    '/6/autorizacion',
  ]);
});
