import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { defineConfig, type PluginOption, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { visualizer } from 'rollup-plugin-visualizer';
import { runtimeCaching } from './pwa/runtime-caching.js';
import { manifest } from './pwa/manifest.js';
import * as contract from '../../packages/contract/src/index.js';

type OutputChunk = Rollup.OutputChunk;

const api = process.env.API_URL ?? 'http://localhost:8080';
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, process.env.WEB_OUT_DIR ?? 'dist');

/**
 * Screens that must open with no connection at all (docs/decisions/field.md 'Offline'): the authenticated shell
 * (header, menu) and the field sales screens (Visitas, customer detail, Envases). Their chunks, with everything
 * they import and their CSS, are precached with the shell, so a rep who reloads or opens the app without signal
 * gets them — also right after a deployment, since a new worker takes over only once its precache is complete.
 */
// The notices' host and the side menu are lazy chunks of their own (web-delivery.md): a rep offline still gets the
// 'Pedido guardado' notice and the menu, so they are precached with the field screens.
// Each field screen is a chunk of its own, and so are its dialogs that load when first opened (the calendar of
// Visitas, 'Nuevo cliente'): a rep offline opens them too.
const OFFLINE_SCREENS = [
  'src/app/shell/app-shell.tsx',
  'src/features/field/visits-page.tsx',
  'src/features/field/components/date-dialog.tsx',
  'src/features/field/customer-detail-page.tsx',
  'src/features/field/new-order-page.tsx',
  'src/features/field/components/new-customer-dialog.tsx',
  'src/features/field/containers-page.tsx',
  'src/lib/feedback-host.tsx',
  'src/app/shell/side-menu.tsx',
];
/**
 * The screen every customer lands on after the login, precached with the shell although it is no offline screen (its
 * answer needs the network): Chrome keeps V8's compiled code for the scripts a service worker stores while it installs,
 * while a script cached when first used is compiled again on the next visit. Its code is already downloaded at
 * 'Ingresar' (app/router.tsx), so this moves its download into the worker's install, in the background of the login
 * screen (docs/decisions/web-delivery.md, 'Repeat visit').
 */
const LANDING_SCREENS = ['src/features/dashboard/dashboard-page.tsx'];
const PRECACHED_SCREENS = [...OFFLINE_SCREENS, ...LANDING_SCREENS];
const offlineFiles = new Set<string>();
/** Modules whose dynamic imports an offline screen needs as much as their static ones (see offlineScreens). */
const OFFLINE_LAZY_HOSTS = /[\\/]src[\\/]lib[\\/](antd[\\/][^\\/]+|error-result\.tsx)$/;

/**
 * A chunk's file, then its CSS, then (depth first) what it imports statically and what `follow` names, each once:
 * files already in `seen` are skipped, and every file walked is added to it. Returns the files walked, in that order.
 * Used for the precache (offlineScreens) and the low-priority prefetch lists (quietPrefetchList).
 */
function staticFiles(chunks: Map<string, OutputChunk>, file: string, seen: Set<string>, follow?: (chunk: OutputChunk) => string[]): string[] {
  const out: string[] = [];
  const walk = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    const chunk = chunks.get(f);
    if (!chunk) return;
    out.push(f);
    chunk.viteMetadata?.importedCss.forEach((css) => {
      if (seen.has(css)) return;
      seen.add(css);
      out.push(css);
    });
    chunk.imports.forEach(walk);
    follow?.(chunk).forEach(walk);
  };
  walk(file);
  return out;
}

