import { expect, test } from '@playwright/test';
import { closeNotifications, shot } from '../../support/fixtures';
import { allDefault, apiList, baDay, defaultRange, openFiscal, rowOf, viewShot, rows, slash, typeDate, voucherName, voucherNumber } from './fiscal-support';

// Each test walks through several batches, drawers and files on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** The fiscal documents screen (ordering.md 'Fiscal documents screen', §4, §5): list, paging, search rules, detail. */

test('the list opens on the default range with the info alert, 7 at a time, until "No hay más registros." @smoke', async ({ page }, testInfo) => {
  await openFiscal(page);
  const range = defaultRange();
  await expect(page.getByTestId('fiscal-summary')).toContainText(`Del ${slash(range.fechadesde)} al ${slash(range.fechahasta)}`);
  await expect(rows(page)).toHaveCount(7);
  const all = await allDefault(page);
  expect(all.length).toBeGreaterThan(14);

  // The first row as the spec lists it: date, document with its letter, number 00003-00001234, amount es-AR.
  const first = all[0]!;
  const firstRow = rowOf(page, first);
  await expect(firstRow).toContainText(first.fecha);
  await expect(firstRow).toContainText(voucherName(first));
  await expect(firstRow).toContainText(voucherNumber(first));
  await expect(firstRow).toContainText(first.importe_con_formato);
  expect(first.importe_con_formato).toMatch(/^-?(\$|U\$S)\s\d{1,3}(\.\d{3})*,\d{2}$/);
  // Credits are styled apart.
  const credit = all.slice(0, 7).find((m) => m.estilo === 'rojo');
  if (credit) await expect(rowOf(page, credit).locator('.fiscal-amount')).toHaveClass(/is-credit/);
  await shot(page, testInfo, 'fiscal-list');

  const more = page.getByRole('button', { name: 'Mostrar más movimientos' });
  await more.click();
  await expect(rows(page)).toHaveCount(14);
  await expect(page.getByText('No hay más registros.')).toHaveCount(0);
  while (await more.isVisible()) {
    const before = await rows(page).count();
    await more.click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(before);
  }
  await expect(rows(page)).toHaveCount(all.length);
  await expect(page.getByText('No hay más registros.')).toBeVisible();
  await expect(rowOf(page, all[all.length - 1]!)).toBeVisible();
});

