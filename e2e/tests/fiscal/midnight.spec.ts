import { readFileSync } from 'node:fs';
import { expect, test, type Request } from '@playwright/test';
import { baDay, defaultRangeOn, openFiscal, rows, slash, viewShot } from './fiscal-support';

test.describe.configure({ timeout: 120_000 });
test.skip(({ isMobile }) => isMobile, 'the day\'s range is date logic, not layout (list-search runs on both viewports)');

const LIST = '/api/public/proxy/cgi/etenet_cabcbte?';
const RANGE_TEXT = 'La diferencia en el rango de fechas no puede ser mayor a 30 dias';

/**
 * The fiscal screen left open past midnight must move on to the new day's opening range (first day of the month six
 * months back → today) by itself, for its list, 'Mostrar más movimientos' and the exports.
 *
 * The browser's clock (Playwright's clock) starts a minute and a half before today's midnight in Buenos Aires, so the
 * screen opens "yesterday"; the server's clock is the real one. Until the browser passes midnight, its list calls
 * are sent to the server with today's end date (the answer the server gave yesterday to yesterday's range); after
 * midnight the calls go out as the screen makes them, and the server judges them.
 */
test("the default range follows the day: past midnight 'Mostrar más movimientos' and EXCEL send the new day's range", async ({ page }, testInfo) => {
  const today = baDay();
  const yesterday = baDay(-1);
  const todayRange = defaultRangeOn(today);
  const yesterdayRange = defaultRangeOn(yesterday);
  const midnight = new Date(`${today}T00:00:00-03:00`).getTime();
  await page.clock.install({ time: new Date(midnight - 90_000) });

  let beforeMidnight = true;
  const askedBefore: string[] = [];
  await page.route(`**${LIST}**`, async (route) => {
    if (!beforeMidnight) return route.continue();
    const url = new URL(route.request().url());
    askedBefore.push(url.searchParams.get('fechahasta') ?? '');
    url.searchParams.set('fechadesde', todayRange.fechadesde);
    url.searchParams.set('fechahasta', todayRange.fechahasta);
    return route.continue({ url: url.toString() });
  });

  await openFiscal(page);
  const summary = page.getByTestId('fiscal-summary');
  await expect(summary).toContainText(`Del ${slash(yesterdayRange.fechadesde)} al ${slash(yesterday)}`);
  await expect(rows(page)).toHaveCount(7);
  expect(askedBefore.length).toBeGreaterThan(0);
  expect(askedBefore.every((d) => d === yesterday), askedBefore.join()).toBe(true);

  // Past midnight: the screen moves on to today's range by itself and loads its first batch again.
  const after: Array<{ request: Request; status: number }> = [];
  page.on('response', (r) => {
    if (r.url().includes(LIST)) after.push({ request: r.request(), status: r.status() });
  });
  beforeMidnight = false;
  const firstBatch = page.waitForResponse((r) => r.url().includes(LIST) && new URL(r.url()).searchParams.get('start') === '0', { timeout: 15_000 });
  await page.clock.fastForward('02:00');
  await expect(summary).toContainText(`Del ${slash(todayRange.fechadesde)} al ${slash(today)}`);
  const answer = await firstBatch;
  expect(answer.status(), await answer.text()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('fechahasta')).toBe(today);
  await expect(rows(page)).toHaveCount(7);

  // 'Mostrar más movimientos' asks for the next batch of today's range, which the server gives.
  const next = page.waitForResponse((r) => r.url().includes(LIST) && new URL(r.url()).searchParams.get('start') === '7');
  await page.getByRole('button', { name: 'Mostrar más movimientos' }).click();
  const more = await next;
  expect(more.status(), await more.text()).toBe(200);
  expect(new URL(more.url()).searchParams.get('fechadesde')).toBe(todayRange.fechadesde);
  expect(new URL(more.url()).searchParams.get('fechahasta')).toBe(today);
  await expect(rows(page)).toHaveCount(14);
  await expect(page.getByText(RANGE_TEXT)).toHaveCount(0);
  await expect(page.getByText('Error al cargar datos')).toHaveCount(0);

  // EXCEL exports today's range, and the server streams the workbook.
  const downloading = page.waitForEvent('download');
  const asked = page.waitForRequest((r) => r.url().includes(LIST) && new URL(r.url()).searchParams.get('type') === 'excel');
  await page.getByRole('button', { name: 'EXCEL' }).click();
  const exported = new URL((await asked).url());
  const download = await downloading;
  expect(exported.searchParams.get('fechadesde')).toBe(todayRange.fechadesde);
  expect(exported.searchParams.get('fechahasta')).toBe(today);
  expect(await download.failure()).toBeNull();
  const file = testInfo.outputPath('midnight.xlsx');
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

  // Nothing after midnight asked for yesterday or was refused.
  for (const { request, status } of after) {
    expect(new URL(request.url()).searchParams.get('fechahasta'), request.url()).toBe(today);
    expect(status, request.url()).toBe(200);
  }
  await viewShot(page, testInfo, 'fiscal-after-midnight');
});