/** Collects the build files of OFFLINE_SCREENS and LANDING_SCREENS from the bundle's chunk graph (for shellOnly below). */
function offlineScreens(): PluginOption {
  return {
    name: 'portal-offline-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      offlineFiles.clear();
      const chunks = new Map<string, OutputChunk>();
      const chunkOf = new Map<string, string>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.set(item.fileName, item);
        for (const id of item.moduleIds) chunkOf.set(id, item.fileName);
      }
      // A chunk's static closure, plus the parts of Ant Design that load when first drawn (LAZY_ANTD_PARTS: a
      // select's option list, the date picker's popup, Pagination's size changer, Tooltip…) and the error page's
      // Result: a field screen draws them too, so they must be there without signal.
      const add = (file: string) =>
        staticFiles(chunks, file, offlineFiles, (chunk) =>
          chunk.moduleIds.filter((id) => OFFLINE_LAZY_HOSTS.test(id)).flatMap((id) => (this.getModuleInfo(id)?.dynamicallyImportedIds ?? []).flatMap((target) => chunkOf.get(target) ?? [])),
        );
      const wanted = PRECACHED_SCREENS.map((f) => path.join(here, f));
      for (const chunk of chunks.values()) {
        if (chunk.moduleIds.some((id) => wanted.includes(id))) add(chunk.fileName);
      }
      const found = PRECACHED_SCREENS.filter((_, i) => [...chunks.values()].some((c) => c.moduleIds.includes(wanted[i]!)));
      if (found.length !== PRECACHED_SCREENS.length) this.error(`precached screens not found in the bundle: ${PRECACHED_SCREENS.filter((f) => !found.includes(f)).join(', ')}`);
    },
  };
}

/**
 * The service worker precaches the shell: index.html, what it loads (the entry, its static imports, its CSS), the
 * icons and the manifest — plus the screens that must work offline (OFFLINE_SCREENS). Every other page's chunk is
 * cached when first used (runtime-caching.ts), so a first visit on a slow connection does not spend its
 * bandwidth downloading screens the user may never open.
 */
function shellOnly(entries: Array<{ url: string; revision: string | null; size: number }>) {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const loaded = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]!));
  return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || loaded.has(e.url) || offlineFiles.has(e.url)), warnings: [] };
}

/**
 * The web reads only the path of the contract's route descriptors (`orderingRoutes.pedidosGet.url`), but a
 * descriptor also holds its zod schemas, so reading a path pulled zod and every schema of that module into the
 * screen (docs/decisions/web-delivery.md, 'Every route'). In a build, each `<name>Routes.<key>.url` of
 * the web's code (also through an import alias, `receiptsRoutes as r`) becomes the path itself, taken from the
 * contract at build time: the source keeps the contract's names (typed, renamed with it), the bundle keeps only
 * the schemas a screen validates with.
 */
