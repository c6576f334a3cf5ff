import { expect, test, type BrowserContext } from '@playwright/test';
import { shot } from '../../support/fixtures';
import { card, choose, enterAsRepartidor, fieldGet, readOutbox, routeCustomerFor, todayIso, writeOutbox, type Purchases, type VisitClient } from './support';

// The field screens and the app shell come from the service worker: it stays on here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 240_000 });
test.skip(({ isMobile }) => !isMobile, 'the driver\'s phone without signal: the outbox and the service worker do not depend on the viewport');

/** Whether the service worker itself can reach the server (it cannot while the context is offline). */
async function workerReachesServer(context: BrowserContext): Promise<boolean> {
  const [worker] = context.serviceWorkers();
  expect(worker, 'the service worker runs').toBeTruthy();
  return worker!.evaluate(() => fetch(`/healthz?probe=${Date.now()}`, { cache: 'no-store' }).then(() => true, () => false));
}

test('@smoke offline: a sale, containers and a new customer with its sale are kept on the phone, survive a reload without signal and arrive exactly once', async ({ page, context, request }, testInfo) => {
  const today = todayIso();
  await enterAsRepartidor(page);
  // The service worker controls the page (it holds the shell and the field screens for a reload offline).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // Its precache holds the field screens and the shell around them (not only what this page happened to load).
  const precached = () =>
    page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of (await caches.keys()).filter((n) => n.startsWith('workbox-precache'))) {
        for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
      }
      return paths;
    });
  // (The shell is two chunks of the build's layers: its packages and its own code; docs/decisions/web-delivery.md.)
  await expect
    .poll(precached)
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/visits-page-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/shell-(?!vendor-)[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/shell-vendor-[\w-]+\.js$/),
      ]),
    );
  const customer = await routeCustomerFor(page, request, testInfo, (c) => c.weekAgo.compras.length === 0);

  // Online once: the customer's detail, products and prices are read (and kept on the phone).
  await card(page, customer.id).getByText(customer.nombre).click();
  await expect(page.getByRole('button', { name: 'Cargar Pedido' })).toBeVisible();
  await page.getByRole('button', { name: 'Volver a Visitas' }).click();
  await expect(page.getByText('Todo sincronizado')).toBeVisible();

  await context.setOffline(true);
  expect(await workerReachesServer(context), 'offline for the service worker too').toBe(false);
  // The visit's state, without signal.
  const [label, state] = customer.estado === 'no_fuimos' ? ['Pendiente', 'pendiente'] : ['No visitado', 'no_fuimos'];
  await choose(page, `Estado de ${customer.nombre}`, label);
  await expect(page.getByText('Sin conexión. 1 cambio pendiente de envío.')).toBeVisible();
  await expect(card(page, customer.id).locator('.ant-tag').getByText(label)).toBeVisible();
  await card(page, customer.id).getByText(customer.nombre).click();
  await expect(page.getByText(/Sin conexión/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Cargar Pedido' }).click();
  await choose(page, 'Producto 1', /./);
  // The list price kept on the phone fills the row.
  await expect(page.getByLabel('Precio 1')).not.toHaveValue('');
  await page.getByLabel('Cantidad 1').fill('2');
  await page.getByRole('button', { name: 'Guardar Pedido' }).click();
  await expect(page.getByText('Pedido guardado correctamente').first()).toBeVisible();
  await expect(page.getByText('Sin conexión. 2 cambios pendientes de envío.')).toBeVisible();
  await choose(page, 'Envase 1', 'Garrafa de gas 10 kg');
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/#\/4\/repartos$/);
  await expect(page.getByText('Sin conexión. 3 cambios pendientes de envío.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Realizados' }).getByText(customer.nombre)).toBeVisible();

  // A customer met on the road, registered and sold to without signal.
  await page.getByRole('button', { name: 'Agregar pedido' }).click();
  await page.getByRole('button', { name: 'Agregar Cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo cliente' });
  const name = `Sin Señal ${testInfo.project.name} ${Date.now() % 100000}`;
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('DNI').fill('40111222');
  await dialog.getByLabel('Dirección').fill('Camino vecinal km 4, Uriburu');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Cargar Pedido' }).click();
  await choose(page, 'Producto 1', /./);
  await page.getByRole('button', { name: 'Guardar Pedido' }).click();
  await expect(page).toHaveURL(/#\/4\/envases/);
  // The new customer's containers are left as they were: Finalizar queues no change of them.
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Sin conexión. 5 cambios pendientes de envío.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Clientes fuera de ruta' }).getByText(name)).toBeVisible();
  await shot(page, testInfo, 'offline-visits');

  // The page is reloaded with no signal: the service worker gives the app, the phone keeps the session, the
  // day and the queue. The shell (menu, user) is drawn from what was kept.
  await page.reload();
  await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible();
  await expect(page.getByText('Sin conexión. 5 cambios pendientes de envío.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Realizados' }).getByText(customer.nombre)).toBeVisible();
  await expect(card(page, customer.id).locator('.ant-tag').getByText(label)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Clientes fuera de ruta' }).getByText(name)).toBeVisible();
  await expect(page.getByTestId('visits-footer')).toHaveText('Turno: Mañana y Tarde');
  await expect(page.getByText('Realizados', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await shot(page, testInfo, 'offline-reloaded');

  // Still working after the reload: a second sale to the same customer.
  await page.getByRole('region', { name: 'Realizados' }).getByText(customer.nombre).click();
  await expect(page.getByText('Pendiente de envío').first()).toBeVisible();
  await page.getByRole('button', { name: 'Agregar otra venta' }).click();
  await choose(page, 'Producto 1', /./);
  await page.getByLabel('Cantidad 1').fill('5');
  await page.getByRole('button', { name: 'Guardar Pedido' }).click();
  await expect(page).toHaveURL(/#\/4\/envases/);
  // The containers loaded before the reload are there (from the queue); unchanged, they queue nothing more.
  await expect(page.getByTestId('container-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Sin conexión. 6 cambios pendientes de envío.')).toBeVisible();

  // Opening the app anew (another tab, still no signal) shows the same day and queue.
  const tab = await context.newPage();
  await tab.goto('/#/4/repartos');
  await expect(tab.getByText('Clientes del Día', { exact: true })).toBeVisible();
  await expect(tab.getByText('Sin conexión. 6 cambios pendientes de envío.')).toBeVisible();
  await expect(tab.getByRole('region', { name: 'Clientes fuera de ruta' }).getByText(name)).toBeVisible();
  await tab.close();

  // Nothing reached the server yet.
  expect((await fieldGet<Purchases>(page, request, `/ventas/products/${customer.id}/${today}`)).compras).toHaveLength(0);
  expect((await fieldGet<{ clientes: VisitClient[] }>(page, request, '/customers')).clientes.filter((c) => c.nombre === name)).toHaveLength(0);
  const queued = await readOutbox(page);
  expect(queued).toHaveLength(6);

  // Signal again: the queue goes out in order, the banner says so.
  await context.setOffline(false);
  await expect(page.getByText('Todo sincronizado')).toBeVisible({ timeout: 30_000 });
  await shot(page, testInfo, 'offline-synced');
  const check = async () => {
    const bought = await fieldGet<Purchases>(page, request, `/ventas/products/${customer.id}/${today}`);
    expect(bought.compras.filter((c) => !c.es_envase).map((c) => Number(c.cantidad)).sort()).toEqual([2, 5]);
    expect(bought.compras.filter((c) => c.es_envase).map((c) => Number(c.cantidad))).toEqual([1]);
    const fresh = (await fieldGet<{ clientes: VisitClient[] }>(page, request, '/customers')).clientes.filter((c) => c.nombre === name);
    expect(fresh).toHaveLength(1);
    const freshBought = await fieldGet<Purchases>(page, request, `/ventas/products/${fresh[0]!.id}/${today}`);
    expect(freshBought.compras.filter((c) => !c.es_envase)).toHaveLength(1);
    const visits = await fieldGet<{ clientes: VisitClient[] }>(page, request, '/visitas/hoy');
    expect(visits.clientes.find((c) => c.id === customer.id)!.estado_venta).toBe('realizado');
    expect(visits.clientes.find((c) => c.id === fresh[0]!.id)!.es_nuevo).toBe(true);
    expect(visits.clientes.find((c) => c.id === customer.id)!.estado).toBe(state);
  };
  await check();
  await expect(page.getByRole('region', { name: 'Clientes fuera de ruta' }).getByText(name)).toBeVisible();

  // The same queue replayed (an answer lost on the way back): the keys make it change nothing.
  await writeOutbox(page, queued);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await readOutbox(page)).length, { timeout: 30_000 }).toBe(0);
  await expect(page.getByText('Todo sincronizado')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.field-sync-error')).toHaveCount(0);
  await check();
});
