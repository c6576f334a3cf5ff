import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { formatDate } from '@portal/contract';
import { shotScreen } from '../../support/admin';
import { closeNotifications } from '../../support/fixtures';
import type { ApiSession } from '../orders/support';
import { apiFor, enterCatalog, entityOf, pickDate, withCart } from './support';

/**
 * The cart's rules in the browser: a delivery date made too early by a later line is told at once (the add's
 * notice and the cart drawer) and the confirmation is refused with the server's Spanish message; one
 * order, one set of amounts: the cart's summary, the confirmation, the list of orders made, the PDF and the
 * WhatsApp text show the same Neto (sin IVA) / IVA / Total (IVA incluido) (docs/decisions/ordering.md).
 */

type Product = { id: number; nombre: string; moneda: string; dias_de_entrega: number };
type Cart = {
  carrito: {
    id: number;
    fecha_entrega: string | null;
    importes: { importe_neto_con_formato: string; importe_iva_con_formato: string; importe_total_con_formato: string };
  };
  fecha_minima_entrega: string;
};
type Confirmed = { id: number; numero: number; numero_con_formato: string; total_con_formato: string; neto_con_formato: string; iva_con_formato: string };

const TOO_EARLY = 'La fecha de entrega elegida ya no es posible con los productos del carrito: elija una desde la fecha mínima de entrega.';
const REFUSED = 'La fecha de entrega no puede ser anterior a la fecha mínima de entrega.';

/** Products priced in pesos for the entity (a cart holds one currency), with their delivery lead; or those of a search. */
async function pesoProducts(api: ApiSession, patron?: string): Promise<Product[]> {
  const filtros = JSON.stringify(patron ? { patron } : {});
  const answer = await api.call<{ productos: Product[] }>('GET', '/proxy/pedidos', { params: { filtros, start: 0, limit: 100, page: 1 } });
  return answer.productos.filter((p) => p.moneda === 'ARS');
}

async function setCondition(api: ApiSession, cartId: number, data: Record<string, unknown>) {
  await api.call('PUT', `/proxy/pedidos/${cartId}`, { params: { type: 'condiciones' }, data });
}

async function firstOrigin(api: ApiSession): Promise<number> {
  return (await api.call<{ items: Array<{ origen_id: number }> }>('GET', '/proxy/pedidos', { params: { type: 'torigen' } })).items[0]!.origen_id;
}

async function pendingTotal(api: ApiSession): Promise<number> {
  return (await api.call<{ total: number }>('GET', '/proxy/pedidos', { params: { pendientes: true, start: 0, limit: 5 } })).total;
}

const drawerOf = (page: Page) => page.locator('.cart-drawer');

async function openDrawer(page: Page) {
  await page.getByTestId('cart-button-sales').getByRole('button').click();
  await expect(drawerOf(page).getByText('Detalle de los productos')).toBeVisible();
}

/** '1.234,56' → 123456 (cents). */
const cents = (es: string) => Math.round(Number(es.replace(/\./g, '').replace(',', '.')) * 100);

