import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { EntityScope } from '../../lib/identity.js';

/**
 * The grain ledger's SQL over grain_movements. Stock moves with romaneos and received transfers (in) and
 * 1116B/C, partial settlements and withdrawals (out) — the dashboard's kilstk rule; certificates are shown in
 * their own column and contracts (kind 7) belong to the contracts screen. The running balance is a window sum
 * per grain over the selected harvests, computed before the filter hides rows.
 */

export type GrainFilterSql = { grain: string; harvests: readonly string[]; kinds: readonly number[] | null; fechaDesde?: string | undefined; fechaHasta?: string | undefined };
export type GrainLedgerRow = {
  id: string;
  date: string;
  kind: number;
  harvest: string;
  direct: boolean;
  /** The voucher's point of sale and number. */
  series: number;
  number: number;
  entradas: string;
  certificados: string;
  salidas: string;
  saldo: string;
};

const IN = sql`(1, 3)`;
const OUT = sql`(4, 5, 6)`;

function ledger(scope: EntityScope, f: GrainFilterSql, grain: RawBuilder<unknown> = sql`${f.grain}`) {
  const harvests = f.harvests.length ? sql`and gm.harvest in (${sql.join([...f.harvests])})` : sql``;
  return sql`select gm.id, gm.date, gm.kind, gm.harvest, gm.direct, gm.series, gm.number,
      case when gm.kind in ${IN} then gm.kilos else 0 end as entradas,
      case when gm.kind = 2 then gm.kilos else 0 end as certificados,
      case when gm.kind in ${OUT} then gm.kilos else 0 end as salidas,
      sum(case when gm.kind in ${IN} then gm.kilos when gm.kind in ${OUT} then -gm.kilos else 0 end)
        over (order by gm.date, gm.id rows between unbounded preceding and current row) as saldo
    from grain_movements gm
    where gm.company_id = ${scope.companyId} and gm.entity_id = ${scope.entityId} and gm.grain = ${grain} and gm.kind between 1 and 6 ${harvests}`;
}

function conditions(f: GrainFilterSql): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [];
  if (f.fechaDesde) c.push(sql`l.date >= ${f.fechaDesde}::date`);
  if (f.fechaHasta) c.push(sql`l.date <= ${f.fechaHasta}::date`);
  if (f.kinds) c.push(sql`l.kind in (${sql.join([...f.kinds])})`);
  return c;
}
const whereOf = (c: RawBuilder<unknown>[]) => (c.length ? sql`where ${sql.join(c, sql` and `)}` : sql``);
const COLS = sql`l.id::text as id, to_char(l.date, 'YYYY-MM-DD') as date, l.kind, l.harvest, l.direct, l.series, l.number, l.entradas::text as entradas,
  l.certificados::text as certificados, l.salidas::text as salidas, l.saldo::text as saldo`;

/** Newest first; `after` continues a keyset walk (the exports). */
export async function grainPage(db: DB, scope: EntityScope, f: GrainFilterSql, page: { start: number; limit: number } | { after: { date: string; id: string } | null; limit: number }) {
  const c = conditions(f);
  if ('after' in page && page.after) c.push(sql`(l.date, l.id) < (${page.after.date}::date, ${page.after.id}::bigint)`);
  const offset = 'start' in page ? sql`offset ${page.start}` : sql``;
  const r = await sql<GrainLedgerRow>`with l as (${ledger(scope, f)}) select ${COLS} from l ${whereOf(c)}
    order by l.date desc, l.id desc ${offset} limit ${page.limit}`.execute(db);
  return r.rows.map((x) => ({ ...x, kind: Number(x.kind) }));
}

/** Stock per grain and harvest of the entity (the dashboard's kilstk), and the grains it has (by name, newest harvest first). */
function stockSql(scope: EntityScope) {
  return sql`select gm.grain, g.name, gm.harvest,
      sum(case when gm.kind in ${IN} then gm.kilos when gm.kind in ${OUT} then -gm.kilos else 0 end) as stock
    from grain_movements gm join grains g on g.code = gm.grain
    where gm.company_id = ${scope.companyId} and gm.entity_id = ${scope.entityId}
    group by gm.grain, g.name, gm.harvest`;
}

export type StockRow = { grain: string; name: string; harvest: string; stock: string };
type Totals = { n: number; entradas: string; certificados: string; salidas: string };

/**
 * The ledger's first screen in one statement: the entity's stock per grain and harvest, the grain listed (`f.grain`,
 * or else the first of the stock, by name), whether a requested grain exists at all, the page with its running
 * balance and the count and column totals of what the filter matches.
 */
