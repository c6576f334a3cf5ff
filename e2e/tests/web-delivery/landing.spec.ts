import { expect, test, type Page } from '@playwright/test';
import { DEL_SUR, LA_PAMPA, enterAsProductor, enterAsProductorUi } from '../../support/fixtures';

/**
 * 'Ingresar' → dashboard and the dashboard's repeat visit (docs/decisions/web-delivery.md):
 * each answer of the way is asked for once, the dashboard together with the entity's user data; a repeat visit draws
 * Ant Design's components with the styles kept from the last one, instead of building them again.
 */

/** The API calls the page makes, by path, with their query. */
function apiCalls(page: Page) {
  const calls: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/public/')) calls.push(url);
  });
  return (path: string) => calls.filter((u) => u.pathname === `/api/public${path}`);
}

test("'Ingresar' → dashboard asks for each answer once, the dashboard with the entity's user data", async ({ page }) => {
  const calls = apiCalls(page);
  await enterAsProductorUi(page);
  await expect(page.getByTestId('porlet-resumen-cliente').getByText('Saldo en pesos')).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(calls('/sessions/sessions')).toHaveLength(1);
  // The entities of the two companies productor can choose (the third is suspended), asked for while the list is
  // read, each once: the entity step and the header's entity selector draw them from that answer.
  const entities = calls('/sessions/buscoentidad').map((u) => u.searchParams.get('cuit'));
  expect(entities.sort()).toEqual([LA_PAMPA, DEL_SUR].sort());
  expect(calls('/data')).toHaveLength(1);
  // One dashboard call, the one made with /data: it names no profile (the server takes the default one, which is the
  // profile productor enters with), and the page found its answer instead of asking again.
  const dashboards = calls('/proxy/cgi/etenet_dashboard');
  expect(dashboards).toHaveLength(1);
  expect(dashboards[0]!.searchParams.has('perfil')).toBe(false);
  await expect(page.getByTestId('dashboard-entity')).toContainText('Código 1001');
});

/**
 * Ant Design `<style>` elements added to the head since the page started: those put in at once with the map cssinjs
 * reads (kept from the last visit: lib/kept-styles.ts), and those added one at a time
 * (built by a component; `builtComponents`: without the theme's and each component's CSS variables, which are built
 * from the theme every time).
 */
async function countBuiltStyles(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __built: string[]; __kept: number };
    w.__built = [];
    w.__kept = 0;
    new MutationObserver((changes) => {
      for (const c of changes) {
        const styles = Array.from(c.addedNodes).filter((n): n is HTMLStyleElement => n instanceof HTMLStyleElement && n.hasAttribute('data-css-hash'));
        // The kept styles come in one insertion with the map cssinjs reads; a built one comes alone.
        if (Array.from(c.addedNodes).some((n) => n instanceof HTMLStyleElement && n.hasAttribute('data-ant-cssinjs-cache-path'))) w.__kept += styles.length;
        else w.__built.push(...styles.map((s) => s.textContent ?? ''));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { __built: string[]; __kept: number };
      const components = w.__built.filter((css) => !css.startsWith('.css-var-'));
      return { built: w.__built.length, builtComponents: components, kept: w.__kept };
    });
}

test('a repeat visit draws the dashboard with the Ant Design styles kept from the last visit, looking the same', async ({ page }) => {
  const counts = await countBuiltStyles(page);
  await enterAsProductor(page);
  const summary = page.getByTestId('porlet-resumen-cliente');
  await expect(summary.getByText('Saldo en pesos')).toBeVisible();
  const first = await counts();
  // Ant Design built its styles on this first visit, and they are kept.
  expect(first.builtComponents.length).toBeGreaterThan(10);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('portal.styles.v1')?.length ?? 0)).toBeGreaterThan(10_000);
  const look = () =>
    page.evaluate(() => {
      const css = (selector: string, props: string[]) => {
        const el = document.querySelector(selector);
        const style = el ? getComputedStyle(el) : null;
        return props.map((p) => style?.getPropertyValue(p) ?? null);
      };
      return {
        header: css('.ant-layout-header', ['background-color', 'height', 'padding-left']),
        button: css('.ant-layout-header .ant-btn', ['height', 'border-radius', 'font-size']),
        skeletonOrSpace: css('.dashboard .ant-space', ['display', 'gap', 'flex-direction']),
      };
    });
  const before = await look();

  await page.reload();
  await expect(summary.getByText('Saldo en pesos')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const repeat = await counts();
  // The dashboard's styles came from the kept ones. Still built: the theme's and each component's CSS variables
  // (written from the theme every time) and what the first visit drew after its styles were written (the desktop's
  // banners): without the kept styles, as many are built as on the first visit.
  expect(repeat.kept).toBeGreaterThan(10);
  expect(repeat.builtComponents.length).toBeLessThan(first.builtComponents.length / 2);
  expect(await look()).toEqual(before);
});

/**
 * For each selector, the first frame (a count of animation frames since the page started) in which it was in the page:
 * two parts inserted by the same render have the same frame, parts of a later render a later one.
 */
