import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { E2E } from './env';

export const LA_PAMPA = '30712345671';
export const DEL_SUR = '30709998885';
export const SUSPENDIDA = '30691112221';
/** The unregistered customer of the demo (identities.ts SELF_SIGNUP_CUSTOMER). */
export const SELF_SIGNUP = { cuit: '27285554441', phone: '2954555010', entityLabel: 'María Fernanda Gómez' };

export function uniqueEmail(prefix: string, testInfo: TestInfo): string {
  return `${prefix}.${testInfo.project.name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.com.ar`;
}

/** The SMS the server's development outbox holds for a phone, newest last. */
export function smsTo(phone: string): Array<{ to: string; text: string }> {
  let text = '';
  try {
    text = readFileSync(path.join(E2E.dataDir, 'outbox', 'sms.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((m) => m.to === `+54${phone}`);
}

/**
 * Every registration in the demo uses the one SELF_SIGNUP mobile, and the outbox does not say which
 * registration a code belongs to: the two workers take turns (a lock directory shared by the processes)
 * between sending a code and reading it, so neither reads the other's.
 */
export const SMS_LOCK = path.join(E2E.dataDir, '..', 'sms.lock');
export async function withSmsLock<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    try {
      mkdirSync(SMS_LOCK);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        // A holder that died mid-test leaves the lock behind; nobody holds it this long.
        if (Date.now() - statSync(SMS_LOCK).mtimeMs > 30_000) rmSync(SMS_LOCK, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) throw new Error('the SMS lock was not released');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(SMS_LOCK, { recursive: true, force: true });
  }
}

export async function latestCode(phone: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const list = smsTo(phone);
      if (list.length <= after) return '';
      code = /(\d{6})/.exec(list[list.length - 1]!.text)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The mail the SMTP capture received for `to` (waits for it). */
export async function mailTo(to: string): Promise<{ to: string; subject: string; text: string }> {
  let found: { to: string; subject: string; text: string } | undefined;
  await expect
    .poll(() => {
      for (const f of readdirSync(E2E.mailDir)) {
        const m = JSON.parse(readFileSync(path.join(E2E.mailDir, f), 'utf8')) as { to: string; subject: string; text: string };
        if (m.to.includes(to)) found = m;
      }
      return Boolean(found);
    }, { timeout: 15_000 })
    .toBe(true);
  return found!;
}

/** Registers a customer through the API (form, SMS code from the outbox, check) and returns the credentials. */
export async function registerCustomer(request: APIRequestContext, email: string, password = 'Clave1234') {
  const body = { nombre: 'María Fernanda', apellido: 'Gómez', email, password, nrotel: `+54${SELF_SIGNUP.phone}`, cuit: SELF_SIGNUP.cuit };
  const { serviceid, codigo } = await withSmsLock(async () => {
    const before = smsTo(SELF_SIGNUP.phone).length;
    const res = await request.post('/api/public/usuarios', { data: body });
    expect(res.status(), await res.text()).toBe(201);
    const { serviceid } = (await res.json()) as { serviceid: string };
    return { serviceid, codigo: await latestCode(SELF_SIGNUP.phone, before) };
  });
  const check = await request.post('/api/public/usuarios?check=true', { data: { ...body, codigo, serviceid } });
  expect(check.status(), await check.text()).toBe(200);
  return { email, password };
}

export async function loginUi(page: Page, username: string, password: string) {
  await page.goto('/#/welcome');
  await page.getByLabel('Usuario o email').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/#\/welcome\/sessions/);
}

/** Logs in as productor and enters La Pampa as Juan Pérez, ending on the dashboard. */
export async function enterAsProductor(page: Page) {
  await loginUi(page, 'productor', 'Demo1234');
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  await page.getByTestId('entity-1001').click();
  await expect(page).toHaveURL(/#\/1\/dashboard/);
}

/** A full-page screenshot kept under e2e/.artifacts/screenshots, named by project. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(E2E.screenshotDir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

/** From the sessions list: adds a company by CUIT on /welcome/new; a single entity is entered by itself. */
export async function addSession(page: Page, cuit: string) {
  await page.getByRole('button', { name: 'Nueva sesión' }).click();
  await expect(page).toHaveURL(/#\/welcome\/new$/);
  await page.getByLabel('CUIT de la empresa').fill(cuit);
  await page.getByRole('button', { name: 'Agregar sesión' }).click();
}

/** The header's logout, confirmed; the page reloads on /welcome. */
export async function logoutUi(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Su sesión se cerrará. ¿Desea continuar?' });
  await expect(dialog).toBeVisible();
  // A click that lands while the confirm is still opening is lost (seen on a loaded phone run): click again
  // while the dialog is there and the page has not left.
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Aceptar' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/#\/welcome$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
}

/**
 * Closes the open notifications, as a user does when they cover the form (on a phone the stack of
 * top-right notifications spans the whole width for 9 seconds).
 */
export async function closeNotifications(page: Page) {
  const close = page.getByRole('alert').getByRole('button', { name: 'Cerrar', exact: true });
  // Notices also leave by themselves and move while the stack animates: every click is bounded and may miss,
  // and the loop ends when none is left.
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 2_000 }).catch(() => undefined);
    await expect(close).toHaveCount(0, { timeout: 1_500 });
  }).toPass({ timeout: 45_000 });
}
