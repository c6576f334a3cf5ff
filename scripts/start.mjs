// npm start: build the web app when its sources changed, then run the server (migrate, seed on first run, listen).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

const sources = [path.join(root, 'apps/web/src'), path.join(root, 'apps/web/public'), path.join(root, 'apps/web/pwa'), path.join(root, 'packages/contract/src')];
const configs = ['apps/web/index.html', 'apps/web/vite.config.ts'].map((f) => statSync(path.join(root, f)).mtimeMs);
const sourceTime = Math.max(...sources.map(newest), ...configs);
if (!existsSync(dist) || statSync(dist).mtimeMs < sourceTime) {
  console.log('Compilando la aplicación web…');
  // Always a production bundle: Vite follows NODE_ENV, and the e2e server runs with NODE_ENV=test, which
  // would otherwise ship React's and Ant Design's development builds (StrictMode's double effects included).
  const build = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
