// npm start: build the web app and the server when their sources changed, then run the compiled server (migrate,
// seed on first run, listen) with plain `node`: no TypeScript is compiled at run time.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time under `dir` of the files `keep` accepts. */
function newest(dir, keep = () => true) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p, keep) : keep(p) ? statSync(p).mtimeMs : 0);
  }
  return latest;
}
const mtime = (f) => statSync(path.join(root, f)).mtimeMs;
const stale = (output, sourceTime) => !existsSync(output) || statSync(output).mtimeMs < sourceTime;

/** Built (in production mode) when missing or older than a source, including the contract both use. */
function buildIfStale(what, workspace, output, sourceTime) {
  if (!stale(path.join(root, output), sourceTime)) return;
  console.log(`Compilando ${what}…`);
  // Always a production bundle: Vite follows NODE_ENV, and the e2e server runs with NODE_ENV=test, which
  // would otherwise ship React's and Ant Design's development builds (StrictMode's double effects included).
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const contractTime = newest(path.join(root, 'packages/contract/src'));
const webTime = Math.max(
  contractTime,
  ...['apps/web/src', 'apps/web/public', 'apps/web/pwa'].map((d) => newest(path.join(root, d))),
  ...['apps/web/index.html', 'apps/web/vite.config.ts'].map(mtime),
);
buildIfStale('la aplicación web', '@portal/web', 'apps/web/dist/index.html', webTime);

// Tests are not part of the server's bundle: changing one does not rebuild it.
const notATest = (p) => !p.endsWith('.test.ts') && !p.includes(`${path.sep}test${path.sep}`);
const serverTime = Math.max(contractTime, newest(path.join(root, 'apps/server/src'), notATest), mtime('apps/server/build.mjs'), mtime('apps/server/package.json'));
buildIfStale('el servidor', '@portal/server', 'apps/server/dist/main.js', serverTime);

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
