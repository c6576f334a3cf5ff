import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { shot } from '../../support/fixtures';
import { shotScreen } from '../../support/admin';
import { ApiSession, enterAsProductorWith, PEREZ_HNOS, withCartLock } from './support';

/**
 * The order history (8 per page, product lines, 'Repetir compra'): refused with the spec's alert while the cart
 * holds products; with an empty cart it reviews the order's lines (the quick order's review), copies them into the cart
 * and opens the cart drawer.
 */

async function historyRow(page: Page, testInfo: TestInfo, numero: number) {
  const row = page.getByTestId(`history-${numero}`);
  await expect(row).toBeVisible();
  // The product lines: the expandable row on desktop, the 'Productos' panel of the card on a phone.
  if (testInfo.project.name === 'desktop') await row.getByRole('button', { name: /Expandir fila|Expand row/ }).click();
  else await row.getByRole('button', { name: /Productos \(\d+\)/ }).click();
  return row;
}

test('repeat purchase: refused while the cart has products, otherwise copied into the cart, which opens', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const productor = await ApiSession.login(request, 'productor', 'Demo1234');
  const [a, b, c] = await productor.products(6);
  const order = await productor.createOrder([{ id: a!.id, quantity: 3 }, { id: b!.id, quantity: 1 }], `e2e ${testInfo.project.name} historial`);

  await enterAsProductorWith(page);
  await withCartLock(PEREZ_HNOS, async () => {
    const cartId = await productor.emptyCart();
    await productor.addToCart(cartId, c!.id, 1);

    await page.goto('/#/1/pedidos/historial');
    await expect(page.getByRole('heading', { name: 'Historial de pedidos' })).toBeVisible();
    const row = await historyRow(page, testInfo, order.numero);
    await expect(page.getByText(a!.nombre).first()).toBeVisible();
    await expect(row).toContainText(`e2e ${testInfo.project.name} historial`);
    await shot(page, testInfo, 'history');

    // The cart holds a product: the spec's alert, nothing copied.
    await row.getByRole('button', { name: /Repetir compra/ }).click();
    const alert = page.getByRole('dialog').filter({ hasText: 'Carrito de compras cargado' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Tine productos en su carrito, por favor eliminelos.');
    await shotScreen(page, testInfo, 'history-cart-loaded');
    await alert.getByRole('button', { name: 'Aceptar' }).click();
    await expect(alert).toBeHidden();
    expect((await productor.cart()).carrito.productos.map((p) => p.producto_id)).toEqual([c!.id]);

    // Empty cart: the order's products are reviewed (quick order's review), then copied, and the cart drawer opens with them.
    await productor.emptyCart();
    await row.getByRole('button', { name: /Repetir compra/ }).click();
    const review = page.getByRole('dialog', { name: 'Repetir compra' });
    await expect(review.getByTestId('quick-line')).toHaveCount(2);
    await review.getByTestId('quick-order-add').click();
    const drawer = page.locator('.ant-drawer-open, .ant-drawer.ant-drawer-open').filter({ hasText: a!.nombre });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(b!.nombre);
    await shotScreen(page, testInfo, 'history-repeated');
    const copied = (await productor.cart()).carrito.productos.map((p) => p.producto_id).sort();
    expect(copied).toEqual([a!.id, b!.id].sort());
    await productor.emptyCart();
  });
});

test('the history pages 8 at a time, and a month from the dashboard chart shows only that month', async ({ page }, testInfo) => {
  // Juan Pérez has a long record (read only).
  await enterAsProductorWith(page, 1001);
  await page.goto('/#/1/pedidos/historial');
  const rows = page.getByTestId('history-list').locator('[data-testid^="history-"]:not([data-testid^="history-lines"])');
  await expect(rows).toHaveCount(8);

  await page.goto('/#/1/dashboard');
  const bars = page.getByTestId('porlet-compras-mes').getByRole('link');
  await expect(bars.last()).toBeVisible();
  const target = page.waitForURL(/#\/1\/pedidos\/historial\/\d{4}-\d{2}$/);
  await bars.last().click();
  await target;
  const [, year, month] = /historial\/(\d{4})-(\d{2})$/.exec(page.url())!;
  await expect(page.getByTestId('history-month')).toBeVisible();
  await expect(rows.first()).toBeVisible();
  const texts = await rows.allInnerTexts();
  for (const t of texts) expect(t).toMatch(new RegExp(`\\d{2}[/-]${month}[/-]${year}`));
  await shot(page, testInfo, 'history-month');

  // A month without orders: the contract's empty text.
  await page.goto('/#/1/pedidos/historial/1999-01');
  await expect(page.getByTestId('history-month')).toContainText('enero de 1999');
  await expect(page.getByTestId('history-list').getByText('No hay pedidos en el historial', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(0);
});
