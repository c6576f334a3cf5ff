/**
 * Start-up time and memory of the server process, under tsx (TypeScript compiled at run time) and compiled
 * (`node dist/main.js`, as `npm start` runs it): process start → /healthz answering, RSS then, and RSS after a small
 * load (20 logins, then 500 GETs of the branding and the health probe, 10 at a time). Reuses an existing database.
 *
 *   npm run build -w @portal/server
 *   DATA_DIR=/tmp/portal-data npm run bench:startup -w @portal/bench            (the embedded database of DATA_DIR)
 *   DATABASE_URL=postgres://… npm run bench:startup -w @portal/bench            (PostgreSQL)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../apps/server');
const port = Number(process.env.BENCH_PORT ?? 8297);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.argv[2] ?? 3);

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function once(kind: 'tsx' | 'compiled'): Promise<{ ms: number; rss: number; rssLoaded: number }> {
  const args = kind === 'tsx' ? ['--import', 'tsx', 'src/main.ts'] : ['--enable-source-maps', 'dist/main.js'];
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' };
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = Math.round(performance.now() - started);
    const rss = rssMb(child.pid!);
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${base}/api/public/oauth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'master', grant_type: 'password', username: 'productor', password: 'Demo1234' }),
      });
      if (!r.ok) throw new Error(`login answered ${r.status}`);
    }
    for (let i = 0; i < 50; i++) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => fetch(`${base}${j % 2 ? '/healthz' : '/whitelabel/30712345671/config.json'}`).then((r) => r.arrayBuffer())));
    }
    return { ms, rss, rssLoaded: rssMb(child.pid!) };
  } finally {
    const ended = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await ended;
  }
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${runs} runs each, load average ${load}`);
for (const kind of ['tsx', 'compiled'] as const) {
  const results: Awaited<ReturnType<typeof once>>[] = [];
  for (let i = 0; i < runs; i++) results.push(await once(kind));
  const fmt = (k: 'ms' | 'rss' | 'rssLoaded') => results.map((r) => r[k]).join(' / ');
  console.log(`${kind.padEnd(9)} start → /healthz ms: ${fmt('ms')}; RSS MB after start: ${fmt('rss')}; after load: ${fmt('rssLoaded')}`);
}
