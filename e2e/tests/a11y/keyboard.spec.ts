import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PendingOrdersResponse } from '@portal/contract';
import { LA_PAMPA } from '../../support/fixtures';
import { depositoApi } from '../warehouse/support';
import { apiFor, entityOf, withCart } from '../catalog/support';

/** Whether `target` (or something inside it) has the keyboard's focus. */
const holdsFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/** Presses `key` until `target` holds the focus (at most `max` times): how a keyboard user moves through a screen. */
async function pressUntil(page: Page, key: string, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press(key);
  }
  expect(await holdsFocus(target), `${key} never reached ${target}`).toBe(true);
}

/**
 * The customer with a keyboard only, from the login to a statement's detail: the company and entity lists take focus
 * and open with Enter, each new screen names itself in the title and takes the focus, the skip link goes past the
 * header, the menu opens and navigates with the arrows, a movement's row opens its drawer with Enter and gets the
 * focus back when it closes. No mouse.
 */
test('customer, keyboard only: login, company, entity, the menu to Cronológico, a movement and back', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#/welcome');
  await expect(page).toHaveTitle(/^Iniciar sesión · /);
  const user = page.getByLabel('Usuario o email');
  await pressUntil(page, 'Tab', user);
  await page.keyboard.type('productor');
  await pressUntil(page, 'Tab', page.getByLabel('Contraseña'));
  await page.keyboard.type('Demo1234');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/welcome\/sessions$/);
  await expect(page).toHaveTitle(/^Sesiones activas · /);
  const company = page.getByTestId(`session-${LA_PAMPA}`).getByRole('button', { name: /^Cooperativa Agropecuaria La Pampa/ });
  await pressUntil(page, 'Tab', company);
  await page.keyboard.press('Enter');

  const entity = page.getByTestId('entity-1001').getByRole('button');
  await expect(entity).toBeVisible();
  await pressUntil(page, 'Tab', entity);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await expect(page).toHaveTitle(/^Inicio · /);
  // The new screen has the focus (its main region), as a page load would give it.
  await expect(page.locator('#contenido')).toBeFocused();
  // From the top of a page, the first stop is the skip link, which goes past the header. (A blur would not put the
  // keyboard back at the top: the browser goes on from where the focus was. A load of the page starts there.)
  await page.reload();
  await expect(page).toHaveTitle(/^Inicio · /);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#contenido')).toBeFocused();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);

  // The menu, back up in the header: opened with Enter, walked with the arrows.
  await pressUntil(page, 'Shift+Tab', page.getByRole('button', { name: 'Menú' }), 10);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu').first();
  await expect(menu).toBeVisible();
  await pressUntil(page, 'Tab', menu, 10);
  await pressUntil(page, 'ArrowDown', menu.getByRole('menuitem', { name: 'Cuenta corriente' }), 30);
  await page.keyboard.press('Enter');
  await pressUntil(page, 'ArrowDown', menu.getByRole('menuitem', { name: 'Cronológico' }), 10);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/1\/cronologico/);
  await expect(page).toHaveTitle(/^Cronológico · /);
  const row = page.locator('[data-testid^="statement-row-"]').first();
  await expect(row).toBeVisible();
  await pressUntil(page, 'Tab', row, 80);
  await page.keyboard.press('Enter');
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(row).toBeFocused();
});

/** The login form and the company step by keyboard, as the customer's journey walks them; ends on the profile's first screen. */
async function keyboardLogin(page: Page, username: string, landing: RegExp, entity?: number) {
  await page.goto('/#/welcome');
  await pressUntil(page, 'Tab', page.getByLabel('Usuario o email'));
  await page.keyboard.type(username);
  await pressUntil(page, 'Tab', page.getByLabel('Contraseña'));
  await page.keyboard.type('Demo1234');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/welcome\/sessions$/);
  const company = page.getByTestId(`session-${LA_PAMPA}`).getByRole('button', { name: /^Cooperativa Agropecuaria La Pampa/ });
  await pressUntil(page, 'Tab', company);
  await page.keyboard.press('Enter');
  if (entity !== undefined) {
    const button = page.getByTestId(`entity-${entity}`).getByRole('button');
    await expect(button).toBeVisible();
    await pressUntil(page, 'Tab', button);
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(landing);
  await expect(page.locator('#contenido')).toBeFocused();
}