function inlineRoutePaths(): PluginOption {
  const routes = new Map(
    Object.entries(contract)
      .filter(([name]) => name.endsWith('Routes'))
      .map(([name, value]) => [name, value as Record<string, { url?: unknown }>]),
  );
  return {
    name: 'portal-inline-route-paths',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('Routes')) return null;
      const names = new Map([...routes.keys()].map((name) => [name, name]));
      for (const [, name, alias] of code.matchAll(/\b(\w+Routes)\s+as\s+(\w+)\b/g)) if (routes.has(name!)) names.set(alias!, name!);
      let changed = false;
      const out = code.replace(/\b(\w+)\.(\w+)\.url\b/g, (whole, local: string, key: string) => {
        const url = routes.get(names.get(local) ?? '')?.[key]?.url;
        if (typeof url !== 'string') return whole;
        changed = true;
        return JSON.stringify(url);
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

/**
 * Parts of Ant Design that a component imports for a feature the portal never uses, replaced by a module that loads
 * them when first drawn (docs/decisions/web-delivery.md, 'Every route'): Table's column filter menu (no column has
 * filters), its selection column's menu (no table has `selections`), Card's tab list (no card has one) and
 * Typography's in-place editor (no text is `editable`); and the Tree component that Table's selection pulls in for
 * four helper functions. Also Table's virtual body (no table is `virtual`) and its selection column's
 * Checkbox and Radio (one table selects); the Tooltip that Typography, Table's sorter, Segmented, FloatButton and
 * Form.Item's label draw only on request (copy, edit, ellipsis tooltip, sorter tooltip, `tooltip` props); the
 * dropdown menu of Tabs' '…' button (every tab fits); Pagination's page-size Select (no list shows one); List's
 * Pagination (no List has pages; List is in the shell's chunk with the sessions screen's layer); and the
 * form library, which Ant Design's form context imported for its FormProvider alone (into the shell) and
 * Radio.Group for a two-line helper. Only the import from that one file is redirected; the screens look and behave
 * the same, and a screen that starts using the feature gets it, a moment later.
 */
const LAZY_ANTD_PARTS = [
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/, source: './FilterDropdown', module: 'src/lib/antd/table-filter-dropdown.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', module: 'src/lib/antd/card-tabs.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, source: '../Editable', module: 'src/lib/antd/typography-editable.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../dropdown', module: 'src/lib/antd/selection-dropdown.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '@rc-component/tree', module: 'src/lib/antd/table-tree-utils.ts' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, source: './RcTable/VirtualTable', module: 'src/lib/antd/table-virtual.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../checkbox', module: 'src/lib/antd/selection-checkbox.ts' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../radio', module: 'src/lib/antd/selection-radio.ts' },
  { importer: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/, source: '@rc-component/form', module: 'src/lib/antd/form-provider.ts' },
  { importer: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/, source: '../form/hooks/useForm', module: 'src/lib/antd/radio-name-path.ts' },
  { importer: /[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/, source: '../select', module: 'src/lib/antd/pagination-select.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]list[\\/]index\.js$/, source: '../pagination', module: 'src/lib/antd/list-pagination.tsx' },
  { importer: /[\\/]@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]OperationNode\.js$/, source: '@rc-component/dropdown', module: 'src/lib/antd/tabs-more-dropdown.tsx' },
  { importer: /[\\/]@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]OperationNode\.js$/, source: '@rc-component/menu', module: 'src/lib/antd/tabs-more-menu.tsx' },
  { importer: /[\\/]@rc-component[\\/]select[\\/]es[\\/]Select\.js$/, source: './OptionList', module: 'src/lib/antd/select-option-list.tsx' },
  { importer: /[\\/]@rc-component[\\/]picker[\\/]es[\\/]PickerInput[\\/]SinglePicker\.js$/, source: './Popup', module: 'src/lib/antd/picker-popup.tsx' },
  { importer: /[\\/]@rc-component[\\/]picker[\\/]es[\\/]PickerInput[\\/]RangePicker\.js$/, source: './Popup', module: 'src/lib/antd/picker-popup.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]date-picker[\\/]generatePicker[\\/]index\.js$/, source: './generateRangePicker', module: 'src/lib/antd/range-picker.tsx' },
  ...[
    { file: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, source: '../../tooltip' },
    { file: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]CopyBtn\.js$/, source: '../../tooltip' },
    { file: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]EllipsisTooltip\.js$/, source: '../../tooltip' },
    { file: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSorter\.js$/, source: '../../tooltip' },
    { file: /[\\/]antd[\\/]es[\\/]segmented[\\/]index\.js$/, source: '../tooltip' },
    { file: /[\\/]antd[\\/]es[\\/]float-button[\\/]FloatButton\.js$/, source: '../tooltip' },
    { file: /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/, source: '../tooltip' },
  ].map(({ file, source }) => ({ importer: file, source, module: 'src/lib/antd/lazy-tooltip.tsx' })),
];
/**
 * What a module of src/lib/antd imports as `portal:original`: the module it stands in for (the one its importer named),
 * for the files a package does not export (@rc-component/picker's popup). Declared in src/lib/antd/original.d.ts.
 */
const ORIGINAL = 'portal:original';
/**
 * Words Ant Design writes for screen readers in English whatever its locale (es_ES covers the rest): the tabs'
 * 'Tab 1 of 2' and the selection column's 'Select all' and 'Select row 1'. Put in Spanish in the modules that hold
 * them; a text no longer found (an update moved or changed it) fails the build, so none goes back to English unseen.
 */
const SPANISH_ARIA: Array<{ module: RegExp; from: string; to: string }> = [
  { module: /@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]TabNode\.js$/, from: '`Tab ${currentPosition} of ${tabCount}`', to: '`Pestaña ${currentPosition} de ${tabCount}`' },
  { module: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, from: "'Custom selection' : 'Select all'", to: "'Selección personalizada' : 'Seleccionar todo'" },
  { module: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, from: '`Row ${index + 1} selected`', to: '`Fila ${index + 1} seleccionada`' },
  { module: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, from: '`Select row ${index + 1}`', to: '`Seleccionar fila ${index + 1}`' },
];
function spanishAria(): PluginOption {
  const done = new Set<(typeof SPANISH_ARIA)[number]>();
  return {
    name: 'portal-spanish-aria',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const mine = SPANISH_ARIA.filter((r) => r.module.test(id));
      if (!mine.length) return null;
      let out = code;
      for (const r of mine) {
        if (!out.includes(r.from)) this.error(`${id}: '${r.from}' not found (portal-spanish-aria)`);
        out = out.split(r.from).join(r.to);
        done.add(r);
      }
      return { code: out, map: null };
    },
    buildEnd() {
      const missing = SPANISH_ARIA.filter((r) => !done.has(r));
      if (missing.length) this.error(`portal-spanish-aria: modules not built: ${missing.map((r) => r.module.source).join(', ')}`);
    },
  };
}

