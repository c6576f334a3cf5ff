import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { closeNotifications, enterAsProductor, LA_PAMPA, shot } from '../../support/fixtures';
import { E2E } from '../../support/env';

// Each test walks through several batches, drawers and files on a shared machine.
test.describe.configure({ timeout: 150_000 });

/** The current account (statements.md §2, §4, §5): productor in La Pampa as Juan Pérez (1001). */

type Line = { descripcion: string; valor: number; valor_con_formato: string };
type Movement = {
  id: string; codcom: string; codtal: number; numero: number; letra: string; imprime: boolean; importe: number; importe_con_formato: string; saldo_con_formato: string;
  renglonesProductos: Array<{ descripcion: string; importe_con_formato: string }>; renglonesOtros: Line[]; renglonesImpuestos: Line[]; renglonesAplicados: Line[];
};
type Answer = { items: Movement[]; total: number; moneda: string };

const rows = (page: Page) => page.locator('[data-testid^="statement-row-"]');
const rowOf = (page: Page, m: Pick<Movement, 'codcom' | 'codtal' | 'numero'>) => page.getByTestId(`statement-row-${m.codcom}-${m.codtal}-${m.numero}`);
const baDay = (offset = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(Date.now() + offset * 86_400_000));
const slash = (iso: string) => iso.split('-').reverse().join('/');

