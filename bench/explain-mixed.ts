/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the mixed customer traffic of bench/http.ts sends, as the
 * repositories build them, for one bench customer's entity of La Pampa, and what each costs the backend in CPU
 * (`/proc/<backend pid>/stat`, over `RUNS` runs after a warm-up), prepared as the server prepares them.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_large npm run bench:explain -w @portal/bench [-- word] [plans]
 */
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { defaultFiscalRange, todayInArgentina } from '@portal/contract';
import '@portal/server/src/db/database.js';
import type { Database } from '@portal/server/src/db/schema.js';
import * as catalog from '@portal/server/src/modules/catalog/repository.js';
import * as dashboard from '@portal/server/src/modules/dashboard/repository.js';
import * as fiscal from '@portal/server/src/modules/fiscal/repository.js';
import * as cart from '@portal/server/src/modules/cart/repository.js';
import { lastTwelveMonths } from '@portal/server/src/modules/dashboard/service.js';
import { LA_PAMPA, processCpuMs } from './server-process.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: the database to explain on');
const word = process.argv[2] ?? 'semilla';
const showPlans = process.argv[3] !== 'no-plans';
const RUNS = Number(process.env.RUNS ?? 300);

const pool = new pg.Pool({ connectionString: url, max: 2 });
let captured: CompiledQuery[] = [];
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (e) => void (e.level === 'query' && captured.push(e.query)) });
async function statementsOf(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
  captured = [];
  await run();
  return captured;
}

const client = await pool.connect();
const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
const cpuMs = () => processCpuMs(pid);

const company = (await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
const entity = await db.selectFrom('entities').select(['id', 'price_list_id']).where('company_id', '=', company).where('active', '=', true).where('code', '>=', 2000).orderBy('code').limit(1).executeTakeFirstOrThrow();
const user = (await db.selectFrom('user_entities').select('user_id').where('entity_id', '=', entity.id).executeTakeFirst())?.user_id ?? 1;
const fallback = (await db.selectFrom('price_lists').select('id').where('company_id', '=', company).where('is_default', '=', true).orderBy('id').limit(1).executeTakeFirst())?.id ?? null;
const lists = entity.price_list_id ?? fallback ? { id: (entity.price_list_id ?? fallback)!, fallback: (fallback ?? entity.price_list_id)! } : null;
const scope = { companyId: company, entityId: entity.id, userId: user };
const today = todayInArgentina();
const range = { ...defaultFiscalRange(), descom: [] as string[] };
const page = await catalog.searchPage(db, company, { words: catalog.normaliseSearch(word), facets: {}, lists }, 0, 12);

const calls: Array<[string, () => Promise<unknown>]> = [
  ['catalogue page (productsByIds)', () => catalog.productsByIds(db, scope, page.ids)],
  ['dashboard (customerFigures)', () => dashboard.customerFigures(db, company, entity.id, today, `${lastTwelveMonths(today)[0]}-01`, { summary: true, charts: true, grain: true })],
  ['fiscal page (fiscalPage)', () => fiscal.fiscalPage(db, scope, range, 0, 7)],
  ['cart (openCartWithLines)', () => cart.openCartWithLines(db, { ...scope, kind: 'sales', lists }, lists)],
];
console.log(`company ${company}, entity ${entity.id}, user ${user}, lists ${JSON.stringify(lists)}, word '${word}' (${page.ids.length} ids, total ${page.total})`);
for (const [label, run] of calls) {
  for (const q of await statementsOf(run)) {
    const name = `x${Math.abs([...q.sql].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7))}`;
    const values = [...q.parameters];
    for (let i = 0; i < 20; i++) await client.query({ name, text: q.sql, values });
    const before = cpuMs();
    const t = performance.now();
    for (let i = 0; i < RUNS; i++) await client.query({ name, text: q.sql, values });
    const wall = (performance.now() - t) / RUNS;
    const cpu = (cpuMs() - before) / RUNS;
    console.log(`\n## ${label}: backend CPU ${cpu.toFixed(3)} ms per run, wall ${wall.toFixed(3)} ms (${RUNS} runs, prepared)`);
    if (showPlans) {
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, values);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
}
client.release();
await db.destroy();
