import { expect, test, type Page } from '@playwright/test';
import { fieldMsg } from '@portal/contract';
import { choose, enterAsRepartidor, FIELD, fieldGet, readOutbox, todayIso, writeOutbox, type Purchases, type VisitClient } from './support';

// page.route() must see the field calls, so the service worker stays blocked here (the config's default).
test.describe.configure({ timeout: 150_000 });

/**
 * The queue never jams and the screen never hangs: a sale the server keeps failing on (5xx) is shown as refused with
 * 'Descartar' after three tries, and on a signal too weak to answer 'Guardar Pedido' stops waiting and says the sale
 * is kept on the phone. Neither sale reaches the server: the customer's day is left as it was.
 */
test.skip(({ isMobile }) => !isMobile, "the driver's phone: the outbox does not depend on the viewport");

const KEPT_RETRYING = 'El servidor no respondió bien: quedó guardado en el teléfono y se reintentará.';
const KEPT_QUEUED = 'Sin conexión: quedó guardado en el teléfono y se enviará al volver la señal.';

/** A customer the seed served today (another sale adds to its day), its detail open with a new sale of 2 units drafted. */
async function draftSale(page: Page, request: Parameters<typeof fieldGet>[1]) {
  await enterAsRepartidor(page);
  const visits = await fieldGet<{ clientes: VisitClient[] }>(page, request, '/visitas/hoy');
  const customer = visits.clientes.filter((c) => !c.es_nuevo && c.estado_venta === 'realizado').at(-1);
  expect(customer, 'a customer served today').toBeTruthy();
  await page.getByRole('region', { name: 'Realizados' }).getByText(customer!.nombre).click();
  await expect(page.getByRole('heading', { name: customer!.nombre })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar otra venta' }).click();
  await choose(page, 'Producto 1', /./);
  await page.getByLabel('Cantidad 1').fill('2');
  const before = await fieldGet<Purchases>(page, request, `/ventas/products/${customer!.id}/${todayIso()}`);
  return { customer: customer!, before };
}

test('a sale the server fails on three times is shown refused with Descartar, and discarding it empties the queue', async ({ page, request }) => {
  let tries = 0;
  await page.route(`**${FIELD}/ventas/pedido`, (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    tries += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, msg: 'Error interno del servidor' }) });
  });
  const { customer, before } = await draftSale(page, request);
  await page.getByRole('button', { name: 'Guardar Pedido' }).click();
  // Not 'Sin conexión': the server answered, and the sale is kept to be tried again.
  await expect(page.getByText(KEPT_RETRYING).first()).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar' }).click();

  // Later runs of the queue (the phone's 'online' event starts one) fail as well: the third failure makes it a refusal.
  await expect
    .poll(async () => {
      if (tries < 3) await page.evaluate(() => window.dispatchEvent(new Event('online')));
      return tries;
    }, { timeout: 30_000, intervals: [1_000] })
    .toBeGreaterThanOrEqual(3);
  const refused = page.locator('.field-sync-error').filter({ hasText: 'El servidor no pudo procesar este cambio (error 500).' });
  await expect(refused).toBeVisible();
  // Exactly three tries, and a refusal is not sent again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1_500);
  expect(tries).toBe(3);
  expect(await readOutbox(page)).toHaveLength(1);

  await refused.getByRole('button', { name: 'Descartar' }).click();
  await expect(page.locator('.field-sync-error')).toHaveCount(0);
  expect(await readOutbox(page)).toHaveLength(0);
  await expect(page.getByText('Todo sincronizado')).toBeVisible();
  const after = await fieldGet<Purchases>(page, request, `/ventas/products/${customer.id}/${todayIso()}`);
  expect(after.total).toBe(before.total);
});

test("on a signal too weak to answer, 'Guardar Pedido' stops waiting within seconds and says the sale is kept on the phone", async ({ page, request }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${FIELD}/ventas/pedido`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    return route.abort('timedout');
  });
  const { customer, before } = await draftSale(page, request);
  const save = page.getByRole('button', { name: 'Guardar Pedido' });
  const started = Date.now();
  await save.click();
  await expect(page.getByText(fieldMsg.pedidoGuardado).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(KEPT_QUEUED).first()).toBeVisible();
  // The screen let go while the send was still unanswered (ENQUEUE_WAIT_MS, 8 s), long before a 30 s spinner.
  expect(Date.now() - started).toBeLessThan(15_000);
  await expect(page).toHaveURL(/#\/4\/envases/);
  expect(await readOutbox(page)).toHaveLength(1);

  // The send fails; the sale stays on the phone. The test drops it, so the customer's day is left as it was.
  release();
  await writeOutbox(page, []);
  const after = await fieldGet<Purchases>(page, request, `/ventas/products/${customer.id}/${todayIso()}`);
  expect(after.total).toBe(before.total);
});
