// npm run build -w @portal/server: the server as plain JavaScript in dist/, run with `node dist/main.js`.
// One esbuild bundle (docs/decisions/server-build.md): the server's sources and @portal/contract inlined, every npm
// package left to node_modules (they load their own files: PGlite's WASM, pdfkit's fonts), ESM, source maps.
import { build } from 'esbuild';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';

const here = import.meta.dirname;
// `--outdir=DIR` builds elsewhere (inside the repository, so the packages resolve): the shutdown test does.
const asked = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length);
const dist = asked ? path.resolve(asked) : path.join(here, 'dist');
// Built beside and swapped in whole: a server starting meanwhile never reads half a build.
const outdir = `${dist}.partial-${process.pid}`;

/** Bare imports (`pg`, `node:fs`, `@fastify/static`) stay imports, except the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts'],
  // One file: app.ts finds the web build relative to its own module (dist/main.js, as src/app.ts: two levels down).
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
await rm(dist, { recursive: true, force: true });
await rename(outdir, dist);
