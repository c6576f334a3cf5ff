import { expect, test } from '@playwright/test';
import { closeNotifications, dialogSettled, shot } from '../../support/fixtures';
import { enterAsAdmin, openAdminPage, uniqueUsername } from '../../support/admin';

const WHO = '/api/integration/v1/clave';

test('the administrator creates an integration key, sees its secret once, sees its batches with their counts, and revokes it', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const name = uniqueUsername('ERP', testInfo);
  await enterAsAdmin(page);
  await openAdminPage(page, testInfo, 'Integración', 'integracion');
  await expect(page.getByRole('heading', { name: 'Integración', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Últimos lotes recibidos' })).toBeVisible();

  await page.getByRole('button', { name: 'Nueva clave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva clave' });
  await dialogSettled(dialog);
  // Nothing chosen: the contract's messages, in Spanish.
  await dialog.getByRole('button', { name: 'Crear clave' }).click();
  await expect(dialog.getByText('Ingrese un nombre para la clave')).toBeVisible();
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByRole('button', { name: 'Crear clave' }).click();
  await expect(dialog.getByText('Elija al menos un tipo de dato que la clave pueda escribir o leer')).toBeVisible();
  await dialog.locator('.ant-form-item').filter({ hasText: 'Puede escribir' }).getByLabel('Clientes y entidades', { exact: true }).check();
  await dialog.locator('.ant-form-item').filter({ hasText: 'Puede leer' }).getByLabel('Movimientos de cuenta corriente').check();
  await shot(page, testInfo, 'integration-new-key');
  await dialog.getByRole('button', { name: 'Crear clave' }).click();

  const shown = page.getByRole('dialog', { name: 'Clave creada' });
  await expect(shown.getByText('no se volverá a mostrar')).toBeVisible();
  const secret = await shown.getByTestId('integration-secret').inputValue();
  expect(secret).toMatch(/^pic_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
  await shot(page, testInfo, 'integration-secret');
  await shown.getByRole('button', { name: 'Ya la guardé' }).click();
  await expect(shown).toBeHidden();
  await closeNotifications(page);

  // The ERP calls with it: a batch of customers whose only row is refused (nothing is written to the shared demo).
  const who = await request.get(WHO, { headers: { authorization: `Bearer ${secret}` } });
  expect(who.status(), await who.text()).toBe(200);
  const sent = await request.post('/api/integration/v1/clientes', {
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-ndjson' },
    data: JSON.stringify({ codigo: 990001, razon_social: 'Cliente con CUIT mal', cuit: '20123456780' }),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const answer = (await sent.json()) as { lote: string; rechazadas: number; rechazos: Array<{ fila: number; campo: string; mensaje: string }> };
  expect(answer.rechazos).toEqual([{ fila: 1, campo: 'cuit', mensaje: 'El CUIT no es válido (11 dígitos con su dígito verificador)' }]);
  // The list shows the key with its scopes, its last use, and never the secret again; the batch with its counts.
  await page.reload();
  const batch = page.getByTestId(`integration-batch-${answer.lote}`);
  await expect(batch).toContainText(name);
  await expect(batch).toContainText('Clientes y entidades');
  // Accepted 0, unchanged 0, rejected 1 (marked in red).
  await expect(batch.locator('.integration-rejected')).toContainText('1');
  await expect(batch).toContainText('Alta o modificación');
  const row = page.getByTestId('integration-keys').locator('[data-testid^="integration-key-"]').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Clientes y entidades');
  await expect(row).toContainText('Movimientos de cuenta corriente');
  await expect(row).toContainText('Activa');
  await expect(row).not.toContainText('Nunca usada');
  await expect(page.getByText(secret.slice(17))).toHaveCount(0);
  await shot(page, testInfo, 'integration-keys');

  await row.getByRole('button', { name: `Revocar ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Revocar la clave?' });
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(row).toContainText('Revocada');
  await expect(row.getByRole('button', { name: /Revocar/ })).toHaveCount(0);
  const refused = await request.get(WHO, { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { msg: string }).msg).toBe('La clave de integración fue revocada');
});
