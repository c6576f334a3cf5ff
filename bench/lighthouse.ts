/**
 * Lighthouse's accessibility category on the login screen (/#/welcome) and the customer's dashboard (productor in
 * La Pampa as entity 1001), at the mobile and the desktop form factor, through Lighthouse's user-flow API on a
 * puppeteer-core page of Debian's Chromium (no browser download). Prints each page's score and every failing audit
 * with its items. A measurement, not a test: it is not part of CI (docs/decisions/accessibility.md, "Lighthouse").
 *
 *   npm run bench:lighthouse -w @portal/bench
 *   BENCH_LH_PORT=8292 BENCH_LH_DATA_DIR=/tmp/lh    where the portal started by the script listens and keeps its data
 *   BENCH_LH_URL=http://127.0.0.1:8080              measures a portal already running instead
 *   BENCH_LH_OUT=/tmp/lh-report                     also writes each flow's HTML report there
 *
 * The session is set as e2e/support/fixtures.ts `enterViaApi` sets it: the login screens' API calls (POST /oauth,
 * GET /sessions/sessions, /sessions/buscoentidad, /data) made from a page of the portal's origin, so the device cookie
 * lands in the browser, then the session in local storage and the dashboard opened by its address.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFlow, desktopConfig, type Config, type FlowResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startServer } from './web-server.js';

const LA_PAMPA = '30712345671';
const ENTITY = 1001;
const OUT = process.env.BENCH_LH_OUT;

type FormFactor = 'mobile' | 'desktop';

function config(formFactor: FormFactor): Config {
  const base: Config = formFactor === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' };
  // No throttling: the category is about the page's markup, not its speed.
  return { ...base, settings: { ...base.settings, onlyCategories: ['accessibility'], throttlingMethod: 'provided' } };
}

/** The calls the login, sessions and entity screens make, from inside the page (its cookies), as fixtures.ts apiSession. */
async function session(page: Page, mobile: boolean): Promise<{ value: string; profile: number }> {
  // tsx (esbuild keepNames) wraps the named helper below in __name(), which the page does not define.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(
    async (o) => {
      const device = { Dispositivo: o.mobile ? 'mobile' : 'desktop' };
      const json = async (r: Response) => {
        if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
        return r.json();
      };
      const tokens = await json(
        await fetch('/api/public/oauth', {
          method: 'POST',
          headers: { ...device, 'content-type': 'application/json' },
          body: JSON.stringify({ client_id: 'master', grant_type: 'password', username: 'productor', password: 'Demo1234' }),
        }),
      );
      const auth = { ...device, authorization: `Bearer ${tokens.access_token}` };
      await json(await fetch('/api/public/sessions/sessions', { headers: auth }));
      const found = await json(await fetch(`/api/public/sessions/buscoentidad?cuit=${o.cuit}`, { headers: { ...auth, Cuit: o.cuit } }));
      const entity = (found.entidades as Array<{ codent: number; activa: boolean; descripcion?: string; descri_entidad?: string; razsoc: string }>).find(
        (e) => e.activa && e.codent === o.entity,
      );
      if (!entity) throw new Error(`productor has no active entity ${o.entity} in ${o.cuit}`);
      const data = await json(
        await fetch(`/api/public/data?mobile=${o.mobile}`, { headers: { ...auth, Cuit: o.cuit, Entity_ID: String(entity.codent) } }),
      );
      const user = data.usuario as { perfiles: Array<{ id: number }>; empresa: { razonsocial: string } };
      const profile = user.perfiles[0]!.id;
      const value = JSON.stringify({
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        host: { cuit: o.cuit, razonsocial: user.empresa.razonsocial },
        entity: { codent: entity.codent, label: entity.descripcion || entity.descri_entidad || entity.razsoc },
        profile,
        actuaComo: null,
        adminPrompted: false,
      });
      localStorage.removeItem('portal.queries.v1');
      localStorage.setItem('portal.session.v1', value);
      return { value, profile };
    },
    { mobile, cuit: LA_PAMPA, entity: ENTITY },
  );
}

