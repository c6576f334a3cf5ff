/**
 * Where the dashboard's time goes: one 'Ingresar' → dashboard journey and one repeat visit of the
 * dashboard, with web-load.ts's rural profile (150 ms, 1.6 Mbps, CPU 4×, 390×844), each with a Chromium
 * performance trace and a CPU profile, summarised as:
 *   - the network waterfall: every request's start and end (ms from the click or the navigation), its bytes on the
 *     wire, and how many scripts were in flight in each 150 ms slice (HTTP/1.1: six connections per host);
 *   - the main thread's busy time by trace event (script compile and evaluation, function calls, style and layout,
 *     paint) and the CPU profile's self time by package (react-dom, antd, @ant-design/cssinjs, the app, …).
 *
 *   BENCH_WEB_PORT=8955 BENCH_WEB_DATA_DIR=/tmp/x npm run bench:trace -w @portal/bench
 *   WEB_DIST=/tmp/unminified-dist …    a build made with `vite build --minify false` gives the profile per module
 *                                      (rolldown's //#region comments name each module's lines)
 *   BENCH_TRACE_OUT=/tmp/t             also writes the raw trace and profile (open in Chrome's Performance panel)
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { launchChromium, phoneContext, startServer } from './web-server.js';

const LA_PAMPA = '30712345671';
const RTT = 150;
const OUT = process.env.BENCH_TRACE_OUT;

type Request = { id: string; url: string; type: string; start: number; end: number; bytes: number; fromSw: boolean };
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; cat: string; args?: Record<string, unknown> };

async function instrumented(context: BrowserContext) {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: RTT, downloadThroughput: 200_000, uploadThroughput: 93_750 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { id: e.requestId, url: e.request.url, type: e.type ?? '', start: e.timestamp * 1000, end: Number.NaN, bytes: 0, fromSw: false });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.type = e.type;
      r.fromSw = Boolean(e.response.fromServiceWorker);
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.end = e.timestamp * 1000;
      r.bytes = e.encodedDataLength;
    }
  });
  return { page, cdp, requests };
}

/** `[start, stop]` around one measured span: a trace (browser-wide) and a CPU profile (the page). */
async function record(browser: Browser, page: Page, cdp: CDPSession, label: string, run: () => Promise<void>) {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel'],
  });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  if (OUT) {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, `${label}.trace.json`), JSON.stringify(trace));
    writeFileSync(path.join(OUT, `${label}.cpuprofile`), JSON.stringify(profile));
  }
  return { profile, trace };
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*/, '').slice(0, 60);

function waterfall(label: string, requests: Map<string, Request>, t0: number, t1: number) {
  // Requests still in flight at t0 (started before it: prefetches) count too.
  const list = [...requests.values()].filter((r) => (r.start >= t0 - 1 || !(r.end < t0)) && r.start <= t1).sort((a, b) => a.start - b.start);
  const scripts = list.filter((r) => r.type === 'Script');
  console.log(`\n## ${label}: network (${list.length} requests, ${scripts.length} scripts, ${(scripts.reduce((s, r) => s + r.bytes, 0) / 1024).toFixed(0)} kB of script on the wire)`);
  for (const r of list) {
    const end = Number.isNaN(r.end) ? '   —' : String(Math.round(r.end - t0)).padStart(5);
    console.log(`${String(Math.round(r.start - t0)).padStart(5)} → ${end}  ${(r.bytes / 1024).toFixed(1).padStart(6)} kB  ${r.type.padEnd(10)} ${r.fromSw ? 'sw ' : '   '}${short(r.url)}`);
  }
}

/** Main-thread busy time of the renderer by top-level trace event, and the gaps where it waited. */
function mainThread(label: string, events: TraceEvent[], t0: number, t1: number) {
  // The renderer's main thread: the thread named CrRendererMain of the process that ran the most script.
  const mains = events.filter((e) => e.name === 'thread_name' && (e.args?.name as string) === 'CrRendererMain');
  let best: { pid: number; tid: number; busy: number } | null = null;
  for (const m of mains) {
    const busy = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
    if (!best || busy > best.busy) best = { pid: m.pid, tid: m.tid, busy };
  }
  if (!best) return;
  const on = events.filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X' && e.ts / 1000 >= t0 - 1 && e.ts / 1000 <= t1);
  const tasks = on.filter((e) => e.name === 'RunTask');
  const busy = tasks.reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
  const byName = new Map<string, number>();
  // Self time of each event (its duration minus its children's), so nested events are not counted twice.
  const sorted = on.filter((e) => e.name !== 'RunTask').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: TraceEvent[] = [];
  const self = new Map<TraceEvent, number>();
  for (const e of sorted) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent, (self.get(parent) ?? 0) - (e.dur ?? 0));
    self.set(e, (self.get(e) ?? 0) + (e.dur ?? 0));
    stack.push(e);
  }
  for (const [e, us] of self) byName.set(e.name, (byName.get(e.name) ?? 0) + us / 1000);
  console.log(`\n## ${label}: main thread busy ${busy.toFixed(0)} ms of ${(t1 - t0).toFixed(0)} ms (self time by event, top 14)`);
  for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`${ms.toFixed(0).padStart(6)} ms  ${name}`);
  // Long tasks along the time line, to see when the thread worked and when it waited for the network.
  const long = tasks.filter((e) => (e.dur ?? 0) > 30_000).map((e) => `${Math.round(e.ts / 1000 - t0)}+${Math.round((e.dur ?? 0) / 1000)}`);
  console.log(`tasks over 30 ms (start+duration): ${long.join(' ')}`);
}

