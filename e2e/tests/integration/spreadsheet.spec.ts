import { expect, test, type Page } from '@playwright/test';
import { SPREADSHEET_KINDS } from '@portal/contract';
import { apiSession, shot } from '../../support/fixtures';

/**
 * Straight to Integración as the administrator, the 'Administración' dialog already answered (it is the subject of the
 * admin specs, not of these): the 'Importar planilla' section.
 */
async function openSpreadsheetSection(page: Page) {
  const session = { ...(JSON.parse(await apiSession(page, { username: 'admin', password: 'Admin1234' })) as object), adminPrompted: true };
  await page.goto('/healthz');
  await page.evaluate((value) => {
    localStorage.removeItem('portal.queries.v1');
    localStorage.setItem('portal.session.v1', value);
  }, JSON.stringify(session));
  await page.goto('/#/1/integracion');
  return page.getByTestId('integration-sheet');
}

/**
 * 'Importar planilla': the administrator uploads a CSV of products with one bad row, the preview names the row, its
 * column and the message before anything is written, and 'Aplicar' writes the good rows (the documented rule) and
 * lists the batch with the file's name. The products have no price, so no customer's catalogue shows them.
 */
test('the administrator previews a spreadsheet with a bad row, applies its good rows and sees the counts', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const base = 900_000_000 + (Date.now() % 90_000_000) + (testInfo.project.name === 'phone' ? 0 : 5_000_000);
  const name = `planilla-${testInfo.project.name}.csv`;
  const csv = [
    'codigo;nombre;unidad_venta;unidad;factor',
    `${base};Zz e2e planilla uno;Bolsa x 25 kg;kg;25`,
    `${base + 1};;Unidad;u;1`,
    `${base + 2};Zz e2e planilla dos;Unidad;u;1,5`,
  ].join('\r\n');

  const section = await openSpreadsheetSection(page);
  await expect(section.getByRole('heading', { name: 'Importar planilla' })).toBeVisible();
  await section.getByTestId('sheet-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

  const result = section.getByTestId('sheet-result');
  await expect(result).toContainText('Vista previa');
  await expect(result.getByTestId('sheet-aceptadas')).toHaveText('2');
  await expect(result.getByTestId('sheet-rechazadas')).toHaveText('1');
  const rejections = result.getByTestId('sheet-rejections');
  await expect(rejections).toContainText('B · nombre');
  await expect(rejections).toContainText('Este dato es obligatorio');
  await expect(rejections).toContainText(testInfo.project.name === 'phone' ? 'Fila 3' : '3');
  await result.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'integration-sheet-preview');

  await result.getByTestId('sheet-apply').click();
  await expect(result).toContainText('Planilla aplicada');
  await expect(result.getByTestId('sheet-aceptadas')).toHaveText('2');
  await expect(result.getByTestId('sheet-rechazadas')).toHaveText('1');
  await shot(page, testInfo, 'integration-sheet-applied');
  await expect(page.getByTestId('integration-batches')).toContainText(name);
});

/**
 * The drivers' route plans from a spreadsheet: the kind is chosen with the keyboard, and the preview of a sheet with
 * one good stop and one with an unknown weekday names that row's day and its message. Only previewed: applying
 * would change the demo driver's day that the field specs walk.
 */
test("the administrator previews a drivers' route plan: the bad weekday's row is named before anything is written", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const section = await openSpreadsheetSection(page);
  const kind = section.getByRole('combobox', { name: 'Tipo de dato' });
  await kind.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeAttached();
  for (let i = 0; i < SPREADSHEET_KINDS.indexOf('recorridos'); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('sheet-kind')).toContainText('Recorridos de choferes y vendedores');

  const csv = ['chofer;usuario;dia;cliente;orden;turno;hora', 'E2E01;repartidor;Miércoles;1001;1;Mañana;8:30', 'E2E01;;feriado;1001;2;;'].join('\r\n');
  await section.getByTestId('sheet-file').setInputFiles({ name: 'recorridos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const result = section.getByTestId('sheet-result');
  await expect(result).toContainText('Vista previa');
  await expect(result.getByTestId('sheet-aceptadas')).toHaveText('1');
  await expect(result.getByTestId('sheet-rechazadas')).toHaveText('1');
  const rejections = result.getByTestId('sheet-rejections');
  await expect(rejections).toContainText('C · dia');
  await expect(rejections).toContainText('El día es lunes, martes');
  await result.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'integration-sheet-route-plan');
});
