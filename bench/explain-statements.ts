/**
 * What the statements page statement costs the PostgreSQL backend, as the server sends it: the statements
 * of the bench's big customer (bench-grande, added by bench/statements.ts) are built by the service, then each is
 * run prepared (named, as db/prepared-pool.ts sends it) RUNS times on one backend, under each plan_cache_mode, and
 * the backend's CPU per run (/proc/<pid>/stat) is printed with the plans PostgreSQL chose (pg_prepared_statements:
 * generic or custom, i.e. planned on every run) and the planning and execution times of EXPLAIN ANALYZE.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_w10 [ONLY=label part] [RUNS=1000] npm run bench:explain-statements -w @portal/bench [-- plans]
 */
import { writeFileSync } from 'node:fs';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { statementListQuery, todayInArgentina, type StatementView } from '@portal/contract';
import '@portal/server/src/db/database.js';
import type { Database } from '@portal/server/src/db/schema.js';
import type { DB } from '@portal/server/src/db/database.js';
import { StatementsService } from '@portal/server/src/modules/statements/service.js';
import { LA_PAMPA, processCpuMs } from './server-process.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: the database to explain on');
const showPlans = process.argv[2] === 'plans';
const RUNS = Number(process.env.RUNS ?? 1000);

const pool = new pg.Pool({ connectionString: url, max: 2 });
let captured: CompiledQuery[] = [];
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (e) => void (e.level === 'query' && captured.push(e.query)) }) as unknown as DB;

const company = (await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
const entity = (await db.selectFrom('entities').select('id').where('company_id', '=', company).where('code', '=', 990_001).executeTakeFirstOrThrow()).id;
const scope = { companyId: company, entityId: entity };
const service = new StatementsService({ db, log: undefined as never });
const settings = { groupAccounts: false, hiddenCurrencies: [] };
const today = todayInArgentina();
const back = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const calls: Array<[string, StatementView, Record<string, string>]> = [
  ['c ARS first page', 'cronologico', { moneda: 'ARS', start: '0', limit: '7' }],
  ['c ARS row 5,000', 'cronologico', { moneda: 'ARS', start: '5000', limit: '7' }],
  ['c ARS row 12,000', 'cronologico', { moneda: 'ARS', start: '12000', limit: '7' }],
  ['f ARS row 5,000', 'financiero', { moneda: 'ARS', start: '5000', limit: '7' }],
  ['j ARS row 2,000', 'canjes', { moneda: 'ARS', start: '2000', limit: '7' }],
  ['c USD row 3,000', 'cronologico', { moneda: 'USD', start: '3000', limit: '7' }],
  ['c ARS 30 days + importe desde, 2nd page', 'cronologico', { moneda: 'ARS', fechadesde: back(129), fechahasta: back(100), importedsd: '500000', start: '7', limit: '7' }],
  ['f ARS 30 days + importe desde', 'financiero', { moneda: 'ARS', fechadesde: back(229), fechahasta: back(200), importedsd: '250000', start: '0', limit: '7' }],
  ['c ARS 30 days, no amount', 'cronologico', { moneda: 'ARS', fechadesde: back(59), fechahasta: back(30), start: '7', limit: '7' }],
  ['c ARS credits only, page 20', 'cronologico', { moneda: 'ARS', credito: 'true', start: '140', limit: '7' }],
];

const client = await pool.connect();
const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
const cpuMs = () => processCpuMs(pid);

let n = 0;
{
  // The floor: a prepared statement that does nothing, one row of one column.
  for (let i = 0; i < 20; i++) await client.query({ name: 'floor', text: 'select $1::int as x', values: [1] });
  const before = cpuMs();
  for (let i = 0; i < RUNS * 3; i++) await client.query({ name: 'floor', text: 'select $1::int as x', values: [1] });
  console.log(`floor (select $1::int, prepared): backend CPU ${((cpuMs() - before) / (RUNS * 3)).toFixed(3)} ms/run`);
}
const only = process.env.ONLY;
for (const [label, view, raw] of calls) {
  if (only && !label.includes(only)) continue;
  captured = [];
  await service.list(scope, view, statementListQuery.parse(raw) as never, settings);
  const q = captured[captured.length - 1]!;
  const values = [...q.parameters];
  if (process.env.DUMP) writeFileSync(`${process.env.DUMP}-${n}.json`, JSON.stringify({ sql: q.sql, values }));
  console.log(`\n## ${label} (${values.length} parameters, ${q.sql.length} characters)`);
  for (const mode of ['auto', 'force_generic_plan', 'force_custom_plan']) {
    await client.query(`set plan_cache_mode = ${mode}`);
    const name = `x${n++}`;
    for (let i = 0; i < 20; i++) await client.query({ name, text: q.sql, values });
    const before = cpuMs();
    const t = performance.now();
    for (let i = 0; i < RUNS; i++) await client.query({ name, text: q.sql, values });
    const wall = (performance.now() - t) / RUNS;
    const cpu = (cpuMs() - before) / RUNS;
    const s = (await client.query<{ generic_plans: string; custom_plans: string }>('select generic_plans, custom_plans from pg_prepared_statements where name = $1', [name])).rows[0]!;
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) execute ${name}(${values.map((v) => (v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`)).join(', ')})`);
    const lines = plan.rows.map((r) => r['QUERY PLAN']);
    const times = lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ');
    console.log(`  ${mode.padEnd(19)} backend CPU ${cpu.toFixed(3)} ms/run, wall ${wall.toFixed(3)} ms; generic ${s.generic_plans}, custom ${s.custom_plans}; EXPLAIN ANALYZE: ${times}`);
    if (showPlans && mode === 'auto') console.log(lines.join('\n'));
  }
  await client.query('reset plan_cache_mode');
}
client.release();
await db.destroy();
