import { expect, test, type Page } from '@playwright/test';
import { closeNotifications, shot } from '../../support/fixtures';
import { ApiSession, dropSession, enterAsProductorWith, enterAsVendedor } from './support';

/**
 * An order the test confirms through the API walks the three groups of 'Pedidos realizados': Pendientes, then
 * Aprobados once vendedor approves it on 'Gestión de pedidos', then Aplicados (with its applied amount) once
 * vendedor applies it. Its PDF downloads, and WA opens wa.me with a public link that serves the PDF without a session.
 */

const money = (n: number) => `$ ${new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

async function openOrdersMade(page: Page) {
  await page.goto('/#/1/pedidos');
  await page.getByRole('tab', { name: 'Pedidos realizados' }).click();
  await expect(page.getByTestId('orders-made-sales')).toBeVisible();
}

async function openGroup(page: Page, name: 'Pendientes' | 'Aprobados' | 'Aplicados', kind: 'sales' | 'purchase' = 'sales') {
  // An accordion Collapse is a tab list: each group's header is a tab.
  const header = page.getByTestId(`orders-made-${kind}`).getByRole('tab', { name, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

async function staffAction(page: Page, numero: number, estado: 'pendientes' | 'aprobados', action: 'Aprobar' | 'Aplicar', done: string) {
  await page.goto(`/#/3/gestionpedidos?estado=${estado}`);
  await expect(page.getByRole('heading', { name: 'Gestión de pedidos' })).toBeVisible();
  const row = page.getByTestId(`staff-order-${numero}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pérez Hnos.');
  await row.getByRole('button', { name: action }).click();
  // The dialog names the order as every screen does: 5-digit point of sale, 8-digit number.
  const confirm = page.getByRole('dialog').filter({ hasText: new RegExp(`pedido \\d{5}-0*${numero}\\b`) });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: done })).toBeVisible();
  // The list reloads: the order has left this status.
  await expect(row).toHaveCount(0);
}

test('a confirmed order goes from Pendientes to Aprobados to Aplicados by the staff screen; PDF and WA @smoke', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const productor = await ApiSession.login(request, 'productor', 'Demo1234');
  const [a, b] = await productor.products(4);
  const order = await productor.createOrder([{ id: a!.id, quantity: 2 }, { id: b!.id, quantity: 1 }], `e2e ${testInfo.project.name} estados`);

  // Pendientes, with the pending amount in es-AR.
  await enterAsProductorWith(page);
  await openOrdersMade(page);
  const pending = page.getByTestId('orders-pendientes').getByTestId(`order-${order.numero}`);
  await expect(pending).toBeVisible();
  await expect(pending).toContainText(money(order.total));
  await shot(page, testInfo, 'orders-made-pending');

  // PDF: a real PDF from the server.
  const downloading = page.waitForEvent('download');
  await pending.getByRole('button', { name: /^PDF/ }).click();
  const download = await downloading;
  const pdf = await download.path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p)));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // WA: a wa.me address whose text carries a link that serves the PDF without any session.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>WhatsApp</body></html>' }));
  const opening = page.context().waitForEvent('page');
  await pending.getByRole('button', { name: /^WA/ }).click();
  const tab = await opening;
  await expect.poll(() => tab.url()).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const text = new URL(tab.url()).searchParams.get('text') ?? '';
  expect(text).toContain(String(order.numero));
  const link = /(https?:\/\/\S+)/.exec(text)?.[1];
  expect(link, text).toBeTruthy();
  // The one public share route of every shared document (docs/decisions/ordering.md).
  expect(new URL(link!).pathname).toMatch(/^\/api\/public\/compartido\/[\w-]+\.[\w-]+$/);
  await tab.close();
  const shared = await request.get(link!, { headers: {} });
  expect(shared.status()).toBe(200);
  expect(shared.headers()['content-type']).toContain('application/pdf');
  expect((await shared.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // vendedor approves it on the staff screen.
  await dropSession(page);
  await enterAsVendedor(page);
  await staffAction(page, order.numero, 'pendientes', 'Aprobar', 'Pedido aprobado.');
  await page.locator('.ant-segmented').getByText('Aprobados', { exact: true }).click();
  await expect(page.getByTestId(`staff-order-${order.numero}`)).toBeVisible();
  await shot(page, testInfo, 'order-admin-approved');

  // productor sees it in Aprobados.
  await dropSession(page);
  await enterAsProductorWith(page);
  await openOrdersMade(page);
  await openGroup(page, 'Aprobados');
  await expect(page.getByTestId('orders-aprobados').getByTestId(`order-${order.numero}`)).toBeVisible();
  await expect(page.getByTestId('orders-pendientes').getByTestId(`order-${order.numero}`)).toHaveCount(0);

  // vendedor applies it: the invoice is issued.
  await dropSession(page);
  await enterAsVendedor(page);
  await staffAction(page, order.numero, 'aprobados', 'Aplicar', 'Pedido aplicado');
  await closeNotifications(page);

  // productor sees it in Aplicados with its applied amount.
  await dropSession(page);
  await enterAsProductorWith(page);
  await openOrdersMade(page);
  await openGroup(page, 'Aplicados');
  const applied = page.getByTestId('orders-aplicados').getByTestId(`order-${order.numero}`);
  await expect(applied).toBeVisible();
  await expect(applied).toContainText(money(order.total));
  await shot(page, testInfo, 'orders-made-applied');
});

test('each group loads 5 at a time with its own show-more text, and the refresh reloads', async ({ page }, testInfo) => {
  // Juan Pérez, the demo's customer with a long record (read only: no cart involved).
  await enterAsProductorWith(page, 1001);
  await openOrdersMade(page);
  const pending = page.getByTestId('orders-pendientes');
  await expect(pending.locator('[data-testid^="order-"]').first()).toBeVisible();
  await openGroup(page, 'Aplicados');
  const applied = page.getByTestId('orders-aplicados');
  await expect(applied.locator('[data-testid^="order-"]')).toHaveCount(5);
  await applied.getByRole('button', { name: 'Mostrar más comprobantes' }).click();
  await expect.poll(() => applied.locator('[data-testid^="order-"]').count()).toBeGreaterThan(5);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(applied.locator('[data-testid^="order-"]')).toHaveCount(5);
  await shot(page, testInfo, 'orders-made-applied-list');
});

test("purchase orders made: the same groups, 'Mostrar más recibos' for Aplicados", async ({ page }, testInfo) => {
  await enterAsProductorWith(page, 1001);
  await page.goto('/#/1/ordenescompra');
  await page.getByRole('tab', { name: 'Ordenes de compra realizadas' }).click();
  const tab = page.getByTestId('orders-made-purchase');
  await expect(tab).toBeVisible();
  await expect(tab.getByRole('tab', { name: 'Pendientes', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await openGroup(page, 'Aplicados', 'purchase');
  const applied = tab.getByTestId('orders-aplicados');
  await expect(applied.locator('[data-testid^="order-"]')).toHaveCount(5);
  await expect(applied).toContainText('Orden de compra');
  await applied.getByRole('button', { name: 'Mostrar más recibos' }).click();
  await expect.poll(() => applied.locator('[data-testid^="order-"]').count()).toBeGreaterThan(5);
  await shot(page, testInfo, 'purchase-orders-made');
});

test("'Gestión de pedidos' finds an order by its number and by the customer's name typed without accents", async ({ page }, testInfo) => {
  await enterAsVendedor(page);
  await page.goto('/#/3/gestionpedidos?estado=aplicados');
  await expect(page.getByRole('heading', { name: 'Gestión de pedidos' })).toBeVisible();
  const rows = page.getByTestId('order-admin-list').locator('[data-testid^="staff-order-"]');
  await expect(rows.first()).toBeVisible();
  const numero = (await rows.first().getAttribute('data-testid'))!.replace('staff-order-', '');
  const search = page.getByRole('searchbox', { name: 'Buscar por cliente o número' });

  // By number: that order alone, shown as every screen shows it (5-digit point of sale, 8-digit number).
  await search.fill(numero);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`buscar=${numero}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-testid', `staff-order-${numero}`);
  await expect(rows.first()).toContainText(new RegExp(`\\d{5}-${numero.padStart(8, '0')}`));

  // By customer, lower case and without the accent: only that customer's orders.
  await search.fill('perez hnos');
  await search.press('Enter');
  await expect(page).toHaveURL(/buscar=perez(\+|%20)hnos/);
  await expect(rows.first()).toBeVisible();
  const n = await rows.count();
  for (let i = 0; i < n; i++) await expect(rows.nth(i)).toContainText('Pérez Hnos.');
  await shot(page, testInfo, 'order-admin-search');

  await search.fill('zzz nadie');
  await search.press('Enter');
  await expect(page.getByText('No hay pedidos para mostrar.')).toBeVisible();
  await expect(rows).toHaveCount(0);
});
