import { expect, test, type Locator, type Page } from '@playwright/test';
import { LA_PAMPA } from '../../support/fixtures';

/** Whether `target` (or something inside it) has the keyboard's focus. */
const holdsFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/** Presses `key` until `target` holds the focus (at most `max` times): how a keyboard user moves through a screen. */
async function pressUntil(page: Page, key: string, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press(key);
  }
  expect(await holdsFocus(target), `${key} never reached ${target}`).toBe(true);
}

/**
 * The customer with a keyboard only, from the login to a statement's detail: the company and entity lists take focus
 * and open with Enter, each new screen names itself in the title and takes the focus, the skip link goes past the
 * header, the menu opens and navigates with the arrows, a movement's row opens its drawer with Enter and gets the
 * focus back when it closes. No mouse.
 */
test('customer, keyboard only: login, company, entity, the menu to Cronológico, a movement and back', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#/welcome');
  await expect(page).toHaveTitle(/^Iniciar sesión · /);
  const user = page.getByLabel('Usuario o email');
  await pressUntil(page, 'Tab', user);
  await page.keyboard.type('productor');
  await pressUntil(page, 'Tab', page.getByLabel('Contraseña'));
  await page.keyboard.type('Demo1234');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/welcome\/sessions$/);
  await expect(page).toHaveTitle(/^Sesiones activas · /);
  const company = page.getByTestId(`session-${LA_PAMPA}`).getByRole('button', { name: /^Cooperativa Agropecuaria La Pampa/ });
  await pressUntil(page, 'Tab', company);
  await page.keyboard.press('Enter');

  const entity = page.getByTestId('entity-1001').getByRole('button');
  await expect(entity).toBeVisible();
  await pressUntil(page, 'Tab', entity);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await expect(page).toHaveTitle(/^Inicio · /);
  // The new screen has the focus (its main region), as a page load would give it.
  await expect(page.locator('#contenido')).toBeFocused();
  // From the top of a page, the first stop is the skip link, which goes past the header. (A blur would not put the
  // keyboard back at the top: the browser goes on from where the focus was. A load of the page starts there.)
  await page.reload();
  await expect(page).toHaveTitle(/^Inicio · /);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#contenido')).toBeFocused();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);

  // The menu, back up in the header: opened with Enter, walked with the arrows.
  await pressUntil(page, 'Shift+Tab', page.getByRole('button', { name: 'Menú' }), 10);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu').first();
  await expect(menu).toBeVisible();
  await pressUntil(page, 'Tab', menu, 10);
  await pressUntil(page, 'ArrowDown', menu.getByRole('menuitem', { name: 'Cuenta corriente' }), 30);
  await page.keyboard.press('Enter');
  await pressUntil(page, 'ArrowDown', menu.getByRole('menuitem', { name: 'Cronológico' }), 10);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/1\/cronologico/);
  await expect(page).toHaveTitle(/^Cronológico · /);
  const row = page.locator('[data-testid^="statement-row-"]').first();
  await expect(row).toBeVisible();
  await pressUntil(page, 'Tab', row, 80);
  await page.keyboard.press('Enter');
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(row).toBeFocused();
});
