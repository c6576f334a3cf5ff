import { expect, test } from '@playwright/test';
import { LA_PAMPA, SUSPENDIDA, addSession, closeNotifications, enterAsProductorUi, enterViaApi, loginUi, logoutUi, registerCustomer, shot, uniqueEmail } from '../../support/fixtures';

test.describe('the shell around the dashboard (productor, read-only)', () => {
  test.beforeEach(async ({ page }) => {
    await enterAsProductorUi(page);
  });

  test('the header shows the company, the user, and an entity selector that switches the entity', async ({ page }, testInfo) => {
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Menú' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '#/1/dashboard');
    await expect(header.getByRole('button', { name: 'Perfil' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    if (testInfo.project.name === 'desktop') {
      await expect(header.getByRole('button', { name: 'Perfil' })).toHaveText('Juan Pérez');
      await expect(header.getByText('Cooperativa La Pampa', { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toHaveText('Cooperativa Agropecuaria La Pampa Ltda. · v1.1.0');
    await expect(page.getByText('v1.1.0')).toBeVisible();
    await shot(page, testInfo, 'dashboard-header');

    // Two active entities: the selector offers them, the inactive one disabled.
    const selector = header.getByRole('combobox', { name: 'Entidad' });
    await expect(selector).toBeVisible();
    await expect(page.getByTestId('dashboard-entity')).toContainText('Juan Pérez');
    await selector.click();
    await expect(page.getByRole('option', { name: 'Campo El Caldén (dado de baja)' })).toHaveAttribute('aria-disabled', 'true');
    await shot(page, testInfo, 'dashboard-entity-selector');
    // The listbox options are for assistive technology only; the visible items carry the label as title.
    await page.getByTitle('Pérez Hnos. S.H.', { exact: true }).click();
    await expect(page.getByTestId('dashboard-entity')).toContainText('Pérez Hnos. S.H.');
    await expect(page.getByTestId('dashboard-entity')).toContainText('Código 1002');
    await expect(page).toHaveURL(/#\/1\/dashboard$/);

    // The choice is kept on reload.
    await page.reload();
    await expect(page.getByTestId('dashboard-entity')).toContainText('Pérez Hnos. S.H.');
  });

  test('the entity selector is drawn as the closed Select and answers the keyboard: focused, opened with Enter, chosen with the arrows', async ({ page }) => {
    const header = page.getByRole('banner');
    // Until it is used, the header draws a look-alike of the closed Select (the Select's code loads on first use).
    const closed = header.locator('.entity-selector');
    await expect(closed).toHaveClass(/\bant-select\b/);
    await expect(closed).toHaveClass(/\bant-select-single\b/);
    await expect(closed.locator('.ant-select-content')).toHaveAttribute('title', 'Juan Pérez');
    await expect(closed.locator('.ant-select-suffix .anticon-down')).toBeVisible();
    const selector = header.getByRole('combobox', { name: 'Entidad' });
    await expect(selector).toHaveAttribute('aria-expanded', 'false');

    await selector.focus();
    await page.keyboard.press('Enter');
    await expect(selector).toHaveAttribute('aria-expanded', 'true');
    await expect(selector).toBeFocused();
    const chosen = page.getByRole('option', { name: 'Pérez Hnos. S.H.' });
    await expect(chosen).toBeAttached();
    // Juan Pérez is chosen; the next enabled entity is Pérez Hnos. S.H.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('dashboard-entity')).toContainText('Pérez Hnos. S.H.');
    await expect(header.getByRole('combobox', { name: 'Entidad' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the side drawer lists Inicio and the Cuenta group; Cerrar sesión only on the phone', async ({ page }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await page.getByRole('button', { name: 'Menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cooperativa Agropecuaria La Pampa Ltda.' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('menuitem', { name: 'Inicio', exact: true })).toBeVisible();
    await expect(drawer.getByText('Cuenta', { exact: true })).toBeVisible();
    const account = drawer.getByRole('group');
    await expect(account.getByRole('menuitem', { name: 'Nueva sesión', exact: true })).toBeVisible();
    await expect(account.getByRole('menuitem', { name: 'Sesiones activas', exact: true })).toBeVisible();
    await expect(account.getByRole('menuitem', { name: 'Cerrar sesión', exact: true })).toHaveCount(phone ? 1 : 0);
    await shot(page, testInfo, 'drawer');

    if (phone) {
      // From the drawer, logout asks first; cancelling keeps the session.
      await account.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Su sesión se cerrará. ¿Desea continuar?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await expect(confirm).toBeHidden();
      await expect(page).toHaveURL(/#\/1\/dashboard$/);
      await page.getByRole('button', { name: 'Menú' }).click();
    }

    await drawer.getByRole('menuitem', { name: 'Sesiones activas', exact: true }).click();
    await expect(page).toHaveURL(/#\/welcome\/sessions$/);
    await expect(page.getByRole('heading', { name: 'Sesiones activas' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/1\/dashboard$/);
    await page.getByRole('button', { name: 'Menú' }).click();
    await drawer.getByRole('menuitem', { name: 'Nueva sesión', exact: true }).click();
    await expect(page).toHaveURL(/#\/welcome\/new$/);
    await expect(page.getByRole('heading', { name: 'Nueva sesión' })).toBeVisible();
  });

  test('the news notice shows until it is closed, and stays closed after a reload', async ({ page }) => {
    const news = page.getByRole('alert').filter({ hasText: 'Campaña de cosecha fina 2026/27' });
    await expect(news).toBeVisible();
    await expect(news).toContainText('Ya está abierta la recepción de trigo y cebada');
    await news.getByRole('button', { name: 'Cerrar novedad' }).click();
    await expect(news).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('dashboard-entity')).toContainText('Juan Pérez');
    await expect(page.getByRole('alert').filter({ hasText: 'Campaña de cosecha fina 2026/27' })).toHaveCount(0);
  });

  test("a company the server refuses (suspended meanwhile) shows the server's message, which carries the spec's mensaje", async ({ page }, testInfo) => {
    // The stored session names a company that was suspended since it was chosen.
    await page.evaluate((cuit) => {
      const key = 'portal.session.v1';
      const s = JSON.parse(localStorage.getItem(key) ?? '{}') as { host: { cuit: string; razonsocial: string } };
      localStorage.setItem(key, JSON.stringify({ ...s, host: { cuit, razonsocial: 'Cooperativa Suspendida Ltda.' } }));
    }, SUSPENDIDA);
    // The answer to the reloaded page's call, for the suspended company (not a refetch of the page before it).
    const data = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/public/data' && r.request().method() === 'GET' && r.request().headers()['cuit'] === SUSPENDIDA,
    );
    await page.reload();
    const refused = await data;
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, msg: 'La sesión con esta empresa se encuentra suspendida.', mensaje: 'La sesión con esta empresa se encuentra suspendida.' });
    const result = page.locator('.ant-result').filter({ hasText: 'Error al consultar datos del usuario' });
    await expect(result).toContainText('La sesión con esta empresa se encuentra suspendida.');
    await expect(page.getByRole('alert').filter({ hasText: 'Error al consultar datos del usuario' })).toContainText('La sesión con esta empresa se encuentra suspendida.');
    await shot(page, testInfo, 'shell-company-refused');
    // Another company can be entered from there.
    await result.getByRole('button', { name: 'Volver a sesiones activas' }).click();
    await expect(page).toHaveURL(/#\/welcome\/sessions$/);
    await expect(page.getByTestId(`session-${LA_PAMPA}`)).toBeVisible();
  });
});

test('a customer edits the profile, changes the password, and logs out', async ({ page, request }, testInfo) => {
  // A whole journey: a registration (waiting its turn for the shared SMS outbox), two logins and two password checks
  // (argon2id), the profile saved twice. It takes ≈ 40 s alone on a loaded machine, too close to the 60 s budget.
  test.slow();
  const { email, password } = await registerCustomer(request, uniqueEmail('perfil', testInfo));
  const newPassword = 'Perfil5678';
  await loginUi(page, email, password);
  await addSession(page, LA_PAMPA);
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  // One entity only: no selector.
  await expect(page.getByRole('combobox', { name: 'Entidad' })).toHaveCount(0);
  await closeNotifications(page);

  await page.getByRole('button', { name: 'Perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Perfil' });
  await expect(dialog).toBeVisible();
  const nombre = dialog.getByLabel('Nombre');
  const apellido = dialog.getByLabel('Apellido');
  await expect(nombre).toHaveValue('María Fernanda');
  await expect(apellido).toHaveValue('Gómez');
  await expect(dialog.getByLabel('Contraseña actual')).toHaveCount(0);
  await shot(page, testInfo, 'profile-dialog');

  // A refused form shows its messages and throws nothing into the page (no uncaught promise).
  const uncaught: string[] = [];
  page.on('pageerror', (e) => uncaught.push(e.message));
  await nombre.fill('');
  await apellido.fill('   ');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El nombre no puede ser vacio.')).toBeVisible();
  await expect(dialog.getByText('El apellido no puede ser vacio.')).toBeVisible();
  expect(uncaught).toEqual([]);

  await nombre.fill('Fernanda');
  await apellido.fill('Gómez Ruiz');
  const pass = dialog.getByLabel('Nueva contraseña');
  const repeat = dialog.getByLabel('Repetir contraseña');
  await pass.fill('abc');
  await expect(dialog.getByText('Minimo 6 caracteres')).toBeVisible();
  // Typing a new password asks for the current one.
  const current = dialog.getByLabel('Contraseña actual');
  await expect(current).toBeVisible();
  await repeat.fill('abd');
  await expect(dialog.getByText('Las contraseñas no coinciden')).toBeVisible();
  await shot(page, testInfo, 'profile-dialog-errors');

  await pass.fill(newPassword);
  await repeat.fill(newPassword);
  await expect(dialog.getByText('Minimo 6 caracteres')).toBeHidden();
  await expect(dialog.getByText('Las contraseñas no coinciden')).toBeHidden();
  // A wrong current password is refused by the server and nothing changes.
  await current.fill('NoEsLaClave1');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La contraseña actual es incorrecta.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await current.fill(password);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Los datos del perfil fueron guardados.')).toBeVisible();
  await expect(dialog).toBeHidden();
  if (testInfo.project.name === 'desktop') {
    await expect(page.getByRole('button', { name: 'Perfil' })).toHaveText('Fernanda Gómez Ruiz');
  }
  await page.getByRole('button', { name: 'Perfil' }).click();
  await expect(dialog.getByLabel('Nombre')).toHaveValue('Fernanda');
  await expect(dialog.getByLabel('Apellido')).toHaveValue('Gómez Ruiz');
  await expect(dialog.getByLabel('Nueva contraseña')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await closeNotifications(page);

  // Logout asks first, then the protected pages send back to /welcome.
  await logoutUi(page);
  await page.goto('/#/1/dashboard');
  await expect(page).toHaveURL(/#\/welcome$/);

  await page.getByLabel('Usuario o email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Error en la autenticación')).toBeVisible();
  await closeNotifications(page);
  await loginUi(page, email, newPassword);
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Perfil' })).toBeVisible();
});

test("user data failing with a 5xx says 'Error al consultar datos del usuario' and 'Se produjo un error al obtener los datos'", async ({ page }) => {
  // The server's generic 5xx text is not what access.md §8 shows for this call.
  await page.route(
    (url) => url.pathname === '/api/public/data',
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, msg: 'Se produjo un error inesperado. Intente nuevamente más tarde.' }) })
        : route.continue(),
  );
  await enterViaApi(page, { username: 'productor', entity: 1001 });
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Error al consultar datos del usuario' });
  await expect(notice).toContainText('Se produjo un error al obtener los datos', { timeout: 20_000 });
  await expect(page.getByText('Se produjo un error al obtener los datos').first()).toBeVisible();
  await expect(page.getByText(/inesperado/)).toHaveCount(0);
});
