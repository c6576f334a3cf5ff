import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

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

/** pg's own mapping of a parameter to its text (dates, buffers, arrays, objects), as its Query uses it. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (v: unknown) => unknown };

/** What pg's Connection offers a query while it runs (pg/lib/connection.js; the same calls pg's Query makes). */
type Connection = {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(m: { text: string; name: string; types?: unknown }): void;
  bind(m: { portal: string; statement: string; values: unknown[]; binary: boolean; valueMapper: (v: unknown) => unknown }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string; rows?: number }): void;
  close(m: { type: 'S'; name: string }): void;
  sync(): void;
};
type Field = { name: string; dataTypeID: number; format: string };

/** A statement's result columns on one connection: their parsers and a function that builds a row from the texts. */
type Description = { parsers: Array<(text: string) => unknown>; row: (texts: ReadonlyArray<string | null>, parsers: Description['parsers']) => Record<string, unknown> };

/**
 * The row builder of a column list: an object literal with the columns in order (a later column of the same name
 * wins, as in pg's rows), so every row of a statement has one fixed shape instead of being copied from a dictionary
 * object and filled name by name.
 */
function describe(fields: readonly Field[]): Description {
  const parsers = fields.map((f) => pg.types.getTypeParser(f.dataTypeID, f.format === 'binary' ? 'binary' : 'text') as (text: string) => unknown);
  const body = fields
    .map((f, i) => `${f.name === '__proto__' ? `[${JSON.stringify(f.name)}]` : JSON.stringify(f.name)}: t[${i}] === null ? null : p[${i}](t[${i}])`)
    .join(', ');
  return { parsers, row: new Function('t', 'p', `return { ${body} };`) as Description['row'] };
}

/** The descriptions known per connection: a statement prepared there keeps its columns (PostgreSQL refuses a change). */
const described = new WeakMap<Connection, Map<string, Description>>();
const COMMAND = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

/**
 * One run of a named prepared statement, in place of pg's Query (pg runs any object with `submit` as a query, as
 * pg-cursor does). The first run on a connection asks for the result's columns (Describe) and keeps what they are;
 * later runs send Bind, Execute and Sync only, so neither PostgreSQL nor this process builds and reads the column
 * list on every answer, and rows are built with one fixed shape (a statements page: ≈ 65–130 µs less of this
 * process's CPU and 20–40 µs less of PostgreSQL's, docs/performance.md). Rows, command and
 * row count as pg's Query gives them.
 */
class PreparedRun<R> {
  readonly promise: Promise<PostgresQueryResult<R>>;
  private resolve!: (r: PostgresQueryResult<R>) => void;
  private reject!: (e: unknown) => void;
  private description: Description | undefined;
  private connection: Connection | undefined;
  private readonly rows: R[] = [];
  private command = '';
  private rowCount: number | undefined;
  private failure: unknown = null;
  private done = false;

  constructor(
    readonly name: string,
    readonly text: string,
    private readonly values: unknown[],
  ) {
    this.promise = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection): null {
    this.connection = connection;
    let kept = described.get(connection);
    if (!kept) described.set(connection, (kept = new Map()));
    this.description = kept.get(this.name);
    connection.stream.cork?.();
    try {
      if (connection.parsedStatements[this.name] === undefined && connection.submittedNamedStatements[this.name] === undefined) {
        connection.parse({ text: this.text, name: this.name });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      try {
        connection.bind({ portal: '', statement: this.name, values: this.values, binary: false, valueMapper: prepareValue });
      } catch (err) {
        // As pg's Query: a value that cannot be sent closes the statement and fails the run.
        connection.close({ type: 'S', name: this.name });
        connection.sync();
        this.handleError(err);
        return null;
      }
      if (!this.description) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: Field[] }): void {
    this.description = describe(msg.fields);
    if (this.connection) described.get(this.connection)?.set(this.name, this.description);
  }

  handleDataRow(msg: { fields: Array<string | null> }): void {
    if (this.failure) return;
    try {
      const d = this.description!;
      this.rows.push(d.row(msg.fields, d.parsers) as R);
    } catch (err) {
      this.failure = err;
    }
  }

  handleCommandComplete(msg: { text: string }): void {
    // A statement without result columns (an insert without returning) answers Describe with NoData: known too.
    if (!this.description && this.connection) {
      this.description = describe([]);
      described.get(this.connection)?.set(this.name, this.description);
    }
    const m = COMMAND.exec(msg.text);
    if (m) {
      this.command = m[1]!;
      const n = m[3] ?? m[2];
      if (n !== undefined) this.rowCount = Number.parseInt(n, 10);
    }
  }

  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('No source stream defined');
  }
  handleCopyData(): void {}

  handleError(err: unknown): void {
    if (this.done) return;
    this.done = true;
    this.reject(err);
  }

  handleReadyForQuery(): void {
    if (this.done) return;
    this.done = true;
    if (this.failure) this.reject(this.failure);
    else this.resolve({ command: this.command as PostgresQueryResult<R>['command'], rowCount: this.rowCount as number, rows: this.rows });
  }
}

/**
 * A pg pool whose clients send every data statement as a named prepared statement: PostgreSQL parses and plans
 * it once per connection and then only binds and executes it. Kysely writes the same SQL text for the same query
 * shape (values travel as parameters), so the calls every request makes (the access gate, the catalogue page) are
 * planned once per pooled connection instead of on every request. The name is a hash of the text, so the same
 * text always has the same name and two texts never share one. A prepared statement's columns are asked for once
 * per connection (PreparedRun).
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
        if (!name) return client.query(sqlOrCursor, values) as unknown as Promise<PostgresQueryResult<R>>;
        const run = new PreparedRun<R>(name, sqlOrCursor, values);
        void client.query(run as never);
        return run.promise;
      }
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
