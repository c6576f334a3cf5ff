import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { ConsultarStockResponse, StockChangeResponse } from '@portal/contract';
import { E2E } from '../../support/env';
import { shot } from '../../support/fixtures';
import { depositoApi } from '../warehouse/support';
import { openConsole, openStock, recorded, withCamera } from './support';

/**
 * Stock: real barcodes of the demo data scanned through Chromium's fake camera (a Y4M video written by the test),
 * getUserMedia and ZXing — an EAN-13, then counted and confirmed with the movement checked on the server, and a
 * Code 128 shelf label. Also the typed barcode, the search rules and the camera error of a browser without a camera.
 */

// Each test logs in and walks a whole flow; on a shared 2-core machine that takes more than the default minute.
test.describe.configure({ timeout: 120_000 });

test('@smoke scanning a real EAN-13 with the camera: found, counted, confirmed, movement on the server', async ({ request }, testInfo) => {
  const api = await depositoApi(request);
  // A product of the demo with a real EAN-13: the first of a text search (phone and desktop take different ones).
  const found = (await api.post<ConsultarStockResponse>('/proxy/cgi/consultarStock', { descri: 'glifosato' })).body.items;
  const product = found[testInfo.project.name === 'phone' ? 0 : 1]!;
  expect(product.barcode).toMatch(/^\d{13}$/);

  await withCamera(testInfo, product.barcode, 'ean13', async (page) => {
    await openStock(page);
    await page.getByRole('button', { name: 'Escanear' }).click();
    const card = page.getByTestId('stock-product');
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText(product.codalfa);
    await expect(card).toContainText(product.barcode);
    await expect(page.getByLabel('Código de barras')).toHaveValue(product.barcode);
    // The camera stopped after the read, with a 60 ms vibration.
    await expect(page.getByRole('button', { name: 'Escanear' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Detener' })).toHaveCount(0);
    await expect(page.getByTestId('stock-video')).toHaveJSProperty('srcObject', null);
    const first = await recorded(page);
    expect(first.vibrations).toEqual([60]);
    // The back camera was asked for, and the one given is remembered for the next time.
    expect(first.constraints).toHaveLength(1);
    expect(first.constraints[0]!.video).toMatchObject({ facingMode: { ideal: 'environment' } });
    const cameraId = await page.evaluate(() => localStorage.getItem('stock.cameraId'));
    const videoInputs = await page.evaluate(async () => (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput').map((d) => d.deviceId));
    expect(videoInputs).toContain(cameraId);
    const qty = page.getByLabel('Cantidad contada');
    await expect(qty).toHaveValue(String(product.salcan));

    // The debug console tells the decode time from the first frame; kept as a measured figure.
    const consoleList = await openConsole(page);
    const line = consoleList.getByText(/Código leído: \d{13} \(ZXing/);
    await expect(line).toBeVisible();
    const ms = /(\d+) ms desde el primer cuadro/.exec(await line.innerText())?.[1];
    writeFileSync(path.join(E2E.dataDir, '..', `decode-ms-${testInfo.project.name}.txt`), `${ms ?? 'n/a'}\n`);
    testInfo.annotations.push({ type: 'decode-ms', description: ms ?? 'n/a' });
    await shot(page, testInfo, 'stock-escaneado');

    const target = product.salcan === 57 ? 58 : 57;
    await qty.fill(String(target));
    const adjusted = page.waitForResponse((r) => r.url().endsWith('/proxy/cgi/modificarStock'));
    const confirmed = page.waitForResponse((r) => r.url().endsWith('/proxy/cgi/confirmarStock'));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Stock confirmado.')).toBeVisible();
    await expect(card).toHaveCount(0);
    // The server recorded the count as movements: the adjustment from the stock shown to the count, then the confirmation.
    const adjustment = (await (await adjusted).json()) as StockChangeResponse;
    expect(adjustment.movimiento).toMatchObject({ anterior: product.salcan, nueva: target });
    const confirmation = (await (await confirmed).json()) as StockChangeResponse;
    expect(confirmation.movimiento).toMatchObject({ anterior: target, nueva: target });
    expect(Number(confirmation.movimiento!.id)).toBeGreaterThan(Number(adjustment.movimiento!.id));

    const after = (await api.post<ConsultarStockResponse>('/proxy/cgi/consultarStock', { barcode: product.barcode })).body.items[0]!;
    expect(after.salcan).toBe(target);
    expect(after.contado).toBeTruthy();

    // Scanning again asks for the remembered camera by its id.
    await page.getByRole('button', { name: 'Escanear' }).click();
    await expect(card).toBeVisible({ timeout: 20_000 });
    const second = await recorded(page);
    expect(second.constraints).toHaveLength(2);
    expect(second.constraints[1]!.video).toMatchObject({ deviceId: { exact: cameraId } });
    expect(second.vibrations).toEqual([60, 60]);
  });
});

test('scanning a Code 128 shelf label with the camera finds its product', async ({ request }, testInfo) => {
  const api = await depositoApi(request);
  // Every third demo product carries a Code 128 label 'ART-' + its short code besides its EAN-13.
  const products = (await api.post<ConsultarStockResponse>('/proxy/cgi/consultarStock', { descri: 'maiz' })).body.items.filter((p) => p.id % 3 === 0);
  const product = products[testInfo.project.name === 'phone' ? 0 : 1];
  expect(product, 'a product with a shelf label').toBeTruthy();
  const label = `ART-${product!.alfacor}`;
  expect((await api.post<ConsultarStockResponse>('/proxy/cgi/consultarStock', { barcode: label })).body.items[0]?.codalfa).toBe(product!.codalfa);

  await withCamera(testInfo, label, 'code128', async (page) => {
    await openStock(page);
    await page.getByRole('button', { name: 'Escanear' }).click();
    const card = page.getByTestId('stock-product');
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText(product!.codalfa);
    await expect(card).toContainText(product!.desart);
    await expect(page.getByLabel('Código de barras')).toHaveValue(label);
    await expect(page.getByRole('button', { name: 'Escanear' })).toBeVisible();
    expect((await recorded(page)).vibrations).toEqual([60]);
    await expect((await openConsole(page)).getByText(`Código leído: ${label} (ZXing`)).toBeVisible();
    await shot(page, testInfo, 'stock-code128');
  });
});

// No fixture is needed: the test launches its own browser.
// eslint-disable-next-line no-empty-pattern
test('scanning an EAN-8 with the camera reads it (no demo product carries one: not found)', async ({}, testInfo) => {
  // 96385074: a valid EAN-8 (check digit 4).
  await withCamera(testInfo, '96385074', 'ean8', async (page) => {
    await openStock(page);
    await page.getByRole('button', { name: 'Escanear' }).click();
    await expect(page.getByLabel('Código de barras')).toHaveValue('96385074', { timeout: 20_000 });
    await expect(page.getByText('No se encontró el producto para ese código.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Escanear' })).toBeVisible();
    await expect((await openConsole(page)).getByText('Código leído: 96385074 (ZXing')).toBeVisible();
  });
});

test('typed barcode (trimmed, upper-cased), not found, search rules, Volver, and the camera error without a camera', async ({ page, request }, testInfo) => {
  const api = await depositoApi(request);
  const label = (await api.post<ConsultarStockResponse>('/proxy/cgi/consultarStock', { descri: 'urea' })).body.items.find((p) => Number(p.id) % 3 === 0);
  expect(label, 'a product with a Code 128 label (ART-code)').toBeTruthy();

  await openStock(page);
  // No camera in this browser: the spec's text.
  await page.getByRole('button', { name: 'Escanear' }).click();
  await expect(page.getByTestId('camera-error')).toHaveText(/No se encontró ninguna cámara en el dispositivo\.|No hay cámaras disponibles\.|No se pudo iniciar la cámara\. Verificá permisos\./);

  await page.getByLabel('Código de barras').fill('  7790000000000 ');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('No se encontró el producto para ese código.')).toBeVisible();

  await page.getByLabel('Código de barras').fill(`  art-${label!.alfacor} `);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByLabel('Código de barras')).toHaveValue(`ART-${label!.alfacor}`);
  const card = page.getByTestId('stock-product');
  await expect(card).toContainText(label!.codalfa);
  await expect(page.getByTestId('stock-deposit')).toHaveText('Depósito: Depósito central Santa Rosa');
  await shot(page, testInfo, 'stock-producto');
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(card).toHaveCount(0);

  // Search: fewer than 3 letters asks for more; 3 or more lists products to choose.
  const search = page.getByRole('combobox', { name: 'Buscar producto' });
  await search.click();
  await search.fill('ur');
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Escribí al menos 3 letras');
  await search.fill('urea');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toContainText(/urea/i);
  await option.click();
  await expect(card).toBeVisible();
  // The count takes 0 to 100: above is brought down to 100, below up to 0.
  const qty = page.getByLabel('Cantidad contada');
  await qty.fill('150');
  await qty.blur();
  await expect(qty).toHaveValue('100');
  await qty.fill('-4');
  await qty.blur();
  await expect(qty).toHaveValue('0');
  // Empty quantity: Confirmar is disabled.
  await page.getByLabel('Cantidad contada').fill('');
  await expect(page.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
});