async function framesOfArrival(page: Page, selectors: Record<string, string>) {
  await page.addInitScript((wanted: Record<string, string>) => {
    const w = window as unknown as { __arrival: Record<string, number> };
    w.__arrival = {};
    let frame = 0;
    const tick = () => {
      frame += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new MutationObserver(() => {
      for (const [name, selector] of Object.entries(wanted)) if (!(name in w.__arrival) && document.querySelector(selector)) w.__arrival[name] = frame;
    }).observe(document, { childList: true, subtree: true });
  }, selectors);
  return () => page.evaluate(() => (window as unknown as { __arrival: Record<string, number> }).__arrival);
}

test("the dashboard's figures are painted before its charts and tables, which follow at once", async ({ page }) => {
  const arrival = await framesOfArrival(page, {
    summary: '[data-testid="porlet-resumen-cliente"]',
    chart: '[data-testid="porlet-compras-mes"] svg',
    grain: '[data-testid="grain-position"]',
  });
  await enterAsProductor(page);
  await expect(page.getByTestId('porlet-resumen-cliente').getByText('Saldo en pesos')).toBeVisible();
  await expect(page.getByTestId('porlet-compras-mes')).toContainText('Compras por mes');
  await expect(page.getByTestId('grain-position')).toContainText('Posición global de granos');
  for (const visit of ['first', 'repeat'] as const) {
    const at = await arrival();
    // The summary was in a frame of its own; the charts and the grain position came with a later render.
    expect(at.summary, visit).toBeGreaterThanOrEqual(0);
    expect(at.chart, visit).toBeGreaterThan(at.summary!);
    expect(at.grain, visit).toBeGreaterThan(at.summary!);
    if (visit === 'first') {
      // A repeat visit: the dashboard drawn from the kept answer on its first render.
      await page.reload();
      await expect(page.getByTestId('porlet-compras-mes')).toContainText('Compras por mes');
      await expect(page.getByTestId('grain-position')).toContainText('Posición global de granos');
    }
  }
});

test('a repeat visit draws the shell and the dashboard in one render, without the loading fallback in between', async ({ page }) => {
  const arrival = await framesOfArrival(page, {
    fallback: '.route-loading',
    header: '.shell-header',
    summary: '[data-testid="porlet-resumen-cliente"]',
  });
  await enterAsProductor(page);
  await expect(page.getByTestId('porlet-resumen-cliente').getByText('Saldo en pesos')).toBeVisible();
  await expect(page.getByTestId('porlet-compras-mes')).toContainText('Compras por mes');
  // A repeat visit: the shell's and the dashboard's code are loaded by the router before its first render, and the
  // kept answers are there; the shell is drawn at once (not through a suspended React.lazy, whose fallback React
  // shows and then holds the content back for up to 0.3 s), with the dashboard's summary in the same frame.
  await page.reload();
  await expect(page.getByTestId('porlet-resumen-cliente').getByText('Saldo en pesos')).toBeVisible();
  const at = await arrival();
  expect(at.fallback).toBeUndefined();
  expect(at.header).toBeGreaterThanOrEqual(0);
  expect(at.summary).toBe(at.header);
});

test('typing the credentials loads the login rules with zod, not the registration rules and libphonenumber', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/#/welcome');
  await page.getByLabel('Usuario o email').fill('productor');
  await page.getByLabel('Contraseña').fill('Demo1234');
  // The first check of a field loads its rule (with zod); the sessions screen's code starts with the typing too.
  await expect.poll(() => scripts.some((p) => /\/assets\/zod-[\w-]+\.js$/.test(p))).toBe(true);
  await expect.poll(() => scripts.some((p) => /\/assets\/sessions-[\w-]+\.js$/.test(p))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((p) => /\/assets\/(phone|access)-[\w-]+\.js$/.test(p))).toEqual([]);
  // The rules still apply: an empty user name is refused with the contract's message, as before.
  await page.getByLabel('Usuario o email').fill('');
  await expect(page.getByText('El usuario es obligatorio.')).toBeVisible();
});

test('the sessions screen\'s code is fetched at low priority while the user types: the sign-in goes first, and the screen runs it without asking again', async ({ page }) => {
  // lib/quiet-prefetch.ts: the build lists the files in index.html, the first keystroke links them with
  // fetchpriority=low; the sign-in's POST (a fetch, high priority) is sent before the ones still queued.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priority = new Map<string, string>();
  const asked: string[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const path = new URL(e.request.url).pathname;
    asked.push(path);
    if (!priority.has(path)) priority.set(path, e.request.initialPriority);
  });
  await page.goto('/#/welcome');
  await page.getByLabel('Usuario o email').fill('productor');
  await page.getByLabel('Contraseña').fill('Demo1234');
  const sessionsCode = () => [...priority.keys()].filter((p) => /\/assets\/sessions-[\w-]+\.js$/.test(p));
  await expect.poll(() => sessionsCode().length).toBe(1);
  expect(['Low', 'VeryLow']).toContain(priority.get(sessionsCode()[0]!));
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId(`session-${LA_PAMPA}`)).toBeVisible();
  expect(['High', 'VeryHigh']).toContain(priority.get('/api/public/oauth'));
  // The screen's import() takes the prefetched modules from the page's module map: every script asked for once.
  const scripts = asked.filter((p) => /^\/assets\/.+\.js$/.test(p));
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts).toEqual([...new Set(scripts)]);
});
