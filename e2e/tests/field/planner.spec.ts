import { expect, test, type Page } from '@playwright/test';
import { shot } from '../../support/fixtures';
import { card, daysBack, enterAsRepartidor, FIELD, fieldGet, todayIso, type VisitClient } from './support';

// The field screens and the app shell come from the service worker: it stays on here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * The visit planner's modes (field-warehouse.md §4): today; history counted in days back from today; the future as
 * a weekday with a week offset. Each position is in the URL, loads what the spec says (history: the visits of that
 * date; future: the route of that weekday) and 'Volver a hoy' resets it.
 */
test.describe.configure({ timeout: 180_000 });

const DIAS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
type Visits = { fecha: string; dia: string; clientes: VisitClient[] };

function addDays(iso: string, n: number): string {
  return daysBack(iso, -n);
}
/** 0 (lunes) … 6 (domingo). */
function dayIndex(iso: string): number {
  return (new Date(`${iso}T12:00:00Z`).getUTCDay() + 6) % 7;
}
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
const title = (iso: string) => DIAS[dayIndex(iso)]!.replace(/^./, (c) => c.toUpperCase());

/** One tap on a day button, waiting for the planner to move (each tap starts from where the last one landed). */
async function tap(page: Page, name: 'Día siguiente' | 'Día anterior') {
  const before = page.url();
  await page.getByRole('button', { name }).click();
  await expect(page).not.toHaveURL(before);
}

async function expectHeader(page: Page, iso: string) {
  const header = page.getByRole('button', { name: 'Seleccionar fecha' });
  await expect(header).toContainText(title(iso));
  await expect(header).toContainText(ddmmyyyy(iso));
}

