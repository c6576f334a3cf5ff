import { expect, test } from '@playwright/test';
import { closeNotifications, shot } from '../../support/fixtures';
import { enterAsAdmin, openAdminPage, shotScreen } from '../../support/admin';

test('the administrator changes a module parameter and it stays changed', async ({ page }, testInfo) => {
  await enterAsAdmin(page);
  await openAdminPage(page, testInfo, 'Parámetros', 'parametros');
  await expect(page.getByRole('heading', { name: 'Parámetros' })).toBeVisible();
  const fecha = page.getByRole('switch', { name: 'Recibos: permite modificar la fecha' });
  await expect(fecha).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Recibos: permite anticipos' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Pedidos: muestra el tipo de operación' })).toBeVisible();
  await closeNotifications(page);
  await shot(page, testInfo, 'admin-parameters');

  const before = (await fecha.getAttribute('aria-checked')) === 'true';
  const save = page.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  await fecha.click();
  await save.click();
  await expect(page.getByText('Se guardaron los parámetros.')).toBeVisible();
  await page.reload();
  await expect(fecha).toHaveAttribute('aria-checked', String(!before));
  // Put it back: the receipts test reads the same company's setting on this server.
  await fecha.click();
  await save.click();
  await expect(page.getByText('Se guardaron los parámetros.').last()).toBeVisible();
  await page.reload();
  await expect(fecha).toHaveAttribute('aria-checked', String(before));
});

test('the company modules drawer opens from the Administrador group, which phones do not show', async ({ page }, testInfo) => {
  await enterAsAdmin(page);
  await page.getByRole('button', { name: 'Menú' }).click();
  if (testInfo.project.name === 'phone') {
    await expect(page.getByRole('menuitem', { name: 'Cambiar entidad' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Configuraciones' })).toHaveCount(0);
    return;
  }
  await page.getByRole('menuitem', { name: 'Configuraciones' }).click();
  const drawer = page.getByRole('dialog', { name: 'Módulos de la empresa' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('switch', { name: 'Inicio: móvil' })).toBeChecked();
  await expect(drawer.getByRole('switch', { name: 'Inicio: escritorio' })).toBeChecked();
  await expect(drawer.getByText('Hereda de la empresa')).toHaveCount(0);
  await shotScreen(page, testInfo, 'admin-company-modules');

  // A focused date picker scrolled behind the sticky Cancelar/Guardar bar stays behind it.
  const pickers = drawer.getByPlaceholder('Desde');
  const picker = pickers.nth(Math.floor((await pickers.count()) / 2));
  await picker.scrollIntoViewIfNeeded();
  await picker.click();
  await page.keyboard.press('Escape');
  const onTop = await picker.evaluate((input) => {
    const box = input.closest('.ant-picker')!;
    const body = box.closest('.ant-drawer-body')!;
    const bar = body.querySelector('.module-actions')!;
    body.scrollTop += box.getBoundingClientRect().top - (bar.getBoundingClientRect().top + 4);
    const b = box.getBoundingClientRect();
    const r = bar.getBoundingClientRect();
    const hit = document.elementFromPoint(b.left + b.width / 2, Math.max(b.top, r.top) + 4);
    return { covered: b.top < r.bottom && b.bottom > r.top, barOnTop: Boolean(hit && bar.contains(hit)) };
  });
  expect(onTop.covered, 'the picker is scrolled behind the bar').toBe(true);
  expect(onTop.barOnTop, 'the bar paints over the picker').toBe(true);
  await drawer.getByRole('button', { name: 'Cancelar' }).click();
  await expect(drawer).toBeHidden();
});
