import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCrash } from './crash.js';

/**
 * "Nothing lost when the server dies": the real server in a child process on a throwaway database
 * (PGlite data directory, or a new database on TEST_DATABASE_URL), 500 order confirmations from 500 carts plus
 * receipt posts and picking confirmations at once, `kill -9` when a third of them has been answered, the database
 * reopened and checked, the server restarted and every request retried. See crash.ts for what is checked;
 * `npm run bench:crash -w @portal/bench` runs it bigger.
 */
test('kill -9 in the middle of 565 concurrent state changes: nothing answered is lost, nothing is half-written, the retry doubles nothing', { timeout: 300_000 }, async (t) => {
  const report = await runCrash({
    postgresUrl: process.env.TEST_DATABASE_URL,
    customers: 5,
    entitiesPerCustomer: 50,
    receipts: 40,
    pickings: 25,
    killAt: 0.33,
    log: (line) => t.diagnostic(line),
  });
  t.diagnostic(JSON.stringify({ ...report, problems: report.problems.slice(0, 20) }));
  assert.deepEqual(report.problems, []);
  assert.equal(report.requests.sales + report.requests.purchase, 500);
  assert.equal(report.lost, 0);
  assert.equal(report.doubled, 0);
  assert.equal(report.retryAnswersDiffering, 0);
  // The kill fell in the middle: some answered, some not (done by the retry or committed without an answer).
  assert.ok(report.answeredBeforeKill > 0 && report.answeredBeforeKill < report.requests.total, JSON.stringify(report));
  assert.ok(report.doneByRetry + report.committedUnanswered > 0);
});
