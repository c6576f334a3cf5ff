import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { enterAsProductor, LA_PAMPA } from '../../support/fixtures';
import { E2E } from '../../support/env';

/** The fiscal screen's helpers: productor in La Pampa as Juan Pérez (1001), who has many vouchers. */

export const INFO = 'Los movimientos se encuentran expresados a Tipo de cambio histórico comprobante.';

export type Movement = {
  id: string;
  fecha: string;
  codcom: string;
  codtal: number;
  numero: number;
  descomlarga: string;
  letra: string;
  imprime: boolean;
  estilo: 'normal' | 'rojo';
  importe: number;
  importe_con_formato: string;
  renglonesProductos: Array<{ descripcion: string; cantidad: number; importe_con_formato: string }>;
  renglonesOtros: Array<{ descripcion: string; valor_con_formato: string }>;
  renglonesImpuestos: Array<{ descripcion: string; valor_con_formato: string }>;
  renglonesAplicados: Array<{ descripcion: string; valor_con_formato: string }>;
};
type ListAnswer = { items: Movement[]; total: number; tipodecomprobantes: Array<{ descripcion: string }> };

/** 'YYYY-MM-DD' in Buenos Aires, `offset` days from today. */
export function baDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(Date.now() + offset * 86_400_000));
}
export const slash = (iso: string) => iso.split('-').reverse().join('/');

/** The screen's opening range on a given day: the first day of the month six months back → that day. */
export function defaultRangeOn(today: string): { fechadesde: string; fechahasta: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return { fechadesde: new Date(Date.UTC(y, m - 1 - 6, 1)).toISOString().slice(0, 10), fechahasta: today };
}

/** The screen's opening range today. */
export function defaultRange(): { fechadesde: string; fechahasta: string } {
  return defaultRangeOn(baDay());
}

export const rows = (page: Page) => page.locator('[data-testid^="fiscal-row-"]');
export const rowOf = (page: Page, m: Pick<Movement, 'codcom' | 'codtal' | 'numero'>) => page.getByTestId(`fiscal-row-${m.codcom}-${m.codtal}-${m.numero}`);
export const voucherNumber = (m: Pick<Movement, 'codtal' | 'numero'>) => `${String(m.codtal).padStart(5, '0')}-${String(m.numero).padStart(8, '0')}`;
export const voucherName = (m: Pick<Movement, 'descomlarga' | 'letra'>) =>
  !m.letra || m.descomlarga.endsWith(` ${m.letra}`) ? m.descomlarga : `${m.descomlarga} ${m.letra}`;

export async function openFiscal(page: Page) {
  await enterAsProductor(page);
  // Through the side menu, as a customer gets there.
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('menuitem', { name: 'Comprobantes fiscales', exact: true }).click();
  await expect(page).toHaveURL(/#\/1\/cfiscales$/);
  // The first visit loads the page's code on demand: more time than a later step needs.
  await expect(page.getByText(INFO)).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

/** The list as the server gives it to this session (same token, company and entity as the page). */
export async function apiList(page: Page, query: Record<string, string | number>): Promise<ListAnswer> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('portal.session.v1') ?? '{}') as { accessToken?: string }).accessToken);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await page.request.get(`/api/public/proxy/cgi/etenet_cabcbte?${params}`, {
    headers: { authorization: `Bearer ${token}`, Cuit: LA_PAMPA, Entity_ID: '1001', Dispositivo: 'desktop' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ListAnswer;
}

/** Every movement of the opening range, in the list's order. */
export async function allDefault(page: Page): Promise<Movement[]> {
  const all: Movement[] = [];
  for (let start = 0; ; start += 50) {
    const batch = await apiList(page, { ...defaultRange(), start, limit: 50 });
    all.push(...batch.items);
    if (batch.items.length < 50) return all;
  }
}

/** Loads batches of 7 until the movement's row is on screen. */
export async function loadUntil(page: Page, m: Movement) {
  const more = page.getByRole('button', { name: 'Mostrar más movimientos' });
  while (!(await rowOf(page, m).isVisible())) {
    const before = await rows(page).count();
    await more.click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(before);
  }
}

/** Types a date into one of the search drawer's pickers and commits it. */
export async function typeDate(page: Page, label: 'Fecha desde' | 'Fecha hasta', iso: string) {
  const input = page.getByRole('dialog').getByLabel(label);
  await input.click();
  await input.fill(slash(iso));
  await input.press('Enter');
}

/** A screenshot of what the screen shows (drawers and notifications are fixed to the viewport, not the page). */
export async function viewShot(page: Page, testInfo: TestInfo, name: string) {
  if (!E2E.screenshots) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(E2E.screenshotDir, `${testInfo.project.name}-${name}.png`) });
}
