import { expect, test } from '@playwright/test';
import { LA_PAMPA, enterAsProductorUi, loginUi, shot } from '../../support/fixtures';

test('without a session only the public routes open; the rest go to /welcome', async ({ page }) => {
  for (const route of ['/#/1/dashboard', '/#/welcome/sessions', '/#/welcome/new', '/#/2/cualquier/cosa', '/#/no-existe']) {
    await page.goto(route);
    await expect(page, route).toHaveURL(/#\/welcome$/);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  }
  // '/' without a session: straight to the login.
  await page.goto('/');
  await expect(page).toHaveURL(/#\/welcome$/);
  await page.goto('/#/forgot');
  await expect(page).toHaveURL(/#\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Recuperar su contraseña' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
  await expect(page).toHaveURL(/#\/welcome$/);
  await page.goto('/#/welcome/signup');
  await expect(page.getByRole('tab', { name: 'Registrarme' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/#/welcome/signin');
  await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toHaveAttribute('aria-selected', 'true');
});

test('the login form asks for both fields', async ({ page }, testInfo) => {
  await page.goto('/#/welcome');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('El usuario es obligatorio.')).toBeVisible();
  await expect(page.getByText('La contraseña es obligatoria.')).toBeVisible();
  await expect(page.getByLabel('Usuario o email')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, testInfo, 'login-errors');
  // A field is checked again as it changes: typing clears its message, emptying it brings the message back.
  await page.getByLabel('Usuario o email').fill('productor');
  await expect(page.getByText('El usuario es obligatorio.')).toBeHidden();
  await expect(page.getByText('La contraseña es obligatoria.')).toBeVisible();
  await page.getByLabel('Usuario o email').fill('');
  await expect(page.getByText('El usuario es obligatorio.')).toBeVisible();
  // The user name is trimmed and lower-cased before it is sent.
  await loginUi(page, '  PRODUCTOR ', 'Demo1234');
});

test('wrong credentials are answered with the authentication error, and the user stays on the login screen', async ({ page }, testInfo) => {
  await page.goto('/#/welcome');
  await page.getByLabel('Usuario o email').fill('nadie.registrado');
  await page.getByLabel('Contraseña').fill('NoEsLaClave1');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // The notification's code is loaded on this first use (lib/feedback.tsx).
  await expect(page.getByRole('alert').filter({ hasText: 'Error en la autenticación' })).toContainText('Usuario o contraseña incorrectos.');
  await expect(page).toHaveURL(/#\/welcome$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
  await shot(page, testInfo, 'login-wrong-credentials');
});

test('after login the root goes to the sessions, and once inside to the dashboard', async ({ page }) => {
  await loginUi(page, 'productor', 'Demo1234');
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/welcome\/sessions$/);
  // A company but no entity yet: the shell sends to that company's entities.
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  await expect(page.getByRole('heading', { name: /Entidades activas/ })).toBeVisible();
  await page.getByTestId('entity-1001').click();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);

  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await expect(page.getByTestId('dashboard-entity')).toContainText('Juan Pérez');
  // An unknown address says so (in the title too) and offers the way back, instead of silently showing another screen.
  await page.goto('/#/1/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page).toHaveTitle(/^Página no encontrada · /);
  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await expect(page.getByTestId('dashboard-entity')).toBeVisible();
  // A screen's address without the profile (where the server sends /pedidos typed without the hash).
  await page.goto('/#/pedidos');
  await expect(page).toHaveURL(/#\/1\/pedidos$/);
});

test('a public route stays open while logged in', async ({ page }) => {
  await enterAsProductorUi(page);
  await page.goto('/#/forgot');
  await expect(page.getByRole('heading', { name: 'Recuperar su contraseña' })).toBeVisible();
  await expect(page).toHaveURL(/#\/forgot$/);
});

test('vendedor has two profiles and chooses the one to enter with', async ({ page }, testInfo) => {
  await loginUi(page, 'vendedor', 'Demo1234');
  const choose = async () => {
    await page.getByTestId(`session-${LA_PAMPA}`).click();
    // One entity (casa central): chosen by itself, then the profile is asked.
    await expect(page.getByRole('heading', { name: 'Seleccione un perfil' })).toBeVisible();
    await expect(page.getByTestId('profile-2')).toContainText('Vendedor');
    await expect(page.getByTestId('profile-3')).toContainText('Jefe de zona');
    await expect(page.getByTestId(/^profile-/)).toHaveCount(2);
  };

  await choose();
  await shot(page, testInfo, 'profile-choice');
  await page.getByTestId('profile-2').click();
  await expect(page).toHaveURL(/#\/2\/dashboard$/);
  await expect(page.getByTestId('dashboard-entity')).toContainText('Casa central');
  await expect(page.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '#/2/dashboard');

  await page.goto('/#/welcome/sessions');
  await choose();
  await page.getByTestId('profile-3').click();
  await expect(page).toHaveURL(/#\/3\/dashboard$/);
  await expect(page.getByTestId('dashboard-entity')).toContainText('Casa central');
  await expect(page.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '#/3/dashboard');
  await page.reload();
  await expect(page).toHaveURL(/#\/3\/dashboard$/);
  await expect(page.getByTestId('dashboard-company')).toContainText('Cooperativa Agropecuaria La Pampa Ltda.');
});
