import { utimesSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { E2E } from '../../support/env';
import { enterViaApi } from '../../support/fixtures';
import { ApiSession, enterAsProductorWith, withCartLock } from '../orders/support';

/**
 * Carts are per user and entity and both projects log in as productor: the phone uses Pérez Hnos. (1002) and the
 * desktop Juan Pérez (1001), and a test that changes a cart holds that entity's cart lock (shared with the orders
 * specs) meanwhile.
 */
export function entityOf(testInfo: TestInfo): number {
  return testInfo.project.name === 'phone' ? 1002 : 1001;
}

/** Enters as productor for `entity` straight on the catalogue (through the API; with `ui`, through the login screens). */
export async function enterCatalog(page: Page, entity: number, path = '/#/1/pedidos', o: { ui?: boolean } = {}) {
  if (o.ui) {
    await enterAsProductorWith(page, entity, o);
    await page.goto(path);
  } else {
    await enterViaApi(page, { username: 'productor', entity, path, landing: /#\/1\/pedidos/ });
  }
  await expect(page.getByRole('heading', { name: 'INGRESO DE PEDIDOS DE CLIENTES' })).toBeVisible();
}

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** The session's API, for preparing a cart and checking what the screens did. */
export function apiFor(page: Page, entity: number) {
  return ApiSession.login(page.request, 'productor', 'Demo1234', entity);
}

/** Waits for the catalogue's answer to a search (GET /proxy/pedidos with filtros). */
export function catalogAnswer(page: Page, kind: 'pedidos' | 'ordenescompra' = 'pedidos') {
  return page.waitForResponse((r) => r.url().includes(`/api/public/proxy/${kind}?`) && r.url().includes('filtros=') && r.request().method() === 'GET');
}

/** Opens a DatePicker's calendar and picks a YYYY-MM-DD day, moving to the month that holds it when needed. */
export async function pickDate(page: Page, field: ReturnType<Page['getByRole']>, iso: string) {
  const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  const cell = popup.locator(`td[title="${iso}"]`);
  // The field is disabled while the cart reloads after the previous change; a pick made then is lost, so wait for
  // it and pick again until the calendar closes.
  await expect(field).toBeEnabled();
  await expect(async () => {
    // Every action is bounded, so that a click lost to a reload is retried rather than waited on until the end.
    if ((await popup.count()) === 0) await field.click({ timeout: 5_000 });
    await expect(popup.locator('.ant-picker-header-next-btn')).toBeVisible({ timeout: 3_000 });
    // The calendar opens on the month of the value it holds, which may be after the wanted one.
    const shown = await popup.locator('td.ant-picker-cell-in-view').first().getAttribute('title', { timeout: 3_000 });
    const towards = shown !== null && shown.slice(0, 7) > iso.slice(0, 7) ? '.ant-picker-header-prev-btn' : '.ant-picker-header-next-btn';
    for (let i = 0; i < 12 && (await cell.count()) === 0; i++) await popup.locator(towards).click({ timeout: 3_000 });
    await cell.locator('.ant-picker-cell-inner').click({ timeout: 3_000 });
    await expect(popup).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The day before a YYYY-MM-DD date. */
export function dayBefore(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Clicks an option of the open Ant Design select (its visible item, not the hidden accessibility list). */
export async function chooseOption(page: Page, text: string | RegExp) {
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).first().click();
}

/**
 * The entity's cart lock (withCartLock) held for a whole UI test: a waiting test takes a lock older than 75 s for
 * abandoned, and a UI test on a loaded machine can take longer, so the lock is touched while the test runs.
 */
export async function withCart<T>(entity: number, fn: () => Promise<T>): Promise<T> {
  return withCartLock(entity, async () => {
    const lock = path.join(E2E.dataDir, '..', `cart-${entity}.lock`);
    const timer = setInterval(() => {
      try {
        const now = new Date();
        utimesSync(lock, now, now);
      } catch {
        // released meanwhile
      }
    }, 10_000);
    try {
      return await fn();
    } finally {
      clearInterval(timer);
    }
  });
}
