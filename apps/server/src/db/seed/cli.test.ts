import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** npm run seed -- <size>: an unknown size names the valid ones and exits 1, before any database is opened. */
test('an unknown size is refused with the valid sizes, without a TypeError', () => {
  const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'huge'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', DATA_DIR: '/nonexistent/w' } });
  assert.equal(run.status, 1, run.stderr);
  assert.equal(run.stderr.trim(), "Unknown size 'huge': use one of small, demo, large (npm run seed -- demo).");
  assert.doesNotMatch(run.stderr, /TypeError/);
});
