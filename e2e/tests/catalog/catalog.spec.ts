import { expect, test, type Page } from '@playwright/test';
import { shot } from '../../support/fixtures';
import { apiFor, catalogAnswer, chooseOption, withCart, enterCatalog, entityOf, isMobile } from './support';

/** The catalogue of 'Nuevo pedido': search, filters, views, quick entry and the product detail (ordering.md §2). */

const results = (page: Page) => page.getByTestId('catalog-results');
const cards = (page: Page) => results(page).locator('[data-testid^="product-"]').filter({ has: page.getByTestId('product-price') });

test('search needs 3 characters, a new search supersedes the previous one, and an empty result says so', async ({ page }, testInfo) => {
  await enterCatalog(page, 1001);
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByTestId('catalog-total')).toContainText('productos');
  // Each card: price per sales unit, code.
  const first = cards(page).first();
  await expect(first.getByTestId('product-price')).toContainText(/^\$\s\d{1,3}(\.\d{3})*,\d{2} \/ .+/);
  await expect(first.getByTestId('product-code')).toContainText('Código:');
  await expect(first.locator('img')).toHaveAttribute('loading', 'lazy');
  await shot(page, testInfo, 'catalog-grid');

  const search = page.getByRole('searchbox', { name: 'Buscar productos' });
  // Two characters: the results are emptied and no call is made.
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/proxy/pedidos?') && r.url().includes('filtros=')) calls.push(decodeURIComponent(r.url()));
  });
  await search.fill('gl');
  await expect(page.getByTestId('catalog-short')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  expect(calls.filter((c) => c.includes('"patron":"gl"'))).toHaveLength(0);

  // Typing on: only the last text's answer is shown.
  const answer = page.waitForResponse((r) => decodeURIComponent(r.url()).includes('"patron":"glifosato"'));
  await search.pressSequentially('ifosato', { delay: 20 });
  await answer;
  await expect(cards(page).first()).toContainText(/Glifosato/i);
  for (const name of await cards(page).locator('.product-name').allInnerTexts()) expect(name).toMatch(/glifosato/i);
  await expect(page).toHaveURL(/q=glifosato/);

  await search.fill('xqzw inexistente');
  await expect(page.getByText('No se encontraron productos')).toBeVisible();
  await expect(page.getByText('Pruebe otros criterios de búsqueda.')).toBeVisible();
  await shot(page, testInfo, 'catalog-empty');
});

