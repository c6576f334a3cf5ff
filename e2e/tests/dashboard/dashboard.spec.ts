import { expect, test, type Page } from '@playwright/test';
import { enterAsProductor, enterViaApi, shot } from '../../support/fixtures';

/** The customer and zone-manager dashboards, computed by the server from the seeded ledgers. */

async function waitForDashboard(page: Page) {
  await expect(page.getByTestId('porlet-resumen-cliente')).toBeVisible();
}

test('the customer dashboard shows its news, summary cards, charts and grain position @smoke', async ({ page }, testInfo) => {
  await enterAsProductor(page);
  await waitForDashboard(page);
  await expect(page.getByTestId('porlet-resumen-cliente').getByText('Saldo en pesos')).toBeVisible();
  await expect(page.getByTestId('summary-vencido')).toContainText('Vencido');
  await expect(page.getByTestId('summary-granos-stock')).toContainText(/\d{1,3}(\.\d{3})* kg/);
  await expect(page.getByText('Bienvenido al portal')).toBeVisible();
  await expect(page.getByText('Horarios de atención')).toBeVisible();
  await expect(page.getByTestId('porlet-compras-mes')).toContainText('Compras por mes');
  await expect(page.getByTestId('porlet-entregas-grano')).toContainText('Entregas por grano');
  await expect(page.getByTestId('grain-position')).toContainText('Posición global de granos');
  // Banners are a desktop feature (5 s carousel).
  if (testInfo.project.name === 'desktop') await expect(page.getByTestId('banners')).toBeVisible();
  else await expect(page.getByTestId('banners')).toHaveCount(0);
  await shot(page, testInfo, 'dashboard-customer');
});

test('the grain switch goes from available positions to all of them, with es-AR figures and no decimals', async ({ page }, testInfo) => {
  await enterAsProductor(page);
  await waitForDashboard(page);
  const table = page.getByTestId('grain-position');
  const rows = table.locator('tbody tr.grain-row');
  await expect(rows.first()).toBeVisible();
  const available = await rows.count();
  // The Stock column: last on desktop, right after the grain and its harvest on a phone.
  const stockColumn = (await table.locator('thead th').allInnerTexts()).findIndex((t) => t.trim() === 'Stock') + 1;
  expect(stockColumn).toBeGreaterThan(0);
  const stockCells = table.locator(`tbody tr.grain-row td:nth-child(${stockColumn})`);
  const stocks = await stockCells.allInnerTexts();
  expect(stocks.length).toBe(available);
  for (const s of stocks) {
    expect(s).toMatch(/^\d{1,3}(\.\d{3})*$/);
    expect(s).not.toBe('0');
  }
  await table.getByRole('switch', { name: 'Solo disponibles' }).click();
  await expect(table.getByRole('switch')).toContainText('Todos');
  await expect.poll(() => rows.count()).toBeGreaterThan(available);
  expect(await stockCells.allInnerTexts()).toContain('0');
  await shot(page, testInfo, 'dashboard-grain-all');
});

test('clicking a bar goes to /{profile}/{link}/{label}; clicking a grain row to /1/granos/{grano}/{cosecha}', async ({ page }) => {
  await enterAsProductor(page);
  await waitForDashboard(page);
  const grainBars = page.getByTestId('porlet-entregas-grano').getByRole('link');
  await expect(grainBars.first()).toBeVisible();
  const barTarget = page.waitForURL(/#\/1\/granos\/(SOJ|MAI|TRI|GIR)$/);
  await grainBars.first().click();
  await barTarget;

  await page.goto('/#/1/dashboard');
  await waitForDashboard(page);
  const monthBars = page.getByTestId('porlet-compras-mes').getByRole('link');
  await expect(monthBars.first()).toBeVisible();
  // Pointing at a bar shows its month and amount as the server formatted them.
  await monthBars.last().hover();
  await expect(page.getByTestId('porlet-compras-mes').getByRole('tooltip')).toContainText(/^\w{3} \d{2}Compras por mes: \$\s?[\d.]+(,\d{2})?$/);
  const monthTarget = page.waitForURL(/#\/1\/pedidos\/historial\/\d{4}-\d{2}$/);
  await monthBars.last().click();
  await monthTarget;

  await page.goto('/#/1/dashboard');
  await waitForDashboard(page);
  const rowTarget = page.waitForURL(/#\/1\/granos\/(SOJ|MAI|TRI|GIR)\/\d{4}%2F\d{2}$/);
  await page.getByTestId('grain-position').locator('tbody tr.grain-row').first().click();
  await rowTarget;
});

test('the zone manager sees sales per month, top customers, sales per seller and pending orders', async ({ page }, testInfo) => {
  await enterViaApi(page, { username: 'vendedor', profile: 3, landing: /#\/3\/dashboard/ });
  await expect(page.getByRole('heading', { name: 'Tablero de la zona' })).toBeVisible();
  await expect(page.getByTestId('summary-ventas-mes')).toContainText('$');
  await expect(page.getByTestId('porlet-ventas-mes')).toContainText('Ventas por mes');
  await expect(page.getByTestId('porlet-principales-clientes')).toContainText('Principales clientes');
  await expect(page.getByTestId('porlet-ventas-vendedor')).toContainText('Martín Acosta');
  await expect(page.getByTestId('porlet-pedidos-pendientes-clientes')).toContainText('Pedidos pendientes de sus clientes');
  await shot(page, testInfo, 'dashboard-zone');
  // Narrow to one seller of the zone: the filter lives in the URL and the figures follow it.
  const before = await page.getByTestId('summary-ventas-mes').innerText();
  await page.getByRole('combobox', { name: 'Vendedor' }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Carolina Sosa' }).click();
  await expect(page).toHaveURL(/vendedor=4/);
  await expect(page.getByTestId('porlet-ventas-vendedor')).toContainText('Martín Acosta');
  await expect.poll(() => page.getByTestId('summary-ventas-mes').innerText()).not.toBe(before);
});
