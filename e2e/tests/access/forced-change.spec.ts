import { expect, test } from '@playwright/test';
import { LA_PAMPA, closeNotifications, loginUi, logoutUi, shot } from '../../support/fixtures';

/**
 * `cambio` has to change the password. Every project checks the dialog; only `desktop`, which runs after all
 * of `phone`, saves a new password (the demo state is used up then).
 */
test('cambio is asked to change the password until it does', async ({ page }, testInfo) => {
  // Two logins through the screens, a reload, a save and a logout: about 60 s of steps on a busy 2-core CI machine.
  test.setTimeout(150_000);
  const saves = testInfo.project.name === 'desktop';
  const newPassword = 'CambioNuevo26';

  await loginUi(page, 'cambio', 'Demo1234');
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  const dialog = page.getByRole('dialog', { name: 'Cambio de clave' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nueva contraseña')).toBeVisible();
  await expect(dialog.getByLabel('Repetir contraseña')).toBeVisible();
  // The current password is not asked here.
  await expect(dialog.getByLabel('Contraseña actual')).toHaveCount(0);
  await shot(page, testInfo, 'forced-change');

  await dialog.getByRole('button', { name: 'Mas tarde' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('dashboard-entity')).toContainText('Laura Martínez');

  // Not saved: it comes back.
  await page.reload();
  await expect(dialog).toBeVisible();
  // A refused form shows its messages and throws nothing into the page (no uncaught promise).
  const uncaught: string[] = [];
  page.on('pageerror', (e) => uncaught.push(e.message));
  await dialog.getByLabel('Nueva contraseña').fill('abc');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Minimo 6 caracteres')).toBeVisible();
  expect(uncaught).toEqual([]);
  await dialog.getByLabel('Nueva contraseña').fill(newPassword);
  await dialog.getByLabel('Repetir contraseña').fill(`${newPassword}x`);
  await expect(dialog.getByText('Minimo 6 caracteres')).toBeHidden();
  await expect(dialog.getByText('Las contraseñas no coinciden')).toBeVisible();
  await shot(page, testInfo, 'forced-change-errors');

  if (!saves) {
    await dialog.getByRole('button', { name: 'Mas tarde' }).click();
    await expect(dialog).toBeHidden();
    return;
  }

  await dialog.getByLabel('Repetir contraseña').fill(newPassword);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Los datos del perfil fueron guardados.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('dashboard-entity')).toContainText('Laura Martínez');
  await expect(page.getByRole('button', { name: 'Perfil' })).toHaveText('Laura Martínez');
  await expect(dialog).toHaveCount(0);

  await closeNotifications(page);
  await logoutUi(page);
  await page.getByLabel('Usuario o email').fill('cambio');
  await page.getByLabel('Contraseña').fill('Demo1234');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Error en la autenticación')).toBeVisible();
  await closeNotifications(page);
  await loginUi(page, 'cambio', newPassword);
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await expect(page.getByTestId('dashboard-entity')).toContainText('Laura Martínez');
  await expect(dialog).toHaveCount(0);
});
