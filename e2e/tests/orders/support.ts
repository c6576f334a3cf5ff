import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../../support/env';
import { LA_PAMPA, enterViaApi, loginUi } from '../../support/fixtures';

/** Pérez Hnos. S.H.: the entity whose cart these specs use (the catalogue specs use Juan Pérez, 1001). */
export const PEREZ_HNOS = 1002;

/** The calls of one user acting for one entity of La Pampa, through the API with its bearer token. */
export class ApiSession {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    private readonly entity: number,
  ) {}

  static async login(request: APIRequestContext, username: string, password: string, entity = PEREZ_HNOS): Promise<ApiSession> {
    const res = await request.post('/api/public/oauth', { data: { client_id: 'master', grant_type: 'password', username, password } });
    expect(res.status(), await res.text()).toBe(200);
    return new ApiSession(request, ((await res.json()) as { access_token: string }).access_token, entity);
  }

  private headers() {
    return { authorization: `Bearer ${this.token}`, Cuit: LA_PAMPA, Entity_ID: String(this.entity), Dispositivo: 'desktop' };
  }

  async call<T>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, options: { params?: Record<string, string | number | boolean>; data?: unknown } = {}): Promise<T> {
    const res = await this.request.fetch(`/api/public${url}`, { method, headers: this.headers(), params: options.params, data: options.data });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  }

  cart() {
    return this.call<{ carrito: { id: number; productos: Array<{ producto_id: number; nombre: string }> }; fecha_minima_entrega: string }>('GET', '/proxy/pedidos', {
      params: { type: 'carrito' },
    });
  }

  async emptyCart(): Promise<number> {
    const { carrito } = await this.cart();
    if (carrito.productos.length > 0) await this.call('DELETE', '/proxy/pedidos', { data: { pedido_id: carrito.id } });
    return carrito.id;
  }

  /**
   * Clears the open cart's origin, operation, delivery date and detail (and the destination when `destination`),
   * so that a test which picks them on the screen starts from the same state on a first run and on a retry:
   * picking the value a cart already holds sends no change.
   */
  async clearConditions(cartId: number, destination = false) {
    const fields = ['origen', 'operacion', 'fecha_entrega', 'detalle', ...(destination ? ['dentrega'] : [])];
    for (const field of fields) await this.call('PUT', `/proxy/pedidos/${cartId}`, { params: { type: 'condiciones' }, data: { [field]: null } });
  }

  /** Products of the catalogue (first page, or a search). */
  async products(limit = 12) {
    const answer = await this.call<{ productos: Array<{ id: number; nombre: string; precio_final: number }> }>('GET', '/proxy/pedidos', {
      params: { filtros: '{}', start: 0, limit, page: 1 },
    });
    return answer.productos;
  }

  async addToCart(cartId: number, productId: number, quantity: number) {
    await this.call('PUT', `/proxy/pedidos/${cartId}`, { params: { type: 'carrito', suma: false }, data: { producto_id: productId, pedido_cantidad: quantity } });
  }

  /**
   * A confirmed order of its own: empties the cart, adds the given products, fills the conditions a cooperative
   * asks for (origin, delivery date, detail) and confirms. Runs under the cart lock.
   */
  async createOrder(products: Array<{ id: number; quantity: number }>, detail: string) {
    return withCartLock(this.entity, async () => {
      const cartId = await this.emptyCart();
      for (const p of products) await this.addToCart(cartId, p.id, p.quantity);
      const origins = await this.call<{ items: Array<{ origen_id: number }> }>('GET', '/proxy/pedidos', { params: { type: 'torigen' } });
      const { fecha_minima_entrega } = await this.cart();
      await this.call('PUT', `/proxy/pedidos/${cartId}`, { params: { type: 'condiciones' }, data: { origen: origins.items[0]!.origen_id } });
      await this.call('PUT', `/proxy/pedidos/${cartId}`, { params: { type: 'condiciones' }, data: { fecha_entrega: fecha_minima_entrega } });
      await this.call('PUT', `/proxy/pedidos/${cartId}`, { params: { type: 'condiciones' }, data: { detalle: detail } });
      return this.call<{ id: number; numero: number; total: number; total_con_formato: string }>('PUT', '/proxy/pedidos', { data: { pedidoid: cartId } });
    });
  }
}

/**
 * Carts are per user and entity, and both projects (and both workers) log in as productor: a test that needs
 * the cart of an entity in a known state holds this lock (a directory shared by the processes) meanwhile.
 */
export async function withCartLock<T>(entity: number, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(E2E.dataDir, '..', `cart-${entity}.lock`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        // A holder that died mid-test leaves the lock behind; nobody holds it this long.
        if (Date.now() - statSync(lock).mtimeMs > 75_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) throw new Error(`the cart lock of ${entity} was not released`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Logs in as productor and enters La Pampa as the given entity (Pérez Hnos. by default), ending on the dashboard:
 * through the API (enterViaApi), or with `ui` through the login, sessions and entity screens.
 */
export async function enterAsProductorWith(page: Page, entity = PEREZ_HNOS, o: { ui?: boolean } = {}) {
  if (!o.ui) return enterViaApi(page, { username: 'productor', entity, landing: /#\/1\/dashboard/ });
  await loginUi(page, 'productor', 'Demo1234');
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  await page.getByTestId(`entity-${entity}`).click();
  await expect(page).toHaveURL(/#\/1\/dashboard/);
}

/** Logs in as vendedor and enters La Pampa with the zone-manager profile (3), through the API (enterViaApi). */
export async function enterAsVendedor(page: Page) {
  await enterViaApi(page, { username: 'vendedor', profile: 3, landing: /#\/3\/dashboard/ });
}

/** Leaves the session without the confirmation round trip; the reload drops what the page held in memory. */
export async function dropSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/welcome');
  await page.reload();
  await expect(page.getByLabel('Usuario o email')).toBeVisible();
}