test('a facet and new-only narrow the catalogue; the filters and the page live in the URL; list view', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await enterCatalog(page, 1001);
  await expect(cards(page)).toHaveCount(12);
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Filtros' }).click();
  const panel = page.getByTestId('filter-panel');
  const familia = panel.getByRole('combobox', { name: 'Familia', exact: true });
  // The subfamily list is asked again with the chosen family: wait for that answer before opening it.
  const narrowed = page.waitForResponse((r) => r.url().includes('type=subfamilia') && /familia_id=\d+/.test(r.url()) && r.ok());
  // A click on an option while the dropdown is still opening can be lost: choose until the field shows the family.
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').isVisible())) await familia.click();
    await chooseOption(page, /^Agroquímicos \(\d+\)$/);
    await expect(panel.locator('.filter-field', { has: page.getByRole('combobox', { name: 'Familia', exact: true }) })).toContainText('Agroquímicos', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await narrowed;
  // The other facets are narrowed by the family: only agrochemical subfamilies remain.
  await panel.getByRole('combobox', { name: 'Subfamilia', exact: true }).click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.filter({ hasText: /^Herbicidas \(\d+\)$/ })).toBeVisible();
  await expect(options.filter({ hasText: /^Maíz \(\d+\)$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await panel.getByRole('checkbox', { name: 'Solo productos nuevos' }).check();
  if (isMobile(testInfo)) await shot(page, testInfo, 'catalog-filter-drawer');
  const answer = catalogAnswer(page);
  await panel.getByRole('button', { name: 'Aplicar' }).click();
  const body = (await (await answer).json()) as { productos: Array<{ es_nuevo: boolean; nombre: string }>; total: number };
  expect(body.productos.length).toBeGreaterThan(0);
  for (const p of body.productos) expect(p.es_nuevo).toBe(true);
  await expect(page).toHaveURL(/familia=\d+/);
  await expect(page).toHaveURL(/nuevo=1/);
  await expect(page.getByTestId('active-filters')).toContainText('Familia: Agroquímicos');
  await expect(cards(page)).toHaveCount(Math.min(12, body.total));
  for (const card of await cards(page).all()) await expect(card.getByText('Nuevo', { exact: true })).toBeVisible();

  // List view, kept in the URL; a reload keeps filters and view.
  await page.getByTitle('Lista', { exact: true }).click();
  await expect(page).toHaveURL(/vista=lista/);
  await expect(page.locator('.product-row').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('.product-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('active-filters')).toContainText('Solo nuevos');
  await shot(page, testInfo, 'catalog-list-filtered');

  // Clear one filter (the tag), then all.
  await page.getByTestId('active-filters').getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(page).not.toHaveURL(/nuevo=1/);
  await expect(page).toHaveURL(/familia=\d+/);
  await page.getByTestId('active-filters').getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).not.toHaveURL(/familia=/);
  await expect(page.getByTestId('active-filters')).toHaveCount(0);

  // Paging: 12 per page, the page in the URL.
  const next = catalogAnswer(page);
  await page.locator('.catalog-pagination').getByTitle('Página siguiente').click();
  await next;
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(12);
});

test('quick entry adds every line with a quantity in one call, and warns when there is none', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  await withCart(entity, async () => {
    await api.emptyCart();
    await enterCatalog(page, entity, '/#/1/pedidos?vista=rapida');
    const table = page.getByTestId('quick-entry');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(12);
    for (const header of ['Imagen', 'Producto', 'Código', 'Cantidad', 'Precio lista', 'Subtotal', 'Bonif. 1 %', 'Bonif. 2 %', 'Precio unitario c/ bonif.', 'Total c/ bonif.']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const scroller = table.locator('.ant-table-content');
    const imageHead = table.getByRole('columnheader', { name: 'Imagen', exact: true });
    const productHead = table.getByRole('columnheader', { name: 'Producto', exact: true });
    if (testInfo.project.name === 'desktop') {
      // At 1366 px the whole table fits: no sideways scrolling.
      await page.setViewportSize({ width: 1366, height: 800 });
      await expect.poll(() => scroller.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
    } else {
      // Scrolled sideways, the fixed 'Producto' column stays beside 'Imagen', never over it.
      await scroller.evaluate((e) => (e.scrollLeft = 200));
      await expect.poll(() => scroller.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
      const [img, prod] = [(await imageHead.boundingBox())!, (await productHead.boundingBox())!];
      expect(prod.x, `Producto at ${prod.x}, Imagen ends at ${img.x + img.width}`).toBeGreaterThanOrEqual(img.x + img.width - 1);
      await scroller.evaluate((e) => (e.scrollLeft = 0));
    }
    await table.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByText('No hay productos con cantidad seleccionada')).toBeVisible();

    await table.getByRole('button', { name: 'Mostrar más productos' }).click();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(24);
    const quantities = table.getByRole('spinbutton');
    await quantities.nth(0).fill('2');
    await quantities.nth(13).fill('3');
    await shot(page, testInfo, 'catalog-quick-entry');
    const puts: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && r.url().includes('/proxy/pedidos/') && puts.push(r.postData() ?? ''));
    await table.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByText('Productos agregados al carrito con éxito')).toBeVisible();
    expect(puts).toHaveLength(1);
    expect((JSON.parse(puts[0]!) as { productos: unknown[] }).productos).toHaveLength(2);
    await expect(page.getByTestId('cart-button-sales')).toHaveAttribute('data-count', '2');
    const { carrito } = await api.cart();
    expect(carrito.productos).toHaveLength(2);
    await api.emptyCart();
  });
});

test('the product detail adds to the cart, and a product already there only gets more quantity', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const entity = entityOf(testInfo);
  const api = await apiFor(page, entity);
  await withCart(entity, async () => {
    await api.emptyCart();
    await enterCatalog(page, entity);
    const card = cards(page).first();
    const name = (await card.locator('.product-name').innerText()).trim();
    await card.locator('a.product-name').click();
    await expect(page).toHaveURL(/#\/1\/pedidos\/detalle\/\d+$/);
    const detail = page.getByTestId('product-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await expect(detail.locator('.slick-slide img').first()).toBeVisible();
    await expect(detail.getByTestId('product-price')).toContainText('$');
    await expect(detail.getByTestId('product-in-cart')).toHaveCount(0);

    // Quantity: typed amount confirmed with 'Aplicar'.
    await detail.getByRole('combobox', { name: `Cantidad de ${name}` }).click();
    await chooseOption(page, 'Otra cantidad…');
    await detail.getByRole('spinbutton', { name: `Cantidad de ${name}: otra cantidad` }).fill('6');
    await detail.getByRole('button', { name: 'Aplicar' }).click();
    const add = detail.getByRole('button', { name: 'Agregar al carrito' });
    await add.click();
    await expect(page.getByText('Productos agregados al carrito con éxito').first()).toBeVisible();
    await expect(detail.getByTestId('product-in-cart')).toContainText('ya está en su carrito (6');
    await shot(page, testInfo, 'catalog-detail');

    // Already in the cart: the quantity adds up (suma=true).
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('suma=true'));
    await detail.getByRole('button', { name: 'Agregar al carrito' }).click();
    await put;
    await expect(detail.getByTestId('product-in-cart')).toContainText('ya está en su carrito (7');

    await detail.getByRole('button', { name: 'Volver al catálogo' }).click();
    await expect(page).toHaveURL(/#\/1\/pedidos\/$/);
    // The dashboard carousels' address shows the same detail.
    const id = (await api.cart()).carrito.productos[0]!.producto_id;
    await page.goto(`/#/1/pedidos/${id}`);
    await expect(page.getByTestId('product-detail').getByRole('heading', { name })).toBeVisible();
    await api.emptyCart();
  });
});

test('a newer search aborts the one in flight, whose late answer is ignored; a failed search clears the results', async ({ page }, testInfo) => {
  await enterCatalog(page, 1001);
  await expect(cards(page)).toHaveCount(12);
  const search = page.getByRole('searchbox', { name: 'Buscar productos' });
  // The first search is held by the network until the second one has been answered.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => decodeURIComponent(url.toString()).includes('"patron":"urea"'),
    async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    },
  );
  const first = page.waitForRequest((r) => decodeURIComponent(r.url()).includes('"patron":"urea"'));
  await search.fill('urea');
  const slow = await first;
  const aborted = page.waitForEvent('requestfailed', (r) => r === slow);
  const second = page.waitForResponse((r) => decodeURIComponent(r.url()).includes('"patron":"glifosato"'));
  await search.fill('glifosato');
  await second;
  expect((await aborted).failure()?.errorText).toMatch(/ABORTED|cancel/i);
  release();
  await expect(cards(page).first()).toContainText(/Glifosato/i);
  for (const name of await cards(page).locator('.product-name').allInnerTexts()) expect(name).not.toMatch(/urea/i);

  // A failing search: the message, and no results left on the screen.
  await page.route(
    (url) => decodeURIComponent(url.toString()).includes('"patron":"atrazina"'),
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, msg: 'Error interno' }) }),
  );
  await search.fill('atrazina');
  await expect(page.getByTestId('catalog-error')).toContainText('Error al buscar productos');
  await expect(cards(page)).toHaveCount(0);
  await shot(page, testInfo, 'catalog-search-error');
});

