import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { E2E } from '../../support/env';
import { enterViaApi } from '../../support/fixtures';
import { choose, fieldGet, fieldPost, todayIso, type Purchases } from './support';

/**
 * Two phones of the same rep, both without signal, each changing the same customer's day, then back online one
 * after the other: neither erases what the other did. The customer is one the rep registers for the test (out of
 * route), so the route's customers stay for the other specs.
 */
// The field screens come from the service worker when a phone is offline: it stays on here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 180_000 });
test.skip(({ isMobile }) => !isMobile, 'two phones syncing: the outbox does not depend on the viewport (field-day clicks the screens on desktop)');

/** Visitas as the rep (a cold first load on a busy machine can take a while). */
async function enterAsRepartidor(page: Page) {
  await enterViaApi(page, { username: 'repartidor', path: '/#/4/repartos', landing: /#\/4\/repartos/ });
  await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The service worker controls the page: it holds the screens a phone opens without signal.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

async function secondPhone(browser: Browser, testInfo: TestInfo) {
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ baseURL: E2E.baseUrl, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', viewport, isMobile, hasTouch, userAgent, deviceScaleFactor });
  const page = await context.newPage();
  await enterAsRepartidor(page);
  return { context, page };
}

/** A customer of the rep's own, made for this test (with a sale when `sold`). */
async function newCustomer(page: Page, request: Parameters<typeof fieldGet>[1], testInfo: TestInfo, tag: string) {
  const stamp = `${Date.now()}`.slice(-7);
  const nrodoc = `3${stamp}`;
  const made = await fieldPost<{ id: number }>(page, request, '/customers', { nombre: `Dos teléfonos ${tag} ${stamp}`, nrodoc, direccion: 'Ruta 5 km 12' }, `e2e-two-${tag}-${testInfo.project.name}-${stamp}`);
  return made.id;
}

const containers = (p: Purchases) => Object.fromEntries(p.compras.filter((c) => c.es_envase).map((c) => [c.producto_id, Number(c.cantidad)]));

test('containers: phone 1 adds Bidón ×2 and phone 2 Garrafa ×3, both offline; after both sync the customer has both', async ({ page, browser, request }, testInfo) => {
  const today = todayIso();
  await enterAsRepartidor(page);
  const id = await newCustomer(page, request, testInfo, 'envases');
  const envases = (await fieldGet<{ productos: Array<{ id: number; nombre: string }> }>(page, request, '/products/envase')).productos;
  const bidon = envases.find((e) => e.nombre.startsWith('Bidón'))!;
  const garrafa = envases.find((e) => e.nombre.startsWith('Garrafa'))!;
  const phone2 = await secondPhone(browser, testInfo);
  try {
    const open = async (p: Page) => {
      await p.goto(`/#/4/envases?clienteId=${id}&fecha=${today}`);
      await expect(p.getByText('Cargar envases')).toBeVisible({ timeout: 30_000 });
      await expect(p.getByText('Todo sincronizado')).toBeVisible();
    };
    await open(page);
    await open(phone2.page);
    await page.context().setOffline(true);
    await phone2.context.setOffline(true);

    const add = async (p: Page, name: string, qty: string) => {
      await choose(p, 'Envase 1', name);
      await p.getByLabel('Cantidad de envases 1').fill(qty);
      await p.getByRole('button', { name: 'Finalizar' }).click();
      await expect(p.getByText('Sin conexión. 1 cambio pendiente de envío.')).toBeVisible();
    };
    await add(page, bidon.nombre, '2');
    await add(phone2.page, garrafa.nombre, '3');

    // Phone 1 comes back first, then phone 2.
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Todo sincronizado')).toBeVisible({ timeout: 20_000 });
    await phone2.context.setOffline(false);
    await phone2.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(phone2.page.getByText('Todo sincronizado')).toBeVisible({ timeout: 20_000 });

    expect(containers(await fieldGet<Purchases>(page, request, `/ventas/products/${id}/${today}`))).toEqual({ [bidon.id]: 2, [garrafa.id]: 3 });
    // Phone 1 opens the customer again: both are there.
    await page.goto(`/#/4/detalle-cliente/${id}/${today}`);
    await expect(page.getByRole('cell', { name: bidon.nombre })).toBeVisible();
    await expect(page.getByRole('cell', { name: garrafa.nombre })).toBeVisible();
  } finally {
    await phone2.context.close();
  }
});

test("a delete made offline applies only to the sales that phone saw: phone 2's new sale survives", async ({ page, browser, request }, testInfo) => {
  const today = todayIso();
  await enterAsRepartidor(page);
  const id = await newCustomer(page, request, testInfo, 'ventas');
  const products = (await fieldGet<{ productos: Array<{ id: number; nombre: string; precio: string }> }>(page, request, '/products')).productos;
  const first = await fieldPost<{ id: number }>(page, request, '/ventas/pedido', { fecha: today, codentiId: id, renglones: [{ codprodId: products[0]!.id, cantidadStock: 1, precio_unitario: products[0]!.precio }] }, `e2e-two-first-${testInfo.project.name}-${Date.now()}`);
  const phone2 = await secondPhone(browser, testInfo);
  try {
    const open = async (p: Page) => {
      // Envases once online, so its screen is on the phone when the sale leads there offline.
      await p.goto(`/#/4/envases?clienteId=${id}&fecha=${today}`);
      await expect(p.getByText('Cargar envases')).toBeVisible({ timeout: 30_000 });
      await p.goto(`/#/4/detalle-cliente/${id}/${today}`);
      await expect(p.getByRole('button', { name: 'Agregar otra venta' })).toBeVisible({ timeout: 30_000 });
    };
    await open(page);
    await open(phone2.page);
    await page.context().setOffline(true);
    await phone2.context.setOffline(true);

    // Phone 1 deletes the sale it saw; phone 2 records a new one.
    await page.getByRole('button', { name: 'Eliminar compra' }).click();
    await page.getByRole('dialog', { name: 'Eliminar compra' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Sin conexión. 1 cambio pendiente de envío.')).toBeVisible();
    await phone2.page.getByRole('button', { name: 'Agregar otra venta' }).click();
    await choose(phone2.page, 'Producto 1', products[1]!.nombre);
    await phone2.page.getByLabel('Cantidad 1').fill('7');
    await phone2.page.getByRole('button', { name: 'Guardar Pedido' }).click();
    await expect(phone2.page).toHaveURL(/#\/4\/envases/);

    // Phone 2 comes back first (its sale arrives), then phone 1 (its delete).
    await phone2.context.setOffline(false);
    await phone2.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(phone2.page.getByText('Todo sincronizado')).toBeVisible({ timeout: 20_000 });
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Todo sincronizado')).toBeVisible({ timeout: 20_000 });

    type Sold = Purchases['compras'][number] & { ventas_id: number | null };
    const now = await fieldGet<{ compras: Sold[] }>(page, request, `/ventas/products/${id}/${today}`);
    const sales = now.compras.filter((c) => !c.es_envase);
    expect(sales.map((c) => [c.producto_id, Number(c.cantidad)])).toEqual([[products[1]!.id, 7]]);
    expect(sales.every((c) => c.ventas_id !== first.id)).toBe(true);
    await expect(page.getByText(products[1]!.nombre)).toBeVisible();
  } finally {
    await phone2.context.close();
  }
});