export async function grainList(db: DB, scope: EntityScope, f: Omit<GrainFilterSql, 'grain'> & { grain: string | null }, page: { start: number; limit: number }) {
  const chosen = sql`(select grain from chosen)`;
  const lf: GrainFilterSql = { ...f, grain: '' };
  const r = await sql<{ stock: string; grain: string | null; known: boolean; rows: string; totals: string }>`with s as materialized (${stockSql(scope)}),
      chosen as (select coalesce(${f.grain}::text, (select s.grain from s order by s.name, s.harvest desc limit 1)) as grain),
      l as materialized (${ledger(scope, lf, chosen)}),
      page as (select ${COLS} from l ${whereOf(conditions(f as GrainFilterSql))} order by l.date desc, l.id desc offset ${page.start} limit ${page.limit})
    select
      (select coalesce(json_agg(json_build_array(s.grain, s.name, s.harvest, s.stock::text) order by s.name, s.harvest desc), '[]')::text from s) as stock,
      (select grain from chosen) as grain,
      ${f.grain === null ? sql`true` : sql`exists (select 1 from grains g where g.code = ${f.grain})`} as known,
      (select coalesce(json_agg(json_build_array(page.id, page.date, page.kind, page.harvest, page.direct, page.series, page.number, page.entradas, page.certificados, page.salidas, page.saldo)
          order by page.date desc, page.id::bigint desc), '[]')::text from page) as rows,
      (select json_build_array(count(*), coalesce(sum(l.entradas), 0)::text, coalesce(sum(l.certificados), 0)::text, coalesce(sum(l.salidas), 0)::text)::text
        from l ${whereOf(conditions(f as GrainFilterSql))}) as totals`.execute(db);
  const x = r.rows[0]!;
  const [n, entradas, certificados, salidas] = JSON.parse(x.totals) as [number, string, string, string];
  return {
    stock: (JSON.parse(x.stock) as Array<[string, string, string, string]>).map(([grain, name, harvest, stock]): StockRow => ({ grain, name, harvest, stock })),
    grain: x.grain,
    known: Boolean(x.known),
    rows: (JSON.parse(x.rows) as Array<[string, string, number, string, boolean, number, number, string, string, string, string]>).map(
      ([id, date, kind, harvest, direct, series, number, entradas, certificados, salidas, saldo]): GrainLedgerRow => ({
        id, date, kind: Number(kind), harvest, direct, series: Number(series), number: Number(number), entradas, certificados, salidas, saldo,
      }),
    ),
    totals: { n: Number(n), entradas, certificados, salidas } satisfies Totals,
  };
}

/** Stock per grain and harvest of the entity (the dashboard's kilstk), and the grains it has. */
export async function stockByHarvest(db: DB, scope: EntityScope) {
  const r = await sql<StockRow>`select s.grain, s.name, s.harvest, s.stock::text as stock from (${stockSql(scope)}) s order by s.name, s.harvest desc`.execute(db);
  return r.rows;
}

/** A movement of the entity by its kind, point of sale and number (etenet_fichapaq). */
export async function findMovement(db: DB, scope: EntityScope, kind: number, codtal: number, numero: number) {
  return db
    .selectFrom('grain_movements')
    .select(['id', 'grain', 'harvest', 'date', 'kind'])
    .where('company_id', '=', scope.companyId)
    .where('entity_id', '=', scope.entityId)
    .where('kind', '=', kind)
    .where('series', '=', codtal)
    .where('number', '=', numero)
    .orderBy('id')
    .executeTakeFirst();
}

/** The loads (romaneos) a certificate covers: those of its grain and harvest delivered up to its date. */
export async function loadsOf(db: DB, scope: EntityScope, grain: string, harvest: string, until: string) {
  const r = await sql<{ id: string; date: string; kind: number; harvest: string; direct: boolean; series: number; number: number; kilos: string }>`
    select gm.id::text as id, to_char(gm.date, 'YYYY-MM-DD') as date, gm.kind, gm.harvest, gm.direct, gm.series, gm.number, gm.kilos::text as kilos
    from grain_movements gm
    where gm.company_id = ${scope.companyId} and gm.entity_id = ${scope.entityId} and gm.grain = ${grain} and gm.harvest = ${harvest}
      and gm.kind = 1 and gm.date <= ${until}::date
    order by gm.date, gm.id`.execute(db);
  return r.rows;
}
