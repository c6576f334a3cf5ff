import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { EntityScope } from '../../lib/identity.js';
import { compileOnce } from '../../db/compile-once.js';
import { approvedApplied } from '../../db/outstanding.js';
import { CUSTOM_PLAN } from '../../db/prepared-pool.js';

/**
 * The statements' SQL over account_movements (the ledger the dashboard sums). Every function takes the company
 * and the entity. The running balance is a window sum over the account's movements of one currency in the
 * view's order, computed before the filter hides rows: a filtered page still shows the account's real balance.
 */

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
  /** The VAT split (decimal strings): the VAT lines under a letter A voucher's net lines. */
  vat21: string | null;
  vat105: string | null;
  other_taxes: string | null;
};

const orderKey = (view: ViewCode) => (view === 'f' ? sql`coalesce(m.due_date, m.date)` : sql`m.date`);
/** The checkpoints' ordering basis of a view: the exchange view orders by voucher date like the chronological one. */
const basisOf = (view: ViewCode): 'c' | 'f' => (view === 'f' ? 'f' : 'c');
const typeList = (f: StatementFilterSql) => (f.accountTypes.length ? sql.join([...f.accountTypes]) : sql`null`);

/** The listed account: the entity's movements of one currency and the view's account types (alias m). */
function account(scope: EntityScope, f: StatementFilterSql) {
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
  a.currency, a.amount::text as amount, to_char(a.due_date, 'YYYY-MM-DD') as due_date, a.settled, a.printable, a.account_type, r.saldo::text as saldo,
  a.vat21::text as vat21, a.vat105::text as vat105, a.other_taxes::text as other_taxes`;

/**
 * Which end of its month a window runs from: decided in the statement by the picked rows' dates ('nearer'), or known
 * beforehand by the caller ('up' from the first day, 'down' from the last), which spares the plan the other branch and
 * two of the bounds' ordered aggregates.
 */
type WindowFrom = 'nearer' | 'up' | 'down';

/**
 * The CTEs giving the rows `pick` selects (ids and ordering dates, newest first) their running balance (`r`). Per
 * month the rows fall in, one window over that month's movements, computed once (materialized: inlined, the planner
 * ran it again for every listed row) and kept for the picked rows only. It runs from whichever end of the month is
 * nearer the picked rows by date:
 * - from the month's first day up to the newest picked row: balance = the checkpoints of the months before it + the
 *   running sum;
 * - from the month's last day down to the oldest picked row: balance = the checkpoints up to and including the month
 *   − the running sum of the rows after it. A first page (rows of the last days) walks a few rows, not the month.
 * The cost depends on the months the rows span and where in them, never on how deep in the history they are.
 */
function balanceCtes(scope: EntityScope, view: ViewCode, f: StatementFilterSql, pick: RawBuilder<unknown>, from: WindowFrom = 'nearer') {
  const key = orderKey(view);
  const up = sql`select m.id, months.before + sum(m.amount) over (order by ${key}, m.id rows between unbounded preceding and current row) as saldo
        from account_movements m
        where ${from === 'nearer' ? sql`months.forward and ` : sql``}${account(scope, f)} and ${key} >= months.ms and (${key}, m.id) <= (months.hi_k, months.hi_id)`;
  const down = sql`select m.id, months.through - sum(m.amount) over (order by ${key} desc, m.id desc rows between unbounded preceding and current row) + m.amount as saldo
        from account_movements m
        where ${from === 'nearer' ? sql`not months.forward and ` : sql``}${account(scope, f)} and ${key} < months.me and (${key}, m.id) >= (months.lo_k, months.lo_id)`;
  const hi = sql`(array_agg(b.k order by b.k desc, b.id desc))[1] as hi_k, (array_agg(b.id order by b.k desc, b.id desc))[1] as hi_id`;
  const lo = sql`(array_agg(b.k order by b.k, b.id))[1] as lo_k, (array_agg(b.id order by b.k, b.id))[1] as lo_id`;
  return sql`p as (${pick}),
    bounds as (
      select b.ms, ${from === 'up' ? hi : from === 'down' ? lo : sql`${hi}, ${lo}`}
      from (select date_trunc('month', p.k::timestamp)::date as ms, p.k, p.id from p) b group by b.ms
    ),
    -- Materialized: inlined, the planner would sum the checkpoints once per listed row instead of once per month.
    months as materialized (
      select bounds.*, (bounds.ms + interval '1 month')::date as me,${from === 'nearer' ? sql`
        bounds.hi_k - bounds.ms <= (bounds.ms + interval '1 month')::date - bounds.lo_k as forward,` : sql``}
        coalesce(c.before, 0) as before, coalesce(c.through, 0) as through
      from bounds cross join lateral (
        select sum(c.total) filter (where c.month < bounds.ms) as before, sum(c.total) as through from statement_checkpoints c
        where c.company_id = ${scope.companyId} and c.entity_id = ${scope.entityId} and c.currency = ${f.currency}
          and c.basis = ${basisOf(view)} and c.account_type in (${typeList(f)}) and c.month <= bounds.ms
      ) c
    ),
    r as materialized (
      select w.id, w.saldo
      from months cross join lateral (
        ${from === 'up' ? up : from === 'down' ? down : sql`${up}
        union all
        ${down}`}
      ) w
      where w.id in (select p.id from p)
    )`;
}

/** The export's batch: the picked rows with their balance, newest first. */
async function withBalance(db: DB, scope: EntityScope, view: ViewCode, f: StatementFilterSql, pick: RawBuilder<unknown>): Promise<StatementRow[]> {
  // An export batch of 2,000 is planned for its values on every call: the generic plan PostgreSQL switches to after
  // five runs expects a handful of rows and joined the batch to its months' windows row by row (seconds instead of
  // 0.1 s). Without JIT compilation: the planner cannot tell how many months 2,000 rows span (it assumes 200), so the
  // estimate passes jit_above_cost and compiling took 90–310 ms of a batch that runs in 15 ms.
  const r = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return sql<StatementRow>`${sql.raw(`${CUSTOM_PLAN} `)}with ${balanceCtes(scope, view, f, pick)}
      select ${OUT} from p join account_movements a on a.id = p.id join r on r.id = p.id
      order by p.k desc, p.id desc`.execute(trx);
  });
  return r.rows.map(normalize);
}

/** The entity's version (statement_versions: its movements, its company's account types, a truncate). */
const versionOf = (scope: EntityScope) => sql`(select coalesce(sum(v.version), 0) from statement_versions v
  where (v.company_id, v.entity_id) in ((0, 0), (${scope.companyId}, 0), (${scope.companyId}, ${scope.entityId})))::text`;

/** A page row with its voucher lines (JSON text: kind, product code, description, quantity, unit, unit price, discount, amount). */
export type PageRow = StatementRow & { lines: string | null };

/**
 * The one statement of a statements page: the picked rows (if any) with their running balance and voucher lines,
 * the entity's version (whether the per-entity parts the page was located with are still current) and `count`, a
 * number the caller needs in the same snapshot (how many rows a filter matches, or how many rows fall in the months
 * a date range cuts). It answers one row even when nothing is picked.
 */
function pageQuery(scope: EntityScope, view: ViewCode, f: StatementFilterSql, pick: RawBuilder<unknown> | null, count: RawBuilder<unknown> | null, from: WindowFrom = 'nearer'): RawBuilder<unknown> {
  const head = sql`select ${versionOf(scope)} as version, ${count ?? sql`0`}::int as n`;
  if (!pick) return head;
  // A page (≤ 100 rows) stays a prepared statement: PostgreSQL runs its generic plan from the sixth run on (planning
  // 0.02–0.05 ms; bench/explain-statements.ts).
  return sql`with ${balanceCtes(scope, view, f, pick, from)},
    page as (
      select ${OUT},
        (select json_agg(json_build_array(l.kind, l.product_code, l.description, l.quantity::text, l.unit, l.unit_price::text, l.discount::text, l.amount::text)
            order by l.line_no)::text
          from voucher_lines l where l.movement_id = a.id and l.company_id = ${scope.companyId}) as lines
      from p join account_movements a on a.id = p.id join r on r.id = p.id
    )
    select h.version, h.n, page.* from (${head}) h left join page on true`;
}

/** Rows of the listed account in one month (first day), newest month first: from the checkpoints (see service.ts). */
export type MonthCount = { month: string; n: number };

const nextMonth = (ms: string) => {
  const [y, m] = ms.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Everything the text of a page statement depends on; its values travel apart (PageSlots), so that the text is
 * built and compiled once per shape (db/compile-once.ts) instead of on every request.
 * - kind 'none': nothing picked (no account type, or a start beyond the last row): the version alone;
 * - 'rows': row filters (amounts, voucher types, summary option): the rows in the date range are walked and counted;
 * - 'months': no filter but credits/debits: the page is read from the end of the month that holds row `start`;
 * - 'monthUp': the same when the page lies within that month and nearer its first day: read from the first day up,
 *   its balances from the first day up too;
 * - 'monthDown': the page lies within that month and nearer its last day: read, and its balances summed, from there;
 * - 'range': a date range and nothing else: read from the range's end, `cuts` months that the range cuts counted.
 */
type PageShape = {
  view: ViewCode;
  kind: 'none' | 'rows' | 'months' | 'monthUp' | 'monthDown' | 'range';
  types: number;
  descom: number;
  amountFrom: boolean;
  amountTo: boolean;
  codres: StatementFilterSql['codres'];
  sign: 'credits' | 'debits' | null;
  from: boolean;
  to: boolean;
  cuts: number;
};
/**
 * A page statement's values: c, e (scope), cur, t0… (account types), d0… (voucher names), lo, hi (amounts), today
 * (summary option VEN), from, to (date range), first, end (the located month's first and last days), cut0f, cut0t… (the months a
 * range cuts), offset, limit. Only those the shape uses are present.
 */
type PageSlots = Record<string, string | number>;

const indexes = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The page statement of a shape, with its values taken from `a` (markers when compiled, see compiledPage). */
function pageSql(s: PageShape, a: PageSlots): RawBuilder<unknown> {
  const scope: EntityScope = { companyId: a.c as number, entityId: a.e as number };
  const str = (k: string) => a[k] as string;
  const f: StatementFilterSql = {
    currency: a.cur as StatementFilterSql['currency'],
    accountTypes: indexes(s.types).map((i) => a[`t${i}`] as number),
    descom: indexes(s.descom).map((i) => str(`d${i}`)),
    codres: s.codres,
    fechadesde: s.from ? str('from') : undefined,
    fechahasta: s.to ? str('to') : undefined,
    importedsd: s.amountFrom ? str('lo') : undefined,
    importehst: s.amountTo ? str('hi') : undefined,
    credito: s.sign === 'credits',
    debito: s.sign === 'debits',
    today: s.codres === 'VEN' ? str('today') : '',
  };
  if (s.kind === 'none') return pageQuery(scope, s.view, f, null, null);
  const key = orderKey(s.view);
  const pick = (where: RawBuilder<unknown>[], up = false) => sql`select m.id, ${key} as k from account_movements m
    where ${account(scope, f)}${andAll(where)} order by ${up ? sql`${key}, m.id` : sql`${key} desc, m.id desc`} offset ${a.offset} limit ${a.limit}`;
  const countOf = (where: RawBuilder<unknown>[]) => sql`(select count(*) from account_movements m where ${account(scope, f)}${andAll(where)})`;
  const range: KeyRange = { from: f.fechadesde, to: f.fechahasta };
  if (s.kind === 'rows') {
    const where = [...rangeConditions(s.view, range), ...signConditions(f), ...rowConditions(f)];
    return pageQuery(scope, s.view, f, pick(where), countOf(where));
  }
  // A page located within one month by the months' counts knows which end of it is nearer: its window runs from there.
  if (s.kind === 'months' || s.kind === 'monthDown') {
    return pageQuery(scope, s.view, f, pick([...rangeConditions(s.view, { to: str('end') }), ...signConditions(f)]), null, s.kind === 'monthDown' ? 'down' : 'nearer');
  }
  if (s.kind === 'monthUp') return pageQuery(scope, s.view, f, pick([...rangeConditions(s.view, { from: str('first'), to: str('end') }), ...signConditions(f)], true), null, 'up');
  const cuts = indexes(s.cuts).map((i) => countOf([...rangeConditions(s.view, { from: str(`cut${i}f`), to: str(`cut${i}t`) }), ...signConditions(f)]));
  return pageQuery(scope, s.view, f, pick([...rangeConditions(s.view, range), ...signConditions(f)]), cuts.length ? sql.join(cuts, sql` + `) : null);
}

/** The compiled page statements per database (a transaction would be one of its own) and shape. */
const compiledPages = new WeakMap<object, Map<string, (a: PageSlots) => CompiledQuery<unknown>>>();
/** Shapes kept per database at most (views × filters × located how: a few dozen in practice); beyond, built each time. */
const MAX_PAGE_SHAPES = 512;

/**
 * The page statement of `shape` with the values `slots`: compiled once per shape with markers (values no request
 * sends: negative numbers, strings starting with NUL) in the slots, then only the values change.
 */
function compiledPage(db: DB, shape: PageShape, slots: PageSlots): CompiledQuery<unknown> {
  let shapes = compiledPages.get(db);
  if (!shapes) compiledPages.set(db, (shapes = new Map()));
  const key = `${shape.view}|${shape.kind}|${shape.types}|${shape.descom}|${shape.amountFrom}|${shape.amountTo}|${shape.codres}|${shape.sign}|${shape.from}|${shape.to}|${shape.cuts}`;
  let compiled = shapes.get(key);
  if (!compiled) {
    const markers: PageSlots = {};
    Object.keys(slots).forEach((k, i) => (markers[k] = typeof slots[k] === 'number' ? -1_000_001 - i : `\u0000${k}`));
    compiled = compileOnce(markers, (a) => ({ compile: () => pageSql(shape, a).compile(db) }));
    if (shapes.size < MAX_PAGE_SHAPES) shapes.set(key, compiled);
  }
  return compiled(slots);
}

type PageAnswer = PageRow & { version: string; n: number };

/**
 * The list's order (ordering date, then id, newest first), put on the page's rows here: ordered in the statement it
 * cost a window and two sorts, ≈ 0.02–0.03 ms of the backend's 0.3 ms for a page (docs/decisions/statements.md,
 * 'Less CPU per page, same answers').
 */
const newestFirst = (a: PageRow, b: PageRow) => (a.k !== b.k ? (a.k < b.k ? 1 : -1) : a.id.length !== b.id.length ? b.id.length - a.id.length : a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * One page (newest first in the view's order, each row with its running balance and lines), how many rows the
 * filter matches and the entity's version, in one statement. `months` are the account's rows per month (the
 * checkpoints' counts for this currency, account types and sign), kept per entity by the service and valid for
 * `version`: the caller reads the page again if the answer's version differs.
 * - No filter but credits/debits: the counts say which month holds row `start`, so the page is read from that
 *   month's end with an offset smaller than one month, whatever its depth; the total is the counts' sum.
 * - A date range (and nothing else): the whole months inside it are counted from `months`, the at most two months
 *   it cuts in the statement; the page is read from the range's end (an offset within the range).
 * - Row filters (amounts, voucher types, summary option): the rows in the date range are walked and counted.
 */
export async function statementPage(db: DB, scope: EntityScope, view: ViewCode, f: StatementFilterSql, start: number, limit: number, months: readonly MonthCount[]): Promise<{ rows: PageRow[]; total: number; version: string }> {
  const range: KeyRange = { from: f.fechadesde, to: f.fechahasta };
  const sign = signOf(f);
  const shape: PageShape = {
    view, kind: 'none', types: f.accountTypes.length, descom: f.descom.length, amountFrom: Boolean(f.importedsd), amountTo: Boolean(f.importehst),
    codres: f.codres, sign, from: Boolean(range.from), to: Boolean(range.to), cuts: 0,
  };
  const slots: PageSlots = { c: scope.companyId, e: scope.entityId };
  let total = 0;
  if (f.accountTypes.length > 0) {
    slots.cur = f.currency;
    f.accountTypes.forEach((t, i) => (slots[`t${i}`] = t));
    const rows = shape.descom > 0 || shape.amountFrom || shape.amountTo || f.codres !== 'TOD';
    if (rows) {
      shape.kind = 'rows';
      f.descom.forEach((d, i) => (slots[`d${i}`] = d));
      if (f.importedsd) slots.lo = f.importedsd;
      if (f.importehst) slots.hi = f.importehst;
      if (f.codres === 'VEN') slots.today = f.today;
    } else if (!range.from && !range.to) {
      total = months.reduce((a, m) => a + m.n, 0);
      let before = 0;
      for (const { month, n } of months) {
        if (start < before + n) {
          // Row `start` is in this month: read from the end of the month downwards (the page may run into older
          // months), or, when the whole page is in this month and nearer its first day, from the first day upwards
          // (the page's statement orders its rows): at most half a month is walked past, not up to a whole one.
          const fromEnd = start - before;
          const fromFirst = n - fromEnd - limit;
          slots.end = dayBefore(nextMonth(month));
          if (fromFirst >= 0 && fromFirst < fromEnd) {
            shape.kind = 'monthUp';
            slots.first = month;
            start = fromFirst;
          } else {
            // Within the month and nearer its end ('monthDown'), or running into older months ('months': each
            // month's window from its nearer end, decided in the statement).
            shape.kind = fromFirst >= 0 ? 'monthDown' : 'months';
            start = fromEnd;
          }
          break;
        }
        before += n;
      }
    } else {
      shape.kind = 'range';
      for (const { month, n } of months) {
        const last = dayBefore(nextMonth(month));
        if ((range.from && last < range.from) || (range.to && month > range.to)) continue;
        if ((!range.from || month >= range.from) && (!range.to || last <= range.to)) total += n;
        else {
          slots[`cut${shape.cuts}f`] = range.from && range.from > month ? range.from : month;
          slots[`cut${shape.cuts}t`] = range.to && range.to < last ? range.to : last;
          shape.cuts++;
        }
      }
    }
    if (shape.kind === 'rows' || shape.kind === 'range') {
      if (range.from) slots.from = range.from;
      if (range.to) slots.to = range.to;
    }
  }
  if (shape.kind === 'none') {
    // Nothing picked: the statement reads the version alone, whatever the filter.
    Object.assign(shape, { types: 0, descom: 0, amountFrom: false, amountTo: false, codres: 'TOD', sign: null, from: false, to: false, cuts: 0 });
    for (const k of Object.keys(slots)) if (k !== 'c' && k !== 'e') delete slots[k];
  } else {
    slots.offset = start;
    slots.limit = limit;
  }
  const r = await db.executeQuery(compiledPage(db, shape, slots) as CompiledQuery<PageAnswer>);
  const first = r.rows[0]!;
  const rows = shape.kind === 'none' || first.id === null ? [] : r.rows.map((x) => ({ ...normalize(x), lines: x.lines })).sort(newestFirst);
  return { rows, total: shape.kind === 'rows' || shape.kind === 'range' ? total + Number(first.n) : total, version: first.version };
}

/** The batch after (k, id) in the list's order: the export pages through everything the filter matches. */
export async function statementBatch(db: DB, scope: EntityScope, view: ViewCode, f: StatementFilterSql, after: { date: string; id: string } | null, size: number) {
  if (f.accountTypes.length === 0) return [];
  const key = orderKey(view);
  const where = [...rangeConditions(view, { from: f.fechadesde, to: f.fechahasta }), ...signConditions(f), ...rowConditions(f)];
  if (after) where.push(sql`(${key}, m.id) < (${after.date}::date, ${after.id}::bigint)`);
  return withBalance(db, scope, view, f, sql`select m.id, ${key} as k from account_movements m
    where ${account(scope, f)}${andAll(where)} order by ${key} desc, m.id desc limit ${size}`);
}

/** The series and numbers as numbers on both drivers (the rest leaves SQL as text). */
function normalize(r: StatementRow): StatementRow {
  const orNull = (v: number | null) => (v === null ? null : Number(v));
  return { ...r, series: Number(r.series), number: Number(r.number), origin_number: orNull(r.origin_number), origin_series: orNull(r.origin_series), account_type: Number(r.account_type) };
}

/** The checkpoints of one month, ordering basis, currency and account type (see the migration). */
export type CheckpointRow = { basis: 'c' | 'f'; currency: 'ARS' | 'USD'; account_type: number; month: string; total: string; movements: number; credits: number; debits: number };
export type AccountTypeRow = { code: number; short_code: string; name: string; exchange: boolean };

/**
 * What a statements answer needs of the entity besides its page, read in one statement (one snapshot) and kept by
 * the service until the version changes: the version, the company's account types, every checkpoint of the entity
 * (the carousel's balances and the months' counts), the unsettled debits already due on `today` per currency and
 * account type ('Vencido', from the partial index account_movements_unsettled) and the distinct voucher names per
 * account type (a skip scan of index account_movements_voucher_names: one probe per name).
 */
export async function entitySummary(db: DB, scope: EntityScope, today: string) {
  const { companyId: c, entityId: e } = scope;
  const next = (after: RawBuilder<unknown> | null) => sql`select m.voucher_name, m.account_type from account_movements m
    where m.company_id = ${c} and m.entity_id = ${e}${after ? sql` and (m.voucher_name, m.account_type) > ${after}` : sql``}
    order by m.voucher_name, m.account_type limit 1`;
  const r = await sql<{ version: string; types: string; checkpoints: string; overdue: string; names: string }>`select ${versionOf(scope)} as version,
    (select coalesce(json_agg(json_build_array(t.code, t.short_code, t.name, t.exchange) order by t.code), '[]')::text
      from account_types t where t.company_id = ${c}) as types,
    (select coalesce(json_agg(json_build_array(k.basis, k.currency, k.account_type, to_char(k.month, 'YYYY-MM-DD'), k.total::text, k.movements, k.credits, k.debits)
        order by k.basis, k.currency, k.month desc, k.account_type), '[]')::text
      from statement_checkpoints k where k.company_id = ${c} and k.entity_id = ${e}) as checkpoints,
    (select coalesce(json_agg(json_build_array(o.currency, o.account_type, o.total::text)), '[]')::text from (
      -- Literal 'not settled', not a parameter: the partial index serves it under a generic plan too.
      select m.currency, m.account_type, sum(m.amount - ${approvedApplied('m')}) as total from account_movements m
      where m.company_id = ${c} and m.entity_id = ${e} and m.amount > 0 and not settled and m.due_date < ${today}::date
      group by m.currency, m.account_type) o) as overdue,
    (with recursive v(name, type) as (
        (${next(null)})
        union all
        select n.voucher_name, n.account_type from v cross join lateral (${next(sql`(v.name, v.type)`)}) n
      )
      select coalesce(json_agg(json_build_array(v.name, v.type) order by v.name, v.type), '[]')::text from v) as names`.execute(db);
  const row = r.rows[0]!;
  return {
    version: row.version,
    types: (JSON.parse(row.types) as Array<[number, string, string, boolean]>).map(([code, short_code, name, exchange]): AccountTypeRow => ({ code: Number(code), short_code, name, exchange })),
    checkpoints: (JSON.parse(row.checkpoints) as Array<[CheckpointRow['basis'], CheckpointRow['currency'], number, string, string, number, number, number]>).map(
      ([basis, currency, account_type, month, total, movements, credits, debits]): CheckpointRow => ({ basis, currency, account_type: Number(account_type), month, total, movements: Number(movements), credits: Number(credits), debits: Number(debits) }),
    ),
    overdue: (JSON.parse(row.overdue) as Array<['ARS' | 'USD', number, string]>).map(([currency, account_type, total]) => ({ currency, account_type: Number(account_type), total })),
    names: (JSON.parse(row.names) as Array<[string, number]>).map(([name, account_type]) => ({ name, account_type: Number(account_type) })),
  };
}
