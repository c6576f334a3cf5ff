import { expect, test, type Locator, type Page } from '@playwright/test';
import { shot } from '../../support/fixtures';
import { card, daysBack, enterAsRepartidor, pendingOnRoute, todayIso } from './support';

/**
 * A driver's thumb on a 390 px phone: every control of the field screens (the day arrows, the visit-state selector
 * and its options, the calendar's days, the order form's quantity, price and remove) is at least 44 px each way,
 * and the customer's purchases table fits the screen. Nothing is saved.
 */
test.skip(({ isMobile }) => !isMobile, 'tap targets are measured on the phone');

/** Polled: a dialog or a list grows into place with an animation, so its first measure can be mid-zoom. */
async function expectThumbSized(target: Locator, name: string) {
  await expect.poll(async () => Math.round((await target.boundingBox())?.height ?? 0), { message: `${name}: height` }).toBeGreaterThanOrEqual(44);
  await expect.poll(async () => Math.round((await target.boundingBox())?.width ?? 0), { message: `${name}: width` }).toBeGreaterThanOrEqual(44);
}

test('the field screens take a thumb: 44 px controls, options and calendar days', async ({ page, request }, testInfo) => {
  await enterAsRepartidor(page);
  await expectThumbSized(page.getByRole('button', { name: 'Día anterior' }), 'Día anterior');
  await expectThumbSized(page.getByRole('button', { name: 'Día siguiente' }), 'Día siguiente');

  const [customer] = await pendingOnRoute(page, request);
  expect(customer, 'a customer of today still to serve').toBeDefined();
  const selector = page.getByLabel(`Estado de ${customer!.nombre}`, { exact: true });
  // The label names the select's search input; the thumb hits the whole select.
  await expectThumbSized(selector.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]'), 'the visit-state selector');
  await selector.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  for (let i = 0; i < (await options.count()); i++) {
    await expect.poll(async () => Math.round((await options.nth(i).boundingBox())?.height ?? 0), { message: `option ${i + 1}: height` }).toBeGreaterThanOrEqual(44);
  }
  await page.keyboard.press('Escape');

  // Scrolled to the end, the floating 'Agregar pedido' covers no card's status tag (the page leaves room under the last card).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const fab = (await page.getByRole('button', { name: 'Agregar pedido' }).boundingBox())!;
  for (const tag of await page.locator('[data-testid="visit-card"] .ant-tag').all()) {
    const t = await tag.boundingBox();
    if (!t) continue;
    const overlaps = t.x < fab.x + fab.width && fab.x < t.x + t.width && t.y < fab.y + fab.height && fab.y < t.y + t.height;
    expect.soft(overlaps, `'${await tag.textContent()}' is not under the add button`).toBe(false);
  }
  await page.evaluate(() => window.scrollTo(0, 0));

  await page.getByRole('button', { name: 'Seleccionar fecha' }).click();
  const picker = page.getByRole('dialog', { name: 'Seleccionar fecha' });
  const day = picker.locator('td.ant-picker-cell-in-view').first();
  await expect(day).toBeVisible();
  await expectThumbSized(day, 'a calendar day');
  await shot(page, testInfo, 'field-calendar');
  await picker.getByRole('button', { name: /cerrar|close/i }).click();

  await card(page, customer!.id).getByText(customer!.nombre).click();
  await expect(page.getByRole('heading', { name: customer!.nombre })).toBeVisible();
  await page.getByRole('button', { name: /Cargar Pedido|Agregar otra venta/ }).click();
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  await expectThumbSized(page.getByLabel('Cantidad 1', { exact: true }), 'Cantidad');
  await expectThumbSized(page.getByLabel('Precio 1', { exact: true }), 'Precio');
  await expectThumbSized(page.getByRole('button', { name: 'Quitar producto 1' }), 'Quitar producto');
  await shot(page, testInfo, 'field-order-form');
  // Nothing runs off the right edge of the phone (the purchases tables, the form's rows): here, and on the purchases
  // of 7 days ago with the most lines.
  await expectFits(page);
  const weekAgo = daysBack(todayIso(), 7);
  const most = (await pendingOnRoute(page, request)).map((c) => ({ c, n: c.weekAgo.compras.filter((x) => !x.es_envase).length })).sort((a, b) => b.n - a.n)[0]!;
  expect(most.n, 'a purchase of three or more lines 7 days ago').toBeGreaterThanOrEqual(3);
  await page.goto(`/#/4/detalle-cliente/${most.c.id}/${weekAgo}`);
  await expect(page.getByTestId('purchases-total')).toBeVisible();
  await shot(page, testInfo, 'field-purchases');
  await expectFits(page);
});

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
  for (const table of await page.locator('.field-page .ant-table-content, .field-page .ant-table-body').all()) {
    expect.soft(await table.evaluate((el) => el.scrollWidth - el.clientWidth), 'a table fits its width').toBeLessThanOrEqual(0);
  }
}
