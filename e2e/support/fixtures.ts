import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
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

/**
 * Logs in as productor through the screens and enters La Pampa as Juan Pérez, ending on the dashboard. For the
 * specs about logging in, the sessions page, the guard, refresh and logout (docs/decisions/e2e.md); the others
 * start with enterAsProductor.
 */
export async function enterAsProductorUi(page: Page) {
  await loginUi(page, 'productor', 'Demo1234');
  await page.getByTestId(`session-${LA_PAMPA}`).click();
  await page.getByTestId('entity-1001').click();
  await expect(page).toHaveURL(/#\/1\/dashboard/);
}

/** Logs in as productor and enters La Pampa as Juan Pérez, ending on the dashboard (through the API: enterViaApi). */
export async function enterAsProductor(page: Page) {
  await enterViaApi(page, { username: 'productor', entity: 1001, landing: /#\/1\/dashboard/ });
}

type Entidad = { codent: number; activa: boolean; descripcion?: string; descri_entidad?: string; razsoc: string };
type UserData = { usuario: { perfiles: Array<{ id: number }>; perfile_default: number; empresa: { cuit: string; razonsocial: string } } };

/**
 * The session a login through the screens leaves in the browser's local storage (apps/web/src/lib/session-store.ts),
 * obtained with the calls those screens make, in their order, with the page's own cookies (the device cookie the
 * login sets lands in the browser context as it does from the login form):
 * POST /oauth (login.ts), GET /sessions/sessions (the company step), and with a company GET
 * /sessions/buscoentidad (the entity step) and GET /data with the Cuit and Entity_ID headers (sessions-page.tsx
 * enter(): the server checks the company, entity, device and profile there). Choosing a company or an entity writes
 * nothing on the server: the choice lives in the browser. Fresh tokens on every call: never shared between tests.
 *
 * Without `entity`, the company's only active entity is taken (as the entity step does by itself); without
 * `profile`, the only profile (the profile step otherwise). `cuit: null` stops after the login (the sessions page).
 */
export async function apiSession(
  page: Page,
  o: { username: string; password?: string; cuit?: string | null; entity?: number; profile?: number },
): Promise<string> {
  const request = page.request;
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  const device = { Dispositivo: mobile ? 'mobile' : 'desktop' };
  const login = await request.post('/api/public/oauth', {
    headers: device,
    data: { client_id: 'master', grant_type: 'password', username: o.username.trim().toLowerCase(), password: o.password ?? 'Demo1234' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const tokens = (await login.json()) as { access_token: string; refresh_token: string };
  const auth = { ...device, authorization: `Bearer ${tokens.access_token}` };
  const session = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, host: null, entity: null, profile: null, actuaComo: null, adminPrompted: false };
  const sessions = await request.get('/api/public/sessions/sessions', { headers: auth });
  expect(sessions.status(), await sessions.text()).toBe(200);
  const cuit = o.cuit === undefined ? LA_PAMPA : o.cuit;
  if (cuit === null) return JSON.stringify(session);
  const company = ((await sessions.json()) as { sessions: Array<{ cuit: string; razonsocial: string }> }).sessions.find((s) => s.cuit === cuit);
  expect(company, `${o.username} has no session in ${cuit}`).toBeTruthy();
  const found = await request.get('/api/public/sessions/buscoentidad', { headers: { ...auth, Cuit: cuit }, params: { cuit } });
  expect(found.status(), await found.text()).toBe(200);
  const entities = ((await found.json()) as { entidades: Entidad[] }).entidades.filter((e) => e.activa);
  const entity = o.entity === undefined ? (entities.length === 1 ? entities[0]! : undefined) : entities.find((e) => e.codent === o.entity);
  expect(entity, `${o.username}: entity ${o.entity ?? '(the only active one)'} of ${cuit}`).toBeTruthy();
  const data = await request.get('/api/public/data', { headers: { ...auth, Cuit: cuit, Entity_ID: String(entity!.codent) }, params: { mobile } });
  expect(data.status(), await data.text()).toBe(200);
  const user = ((await data.json()) as UserData).usuario;
  const profile = o.profile ?? (user.perfiles.length === 1 ? user.perfiles[0]!.id : undefined);
  expect(profile !== undefined && user.perfiles.some((p) => p.id === profile), `${o.username}: profile ${o.profile} of ${user.perfiles.map((p) => p.id)}`).toBe(true);
  return JSON.stringify({
    ...session,
    host: { cuit, razonsocial: user.empresa.razonsocial },
    entity: { codent: entity!.codent, label: entity!.descripcion || entity!.descri_entidad || entity!.razsoc },
    profile,
  });
}

/**
 * Enters the portal as a UI login would leave it (apiSession) without the login, sessions and entity screens: the
 * session goes into local storage from a page of the same origin that does not run the app (/healthz), and then the
 * app starts on `path` (by default the profile's dashboard) and must reach `landing`.
 */
export async function enterViaApi(
  page: Page,
  o: Parameters<typeof apiSession>[1] & { path?: string; landing?: RegExp },
): Promise<void> {
  const session = await apiSession(page, o);
  const profile = (JSON.parse(session) as { profile: number | null }).profile;
  await page.goto('/healthz');
  // As login.ts does: the session before, and the answers kept for it, go (sessionStore.clear()).
  await page.evaluate((value) => {
    localStorage.removeItem('portal.queries.v1');
    localStorage.setItem('portal.session.v1', value);
  }, session);
  await page.goto(o.path ?? `/#/${profile}/dashboard`);
  await expect(page).toHaveURL(o.landing ?? new RegExp(`#/${profile}/`));
}

/** A full-page screenshot kept under e2e/.artifacts/screenshots, named by project. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!E2E.screenshots) return;
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

/**
 * The print flow without the printer: headless Chromium ends the browser when a frame's PDF is sent to print(), so
 * the print frame's window answers focus() and print() by counting (window.__printed), and the Content Security
 * Policy's refusals of a frame are kept (window.__cspRefusals) so a test can assert the PDF frame was allowed to load.
 * Call before the page's first navigation.
 */
export async function stubPrinting(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __printed: number; __cspRefusals: string[] };
    w.__printed = 0;
    w.__cspRefusals = [];
    // Only what the print flow needs: the frame and the document in it.
    document.addEventListener('securitypolicyviolation', (e) => {
      if (/^(frame|child|object)-src/.test(e.violatedDirective)) w.__cspRefusals.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
    const real = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        if (this.id !== 'portal-print-frame') return real.get!.call(this);
        return { focus: () => undefined, print: () => void (w.__printed += 1) };
      },
    });
  });
}

/** What stubPrinting counted: the print() calls and the CSP refusals so far. */
export async function printing(page: Page): Promise<{ printed: number; refusals: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __printed: number; __cspRefusals: string[] };
    return { printed: w.__printed, refusals: w.__cspRefusals };
  });
}

/**
 * Waits until an Ant Design dialog has finished zooming in. A click on one of its buttons while it still zooms can
 * land where the button was a frame earlier (a loaded machine skips frames) and be lost; a person's eye waits too.
 */
export async function dialogSettled(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-appear|ant-zoom-enter/);
}
