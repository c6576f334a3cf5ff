import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { writeBarcodeY4m, type Symbology } from '../../support/barcode-video';
import { E2E } from '../../support/env';
import { enterAsDeposito } from '../warehouse/support';

export async function openStock(page: Page) {
  await enterAsDeposito(page);
  await page.goto('/#/5/stock');
  await expect(page.getByRole('heading', { name: 'Stock' })).toBeVisible();
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

/** What the page asked of the camera and the vibrator, recorded by an init script. */
export type Recorded = { constraints: MediaStreamConstraints[]; vibrations: Array<number | number[]> };
export const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __recorded: Recorded }).__recorded);

/**
 * A Chromium of its own whose fake camera shows `code` (a Y4M written into the test's output folder), with camera
 * permission granted, the project's viewport, and getUserMedia's constraints and navigator.vibrate recorded.
 */
export async function withCamera(testInfo: TestInfo, code: string, symbology: Symbology, fn: (page: Page, context: BrowserContext) => Promise<void>) {
  const video = testInfo.outputPath(`${symbology}.y4m`);
  mkdirSync(path.dirname(video), { recursive: true });
  writeBarcodeY4m(video, code, { symbology });
  const phone = testInfo.project.name === 'phone';
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    const context = await browser.newContext({
      baseURL: E2E.baseUrl,
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
      permissions: ['camera'],
    });
    await context.addInitScript(() => {
      const rec: Recorded = { constraints: [], vibrations: [] };
      (window as unknown as { __recorded: Recorded }).__recorded = rec;
      Object.defineProperty(Navigator.prototype, 'vibrate', {
        configurable: true,
        value: (pattern: number | number[]) => {
          rec.vibrations.push(pattern);
          return true;
        },
      });
      const devices = navigator.mediaDevices;
      if (devices) {
        const real = devices.getUserMedia.bind(devices);
        devices.getUserMedia = (c?: MediaStreamConstraints) => {
          rec.constraints.push(JSON.parse(JSON.stringify(c ?? {})) as MediaStreamConstraints);
          return real(c);
        };
      }
    });
    await fn(await context.newPage(), context);
    await context.close();
  } finally {
    await browser?.close();
  }
}

/** The stock screen's debug console, opened. */
export async function openConsole(page: Page) {
  const header = page.getByRole('button', { name: /Consola \(\d+\)/ });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  return page.getByTestId('stock-console');
}
