import { sql, type RawBuilder } from 'kysely';
import type { ContractSummaryCode } from '@portal/contract';
import type { DB } from '../../db/database.js';
import type { EntityScope } from '../../lib/identity.js';

/**
 * The contracts' SQL. A contract's figures are the kilograms of grain movements applied to it
 * (grain_contract_applications): delivered = romaneos and transfers (kinds 1, 3), certified = certificates (2),
 * invoiced = settlements 1116B/C and parcial (4, 5), collected = the settlements paid; fixed = the whole contract for 'precio hecho', the fixings'
 * kilograms for 'a fijar'. All in one statement per page, scoped by company and entity.
 */

export type ContractFilterSql = {
  grain: string;
  harvests: readonly string[];
  fechadesde?: string | undefined;
  fechahasta?: string | undefined;
  codres: ContractSummaryCode;
};

export type ContractDbRow = {
  id: number;
  grain: string;
  grain_name: string;
  harvest: string;
  series: number;
  number: number;
  date: string;
  pricing: 'hecho' | 'fijar';
  kilos: string;
  price: string | null;
  currency: 'ARS' | 'USD';
  delivery_from: string | null;
  delivery_to: string | null;
  destination: string | null;
  broker_slip: string | null;
  printable: boolean;
  delivered: string;
  certified: string;
  invoiced: string;
  collected: string;
  fixed: string;
  /** 'precio hecho': the price; 'a fijar': the fixings' weighted price, null while nothing is fixed. */
  price_shown: string | null;
  settlement_kind: number | null;
  /** The latest settlement's point of sale and number. */
  settlement_series: number | null;
  settlement_number: number | null;
};

function contracts(scope: EntityScope, f: Pick<ContractFilterSql, 'grain' | 'harvests' | 'fechadesde' | 'fechahasta'> | null, contractId?: number) {
  const c: RawBuilder<unknown>[] = [sql`gc.company_id = ${scope.companyId}`, sql`gc.entity_id = ${scope.entityId}`];
  if (f) {
    c.push(sql`gc.grain = ${f.grain}`);
    if (f.harvests.length) c.push(sql`gc.harvest in (${sql.join([...f.harvests])})`);
    if (f.fechadesde) c.push(sql`gc.date >= ${f.fechadesde}::date`);
    if (f.fechahasta) c.push(sql`gc.date <= ${f.fechahasta}::date`);
  }
  if (contractId !== undefined) c.push(sql`gc.id = ${contractId}`);
  return sql`select gc.id, gc.grain, g.name as grain_name, gc.harvest, gc.series, gc.number, to_char(gc.date, 'YYYY-MM-DD') as date, gc.pricing,
      gc.kilos, gc.price, gc.currency, to_char(gc.delivery_from, 'YYYY-MM-DD') as delivery_from, to_char(gc.delivery_to, 'YYYY-MM-DD') as delivery_to,
      gc.destination, gc.broker_slip, gc.printable,
      coalesce(m.delivered, 0) as delivered, coalesce(m.certified, 0) as certified, coalesce(m.invoiced, 0) as invoiced,
      coalesce(m.collected, 0) as collected,
      case when gc.pricing = 'hecho' then gc.kilos else coalesce(fx.fixed, 0) end as fixed,
      case when gc.pricing = 'hecho' then gc.price else fx.price end as price_shown,
      ls.kind as settlement_kind, ls.series as settlement_series, ls.number as settlement_number
    from grain_contracts gc
    join grains g on g.code = gc.grain
    left join lateral (
      select sum(a.kilos) filter (where gm.kind in (1, 3)) as delivered, sum(a.kilos) filter (where gm.kind = 2) as certified,
        sum(a.kilos) filter (where gm.kind in (4, 5)) as invoiced, sum(a.kilos) filter (where gm.kind in (4, 5) and gm.collected) as collected
      from grain_contract_applications a join grain_movements gm on gm.id = a.movement_id
      where a.company_id = gc.company_id and a.contract_id = gc.id
    ) m on true
    left join lateral (
      select sum(x.kilos) as fixed, round(sum(x.kilos * x.price) / nullif(sum(x.kilos), 0), 2) as price
      from grain_contract_fixings x where x.company_id = gc.company_id and x.contract_id = gc.id
    ) fx on true
    left join lateral (
      select s.kind, s.series, s.number from grain_contract_applications a join grain_movements s on s.id = a.movement_id
      where a.company_id = gc.company_id and a.contract_id = gc.id and s.kind in (4, 5) order by s.date desc, s.id desc limit 1
    ) ls on true
    where ${sql.join(c, sql` and `)}`;
}

function summary(codres: ContractSummaryCode): RawBuilder<unknown> {
  switch (codres) {
    case 'PEN':
      return sql`where c.delivered < c.kilos`;
    case 'FIJ':
      return sql`where c.fixed < c.kilos`;
    case 'CUM':
      return sql`where c.delivered >= c.kilos and c.fixed >= c.kilos and c.invoiced >= c.kilos`;
    default:
      return sql``;
  }
}

const COLS = sql`c.id, c.grain, c.grain_name, c.harvest, c.series, c.number, c.date, c.pricing, c.kilos::text as kilos, c.price::text as price, c.currency,
  c.delivery_from, c.delivery_to, c.destination, c.broker_slip, c.printable, c.delivered::text as delivered, c.certified::text as certified,
  c.invoiced::text as invoiced, c.collected::text as collected, c.fixed::text as fixed, c.price_shown::text as price_shown, c.settlement_kind,
  c.settlement_series, c.settlement_number`;

