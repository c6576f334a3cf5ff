import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { CUSTOM_PLAN } from '../../db/prepared-pool.js';

/**
 * The statements' SQL over account_movements (the ledger the dashboard sums). Every function takes the company
 * and the entity. The running balance is a window sum over the account's movements of one currency in the
 * view's order, computed before the filter hides rows: a filtered page still shows the account's real balance.
 */

export type Scope = { companyId: number; entityId: number };
/** 'c' voucher date, 'f' due date (the voucher date when it has none), 'j' voucher date on exchange accounts. */
export type ViewCode = 'c' | 'f' | 'j';

export type StatementFilterSql = {
  currency: 'ARS' | 'USD';
  /** Account type codes whose movements make the account (and its balance). */
  accountTypes: readonly number[];
  descom: readonly string[];
  codres: 'TOD' | 'PEN' | 'VEN';
  fechadesde?: string | undefined;
  fechahasta?: string | undefined;
  importedsd?: string | undefined;
  importehst?: string | undefined;
  credito?: boolean | undefined;
  debito?: boolean | undefined;
  today: string;
};

export type StatementRow = {
  id: string;
  date: string;
  k: string;
  time: string | null;
  voucher_code: string;
  series: number;
  number: number;
  voucher_name: string;
  letter: string | null;
  origin_type: string | null;
  origin_number: number | null;
  /** The point of sale of the voucher the origin names (not this one's). */
  origin_series: number | null;
  detail: string | null;
  sale_condition: string | null;
  cae: string | null;
  cae_due: string | null;
  currency: 'ARS' | 'USD';
  amount: string;
  due_date: string | null;
  settled: boolean;
  printable: boolean;
  account_type: number;
  saldo: string;
};

const orderKey = (view: ViewCode) => (view === 'f' ? sql`coalesce(m.due_date, m.date)` : sql`m.date`);
/** The checkpoints' ordering basis of a view: the exchange view orders by voucher date like the chronological one. */
const basisOf = (view: ViewCode): 'c' | 'f' => (view === 'f' ? 'f' : 'c');
const typeList = (f: StatementFilterSql) => (f.accountTypes.length ? sql.join([...f.accountTypes]) : sql`null`);

/** The listed account: the entity's movements of one currency and the view's account types (alias m). */
function account(scope: Scope, f: StatementFilterSql) {
  return sql`m.company_id = ${scope.companyId} and m.entity_id = ${scope.entityId} and m.currency = ${f.currency} and m.account_type in (${typeList(f)})`;
}

/** Credits only or debits only (both or neither: every movement); the checkpoints count each. */
const signOf = (f: StatementFilterSql): 'credits' | 'debits' | null => (f.credito && !f.debito ? 'credits' : f.debito && !f.credito ? 'debits' : null);
function signConditions(f: StatementFilterSql): RawBuilder<unknown>[] {
  const sign = signOf(f);
  return sign === 'credits' ? [sql`m.amount < 0`] : sign === 'debits' ? [sql`m.amount > 0`] : [];
}

/** The filters that judge a row by more than its ordering date and sign (the checkpoints cannot count them). */
function rowConditions(f: StatementFilterSql): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [];
  if (f.descom.length > 0) c.push(sql`m.voucher_name in (${sql.join([...f.descom])})`);
  if (f.importedsd) c.push(sql`abs(m.amount) >= ${f.importedsd}::numeric`);
  if (f.importehst) c.push(sql`abs(m.amount) <= ${f.importehst}::numeric`);
  if (f.codres === 'PEN') c.push(sql`not m.settled`);
  if (f.codres === 'VEN') c.push(sql`not m.settled and m.amount > 0 and m.due_date < ${f.today}::date`);
  return c;
}

/** A range of the view's ordering date (inclusive bounds, either may be absent). */
type KeyRange = { from?: string | undefined; to?: string | undefined };

function rangeConditions(view: ViewCode, r: KeyRange): RawBuilder<unknown>[] {
  const key = orderKey(view);
  const c: RawBuilder<unknown>[] = [];
  if (r.from) c.push(sql`${key} >= ${r.from}::date`);
  if (r.to) c.push(sql`${key} <= ${r.to}::date`);
  return c;
}

const andAll = (c: RawBuilder<unknown>[]) => (c.length ? sql` and ${sql.join(c, sql` and `)}` : sql``);

const OUT = sql`a.id::text as id, to_char(a.date, 'YYYY-MM-DD') as date, to_char(p.k, 'YYYY-MM-DD') as k, a.time, a.voucher_code, a.series,
  a.number, a.voucher_name, a.letter, a.origin_type, a.origin_number, a.origin_series, a.detail, a.sale_condition, a.cae, to_char(a.cae_due, 'YYYY-MM-DD') as cae_due,
  a.currency, a.amount::text as amount, to_char(a.due_date, 'YYYY-MM-DD') as due_date, a.settled, a.printable, a.account_type, r.saldo::text as saldo`;

