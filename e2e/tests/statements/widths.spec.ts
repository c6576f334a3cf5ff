import { expect, test, type Page } from '@playwright/test';
import { enterAsProductor, shot } from '../../support/fixtures';

/**
 * The producer's figures at a tablet's 768 px and on a phone: balance amounts stay inside their cards, the page never
 * scrolls sideways (a wide table scrolls in its own box), and the dashboard's grain position shows the stock
 * without scrolling. Read-only.
 */
async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** How far each amount's text runs past its own box, which its card stretches to the card's inner width (0 when it fits). */
async function amountOverflow(page: Page, amount: string) {
  return page.locator(`${amount}:visible`).evaluateAll((amounts) => amounts.map((a) => a.scrollWidth - a.clientWidth));
}

test('at 768 px the balance cards hold their amounts and the tables scroll in their own box', async ({ page, isMobile }, testInfo) => {
  test.skip(isMobile, 'a tablet width, set on the desktop project');
  await page.setViewportSize({ width: 768, height: 1024 });
  await enterAsProductor(page);
  for (const path of ['cronologico', 'financiero']) {
    await page.goto(`/#/1/${path}`);
    await expect(page.locator('[data-testid^="statement-row-"]').first()).toBeVisible();
    await expect(page.locator('.statement-value-amount').first()).toBeVisible();
    for (const over of await amountOverflow(page, '.statement-value-amount')) expect(over, `${path}: an amount runs out of its card`).toBe(0);
    expect(await pageOverflow(page), `${path}: the page does not scroll sideways`).toBeLessThanOrEqual(0);
    const saldo = (await page.getByRole('columnheader', { name: 'Saldo' }).boundingBox())!;
    expect(saldo.x + saldo.width, `${path}: the Saldo column is in sight`).toBeLessThanOrEqual(768);
    await shot(page, testInfo, `statements-768-${path}`);
  }
  await page.goto('/#/1/granos/SOJ');
  await expect(page.locator('[data-testid^="grain-row-"]').first()).toBeVisible();
  for (const over of await amountOverflow(page, '.grain-value-amount')) expect(over, 'grain: an amount runs out of its card').toBe(0);
  expect(await pageOverflow(page), 'grain: the page does not scroll sideways').toBeLessThanOrEqual(0);
});

test("on a phone the dashboard's grain position shows the stock first", async ({ page, isMobile }, testInfo) => {
  test.skip(!isMobile, 'the phone layout');
  await enterAsProductor(page);
  const table = page.getByTestId('grain-position');
  const stock = table.getByRole('columnheader', { name: 'Stock' });
  await table.scrollIntoViewIfNeeded();
  const box = (await stock.boundingBox())!;
  expect(box.x + box.width, 'the Stock column is on screen without scrolling the table').toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, testInfo, 'dashboard-grain-stock');
});
