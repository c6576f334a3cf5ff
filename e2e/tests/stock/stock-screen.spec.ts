import { expect, test, type Page } from '@playwright/test';
import type { ConsultarStockResponse } from '@portal/contract';
import { closeNotifications, shot } from '../../support/fixtures';
import { depositoApi, enterAsDeposito } from '../warehouse/support';
import { openConsole, openStock } from './support';

/**
 * The stock screen around the scanner (field-warehouse.md §2, §8): every camera error by its cause, the camera
 * remembered but gone, Refrescar failing, the Android hint 2200 ms after opening and once per browser session,
 * and the debug console keeping the newest 400 entries.
 */

test.describe.configure({ timeout: 120_000 });

/** 'inseguro', 'sinGetUserMedia', 'sinVideo', 'recordada' (the remembered camera is gone), 'lista', or a DOMException name. */
type CameraCase = string;

/**
 * The browser's camera API replaced by one that fails as told (window.__camera, see CameraCase): the causes a phone
 * can meet. With 'recordada' a remembered camera id fails and the default back camera answers (a blank canvas
 * stream). With 'lista' every camera answers so. The constraints asked are kept in window.__asked.
 */
async function stubCamera(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __camera?: CameraCase; __asked: MediaStreamConstraints[] };
    w.__asked = [];
    const blank = () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 240 });
      const ctx = canvas.getContext('2d')!;
      // Drawn again and again so the stream keeps producing frames.
      setInterval(() => ctx.fillRect(0, 0, 320, 240), 100);
      return canvas.captureStream(10);
    };
    const fake = {
      enumerateDevices: async () =>
        w.__camera === 'sinVideo'
          ? [{ kind: 'audioinput', deviceId: 'mic', groupId: 'g', label: '' }]
          : [{ kind: 'videoinput', deviceId: 'trasera', groupId: 'g', label: '' }],
      getUserMedia: async (c: MediaStreamConstraints) => {
        w.__asked.push(JSON.parse(JSON.stringify(c)) as MediaStreamConstraints);
        const video = c.video as MediaTrackConstraints;
        if (w.__camera === 'lista' || (w.__camera === 'recordada' && !video.deviceId)) return blank();
        throw new DOMException('simulado', w.__camera === 'recordada' ? 'OverconstrainedError' : w.__camera);
      },
    };
    Object.defineProperty(Navigator.prototype, 'mediaDevices', { configurable: true, get: () => (w.__camera === 'sinGetUserMedia' ? undefined : fake) });
    Object.defineProperty(window, 'isSecureContext', { configurable: true, get: () => w.__camera !== 'inseguro' });
  });
}

test('every camera error text by its cause; a remembered camera that is gone falls back to the back one; Refrescar failing', async ({ page, isMobile }, testInfo) => {
  // The camera screen is a phone's; stock.spec clicks it on desktop too, and the Android hint runs on both.
  test.skip(!isMobile, 'the camera screen runs on a phone');
  await stubCamera(page);
  await openStock(page);
  const error = page.getByTestId('camera-error');
  const cases: Array<[CameraCase, string]> = [
    ['inseguro', 'La cámara requiere HTTPS o localhost.'],
    ['sinGetUserMedia', 'Este navegador no soporta getUserMedia.'],
    ['sinVideo', 'No hay cámaras disponibles.'],
    ['NotAllowedError', 'Permiso de cámara denegado. Revisá permisos del navegador.'],
    ['NotFoundError', 'No se encontró ninguna cámara en el dispositivo.'],
    ['NotReadableError', 'No se pudo iniciar la cámara. Verificá permisos.'],
    ['OverconstrainedError', 'No se encontró ninguna cámara en el dispositivo.'],
    ['SecurityError', 'Permiso de cámara denegado. Revisá permisos del navegador.'],
  ];
  for (const [cause, text] of cases) {
    await page.evaluate((c) => ((window as unknown as { __camera: string }).__camera = c), cause);
    await page.getByRole('button', { name: 'Escanear' }).click();
    await expect(error, cause).toHaveText(text);
    if (cause === 'NotAllowedError') await shot(page, testInfo, 'stock-camara-error');
    // Cleared by the next attempt, so the same text twice in a row is told apart.
    await page.evaluate(() => ((window as unknown as { __camera: string }).__camera = 'NotReadableError'));
    await page.getByRole('button', { name: 'Escanear' }).click();
    await expect(error).toHaveText('No se pudo iniciar la cámara. Verificá permisos.');
  }

  // Refrescar when the camera cannot start: the notification says so, with the cause.
  await page.getByRole('button', { name: 'Refrescar' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'No se pudo reiniciar la cámara' })).toContainText('No se pudo iniciar la cámara. Verificá permisos.');

  // The remembered camera no longer answers: the default back camera is used, and the memory dropped.
  await page.evaluate(() => {
    localStorage.setItem('stock.cameraId', 'camara-vieja');
    const w = window as unknown as { __camera: string; __asked: unknown[] };
    w.__camera = 'recordada';
    w.__asked = [];
  });
  await page.getByRole('button', { name: 'Escanear' }).click();
  await expect(page.getByRole('button', { name: 'Detener' })).toBeVisible();
  await expect(error).toHaveCount(0);
  const asked = await page.evaluate(() => (window as unknown as { __asked: Array<{ video: Record<string, unknown> }> }).__asked.map((c) => c.video));
  expect(asked).toHaveLength(2);
  expect(asked[0]).toMatchObject({ deviceId: { exact: 'camara-vieja' } });
  expect(asked[1]).toMatchObject({ facingMode: { ideal: 'environment' } });
  expect(await page.evaluate(() => localStorage.getItem('stock.cameraId'))).not.toBe('camara-vieja');
  await expect((await openConsole(page)).getByText(/La cámara recordada no respondió \(OverconstrainedError\)/)).toBeVisible();
  // This camera has no torch (nor has an iPhone's in Safari): Linterna stays disabled. Refrescar opens it again.
  await expect(page.getByRole('button', { name: 'Linterna' })).toBeDisabled();
  await closeNotifications(page);
  await page.getByRole('button', { name: 'Refrescar' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __asked: unknown[] }).__asked.length)).toBeGreaterThan(2);
  await expect(page.getByRole('button', { name: 'Detener' })).toBeVisible();
  await expect(page.getByTestId('stock-console')).toContainText('Refrescar cámara');
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  // Detener stops it.
  await page.getByRole('button', { name: 'Detener' }).click();
  await expect(page.getByRole('button', { name: 'Escanear' })).toBeVisible();
  await expect(page.getByTestId('stock-video')).toHaveJSProperty('srcObject', null);
});