test("#/1/pedidos/dashboard, a route the spec names, is the order-entry page, not a product called 'dashboard'", async ({ page }, testInfo) => {
  // The address used to fall to /pedidos/:id and ask for product 'dashboard'.
  const productCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/proxy\/pedidos\/dashboard\b/.test(r.url())) productCalls.push(r.url());
  });
  await enterCatalog(page, 1001, '/#/1/pedidos/dashboard');
  await expect(page).toHaveURL(/#\/1\/pedidos\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Pedidos realizados' })).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByText('No se pudo cargar el producto')).toHaveCount(0);
  expect(productCalls).toEqual([]);
  // The screen works from there: a search narrows the catalogue.
  const answer = catalogAnswer(page);
  await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('glifosato');
  await answer;
  await expect(cards(page).first()).toContainText(/Glifosato/i);
  await shot(page, testInfo, 'catalog-pedidos-dashboard');
});

test('an add that never reaches the server says so with the spec\'s generic text; nothing is added', async ({ page }) => {
  // One generic error text, the spec's ('No se puedo realizar la operanción').
  await enterCatalog(page, 1001);
  await page.route((url) => url.pathname.startsWith('/api/public/proxy/pedidos/') && url.searchParams.get('type') === 'carrito', (route) => (route.request().method() === 'PUT' ? route.abort('failed') : route.continue()));
  const before = await page.getByTestId('cart-button-sales').getAttribute('data-count');
  const card = cards(page).first();
  await card.getByRole('button', { name: /^Agregar / }).click();
  // The first notice of the page also loads the notices' code (lib/feedback.tsx): give a loaded machine time for it.
  await expect(page.getByRole('alert').filter({ hasText: 'Error al agregar productos al carrito: No se puedo realizar la operanción' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('cart-button-sales')).toHaveAttribute('data-count', before ?? '0');
});