/** The header's menu by keyboard: opened with Enter, walked with the arrows, each of `path` entered with Enter. */
async function keyboardMenu(page: Page, ...path: Array<string | RegExp>) {
  await pressUntil(page, 'Shift+Tab', page.getByRole('button', { name: 'Menú' }), 10);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu').first();
  await expect(menu).toBeVisible();
  await pressUntil(page, 'Tab', menu, 10);
  for (const name of path) {
    await pressUntil(page, 'ArrowDown', menu.getByRole('menuitem', { name }), 40);
    await page.keyboard.press('Enter');
  }
}

test("driver, keyboard only: login, the day's visits, another sale to a served customer, its containers and back", async ({ page, isMobile }) => {
  test.skip(isMobile, 'the keyboard journeys run on the desktop project');
  test.setTimeout(120_000);
  await keyboardLogin(page, 'repartidor', /#\/4\//);
  if (!/#\/4\/repartos/.test(page.url())) await keyboardMenu(page, /^(Visitas|Repartos)$/);
  await expect(page).toHaveURL(/#\/4\/repartos/);
  // A customer the seed served today: another sale adds to its day and leaves the route's pending customers to the other tests.
  const served = page.getByRole('region', { name: 'Realizados' }).getByTestId('visit-card');
  await expect(served.first()).toBeVisible();
  const card = served.last();
  const name = (await card.locator('.visit-card-name').textContent())!.trim();
  await pressUntil(page, 'Tab', card, 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await pressUntil(page, 'Tab', page.getByRole('button', { name: 'Agregar otra venta' }), 40);
  await page.keyboard.press('Enter');
  await pressUntil(page, 'Tab', page.getByLabel('Producto 1', { exact: true }), 20);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await pressUntil(page, 'Tab', page.getByLabel('Cantidad 1', { exact: true }), 10);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  await pressUntil(page, 'Tab', page.getByRole('button', { name: 'Guardar Pedido' }), 20);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/4\/envases/);
  await pressUntil(page, 'Tab', page.getByRole('button', { name: 'Finalizar' }), 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/4\/repartos/);
  await expect(page.getByText('Todo sincronizado')).toBeVisible();
});

test("picker, keyboard only: login, the pending orders, an order's lines, its confirmation", async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'the keyboard journeys run on the desktop project');
  test.setTimeout(120_000);
  const api = await depositoApi(request);
  const pending = (await api.get<PendingOrdersResponse>('/proxy/cgi/pedidosPendientes')).body.items;
  // The picking specs take the first and the last order with two lines or more: this takes another.
  const order = pending.find((o) => o.renglones === 1) ?? pending[Math.floor(pending.length / 2)];
  expect(order, 'an order waits to be picked').toBeTruthy();

  await keyboardLogin(page, 'deposito', /#\/5\//);
  if (!/#\/5\/almacenes$/.test(page.url())) await keyboardMenu(page, /^(Almacenes|Pendientes)$/);
  await expect(page).toHaveURL(/#\/5\/almacenes$/);
  const row = page.getByTestId(`pending-${order!.numero}`);
  await expect(row).toBeVisible();
  await pressUntil(page, 'Tab', row, 120);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Pedido Nro. ${order!.numero}` })).toBeVisible();
  await pressUntil(page, 'Tab', page.getByRole('button', { name: 'Confirmar' }), 60);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Estas seguro que desea confirmar el pedido?' });
  await expect(confirm).toBeVisible();
  await pressUntil(page, 'Tab', confirm.getByRole('button', { name: 'Si' }), 5);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pedido confirmado.')).toBeVisible();
  await expect(page).toHaveURL(/#\/5\/almacenes$/);
  await expect(row).toHaveCount(0);
});

test("authorizer, keyboard only: login, the vouchers to authorize, a decision with its reason", async ({ page, isMobile }) => {
  test.skip(isMobile, 'the keyboard journeys run on the desktop project');
  test.setTimeout(120_000);
  await keyboardLogin(page, 'autorizador', /#\/6\//);
  if (!/#\/6\/autorizacion/.test(page.url())) await keyboardMenu(page, /Autorización de comprobantes/);
  await expect(page).toHaveURL(/#\/6\/autorizacion/);
  const cards = page.locator('[data-testid^="voucher-"]');
  await expect(cards.first()).toBeVisible();
  // The last of the page: the authorization spec decides the first two.
  const card = cards.last();
  const id = (await card.getAttribute('data-testid'))!;
  await pressUntil(page, 'Tab', card.getByRole('button', { name: /^Autorizar/ }), 120);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog').filter({ hasText: 'Ingrese el detalle de la autorización:' });
  await expect(dialog).toBeVisible();
  await pressUntil(page, 'Tab', dialog.getByRole('textbox', { name: 'Detalle' }), 5);
  await page.keyboard.type('Cliente al día, autorizado con el teclado');
  await pressUntil(page, 'Tab', dialog.getByRole('button', { name: 'Autorizar' }), 5);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Comprobante autorizado.').first()).toBeVisible();
  await expect(page.getByTestId(id)).toHaveCount(0);
});

test('customer, keyboard only: a product from the catalogue into the cart, its conditions and the confirmation', async ({ page, isMobile }, testInfo) => {
  test.skip(isMobile, 'the keyboard journeys run on the desktop project');
  test.setTimeout(150_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  await withCart(entity, async () => {
    const cartId = await api.emptyCart();
    await api.clearConditions(cartId, entity === 1001);
    const before = await api.call<{ total: number }>('GET', '/proxy/pedidos', { params: { pendientes: true, start: 0, limit: 5 } });

    await keyboardLogin(page, 'productor', /#\/1\/dashboard$/, entity);
    await keyboardMenu(page, 'Pedidos');
    await expect(page).toHaveURL(/#\/1\/pedidos/);
    await expect(page.getByRole('heading', { name: 'INGRESO DE PEDIDOS DE CLIENTES' })).toBeVisible();
    const add = page.getByRole('button', { name: /^Agregar / }).first();
    await expect(add).toBeVisible();
    await pressUntil(page, 'Tab', add, 80);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-button-sales')).toHaveAttribute('data-count', '1');

    // The cart: its lines, then the conditions one at a time (each chosen with the arrows), then the summary.
    const cartButton = page.getByTestId('cart-button-sales').getByRole('button');
    await pressUntil(page, 'Shift+Tab', cartButton, 80);
    await page.keyboard.press('Enter');
    const drawer = page.locator('.ant-drawer-open');
    await expect(drawer).toBeVisible();
    await pressUntil(page, 'Tab', drawer.getByRole('button', { name: 'Siguiente' }), 30);
    await page.keyboard.press('Enter');
    const conditions = drawer.getByTestId('cart-conditions');
    await expect(conditions).toBeVisible();
    const saved = () => page.waitForResponse((r) => r.url().includes('type=condiciones') && r.request().method() === 'PUT' && r.status() === 200);
    for (const name of entity === 1001 ? ['Entrega', 'Origen', 'Operación'] : ['Origen', 'Operación']) {
      await pressUntil(page, 'Tab', conditions.getByRole('combobox', { name, exact: true }), 20);
      await page.keyboard.press('ArrowDown');
      await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
      const put = saved();
      await page.keyboard.press('Enter');
      await put;
    }
    const cart = await api.call<{ fecha_minima_entrega: string }>('GET', '/proxy/pedidos', { params: { type: 'carrito' } });
    const [y, m, d] = cart.fecha_minima_entrega.split('-');
    const date = conditions.getByRole('textbox', { name: 'Fecha de entrega' });
    await pressUntil(page, 'Tab', date, 10);
    const put = saved();
    await page.keyboard.type(`${d}/${m}/${y}`);
    await page.keyboard.press('Enter');
    await put;
    await expect(date).toHaveValue(`${d}/${m}/${y}`);
    await pressUntil(page, 'Tab', drawer.getByRole('button', { name: 'Siguiente' }), 30);
    await page.keyboard.press('Enter');
    await expect(drawer.getByTestId('cart-summary')).toBeVisible();
    await pressUntil(page, 'Tab', drawer.getByTestId('cart-confirm'), 30);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').filter({ hasText: '¿Desea confirmar el pedido' });
    await expect(confirm).toBeVisible();
    await pressUntil(page, 'Tab', confirm.getByRole('button', { name: 'Confirmar' }), 5);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Pedido realizado')).toBeVisible();
    await expect(page.getByTestId('cart-button-sales')).toHaveAttribute('data-count', '0');
    const after = await api.call<{ total: number }>('GET', '/proxy/pedidos', { params: { pendientes: true, start: 0, limit: 5 } });
    expect(after.total).toBe(before.total + 1);
  });
});