function lazyAntdParts(): PluginOption {
  const used = new Set<(typeof LAZY_ANTD_PARTS)[number]>();
  const originals = new Map<string, string>();
  return {
    name: 'portal-lazy-antd-parts',
    // Development pre-bundles Ant Design whole; the bundle is what users download.
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === ORIGINAL) {
        const original = importer ? originals.get(importer) : undefined;
        if (!original) this.error(`${ORIGINAL} imported by ${importer}, which stands in for no module`);
        return original;
      }
      const part = importer ? LAZY_ANTD_PARTS.find((p) => p.source === source && p.importer.test(importer)) : undefined;
      if (!part) return null;
      used.add(part);
      const module = path.join(here, part.module);
      const original = (await this.resolve(source, importer, { skipSelf: true }))?.id;
      if (original) {
        if (originals.has(module) && originals.get(module) !== original) this.error(`${part.module} stands in for two modules: ${originals.get(module)} and ${original}`);
        originals.set(module, original);
      }
      return module;
    },
    buildEnd() {
      // An Ant Design update that moves these files would silently bring the parts back: fail the build instead.
      const missing = LAZY_ANTD_PARTS.filter((p) => !used.has(p));
      if (missing.length) this.error(`lazy Ant Design parts not found: ${missing.map((p) => `${p.source} from ${p.importer.source}`).join(', ')}`);
    },
  };
}

/**
 * The entry's, the shell's and the dashboard's code in a few large chunks instead of ≈90 small ones
 * (docs/decisions/web-delivery.md, 'Chunk layers'). rolldown's automatic splitting makes a chunk of every set of
 * modules shared by the same lazy routes; with Ant Design's many small shared modules that was 14 files for the
 * login screen and 88 for the dashboard, and on HTTP/1.1 (six connections, a round trip each) their number cost
 * more than their bytes.
 *
 * The build runs twice (`npm run build`): a first pass with the automatic splitting only writes a plan
 * (CHUNK_PLAN_OUT): for each layer below, the modules of the chunks its roots load statically, minus the entry's and
 * the earlier layers'; the second pass (CHUNK_PLAN) puts each layer's modules in one chunk. Chunks are taken from a
 * real build rather than from the module graph because the graph's imports are not what is used: an import of
 * `antd` lists every component its index re-exports, tree shaking keeps the ones a screen uses. A layer is closed
 * (what its modules import is in it or in an earlier layer), so its chunk imports only earlier ones: no cycle between
 * chunks, which broke the login when a group cut through Ant Design's circular imports.
 * `chunkCycles` below fails the build if a stale or wrong plan makes one anyway.
 */
const CHUNK_LAYERS: Array<{ name: string; roots: string[]; vendor?: boolean; sharedTo?: string }> = [
  // The login screen's download (index.html's script and its static imports).
  { name: 'entry', roots: ['src/main.tsx'] },
  // Every screen behind the shell runs in these: Ant Design's core and theme, TanStack Query, the shell itself.
  // Split in two (`vendor`): the packages (with the Ant Design parts of src/lib/antd they import) and the app's own
  // code, so that the screens before the shell (recovery, new session), which use Ant Design's core but not the
  // header and menu, do not download the shell's code with it.
  { name: 'shell', roots: ['src/app/app-providers.tsx', 'src/app/query.tsx', 'src/app/shell/app-shell.tsx', 'src/features/access/index.ts'], vendor: true },
  // The first page after login: what only it uses. What other screens use too (Skeleton, Empty, the grid, the
  // contract's formatting…) goes to the shell's layer instead (`sharedTo`): in the dashboard's chunks, every screen that
  // used one of them downloaded the dashboard's packages and code with it (≈32 kB).
  { name: 'sessions', roots: ['src/features/access/sessions-page.tsx'], vendor: true, sharedTo: 'shell' },
  { name: 'dashboard', roots: ['src/features/dashboard/dashboard-page.tsx', 'src/features/dashboard/index.ts'], vendor: true, sharedTo: 'shell' },
];
/** A layer's modules that go to its `-vendor` chunk: packages only import packages (and the lazy Ant Design parts). */
const VENDOR = /[\\/]node_modules[\\/]|[\\/]src[\\/]lib[\\/]antd[\\/]/;
const planOut = process.env.CHUNK_PLAN_OUT;
const planIn = process.env.CHUNK_PLAN && existsSync(process.env.CHUNK_PLAN) ? (JSON.parse(readFileSync(process.env.CHUNK_PLAN, 'utf8')) as Record<string, string>) : null;

