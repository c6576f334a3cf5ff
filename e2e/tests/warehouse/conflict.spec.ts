import { expect, test, type Page } from '@playwright/test';
import type { PendingOrdersResponse } from '@portal/contract';
import { E2E } from '../../support/env';
import { shot } from '../../support/fixtures';
import { createWarehouseWorker, depositoApi, enterAsDeposito } from './support';

/**
 * Two staff confirm the same order at the same moment: the warehouse worker `deposito` on one page and
 * a second worker, created for the test, on another (the same user repeating a confirmation is answered with the
 * same success, so it takes two people). Exactly one wins; the other reads why on screen and is sent back to the
 * list; nobody can open the order to pick it again.
 */

test.describe.configure({ timeout: 150_000 });
test.skip(({ isMobile }) => !isMobile, 'two pickers\' phones: the conflict is the server\'s, not the viewport\'s (picking.spec runs on desktop)');

const notice = (page: Page, text: string | RegExp) => page.locator('.ant-notification-notice').filter({ hasText: text });

async function openOrder(page: Page, numero: number) {
  await page.goto(`/#/5/detalleAlmacenes/${numero}`);
  await expect(page.getByRole('heading', { name: `Pedido Nro. ${numero}` })).toBeVisible();
  await expect(page.getByTestId('picking-lines').getByRole('button', { name: /^Quitar / }).first()).toBeVisible();
}

async function askToConfirm(page: Page) {
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '¿Estas seguro que desea confirmar el pedido?' });
  await expect(dialog).toBeVisible();
  return dialog.getByRole('button', { name: 'Si' });
}

test('two staff confirming the same order at once: one wins, the other is told on screen and sent back; it cannot be picked again', async ({ page, browser, request }, testInfo) => {
  const api = await depositoApi(request);
  // The second pending order: the picking test takes the newest with two lines, the cancelling test the oldest.
  const order = (await api.get<PendingOrdersResponse>('/proxy/cgi/pedidosPendientes')).body.items.filter((o) => o.renglones >= 2)[1];
  expect(order, 'an approved order with two lines waits to be picked').toBeTruthy();
  const numero = order!.numero;

  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
  const otherContext = await browser.newContext({
    baseURL: E2E.baseUrl, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', viewport, isMobile, hasTouch, userAgent, deviceScaleFactor,
  });
  try {
    const other = await otherContext.newPage();
    await enterAsDeposito(page);
    await openOrder(page, numero);
    await (await createWarehouseWorker(request, testInfo)).enter(other);
    await openOrder(other, numero);

    // Each edits the order its own way: deposito removes the first line, the other worker the last one.
    await page.getByTestId('picking-lines').getByRole('button', { name: /^Quitar / }).first().click();
    await other.getByTestId('picking-lines').getByRole('button', { name: /^Quitar / }).last().click();
    const yes = await askToConfirm(page);
    const otherYes = await askToConfirm(other);
    await Promise.all([yes.click(), otherYes.click()]);

    const outcome = async (p: Page) => {
      await expect(notice(p, /^(Pedido confirmado\.|No se pudo completar la confirmación\.)/)).toBeVisible({ timeout: 20_000 });
      return (await notice(p, 'Pedido confirmado.').count()) > 0 ? 'won' : 'told';
    };
    const results = [await outcome(page), await outcome(other)];
    expect([...results].sort(), 'exactly one confirmation wins').toEqual(['told', 'won']);
    const loser = results[0] === 'told' ? page : other;
    const winner = loser === page ? other : page;
    await expect(notice(loser, 'No se pudo completar la confirmación.')).toContainText('El pedido ya fue confirmado por otro usuario.');
    await expect(notice(winner, 'Pedido confirmado.')).toContainText(`Pedido Nro. ${numero}`);

    // Both are back on the list, without the order.
    for (const p of [winner, loser]) {
      await expect(p).toHaveURL(/#\/5\/almacenes$/);
      await expect(p.getByTestId('pending-orders')).toBeVisible();
      await expect(p.getByTestId(`pending-${numero}`)).toHaveCount(0);
    }
    await shot(loser, testInfo, 'almacenes-conflicto');

    // Opening it again to pick it: refused with the server's reason.
    await loser.goto(`/#/5/detalleAlmacenes/${numero}`);
    await expect(loser.locator('.warehouse-alert')).toContainText('Error al cargar renglones');
    await expect(loser.locator('.warehouse-alert')).toContainText('El pedido no existe o no está pendiente de preparación.');
    await expect(loser.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
    expect((await api.get('/proxy/cgi/renglonesPedido', { numero })).status).toBe(404);
  } finally {
    await otherContext.close();
  }
});
