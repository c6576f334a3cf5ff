import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LA_PAMPA, closeNotifications, logoutUi } from '../../support/fixtures';
import { adminDialog, enterAsAdmin, searchAndPick, shotScreen } from '../../support/admin';

type Stored = { entity: { codent: number; label: string } | null; actuaComo: number | null };
const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('portal.session.v1') ?? '{}') as Stored);

/** The account keeps the last entity chosen; this test starts without one (the other project ran it before). */
async function forgetActingEntity(request: APIRequestContext) {
  const login = await request.post('/api/public/oauth', { data: { client_id: 'master', grant_type: 'password', username: 'admin', password: 'Admin1234' } });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await request.patch('/api/public/proxy/usuarios/admin', {
    headers: { authorization: `Bearer ${access_token}`, Cuit: LA_PAMPA },
    data: { actua_como: false },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('Administración opens once per login; the administrator acts as an entity and changes it from the menu', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  await forgetActingEntity(request);
  await enterAsAdmin(page, { keepDialog: true, ui: true });
  const dialog = adminDialog(page);
  const entity = dialog.getByLabel('Entidad');

  // Nothing chosen: an entity is required.
  await dialog.getByRole('button', { name: 'Seleccionar' }).click();
  await expect(dialog.getByText('Debe tipear una entidad.')).toBeVisible();

  // The remote search starts past 3 characters.
  await entity.click();
  await entity.fill('Mar');
  await expect(page.getByText('Escriba más de 3 caracteres para buscar')).toBeVisible();
  // Typed as people type: without the accent, in capitals.
  await searchAndPick(page, entity, 'MARTINEZ', 'Laura Martínez · 1004');
  await expect(dialog.getByText('Debe tipear una entidad.')).toBeHidden();
  await shotScreen(page, testInfo, 'admin-dialog');
  await dialog.getByRole('button', { name: 'Seleccionar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await expect.poll(async () => (await stored(page)).actuaComo).toBe(1004);
  expect((await stored(page)).entity).toEqual({ codent: 1004, label: 'Laura Martínez' });

  // Once per login: a reload does not bring it back.
  await page.reload();
  await expect(page.getByRole('contentinfo')).toContainText('v1.1.0');
  await expect(page.getByRole('button', { name: 'Menú' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(dialog).toHaveCount(0);

  // The menu: 'Cambiar entidad' for administrators; the 'Administrador' group on desktop only.
  await page.getByRole('button', { name: 'Menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Cooperativa Agropecuaria La Pampa Ltda.' });
  await expect(menu.getByRole('menuitem', { name: 'Cambiar entidad' })).toBeVisible();
  await expect(menu.getByText('Administrador', { exact: true })).toHaveCount(phone ? 0 : 1);
  await expect(menu.getByRole('menuitem', { name: 'Usuarios', exact: true })).toHaveCount(phone ? 0 : 1);
  await expect(menu.getByRole('menuitem', { name: 'Configuraciones' })).toHaveCount(phone ? 0 : 1);
  await expect(menu.getByRole('menuitem', { name: 'Parámetros' })).toHaveCount(phone ? 0 : 1);
  await shotScreen(page, testInfo, 'admin-menu');
  await menu.getByRole('menuitem', { name: 'Cambiar entidad' }).click();

  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Laura Martínez · 1004');
  await searchAndPick(page, entity, 'Pérez Hnos', 'Pérez Hnos. S.H. · 1002');
  await dialog.getByRole('button', { name: 'Seleccionar' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await stored(page)).actuaComo).toBe(1002);
  await closeNotifications(page);

  // The next login offers the entity chosen last (kept on the account, looked up by its code).
  await logoutUi(page);
  await enterAsAdmin(page, { keepDialog: true, ui: true });
  await expect(dialog).toContainText('Pérez Hnos. S.H. · 1002');
  await dialog.getByRole('button', { name: 'Seleccionar' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await stored(page)).actuaComo).toBe(1002);
});