test('the search drawer enforces its rules: required dates, 30 days at most, a start within the last year', async ({ page }, testInfo) => {
  await openFiscal(page);
  await page.getByRole('button', { name: 'Buscar comprobantes' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Buscar comprobantes' });
  await expect(drawer).toBeVisible();
  // It opens with the range on screen.
  await expect(drawer.getByLabel('Fecha desde')).toHaveValue(slash(defaultRange().fechadesde));

  await drawer.getByRole('button', { name: 'Limpiar' }).click();
  await expect(drawer.getByLabel('Fecha desde')).toHaveValue('');
  await drawer.getByRole('button', { name: 'Buscar' }).click();
  await expect(drawer.getByText('Seleccione una fecha desde')).toBeVisible();
  await expect(drawer.getByText('Seleccione una fecha hasta')).toBeVisible();
  await viewShot(page, testInfo, 'fiscal-search-required');

  // Over 30 days: the warning, and the range is cleared.
  await typeDate(page, 'Fecha desde', baDay(-40));
  await typeDate(page, 'Fecha hasta', baDay(-5));
  await expect(page.getByText('La diferencia en el rango de fechas no puede ser mayor a 30 dias')).toBeVisible();
  await expect(drawer.getByLabel('Fecha desde')).toHaveValue('');
  await expect(drawer.getByLabel('Fecha hasta')).toHaveValue('');
  await closeNotifications(page);

  // A start older than a year: the warning, and the start is cleared.
  await typeDate(page, 'Fecha desde', baDay(-400));
  await expect(page.getByText('La fecha desde debe estar dentro del último año')).toBeVisible();
  await expect(drawer.getByLabel('Fecha desde')).toHaveValue('');
  await closeNotifications(page);

  // From after to: refused with its message.
  await typeDate(page, 'Fecha desde', baDay(-3));
  await typeDate(page, 'Fecha hasta', baDay(-10));
  await drawer.getByRole('button', { name: 'Buscar' }).click();
  await expect(drawer.getByText('La fecha desde no puede ser posterior a la fecha hasta.')).toBeVisible();

  // Cancelar leaves the list as it was.
  await drawer.getByRole('button', { name: 'Cancelar' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/desde=/);
  await expect(rows(page)).toHaveCount(7);
});

test('a valid search of 30 days narrows the list, by dates and by document type, and starts over', async ({ page }, testInfo) => {
  await openFiscal(page);
  const desde = baDay(-60);
  const hasta = baDay(-30);
  const expected = await apiList(page, { fechadesde: desde, fechahasta: hasta, start: 0, limit: 100 });
  const everything = await apiList(page, { ...defaultRange(), start: 0, limit: 1 });
  expect(expected.total).toBeLessThan(everything.total);

  await page.getByRole('button', { name: 'Mostrar más movimientos' }).click();
  await expect(rows(page)).toHaveCount(14);
  await page.getByRole('button', { name: 'Buscar comprobantes' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Buscar comprobantes' });
  await typeDate(page, 'Fecha desde', desde);
  await typeDate(page, 'Fecha hasta', hasta);
  await drawer.getByRole('button', { name: 'Buscar' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`desde=${desde}&hasta=${hasta}`));
  await expect(page.getByTestId('fiscal-summary')).toContainText(`Del ${slash(desde)} al ${slash(hasta)}`);
  // A new search starts at the first batch.
  await expect(rows(page)).toHaveCount(Math.min(7, expected.total));
  for (const m of expected.items.slice(0, 7)) await expect(rowOf(page, m)).toBeVisible();

  // Only one document type.
  // One with an accent when the range has it ('Liquidación …', 'Nota de crédito …'), to type it without.
  const tipo =
    expected.items.find((m) => m.descomlarga.normalize('NFD') !== m.descomlarga)?.descomlarga ??
    (expected.items.find((m) => m.descomlarga === 'Recibo') ? 'Recibo' : expected.items[0]!.descomlarga);
  const ofType = expected.items.filter((m) => m.descomlarga === tipo);
  await page.getByRole('button', { name: 'Buscar comprobantes' }).click();
  await drawer.getByLabel('Comprobantes').click();
  // The options filter as people type: without accents and in capitals.
  const typed = tipo.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  await drawer.getByLabel('Comprobantes').pressSequentially(typed);
  await page.locator('.ant-select-dropdown:visible').getByTitle(tipo, { exact: true }).click();
  // Close the options list by clicking elsewhere in the drawer (Escape would close the drawer too).
  await drawer.getByText('Elija un rango de hasta 30 días dentro del último año.').click();
  await drawer.getByRole('button', { name: 'Buscar' }).click();
  await expect(drawer).toBeHidden();
  await expect(rows(page)).toHaveCount(Math.min(7, ofType.length));
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain(tipo);
  await shot(page, testInfo, 'fiscal-search-result');

  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(page).not.toHaveURL(/desde=/);
  await expect(rows(page)).toHaveCount(7);
});

test('a row opens its detail: amount, dates, document, number, detail and its lines, the VAT by rate and the total under net lines', async ({ page }, testInfo) => {
  await openFiscal(page);
  const all = (await apiList(page, { ...defaultRange(), start: 0, limit: 7 })).items;
  const withProducts = all.find((m) => m.renglonesProductos.length > 0 && m.renglonesImpuestos.length > 0)!;
  expect(withProducts, 'a Factura A with its VAT on the first page').toBeTruthy();
  await rowOf(page, withProducts).getByText(voucherNumber(withProducts)).click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('fiscal-movement-detail') });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('fiscal-detail-amount')).toHaveText(withProducts.importe_con_formato);
  for (const label of ['Fecha', 'Vencimiento', 'Comprobante', 'Número', 'Detalle']) await expect(drawer.getByText(label, { exact: true })).toBeVisible();
  await expect(drawer).toContainText(voucherNumber(withProducts));
  const lines = drawer.getByTestId('fiscal-product-lines');
  await expect(lines.locator('tbody tr.ant-table-row')).toHaveCount(withProducts.renglonesProductos.length);
  const line = withProducts.renglonesProductos[0]!;
  await expect(lines).toContainText(line.descripcion);
  await expect(lines).toContainText(line.importe_con_formato);
  // Under the net lines, the VAT by rate as the server computed it, then the document's total.
  const taxes = lines.locator('.voucher-tax-row');
  await expect(taxes).toHaveCount(withProducts.renglonesImpuestos.length);
  for (const [i, t] of withProducts.renglonesImpuestos.entries()) {
    await expect(taxes.nth(i)).toContainText(t.descripcion);
    await expect(taxes.nth(i)).toContainText(t.valor_con_formato);
  }
  await expect(lines.locator('.voucher-total-row')).toContainText(withProducts.importe_con_formato);
  await expect(drawer.getByRole('button', { name: 'Imprimir' })).toHaveCount(withProducts.imprime ? 1 : 0);
  await viewShot(page, testInfo, 'fiscal-detail');
  await drawer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(drawer).toBeHidden();

  const withOthers = all.find((m) => m.renglonesOtros.length > 0);
  if (withOthers) {
    await rowOf(page, withOthers).getByText(voucherNumber(withOthers)).click();
    const other = page.getByTestId('fiscal-other-lines');
    await expect(other).toContainText(withOthers.renglonesOtros[0]!.descripcion);
    await expect(other).toContainText(withOthers.renglonesOtros[0]!.valor_con_formato);
  }
});