type Row = { formFactor: FormFactor; page: string; score: number | null; exact: number | null; failing: string[] };

async function measure(url: string, formFactor: FormFactor): Promise<{ rows: Row[]; flow: FlowResult; html: string }> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-sync', '--lang=es-AR'],
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    // The session lives in local storage: Lighthouse must not clear it between the steps.
    const flow = await startFlow(page, { config: config(formFactor), flags: { disableStorageReset: true }, name: `Accesibilidad (${formFactor})` });
    await flow.navigate(async () => {
      await page.goto(`${url}/#/welcome`);
      await page.waitForSelector('xpath/.//button[normalize-space()="Ingresar"]', { visible: true, timeout: 60_000 });
    }, { name: 'login (/#/welcome)' });
    await page.goto(`${url}/healthz`);
    const { profile } = await session(page, formFactor === 'mobile');
    await flow.navigate(async () => {
      await page.goto(`${url}/#/${profile}/dashboard`);
      await page.waitForFunction(() => location.hash.includes('/dashboard') && document.querySelector('main') !== null, { timeout: 60_000 });
      // The dashboard's cards fill in from their queries: wait until no skeleton is left.
      await page.waitForFunction(() => document.querySelector('.ant-skeleton') === null, { timeout: 60_000 });
    }, { name: 'dashboard (productor, La Pampa, 1001)' });
    const result = await flow.createFlowResult();
    const rows = result.steps.map((step): Row => {
      const lhr = step.lhr;
      const category = lhr.categories.accessibility!;
      const failing: string[] = [];
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id]!;
        if (ref.weight === 0 || audit.score === null || audit.score === 1) continue;
        failing.push(`${audit.id}: ${audit.title}`);
        const details = audit.details as { items?: Array<{ node?: { selector?: string; snippet?: string; explanation?: string } }> } | undefined;
        const items = details?.items ?? [];
        // The first items with axe's explanation (the rest are usually the same element repeated).
        for (const item of items.slice(0, 5)) {
          const n = item.node;
          if (!n) continue;
          failing.push(`    ${n.selector ?? ''}  ${n.snippet ?? ''}`);
          if (n.explanation) failing.push(`      ${n.explanation.replace(/\s*\n\s*/g, ' ')}`);
        }
        if (items.length > 5) failing.push(`    … and ${items.length - 5} more`);
      }
      // The report rounds the weighted mean: one failing low-weight audit can still show 100, so the failures count.
      return { formFactor, page: step.name, score: category.score === null ? null : Math.round(category.score * 100), exact: category.score, failing };
    });
    return { rows, flow: result, html: await flow.generateReport() };
  } finally {
    await browser.close();
  }
}

const server = await startServer({
  existing: process.env.BENCH_LH_URL,
  port: process.env.BENCH_LH_PORT ?? '8292',
  dataDir: process.env.BENCH_LH_DATA_DIR ?? '/tmp/portal-bench-lighthouse',
});
const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
let below = 0;
try {
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const { rows, html } = await measure(server.url, formFactor);
    if (OUT) {
      mkdirSync(OUT, { recursive: true });
      writeFileSync(path.join(OUT, `accessibility-${formFactor}.html`), html);
    }
    for (const row of rows) {
      if (row.score !== 100 || row.failing.length > 0) below++;
      console.log(`${row.formFactor.padEnd(7)} ${row.page.padEnd(40)} accessibility ${row.score ?? 'n/a'} (${row.exact?.toFixed(4) ?? 'n/a'}), ${row.failing.filter((l) => !l.startsWith(' ')).length} failing audits`);
      for (const line of row.failing) console.log(`    ${line}`);
    }
  }
  console.log(`load average at start: ${load} (${os.cpus().length} cores)`);
} finally {
  await server.stop();
}
// Non-zero when a page scores below 100 or fails any audit.
process.exitCode = below === 0 ? 0 : 1;
