/**
 * Crash safety at a larger scale than CI's (apps/server/src/test/crash.test.ts): the same run
 * (apps/server/src/test/crash.ts — real server process, concurrent confirmations, receipt posts and picking
 * confirmations, kill -9, reopen, restart, retry, exactly-once checks), repeated with the kill at different
 * moments, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL.
 *
 *   npm run bench:crash -w @portal/bench -- [customers] [entitiesPerCustomer] [killAt,killAt,…]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_ONLY=postgres npm run bench:crash -w @portal/bench -- 10 50 0.1,0.5,0.9
 *
 * Each customer owns a sales and a purchase cart per entity (the small seed has 60 generated entities), so
 * 10 × 50 → 1,000 confirmations; plus 40 receipts and 25 pickings per round. Prints one line per round and exits
 * non-zero when anything was lost, doubled or half-written.
 */
import { runCrash, type CrashReport } from '@portal/server/src/test/crash.js';

const customers = Number(process.argv[2] ?? 10);
const entities = Number(process.argv[3] ?? 50);
const kills = (process.argv[4] ?? '0.1,0.5,0.9').split(',').map(Number);
const only = process.env.BENCH_ONLY;
const databases: Array<string | undefined> = [];
if (only !== 'postgres') databases.push(undefined);
if (only !== 'pglite' && process.env.BENCH_DATABASE_URL) databases.push(process.env.BENCH_DATABASE_URL);

const line = (r: CrashReport, killAt: number) =>
  `${r.database.padEnd(8)} kill at ${String(Math.round(killAt * 100)).padStart(2)} %  requests ${r.requests.total} (${r.requests.sales} sales, ${r.requests.purchase} purchase, ` +
  `${r.requests.receipt} receipts, ${r.requests.picking} pickings)  answered before kill ${r.answeredBeforeKill}  committed unanswered ${r.committedUnanswered}  ` +
  `done by retry ${r.doneByRetry}  lost ${r.lost}  doubled ${r.doubled}  half-written ${r.problems.length}  retry answers differing ${r.retryAnswersDiffering}  ` +
  `(storm ${(r.timesMs.storm / 1000).toFixed(1)} s, retry ${(r.timesMs.retry / 1000).toFixed(1)} s, total ${(r.timesMs.total / 1000).toFixed(0)} s)`;

let failed = false;
for (const postgresUrl of databases) {
  for (const killAt of kills) {
    const report = await runCrash({ postgresUrl, customers, entitiesPerCustomer: entities, receipts: 40, pickings: 25, killAt });
    console.log(line(report, killAt));
    for (const p of report.problems.slice(0, 10)) console.log(`  ${p}`);
    if (report.problems.length) failed = true;
  }
}
process.exit(failed ? 1 : 0);
