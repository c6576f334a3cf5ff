import { expect, test } from '@playwright/test';
import { DEL_SUR, LA_PAMPA, SUSPENDIDA, addSession, closeNotifications, dialogSettled, loginUi, registerCustomer, shot, uniqueEmail } from '../../support/fixtures';

test.describe('company sessions and entities (productor, read-only)', () => {
  test.beforeEach(async ({ page }) => {
    await loginUi(page, 'productor', 'Demo1234');
  });

  test('the three companies are listed and the suspended one cannot be chosen', async ({ page }, testInfo) => {
    await expect(page.getByRole('heading', { name: 'Sesiones activas' })).toBeVisible();
    const laPampa = page.getByTestId(`session-${LA_PAMPA}`);
    const delSur = page.getByTestId(`session-${DEL_SUR}`);
    const suspended = page.getByTestId(`session-${SUSPENDIDA}`);
    await expect(laPampa).toContainText('Cooperativa Agropecuaria La Pampa Ltda.');
    await expect(laPampa).toContainText('CUIT 30-71234567-1');
    await expect(delSur).toContainText('Agroinsumos del Sur S.A.');
    await expect(suspended).toContainText('Cooperativa Suspendida Ltda.');
    await expect(page.getByTestId(/^session-/)).toHaveCount(3);

    await expect(laPampa).toHaveAttribute('data-blocked', 'false');
    await expect(suspended).toHaveAttribute('data-blocked', 'true');
    await expect(suspended.getByText('Suspendida', { exact: true })).toBeVisible();
    await expect(laPampa.getByText('Suspendida', { exact: true })).toHaveCount(0);
    await shot(page, testInfo, 'sessions-list');

    // Its session can still be deleted, after confirmation (cancelled here: the list is shared by the read-only tests).
    const remove = suspended.getByRole('button', { name: 'Eliminar Cooperativa Suspendida Ltda.' });
    await expect(remove).toBeEnabled();
    await remove.click();
    const confirm = page.getByRole('dialog').filter({ hasText: '¿Está seguro que desea eliminar la empresa de sus sesiones activas?' });
    await dialogSettled(confirm);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();

    await suspended.click();
    await expect(page).toHaveURL(/#\/welcome\/sessions$/);
    await expect(page.getByRole('heading', { name: 'Sesiones activas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Entidades activas/ })).toHaveCount(0);
  });

  test("a session without access from this device says so beside its delete button, not under it", async ({ page }, testInfo) => {
    // La Pampa's session answered without access from this kind of device (phone or desktop).
    const mobile = (page.viewportSize()?.width ?? 1280) < 768;
    await page.route(
      (url) => url.pathname === '/api/public/sessions/sessions',
      async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { sessions: Array<{ cuit: string; mobile: boolean; desktop: boolean }> };
        for (const x of body.sessions) if (x.cuit === LA_PAMPA) x[mobile ? 'mobile' : 'desktop'] = false;
        await route.fulfill({ response: res, json: body });
      },
    );
    await page.reload();
    const item = page.getByTestId(`session-${LA_PAMPA}`);
    const tag = item.getByText('Sin acceso desde este dispositivo', { exact: true });
    await expect(tag).toBeVisible();
    await expect(item).toHaveAttribute('data-blocked', 'true');
    const remove = item.getByRole('button', { name: /^Eliminar / });
    await expect(remove).toBeEnabled();
    const [a, b] = [(await tag.boundingBox())!, (await remove.boundingBox())!];
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `tag ${JSON.stringify(a)} and delete ${JSON.stringify(b)}`).toBe(false);
    await shot(page, testInfo, 'sessions-no-device-access');
  });

  test('a company with one entity is entered without asking', async ({ page }) => {
    await page.getByTestId(`session-${DEL_SUR}`).click();
    await expect(page).toHaveURL(/#\/1\/dashboard$/);
    await expect(page.getByTestId('dashboard-company')).toContainText('Agroinsumos del Sur S.A.');
    await expect(page.getByTestId('dashboard-entity')).toContainText('Juan Pérez');
    await expect(page.getByTestId('dashboard-entity')).toContainText('Código 501');
    // The browser's bar takes the company's header colour, and installing the app from here names it after the company.
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0D47A1');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/whitelabel/${DEL_SUR}/manifest.webmanifest`);
    const manifest = (await (await page.request.get(`/whitelabel/${DEL_SUR}/manifest.webmanifest`)).json()) as { name: string; theme_color: string };
    expect(manifest).toMatchObject({ name: 'Agroinsumos del Sur', theme_color: '#0D47A1' });
  });

  test('La Pampa lists its entities: the inactive one is disabled and the search box filters', async ({ page }, testInfo) => {
    await page.getByTestId(`session-${LA_PAMPA}`).click();
    await expect(page).toHaveURL(new RegExp(`#/welcome/sessions\\?cuit=${LA_PAMPA}$`));
    await expect(page.getByRole('heading', { name: /Entidades activas/ })).toBeVisible();
    await expect(page.getByText('Cooperativa Agropecuaria La Pampa Ltda. · CUIT 30-71234567-1')).toBeVisible();

    const juan = page.getByTestId('entity-1001');
    const hnos = page.getByTestId('entity-1002');
    const inactive = page.getByTestId('entity-1003');
    await expect(juan).toContainText('Juan Pérez');
    await expect(hnos).toContainText('Pérez Hnos. S.H.');
    await expect(inactive).toContainText('Campo El Caldén');
    // The item's activatable part (lib/activate.ts) says whether it can be entered.
    await expect(inactive.getByRole('button')).toHaveAttribute('aria-disabled', 'true');
    await expect(inactive.getByText('Inactiva', { exact: true })).toBeVisible();
    await expect(juan.getByRole('button')).not.toHaveAttribute('aria-disabled', 'true');
    await shot(page, testInfo, 'entities-list');

    await inactive.click();
    await expect(page.getByRole('heading', { name: /Entidades activas/ })).toBeVisible();
    await expect(page).toHaveURL(/#\/welcome\/sessions\?cuit=/);

    const search = page.getByPlaceholder('Buscar entidad');
    await search.fill('hnos');
    await expect(hnos).toBeVisible();
    await expect(juan).toBeHidden();
    await expect(inactive).toBeHidden();
    await search.fill('Caldén');
    await expect(inactive).toBeVisible();
    await expect(page.getByTestId(/^entity-/)).toHaveCount(1);
    // Accents and case as people type them.
    await search.fill('calden');
    await expect(inactive).toBeVisible();
    await expect(page.getByTestId(/^entity-/)).toHaveCount(1);
    await search.fill('PEREZ HNOS');
    await expect(hnos).toBeVisible();
    await expect(page.getByTestId(/^entity-/)).toHaveCount(1);
    await search.fill('perez');
    await expect(juan).toBeVisible();
    await expect(hnos).toBeVisible();
    await search.fill('ninguna entidad así');
    await expect(page.getByText('No tiene entidades relacionadas')).toBeVisible();
    await search.fill('');
    await expect(page.getByTestId(/^entity-/)).toHaveCount(3);

    await page.getByRole('button', { name: 'Volver a sesiones' }).click();
    await expect(page).toHaveURL(/#\/welcome\/sessions$/);
    await page.getByTestId(`session-${LA_PAMPA}`).click();
    await hnos.click();
    await expect(page).toHaveURL(/#\/1\/dashboard$/);
    await expect(page.getByTestId('dashboard-entity')).toContainText('Pérez Hnos. S.H.');
  });
});

test('a customer deletes a company from the active sessions after confirming', async ({ page, request }, testInfo) => {
  const { email, password } = await registerCustomer(request, uniqueEmail('baja', testInfo));
  await loginUi(page, email, password);
  await expect(page.getByText('No tiene sesiones activas')).toBeVisible();
  await addSession(page, LA_PAMPA);
  await expect(page).toHaveURL(/#\/1\/dashboard$/);
  await closeNotifications(page);

  await page.goto('/#/welcome/sessions');
  const session = page.getByTestId(`session-${LA_PAMPA}`);
  await expect(session).toBeVisible();
  await session.getByRole('button', { name: 'Eliminar Cooperativa Agropecuaria La Pampa Ltda.' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Está seguro que desea eliminar la empresa de sus sesiones activas?' });
  await expect(confirm).toBeVisible();
  await shot(page, testInfo, 'sessions-delete-confirm');

  // Cancelling keeps it.
  await dialogSettled(confirm);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(session).toBeVisible();

  await session.getByRole('button', { name: 'Eliminar Cooperativa Agropecuaria La Pampa Ltda.' }).click();
  await dialogSettled(confirm);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se eliminó la sesión')).toBeVisible();
  await expect(session).toHaveCount(0);
  await expect(page.getByText('No tiene sesiones activas')).toBeVisible();

  // Gone on the server too, and the company it had chosen is forgotten.
  await page.reload();
  await expect(page.getByText('No tiene sesiones activas')).toBeVisible();
  await page.goto('/#/1/dashboard');
  await expect(page).toHaveURL(/#\/welcome\/sessions$/);
});
