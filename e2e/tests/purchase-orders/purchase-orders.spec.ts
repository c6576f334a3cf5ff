import { expect, test } from '@playwright/test';
import { shot } from '../../support/fixtures';
import { apiFor, chooseOption, entityOf, pickDate, withCart } from '../catalog/support';
import { enterAsProductorWith } from '../orders/support';

type PurchaseCart = { carrito: { id: number; productos: unknown[] }; fecha_minima_entrega: string };

/**
 * /{profile}/ordenescompra: the catalogue with the purchase-order cart. The payment condition is required, and a
 * double click on the confirmation writes one purchase order, with no redirect (ordering.md §2, §4, §8).
 */
test('a purchase order is built from the catalogue and confirmed exactly once under a double click @smoke', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  await withCart(entity, async () => {
    const cart = await api.call<PurchaseCart>('GET', '/proxy/ordenescompra', { params: { type: 'carrito' } });
    if (cart.carrito.productos.length > 0) await api.call('DELETE', '/proxy/ordenescompra', { data: { ocompra_id: cart.carrito.id } });
    // A retry starts from the conditions a first attempt left behind; picking a value the cart holds sends no change.
    // Taxes start on, and the test turns them off: the totals then say they carry none.
    for (const data of [{ cpago: null }, { conimpuesto: true }, { fecha_entrega: null }]) {
      await api.call('PUT', `/proxy/ordenescompra/${cart.carrito.id}`, { params: { type: 'condiciones' }, data });
    }
    const before = await api.call<{ total: number }>('GET', '/proxy/ordenescompra', { params: { pendientes: true, start: 0, limit: 5 } });

    await enterAsProductorWith(page, entity);
    await page.goto('/#/1/ordenescompra');
    await expect(page.getByRole('tab', { name: 'Nueva orden de compra' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Ordenes de compra realizadas' })).toBeVisible();
    const results = page.getByTestId('catalog-results');
    await expect(results.locator('.product-card')).toHaveCount(12);
    // Paginated by page size and total.
    await expect(page.locator('.catalog-pagination')).toBeVisible();

    // A search with a single page hides the pagination.
    const search = page.getByRole('searchbox', { name: 'Buscar productos' });
    await search.fill('urea granulada');
    await expect(results.locator('.product-card').first()).toContainText(/Urea granulada/i);
    await expect(page.locator('.catalog-pagination')).toHaveCount(0);

    const card = results.locator('.product-card').first();
    const add = page.waitForResponse((r) => r.url().includes('/proxy/ordenescompra/') && r.request().method() === 'PUT' && r.status() === 200);
    await card.getByRole('button', { name: /^Agregar/ }).click();
    await add;
    await expect(page.getByText('Productos agregados al carrito con éxito').first()).toBeVisible();
    await expect(page.getByTestId('cart-button-purchase')).toHaveAttribute('data-count', '1');
    await shot(page, testInfo, 'purchase-catalog');

    await page.getByTestId('cart-button-purchase').getByRole('button').click();
    const drawer = page.locator('.cart-drawer');
    await expect(drawer.getByText('Detalle de los productos')).toBeVisible();
    // With taxes: net, VAT and the total with VAT.
    await expect(drawer.getByTestId('cart-vat')).toBeVisible();
    await expect(drawer.getByTestId('cart-total').locator('xpath=..')).toContainText('Total (IVA incluido)');
    await drawer.getByRole('button', { name: 'Siguiente' }).click();
    const conditions = drawer.getByTestId('cart-conditions');
    // The payment condition is required.
    await drawer.getByRole('button', { name: 'Siguiente' }).click();
    await expect(conditions.locator('.ant-form-item-explain-error')).toHaveText('Ingresar condicion de pago');
    await expect(drawer.getByTestId('cart-summary')).toHaveCount(0);

    const condition = () => page.waitForResponse((r) => r.url().includes('type=condiciones') && r.request().method() === 'PUT' && r.status() === 200);
    await conditions.getByRole('combobox', { name: 'Condición de pago', exact: true }).click();
    let put = condition();
    await chooseOption(page, 'Cuenta corriente 30 días');
    await put;
    put = condition();
    await conditions.getByRole('switch', { name: 'Con impuestos' }).click();
    await put;
    const { fecha_minima_entrega: min } = await api.call<PurchaseCart>('GET', '/proxy/ordenescompra', { params: { type: 'carrito' } });
    put = condition();
    await pickDate(page, conditions.getByRole('textbox', { name: 'Fecha de entrega' }), min);
    await put;
    await shot(page, testInfo, 'purchase-conditions');

    await drawer.getByRole('button', { name: 'Siguiente' }).click();
    const summary = drawer.getByTestId('cart-summary');
    await expect(summary).toContainText('Cuenta corriente 30 días');
    // 'Con impuestos: No': no VAT line, and the total says it carries no taxes.
    await expect(summary).toContainText('Con impuestos');
    await expect(drawer.getByTestId('cart-summary-vat')).toHaveCount(0);
    await expect(summary).toContainText('Total (sin impuestos)');
    await expect(summary).not.toContainText('IVA incluido');

    const confirms: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && r.url().endsWith('/api/public/proxy/ordenescompra') && confirms.push(r.postData() ?? ''));
    await drawer.getByTestId('cart-confirm').dblclick();
    const dialog = page.getByRole('dialog').filter({ hasText: '¿Desea confirmar la orden de compra' });
    await expect(dialog).toHaveCount(1);
    await expect(dialog).toContainText('(sin impuestos)?');
    await dialog.getByRole('button', { name: 'Confirmar' }).dblclick();
    // The first notice that shows is the answer: a refusal fails here with its own words.
    const notice = page.locator('.ant-notification-notice').filter({ hasText: /Orden de compra (realizada|no realizada)/ }).first();
    await expect(notice).toBeVisible({ timeout: 20_000 });
    expect(await notice.innerText()).toContain('Orden de compra realizada');
    expect(await notice.innerText()).toContain('Total (sin impuestos)');
    await expect(drawer).toBeHidden();
    // No redirect: still on the purchase-order screen.
    await expect(page).toHaveURL(/#\/1\/ordenescompra/);
    await expect(page.getByTestId('cart-button-purchase')).toHaveAttribute('data-count', '0');
    expect(confirms.length).toBeGreaterThanOrEqual(1);
    for (const body of confirms) expect(JSON.parse(body)).toEqual({ pedidoid: cart.carrito.id });
    const after = await api.call<{ total: number }>('GET', '/proxy/ordenescompra', { params: { pendientes: true, start: 0, limit: 5 } });
    expect(after.total).toBe(before.total + 1);
    await shot(page, testInfo, 'purchase-confirmed');
  });
});
