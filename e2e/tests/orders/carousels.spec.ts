import { expect, test } from '@playwright/test';
import { shot } from '../../support/fixtures';
import { ApiSession, enterAsProductorWith } from './support';

/** The customer's dashboard carousels: 'Ultimos visitados', 'Más comprados', 'Promociones', 200 px high. */
test('the dashboard carousels show products and a tile leads to the product detail', async ({ page, request }, testInfo) => {
  const productor = await ApiSession.login(request, 'productor', 'Demo1234');
  const [, visited] = await productor.products(4);
  // Looking at a product records the visit (GET /proxy/pedidos/{id}).
  await productor.call('GET', `/proxy/pedidos/${visited!.id}`);

  await enterAsProductorWith(page);
  const visitados = page.getByTestId('carousel-visitados');
  await expect(visitados).toBeVisible();
  await expect(visitados).toContainText('Ultimos visitados');
  await expect(page.getByTestId('carousel-comprados')).toContainText('Más comprados');
  await expect(page.getByTestId('carousel-promociones')).toContainText('Promociones');
  const box = await visitados.locator('.product-carousel-track').boundingBox();
  expect(Math.round(box!.height)).toBe(200);
  await shot(page, testInfo, 'dashboard-carousels');

  const tile = visitados.getByTestId(`carousel-product-${visited!.id}`);
  await expect(tile).toContainText(visited!.nombre);
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`#/1/pedidos/${visited!.id}$`));
  await expect(page.getByText(visited!.nombre).first()).toBeVisible();
});
