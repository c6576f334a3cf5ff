import { expect, test } from '@playwright/test';
import { LA_PAMPA, SELF_SIGNUP, closeNotifications, latestCode, shot, smsTo, uniqueEmail, withSmsLock } from '../../support/fixtures';

test('a customer registers with an SMS code, is logged in, and adds La Pampa by its CUIT @smoke', async ({ page }, testInfo) => {
  const email = uniqueEmail('alta', testInfo);

  await page.goto('/#/welcome');
  await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, testInfo, 'welcome-login');

  await page.getByRole('tab', { name: 'Registrarme' }).click();
  await expect(page).toHaveURL(/#\/welcome\/signup$/);
  const form = page.getByRole('tabpanel', { name: 'Registrarme' });
  await expect(form.getByText('+54', { exact: true })).toBeVisible();
  await shot(page, testInfo, 'register-form');

  // Empty submit: every field says what it needs.
  await form.getByRole('button', { name: 'Siguiente' }).click();
  for (const message of [
    'El nombre es obligatorio.',
    'El apellido es obligatorio.',
    'Ingrese un email válido.',
    'La contraseña es obligatoria.',
    'Campo numérico obligatorio.',
    'El cuit es obligatorio.',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await shot(page, testInfo, 'register-form-errors');

  await form.getByLabel('Nombre').fill('María Fernanda');
  // Mistyped, corrected below with 'Corregir mis datos'.
  await form.getByLabel('Apellido').fill('Gomez');
  // The e-mail is lower-cased and trimmed: the account is then found by the lower-case address.
  await form.getByLabel('Email').fill(email.toUpperCase());
  await form.getByLabel('Contraseña').fill('Clave1234');
  await form.getByLabel('Celular').fill(SELF_SIGNUP.phone.slice(0, 9));
  await expect(form.getByText('Debe contener 10 caracteres')).toBeVisible();
  await form.getByLabel('Celular').fill(SELF_SIGNUP.phone);
  await expect(form.getByText('Debe contener 10 caracteres')).toBeHidden();
  await form.getByLabel('CUIT').fill(SELF_SIGNUP.cuit);

  const codeField = form.getByLabel('Código');
  // Held through the correction: the server finds the registration to correct by the mobile, shared by every
  // registration of the demo.
  const firstCode = await withSmsLock(async () => {
    const before = smsTo(SELF_SIGNUP.phone).length;
    const registration = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/public\/usuarios$/.test(r.url()));
    await form.getByRole('button', { name: 'Siguiente' }).click();
    // Sent lower-cased and trimmed, as access.md §5 asks of the browser too.
    expect((JSON.parse((await registration).postData() ?? '{}') as { email?: string }).email).toBe(email.toLowerCase());
    const sent = await latestCode(SELF_SIGNUP.phone, before);
    await expect(codeField).toBeVisible();
    await expect(form.getByText(/Ingrese el código de 6 dígitos que enviamos por SMS/)).toBeVisible();
    await expect(page.getByText(/^Le enviamos un código de verificación por SMS al \+54 2954 55 5010\.$/)).toBeVisible();
    await closeNotifications(page);
    await shot(page, testInfo, 'register-code');

    // 'Corregir mis datos' keeps what was typed; sending the corrected data again sends no SMS and says that the
    // code already sent still holds (a customer who mistypes once is not blocked).
    await form.getByRole('button', { name: 'Corregir mis datos' }).click();
    await expect(form.getByLabel('Apellido')).toHaveValue('Gomez');
    await form.getByLabel('Apellido').fill('Gómez');
    await form.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Sus datos fueron corregidos. El código que le enviamos por SMS al +54 2954 55 5010 sigue vigente.')).toBeVisible();
    await expect(codeField).toBeVisible();
    await shot(page, testInfo, 'register-corrected');
    expect(smsTo(SELF_SIGNUP.phone).length).toBe(before + 1);
    return sent;
  });
  await closeNotifications(page);

  await codeField.fill('12345');
  await form.getByRole('button', { name: 'Validar' }).click();
  await expect(form.getByText('El código debe tener 6 caracteres')).toBeVisible();

  // A new code replaces the first one.
  const code = await withSmsLock(async () => {
    const before = smsTo(SELF_SIGNUP.phone).length;
    await form.getByRole('button', { name: 'Reenviar código' }).click();
    return latestCode(SELF_SIGNUP.phone, before);
  });
  await expect(page.getByText('Se ha enviado un nuevo código a +54 2954 55 5010')).toBeVisible();
  await closeNotifications(page);

  // The replaced code no longer works.
  if (firstCode !== code) {
    await codeField.fill(firstCode);
    await form.getByRole('button', { name: 'Validar' }).click();
    await expect(page.getByText('El código ingresado no es correcto.')).toBeVisible();
    await expect(page).toHaveURL(/#\/welcome\/signup$/);
    await closeNotifications(page);
  }

  await codeField.fill(code);
  await expect(form.getByText('El código debe tener 6 caracteres')).toBeHidden();
  await form.getByRole('button', { name: 'Validar' }).click();

  // Logged in by itself, with no company yet.
  await expect(page).toHaveURL(/#\/welcome\/sessions$/);
  await expect(page.getByText('No tiene sesiones activas')).toBeVisible();
  await expect(page.getByText('Su usuario fue creado correctamente.')).toBeVisible();
  await closeNotifications(page);
  await shot(page, testInfo, 'sessions-empty');

  await page.getByRole('button', { name: 'Nueva sesión' }).click();
  await expect(page).toHaveURL(/#\/welcome\/new$/);
  const cuit = page.getByLabel('CUIT de la empresa');
  const add = page.getByRole('button', { name: 'Agregar sesión' });
  await shot(page, testInfo, 'new-session');
  await add.click();
  await expect(page.getByText('El cuit es obligatorio.')).toBeVisible();
  await cuit.fill('30-7123456');
  await expect(page.getByText('Sólo números, sin caracteres ni espacios')).toBeVisible();
  await cuit.fill('3071234567');
  await expect(page.getByText('El cuit debe ser de 11 caracteres')).toBeVisible();
  await shot(page, testInfo, 'new-session-errors');

  // Her CUIT and verified mobile match one entity of La Pampa: it is chosen without asking.
  await cuit.fill(LA_PAMPA);
  await add.click();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await expect(page.getByTestId('dashboard-entity')).toContainText(SELF_SIGNUP.entityLabel);
  await expect(page.getByTestId('dashboard-company')).toContainText('Cooperativa Agropecuaria La Pampa Ltda.');
  await expect(page.getByText('Se agregó la sesión.')).toBeVisible();
  await closeNotifications(page);
  await shot(page, testInfo, 'dashboard-new-customer');
});
