import { expect, test } from '@playwright/test';
import { closeNotifications, shot } from '../../support/fixtures';
import { enterAsAdmin, openAdminPage, shotScreen, uniqueUsername } from '../../support/admin';

test('the administrator sets a webhook on a key that reads events, sees its signing secret once, pauses it and removes it', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const name = uniqueUsername('ERP webhook', testInfo);
  await enterAsAdmin(page);
  await openAdminPage(page, testInfo, 'Integración', 'integracion');
  await expect(page.getByRole('heading', { name: 'Webhook', level: 4 })).toBeVisible();

  // A key that may read the portal's events.
  await page.getByRole('button', { name: 'Nueva clave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva clave' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.locator('.ant-form-item').filter({ hasText: 'Puede leer' }).getByLabel(/^Eventos del portal/).check();
  await dialog.getByRole('button', { name: 'Crear clave' }).click();
  const created = page.getByRole('dialog', { name: 'Clave creada' });
  await created.getByRole('button', { name: 'Ya la guardé' }).click();
  await closeNotifications(page);

  const section = page.getByTestId('integration-webhook');
  const keyPicker = section.getByRole('combobox', { name: 'Clave' });
  await keyPicker.click();
  await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
  await expect(section.getByText('Esta clave no tiene webhook')).toBeVisible();

  // The contract's rule, in Spanish: http only to this machine.
  const url = section.getByLabel('Dirección (URL)');
  await url.fill('http://erp.example.com/portal');
  await section.getByRole('button', { name: 'Guardar webhook' }).click();
  await expect(section.getByText('La dirección debe empezar con https://')).toBeVisible();
  await url.fill('https://erp.example.com/portal/webhook');
  // The message leaves with a short animation that moves the button up: the click waits for it to be gone.
  await expect(section.getByText('La dirección debe empezar con https://')).toBeHidden();
  await section.getByRole('button', { name: 'Guardar webhook' }).click();

  const shown = page.getByRole('dialog', { name: 'Secreto de firma' });
  await expect(shown.getByText('no se volverá a mostrar')).toBeVisible();
  const secret = await shown.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  await shotScreen(page, testInfo, 'webhook-secret');
  await shown.getByRole('button', { name: 'Ya lo guardé' }).click();
  await expect(shown).toBeHidden();
  await closeNotifications(page);

  // The deliveries of the new webhook: none yet, unless another test's order or receipt of this company (the other
  // worker) was queued for it in between.
  await expect(section.getByText('Todavía no hay entregas').or(section.getByTestId('integration-deliveries'))).toBeVisible();
  await expect(section.getByRole('button', { name: 'Generar nuevo secreto' })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await shot(page, testInfo, 'integration-webhook');

  // Paused: saved without a new secret.
  await section.getByRole('switch', { name: 'Activo' }).click();
  await section.getByRole('button', { name: 'Guardar webhook' }).click();
  await expect(page.getByText('Webhook guardado').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Secreto de firma' })).toBeHidden();
  await closeNotifications(page);

  await section.getByRole('button', { name: 'Quitar webhook' }).click();
  await page.getByRole('dialog').filter({ hasText: '¿Quitar el webhook?' }).getByRole('button', { name: 'Quitar webhook' }).click();
  await expect(section.getByText('Esta clave no tiene webhook')).toBeVisible();
});