/** Newest first; `after` continues a keyset walk (exports). */
export async function contractPage(
  db: DB,
  scope: EntityScope,
  f: ContractFilterSql,
  page: { start: number; limit: number } | { after: { date: string; id: number } | null; limit: number },
): Promise<ContractDbRow[]> {
  const keyset = 'after' in page && page.after ? sql`${f.codres === 'TOD' ? sql`where` : sql`and`} (c.date, c.id) < (${page.after.date}, ${page.after.id})` : sql``;
  const offset = 'start' in page ? sql`offset ${page.start}` : sql``;
  const r = await sql<ContractDbRow>`with c as (${contracts(scope, f)}) select ${COLS} from c ${summary(f.codres)} ${keyset}
    order by c.date desc, c.id desc ${offset} limit ${page.limit}`.execute(db);
  return r.rows.map(norm);
}

const norm = (r: ContractDbRow): ContractDbRow => ({ ...r, id: Number(r.id), series: Number(r.series), number: Number(r.number), settlement_kind: r.settlement_kind === null ? null : Number(r.settlement_kind) });

/** Count and column sums of every contract the filter matches. */
export async function contractTotals(db: DB, scope: EntityScope, f: ContractFilterSql) {
  const r = await sql<{ n: number; kilos: string; delivered: string; fixed: string; invoiced: string; collected: string; pending: string }>`
    with c as (${contracts(scope, f)})
    select count(*)::int as n, coalesce(sum(c.kilos), 0)::text as kilos, coalesce(sum(c.delivered), 0)::text as delivered,
      coalesce(sum(c.fixed), 0)::text as fixed, coalesce(sum(c.invoiced), 0)::text as invoiced, coalesce(sum(c.collected), 0)::text as collected,
      coalesce(sum(greatest(c.kilos - c.delivered, 0)), 0)::text as pending
    from c ${summary(f.codres)}`.execute(db);
  return r.rows[0]!;
}

/** The grains the entity has contracts of (the tabs) and their harvests. */
export async function grainsAndHarvests(db: DB, scope: EntityScope) {
  const r = await sql<{ grain: string; name: string; harvest: string }>`select distinct gc.grain, g.name, gc.harvest
    from grain_contracts gc join grains g on g.code = gc.grain
    where gc.company_id = ${scope.companyId} and gc.entity_id = ${scope.entityId} order by g.name, gc.harvest desc`.execute(db);
  return r.rows;
}

export async function grainExists(db: DB, code: string): Promise<boolean> {
  return (await db.selectFrom('grains').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** The price fixings of these contracts, oldest first. */
export async function fixingsOf(db: DB, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Array<{ date: string; kilos: string; price: string }>>();
  const rows = await db
    .selectFrom('grain_contract_fixings')
    .select(['contract_id', sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'), sql<string>`kilos::text`.as('kilos'), sql<string>`price::text`.as('price')])
    .where('company_id', '=', companyId)
    .where('contract_id', 'in', [...ids])
    .orderBy('date')
    .orderBy('id')
    .execute();
  const out = new Map<number, Array<{ date: string; kilos: string; price: string }>>();
  for (const r of rows) out.set(r.contract_id, [...(out.get(r.contract_id) ?? []), { date: r.date, kilos: r.kilos, price: r.price }]);
  return out;
}

/** A contract of the company by its series and number, whoever's it is (the caller checks the entity). */
export function findContract(db: DB, companyId: number, series: number, number: number) {
  return db
    .selectFrom('grain_contracts')
    .select(['id', 'entity_id'])
    .where('company_id', '=', companyId)
    .where('series', '=', series)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** One contract of the entity with its figures. */
export async function contractById(db: DB, scope: EntityScope, id: number): Promise<ContractDbRow | undefined> {
  const r = await sql<ContractDbRow>`with c as (${contracts(scope, null, id)}) select ${COLS} from c`.execute(db);
  return r.rows[0] ? norm(r.rows[0]) : undefined;
}

/** The grain movements applied to a contract (not its commitment row) with the kilograms applied, oldest first. */
export async function movementsOf(db: DB, companyId: number, contractId: number) {
  const r = await sql<{ id: string; date: string; kind: number; harvest: string; direct: boolean; series: number; number: number; kilos: string }>`
    select gm.id::text as id, to_char(gm.date, 'YYYY-MM-DD') as date, gm.kind, gm.harvest, gm.direct, gm.series, gm.number, a.kilos::text as kilos
    from grain_contract_applications a join grain_movements gm on gm.id = a.movement_id
    where a.company_id = ${companyId} and a.contract_id = ${contractId} and gm.kind between 1 and 6
    order by gm.date, gm.id`.execute(db);
  return r.rows.map((x) => ({ ...x, kind: Number(x.kind) }));
}

/** A settlement (kind 4 or 5) of the company by its point of sale and number, the caller's entity's first. */
export async function findSettlement(db: DB, scope: EntityScope, kind: number, series: number, numero: number) {
  const r = await sql<{ id: string; entity_id: number; date: string; kilos: string; series: number; number: number; collected: boolean; harvest: string }>`
    select gm.id::text as id, gm.entity_id, to_char(gm.date, 'YYYY-MM-DD') as date, gm.kilos::text as kilos, gm.series, gm.number, gm.collected, gm.harvest
    from grain_movements gm
    where gm.company_id = ${scope.companyId} and gm.kind = ${kind} and gm.series = ${series} and gm.number = ${numero}
    order by (gm.entity_id = ${scope.entityId}) desc, gm.id limit 1`.execute(db);
  return r.rows[0];
}

/** The contracts a movement is applied to, with the kilograms of each. */
export async function applicationsOf(db: DB, companyId: number, movementId: string) {
  return db
    .selectFrom('grain_contract_applications')
    .select(['contract_id', sql<string>`kilos::text`.as('kilos')])
    .where('company_id', '=', companyId)
    .where('movement_id', '=', movementId)
    .orderBy('contract_id')
    .execute();
}
