import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { E2E } from './env';
import { LA_PAMPA, dialogSettled, enterViaApi, loginUi } from './fixtures';

/** A username nobody else uses: both projects run every test against the same server. */
export function uniqueUsername(prefix: string, testInfo: TestInfo): string {
  return `${prefix}.${testInfo.project.name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The 'Administración' dialog that opens by itself once per login for administrators. */
export const adminDialog = (page: Page) => page.getByRole('dialog', { name: 'Administración' });

/**
 * Logs in as the demo administrator and enters La Pampa (one entity, entered by itself): through the API calls of
 * the login screens (enterViaApi), or with `ui` through the screens. The 'Administración' dialog opens on arrival
 * either way (a new login's session has not shown it yet); unless `keepDialog`, it is dismissed with 'Cancelar'.
 */
export async function enterAsAdmin(page: Page, { keepDialog = false, ui = false } = {}) {
  if (ui) {
    await loginUi(page, 'admin', 'Admin1234');
    await page.getByTestId(`session-${LA_PAMPA}`).click();
    await expect(page).toHaveURL(/#\/1\/dashboard/);
  } else {
    await enterViaApi(page, { username: 'admin', password: 'Admin1234', landing: /#\/1\/dashboard/ });
  }
  await expect(adminDialog(page)).toBeVisible();
  if (!keepDialog) {
    await dialogSettled(adminDialog(page));
    await adminDialog(page).getByRole('button', { name: 'Cancelar' }).click();
    await expect(adminDialog(page)).toBeHidden();
  }
}

/** Picks an option of an Ant Design Select by its visible text, after typing a search. */
export async function searchAndPick(page: Page, combobox: ReturnType<Page['getByRole']>, text: string, option: string) {
  const item = page.locator('.ant-select-item-option').filter({ hasText: option });
  // The remote search starts 300 ms after the last key; if the dropdown was still opening when the text was typed,
  // the search never starts, so type again until the option shows.
  await expect(async () => {
    await combobox.click();
    await combobox.fill('');
    await combobox.fill(text);
    await expect(item.first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await item.first().click();
}

/** The administrator's way to a page of the 'Administrador' group: the drawer on desktop; the address on a phone, where the group is hidden. */
export async function openAdminPage(page: Page, testInfo: TestInfo, item: 'Usuarios' | 'Parámetros' | 'Auditoría' | 'Integración', path: string) {
  if (testInfo.project.name === 'desktop') {
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  } else {
    await page.goto(`/#/1/${path}`);
  }
  await expect(page).toHaveURL(new RegExp(`#/1/${path}`));
}

/**
 * A screenshot of what the screen shows, for dialogs and drawers: a full-page capture (fixtures.shot) lays a
 * fixed overlay out at the viewport's height and cuts it across a tall page. Same folder and naming.
 */
export async function shotScreen(page: Page, testInfo: TestInfo, name: string) {
  if (!E2E.screenshots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(E2E.screenshotDir, `${testInfo.project.name}-${name}.png`) });
}
