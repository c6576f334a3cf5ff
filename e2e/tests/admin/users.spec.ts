import { expect, test } from '@playwright/test';
import { LA_PAMPA, closeNotifications, enterAsProductor, loginUi, logoutUi, shot } from '../../support/fixtures';
import { enterAsAdmin, openAdminPage, searchAndPick, shotScreen, uniqueUsername } from '../../support/admin';

const REFUSAL = 'El módulo no está habilitado para su usuario.';

test('an administrator creates a customer and turns Inicio off on mobile for them: gone on the phone, still there on desktop @smoke', async ({ page }, testInfo) => {
  // Two logins, a user created and configured: a long flow, slower still when the machine is busy.
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'phone';
  const username = uniqueUsername('cliente', testInfo);
  const password = 'Inicial123';

  await enterAsAdmin(page);
  await openAdminPage(page, testInfo, 'Usuarios', 'usuarios');
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  // Other tests register customers all the time, so the list is searched rather than read from its first page.
  await page.getByPlaceholder('Buscar por nombre, usuario o email').fill('productor');
  await page.getByPlaceholder('Buscar por nombre, usuario o email').press('Enter');
  await expect(page).toHaveURL(/patron=productor/);
  await expect(page.getByTestId('user-productor')).toContainText('Juan Pérez');
  if (!phone) {
    // One user found is '1 usuario' (the phone's cards show no count).
    await expect(page.locator('.ant-table-tbody tr[data-row-key]')).toHaveCount(1);
    await expect(page.locator('.ant-pagination-total-text')).toHaveText('1 usuario');
  }
  await closeNotifications(page);
  await shot(page, testInfo, 'admin-users');

  // The form checks with the server's own rules before sending.
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El usuario es obligatorio.')).toBeVisible();
  await expect(dialog.getByText('Ingrese un email válido.')).toBeVisible();
  await expect(dialog.getByText('El nombre es obligatorio.')).toBeVisible();

  await dialog.getByLabel('Usuario').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@e2e.com.ar`);
  await dialog.getByLabel('Nombre').fill('Nora');
  await dialog.getByLabel('Apellido').fill('Prueba Módulos');
  await dialog.getByLabel('Contraseña inicial').fill('123');
  await expect(dialog.getByText('Mínimo 6 caracteres')).toBeVisible();
  await dialog.getByLabel('Contraseña inicial').fill(password);
  await expect(dialog.getByRole('checkbox', { name: 'Cliente' })).toBeChecked();
  await searchAndPick(page, dialog.getByLabel('Entidades'), 'Martínez', 'Laura Martínez · 1004');
  await expect(dialog.getByText('Laura Martínez · 1004')).toBeVisible();
  // Close the search list before the picture, as a user does by clicking elsewhere.
  await dialog.getByText('Nuevo usuario', { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shotScreen(page, testInfo, 'admin-user-dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se creó el usuario. Deberá cambiar la contraseña al ingresar.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await closeNotifications(page);

  // A second user with the same name is refused in Spanish.
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  await dialog.getByLabel('Usuario').fill(username);
  await dialog.getByLabel('Email').fill(`otro.${username}@e2e.com.ar`);
  await dialog.getByLabel('Nombre').fill('Otra');
  await dialog.getByLabel('Apellido').fill('Persona');
  await dialog.getByLabel('Contraseña inicial').fill(password);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El nombre de usuario ya se encuentra en uso.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await closeNotifications(page);

  // The search lives in the address.
  await page.getByLabel('Buscar usuarios').fill(username);
  await page.getByLabel('Buscar usuarios').press('Enter');
  await expect(page).toHaveURL(new RegExp(`patron=${username.replace(/\./g, '\\.')}`));
  const row = page.getByTestId(`user-${username}`);
  await expect(row).toContainText('Nora Prueba Módulos');
  await expect(row).toContainText('Cliente');
  await expect(row).toContainText('Martínez, Laura');
  // Typed as people type: without the accent, in capitals.
  await page.getByLabel('Buscar usuarios').fill('NORA PRUEBA MODULOS');
  await page.getByLabel('Buscar usuarios').press('Enter');
  await expect(row).toBeVisible();
  await expect(row).toContainText('Nora Prueba Módulos');

  // Inicio off on mobile for this user only.
  await row.getByRole('button', { name: `Módulos de ${username}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Módulos de Nora Prueba Módulos' });
  await expect(drawer).toBeVisible();
  const inicio = drawer.getByTestId('module-dashboard');
  await expect(inicio).toContainText('Hereda de la empresa');
  await expect(inicio).toContainText('Empresa: móvil y escritorio, sin límite de fechas');
  const mobileSwitch = drawer.getByRole('switch', { name: 'Inicio: móvil' });
  await expect(mobileSwitch).toBeChecked();
  await mobileSwitch.click();
  await expect(mobileSwitch).not.toBeChecked();
  await expect(drawer.getByRole('switch', { name: 'Inicio: escritorio' })).toBeChecked();
  await expect(inicio).not.toContainText('Hereda de la empresa');
  await shotScreen(page, testInfo, 'admin-module-drawer');
  // The date pickers fit the screen.
  await drawer.getByRole('textbox', { name: 'Inicio: desde' }).click();
  const calendar = page.locator('.ant-picker-dropdown:visible');
  await expect(calendar).toBeVisible();
  const box = (await calendar.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await shotScreen(page, testInfo, 'admin-module-drawer-dates');
  await drawer.getByText('Sin configuración propia', { exact: false }).click();
  await expect(calendar).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se guardaron los módulos.')).toBeVisible();
  await expect(drawer).toBeHidden();

  // Reopened, it shows the user's own setting.
  await row.getByRole('button', { name: `Módulos de ${username}` }).click();
  await expect(drawer.getByRole('switch', { name: 'Inicio: móvil' })).not.toBeChecked();
  await expect(drawer.getByTestId('module-dashboard')).not.toContainText('Hereda de la empresa');
  await drawer.getByRole('button', { name: 'Cancelar' }).click();
  await closeNotifications(page);

  // The user logs in.
  await logoutUi(page);
  await loginUi(page, username, password);
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  const change = page.getByRole('dialog', { name: 'Cambio de clave' });
  await expect(change).toBeVisible();
  await change.getByRole('button', { name: 'Mas tarde' }).click();
  await expect(change).toBeHidden();

  await page.getByRole('button', { name: 'Menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Cooperativa Agropecuaria La Pampa Ltda.' });
  await expect(menu.getByRole('menuitem', { name: 'Sesiones activas' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Inicio', exact: true })).toHaveCount(phone ? 0 : 1);
  await expect(menu.getByRole('menuitem', { name: 'Cambiar entidad' })).toHaveCount(0);
  await expect(menu.getByText('Administrador', { exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.goto('/#/1/dashboard');
  if (phone) {
    await expect(page.getByText(REFUSAL)).toBeVisible();
    await shot(page, testInfo, 'admin-module-refused');
  } else {
    await expect(page.getByRole('contentinfo')).toContainText('v1.1.0');
    await expect(page.getByText(REFUSAL)).toHaveCount(0);
  }
  // The API holds the same rule: what the phone says it is decides.
  const status = await page.evaluate(async () => {
    const s = JSON.parse(localStorage.getItem('portal.session.v1') ?? '{}') as { accessToken: string; host: { cuit: string } };
    const headers = { authorization: `Bearer ${s.accessToken}`, Cuit: s.host.cuit };
    const data = async (mobile: boolean) =>
      ((await (await fetch(`/api/public/data?mobile=${mobile}`, { headers })).json()) as { menu: Array<{ id: string }> }).menu.map((m) => m.id);
    return { mobile: await data(true), desktop: await data(false) };
  });
  expect(status.mobile).not.toContain('dashboard');
  expect(status.desktop).toContain('dashboard');
});

test("an administrator gives a new driver the code the ERP's route plans name it by, and sees it on the list", async ({ page }, testInfo) => {
  const username = uniqueUsername('chofer', testInfo);
  const code = `E2E${testInfo.project.name === 'phone' ? 'P' : 'D'}${Date.now() % 1_000_000}`;
  await enterAsAdmin(page);
  await openAdminPage(page, testInfo, 'Usuarios', 'usuarios');
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await dialog.getByLabel('Usuario').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@e2e.com.ar`);
  await dialog.getByLabel('Nombre').fill('Raúl');
  await dialog.getByLabel('Apellido').fill('Chofer');
  await dialog.getByLabel('Contraseña inicial').fill('Inicial123');
  // The field is there for drivers only.
  const codeField = dialog.getByLabel('Código de chofer en el sistema de gestión');
  await expect(codeField).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Repartidor' }).check();
  await codeField.fill('CH 7');
  await expect(dialog.getByText('El código de chofer son de 1 a 20 letras, dígitos, guiones, puntos o guiones bajos (p. ej. CH07)')).toBeVisible();
  await codeField.fill(code);
  await expect(dialog.getByText('El código de chofer son de 1 a 20 letras')).toBeHidden();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await closeNotifications(page);

  await page.getByLabel('Buscar usuarios').fill(username);
  await page.getByLabel('Buscar usuarios').press('Enter');
  const row = page.getByTestId(`user-${username}`);
  await expect(row).toContainText(`Repartidor · ${code}`);
  await row.getByRole('button', { name: `Editar ${username}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar usuario' });
  await expect(edit.getByLabel('Código de chofer en el sistema de gestión')).toHaveValue(code);
  await shotScreen(page, testInfo, 'admin-user-driver-code');
});

test('a customer who opens the users page by its address is refused in Spanish', async ({ page }) => {
  await enterAsProductor(page);
  await page.goto('/#/1/usuarios');
  await expect(page.getByText('Esta operación está reservada a los administradores de la empresa.')).toBeVisible();
  await page.goto('/#/1/parametros');
  await expect(page.getByText('Esta operación está reservada a los administradores de la empresa.')).toBeVisible();
});