/** First pass: each layer's modules, from the chunks the automatic splitting made (written to CHUNK_PLAN_OUT). */
function chunkPlan(out: string): PluginOption {
  return {
    name: 'portal-chunk-plan',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = [...Object.values(bundle)].filter((item): item is OutputChunk => item.type === 'chunk');
      const taken = new Set<string>();
      const plan: Record<string, string> = {};
      // Who imports each chunk statically: a chunk of a layer that another screen's chunk imports too is shared.
      const importers = new Map<string, string[]>();
      for (const c of chunks) for (const i of c.imports) importers.set(i, [...(importers.get(i) ?? []), c.fileName]);
      const name = (layer: (typeof CHUNK_LAYERS)[number], id: string) => (layer.vendor && VENDOR.test(id) ? `${layer.name}-vendor` : layer.name);
      for (const [index, layer] of CHUNK_LAYERS.entries()) {
        const roots = layer.roots.map((r) => path.join(here, r));
        const todo = chunks.filter((c) => c.moduleIds.some((id) => roots.includes(id))).map((c) => c.fileName);
        if (todo.length === 0) this.error(`chunk layer ${layer.name}: none of its roots is in the bundle`);
        const reached = new Set<string>();
        while (todo.length) {
          const file = todo.pop()!;
          if (taken.has(file) || reached.has(file)) continue;
          reached.add(file);
          todo.push(...chunks.find((c) => c.fileName === file)!.imports);
        }
        // A layer with `sharedTo` keeps only what is its own: what other screens import as well (and what that
        // imports) goes to the earlier layer named, which every screen behind the shell downloads anyway.
        const shared = new Set<string>();
        if (layer.sharedTo) {
          const pending = [...reached].filter((f) => (importers.get(f) ?? []).some((i) => !reached.has(i) && !taken.has(i)));
          while (pending.length) {
            const file = pending.pop()!;
            if (shared.has(file) || !reached.has(file)) continue;
            shared.add(file);
            pending.push(...chunks.find((c) => c.fileName === file)!.imports);
          }
        }
        const target = CHUNK_LAYERS.slice(0, index).find((l) => l.name === layer.sharedTo);
        for (const file of reached) {
          taken.add(file);
          const into = shared.has(file) && target ? target : layer;
          for (const id of chunks.find((c) => c.fileName === file)!.moduleIds) plan[id] = name(into, id);
        }
      }
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, JSON.stringify(plan));
    },
  };
}

