import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { enterViaApi, shot } from '../../support/fixtures';
import { apiFor, enterCatalog, entityOf, withCart } from './support';

/**
 * 'Pedido rápido' (docs/decisions/ordering.md 'Quick order'): paste a spreadsheet's columns, upload an XLSX, fix a
 * code not found, add every ready line in one step; and 'Repetir compra' of a past order whose product is no
 * longer sold goes through the same review. The steps are counted, not timed.
 */

type Listed = { id: number; nombre: string; codigo_alfanumerico: string; factor_venta: number; moneda: string };
type CartAnswer = { carrito: { id: number; productos: Array<{ producto_id: number; cantidad: number }> } };

async function openQuickOrder(page: Page) {
  await page.getByTestId('quick-order-open').click();
  const dialog = page.getByRole('dialog', { name: 'Pedido rápido' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('paste tab-separated lines, fix a code not found, upload an XLSX, add to the cart in one step', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  const listed = (await api.call<{ productos: Listed[] }>('GET', '/proxy/pedidos', { params: { filtros: '{}', start: 0, limit: 24, page: 1 } })).productos;
  // A product sold by the package (1,5 is rounded up to whole packages) and two others asked in whole numbers.
  const pack = listed.find((p) => p.factor_venta !== 1 && p.moneda === 'ARS');
  const [a, c] = listed.filter((p) => p !== pack && p.moneda === 'ARS');
  expect(pack && a && c, 'three ARS products on the first page, one sold by the package').toBeTruthy();
  await withCart(entity, async () => {
    await api.emptyCart();
    await enterCatalog(page, entity);
    const dialog = await openQuickOrder(page);

    // 1. Paste three lines copied from a spreadsheet (header, tabs, a decimal comma, a typo).
    await dialog.getByRole('textbox', { name: 'Pegar' }).fill(`Código\tCantidad\n${a!.codigo_alfanumerico}\t2\n${pack!.codigo_alfanumerico}\t1,5\n${c!.codigo_alfanumerico}X\t4`);
    // 2. Review.
    await dialog.getByRole('button', { name: 'Revisar' }).click();
    const lines = dialog.getByTestId('quick-line');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toHaveAttribute('data-state', 'listo');
    await expect(lines.nth(1)).toHaveAttribute('data-state', 'ajustado');
    await expect(lines.nth(1)).toContainText('Se vende por envase entero');
    await expect(lines.nth(2)).toHaveAttribute('data-state', 'no_encontrado');
    await shot(page, testInfo, 'quick-order-review');
    // 3–4. Fix the code not found.
    await lines.nth(2).getByRole('textbox', { name: /^Corregir/ }).fill(c!.codigo_alfanumerico);
    await lines.nth(2).getByRole('button', { name: 'Corregir' }).click();
    await expect(dialog.locator('[data-testid="quick-line"][data-state="no_encontrado"]')).toHaveCount(0);
    await expect(lines.nth(2)).toContainText(c!.nombre);
    // 5. Add the three ready lines.
    await dialog.getByTestId('quick-order-add').click();
    await expect(dialog).toBeHidden();
    const drawer = page.locator('.cart-drawer');
    await expect(drawer.getByTestId(`cart-line-${c!.id}`)).toBeVisible();
    const cart = await api.call<CartAnswer>('GET', '/proxy/pedidos', { params: { type: 'carrito' } });
    expect(cart.carrito.productos.map((l) => [l.producto_id, l.cantidad])).toEqual([[a!.id, 2], [pack!.id, 2], [c!.id, 4]]);
    await drawer.getByRole('button', { name: 'Cerrar', exact: true }).click();

    // Upload an XLSX with the columns in another order: they are found by their headers.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Receta');
    ws.addRow(['Producto', 'Cant.', 'Código']);
    ws.addRow([a!.nombre, 3, a!.codigo_alfanumerico]);
    const again = await openQuickOrder(page);
    await again.getByRole('tab', { name: 'Subir archivo' }).click();
    await again.getByTestId('quick-order-file').setInputFiles({ name: 'receta.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await wb.xlsx.writeBuffer()) });
    await expect(again.getByTestId('quick-line')).toHaveCount(1);
    await expect(again.getByTestId('quick-line')).toHaveAttribute('data-state', 'listo');
    await shot(page, testInfo, 'quick-order-upload');
    await again.getByTestId('quick-order-add').click();
    await expect(again).toBeHidden();
    await expect.poll(async () => (await api.call<CartAnswer>('GET', '/proxy/pedidos', { params: { type: 'carrito' } })).carrito.productos.find((l) => l.producto_id === a!.id)?.cantidad).toBe(5);
    await api.emptyCart();
  });
});

test('Repetir compra of an order with a discontinued product: shown in the review, the rest goes to the cart', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  // The seeded order with the discontinued sunflower seed (db/seed/ordering.ts seedDiscontinued): find its page.
  type History = { productos: Array<{ id: number; numero: number; productos: Array<{ producto_id: number; descripcion: string }> }>; total: number };
  let found: { page: number; order: History['productos'][number] } | undefined;
  for (let p = 1; !found && p <= 10; p++) {
    const h = await api.call<History>('GET', '/proxy/pedidos', { params: { historial: true, start: (p - 1) * 8, limit: 8 } });
    const order = h.productos.find((o) => o.productos.some((l) => l.descripcion.includes('(discontinuado)')));
    if (order) found = { page: p, order };
    if (p * 8 >= h.total) break;
  }
  expect(found, 'the seeded order with a discontinued product').toBeDefined();
  const { order } = found!;
  await withCart(entity, async () => {
    await api.emptyCart();
    await enterViaApi(page, { username: 'productor', entity, path: `/#/1/pedidos/historial?page=${found!.page}`, landing: /historial/ });
    await page.getByTestId(`history-${order.numero}`).getByRole('button', { name: /Repetir compra/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Repetir compra' });
    const gone = dialog.locator('[data-testid="quick-line"][data-state="no_disponible"]');
    await expect(gone).toHaveCount(1);
    await expect(gone).toContainText('El producto ya no se vende (discontinuado).');
    await shot(page, testInfo, 'quick-order-repeat');
    await dialog.getByTestId('quick-order-add').click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.cart-drawer')).toBeVisible();
    const kept = order.productos.filter((l) => !l.descripcion.includes('(discontinuado)')).map((l) => l.producto_id).sort();
    const cart = await api.call<CartAnswer>('GET', '/proxy/pedidos', { params: { type: 'carrito' } });
    expect(cart.carrito.productos.map((l) => l.producto_id).sort()).toEqual(kept);
    await api.emptyCart();
  });
});
