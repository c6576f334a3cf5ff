import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { E2E } from '../../support/env';
import { LA_PAMPA, enterViaApi } from '../../support/fixtures';

export const FIELD = '/api/field';

export type VisitClient = { id: number; nombre: string; estado_venta: string; es_nuevo: boolean; estado: string; turno: string };
export type Purchases = { compras: Array<{ producto_id: number; cantidad: string; es_envase: boolean; subtotal: string }>; total: string };

/** Logs in as repartidor (one profile, one entity: La Pampa is entered directly) and opens Visitas. */
export async function enterAsRepartidor(page: Page) {
  await enterViaApi(page, { username: 'repartidor', path: '/#/4/repartos', landing: /#\/4\/repartos/ });
  await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible();
}

/** The server's own answer, read outside the browser (not subject to the page's offline mode). */
export async function fieldGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('portal.session.v1'))) ?? '{}') as { accessToken?: string };
  const res = await request.get(`${FIELD}${path}`, { headers: { authorization: `Bearer ${session.accessToken}`, cuit: LA_PAMPA } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** A write to the field API made outside the browser (as another device of the same rep would). */
export async function fieldPost<T>(page: Page, request: APIRequestContext, path: string, data: unknown, key: string): Promise<T> {
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('portal.session.v1'))) ?? '{}') as { accessToken?: string };
  const res = await request.post(`${FIELD}${path}`, { headers: { authorization: `Bearer ${session.accessToken}`, cuit: LA_PAMPA, 'idempotency-key': key }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

export function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
export function daysBack(iso: string, n: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** Today's route customers not served yet, each with whether it bought 7 days ago. */
export async function pendingOnRoute(page: Page, request: APIRequestContext) {
  const today = todayIso();
  const visits = await fieldGet<{ clientes: VisitClient[] }>(page, request, '/visitas/hoy');
  const out: Array<VisitClient & { weekAgo: Purchases }> = [];
  for (const c of visits.clientes.filter((x) => !x.es_nuevo && x.estado_venta !== 'realizado')) {
    const weekAgo = await fieldGet<Purchases>(page, request, `/ventas/products/${c.id}/${daysBack(today, 7)}`);
    out.push({ ...c, weekAgo });
  }
  return out;
}

export function card(page: Page, id: number) {
  return page.locator(`[data-testid="visit-card"][data-client="${id}"]`);
}

/** Chooses an option of an Ant Design select by its accessible label. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await item.click();
}

/** The raw outbox (IndexedDB 'portal-field-outbox'), to replay it as a lost answer or a second device would. */
export async function readOutbox(page: Page): Promise<Array<[string, unknown]>> {
  return page.evaluate(
    () =>
      new Promise<Array<[string, unknown]>>((resolve, reject) => {
        const req = indexedDB.open('portal-field-outbox');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const store = req.result.transaction('entries', 'readonly').objectStore('entries');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve(keys.result.map((k, i) => [String(k), values.result[i]]));
        };
      }),
  );
}
export async function writeOutbox(page: Page, rows: Array<[string, unknown]>) {
  await page.evaluate(
    (all) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('portal-field-outbox');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction('entries', 'readwrite');
          for (const [k, v] of all) tx.objectStore('entries').put(v, k);
          tx.oncomplete = () => resolve();
        };
      }),
    rows,
  );
}

/**
 * The route customer a test works with, the same on a retry: the first attempt writes its choice down, and a
 * retry first undoes that attempt's sales and containers of today (as the rep would with 'Eliminar') so the
 * customer is pending again. Without it a retry takes the next customer and leaves the day without the ones the
 * other project's run needs (the `small` route has few customers per shift).
 */
export async function routeCustomerFor(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  which: (c: VisitClient & { weekAgo: Purchases }) => boolean,
) {
  // Per database too: CI's @smoke run on PostgreSQL follows the PGlite run in the same artifacts folder, on a database of its own.
  const db = process.env.E2E_USE_POSTGRES ? 'postgres' : 'pglite';
  const memo = path.join(E2E.dataDir, '..', `route-${testInfo.titlePath.join('-').replace(/[^\w]+/g, '_').slice(-80)}-${testInfo.project.name}-${db}.json`);
  const earlier = existsSync(memo) ? (JSON.parse(readFileSync(memo, 'utf8')) as { id: number }).id : undefined;
  if (earlier !== undefined) {
    await undoToday(page, request, earlier);
    await page.reload();
    await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible();
  }
  const candidates = (await pendingOnRoute(page, request)).filter(which);
  const customer = earlier !== undefined ? candidates.find((c) => c.id === earlier) : candidates[testInfo.project.name === 'phone' ? 0 : candidates.length - 1];
  expect(customer, 'a pending customer on today\'s route').toBeTruthy();
  writeFileSync(memo, JSON.stringify({ id: customer!.id }));
  return customer!;
}

/** Deletes the customer's sales of today and empties its containers (the rep's own calls). */
export async function undoToday(page: Page, request: APIRequestContext, id: number) {
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('portal.session.v1'))) ?? '{}') as { accessToken?: string };
  const headers = { authorization: `Bearer ${session.accessToken}`, cuit: LA_PAMPA };
  const today = todayIso();
  const del = await request.delete(`${FIELD}/ventas/pedido/${id}/${today}`, { headers: { ...headers, 'idempotency-key': `undo-${id}-${Date.now()}` } });
  expect(del.status(), await del.text()).toBe(200);
  // Containers are sent as changes: each one taken from what is recorded down to 0.
  const now = await request.get(`${FIELD}/ventas/products/${id}/${today}`, { headers });
  const envases = ((await now.json()) as Purchases).compras.filter((c) => c.es_envase).map((c) => ({ productoId: c.producto_id, cantidad: 0, anterior: Number(c.cantidad) }));
  const put = await request.put(`${FIELD}/ventas/envases`, { headers, data: { clienteId: id, fecha: today, envases } });
  expect(put.status(), await put.text()).toBe(200);
}