/** Fails the build when chunks import each other in a cycle (a chunk would read another's values before they exist). */
function chunkCycles(): PluginOption {
  return {
    name: 'portal-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') imports.set(item.fileName, item.imports);
      const state = new Map<string, 'open' | 'done'>();
      const visit = (file: string, trail: string[]): void => {
        if (state.get(file) === 'done') return;
        if (state.get(file) === 'open') this.error(`chunks import each other in a cycle: ${[...trail.slice(trail.indexOf(file)), file].join(' → ')}`);
        state.set(file, 'open');
        for (const next of imports.get(file) ?? []) visit(next, [...trail, file]);
        state.set(file, 'done');
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
}

/**
 * The files of the screens the login leads to, listed in index.html for a prefetch at low priority
 * (src/lib/quiet-prefetch.ts; docs/decisions/web-delivery.md, 'Low-priority prefetch'). Started by the login screen's
 * first keystroke, an `import()` of the sessions screen asked for its ≈45 files at the same priority as the sign-in's
 * POST, and Chromium sends a host's requests in the order asked within a priority over its six HTTP/1.1 connections:
 * the POST of 'Ingresar' waited for all of them (≈1 s on the rural profile). Fetched as `<link rel=modulepreload
 * fetchpriority=low>` instead, they fill the module map as an import would (the import then takes them from it) while
 * the sign-in and the screens' answers go first. Each group is the chunks its roots load statically, minus what
 * index.html loads and what an earlier group lists.
 */
const QUIET_PREFETCH: Record<string, string[]> = {
  // What 'Ingresar' leads to (app/router.tsx: on the login screen's first keystroke).
  sessions: ['src/app/app-providers.tsx', 'src/features/access/sessions-page.tsx'],
  // Where the sessions screen leads to (on signing in, or on the sessions screen's first action).
  landing: ['src/app/shell/app-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'],
};
function quietPrefetchList(): PluginOption {
  let base = '/';
  return {
    name: 'portal-quiet-prefetch',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || planOut) return html;
        const chunks = new Map<string, OutputChunk>();
        for (const item of Object.values(ctx.bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
        const listed = new Set<string>();
        // What index.html loads is never listed.
        for (const chunk of chunks.values()) if (chunk.isEntry) staticFiles(chunks, chunk.fileName, listed);
        const groups: Record<string, string[]> = {};
        for (const [name, roots] of Object.entries(QUIET_PREFETCH)) {
          groups[name] = roots.flatMap((root) => {
            const id = path.join(here, root);
            const chunk = [...chunks.values()].find((c) => c.moduleIds.includes(id));
            if (!chunk) throw new Error(`quiet prefetch ${name}: ${root} is in no chunk`);
            return staticFiles(chunks, chunk.fileName, listed).map((f) => `${base}${f}`);
          });
        }
        const json = JSON.stringify(groups).replace(/</g, '\\u003c');
        return html.replace('</head>', `  <script type="application/json" id="portal-quiet-prefetch">${json}</script>\n  </head>`);
      },
    },
  };
}

// react-router's package points bundlers at its development build (warnings, dev checks); a production bundle
// takes the production build it ships beside it.
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ mode }) => ({
  resolve: { alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  plugins: [
    react(),
    lazyAntdParts(),
    spanishAria(),
    inlineRoutePaths(),
    offlineScreens(),
    quietPrefetchList(),
    chunkCycles(),
    planOut ? chunkPlan(planOut) : null,
    // The plan pass (chunkPlan) needs only the chunks.
    planOut ? null : VitePWA({
      strategies: 'generateSW',
      // Registered by src/app/service-worker.ts (workbox-window), which decides when an update reloads the page.
      injectRegister: false,
      manifest,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['stats.html'],
        manifestTransforms: [shellOnly],
        // Navigations are handled by the NetworkFirst rule of runtime-caching.ts, never answered from the
        // precache first: a new deployment is never hidden behind a stale index.html.
        navigateFallback: null,
        // Without this Workbox answers a navigation to '/' with the precached index.html (cache first), before
        // the NetworkFirst rule: the stale shell after a deployment that e2e/tests/web-delivery catches.
        directoryIndex: null,
        runtimeCaching,
        cleanupOutdatedCaches: true,
        // A new version takes over at once; the page decides when to reload (service-worker.ts).
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
    // brotli (quality 11) and gzip copies of every text file, served by @fastify/static's preCompressed.
    planOut ? null : compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512, include: /\.(html|js|css|svg|json|webmanifest|txt)$/ }),
    // `ANALYZE=1 npm run build` writes dist/stats.html: what is in each chunk, with gzip and brotli sizes.
    process.env.ANALYZE ? (visualizer({ filename: path.join(outDir, 'stats.html'), gzipSize: true, brotliSize: true }) as PluginOption) : null,
  ],
  server: {
    port: 5173,
    proxy: { '/api': api, '/whitelabel': api, '/healthz': api },
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    minify: planOut ? false : undefined,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // zod and the contract's schemas in a chunk of their own, so that the login screen, which needs only the
          // contract's Spanish texts, does not download them with those texts (they came in one shared chunk). The
          // contract's zod-free modules (texts, formatting, CUIT) stay out of it: the dashboard shows money and
          // texts without downloading zod.
          groups: [
            // The second pass: the layers' modules, one chunk each (first, so that a contract module in a layer is in it).
            ...(planIn ? [{ debugName: 'chunk layers', name: (id: string) => planIn[id] ?? null }] : []),
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'phone', test: /[\\/]node_modules[\\/]libphonenumber-js[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]phone/ },
            { debugName: 'contract module', name: (id: string) => /[\\/]packages[\\/]contract[\\/]src[\\/]([\w-]+)\.ts$/.exec(id)?.[1] ?? null },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
}));