test('the browser\'s BarcodeDetector reads where it knows EAN-13, EAN-8 and Code 128; ZXing otherwise', async ({ page, request, isMobile }) => {
  // The camera screen is a phone's; stock.spec clicks it on desktop too, and the Android hint runs on both.
  test.skip(!isMobile, 'the camera screen runs on a phone');
  const api = await depositoApi(request);
  const product = (await api.post<ConsultarStockResponse>('/proxy/cgi/consultarStock', { descri: 'urea' })).body.items[0]!;
  await stubCamera(page);
  // A native detector (as Android Chrome has) that finds the product's EAN-13 on its third look at the video.
  await page.addInitScript(() => {
    const w = window as unknown as { __native: { formats: string[]; asked?: string[]; code: string; looks: number } };
    w.__native = { formats: [], code: '', looks: 0 };
    class FakeDetector {
      constructor(o: { formats: string[] }) {
        w.__native.asked = o.formats;
      }
      static getSupportedFormats() {
        return Promise.resolve(w.__native.formats);
      }
      detect(video: HTMLVideoElement) {
        if (!(video instanceof HTMLVideoElement)) throw new Error('not the video');
        return Promise.resolve(++w.__native.looks >= 3 ? [{ rawValue: w.__native.code, format: 'ean_13' }] : []);
      }
    }
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = FakeDetector;
  });
  await openStock(page);
  await page.evaluate((code) => {
    const w = window as unknown as { __camera: string; __native: { formats: string[]; code: string } };
    w.__camera = 'lista';
    w.__native.formats = ['aztec', 'code_128', 'ean_13', 'ean_8', 'qr_code', 'upc_a'];
    w.__native.code = code;
  }, product.barcode);
  await page.getByRole('button', { name: 'Escanear' }).click();
  await expect(page.getByTestId('stock-product')).toContainText(product.codalfa);
  await expect(page.getByRole('button', { name: 'Escanear' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __native: { asked: string[] } }).__native.asked)).toEqual(['ean_13', 'ean_8', 'code_128']);
  const log = await openConsole(page);
  await expect(log).toContainText('Lector: BarcodeDetector del navegador');
  await expect(log).toContainText(`Código leído: ${product.barcode} (BarcodeDetector`);

  // A detector without Code 128 (older Safari versions, some Android builds): ZXing reads instead.
  await page.getByRole('button', { name: 'Limpiar', exact: true }).click();
  await page.evaluate(() => ((window as unknown as { __native: { formats: string[] } }).__native.formats = ['ean_13', 'ean_8', 'qr_code']));
  await page.getByRole('button', { name: 'Escanear' }).click();
  await expect(page.getByRole('button', { name: 'Detener' })).toBeVisible();
  await expect(log).toContainText('Lector: ZXing');
  await expect(log).not.toContainText('Lector: BarcodeDetector');
  await page.getByRole('button', { name: 'Detener' }).click();
});

