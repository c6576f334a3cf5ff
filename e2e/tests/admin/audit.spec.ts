import { expect, test, type APIRequestContext } from '@playwright/test';
import { LA_PAMPA, closeNotifications, enterAsProductor, shot } from '../../support/fixtures';
import { enterAsAdmin, openAdminPage, uniqueUsername } from '../../support/admin';

const OAUTH = '/api/public/oauth';
const login = (request: APIRequestContext, username: string, password: string) =>
  request.post(OAUTH, { data: { client_id: 'master', grant_type: 'password', username, password } });

/**
 * A customer of this test's own, created by the administrator, who then logs in `logins` times and fails once:
 * rows of the audit trail that no other test writes (the screen is read by its username).
 */
async function auditedUser(request: APIRequestContext, username: string, logins: number) {
  const admin = await login(request, 'admin', 'Admin1234');
  expect(admin.status(), await admin.text()).toBe(200);
  const { access_token } = (await admin.json()) as { access_token: string };
  const created = await request.post('/api/public/proxy/usuarios', {
    headers: { authorization: `Bearer ${access_token}`, Cuit: LA_PAMPA },
    data: { username, email: `${username}@e2e.com.ar`, first_name: 'Olga', last_name: 'Auditada', password: 'Clave1234', perfiles: [1] },
  });
  expect(created.status(), await created.text()).toBe(201);
  for (let i = 0; i < logins; i++) expect((await login(request, username, 'Clave1234')).status()).toBe(200);
  expect((await login(request, username, 'Equivocada1')).status()).toBe(401);
}

test('the administrator reads the audit trail: filters by action, user and date, pages through it; nothing to edit', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'phone';
  const username = uniqueUsername('auditada', testInfo);
  await auditedUser(request, username, 21);

  await enterAsAdmin(page);
  // Desktop: the 'Administrador' group of the menu. Phone: the group is hidden (access.md §6), the address opens it.
  if (phone) {
    await page.getByRole('button', { name: 'Menú' }).click();
    await expect(page.getByRole('menuitem', { name: 'Cambiar entidad' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Auditoría' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }
  await openAdminPage(page, testInfo, 'Auditoría', 'auditoria');
  await expect(page.getByRole('heading', { name: 'Auditoría' })).toBeVisible();
  await expect(page.getByText('Registro de solo lectura')).toBeVisible();
  await expect(page.getByTestId('audit-total')).toContainText('registros');

  // Action: 'Usuario creado' → the creation of this test's user, by admin, from an address.
  await page.getByRole('combobox', { name: 'Acción' }).click();
  await page.getByRole('combobox', { name: 'Acción' }).fill('usuario creado');
  // Chosen with the keyboard: the filtered list's first option is the active one (a click could land while the list
  // is still zooming in, on what lies under it).
  await expect(page.locator('.ant-select-item-option-active')).toHaveText(/^Usuario creado$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/accion=admin\.user-created/);
  const created = page.getByTestId('audit-list').locator('[data-testid^="audit-"]').filter({ hasText: username });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('Usuario creado');
  await expect(created).toContainText('admin.user-created');
  await expect(created).toContainText('admin');
  await expect(created).toContainText(/127\.0\.0\.1/);
  await expect(page.getByTestId('audit-list').locator('[data-testid^="audit-"]').filter({ hasNotText: 'Usuario creado' })).toHaveCount(0);
  // Read-only: no row offers anything to press.
  await expect(page.getByTestId('audit-list').getByRole('button')).toHaveCount(0);
  await closeNotifications(page);
  await shot(page, testInfo, 'admin-audit');

  // User: this test's user only — 21 logins and 1 failure, 20 a page, newest (the failure) first.
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).not.toHaveURL(/accion=/);
  await page.getByRole('searchbox', { name: 'Usuario o email' }).fill(username);
  await page.getByRole('searchbox', { name: 'Usuario o email' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`usuario=${username.replace(/\./g, '\\.')}`));
  await expect(page.getByTestId('audit-total')).toHaveText('22 registros');
  const rows = page.getByTestId('audit-list').locator('[data-testid^="audit-"]');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('Ingreso fallido');
  await expect(rows.first()).toContainText('Usuario ingresado');
  await expect(rows.filter({ hasText: 'Ingreso fallido' })).toHaveCount(1);
  await expect(rows.nth(1)).toContainText('Ingreso');
  await expect(rows.nth(1)).toContainText('login');
  await shot(page, testInfo, 'admin-audit-user');
  if (phone) await page.locator('.audit-pagination .ant-pagination-next').click();
  else await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Ingreso fallido' })).toHaveCount(0);

  // Dates: 'Desde' today keeps them (a new filter goes back to page 1); the address keeps the filters on reload.
  await page.getByRole('textbox', { name: 'Desde' }).click();
  await page.locator('.ant-picker-dropdown:visible').getByText('Hoy', { exact: true }).click();
  await expect(page).toHaveURL(/desde=\d{4}-\d{2}-\d{2}/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByTestId('audit-total')).toHaveText('22 registros');
  await page.reload();
  await expect(page.getByTestId('audit-total')).toHaveText('22 registros');
  await expect(page.getByRole('searchbox', { name: 'Usuario o email' })).toHaveValue(username);

  // A range that ended before the user existed: nothing.
  await page.goto(`/#/1/auditoria?usuario=${username}&hasta=2020-01-31`);
  await expect(page.getByRole('textbox', { name: 'Hasta' })).toHaveValue('31/01/2020');
  await expect(page.getByTestId('audit-total')).toHaveText('0 registros');
  await expect(page.getByText('No hay registros para estos filtros.')).toBeVisible();
});

test('a customer has no Auditoría: not in the menu, and the address answers that it is for administrators', async ({ page }) => {
  await enterAsProductor(page);
  await page.getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sesiones activas' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Auditoría' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/#/1/auditoria');
  await expect(page.getByText('Esta operación está reservada a los administradores de la empresa.')).toBeVisible();
  await expect(page.getByTestId('audit-list')).toHaveCount(0);
});
