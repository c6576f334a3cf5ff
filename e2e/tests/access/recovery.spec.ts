import { expect, test } from '@playwright/test';
import { closeNotifications, loginUi, mailTo, registerCustomer, shot, uniqueEmail } from '../../support/fixtures';

test('a customer recovers the password with the mailed link, which works only once', async ({ page, request }, testInfo) => {
  const { email, password } = await registerCustomer(request, uniqueEmail('recupero', testInfo));
  const newPassword = 'Recupero987';

  await page.goto('/#/welcome');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/#\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Recuperar su contraseña' })).toBeVisible();

  const send = page.getByRole('button', { name: 'Enviar email de recuperación' });
  await send.click();
  await expect(page.getByText('El mail es obligatorio.')).toBeVisible();
  await page.getByLabel('Email').fill('no-es-un-mail');
  await expect(page.getByText('Ingrese un email válido.')).toBeVisible();
  await shot(page, testInfo, 'forgot-mail');

  // Typed with capitals and spaces: lower-cased and trimmed as typed.
  await page.getByLabel('Email').fill(` ${email.toUpperCase()} `);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await send.click();
  await expect(page.getByText(/Si el email corresponde a un usuario registrado, recibirá un correo/)).toBeVisible();
  await closeNotifications(page);

  const mail = await mailTo(email);
  expect(mail.subject).toBe('Recuperar su contraseña');
  const link = /https?:\/\/\S+?(\/#\/forgot\/[\w-]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Recuperar su contraseña' })).toBeVisible();
  const pass = page.getByLabel('Nueva contraseña');
  const repeat = page.getByLabel('Repetir contraseña');
  const change = page.getByRole('button', { name: 'Cambiar' });
  await pass.fill('abc');
  await repeat.fill('abd');
  await change.click();
  await expect(page.getByText('Mínimo 6 caracteres')).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await shot(page, testInfo, 'forgot-change');

  await pass.fill(newPassword);
  await repeat.fill(newPassword);
  await expect(page.getByText('Mínimo 6 caracteres')).toBeHidden();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeHidden();
  await change.click();
  await expect(page).toHaveURL(/#\/welcome$/);
  await expect(page.getByText('Su contraseña fue cambiada. Ya puede ingresar con la nueva contraseña.')).toBeVisible();
  await closeNotifications(page);

  // The old password no longer opens the account; the new one does.
  await page.getByLabel('Usuario o email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Error en la autenticación')).toBeVisible();
  await expect(page).toHaveURL(/#\/welcome$/);
  await closeNotifications(page);
  await loginUi(page, email, newPassword);

  // The link served once.
  await page.goto(link!);
  await page.getByLabel('Nueva contraseña').fill('OtraClave55');
  await page.getByLabel('Repetir contraseña').fill('OtraClave55');
  await page.getByRole('button', { name: 'Cambiar' }).click();
  await expect(page.getByText('Error al cambiar la contraseña')).toBeVisible();
  await expect(page.getByText('El enlace de recuperación no es válido o ya fue utilizado.')).toBeVisible();
  await expect(page).toHaveURL(/#\/forgot\//);
});
