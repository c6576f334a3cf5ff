import { expect, test } from '@playwright/test';
import { enterViaApi, loginUi } from '../../support/fixtures';
import { AxeWalk, menuScreens } from './support';

/**
 * WCAG 2.1 AA on every screen of every profile and their main dialogs, on both viewports (the projects): no serious
 * or critical axe-core violation. One test per profile, entered once through the API, then every screen of its menu
 * by address, so the whole walk costs one login per profile (docs/decisions/accessibility.md).
 */
test.describe.configure({ mode: 'parallel' });
test.setTimeout(360_000);

test('the public screens: login, registration, recovery', async ({ page }) => {
  const walk = new AxeWalk(page);
  await page.goto('/#/welcome');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await walk.check('welcome');
  await page.getByRole('tab', { name: 'Registrarme' }).click();
  await walk.check('welcome/signup');
  await page.goto('/#/forgot');
  await expect(page.getByRole('heading', { name: 'Recuperar su contraseña' })).toBeVisible();
  await walk.check('forgot');
  // The sessions, entity and profile steps (vendedor has two profiles).
  await loginUi(page, 'vendedor', 'Demo1234');
  await walk.check('welcome/sessions');
  await page.goto('/#/welcome/new');
  await walk.check('welcome/new');
  walk.expectNone();
});

// The customer's menu is the longest (≈20 screens): walked in two halves, in parallel, each with its own login.
const profiles = [
  { name: 'customer', user: { username: 'productor', entity: 1001 }, part: 0 },
  { name: 'customer', user: { username: 'productor', entity: 1001 }, part: 1 },
  { name: 'seller', user: { username: 'vendedor', profile: 2 } },
  { name: 'zone manager', user: { username: 'vendedor', profile: 3 } },
  { name: 'driver', user: { username: 'repartidor' } },
  { name: 'warehouse', user: { username: 'deposito' } },
  { name: 'authorizer', user: { username: 'autorizador' } },
  { name: 'administrator', user: { username: 'admin', password: 'Admin1234' } },
] as const;

for (const p of profiles) {
  const { name, user } = p;
  const part = 'part' in p ? p.part : null;
  test(`every screen of the ${name} profile${part === null ? '' : ` (part ${part + 1} of 2)`} and its main dialogs`, async ({ page }) => {
    const walk = new AxeWalk(page);
    await enterViaApi(page, user);
    const profile = Number(/#\/(\d+)\//.exec(page.url())![1]);
    if (user.username === 'admin') {
      const dialog = page.getByRole('dialog', { name: 'Administración' });
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await walk.check('Administración dialog', '.ant-modal-wrap');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
    }
    if (part === 1) {
      const rest = (await menuScreens(page)).filter((s) => s !== 'dashboard');
      await walk.screens(profile, rest.filter((_, i) => i % 2 === 1));
      walk.expectNone();
      return;
    }
    await walk.check('dashboard');
    // The shell's dialogs: the side menu and the profile.
    await page.getByRole('button', { name: 'Menú' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await walk.check('side menu', '.ant-drawer');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await page.getByRole('button', { name: /^Perfil/ }).click();
    await expect(page.getByRole('dialog', { name: 'Perfil' })).toBeVisible();
    await walk.check('profile dialog', '.ant-modal-wrap');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Perfil' })).toBeHidden();

    const screens = (await menuScreens(page)).filter((s) => s !== 'dashboard');
    await walk.screens(profile, screens.filter((_, i) => part === null || i % 2 === 0));
    if (user.username === 'productor') {
      // A statement's detail drawer, and the cart's drawer.
      await page.goto(`/#/${profile}/cronologico`);
      const first = page.locator('[data-testid^="statement-row-"]').first();
      await first.click();
      await expect(page.locator('.ant-drawer-open')).toBeVisible();
      await walk.check('statement detail drawer', '.ant-drawer-open');
      await page.keyboard.press('Escape');
      await expect(first).toBeFocused();
    }
    await page.goto(`/#/${profile}/no-existe`);
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await walk.check('not found');
    walk.expectNone();
  });
}
