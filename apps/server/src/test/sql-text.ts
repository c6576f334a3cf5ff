import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DB } from '../db/database.js';

/**
 * Test support for the SQL-text snapshots of repositories (orders/sql-text.test.ts, catalog/sql-text.test.ts): a raw
 * `sql<Row>` template's row type is an unchecked cast, so a renamed or retyped column does not fail the typecheck.
 * A repository call is compiled without a database and its statements compared with a recorded text, so a change
 * to a column, a join or a filter shows up in review as a change to the test file.
 */

/** No database: every statement answers one row with the columns the writers read back, so a call runs to its end. */
class OneRowDriver extends DummyDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async () => ({ rows: [{ id: 1, n: null, number: 1, total: '0' }] as never[] }),
      // eslint-disable-next-line require-yield -- nothing is streamed
      streamQuery: async function* () {
        return;
      },
    };
  }
}

function recorder() {
  const statements: string[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new OneRowDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql.replace(/\s+/g, ' ').trim());
    },
  }) as DB;
  return { db, statements };
}

/** The statements a call sends (its failure on the empty answers, after they were sent, does not matter). */
export async function sqlOf(call: (db: DB) => Promise<unknown>): Promise<string[]> {
  const { db, statements } = recorder();
  await call(db).catch(() => undefined);
  return statements;
}


/**
 * One test per call comparing its statements with the recorded text; with SQL_TEXT_PRINT=<file>, one test that writes
 * every call's text there as JSON instead (to record a new text).
 */
export function sqlTextTests(repository: string, calls: Record<string, (db: DB) => Promise<unknown>>, recorded: Record<string, string[]>): void {
  if (process.env.SQL_TEXT_PRINT) {
    test('print the SQL text', async () => {
      const out: Record<string, string[]> = {};
      for (const [name, call] of Object.entries(calls)) out[name] = await sqlOf(call);
      writeFileSync(process.env.SQL_TEXT_PRINT!, JSON.stringify(out, null, 2));
    });
    return;
  }
  for (const [name, call] of Object.entries(calls)) {
    test(`${repository} repository SQL: ${name}`, async () => {
      assert.deepEqual(await sqlOf(call), recorded[name]);
    });
  }
}
