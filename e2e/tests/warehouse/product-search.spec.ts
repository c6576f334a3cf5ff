import { expect, test, type Page, type Request } from '@playwright/test';
import type { PendingOrdersResponse } from '@portal/contract';
import { shot } from '../../support/fixtures';
import { depositoApi, enterAsDeposito } from './support';

/**
 * 'Agregar Producto' searches by the rules of field-warehouse.md §5 and §9: at least 3 letters after trimming
 * (else no call), 300 ms of quiet after the last key (50 ms when the dialog opens again with its text), a new
 * search cancels the one in flight and its late answer is ignored, a failed search says 'Error al buscar
 * productos' and clears the results. The page's clock is Playwright's fake clock, paused while typing: only
 * `runFor` moves time, so "no call before 300 ms" is exact on a busy machine. Every catalogo request is counted.
 */

test.describe.configure({ timeout: 120_000 });

const isCatalogo = (r: Request) => r.method() === 'POST' && r.url().endsWith('/api/public/proxy/cgi/catalogo');
const descri = (r: Request) => (r.postDataJSON() as { descri: string }).descri;

/** Lets the browser deliver what the page did in the time just run (requests reach the test asynchronously). */
const settle = (page: Page) => page.waitForTimeout(400);

test('Agregar Producto: 3 letters, 300 ms of quiet, 50 ms on reopen, a new search cancels the one in flight, a failed search', async ({ page, request }, testInfo) => {
  // Read-only on the order (nothing is confirmed): an order the picking tests leave alone (they confirm, cancel and
  // race on orders of two lines or more, the first, second and last of them), so it is still pending when it opens.
  const api = await depositoApi(request);
  const items = (await api.get<PendingOrdersResponse>('/proxy/cgi/pedidosPendientes')).body.items;
  const twoOrMore = items.filter((o) => o.renglones >= 2);
  const order = items.find((o) => o.renglones < 2) ?? twoOrMore[Math.floor(twoOrMore.length / 2)];
  expect(order, 'an order waits to be picked').toBeTruthy();

  await page.clock.install();
  await enterAsDeposito(page);
  await page.goto(`/#/5/detalleAlmacenes/${order!.numero}`);
  await expect(page.getByRole('heading', { name: `Pedido Nro. ${order!.numero}` })).toBeVisible();
  await expect(page.getByTestId('picking-lines')).toBeVisible();

  const calls: Request[] = [];
  const failed: Request[] = [];
  page.on('request', (r) => isCatalogo(r) && calls.push(r));
  page.on('requestfailed', (r) => isCatalogo(r) && failed.push(r));
  const texts = () => calls.map(descri);

  await page.getByRole('button', { name: 'Agregar Producto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Producto' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('combobox', { name: 'Buscar producto' });
  await box.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const options = dropdown.locator('.ant-select-item-option');
  // From here the page's time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

  // Fewer than 3 letters, also after trimming: no call however long one waits, and the message.
  await box.pressSequentially('ur');
  await page.clock.runFor(5_000);
  await box.fill('  ur   ');
  await page.clock.runFor(5_000);
  await settle(page);
  expect(texts()).toEqual([]);
  await expect(dropdown).toContainText('Escribí al menos 3 letras');

  // Typing on: the call waits for 300 ms without a key; each key starts the wait again.
  await box.fill('');
  await box.pressSequentially('ure');
  await page.clock.runFor(299);
  await box.press('a');
  await page.clock.runFor(299);
  await settle(page);
  expect(texts(), 'no call while keys come less than 300 ms apart').toEqual([]);
  await page.clock.runFor(1);
  await expect.poll(texts).toEqual(['urea']);
  await page.clock.resume();
  await expect(options.first()).toContainText(/urea/i);
  for (const text of await options.allInnerTexts()) expect(text).toMatch(/urea/i);
  await shot(page, testInfo, 'almacenes-buscar');

  // A new search cancels the one in flight: 'glifosato' is held by the network while 'maiz' is typed.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => url.pathname.endsWith('/proxy/cgi/catalogo'),
    async (route) => {
      if (descri(route.request()) === 'glifosato') await held;
      await route.continue().catch(() => undefined);
    },
  );
  await box.fill('glifosato');
  await page.clock.runFor(300);
  await expect.poll(texts).toEqual(['urea', 'glifosato']);
  const slow = calls[1]!;
  await box.fill('maiz');
  await expect.poll(() => failed.includes(slow), { message: 'the glifosato search was aborted' }).toBe(true);
  expect(slow.failure()?.errorText).toMatch(/ABORTED|cancel/i);
  await settle(page);
  expect(texts(), 'the new text waits its own 300 ms').toEqual(['urea', 'glifosato']);
  await page.clock.runFor(300);
  await expect.poll(texts).toEqual(['urea', 'glifosato', 'maiz']);
  release();
  await page.clock.resume();
  await expect(options.first()).toContainText(/ma[ií]z/i);
  await page.waitForTimeout(500);
  for (const text of await options.allInnerTexts()) {
    expect(text).toMatch(/ma[ií]z/i);
    expect(text, 'the late answer of the cancelled search is ignored').not.toMatch(/glifosato/i);
  }

  // The list closed (a tap beside it; on a phone it covers the dialog's buttons) and opened again: the text is
  // kept and asked again after 50 ms, not 300.
  await dialog.locator('.ant-modal-title').click();
  await expect(dropdown).toHaveCount(0);
  const reopened = async (open: () => Promise<void>) => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await settle(page);
    const before = calls.length;
    await open();
    await page.clock.runFor(49);
    await settle(page);
    expect(calls.length, 'not before 50 ms').toBe(before);
    await page.clock.runFor(1);
    await expect.poll(() => texts().slice(before)).toEqual(['maiz']);
    await page.clock.resume();
  };
  await reopened(() => box.click());
  await expect(options.first()).toContainText(/ma[ií]z/i);
  // The same when the dialog is closed and opened again.
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await reopened(async () => {
    await page.getByRole('button', { name: 'Agregar Producto' }).click();
    await expect(dialog).toBeVisible();
  });
  await box.click();
  await expect(options.first()).toContainText(/ma[ií]z/i);

  // A failing search: the message, and no results left.
  await page.route(
    (url) => url.pathname.endsWith('/proxy/cgi/catalogo'),
    (route) =>
      descri(route.request()) === 'atrazina'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, msg: 'Error interno' }) })
        : route.fallback(),
  );
  await box.fill('atrazina');
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Error al buscar productos' })).toBeVisible();
  await expect(options).toHaveCount(0);
  await expect(dropdown).toContainText('Sin resultados');

  // Choosing a product ends the search: the field shows the product.
  await box.fill('maiz');
  await expect(options.first()).toContainText(/ma[ií]z/i);
  const chosen = await options.first().innerText();
  await options.first().click();
  await expect(dropdown).toHaveCount(0);
  await expect(dialog.locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText(chosen);
  await shot(page, testInfo, 'almacenes-elegido');
});
