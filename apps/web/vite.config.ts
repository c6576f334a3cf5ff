import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { defineConfig, type PluginOption, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { visualizer } from 'rollup-plugin-visualizer';
import { runtimeCaching } from './pwa/runtime-caching';
import { manifest } from './pwa/manifest';
import * as contract from '../../packages/contract/src/index';

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
const OFFLINE_SCREENS = ['src/app/shell/app-shell.tsx', 'src/features/visits/index.ts', 'src/lib/feedback-host.tsx', 'src/app/shell/side-menu.tsx'];
const offlineFiles = new Set<string>();

/** Collects the build files of OFFLINE_SCREENS from the bundle's chunk graph (for shellOnly below). */
function offlineScreens(): PluginOption {
  return {
    name: 'portal-offline-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      offlineFiles.clear();
      const chunks = new Map<string, OutputChunk>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
      const add = (file: string) => {
        if (offlineFiles.has(file)) return;
        offlineFiles.add(file);
        const chunk = chunks.get(file);
        if (!chunk) return;
        chunk.imports.forEach(add);
        chunk.viteMetadata?.importedCss.forEach((css) => offlineFiles.add(css));
      };
      const wanted = OFFLINE_SCREENS.map((f) => path.join(here, f));
      for (const chunk of chunks.values()) {
        if (chunk.moduleIds.some((id) => wanted.includes(id))) add(chunk.fileName);
      }
      const found = OFFLINE_SCREENS.filter((_, i) => [...chunks.values()].some((c) => c.moduleIds.includes(wanted[i]!)));
      if (found.length !== OFFLINE_SCREENS.length) this.error(`offline screens not found in the bundle: ${OFFLINE_SCREENS.filter((f) => !found.includes(f)).join(', ')}`);
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
 * screen (docs/decisions/web-delivery.md, 'Any route within 300 kB'). In a build, each `<name>Routes.<key>.url` of
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
 * four helper functions. Only the import from that one file is redirected; the screens look and behave the same, and
 * a screen that starts using the feature gets it, a moment later.
 */
const LAZY_ANTD_PARTS = [
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/, source: './FilterDropdown', module: 'src/lib/antd/table-filter-dropdown.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', module: 'src/lib/antd/card-tabs.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, source: '../Editable', module: 'src/lib/antd/typography-editable.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../dropdown', module: 'src/lib/antd/selection-dropdown.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '@rc-component/tree', module: 'src/lib/antd/table-tree-utils.ts' },
];
function lazyAntdParts(): PluginOption {
  const used = new Set<string>();
  return {
    name: 'portal-lazy-antd-parts',
    // Development pre-bundles Ant Design whole; the bundle is what users download.
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const part = importer ? LAZY_ANTD_PARTS.find((p) => p.source === source && p.importer.test(importer)) : undefined;
      if (!part) return null;
      used.add(part.module);
      return path.join(here, part.module);
    },
    buildEnd() {
      // An Ant Design update that moves these files would silently bring the parts back: fail the build instead.
      const missing = LAZY_ANTD_PARTS.filter((p) => !used.has(p.module));
      if (missing.length) this.error(`lazy Ant Design parts not found: ${missing.map((p) => p.source).join(', ')}`);
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
    inlineRoutePaths(),
    offlineScreens(),
    VitePWA({
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
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512, include: /\.(html|js|css|svg|json|webmanifest|txt)$/ }),
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
