import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import { printing, shot, stubPrinting } from '../../support/fixtures';
import { allDefault, apiList, defaultRange, loadUntil, openFiscal, rowOf, viewShot, voucherName, voucherNumber } from './fiscal-support';

// Each test walks through several batches, drawers and files on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** Printing, exports, bulk and direct downloads and sharing of the fiscal screen (access.md §7–§8). */

async function save(download: Download, dir: string): Promise<Buffer> {
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return readFileSync(file);
}

test('Imprimir a printable movement sends its PDF to the print flow; a movement without print gets the notice', async ({ page }, testInfo) => {
  await stubPrinting(page);
  await openFiscal(page);
  const all = await allDefault(page);
  const printable = all.slice(0, 7).find((m) => m.imprime) ?? all.find((m) => m.imprime)!;
  const notPrintable = all.find((m) => !m.imprime);
  expect(notPrintable, 'the seed marks about 8 % of the invoices as without print').toBeTruthy();

  await loadUntil(page, printable);
  await rowOf(page, printable).getByText(voucherNumber(printable)).click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('fiscal-movement-detail') });
  await expect(drawer).toBeVisible();
  const imprime = page.waitForResponse((r) => r.url().includes('/api/public/proxy/imprime?'));
  await drawer.getByRole('button', { name: 'Imprimir' }).click();
  const answer = await imprime;
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { success: boolean; archivos: { archivo: string } };
  expect(body.success).toBe(true);
  expect(Buffer.from(body.archivos.archivo, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  const frame = page.getByTestId('print-frame');
  await expect(frame).toBeAttached();
  expect(await frame.getAttribute('src')).toMatch(/^blob:/);
  // The page's own policy lets the PDF into the frame, and the frame is sent to print.
  await expect.poll(async () => (await printing(page)).printed).toBe(1);
  expect((await printing(page)).refusals).toEqual([]);
  await drawer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(drawer).toBeHidden();

  // Without print: no 'Imprimir' in its detail, and the row's print shows the notice at the bottom right.
  await loadUntil(page, notPrintable!);
  await rowOf(page, notPrintable!).getByText(voucherNumber(notPrintable!)).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Imprimir' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(drawer).toBeHidden();
  await rowOf(page, notPrintable!).getByRole('button', { name: `Imprimir ${voucherName(notPrintable!)} ${voucherNumber(notPrintable!)}` }).click();
  await expect(page.locator('.ant-notification-bottomRight').getByText('El movimiento seleccionado no tiene impresión')).toBeVisible();
  await viewShot(page, testInfo, 'fiscal-no-print');
});

test('EXCEL exports everything the search matches, amounts as numbers; PDF exports a readable PDF', async ({ page }, testInfo) => {
  await openFiscal(page);
  const { total } = await apiList(page, { ...defaultRange(), start: 0, limit: 1 });

  const excelDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXCEL' }).click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsx = await save(excel, testInfo.outputDir);
  expect(xlsx.subarray(0, 2).toString()).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const amountCol = header.indexOf('Importe');
  const dateCol = header.indexOf('Fecha');
  expect(amountCol).toBeGreaterThan(0);
  let dataRows = 0;
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    dataRows++;
    expect(typeof row.getCell(amountCol).value).toBe('number');
    expect(row.getCell(dateCol).value).toBeInstanceOf(Date);
  });
  // Everything the filter matches, not only the 7 on screen.
  expect(dataRows).toBe(total);

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF', exact: true }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfBytes = await save(pdf, testInfo.outputDir);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', path.join(testInfo.outputDir, pdf.suggestedFilename()), '-'], { encoding: 'utf8' });
  expect(text).toContain('Comprobantes fiscales');
  expect(text).toMatch(/\d{1,3}(\.\d{3})*,\d{2}/);
});

test('Descargar comprobantes saves a ZIP of the selected rows (or of the whole search) and then drops the generated file', async ({ page }, testInfo) => {
  await openFiscal(page);
  const items = (await apiList(page, { ...defaultRange(), start: 0, limit: 7 })).items.filter((m) => m.imprime).slice(0, 2);
  expect(items.length).toBe(2);
  for (const m of items) {
    const row = rowOf(page, m);
    if (testInfo.project.name === 'phone') await row.getByRole('checkbox').check();
    else await row.locator('.ant-table-selection-column').getByRole('checkbox').check();
  }
  await expect(page.getByTestId('fiscal-selection')).toContainText('2 comprobantes seleccionados');

  const zipRequest = page.waitForResponse((r) => r.url().includes('/proxy/cgi/etenet_cabcbte?') && r.url().includes('zip=true'));
  const cleanup = page.waitForResponse((r) => r.url().includes('/proxy/files?') && r.url().includes('elimina=true'));
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar comprobantes' }).click();
  const zipAnswer = (await (await zipRequest).json()) as { success: boolean; cantidad: number };
  expect(zipAnswer).toMatchObject({ success: true, cantidad: 2 });
  const zip = await save(await downloadEvent, testInfo.outputDir);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect((await cleanup).status()).toBe(200);
  // The selection is done with.
  await expect(page.getByTestId('fiscal-selection')).toHaveCount(0);
  await shot(page, testInfo, 'fiscal-bulk');

  // With nothing selected: every printable voucher the search matches, not only the rows on screen.
  const printable = (await allDefault(page)).filter((m) => m.imprime).length;
  const allRequest = page.waitForResponse((r) => r.url().includes('/proxy/cgi/etenet_cabcbte?') && r.url().includes('zip=true'));
  const allDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar comprobantes' }).click();
  expect(await (await allRequest).json()).toMatchObject({ success: true, cantidad: printable });
  expect((await save(await allDownload, testInfo.outputDir)).subarray(0, 2).toString()).toBe('PK');
});

test('a row downloads its PDF directly and shares it by WhatsApp; without print, the server msg stays on screen', async ({ page, context }) => {
  await openFiscal(page);
  const all = await allDefault(page);
  const printable = all.slice(0, 7).find((m) => m.imprime)!;
  const name = `${voucherName(printable)} ${voucherNumber(printable)}`;

  const downloadEvent = page.waitForEvent('download');
  await rowOf(page, printable).getByRole('button', { name: `Descargar ${name}` }).click();
  const pdf = await save(await downloadEvent, test.info().outputDir);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // WhatsApp opens in a new tab with the text and the public link (wa.me itself is not reached from the test).
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const popupEvent = page.waitForEvent('popup');
  await rowOf(page, printable).getByRole('button', { name: `Compartir ${name}` }).click();
  const popup = await popupEvent;
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  const text = new URL(popup.url()).searchParams.get('text') ?? '';
  expect(text).toContain(voucherName(printable));
  const link = /(https?:\/\/\S+\/compartido\/\S+)/.exec(text)?.[1];
  expect(link).toBeTruthy();
  // The link opens without a session.
  const shared = await page.request.get(link!, { headers: { authorization: '' } });
  expect(shared.status()).toBe(200);
  expect((await shared.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await popup.close();

  const notPrintable = all.find((m) => !m.imprime)!;
  await loadUntil(page, notPrintable);
  await rowOf(page, notPrintable).getByRole('button', { name: `Descargar ${voucherName(notPrintable)} ${voucherNumber(notPrintable)}` }).click();
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'El movimiento seleccionado no tiene impresión' });
  await expect(notice).toBeVisible();
  // Persistent: still there after the 9 s other notifications last.
  await page.waitForTimeout(10_000);
  await expect(notice).toBeVisible();
});
