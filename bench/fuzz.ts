/**
 * The contract fuzz with thousands of cases per route (CI runs 200): the same generator and properties as
 * apps/server/src/test/fuzz.test.ts — no 5xx, no answer over 2 s, healthy afterwards — on PGlite, and on
 * PostgreSQL too when TEST_DATABASE_URL is set. Figures go to docs/reliability.md.
 *   npm run bench:fuzz -w @portal/bench -- [runs per route, default 2000] [seed]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:fuzz -w @portal/bench
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runs = process.argv[2] ?? '2000';
const seed = process.argv[3] ?? String(Date.now() % 1_000_000);
const server = fileURLToPath(new URL('../apps/server/', import.meta.url));
console.log(`fuzz: ${runs} cases per route, seed ${seed}`);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-name-pattern=every route', 'src/test/fuzz.test.ts'], {
  cwd: server,
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
