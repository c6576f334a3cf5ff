import { expect, test } from '@playwright/test';
import type { OrderLinesResponse, PendingOrdersResponse } from '@portal/contract';
import { dialogSettled, shot } from '../../support/fixtures';
import { depositoApi, enterAsDeposito } from './support';

/**
 * Almacenes: the pending table and picking one order end to end; cancelling one by zeroing every line.
 * The picking test takes the newest order with two lines or more, the cancelling test the oldest, so the
 * two never reach for the same order.
 */

// Each test logs in and walks a whole flow; on a shared 2-core machine that takes more than the default minute.
test.describe.configure({ timeout: 120_000 });

async function eligible(api: Awaited<ReturnType<typeof depositoApi>>) {
  const list = (await api.get<PendingOrdersResponse>('/proxy/cgi/pedidosPendientes')).body.items;
  return list.filter((o) => o.renglones >= 2);
}

test('@smoke picking an order: sortable table, line cards, quantity 1–50, delete, add and replace a product, confirm', async ({ page, request }, testInfo) => {
  const api = await depositoApi(request);
  const order = (await eligible(api))[0]!;
  expect(order, 'an approved order with two lines waits to be picked').toBeTruthy();
  const before = (await api.get<OrderLinesResponse>('/proxy/cgi/renglonesPedido', { numero: order.numero })).body.items;

  await enterAsDeposito(page);
  await page.goto('/#/5/almacenes');
  await expect(page.getByRole('heading', { name: 'Pendientes' })).toBeVisible();
  const table = page.getByTestId('pending-orders');
  await expect(table.getByRole('columnheader', { name: 'Nro' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Razón Social' })).toBeVisible();
  // numero descending by default
  const numbers = (await table.locator('tbody tr.ant-table-row td:first-child').allInnerTexts()).map(Number);
  expect(numbers.length).toBeGreaterThan(1);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  await shot(page, testInfo, 'almacenes');
  // Sortable: Nro ascending, Razón Social alphabetical, and back to Nro descending.
  const firstCells = async (column: number) => table.locator(`tbody tr.ant-table-row td:nth-child(${column})`).allInnerTexts();
  await table.getByRole('columnheader', { name: 'Nro' }).click();
  await expect
    .poll(async () => {
      const asc = (await firstCells(1)).map(Number);
      return asc.length > 1 && asc.every((n, i) => i === 0 || asc[i - 1]! < n);
    })
    .toBe(true);
  await table.getByRole('columnheader', { name: 'Razón Social' }).click();
  await expect
    .poll(async () => {
      const names = (await firstCells(2)).map((t) => t.split('\n')[0]!);
      return names.every((n, i) => i === 0 || names[i - 1]!.localeCompare(n, 'es') <= 0);
    })
    .toBe(true);
  await table.getByRole('columnheader', { name: 'Nro' }).click();
  await expect.poll(async () => (await firstCells(1)).map(Number)).toEqual(numbers);

  await page.getByTestId(`pending-${order.numero}`).click();
  await expect(page).toHaveURL(new RegExp(`#/5/detalleAlmacenes/${order.numero}$`));
  await expect(page.getByRole('heading', { name: `Pedido Nro. ${order.numero}` })).toBeVisible();
  const [first, second] = before;
  const firstCard = page.getByTestId(`line-${first!.codalfa}`);
  await expect(firstCard).toContainText(first!.nombre);
  await expect(firstCard).toContainText(`${first!.linea} - ${first!.marca}`);
  await expect(firstCard).toContainText(first!.ubicacion ?? '—');

  // Quantity 3 on the first line (the choices run from 1 to 50); the second line deleted (quantity 0: hidden).
  await firstCard.getByRole('combobox', { name: `Cantidad de ${first!.nombre}` }).click();
  const choices = page.locator('.ant-select-dropdown:visible');
  // The list opens scrolled to the line's quantity (7 on some seeds): back to its top first.
  await choices.locator('.ant-select-item-option').first().hover();
  await page.mouse.wheel(0, -5_000);
  await expect(choices.locator('.ant-select-item-option').first()).toHaveAttribute('title', '1');
  await choices.locator('.ant-select-item-option').first().hover();
  await page.mouse.wheel(0, 5_000);
  await expect(choices.locator('.ant-select-item-option[title="50"]')).toBeVisible();
  await expect(choices.locator('.ant-select-item-option').last()).toHaveAttribute('title', first!.cantidad > 50 ? String(first!.cantidad) : '50');
  await page.mouse.wheel(0, -5_000);
  await choices.locator('.ant-select-item-option[title="3"]').click();
  await page.getByTestId(`line-${second!.codalfa}`).getByRole('button', { name: `Quitar ${second!.nombre}` }).click();
  await expect(page.getByTestId(`line-${second!.codalfa}`)).toHaveCount(0);

  // Agregar Producto: fewer than 3 letters asks for more and searches nothing; 'urea' finds products.
  await page.getByRole('button', { name: 'Agregar Producto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Producto' });
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog).toContainText('Elegí un producto');
  const searchBox = dialog.getByRole('combobox', { name: 'Buscar producto' });
  await searchBox.click();
  await searchBox.fill('ur');
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Escribí al menos 3 letras');
  await searchBox.fill('urea');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toContainText(/urea/i);
  const added = (await option.innerText()).split(' · ')[0]!.trim();
  await option.click();
  await shot(page, testInfo, 'almacenes-agregar');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByTestId('picking-lines')).toContainText(added);

  // Edit: the first line's product replaced by another one; its quantity (3) is kept and cannot be changed there.
  await firstCard.getByRole('button', { name: `Cambiar producto de ${first!.nombre}` }).click();
  const edit = page.getByRole('dialog', { name: `Cambiar producto: ${first!.nombre}` });
  await expect(edit).toBeVisible();
  await expect(edit.getByRole('combobox', { name: 'Cantidad' })).toBeDisabled();
  await expect(edit.locator('.ant-select-disabled')).toContainText('3');
  const editBox = edit.getByRole('combobox', { name: 'Buscar producto' });
  await editBox.click();
  await editBox.fill('glifosato');
  const replacementOption = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasNotText: first!.nombre }).first();
  await expect(replacementOption).toContainText(/glifosato/i);
  const [replacementName, replacementCode] = (await replacementOption.innerText()).split(' · ').map((t) => t.trim());
  await replacementOption.click();
  await edit.getByRole('button', { name: 'Cambiar' }).click();
  await expect(edit).toBeHidden();
  const replaced = page.getByTestId(`line-${replacementCode}`);
  await expect(replaced).toContainText(replacementName!);
  await expect(replaced.locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText('3');
  await expect(page.getByTestId(`line-${first!.codalfa}`)).toHaveCount(0);
  await shot(page, testInfo, 'almacenes-pedido');

  await page.getByRole('button', { name: 'Confirmar' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Estas seguro que desea confirmar el pedido?' });
  await dialogSettled(confirm);
  const sent = page.waitForRequest((r) => r.url().endsWith('/proxy/cgi/putPicking'));
  await confirm.getByRole('button', { name: 'Si' }).click();
  // What was sent (§7): cabecera and renglones as JSON strings; the replaced product, the deleted line at 0, the new one.
  const body = (await sent).postDataJSON() as { cabecera: string; renglones: string };
  expect(JSON.parse(body.cabecera)).toMatchObject({ numero: order.numero });
  const renglones = JSON.parse(body.renglones) as Array<{ id?: number; producto: number; cantidad: number }>;
  expect(renglones.find((r) => r.id === first!.id)).toMatchObject({ cantidad: 3 });
  expect(renglones.find((r) => r.id === first!.id)!.producto).not.toBe(first!.producto);
  expect(renglones.find((r) => r.id === second!.id)).toMatchObject({ cantidad: 0 });
  expect(renglones.filter((r) => r.id === undefined)).toEqual([expect.objectContaining({ cantidad: 1 })]);
  await expect(page.getByText('Pedido confirmado.')).toBeVisible();
  await expect(page).toHaveURL(/#\/5\/almacenes$/);
  await expect(page.getByTestId(`pending-${order.numero}`)).toHaveCount(0);

  // On the server: no longer pending; picking it again is refused.
  const after = await api.get<{ msg: string }>('/proxy/cgi/renglonesPedido', { numero: order.numero });
  expect(after.status).toBe(404);
  expect(after.body.msg).toBe('El pedido no existe o no está pendiente de preparación.');
});

test('the list failing and Actualizar; cancelling an order by zeroing every line, after an answer without success', async ({ page, request }, testInfo) => {
  const api = await depositoApi(request);
  const order = (await eligible(api)).at(-1)!;
  const lines = (await api.get<OrderLinesResponse>('/proxy/cgi/renglonesPedido', { numero: order.numero })).body.items;

  await enterAsDeposito(page);
  // The list failing to load: an alert; 'Actualizar' asks again.
  const listUrl = (url: URL) => url.pathname.endsWith('/proxy/cgi/pedidosPendientes');
  await page.route(listUrl, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, msg: 'Error interno' }) }));
  await page.goto('/#/5/almacenes');
  await expect(page.locator('.warehouse-alert')).toContainText('Se produjo un error al obtener los datos');
  await page.unroute(listUrl);
  await page.getByRole('button', { name: 'Actualizar pendientes' }).click();
  await expect(page.getByTestId(`pending-${order.numero}`)).toBeVisible();
  await expect(page.locator('.warehouse-alert')).toHaveCount(0);

  await page.getByTestId(`pending-${order.numero}`).click();
  await expect(page.getByRole('heading', { name: `Pedido Nro. ${order.numero}` })).toBeVisible();
  // Every line on screen first, then removed one by one.
  const remove = page.getByTestId('picking-lines').getByRole('button', { name: /^Quitar / });
  await expect(remove).toHaveCount(lines.length);
  for (let left = lines.length; left > 0; left--) {
    await remove.first().click();
    await expect(remove).toHaveCount(left - 1);
  }
  await expect(page.getByText('Todos los renglones quedaron en 0: al confirmar, el pedido se cancelará.')).toBeVisible();
  await shot(page, testInfo, 'almacenes-cancelar');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Estas seguro que desea confirmar el pedido?' });
  await dialogSettled(confirm);
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`detalleAlmacenes/${order.numero}$`));
  // An answer without success (§8 'Cancelación no exitosa'): the user reads that it could not be completed and stays.
  const cancelUrl = (url: URL) => url.pathname.endsWith('/proxy/cgi/cancelarPedido');
  await page.route(cancelUrl, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ msg: 'sin éxito' }) }));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await dialogSettled(confirm);
  await confirm.getByRole('button', { name: 'Si' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'No se pudo completar la confirmación.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`detalleAlmacenes/${order.numero}$`));
  await page.unroute(cancelUrl);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await dialogSettled(confirm);
  await confirm.getByRole('button', { name: 'Si' }).click();
  await expect(page.getByText('Pedido cancelado.')).toBeVisible();
  await expect(page).toHaveURL(/#\/5\/almacenes$/);
  expect((await api.get('/proxy/cgi/renglonesPedido', { numero: order.numero })).status).toBe(404);
  // A repeated cancel is answered with success and changes nothing.
  const again = await api.post<{ success: boolean; msg: string }>('/proxy/cgi/cancelarPedido', { numero: order.numero, motivo: 1 });
  expect(again.body).toMatchObject({ success: true, msg: 'Pedido cancelado.' });
});
