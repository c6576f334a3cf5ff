import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { closeNotifications, enterAsProductor, LA_PAMPA, printing, shot, stubPrinting } from '../../support/fixtures';

// Each test walks through tabs, batches, drawers and files on a shared machine.
test.describe.configure({ timeout: 150_000 });

/** Contracts (statements.md §2, §4, §5): productor in La Pampa as Juan Pérez (1001). */

type Contract = {
  id: string; numpre: string; codtal: number; numero: number; estado: string; kilos_con_formato: string; entregados_con_formato: string;
  imprime1: boolean; imprime2: boolean; deslar2: string; cosecha: string;
};
type Answer = { items: Contract[]; total: number; totales: { kilos_con_formato: string; entregados_con_formato: string }; cosechas: Array<{ cosecha: string }> };

const rows = (page: Page) => page.locator('[data-testid^="contract-row-"]');
const rowOf = (page: Page, c: Pick<Contract, 'codtal' | 'numero'>) => page.getByTestId(`contract-row-${c.codtal}-${c.numero}`);
const baDay = (offset = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(Date.now() + offset * 86_400_000));
const slash = (iso: string) => iso.split('-').reverse().join('/');

async function contracts(page: Page, query: Record<string, string | number>): Promise<Answer> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('portal.session.v1') ?? '{}') as { accessToken?: string }).accessToken);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await page.request.get(`/api/public/proxy/cgi/etenet_contratos?${params}`, {
    headers: { authorization: `Bearer ${token}`, Cuit: LA_PAMPA, Entity_ID: '1001', Dispositivo: 'desktop' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Answer;
}

async function typeDate(page: Page, label: 'Fecha desde' | 'Fecha hasta', iso: string) {
  const input = page.getByRole('dialog').getByLabel(label);
  await input.click();
  await input.fill(slash(iso));
  await input.press('Enter');
}

async function openDrawer(page: Page, c: Contract, phone: boolean) {
  if (phone) await rowOf(page, c).click();
  else await rowOf(page, c).getByRole('button', { name: `Ver contrato ${c.numpre}` }).click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('contract-detail') });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('@smoke contracts: menu, grain tabs, totals, paging, summary, expandable rows and the print options', async ({ page }, testInfo) => {
  await stubPrinting(page);
  const phone = testInfo.project.name === 'phone';
  await enterAsProductor(page);
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('menuitem', { name: 'Contratos' }).click();
  await expect(page).toHaveURL(/#\/1\/contratos$/);
  await expect(page.getByRole('heading', { name: 'Contratos' })).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });

  // The soja tab: the kilograms of every contract of the grain, 7 at a time.
  await page.getByRole('tab', { name: 'Soja' }).click();
  await expect(page).toHaveURL(/#\/1\/contratos\/SOJ$/);
  const all = await contracts(page, { grano: 'SOJ', limit: 100 });
  expect(all.total).toBeGreaterThan(7);
  await expect(page.getByText(`${all.total} contratos`)).toBeVisible();
  await expect(rows(page)).toHaveCount(7);
  await expect(page.getByTestId('contract-kpis')).toContainText(`${all.totales.kilos_con_formato} kg`);
  await expect(page.getByTestId('contract-kpis')).toContainText(`${all.totales.entregados_con_formato} kg`);
  await expect(rowOf(page, all.items[0]!)).toContainText(all.items[0]!.kilos_con_formato);
  await shot(page, testInfo, 'contracts');

  // The next batch: on a phone it loads when the button scrolls into view; the last one says there is no more.
  const more = page.getByRole('button', { name: 'Mostrar más contratos' });
  if (phone) await more.scrollIntoViewIfNeeded();
  else await more.click();
  await expect(rows(page)).toHaveCount(all.total);
  await expect(page.getByText('No hay más registros.')).toBeVisible();
  await expect(rowOf(page, all.items[7]!)).toContainText(all.items[7]!.entregados_con_formato);

  // Summary radio: the contracts still to deliver.
  const pending = await contracts(page, { grano: 'SOJ', codres: 'PEN', limit: 100 });
  await page.getByText('Pendientes de entrega', { exact: true }).click();
  await expect(page).toHaveURL(/codres=PEN/);
  await expect(page.getByText(`${pending.total} ${pending.total === 1 ? 'contrato' : 'contratos'}`)).toBeVisible();
  await expect(rowOf(page, pending.items[0]!)).toContainText('Pendiente de entrega');

  // A row expands to what was applied to it (desktop); the drawer shows it too.
  const delivered = all.items.find((c) => c.imprime1 && c.imprime2 && c.entregados_con_formato !== '0')!;
  await page.getByText('Todos los contratos', { exact: true }).click();
  await expect(page.getByText(`${all.total} contratos`)).toBeVisible();
  if (!phone) {
    const withDeliveries = all.items.slice(0, 7).find((c) => c.entregados_con_formato !== '0')!;
    await rowOf(page, withDeliveries).locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('contract-movements').first()).toContainText('Romaneo');
  }
  if (phone && !(await rowOf(page, delivered).isVisible())) await page.getByRole('button', { name: 'Mostrar más contratos' }).scrollIntoViewIfNeeded();
  else if (!(await rowOf(page, delivered).isVisible())) await page.getByRole('button', { name: 'Mostrar más contratos' }).click();
  const drawer = await openDrawer(page, delivered, phone);
  await expect(drawer.getByTestId('contract-movements')).toContainText('Romaneo');
  await expect(drawer).toContainText(`${delivered.kilos_con_formato} kg`);

  // Print option 1, the contract; option 2, its settlement: real PDFs, printed through a frame.
  for (const [name, which] of [['Imprimir contrato', 1], [`Imprimir ${delivered.deslar2}`, 2]] as const) {
    const imprime = page.waitForResponse((r) => r.url().includes('/api/public/proxy/imprime?'));
    await drawer.getByRole('button', { name }).click();
    const answer = await imprime;
    const body = (await answer.json()) as { success: boolean; archivos: { archivo: string } };
    expect(body.success, `print option ${which}`).toBe(true);
    expect(Buffer.from(body.archivos.archivo, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByTestId('print-frame')).toBeAttached();
    await expect.poll(async () => (await printing(page)).printed, `print option ${which} reaches print()`).toBe(which);
  }
  expect((await printing(page)).refusals).toEqual([]);
  await shot(page, testInfo, 'contract-drawer');
  await drawer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(drawer).toBeHidden();

  // A contract without print: the notice, bottom right.
  const fulfilled = await contracts(page, { grano: 'SOJ', codres: 'CUM', limit: 100 });
  const noPrint = fulfilled.items.find((c) => !c.imprime1)!;
  expect(noPrint, 'the demo has a fulfilled soja contract without print').toBeTruthy();
  await page.getByText('Cumplidos', { exact: true }).click();
  await expect(page.getByText(`${fulfilled.total} ${fulfilled.total === 1 ? 'contrato' : 'contratos'}`)).toBeVisible();
  const noPrintDrawer = await openDrawer(page, noPrint, phone);
  await noPrintDrawer.getByRole('button', { name: 'Imprimir contrato' }).click();
  await expect(page.locator('.ant-notification-bottomRight')).toContainText('El movimiento seleccionado no tiene impresión');
});

test('contracts search rules, harvests and the exports read back', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await enterAsProductor(page);
  await page.goto('/#/1/contratos/SOJ');
  await expect(page.getByRole('heading', { name: 'Contratos' })).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Buscar contratos' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Buscar contratos' });
  await expect(dialog).toBeVisible();
  const search = dialog.locator('.ant-drawer-footer').getByRole('button', { name: 'Buscar', exact: true });
  if (phone) {
    // The end date is required on a phone.
    await search.click();
    await expect(dialog.getByText('Seleccione una fecha hasta')).toBeVisible();
  }
  // From after to, and to before from.
  await typeDate(page, 'Fecha desde', baDay(-2));
  await typeDate(page, 'Fecha hasta', baDay(-5));
  await expect(dialog.getByText('La fecha desde no puede ser posterior a la fecha hasta.')).toBeVisible();
  await expect(dialog.getByText('La fecha hasta no puede ser anterior a la fecha desde.')).toBeVisible();
  await search.click();
  await expect(dialog).toBeVisible();

  // A valid search: two years back to today, the latest harvest.
  const all = await contracts(page, { grano: 'SOJ', limit: 100 });
  const harvest = all.cosechas[0]!.cosecha;
  await dialog.locator('.ant-drawer-footer').getByRole('button', { name: 'Limpiar' }).click();
  await typeDate(page, 'Fecha desde', baDay(-730));
  await typeDate(page, 'Fecha hasta', baDay(0));
  // The harvest is chosen once its tag shows in the field; a click lost while the list opens is made again.
  const chosen = dialog.locator('.ant-select-selection-item').filter({ hasText: harvest });
  await expect(async () => {
    if ((await chosen.count()) === 0) {
      const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      if ((await open.count()) === 0) await dialog.getByLabel('Cosechas').click({ timeout: 3_000 });
      await open.locator('.ant-select-item-option').filter({ hasText: `Cosecha ${harvest}` }).click({ timeout: 3_000 });
    }
    await expect(chosen).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await search.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`cosecha=${encodeURIComponent(harvest).replace(/%2F/g, '(%2F|/)')}`));
  const found = await contracts(page, { grano: 'SOJ', fechadesde: baDay(-730), fechahasta: baDay(0), cosecha: JSON.stringify([harvest]), limit: 100 });
  expect(found.total).toBeGreaterThan(0);
  await expect(page.getByText(`${found.total} ${found.total === 1 ? 'contrato' : 'contratos'}`)).toBeVisible();
  await expect(page.getByTestId('contract-active-search')).toContainText(`Cosecha ${harvest}`);
  for (const c of found.items.slice(0, 7)) await expect(rowOf(page, c)).toContainText(harvest);
  await shot(page, testInfo, 'contracts-search');

  // EXCEL of what the search shows, read back: a row per contract and the totals.
  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXCEL' }).click();
  const file = path.join(testInfo.outputDir, 'contratos.xlsx');
  await (await dl).saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0]!;
  expect(sheet.actualRowCount).toBe(found.total + 2);
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  expect(String(sheet.getRow(2).getCell(header.indexOf('Contrato')).value)).toBe(found.items[0]!.numpre);

  // PDF of the whole grain.
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(page.getByText(`${all.total} contratos`)).toBeVisible();
  await closeNotifications(page);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const pdfFile = path.join(testInfo.outputDir, 'contratos.pdf');
  await (await pdf).saveAs(pdfFile);
  expect((await readFile(pdfFile)).subarray(0, 5).toString()).toBe('%PDF-');
});