/** Which package or app module a line of a script belongs to (unminified builds carry //#region comments). */
async function regionsOf(url: string): Promise<Array<{ line: number; module: string }> | null> {
  const text = await (await fetch(url)).text();
  const out: Array<{ line: number; module: string }> = [];
  text.split('\n').forEach((l, i) => {
    const m = /^\/\/(?:#region)? ((?:\.\.\/)*(?:node_modules|src|packages)\/\S+\.(?:m?js|cjs|tsx?))$/.exec(l);
    if (m) out.push({ line: i, module: m[1]! });
  });
  return out.length ? out : null;
}

function groupOf(module: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?/.exec(module);
  if (nm) {
    const pkg = nm[1]!;
    if (pkg === 'antd') return /\/style\//.test(nm[2] ?? '') ? 'antd (component styles)' : 'antd';
    if (pkg.startsWith('@ant-design/cssinjs')) return '@ant-design/cssinjs (style runtime)';
    if (pkg === '@ant-design/colors' || pkg === '@ant-design/fast-color') return '@ant-design/colors (palettes)';
    return pkg;
  }
  const app = /(apps\/web\/src\/[^/]+(?:\/[^/]+)?)/.exec(module);
  return app ? app[1]! : module;
}

async function cpu(label: string, profile: Profile) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const regions = new Map<string, Array<{ line: number; module: string }> | null>();
  const byGroup = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (!ms) continue;
    const { url, functionName, lineNumber } = node.callFrame;
    let group: string;
    if (!url) group = functionName.startsWith('(') ? functionName : `native: ${functionName || '(anonymous)'}`;
    else {
      if (!regions.has(url)) regions.set(url, url.includes('/assets/') ? await regionsOf(url).catch(() => null) : null);
      const r = regions.get(url);
      const region = r ? [...r].reverse().find((x) => x.line <= lineNumber) : undefined;
      group = region ? groupOf(region.module) : short(url);
    }
    if (group !== '(idle)') total += ms;
    byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
  }
  console.log(`\n## ${label}: CPU profile self time (not idle: ${total.toFixed(0)} ms), top 22`);
  for (const [g, ms] of [...byGroup].filter(([g]) => g !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 22)) console.log(`${ms.toFixed(0).padStart(6)} ms  ${g}`);
}

const server = await startServer({ existing: process.env.BENCH_WEB_URL, port: process.env.BENCH_WEB_PORT ?? '8290', dataDir: process.env.BENCH_WEB_DATA_DIR ?? '/tmp/portal-bench-web' });
const browser = await launchChromium();
try {
  const context = await phoneContext(browser, server.url);
  // Journey: login screen, then 'Ingresar' → sessions → entity → dashboard, traced from the click.
  {
    const { page, cdp, requests } = await instrumented(context);
    await page.goto('/#/welcome', { waitUntil: 'commit' });
    await page.getByLabel('Usuario o email').fill('productor');
    await page.getByLabel('Contraseña').fill('Demo1234');
    let t1 = 0;
    const { profile, trace } = await record(browser, page, cdp, 'journey', async () => {
      const t = Date.now();
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByTestId(`session-${LA_PAMPA}`).click({ timeout: 120_000 });
      await page.getByTestId('entity-1001').click({ timeout: 120_000 });
      await page.getByTestId('porlet-resumen-cliente').waitFor({ timeout: 120_000 });
      console.log(`journey: Ingresar → dashboard shown ${Date.now() - t} ms`);
      t1 = Date.now() - t;
    });
    // CDP network timestamps are monotonic seconds; trace timestamps are monotonic microseconds; both share the
    // clock of the trace, so the click is located by the first request after it.
    const clickMono = Math.min(...[...requests.values()].filter((r) => r.url.includes('/api/')).map((r) => r.start).filter((s) => s > 0));
    waterfall('journey (from the login call)', requests, clickMono, clickMono + t1 + 2000);
    mainThread('journey', trace.traceEvents, clickMono, clickMono + t1);
    await cpu('journey', profile);
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.evaluate(() => navigator.serviceWorker?.ready);
    await page.close();
  }
  // Repeat visit: the same context (HTTP cache, service worker, kept answers), the dashboard by its address.
  {
    const { page, cdp, requests } = await instrumented(context);
    let t1 = 0;
    const { profile, trace } = await record(browser, page, cdp, 'repeat', async () => {
      const t = Date.now();
      await page.goto('/#/1/dashboard', { waitUntil: 'commit' });
      await page.getByTestId('porlet-resumen-cliente').waitFor({ timeout: 120_000 });
      t1 = Date.now() - t;
      console.log(`\nrepeat visit: dashboard shown ${t1} ms`);
    });
    const nav = Math.min(...[...requests.values()].map((r) => r.start));
    waterfall('repeat visit (from the navigation)', requests, nav, nav + t1 + 1000);
    mainThread('repeat visit', trace.traceEvents, nav, nav + t1);
    await cpu('repeat visit', profile);
    await page.close();
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