/**
 * The rows `pick` selects (ids and ordering dates, newest first) with their running balance: for each month the
 * rows fall in, the checkpoints of the months before it plus a window over that month up to its newest picked row.
 * The cost depends on the months the rows span, not on how deep in the history they are.
 */
async function withBalance(db: DB, scope: Scope, view: ViewCode, f: StatementFilterSql, pick: RawBuilder<unknown>, batch = false): Promise<StatementRow[]> {
  const key = orderKey(view);
  // A page (≤ 100 rows) stays a prepared statement: its generic plan is the custom one (measured, ≈ 1 ms) and saves
  // the planning. An export batch of 2,000 is planned for its values on every call: the generic plan PostgreSQL
  // switches to after five runs expects a handful of rows and joined the batch to its months' windows row by row
  // (seconds instead of 0.1 s).
  const r = await sql<StatementRow>`${sql.raw(batch ? `${CUSTOM_PLAN} ` : '')}with p as (${pick}),
    last as (
      select distinct on (date_trunc('month', p.k::timestamp)) date_trunc('month', p.k::timestamp)::date as ms, p.k as upto_k, p.id as upto_id
      from p order by date_trunc('month', p.k::timestamp), p.k desc, p.id desc
    ),
    -- Materialized: inlined, the planner would sum the checkpoints once per listed row instead of once per month.
    months as materialized (
      select last.*, coalesce((select sum(c.total) from statement_checkpoints c
          where c.company_id = ${scope.companyId} and c.entity_id = ${scope.entityId} and c.currency = ${f.currency}
            and c.basis = ${basisOf(view)} and c.account_type in (${typeList(f)}) and c.month < last.ms), 0) as base
      from last
    ),
    r as (
      select w.id, months.base + w.within as saldo
      from months cross join lateral (
        select m.id, sum(m.amount) over (order by ${key}, m.id rows between unbounded preceding and current row) as within
        from account_movements m
        where ${account(scope, f)} and ${key} >= months.ms and (${key}, m.id) <= (months.upto_k, months.upto_id)
      ) w
    )
    select ${OUT} from p join account_movements a on a.id = p.id join r on r.id = p.id
    order by p.k desc, p.id desc`.execute(db);
  return r.rows.map(normalize);
}

/** Months of the listed account with movements, newest first, and how many each has (from the checkpoints). */
export async function monthCounts(db: DB, scope: Scope, view: ViewCode, f: StatementFilterSql): Promise<Array<{ month: string; n: number }>> {
  if (f.accountTypes.length === 0) return [];
  const counted = sql.ref(`c.${signOf(f) ?? 'movements'}`);
  const r = await sql<{ month: string; n: number }>`select to_char(c.month, 'YYYY-MM-DD') as month, sum(${counted})::int as n
    from statement_checkpoints c
    where c.company_id = ${scope.companyId} and c.entity_id = ${scope.entityId} and c.currency = ${f.currency}
      and c.basis = ${basisOf(view)} and c.account_type in (${typeList(f)})
    group by c.month having sum(${counted}) > 0 order by c.month desc`.execute(db);
  return r.rows.map((x) => ({ month: x.month, n: Number(x.n) }));
}

/** Movements of the listed account whose ordering date is in the range (the months the checkpoints only partly cover). */
async function countInRange(db: DB, scope: Scope, view: ViewCode, f: StatementFilterSql, range: KeyRange): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from account_movements m
    where ${account(scope, f)}${andAll([...rangeConditions(view, range), ...signConditions(f)])}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

