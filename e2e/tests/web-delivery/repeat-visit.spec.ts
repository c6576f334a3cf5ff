import { expect, test, type Page, type Route } from '@playwright/test';
import { enterAsProductor, loginUi, logoutUi } from '../../support/fixtures';

// This spec is about what the service worker does: it stays on here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test.skip(({ isMobile }) => !isMobile, 'the kept answers do not depend on the viewport');

/**
 * A repeat visit paints its screen from the answers of the last one (apps/web/src/lib/persisted-queries.ts,
 * docs/decisions/web-delivery.md 'Repeat visit'), asks the server again, and the kept answers go with the session.
 */
const KEY = 'portal.queries.v1';
const kept = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);
const dashboardCall = (url: URL) => url.pathname.endsWith('/proxy/cgi/etenet_dashboard');
const userDataCall = (url: URL) => url.pathname === '/api/public/data';

test('the dashboard reopens from the kept answers while the server is asked again; logout forgets them', async ({ page }) => {
  await enterAsProductor(page);
  await expect(page.getByTestId('porlet-resumen-cliente')).toBeVisible();
  await expect.poll(async () => (await kept(page)) ?? '').toContain('"dashboard"');

  // The dashboard's and the user data's answers are held back: what is shown comes from the kept ones.
  const held: Route[] = [];
  const asked: string[] = [];
  const hold = async (route: Route) => {
    asked.push(new URL(route.request().url()).pathname);
    held.push(route);
  };
  await page.route(dashboardCall, hold);
  await page.route(userDataCall, hold);
  await page.reload();
  await expect(page.getByTestId('porlet-resumen-cliente')).toBeVisible();
  await expect(page.getByTestId('porlet-resumen-cliente').getByText('Saldo en pesos')).toBeVisible();
  // …and both are asked again (stale on arrival), then their answers replace the kept ones.
  await expect.poll(() => asked.some((p) => p.endsWith('etenet_dashboard'))).toBe(true);
  await expect.poll(() => asked.some((p) => p.endsWith('/data'))).toBe(true);
  for (const route of held) await route.continue();
  await page.unroute(dashboardCall);
  await page.unroute(userDataCall);

  await logoutUi(page);
  expect(await kept(page)).toBeNull();
});

test('another user on the same browser never starts from the answers kept for the previous one', async ({ page }) => {
  await enterAsProductor(page);
  await expect(page.getByTestId('porlet-resumen-cliente')).toBeVisible();
  await expect.poll(async () => (await kept(page)) ?? '').toContain('"dashboard"');
  // A session that ends without logout (the tokens dropped, as an expired refresh does) leaves them; a new login
  // clears them before anything is read.
  await page.evaluate(() => localStorage.removeItem('portal.session.v1'));
  await page.reload();
  await loginUi(page, 'vendedor', 'Demo1234');
  expect(await kept(page)).toBeNull();
});
