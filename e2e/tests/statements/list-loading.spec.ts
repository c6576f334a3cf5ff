import { expect, test, type Page, type Route, type TestInfo } from '@playwright/test';
import { msg } from '@portal/contract';
import { enterAsProductor, enterViaApi, shot } from '../../support/fixtures';

/**
 * A list's first load (statements.md §8, 'Other texts'): every list screen shows 'Cargando....' while its first
 * answer is on its way — not the empty table with 'No hay más registros.' —, its rows when the answer comes, and
 * 'No hay más registros.' only when the answer is empty.
 */

test.describe.configure({ timeout: 150_000 });

const LOADING = 'Cargando....';
const EMPTY = 'No hay más registros.';

/** Holds every call to the list's path until `release` is called, so the screen is seen while it waits. */
async function hold(page: Page, path: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await gate;
    await route.continue().catch(() => undefined);
  };
  await page.route((url) => path.test(url.pathname), handler);
  return async () => {
    release();
    await page.unroute((url) => path.test(url.pathname), handler);
  };
}

type Screen = { name: string; path: string; api: RegExp; rows: string };

const CUSTOMER_SCREENS: Screen[] = [
  { name: 'cronologico', path: '/#/1/cronologico', api: /\/proxy\/cgi\/etenet_rencbtec$/, rows: '[data-testid^="statement-row-"]' },
  { name: 'financiero', path: '/#/1/financiero', api: /\/proxy\/cgi\/etenet_rencbtef$/, rows: '[data-testid^="statement-row-"]' },
  { name: 'contratos', path: '/#/1/contratos', api: /\/proxy\/cgi\/etenet_contratos$/, rows: '[data-testid^="contract-row-"]' },
  { name: 'granos', path: '/#/1/granos/SOJ', api: /\/proxy\/cgi\/etenet_fichadet$/, rows: '[data-testid^="grain-row-"]' },
  { name: 'posicion', path: '/#/1/posicionstockventas', api: /\/proxy\/cgi\/etenet_pEntregarStk$/, rows: '[data-testid^="position-row-"]' },
  { name: 'cfiscales', path: '/#/1/cfiscales', api: /\/proxy\/cgi\/etenet_cabcbte$/, rows: '[data-testid^="fiscal-row-"]' },
  { name: 'recibos', path: '/#/1/recibos', api: /\/proxy\/recibos\/getAllRecibos$/, rows: '[data-testid="recibos-pendientes"] [data-testid^="recibo-"]' },
];

/** Opens the screen with its list held: 'Cargando....' and no empty text; then the answer, its rows and no loading text. */
async function expectFirstLoad(page: Page, testInfo: TestInfo, s: Screen, picture: boolean) {
  const release = await hold(page, s.api);
  await page.goto(s.path);
  const loading = page.getByText(LOADING, { exact: true });
  await expect(loading, `${s.name}: loading`).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: LOADING })).toBeVisible();
  await expect(page.getByText(EMPTY), `${s.name}: no empty text while loading`).toHaveCount(0);
  await expect(page.getByText('No se encontraron productos')).toHaveCount(0);
  if (picture) await shot(page, testInfo, `list-loading-${s.name}`);
  await release();
  await expect(page.locator(s.rows).first(), `${s.name}: rows`).toBeVisible({ timeout: 30_000 });
  await expect(loading).toHaveCount(0);
}

test('every list screen shows Cargando.... while its first answer is on its way, then its rows', async ({ page }, testInfo) => {
  await enterAsProductor(page);
  for (const [i, s] of CUSTOMER_SCREENS.entries()) await expectFirstLoad(page, testInfo, s, i === 0 || s.name === 'recibos');
});

test('the empty text comes only with an empty answer, and a new search loads again', async ({ page }, testInfo) => {
  await enterAsProductor(page);
  // No movement is a billion pesos or more: the answer is empty.
  const release = await hold(page, /\/proxy\/cgi\/etenet_rencbtec$/);
  await page.goto('/#/1/cronologico?idesde=1000000000.00');
  await expect(page.getByText(LOADING, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(EMPTY)).toHaveCount(0);
  await release();
  await expect(page.getByText(EMPTY)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(LOADING, { exact: true })).toHaveCount(0);
  await expect(page.locator('[data-testid^="statement-row-"]')).toHaveCount(0);
  // The search's chip shows the amount as money, like every amount of the screen.
  await expect(page.getByTestId('statement-active-search')).toContainText('Importe desde $ 1.000.000.000,00');
  await shot(page, testInfo, 'list-loading-empty');

  // The stock positions' search that finds nothing says so, after its answer.
  const again = await hold(page, /\/proxy\/cgi\/etenet_pEntregarStk$/);
  await page.goto('/#/1/posicionstockventas?desart=zzzzzz');
  await expect(page.getByText(LOADING, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No se encontraron productos')).toHaveCount(0);
  await again();
  await expect(page.getByText('No se encontraron productos')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(LOADING, { exact: true })).toHaveCount(0);
});

test('the authorization lists show Cargando.... while they load, then the vouchers and the receipts', async ({ page }, testInfo) => {
  await enterViaApi(page, { username: 'autorizador', landing: /#\/6\/dashboard/ });
  await expectFirstLoad(page, testInfo, { name: 'autorizacion', path: '/#/6/autorizacion', api: /\/proxy\/cgi\/etenet_getPendAutoStock$/, rows: '[data-testid^="voucher-"]' }, true);
  const release = await hold(page, /\/proxy\/recibos\/gestion$/);
  await page.getByRole('tab', { name: 'Recibos' }).click();
  await expect(page.getByRole('tabpanel').getByText(LOADING, { exact: true })).toBeVisible();
  await expect(page.getByText(EMPTY)).toHaveCount(0);
  await release();
  await expect(page.getByRole('tabpanel').getByText(LOADING, { exact: true })).toHaveCount(0, { timeout: 30_000 });
});

test('a list opened without signal says the device is offline, and loads by itself when the signal is back', async ({ page, context }, testInfo) => {
  await enterAsProductor(page);
  // The statements' code is in the browser (Cronológico and Financiero share it); then the signal goes.
  await page.goto('/#/1/cronologico');
  await expect(page.locator('[data-testid^="statement-row-"]').first()).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await page.goto('/#/1/financiero');
  await expect(page.getByText(msg.sinConexion)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(msg.errorCargarDatos)).toHaveCount(0);
  await shot(page, testInfo, 'list-offline');
  await context.setOffline(false);
  await expect(page.locator('[data-testid^="statement-row-"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(msg.sinConexion)).toHaveCount(0);
});