const nextMonth = (ms: string) => {
  const [y, m] = ms.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * One page (newest first in the view's order, each row with its running balance) and how many rows the filter
 * matches. Without row filters (only dates and credits/debits), the checkpoints' counts say which month holds row
 * `start`, so the page is read from there (a walk of at most one month) whatever its depth; with row filters
 * (amounts, voucher types, summary option) the rows in the date range are walked.
 */
export async function statementPage(db: DB, scope: Scope, view: ViewCode, f: StatementFilterSql, start: number, limit: number): Promise<{ rows: StatementRow[]; total: number }> {
  if (f.accountTypes.length === 0) return { rows: [], total: 0 };
  const key = orderKey(view);
  const range: KeyRange = { from: f.fechadesde, to: f.fechahasta };
  const rows = rowConditions(f);
  const pick = (where: RawBuilder<unknown>[], offset: number) => sql`select m.id, ${key} as k from account_movements m
    where ${account(scope, f)}${andAll(where)} order by ${key} desc, m.id desc offset ${offset} limit ${limit}`;
  if (rows.length > 0) {
    const where = [...rangeConditions(view, range), ...signConditions(f), ...rows];
    const [page, total] = await Promise.all([
      withBalance(db, scope, view, f, pick(where, start)),
      sql<{ n: number }>`select count(*)::int as n from account_movements m where ${account(scope, f)}${andAll(where)}`.execute(db),
    ]);
    return { rows: page, total: Number(total.rows[0]?.n ?? 0) };
  }
  // Rows per month within the date range: whole months from the checkpoints, the (at most two) months the range
  // cuts counted in the table.
  const months = await monthCounts(db, scope, view, f);
  const counts = await Promise.all(
    months.map(async ({ month, n }) => {
      const last = dayBefore(nextMonth(month));
      if ((range.from && last < range.from) || (range.to && month > range.to)) return 0;
      if ((!range.from || month >= range.from) && (!range.to || last <= range.to)) return n;
      return countInRange(db, scope, view, f, { from: range.from && range.from > month ? range.from : month, to: range.to && range.to < last ? range.to : last });
    }),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  let before = 0;
  for (const [i, { month }] of months.entries()) {
    if (start < before + counts[i]!) {
      // Row `start` is in this month: read from the end of the month (or of the range) downwards.
      const to = range.to && range.to < dayBefore(nextMonth(month)) ? range.to : dayBefore(nextMonth(month));
      return { rows: await withBalance(db, scope, view, f, pick([...rangeConditions(view, { from: range.from, to }), ...signConditions(f)], start - before)), total };
    }
    before += counts[i]!;
  }
  return { rows: [], total };
}

/** The batch after (k, id) in the list's order: the export pages through everything the filter matches. */
export async function statementBatch(db: DB, scope: Scope, view: ViewCode, f: StatementFilterSql, after: { date: string; id: string } | null, size: number) {
  if (f.accountTypes.length === 0) return [];
  const key = orderKey(view);
  const where = [...rangeConditions(view, { from: f.fechadesde, to: f.fechahasta }), ...signConditions(f), ...rowConditions(f)];
  if (after) where.push(sql`(${key}, m.id) < (${after.date}::date, ${after.id}::bigint)`);
  return withBalance(db, scope, view, f, sql`select m.id, ${key} as k from account_movements m
    where ${account(scope, f)}${andAll(where)} order by ${key} desc, m.id desc limit ${size}`, true);
}

/** The series and numbers as numbers on both drivers (the rest leaves SQL as text). */
function normalize(r: StatementRow): StatementRow {
  const orNull = (v: number | null) => (v === null ? null : Number(v));
  return { ...r, series: Number(r.series), number: Number(r.number), origin_number: orNull(r.origin_number), origin_series: orNull(r.origin_series), account_type: Number(r.account_type) };
}

/** Balance per currency and account type of the entity, over the given account types (all time), from the checkpoints. */
export async function balances(db: DB, scope: Scope, accountTypes: readonly number[]) {
  if (accountTypes.length === 0) return [];
  return db
    .selectFrom('statement_checkpoints')
    .select(['currency', 'account_type', sql<string>`sum(total)::text`.as('total')])
    .where('company_id', '=', scope.companyId)
    .where('entity_id', '=', scope.entityId)
    .where('basis', '=', 'c')
    .where('account_type', 'in', [...accountTypes])
    .groupBy(['currency', 'account_type'])
    .having(sql<boolean>`sum(movements) > 0`)
    .orderBy('currency')
    .orderBy('account_type')
    .execute();
}

/** Unsettled debits already due, per currency (the dashboard's 'Vencido' rule). */
export async function overdue(db: DB, scope: Scope, accountTypes: readonly number[], today: string) {
  if (accountTypes.length === 0) return [];
  return db
    .selectFrom('account_movements')
    .select(['currency', sql<string>`sum(amount)::text`.as('total')])
    .where('company_id', '=', scope.companyId)
    .where('entity_id', '=', scope.entityId)
    .where('account_type', 'in', [...accountTypes])
    .where('amount', '>', '0')
    // Literal, not a parameter: the partial index account_movements_unsettled serves it under a generic plan too.
    .where(sql<boolean>`not settled`)
    .where('due_date', '<', today)
    .groupBy('currency')
    .execute();
}

/** The entity's distinct voucher names in the given account types: a skip scan of an index, one probe per name. */
export async function voucherNames(db: DB, scope: Scope, accountTypes: readonly number[]): Promise<string[]> {
  if (accountTypes.length === 0) return [];
  const types = sql.join([...accountTypes]);
  const next = (after: RawBuilder<unknown> | null) => sql`(select m.voucher_name from account_movements m
    where m.company_id = ${scope.companyId} and m.entity_id = ${scope.entityId} and m.account_type in (${types})${after ? sql` and m.voucher_name > ${after}` : sql``}
    order by m.voucher_name limit 1)`;
  const r = await sql<{ name: string }>`with recursive v(name) as (
      select ${next(null)}
      union all
      select ${next(sql`v.name`)} from v where v.name is not null
    )
    select name from v where name is not null`.execute(db);
  return r.rows.map((x) => x.name);
}

/** The company's account types; a code used by movements but missing here is named by the service. */
export function accountTypes(db: DB, companyId: number) {
  return db.selectFrom('account_types').select(['code', 'short_code', 'name', 'exchange']).where('company_id', '=', companyId).orderBy('code').execute();
}