test('a product with a longer lead makes the chosen date too early: told at once, and the confirmation is refused in Spanish', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  await withCart(entity, async () => {
    const cartId = await api.emptyCart();
    await api.clearConditions(cartId);
    const products = await pesoProducts(api);
    const fast = products.find((p) => p.dias_de_entrega <= 1)!;
    const slow = products.find((p) => p.dias_de_entrega >= 3)!;
    expect(fast, 'a product with a lead of one day at most').toBeTruthy();
    expect(slow, 'a product with a lead of three days or more').toBeTruthy();

    // The cart holds the one-day product and tomorrow as its delivery date, which is fine.
    await api.addToCart(cartId, fast.id, 1);
    const tomorrow = (await api.cart()).fecha_minima_entrega;
    await setCondition(api, cartId, { origen: await firstOrigin(api) });
    await setCondition(api, cartId, { fecha_entrega: tomorrow });
    const before = await pendingTotal(api);

    await enterCatalog(page, entity);
    await openDrawer(page);
    await expect(drawerOf(page).getByTestId(`cart-line-${fast.id}`)).toBeVisible();
    await expect(drawerOf(page).getByTestId('cart-date-alert')).toHaveCount(0);
    await drawerOf(page).getByRole('button', { name: 'Cerrar', exact: true }).click();

    // The slower product, added from its detail: the add says at once that the date no longer holds.
    await page.goto(`/#/1/pedidos/detalle/${slow.id}`);
    const detail = page.getByTestId('product-detail');
    await expect(detail.getByRole('heading', { name: slow.nombre })).toBeVisible();
    const added = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/proxy/pedidos/${cartId}?`) && r.url().includes('type=carrito'));
    await detail.getByRole('button', { name: 'Agregar al carrito' }).click();
    const answer = (await (await added).json()) as Cart;
    const minimum = answer.fecha_minima_entrega;
    expect(minimum > tomorrow).toBe(true);
    expect(answer.carrito.fecha_entrega).toBe(tomorrow);
    const notice = page.getByRole('alert').filter({ hasText: TOO_EARLY });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`Fecha mínima de entrega: ${formatDate(minimum)}`);
    await expect(page.getByText('Productos agregados al carrito con éxito')).toBeVisible();
    await shotScreen(page, testInfo, 'cart-date-too-early-notice');
    await closeNotifications(page);

    // The drawer says it on every step, with the earliest date now possible.
    await openDrawer(page);
    const alert = drawerOf(page).getByTestId('cart-date-alert');
    await expect(alert).toContainText(TOO_EARLY);
    await expect(alert).toContainText(`Fecha mínima de entrega: ${formatDate(minimum)}`);
    await shotScreen(page, testInfo, 'cart-date-too-early-drawer');
    await drawerOf(page).getByRole('button', { name: 'Siguiente' }).click();
    await expect(drawerOf(page).getByTestId('cart-conditions')).toBeVisible();
    await expect(alert).toBeVisible();
    await drawerOf(page).getByRole('button', { name: 'Siguiente' }).click();
    await expect(drawerOf(page).getByTestId('cart-summary')).toContainText(formatDate(tomorrow));
    await expect(alert).toBeVisible();

    // Confirming anyway: the server refuses with its Spanish message, and no order is written.
    const confirm = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/public/proxy/pedidos'));
    await drawerOf(page).getByTestId('cart-confirm').click();
    await page.getByRole('dialog').filter({ hasText: '¿Desea confirmar el pedido' }).getByRole('button', { name: 'Confirmar' }).click();
    const refused = await confirm;
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toBe(REFUSED);
    const error = page.getByRole('alert').filter({ hasText: REFUSED });
    await expect(error).toBeVisible();
    await expect(error).toContainText('Error');
    await expect(drawerOf(page)).toBeVisible();
    await shotScreen(page, testInfo, 'cart-date-refused');
    expect(await pendingTotal(api)).toBe(before);
    await closeNotifications(page);

    // Choosing the earliest possible date clears the warning.
    await drawerOf(page).getByRole('button', { name: 'Anterior' }).click();
    const conditions = drawerOf(page).getByTestId('cart-conditions');
    const put = page.waitForResponse((r) => r.url().includes('type=condiciones') && r.request().method() === 'PUT' && r.status() === 200);
    await pickDate(page, conditions.getByRole('textbox', { name: 'Fecha de entrega' }), minimum);
    await put;
    await expect(alert).toHaveCount(0);
    expect((await api.cart()).carrito.productos.map((p) => p.producto_id).sort()).toEqual([fast.id, slow.id].sort());
    await api.emptyCart();
  });
});

test('one order, one set of amounts: the cart summary, the notice, the orders made, the PDF and WhatsApp agree on Neto / IVA / Total', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  await withCart(entity, async () => {
    const cartId = await api.emptyCart();
    await api.clearConditions(cartId);
    // A product at 10,5 % (seeds, fertilisers) and one at 21 % (the rest), so the IVA has both rates.
    const [reduced] = await pesoProducts(api, 'urea granulada');
    const [general] = await pesoProducts(api, 'glifosato');
    expect(reduced, 'a fertiliser priced in pesos').toBeTruthy();
    expect(general, 'an agrochemical priced in pesos').toBeTruthy();
    await api.addToCart(cartId, reduced!.id, 3);
    await api.addToCart(cartId, general!.id, 2);
    const cart = (await api.cart()) as unknown as Cart;
    await setCondition(api, cartId, { origen: await firstOrigin(api) });
    await setCondition(api, cartId, { fecha_entrega: cart.fecha_minima_entrega });
    await setCondition(api, cartId, { detalle: `e2e ${testInfo.project.name} importes` });
    const { importe_neto_con_formato: neto, importe_iva_con_formato: iva, importe_total_con_formato: total } = cart.carrito.importes;
    expect(cents(neto) + cents(iva)).toBe(cents(total));
    expect(cents(iva)).toBeGreaterThan(0);

    // The cart's summary, each amount with its label.
    await enterCatalog(page, entity);
    await openDrawer(page);
    await drawerOf(page).getByRole('button', { name: 'Siguiente' }).click();
    await drawerOf(page).getByRole('button', { name: 'Siguiente' }).click();
    const summary = drawerOf(page).getByTestId('cart-summary');
    const row = (label: string) => summary.locator('.ant-descriptions-row').filter({ has: page.getByText(label, { exact: true }) });
    await expect(row('Neto (sin IVA)')).toContainText(`$ ${neto}`);
    await expect(row('IVA')).toContainText(`$ ${iva}`);
    await expect(row('Total (IVA incluido)')).toContainText(`$ ${total}`);
    await expect(summary.getByTestId('cart-summary-net')).toHaveText(`$ ${neto}`);
    await expect(summary.getByTestId('cart-summary-vat')).toHaveText(`$ ${iva}`);
    await expect(summary.getByTestId('cart-summary-total')).toHaveText(`$ ${total}`);
    await shotScreen(page, testInfo, 'cart-amounts-summary');

    // The confirmation dialog and the notice carry the total (IVA incluido).
    const confirming = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/public/proxy/pedidos'));
    await drawerOf(page).getByTestId('cart-confirm').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '¿Desea confirmar el pedido' });
    await expect(dialog).toContainText(`$ ${total} (IVA incluido)`);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    const res = await confirming;
    expect(res.status()).toBe(200);
    const order = (await res.json()) as Confirmed;
    expect([order.neto_con_formato, order.iva_con_formato, order.total_con_formato]).toEqual([neto, iva, total]);
    const notice = page.getByRole('alert').filter({ hasText: 'Pedido realizado' });
    await expect(notice).toContainText(`Número ${order.numero_con_formato}`);
    await expect(notice).toContainText(`Total (IVA incluido) $ ${total}`);
    await closeNotifications(page);

    // The list of orders made shows the same total as the pending amount.
    await page.getByRole('tab', { name: 'Pedidos realizados' }).click();
    const listed = page.getByTestId('orders-pendientes').getByTestId(`order-${order.numero}`);
    await expect(listed).toBeVisible();
    await expect(listed).toContainText(order.numero_con_formato);
    await expect(listed).toContainText(`$ ${total}`);
    // Labelled as what it is: the total with VAT.
    if (testInfo.project.name === 'phone') await expect(listed).toContainText('IVA incluido');
    else await expect(page.getByTestId('orders-pendientes').getByRole('columnheader', { name: 'Importe pendiente (IVA incluido)' })).toBeVisible();
    await shotScreen(page, testInfo, 'cart-amounts-orders-made');

    // The PDF: 'Importe neto gravado', the IVA of each rate (adding up to the cart's IVA) and 'Importe total'.
    const downloading = page.waitForEvent('download');
    await listed.getByRole('button', { name: /^PDF/ }).click();
    const download = await downloading;
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const amount = (label: string) => new RegExp(`${label}:?\\s+\\$\\s?([\\d.]+,\\d{2})`).exec(text)?.[1];
    expect(amount('Importe neto gravado'), text).toBe(neto);
    const vat21 = amount('IVA 21 %');
    const vat105 = amount('IVA 10,5 %');
    expect(vat21, text).toBeTruthy();
    expect(vat105, text).toBeTruthy();
    expect(cents(vat21!) + cents(vat105!)).toBe(cents(iva));
    expect(amount('Importe total'), text).toBe(total);

    // WhatsApp: the text names the same number and total.
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>WhatsApp</body></html>' }));
    const opening = page.context().waitForEvent('page');
    await listed.getByRole('button', { name: /^WA/ }).click();
    const tab = await opening;
    await expect.poll(() => tab.url()).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const message = new URL(tab.url()).searchParams.get('text') ?? '';
    await tab.close();
    expect(message).toContain(`N° ${order.numero_con_formato} `);
    expect(message).toContain(`total con IVA $\u00a0${total})`);
    // The shared link serves the same PDF, without a session.
    const link = /(https?:\/\/\S+)$/.exec(message)?.[1];
    const shared = await request.get(link!);
    expect(shared.status()).toBe(200);
    expect(shared.headers()['content-type']).toContain('application/pdf');
  });
});