test('the camera hint shows on Android 2200 ms after the screen opens, once per browser session', async ({ page }, testInfo) => {
  const hint = page.getByTestId('camera-hint');
  const android = testInfo.project.name === 'phone';
  // The phone project is a Pixel 7 (Android user agent); desktop is not Android.
  await page.clock.install();
  await enterAsDeposito(page);
  expect(await page.evaluate(() => /Android/i.test(navigator.userAgent))).toBe(android);
  // Time stands still from before the screen opens: only runFor moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  // The screen loads as the clock moves on in steps of 10 ms: it opened within the last step.
  await page.goto('/#/5/stock');
  const heading = page.getByRole('heading', { name: 'Stock' });
  for (let step = 0; (await heading.count()) === 0; step++) {
    expect(step, 'the stock screen opens').toBeLessThan(1_000);
    await page.clock.runFor(10);
  }
  await page.clock.runFor(2_189);
  await page.waitForTimeout(300);
  await expect(hint, 'not before 2200 ms').toHaveCount(0);
  await page.clock.runFor(11);
  if (!android) {
    await page.clock.runFor(10_000);
    await page.waitForTimeout(300);
    await expect(hint).toHaveCount(0);
    return;
  }
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('Sugerencia: si la cámara no enfoca el código');
  await page.clock.resume();
  await shot(page, testInfo, 'stock-sugerencia');
  await hint.getByRole('button', { name: /close|Cerrar/i }).click();
  await expect(hint).toHaveCount(0);

  // Leaving the screen and coming back, or reloading the page, in the same session: not again.
  await page.goto('/#/5/almacenes');
  await expect(page.getByRole('heading', { name: 'Pendientes' })).toBeVisible();
  await page.goto('/#/5/stock');
  await expect(page.getByRole('heading', { name: 'Stock' })).toBeVisible();
  await page.clock.runFor(5_000);
  await page.waitForTimeout(300);
  await expect(hint).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Stock' })).toBeVisible();
  await page.clock.runFor(5_000);
  await page.waitForTimeout(300);
  await expect(hint).toHaveCount(0);
});

test('the debug console keeps the newest 400 entries', async ({ page, isMobile }) => {
  // The camera screen is a phone's; stock.spec clicks it on desktop too, and the Android hint runs on both.
  test.skip(!isMobile, 'the camera screen runs on a phone');
  // 203 lookups typed one after another: ≈ 0.6 s each on a phone profile of a loaded 2-core CI machine.
  test.setTimeout(300_000);
  await openStock(page);
  const header = page.getByRole('button', { name: /Consola \(\d+\)/ });
  const count = async () => Number(/Consola \((\d+)\)/.exec(await header.innerText())?.[1]);
  // The Android hint (on the phone) would add an entry of its own while the test counts: wait until it is there.
  if (await page.evaluate(() => /Android/i.test(navigator.userAgent))) await expect(page.getByTestId('camera-hint')).toBeVisible();
  // 'Limpiar' is inside the console's panel.
  await openConsole(page);
  await page.getByRole('button', { name: 'Limpiar', exact: true }).click();
  await expect(header).toHaveText(/Consola \(0\)/);

  // Each code typed and looked up writes two entries ('Buscando código …' and its answer): 203 lookups, 406 entries.
  // The first four one at a time, so the oldest entries come in a known order; the rest without waiting.
  const box = page.getByLabel('Código de barras');
  const code = (i: number) => `NOEXISTE-${String(i).padStart(3, '0')}`;
  for (let i = 1; i <= 203; i++) {
    await box.fill(code(i));
    await box.press('Enter');
    if (i <= 4) await expect.poll(count).toBe(2 * i);
  }
  const list = await openConsole(page);
  const entries = list.locator('li');
  // Every answer is in: 200 lookups and their 200 answers kept, the six oldest entries (three lookups) dropped.
  await expect(list.locator('li.is-warn')).toHaveCount(200, { timeout: 60_000 });
  await expect(entries).toHaveCount(400);
  await expect(header).toHaveText(/Consola \(400\)/);
  await expect(entries.first()).toContainText(`Buscando código ${code(4)}`);
  await expect(entries.nth(1)).toContainText(`${code(4)}: No se encontró el producto para ese código.`);
  await expect(list).not.toContainText(`Buscando código ${code(3)}`);
  await expect(list).toContainText(`Buscando código ${code(203)}`);
  await expect(list).toContainText(`${code(203)}: No se encontró el producto para ese código.`);
  await page.getByRole('button', { name: 'Limpiar', exact: true }).click();
  await expect(header).toHaveText(/Consola \(0\)/);
  await expect(entries).toHaveCount(0);
});