async function apiGet<T>(page: Page, url: string, query: Record<string, string | number>): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('portal.session.v1') ?? '{}') as { accessToken?: string }).accessToken);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await page.request.get(`/api/public/proxy/cgi/${url}?${params}`, {
    headers: { authorization: `Bearer ${token}`, Cuit: LA_PAMPA, Entity_ID: '1001', Dispositivo: 'desktop' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}
const statement = (page: Page, view: 'c' | 'f' | 'j', query: Record<string, string | number> = {}) => apiGet<Answer>(page, `etenet_rencbte${view}`, query);

async function dashboardBalance(page: Page, currency: 'ARS' | 'USD'): Promise<string> {
  const d = await apiGet<{ porlets: Array<{ id: string; items?: Array<{ id: string; valor_con_formato: string }> }> }>(page, 'etenet_dashboard', { grupo: 'resumen' });
  return d.porlets.find((p) => p.id === 'resumen-cliente')!.items!.find((i) => i.id === `saldo-${currency}`)!.valor_con_formato;
}

async function typeDate(page: Page, label: 'Fecha desde' | 'Fecha hasta', iso: string) {
  const input = page.getByRole('dialog').getByLabel(label);
  await input.click();
  await input.fill(slash(iso));
  await input.press('Enter');
}

test('@smoke current account: the dashboard balance, the carousel, currencies, paging with the running balance, filters and the drawer', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await enterAsProductor(page);
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('menuitem', { name: 'Cuenta corriente' }).click();
  await page.getByRole('menuitem', { name: 'Cronológico', exact: true }).click();
  await expect(page).toHaveURL(/#\/1\/cronologico$/);
  await expect(page.getByRole('heading', { name: 'Cronológico' })).toBeVisible({ timeout: 30_000 });
  await expect(rows(page)).toHaveCount(7, { timeout: 30_000 });

  // The balance after the newest movement is the dashboard's, to the cent.
  const ars = await dashboardBalance(page, 'ARS');
  const all = await statement(page, 'c', { moneda: 'ARS', limit: 21 });
  await expect(rows(page).first()).toContainText(ars);
  expect(all.items[0]!.saldo_con_formato).toBe(ars);
  await expect(page.getByTestId('statement-value').filter({ hasText: 'Saldo total ARS' }).first()).toContainText(ars);
  await shot(page, testInfo, 'statement-chronological');

  // The next batch keeps the running balance: on a phone it loads when the button scrolls into view.
  const more = page.getByRole('button', { name: 'Mostrar más movimientos' });
  if (phone) await more.scrollIntoViewIfNeeded();
  else await more.click();
  await expect(rows(page)).toHaveCount(14);
  await expect(rowOf(page, all.items[9]!)).toContainText(all.items[9]!.saldo_con_formato);
  if (phone) {
    await page.getByRole('button', { name: 'Mostrar más movimientos' }).scrollIntoViewIfNeeded();
    await expect(rows(page)).toHaveCount(21);
    await expect(rowOf(page, all.items[20]!)).toContainText(all.items[20]!.saldo_con_formato);
  }

  // Currency tab: the dollar account, its balance the dashboard's too.
  await page.getByRole('tab', { name: 'Dólares (USD)' }).click();
  await expect(page).toHaveURL(/moneda=USD/);
  await expect(rows(page).first()).toContainText(await dashboardBalance(page, 'USD'));

  // The account-type filter (the carousel value or the chip) narrows to the canje account.
  const canje = await statement(page, 'c', { moneda: 'USD', tipocc: 'CJ' });
  if (!phone) {
    // A value of the carousel is a click filter too (the visible slide's, not slick's clones).
    const value = page.locator('.slick-active [data-testid="statement-value"].is-clickable').first();
    const name = (await value.locator('.statement-value-title').textContent()) ?? '';
    await value.click();
    await expect(page).toHaveURL(name.startsWith('Cuenta canje') ? /tipocc=CJ/ : /tipocc=CC/);
  }
  await page.getByTestId('statement-account-types').getByText('Cuenta canje').click();
  await expect(page).toHaveURL(/tipocc=CJ/);
  await expect(page.getByText(`${canje.total} movimientos`)).toBeVisible();
  await expect(rows(page).first()).toContainText(canje.items[0]!.saldo_con_formato);

  // Summary radio: the pending documents only.
  const pending = await statement(page, 'c', { moneda: 'USD', tipocc: 'CJ', codres: 'PEN' });
  await page.getByText('Comprobantes pendientes').click();
  await expect(page.getByText(`${pending.total} ${pending.total === 1 ? 'movimiento' : 'movimientos'}`)).toBeVisible();

  // The drawer: product lines and Imprimir for a printable invoice.
  await page.getByText('Todos los movimientos').click();
  const invoice = canje.items.find((m) => m.codcom === 'FJ' && m.imprime && m.renglonesProductos.length > 0)!;
  await rowOf(page, invoice).click();
  const drawer = page.locator('.statement-movement-drawer');
  await expect(drawer.getByTestId('statement-product-lines')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  if (E2E.screenshots) await page.screenshot({ path: path.join(E2E.screenshotDir, `${testInfo.project.name}-statement-drawer.png`) });
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
  await expect(drawer.getByTestId('statement-product-lines')).toBeHidden();

  // An unprintable movement: the notice, bottom right.
  const ledger = await statement(page, 'c', { moneda: 'ARS', limit: 100 });
  const unprintable = ledger.items.find((m) => !m.imprime);
  if (!phone) {
    expect(unprintable, 'an ARS movement without print').toBeTruthy();
    if (!unprintable) return;
    // Found through the amount filter (its exact amount), so it is on the first page.
    const amount = Math.abs(unprintable.importe).toFixed(2);
    await page.goto(`/#/1/cronologico?moneda=ARS&idesde=${amount}&ihasta=${amount}`);
    await rowOf(page, unprintable).getByRole('button', { name: /Imprimir/ }).click();
    await expect(page.locator('.ant-notification-bottomRight')).toContainText('El movimiento seleccionado no tiene impresión');
    await closeNotifications(page);
  }
});

test('statement search rules, the financial and exchange views, and the exports read back', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await enterAsProductor(page);
  await page.goto('/#/1/financiero');
  await expect(page.getByRole('heading', { name: 'Financiero' })).toBeVisible({ timeout: 30_000 });
  const fin = await statement(page, 'f', { moneda: 'ARS' });
  await expect(rows(page).first()).toContainText(fin.items[0]!.saldo_con_formato, { timeout: 30_000 });

  await page.getByRole('button', { name: 'Buscar movimientos' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Buscar movimientos' });
  await expect(dialog).toBeVisible();
  if (phone) {
    // Both dates are required on a phone.
    await dialog.locator('.ant-drawer-footer').getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(dialog.getByText('Seleccione una fecha desde')).toBeVisible();
    await expect(dialog.getByText('Seleccione una fecha hasta')).toBeVisible();
  }
  await dialog.getByLabel('Importe desde').fill('mil');
  await dialog.getByLabel('Importe hasta').fill('12a');
  await dialog.locator('.ant-drawer-footer').getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(dialog.getByText('Ingrese Importe desde (numérico)')).toBeVisible();
  await expect(dialog.getByText('Ingrese Importe hasta (numérico)')).toBeVisible();
  await dialog.getByLabel('Importe desde').fill('');
  await dialog.getByLabel('Importe hasta').fill('');

  await dialog.locator('.ant-drawer-footer').getByRole('button', { name: 'Limpiar' }).click();
  // A start older than a year is warned about and cleared.
  await typeDate(page, 'Fecha desde', baDay(-400));
  await expect(page.locator('.ant-notification')).toContainText('La fecha desde debe estar dentro del último año');
  await expect(dialog.getByLabel('Fecha desde')).toHaveValue('');
  await closeNotifications(page);
  // A range over 30 days is warned about and both dates cleared.
  await typeDate(page, 'Fecha desde', baDay(-60));
  await typeDate(page, 'Fecha hasta', baDay(0));
  await expect(page.locator('.ant-notification')).toContainText('La diferencia en el rango de fechas no puede ser mayor a 30 dias');
  await expect(dialog.getByLabel('Fecha hasta')).toHaveValue('');
  await closeNotifications(page);
  // From after to.
  await typeDate(page, 'Fecha desde', baDay(-2));
  await typeDate(page, 'Fecha hasta', baDay(-5));
  await expect(dialog.getByText('La fecha desde no puede ser posterior a la fecha hasta.')).toBeVisible();

  // A valid search: the last 25 days of due dates, debits only.
  await typeDate(page, 'Fecha desde', baDay(-25));
  await typeDate(page, 'Fecha hasta', baDay(0));
  await dialog.getByText('Débitos').click();
  await dialog.locator('.ant-drawer-footer').getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(dialog).toBeHidden();
  const found = await statement(page, 'f', { moneda: 'ARS', fechadesde: baDay(-25), fechahasta: baDay(0), debito: 'true' });
  await expect(page.getByText(`${found.total} ${found.total === 1 ? 'movimiento' : 'movimientos'}`)).toBeVisible();
  if (found.total > 0) await expect(rows(page).first()).toContainText(found.items[0]!.saldo_con_formato);
  await shot(page, testInfo, 'statement-financial-search');

  // EXCEL of what the search shows, read back.
  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXCEL' }).click();
  const file = path.join(testInfo.outputDir, 'cuenta.xlsx');
  await (await dl).saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0]!;
  expect(sheet.actualRowCount).toBe(found.total + 1);

  // PDF of the exchange view.
  await page.goto('/#/1/canjes');
  await expect(page.getByRole('heading', { name: 'Canjes' })).toBeVisible({ timeout: 30_000 });
  const canje = await statement(page, 'j', {});
  await expect(rows(page).first()).toContainText(canje.items[0]!.saldo_con_formato);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const pdfFile = path.join(testInfo.outputDir, 'canjes.pdf');
  await (await pdf).saveAs(pdfFile);
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(pdfFile)).subarray(0, 5).toString()).toBe('%PDF-');
  await shot(page, testInfo, 'statement-exchange');
});

test("the drawer's lines add up: a Factura A's net lines, its VAT by rate and the total; a receipt's payment methods and what it was applied to", async ({ page }, testInfo) => {
  await enterAsProductor(page);
  await page.goto('/#/1/cronologico?moneda=ARS');
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  const ledger = await statement(page, 'c', { moneda: 'ARS', limit: 100 });
  const invoice = ledger.items.find((m) => m.codcom === 'FC' && m.letra === 'A' && m.renglonesProductos.length > 0 && m.renglonesImpuestos.length > 0)!;
  // A receipt made in the portal (point of sale 2) and one of the ERP's (RC 00001-00005046 of the demo).
  // (Other tests approve portal receipts of this entity on the same server: the first one listed will do.)
  const portal = ledger.items.find((m) => m.codcom === 'RC' && m.codtal === 2);
  const erp = ledger.items.find((m) => m.codcom === 'RC' && m.codtal === 1 && m.numero === 5046);
  expect(invoice, 'a Factura A with its VAT').toBeTruthy();
  expect(portal && erp, 'a receipt made in the portal and RC 00001-00005046').toBeTruthy();
  const receipts = [erp!, portal!];
  const drawer = page.locator('.statement-movement-drawer');
  /** The movement alone on the list (found by its exact amount), and its drawer. */
  const open = async (m: Movement) => {
    const amount = Math.abs(m.importe).toFixed(2);
    await page.goto(`/#/1/cronologico?moneda=ARS&idesde=${amount}&ihasta=${amount}`);
    await rowOf(page, m).click();
    await expect(drawer.getByTestId('statement-detail')).toBeVisible();
  };

  await open(invoice);
  const lines = drawer.getByTestId('statement-product-lines');
  await expect(lines.locator('tbody tr.ant-table-row')).toHaveCount(invoice.renglonesProductos.length);
  await expect(lines.locator('.voucher-tax-row')).toHaveCount(invoice.renglonesImpuestos.length);
  for (const [i, t] of invoice.renglonesImpuestos.entries()) {
    await expect(lines.locator('.voucher-tax-row').nth(i)).toContainText(t.descripcion);
    await expect(lines.locator('.voucher-tax-row').nth(i)).toContainText(t.valor_con_formato);
  }
  await expect(lines.locator('.voucher-total-row')).toContainText('Total');
  await expect(lines.locator('.voucher-total-row')).toContainText(invoice.importe_con_formato);
  await shot(page, testInfo, 'statement-drawer-vat');
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();

  for (const receipt of receipts) {
    await open(receipt);
    await expect(drawer.getByRole('heading', { name: 'Formas de pago' })).toBeVisible();
    const payments = drawer.getByTestId('statement-other-lines');
    for (const l of receipt.renglonesOtros) {
      await expect(payments).toContainText(l.descripcion);
      await expect(payments).toContainText(l.valor_con_formato);
    }
    await expect(payments.locator('.voucher-tax-row')).toHaveCount(0);
    await expect(drawer.getByRole('heading', { name: 'Aplicado a' })).toBeVisible();
    const applied = drawer.getByTestId('statement-applied-lines');
    await expect(applied.locator('tbody tr.ant-table-row')).toHaveCount(receipt.renglonesAplicados.length);
    for (const l of receipt.renglonesAplicados) {
      await expect(applied).toContainText(l.descripcion);
      await expect(applied).toContainText(l.valor_con_formato);
    }
    await shot(page, testInfo, `statement-drawer-receipt-${receipt.codtal}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
  }
});
