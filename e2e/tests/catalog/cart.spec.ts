import { expect, test } from '@playwright/test';
import { formatNumber } from '@portal/contract';
import { shot } from '../../support/fixtures';
import { apiFor, chooseOption, dayBefore, withCart, enterCatalog, entityOf, isMobile, pickDate } from './support';

type CartAnswer = {
  carrito: { id: number; productos: Array<{ producto_id: number; nombre: string; precio_final_maximo: number; alerta: boolean }> };
  fecha_minima_entrega: string;
};

/**
 * The sales cart drawer: lines, a price outside the band (alert), the conditions one at a time, and the
 * confirmation, which writes exactly one order however often it is clicked (ordering.md §2, §4, §8).
 */
test('edit a price outside the band, set the conditions and confirm exactly once under a double click @smoke', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  await withCart(entity, async () => {
    const cartId = await api.emptyCart();
    await api.clearConditions(cartId, entity === 1001);
    const [a, b] = await api.products(2);
    await api.addToCart(cartId, a!.id, 3);
    await api.addToCart(cartId, b!.id, 1);
    const before = await api.call<{ total: number }>('GET', '/proxy/pedidos', { params: { pendientes: true, start: 0, limit: 5 } });
    const cart = await api.call<CartAnswer>('GET', '/proxy/pedidos', { params: { type: 'carrito' } });
    const line = cart.carrito.productos.find((l) => l.producto_id === a!.id)!;

    await enterCatalog(page, entity);
    await expect(page.getByTestId('cart-button-sales')).toHaveAttribute('data-count', '2');
    await page.getByTestId('cart-button-sales').getByRole('button').click();
    const drawer = page.locator('.cart-drawer');
    await expect(drawer.getByText('Detalle de los productos')).toBeVisible();
    await expect(drawer.getByText('Condiciones de compra')).toBeVisible();
    await expect(drawer.getByText('Confirmación del carrito')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Cerrar', exact: true })).toBeVisible();
    await expect(drawer.getByTestId('cart-confirm')).toHaveCount(0);

    // A price above the band: Accept waits for a number; the line gets a price alert (addAlerta).
    await drawer.getByTestId(`cart-line-${a!.id}`).getByRole('button', { name: `Modificar precio de ${line.nombre}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Modificar precio' });
    const input = dialog.getByRole('textbox', { name: 'Precio unitario' });
    await input.fill('');
    await expect(dialog.getByRole('button', { name: 'Aceptar' })).toBeDisabled();
    const high = Math.ceil(line.precio_final_maximo * 1.2);
    await input.pressSequentially(`${high}`);
    await expect(input).toHaveValue(formatNumber(high, 0));
    await input.pressSequentially(',559');
    await expect(input).toHaveValue(`${formatNumber(high, 0)},55`);
    const alert = page.waitForResponse((r) => r.url().endsWith('/proxy/pedidos/addAlerta') && r.status() === 200);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await alert;
    await expect(drawer.getByTestId(`cart-line-${a!.id}`).getByTestId('cart-line-alert')).toBeVisible();
    await expect(drawer.getByTestId('cart-price-alert')).toContainText(line.nombre);
    await expect(drawer.getByTestId(`cart-line-${a!.id}`).getByTestId('cart-line-price')).toContainText(`$ ${formatNumber(high, 0)},55`);
    await shot(page, testInfo, 'cart-step1-alert');

    // Step 2: the conditions, each one PUT ?type=condiciones.
    await drawer.getByRole('button', { name: 'Siguiente' }).click();
    await expect(drawer.getByRole('button', { name: 'Cerrar', exact: true })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Anterior' })).toBeVisible();
    const conditions = drawer.getByTestId('cart-conditions');
    const condition = () => page.waitForResponse((r) => r.url().includes('type=condiciones') && r.request().method() === 'PUT' && r.status() === 200);
    const destination = conditions.getByRole('combobox', { name: 'Entrega', exact: true });
    if (entity === 1001) {
      await expect(conditions.locator('.ant-form-item-explain-warning')).toHaveText('Ingresar domicilio de entrega');
      await destination.click();
      const put = condition();
      await chooseOption(page, /Estancia El Ombú/);
      await put;
      await expect(conditions.locator('.ant-select').first()).toContainText('Estancia El Ombú');
    } else {
      // A single destination is chosen by itself.
      await expect(conditions.locator('.ant-select').first()).toContainText('acceso principal');
    }
    await conditions.getByRole('combobox', { name: 'Origen', exact: true }).click();
    let put = condition();
    await chooseOption(page, /Sucursal General Pico/);
    await put;
    await conditions.getByRole('combobox', { name: 'Operación', exact: true }).click();
    put = condition();
    await chooseOption(page, 'Venta contado');
    await put;
    // Dates before today + diasentrega are disabled.
    const min = cart.fecha_minima_entrega;
    const [y, m, d] = min.split('-');
    // DD/MM/YYYY as every other date of the portal, and the calendar opens on the first allowed day's month.
    await expect(conditions.getByText(`Desde el ${d}/${m}/${y}`, { exact: true })).toBeVisible();
    await conditions.getByRole('textbox', { name: 'Fecha de entrega' }).click();
    const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await expect(popup.locator(`td.ant-picker-cell-in-view[title="${min}"]`)).toBeVisible();
    const early = popup.locator(`td[title="${dayBefore(min)}"]`);
    if ((await early.count()) > 0) await expect(early).toHaveClass(/ant-picker-cell-disabled/);
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    put = condition();
    await pickDate(page, conditions.getByRole('textbox', { name: 'Fecha de entrega' }), min);
    await put;
    await expect(conditions.getByRole('textbox', { name: 'Fecha de entrega' })).toHaveValue(`${d}/${m}/${y}`);
    put = condition();
    await conditions.getByRole('textbox', { name: 'Detalle' }).fill(`Entregar por la mañana (${testInfo.project.name})`);
    await conditions.getByRole('textbox', { name: 'Detalle' }).blur();
    await put;
    await shot(page, testInfo, 'cart-step2');

    // Step 3: the summary; a cancelled confirmation says so.
    await drawer.getByRole('button', { name: 'Siguiente' }).click();
    const summary = drawer.getByTestId('cart-summary');
    await expect(summary).toContainText('Sucursal General Pico');
    await expect(summary).toContainText(`${d}-${m}-${y}`);
    await expect(summary).toContainText('Venta contado');
    await shot(page, testInfo, 'cart-step3');
    await drawer.getByTestId('cart-confirm').click();
    await page.getByRole('dialog').filter({ hasText: '¿Desea confirmar el pedido' }).getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('Operación cancelada')).toBeVisible();

    // Double clicks on the drawer's button and on the dialog's: one dialog, one order.
    const confirms: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && r.url().endsWith('/api/public/proxy/pedidos') && confirms.push(r.postData() ?? ''));
    await drawer.getByTestId('cart-confirm').dblclick();
    const confirmDialog = page.getByRole('dialog').filter({ hasText: '¿Desea confirmar el pedido' });
    await expect(confirmDialog).toHaveCount(1);
    await confirmDialog.getByRole('button', { name: 'Confirmar' }).dblclick();
    await expect(page.getByText('Pedido realizado')).toBeVisible();
    await expect(page).toHaveURL(/#\/1\/pedidos\/$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('cart-button-sales')).toHaveAttribute('data-count', '0');
    expect(confirms.length).toBeGreaterThanOrEqual(1);
    for (const body of confirms) expect(JSON.parse(body)).toEqual({ pedidoid: cartId });
    const after = await api.call<{ total: number }>('GET', '/proxy/pedidos', { params: { pendientes: true, start: 0, limit: 5 } });
    expect(after.total).toBe(before.total + 1);
    await shot(page, testInfo, 'cart-confirmed');

    // The drawer opens again on step 1, with an empty new cart.
    await page.getByTestId('cart-button-sales').getByRole('button').click();
    await expect(drawer.getByText('No hay productos cargados')).toBeVisible();
    const box = await drawer.boundingBox();
    // 100 % wide on a phone, 30 % of the window on desktop.
    expect(Math.round(box!.width)).toBe(isMobile(testInfo) ? 390 : Math.round(1280 * 0.3));
    await expect(drawer.getByRole('button', { name: 'Cerrar', exact: true })).toBeVisible();
  });
});
