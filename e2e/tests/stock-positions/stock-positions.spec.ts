import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { enterAsProductor, LA_PAMPA, shot } from '../../support/fixtures';

test.describe.configure({ timeout: 150_000 });

/** Stock positions and deliverables (statements.md §2 'Stock positions'): productor in La Pampa as Juan Pérez (1001). */

type Row = { codalfa: string; desart: string; renglonesComprobantes: Array<{ descripcion: string }>; [k: string]: unknown };
type Answer = { items: Row[]; total: number; titulosColumnas: Array<{ id: number; titulo: string }> };

const rows = (page: Page) => page.locator('[data-testid^="position-row-"]');
const rowOf = (page: Page, r: Pick<Row, 'codalfa'>) => page.getByTestId(`position-row-${r.codalfa}`);
const text = (r: Row, id: number) => String(r[`columna${id}_con_formato`]);

async function positions(page: Page, query: Record<string, string | number> = {}): Promise<Answer> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('portal.session.v1') ?? '{}') as { accessToken?: string }).accessToken);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await page.request.get(`/api/public/proxy/cgi/etenet_pEntregarStk?${params}`, {
    headers: { authorization: `Bearer ${token}`, Cuit: LA_PAMPA, Entity_ID: '1001', Dispositivo: 'desktop' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Answer;
}

async function expand(page: Page, r: Row, phone: boolean) {
  if (phone) await rowOf(page, r).getByRole('button', { name: 'Ver comprobantes' }).click();
  else await rowOf(page, r).locator('.ant-table-row-expand-icon').click();
}

test('@smoke stock position: menu, server-named columns, vouchers of a product, paging and the product search', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await enterAsProductor(page);
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('menuitem', { name: 'Posición de stock' }).click();
  await expect(page).toHaveURL(/#\/1\/posicionstockventas$/);
  await expect(page.getByRole('heading', { name: 'Posición de stock' })).toBeVisible({ timeout: 30_000 });
  await expect(rows(page)).toHaveCount(7, { timeout: 30_000 });

  const all = await positions(page, { limit: 100 });
  await expect(page.getByText(`${all.total} productos`)).toBeVisible();
  const first = all.items[0]!;
  for (const t of all.titulosColumnas) await expect(rowOf(page, first)).toContainText(text(first, t.id));
  if (!phone) for (const t of ['Comprado', 'Entregado', 'A entregar']) await expect(page.getByRole('columnheader', { name: t })).toBeVisible();
  else await expect(rowOf(page, first)).toContainText('A entregar');

  // A product expands to its invoices (with what is left to deliver) and remitos.
  const withRemitos = all.items.slice(0, 7).find((r) => r.renglonesComprobantes.some((l) => l.descripcion === 'Remito R'))!;
  expect(withRemitos, 'a product of the first page with remitos').toBeTruthy();
  await expand(page, withRemitos, phone);
  const vouchers = page.getByTestId('position-vouchers').first();
  await expect(vouchers).toContainText('Remito R');
  await expect(vouchers).toContainText('Factura');
  await expect(vouchers).toContainText('Último retiro');
  await shot(page, testInfo, 'stock-position');

  // The next batch: on a phone it loads when the button scrolls into view.
  const more = page.getByRole('button', { name: 'Mostrar más productos' });
  if (phone) await more.scrollIntoViewIfNeeded();
  else await more.click();
  await expect(rows(page)).toHaveCount(14);
  await expect(rowOf(page, all.items[10]!)).toContainText(text(all.items[10]!, 3));

  // Product search: part of a description, typed without accents.
  const word = all.items.map((r) => r.desart.split(/\s+/).find((w) => w.length > 4)).find(Boolean)!;
  const typed = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const box = page.getByRole('combobox', { name: 'Buscar producto' });
  await box.fill(typed);
  await box.press('Enter');
  await expect(page).toHaveURL(/desart=/);
  const found = await positions(page, { desart: typed });
  expect(found.total).toBeGreaterThan(0);
  await expect(page.getByText(`${found.total} ${found.total === 1 ? 'producto' : 'productos'}`)).toBeVisible();
  await expect(rowOf(page, found.items[0]!)).toBeVisible();

  // Nothing found.
  await box.fill('zzzz no existe');
  await box.press('Enter');
  await expect(page.getByText('No se encontraron productos')).toBeVisible();
  await expect(page.getByText('Pruebe otros criterios de búsqueda')).toBeVisible();
});

test('deliverables: what is left to withdraw per deposit, its invoices, and the exports read back', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await enterAsProductor(page);
  await page.goto('/#/1/posicionstockventas');
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Pendientes de entrega' }).click();
  await expect(page).toHaveURL(/codres=PEN/);
  const pen = await positions(page, { codres: 'PEN', limit: 100 });
  expect(pen.titulosColumnas.length).toBeGreaterThan(2);
  expect(pen.titulosColumnas.at(-1)!.titulo).toBe('Total a entregar');
  await expect(page.getByText(`${pen.total} ${pen.total === 1 ? 'producto' : 'productos'} con mercadería a entregar`)).toBeVisible({ timeout: 30_000 });
  const r = pen.items[0]!;
  for (const t of pen.titulosColumnas) {
    if (!phone) await expect(page.getByRole('columnheader', { name: t.titulo })).toBeVisible();
    await expect(rowOf(page, r)).toContainText(text(r, t.id));
  }
  await expand(page, r, phone);
  await expect(page.getByTestId('position-vouchers').first()).toContainText('Factura');
  await expect(page.getByTestId('position-vouchers').first()).not.toContainText('Remito R');
  await shot(page, testInfo, 'deliverables');

  // EXCEL of the deliverables: a column per deposit, read back.
  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXCEL' }).click();
  const file = path.join(testInfo.outputDir, 'entregas.xlsx');
  await (await dl).saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0]!;
  expect(sheet.actualRowCount).toBe(pen.total + 1);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual(['Producto', 'Código', 'Unidad', ...pen.titulosColumnas.map((t) => t.titulo)]);

  // PDF of the position.
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Posición de stock' }).click();
  await expect(page).not.toHaveURL(/codres=PEN/);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const pdfFile = path.join(testInfo.outputDir, 'posicion.pdf');
  await (await pdf).saveAs(pdfFile);
  expect((await readFile(pdfFile)).subarray(0, 5).toString()).toBe('%PDF-');
});
