import { expect, test } from '@playwright/test';
import { closeNotifications, shot } from '../../support/fixtures';
import { card, choose, daysBack, enterAsRepartidor, fieldGet, routeCustomerFor, todayIso, type Purchases, type VisitClient } from './support';

// The field screens and the app shell come from the service worker: it stays on here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * A driver's day on the phone (and the same screens on desktop): Visitas grouped by shift, a state change,
 * repeating the purchase of 7 days ago, loading containers, registering a customer out of route and selling to
 * it, and the other days of the planner. Customers are chosen from the server's answer, so the phone and the
 * desktop runs each take their own.
 */
test.describe.configure({ timeout: 240_000 });

test('@smoke a day on the route: state, repeat the order of 7 days ago, containers, a new customer out of route', async ({ page, request }, testInfo) => {
  const today = todayIso();
  await enterAsRepartidor(page);
  // A customer of today's route that bought 7 days ago and has not been served yet (the same one on a retry).
  const customer = await routeCustomerFor(page, request, testInfo, (c) => c.weekAgo.compras.some((x) => !x.es_envase));
  await expect(page.getByTestId('visits-footer')).toHaveText('Turno: Mañana y Tarde');
  await expect(page.getByText('Realizados', { exact: true })).toBeVisible();
  await expect(page.getByText('Clientes fuera de ruta', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mañana' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tarde' })).toBeVisible();
  await expect(page.getByText('Hora: No asignada').first()).toBeVisible();
  await shot(page, testInfo, 'visits-today');

  // State selector on the pending card.
  const [label, state] = customer.estado === 'no_fuimos' ? ['Pendiente', 'pendiente'] : ['No visitado', 'no_fuimos'];
  await choose(page, `Estado de ${customer.nombre}`, label);
  await expect(page.getByText('Estado actualizado').first()).toBeVisible();
  await expect(card(page, customer.id).locator('.ant-tag').getByText(label)).toBeVisible();
  expect((await fieldGet<{ clientes: VisitClient[] }>(page, request, '/visitas/hoy')).clientes.find((c) => c.id === customer.id)!.estado).toBe(state);
  await closeNotifications(page);

  // Customer detail: the 7-days-back suggestion, repeated and saved.
  await card(page, customer.id).getByText(customer.nombre).click();
  await expect(page.getByRole('heading', { name: customer.nombre })).toBeVisible();
  await expect(page.getByText(`Fecha: ${today.split('-').reverse().join('/')}`)).toBeVisible();
  await expect(page.getByText('Se encontraron compras de hace 7 días:')).toBeVisible();
  await shot(page, testInfo, 'detail-suggestion');
  // 'Descartar' hides the suggestion for this visit to the screen; coming back offers it again.
  await page.getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText('Se encontraron compras de hace 7 días:')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cargar Pedido' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Se encontraron compras de hace 7 días:')).toBeVisible();
  await page.getByRole('button', { name: 'Repetir pedido' }).click();
  const weekAgoLines = customer.weekAgo.compras.filter((c) => !c.es_envase);
  await expect(page.getByTestId('order-row')).toHaveCount(weekAgoLines.length);
  await shot(page, testInfo, 'detail-order-form');
  await page.getByRole('button', { name: 'Guardar Pedido' }).dblclick();
  await expect(page.getByText('Pedido guardado correctamente').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/4/envases\\?clienteId=${customer.id}&fecha=${today}`));

  // Envases: two returnable drums, then 'Finalizar' back to Visitas.
  await expect(page.getByText('Cargar envases')).toBeVisible();
  await choose(page, 'Envase 1', 'Bidón retornable 20 L');
  await page.getByLabel('Cantidad de envases 1').fill('2');
  await page.getByRole('button', { name: 'Agregar envase' }).click();
  await expect(page.getByTestId('container-row')).toHaveCount(2);
  await shot(page, testInfo, 'containers');
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/#\/4\/repartos$/);
  await expect(page.getByRole('region', { name: 'Realizados' }).getByText(customer.nombre)).toBeVisible();

  // On the server: exactly one sale (the double click made one), the products of 7 days ago, the containers.
  const now = await fieldGet<Purchases>(page, request, `/ventas/products/${customer.id}/${today}`);
  const sold = now.compras.filter((c) => !c.es_envase);
  expect(sold.map((c) => c.producto_id).sort()).toEqual(weekAgoLines.map((c) => c.producto_id).sort());
  expect(sold.map((c) => Number(c.cantidad)).sort()).toEqual(weekAgoLines.map((c) => Number(c.cantidad)).sort());
  expect(now.compras.filter((c) => c.es_envase).map((c) => Number(c.cantidad))).toEqual([2]);

  // The detail now offers another sale and shows both tables.
  await card(page, customer.id).getByText(customer.nombre).click();
  await expect(page.getByRole('button', { name: 'Agregar otra venta' })).toBeVisible();
  await expect(page.getByText('Se encontraron compras de hace 7 días:')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Bidón retornable 20 L' })).toBeVisible();
  await shot(page, testInfo, 'detail-done');
  await page.getByRole('button', { name: 'Volver a Visitas' }).click();

  // A customer out of route: the floating button, 'Nuevo cliente' with the rules of §5.
  await closeNotifications(page);
  await page.getByRole('button', { name: 'Agregar pedido' }).click();
  await expect(page.getByRole('heading', { name: 'Agregar Pedido' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await page.getByRole('button', { name: 'Agregar Cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo cliente' });
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog.getByText('Completá todos los campos antes de continuar')).toBeVisible();
  const name = `Cliente Ruta ${testInfo.project.name} ${Date.now() % 100000}`;
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('DNI').fill('123456');
  await dialog.getByLabel('Dirección').fill('Ruta 35 km 12, Winifreda');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog.getByText('El DNI debe tener entre 7 y 8 dígitos')).toBeVisible();
  await shot(page, testInfo, 'new-customer-dialog');
  await dialog.getByLabel('DNI').fill('31234567');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Cargar Pedido' }).click();
  // §5: the order is valid only with rows that each have a product and a quantity above 0.
  const save = page.getByRole('button', { name: 'Guardar Pedido' });
  await expect(save).toBeDisabled();
  await choose(page, 'Producto 1', /./);
  await expect(page.getByLabel('Precio 1')).not.toHaveValue('');
  await page.getByLabel('Cantidad 1').fill('3');
  await expect(save).toBeEnabled();
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  await expect(save).toBeDisabled();
  await page.getByRole('button', { name: 'Quitar producto 2' }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/#\/4\/envases/);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByRole('region', { name: 'Clientes fuera de ruta' }).getByText(name)).toBeVisible();
  const fresh = (await fieldGet<{ clientes: VisitClient[] }>(page, request, '/visitas/hoy')).clientes.filter((c) => c.nombre === name);
  expect(fresh).toHaveLength(1);
  expect(fresh[0]!.es_nuevo).toBe(true);
  expect(fresh[0]!.estado_venta).toBe('realizado');
  await shot(page, testInfo, 'visits-after');

  // Other days: yesterday is history (a plain list and 'Volver a hoy'); the calendar disables today.
  await page.getByRole('button', { name: 'Día anterior' }).click();
  await expect(page.getByRole('button', { name: 'Volver a hoy' })).toBeVisible();
  await expect(page.getByText('Clientes del Día', { exact: true })).toHaveCount(0);
  const yesterday = await fieldGet<{ clientes: VisitClient[] }>(page, request, `/visitas/fecha?date=${daysBack(today, 1)}`);
  await expect(page.getByTestId('visit-card')).toHaveCount(yesterday.clientes.length);
  await shot(page, testInfo, 'visits-yesterday');
  await page.getByRole('button', { name: 'Seleccionar fecha' }).click();
  const picker = page.getByRole('dialog', { name: 'Seleccionar fecha' });
  await expect(picker.locator(`td[title="${today}"]`)).toHaveClass(/ant-picker-cell-disabled/);
  await expect(picker.locator(`td[title="${daysBack(today, -1)}"]`)).toHaveClass(/ant-picker-cell-disabled/);
  await expect(picker.locator(`td[title="${daysBack(today, 1)}"]`)).not.toHaveClass(/ant-picker-cell-disabled/);
  await picker.locator(`td[title="${daysBack(today, 7)}"]`).click().catch(async () => {
    // 7 days back may sit on the previous month's page of the calendar.
    await picker.getByRole('button', { name: /anterior|Previous/i }).first().click();
    await picker.locator(`td[title="${daysBack(today, 7)}"]`).click();
  });
  // §4: a picked past date is counted in days back from today.
  await expect(page).toHaveURL(/repartos\?atras=7$/);
  await expect(page.getByTestId('visits-mode')).toContainText('Historial · hace 7 días');
  await expect(page.getByText('Realizado').first()).toBeVisible();
  await page.getByRole('button', { name: 'Volver a hoy' }).click();
  await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible();
});
