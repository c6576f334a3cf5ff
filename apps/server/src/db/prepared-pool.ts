import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Statements worth keeping prepared: one data statement (no DDL, no second command after a ';'). A statement that
 * starts with CUSTOM_PLAN is sent unnamed, so PostgreSQL plans it for its values every time: for statements whose
 * best plan depends on the values (a generic plan of the statements' export batch took seconds instead of a tenth).
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
export const CUSTOM_PLAN = '/* custom plan */';
const names = new Map<string, string>();
const MAX_NAMES = 5_000;

function statementName(text: string): string | undefined {
  if (!PREPARABLE.test(text) || text.includes(';') || text.startsWith(CUSTOM_PLAN)) return undefined;
  let name = names.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * A pg pool whose clients send every data statement as a named prepared statement (pg's `{ name, text, values }`):
 * PostgreSQL parses and plans it once per connection and then only binds and executes it. Kysely writes the same SQL
 * text for the same query shape (values travel as parameters), so the calls every request makes (the access gate, the
 * catalogue page) are planned once per pooled connection instead of on every request. The name is a hash of the text,
 * so the same text always has the same name and two texts never share one.
 */
export function preparedStatementPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>) {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never) as unknown as PostgresCursor<R>;
        const name = statementName(sqlOrCursor);
        const values = [...(parameters ?? [])];
        return client.query(name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values }) as unknown as Promise<PostgresQueryResult<R>>;
      }
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