test('planner modes: future weekdays with a week offset, history in days back, Volver a hoy', async ({ page, request }, testInfo) => {
  const today = todayIso();
  const idx = dayIndex(today);
  await enterAsRepartidor(page);
  const next = { click: () => tap(page, 'Día siguiente') };
  const prev = { click: () => tap(page, 'Día anterior') };

  // Forward from today: tomorrow's weekday of this week (or Monday of the next one when today is Sunday).
  await next.click();
  const tomorrow = addDays(today, 1);
  const week = idx === 6 ? 1 : 0;
  await expect(page).toHaveURL(new RegExp(`repartos\\?dia=${encodeURIComponent(DIAS[dayIndex(tomorrow)]!)}&semana=${week}$`));
  await expectHeader(page, tomorrow);
  await expect(page.getByTestId('visits-mode')).toContainText(week === 0 ? 'Recorrido previsto · esta semana' : 'Recorrido previsto · la semana próxima');
  await expect(page.getByText('Clientes del Día', { exact: true })).toHaveCount(0);
  const planned = await fieldGet<Visits>(page, request, `/visitas/hoy?day=${encodeURIComponent(DIAS[dayIndex(tomorrow)]!)}&semana=${week}`);
  expect(planned.fecha).toBe(tomorrow);
  expect(planned.clientes.length).toBeGreaterThan(0);
  await expect(page.getByTestId('visit-card')).toHaveCount(planned.clientes.length);
  await expect(card(page, planned.clientes[0]!.id)).toContainText(planned.clientes[0]!.nombre);
  // A planned day has no state selector and no order-taking.
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Volver a hoy' })).toBeVisible();
  await shot(page, testInfo, 'planner-future');

  // On to Monday of the next week: the week offset goes up past Sunday.
  for (let i = idx + 2; i <= 7; i++) await next.click();
  const nextMonday = addDays(today, 7 - idx);
  await expect(page).toHaveURL(/repartos\?dia=lunes&semana=1$/);
  await expectHeader(page, nextMonday);
  await expect(page.getByTestId('visits-mode')).toContainText('Recorrido previsto · la semana próxima');
  const mondays = await fieldGet<Visits>(page, request, '/visitas/hoy?day=lunes&semana=1');
  expect(mondays.fecha).toBe(nextMonday);
  await expect(page.getByTestId('visit-card')).toHaveCount(mondays.clientes.length);

  // The position survives a reload, and a planned customer's detail returns to it.
  await page.reload();
  await expectHeader(page, nextMonday);
  await card(page, mondays.clientes[0]!.id).getByText(mondays.clientes[0]!.nombre).click();
  await expect(page.getByText(`Fecha: ${ddmmyyyy(nextMonday)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cargar Pedido' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Volver a Visitas' }).click();
  await expect(page).toHaveURL(/repartos\?dia=lunes&semana=1$/);

  // Back along the weekdays: reaching today's weekday of this week is today again.
  for (let i = 0; i < 7 - idx; i++) await prev.click();
  await expect(page).toHaveURL(/#\/4\/repartos$/);
  await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible();

  // Back from today: history, counted in days back.
  await prev.click();
  await expect(page).toHaveURL(/repartos\?atras=1$/);
  await expectHeader(page, daysBack(today, 1));
  await expect(page.getByTestId('visits-mode')).toContainText('Historial · ayer');
  const yesterday = await fieldGet<Visits>(page, request, `/visitas/fecha?date=${daysBack(today, 1)}`);
  await expect(page.getByTestId('visit-card')).toHaveCount(yesterday.clientes.length);
  await prev.click();
  await expect(page).toHaveURL(/repartos\?atras=2$/);
  await expectHeader(page, daysBack(today, 2));
  await expect(page.getByTestId('visits-mode')).toContainText('Historial · hace 2 días');
  const twoDays = await fieldGet<Visits>(page, request, `/visitas/fecha?date=${daysBack(today, 2)}`);
  await expect(page.getByTestId('visit-card')).toHaveCount(twoDays.clientes.length);
  const served = page.getByTestId('visit-card').filter({ has: page.locator('.ant-tag').getByText('Realizado', { exact: true }) });
  await expect(served).toHaveCount(twoDays.clientes.filter((c) => c.estado_venta === 'realizado').length);
  await shot(page, testInfo, 'planner-history');
  // A past day's customer: what was bought, no order-taking nor containers (today only), back to the same day.
  await card(page, twoDays.clientes[0]!.id).getByText(twoDays.clientes[0]!.nombre).click();
  await expect(page.getByText(`Fecha: ${ddmmyyyy(daysBack(today, 2))}`)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Subtotal' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Cargar Pedido|Agregar otra venta|Cargar envases|Eliminar compra/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Volver a Visitas' }).click();
  await expect(page).toHaveURL(/repartos\?atras=2$/);
  // Forward from 2 days back, then from 1 day back: today again (history left).
  await next.click();
  await expect(page).toHaveURL(/repartos\?atras=1$/);
  await next.click();
  await expect(page).toHaveURL(/#\/4\/repartos$/);
  await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible();

  // 'Volver a hoy' resets history and offsets, from either side.
  for (let i = 0; i < 3; i++) await prev.click();
  await expect(page).toHaveURL(/repartos\?atras=3$/);
  await page.getByRole('button', { name: 'Volver a hoy' }).click();
  await expect(page).toHaveURL(/#\/4\/repartos$/);
  await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible();
  for (let i = 0; i < 8; i++) await next.click();
  await expect(page).toHaveURL(/semana=[12]$/);
  await expectHeader(page, addDays(today, 8));
  await page.getByRole('button', { name: 'Volver a hoy' }).click();
  await expect(page).toHaveURL(/#\/4\/repartos$/);
  await expect(page.getByText('Clientes del Día', { exact: true })).toBeVisible();
  await expect(page.getByTestId('visits-footer')).toHaveText('Turno: Mañana y Tarde');
});

test("a day without stops: 'No hay turnos para hoy'", async ({ page }) => {
  await enterAsRepartidor(page);
  // The route of today emptied (as an ERP sync could leave it), answered at the network.
  const today = todayIso();
  await page.route(`**${FIELD}/visitas/hoy`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, fecha: today, dia: DIAS[dayIndex(today)], clientes: [], turnos: [] }) }),
  );
  await page.reload();
  await expect(page.getByTestId('visits-footer')).toHaveText('No hay turnos para hoy');
  await expect(page.getByText('No quedan clientes pendientes.')).toBeVisible();
});
