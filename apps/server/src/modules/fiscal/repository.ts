import { sql, type CompiledQuery, type Selectable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { EntityScope } from '../../lib/identity.js';
import { compiledFor } from '../../db/compile-once.js';
import type { AccountMovementsTable } from '../../db/schema.js';

/**
 * The fiscal documents' SQL. Every function takes the company and the entity: a voucher is only ever read for
 * the entity the request acts for. Amounts stay numeric in SQL and leave as decimal strings.
 */

export type Range = { fechadesde: string; fechahasta: string; descom: readonly string[] };
export type VoucherRow = Pick<
  Selectable<AccountMovementsTable>,
  | 'id' | 'date' | 'time' | 'voucher_code' | 'series' | 'number' | 'voucher_name' | 'afip_type' | 'letter' | 'origin_type'
  | 'origin_number' | 'origin_series' | 'detail' | 'sale_condition' | 'cae' | 'cae_due' | 'currency' | 'amount' | 'due_date' | 'printable'
  | 'net_amount' | 'vat21' | 'vat105' | 'other_taxes' | 'entity_id'
>;

const voucherColumns = [
  'm.id', 'm.entity_id', 'm.date', 'm.time', 'm.voucher_code', 'm.series', 'm.number', 'm.voucher_name', 'm.afip_type', 'm.letter',
  'm.origin_type', 'm.origin_number', 'm.origin_series', 'm.detail', 'm.sale_condition', 'm.cae', 'm.cae_due', 'm.currency', 'm.amount', 'm.due_date',
  'm.printable', 'm.net_amount', 'm.vat21', 'm.vat105', 'm.other_taxes',
] as const;

/** The entity's vouchers in the range (and of the chosen descriptions), not yet ordered or paged. */
function filtered(db: DB, scope: EntityScope, range: Range) {
  let q = db
    .selectFrom('account_movements as m')
    .where('m.company_id', '=', scope.companyId)
    .where('m.entity_id', '=', scope.entityId)
    .where('m.date', '>=', range.fechadesde)
    .where('m.date', '<=', range.fechahasta);
  if (range.descom.length > 0) q = q.where('m.voucher_name', 'in', [...range.descom]);
  return q;
}

/**
 * The page and the summaries run on every visit of the fiscal list: built and compiled once per database and shape
 * (db/compile-once.ts: the number of chosen descriptions, whether whole months are read from the checkpoints), with
 * the scope, the range, each description, the whole months and the paging as slots.
 */
type Slots = Record<string, string | number>;
function slotsOf(scope: EntityScope, range: Range, extra: Slots): Slots {
  const slots: Slots = { companyId: scope.companyId, entityId: scope.entityId, fechadesde: range.fechadesde, fechahasta: range.fechahasta, ...extra };
  range.descom.forEach((d, i) => (slots[`d${i}`] = d));
  return slots;
}
function compiledStatement<R>(
  db: DB,
  shape: string,
  scope: EntityScope,
  range: Range,
  extra: Slots,
  build: (scope: EntityScope, range: Range, extra: Slots) => { compile(): CompiledQuery<R> },
): CompiledQuery<R> {
  const n = range.descom.length;
  const markers = () =>
    slotsOf(
      { companyId: -1_000_001, entityId: -1_000_002 },
      { fechadesde: '\u0000desde', fechahasta: '\u0000hasta', descom: Array.from({ length: n }, (_, i) => `\u0000d${i}`) },
      Object.fromEntries(Object.entries(extra).map(([k, v], i) => [k, typeof v === 'number' ? -1_000_010 - i : `\u0000${k}`])),
    );
  const statement = compiledFor(db, `fiscal.${shape}:${n}`, markers, (a) =>
    build(
      { companyId: Number(a.companyId), entityId: Number(a.entityId) },
      { fechadesde: String(a.fechadesde), fechahasta: String(a.fechahasta), descom: Array.from({ length: n }, (_, i) => String(a[`d${i}`])) },
      Object.fromEntries(Object.keys(extra).map((k) => [k, a[k]!])),
    ),
  );
  return statement(slotsOf(scope, range, extra));
}

/** A page voucher's line: what the list shows of it (voucherLines), as the statement sends it (a JSON array). */
type LineTuple = [kind: VoucherLineRow['kind'], product_code: string | null, description: string, quantity: string | null, unit: string | null, amount: string];
export type PageLine = Pick<VoucherLineRow, 'kind' | 'product_code' | 'description' | 'quantity' | 'unit' | 'amount'>;

/** The columns of a voucher the list shows (toFiscalDocument), with its lines and its VAT split (decimal strings). */
export type PageRow = Omit<VoucherRow, 'entity_id' | 'net_amount'> & { lines: PageLine[] };

/**
 * A page voucher as the statement sends it: PageRow's columns in this order, as a JSON array (no key per value), the
 * id and the amount as text (bigint, decimal string), the dates as 'YYYY-MM-DD', then its lines.
 */
type PageTuple = [
  id: string, date: string, time: string | null, voucher_code: string, series: number, number: number, voucher_name: string,
  afip_type: number | null, letter: string | null, origin_type: string | null, origin_number: number | null, origin_series: number | null,
  detail: string | null, sale_condition: string | null, cae: string | null, cae_due: string | null, currency: VoucherRow['currency'],
  amount: string, due_date: string | null, printable: boolean, vat21: string | null, vat105: string | null, other_taxes: string | null, lines: LineTuple[],
];

export type FiscalPage = {
  /** The page's vouchers, newest first (ties by id). */
  rows: PageRow[];
  /** Count and total (decimal string) per currency of everything the filter matches, by currency. */
  totals: Array<{ currency: VoucherRow['currency']; cantidad: number; total: string }>;
  /** The entity's document descriptions (all of them, whatever the filter), in order. */
  names: string[];
};

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The whole calendar months inside a range ('YYYY-MM-DD' both ends included), as [first, end): the first day of
 * the first whole month and of the month after the last one; null when the range holds no whole month. The
 * screen's opening range (first day of the month six months back → today) holds six.
 */
export function wholeMonths(fechadesde: string, fechahasta: string): { first: string; end: string } | null {
  const [fy, fm, fd] = fechadesde.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = fechahasta.split('-').map(Number) as [number, number, number];
  const first = isoDay(Date.UTC(fy, fm - 1 + (fd === 1 ? 0 : 1), 1));
  // The month after `fechahasta`'s when it is its month's last day, else `fechahasta`'s own.
  const end = isoDay(Date.UTC(ty, tm - 1, td) + dayMs).endsWith('-01') ? isoDay(Date.UTC(ty, tm, 1)) : isoDay(Date.UTC(ty, tm - 1, 1));
  return first < end ? { first, end } : null;
}

/**
 * Count and total per currency of the entity's movements in the range, the whole months from the monthly
 * checkpoints (statement_checkpoints, basis 'c': by voucher date, every account type; kept by triggers in the
 * writer's transaction, so they are exactly the sums of the movements) and the days before and after them from the
 * movements: ≈ 12 checkpoints and the current month's movements instead of every movement of the range.
 */
function totalsByMonths(s: EntityScope, r: Range, months: Slots) {
  const c = s.companyId;
  const e = s.entityId;
  return sql<unknown>`select t.currency, sum(t.n)::int as cantidad, sum(t.total)::text as total from (
      select k.currency, k.movements as n, k.total from statement_checkpoints k
      where k.company_id = ${c} and k.entity_id = ${e} and k.basis = 'c' and k.month >= ${months.first} and k.month < ${months.end}
      union all
      select m.currency, 1, m.amount from account_movements m
      where m.company_id = ${c} and m.entity_id = ${e} and m.date >= ${r.fechadesde} and m.date < ${months.first}
      union all
      select m.currency, 1, m.amount from account_movements m
      where m.company_id = ${c} and m.entity_id = ${e} and m.date >= ${months.end} and m.date <= ${r.fechahasta}
    ) t group by t.currency having sum(t.n) > 0`;
}

/**
 * The entity's distinct descriptions by skipping through the (company_id, entity_id, voucher_name) index from one to
 * the next (a loose index scan: one probe per description, instead of reading every movement of the entity).
 */
function entityNames(s: EntityScope) {
  return sql<string[]>`array(with recursive t(n) as (
      (select a.voucher_name from account_movements a where a.company_id = ${s.companyId} and a.entity_id = ${s.entityId} order by a.voucher_name limit 1)
      union all
      select (select a.voucher_name from account_movements a
        where a.company_id = ${s.companyId} and a.entity_id = ${s.entityId} and a.voucher_name > t.n order by a.voucher_name limit 1)
      from t where t.n is not null
    ) select t.n from t where t.n is not null order by t.n)`;
}

/**
 * The fiscal list in one statement (one round trip): the page, newest first (ties broken by id so the order is
 * stable across pages), each voucher with its lines as JSON arrays (amounts as text: decimal strings); the summaries
 * of everything the filter matches (from the monthly checkpoints for the whole months of an unfiltered range); the
 * entity's document descriptions.
 */
export async function fiscalPage(db: DB, scope: EntityScope, range: Range, start: number, limit: number): Promise<FiscalPage> {
  const months = range.descom.length === 0 ? wholeMonths(range.fechadesde, range.fechahasta) : null;
  const statement = (s: EntityScope, r: Range, x: Slots) => {
    const page = filtered(db, s, r)
      .select([
        'm.id', 'm.date', 'm.time', 'm.voucher_code', 'm.series', 'm.number', 'm.voucher_name', 'm.afip_type', 'm.letter',
        'm.origin_type', 'm.origin_number', 'm.origin_series', 'm.detail', 'm.sale_condition', 'm.cae', 'm.cae_due', 'm.currency',
        sql<string>`m.amount::text`.as('amount'), 'm.due_date', 'm.printable',
        sql<string | null>`m.vat21::text`.as('vat21'), sql<string | null>`m.vat105::text`.as('vat105'), sql<string | null>`m.other_taxes::text`.as('other_taxes'),
        sql<LineTuple[]>`(select coalesce(json_agg(json_build_array(l.kind, l.product_code, l.description, l.quantity::text, l.unit, l.amount::text)
          order by l.line_no), '[]'::json) from voucher_lines l where l.company_id = ${s.companyId} and l.movement_id = m.id)`.as('lines'),
      ])
      .orderBy('m.date', 'desc')
      .orderBy('m.id', 'desc')
      .offset(Number(x.start))
      .limit(Number(x.limit));
    const totals = x.first === undefined ? summaries(db, s, r) : totalsByMonths(s, r, x);
    const raw = sql<{ page: PageTuple[]; totals: FiscalPage['totals']; names: string[] }>`select
    (select coalesce(json_agg(json_build_array(p.id::text, p.date, p.time, p.voucher_code, p.series, p.number, p.voucher_name, p.afip_type, p.letter,
      p.origin_type, p.origin_number, p.origin_series, p.detail, p.sale_condition, p.cae, p.cae_due, p.currency, p.amount, p.due_date, p.printable,
      p.vat21, p.vat105, p.other_taxes, p.lines) order by p.date desc, p.id desc), '[]'::json) from (${page}) p) as page,
    (select coalesce(json_agg(x order by x.currency), '[]'::json) from (${totals}) x) as totals,
    ${entityNames(s)} as names`;
    return { compile: () => raw.compile(db) };
  };
  const extra: Slots = months ? { start, limit, first: months.first, end: months.end } : { start, limit };
  const { rows } = await db.executeQuery(compiledStatement(db, months ? 'list-months' : 'list', scope, range, extra, statement));
  const { page, totals, names } = rows[0]!;
  return {
    rows: page.map(([id, date, time, voucher_code, series, number, voucher_name, afip_type, letter, origin_type, origin_number, origin_series, detail,
      sale_condition, cae, cae_due, currency, amount, due_date, printable, vat21, vat105, other_taxes, lines]) => ({
      id, date, time, voucher_code, series, number, voucher_name, afip_type, letter, origin_type, origin_number, origin_series, detail,
      sale_condition, cae, cae_due, currency, amount, due_date, printable, vat21, vat105, other_taxes,
      lines: lines.map(([kind, product_code, description, quantity, unit, amount]) => ({ kind, product_code, description, quantity, unit, amount })),
    })),
    totals,
    names,
  };
}

/**
 * The next batch after (date, id) in the list's order (keyset pagination: each batch is one short query on the
 * (company_id, entity_id, date) index, so an export of any size keeps memory flat on PGlite and PostgreSQL).
 */
export function voucherBatch(db: DB, scope: EntityScope, range: Range, after: { date: string; id: string } | null, size: number): Promise<VoucherRow[]> {
  let q = filtered(db, scope, range).select(voucherColumns);
  if (after) q = q.where(sql<boolean>`(m.date, m.id) < (${after.date}::date, ${after.id}::bigint)`);
  return q.orderBy('m.date', 'desc').orderBy('m.id', 'desc').limit(size).execute();
}

/** Count and total per currency of everything the filter matches. */
function summaries(db: DB, scope: EntityScope, range: Range) {
  return filtered(db, scope, range)
    .select(['m.currency', sql<number>`count(*)::int`.as('cantidad'), sql<string>`coalesce(sum(m.amount), 0)::text`.as('total')])
    .groupBy('m.currency');
}

export type VoucherLineRow = {
  movement_id: string;
  kind: 'product' | 'other' | 'applied';
  product_code: string | null;
  description: string;
  quantity: string | null;
  unit: string | null;
  unit_price: string | null;
  discount: string | null;
  amount: string;
};

/** The lines of these vouchers, in order. */
export async function linesOf(db: DB, companyId: number, movementIds: readonly string[]): Promise<Map<string, VoucherLineRow[]>> {
  const byMovement = new Map<string, VoucherLineRow[]>();
  if (movementIds.length === 0) return byMovement;
  const rows = await db
    .selectFrom('voucher_lines')
    .select(['movement_id', 'kind', 'product_code', 'description', 'quantity', 'unit', 'unit_price', 'discount', 'amount'])
    .where('company_id', '=', companyId)
    .where('movement_id', 'in', [...movementIds])
    .orderBy('movement_id')
    .orderBy('line_no')
    .execute();
  for (const r of rows) {
    const key = String(r.movement_id);
    const list = byMovement.get(key) ?? [];
    list.push({ ...r, movement_id: key } as VoucherLineRow);
    byMovement.set(key, list);
  }
  return byMovement;
}

export type VoucherIdentity = { codcom: string; codtal: number; numero: number };

/**
 * A voucher of the company by (codcom, codtal, numero), with the entity it belongs to: the caller decides
 * between 404 (no such voucher) and 403 (another entity's).
 */
export function findVoucher(db: DB, companyId: number, key: VoucherIdentity): Promise<VoucherRow | undefined> {
  return db
    .selectFrom('account_movements as m')
    .select(voucherColumns)
    .where('m.company_id', '=', companyId)
    .where('m.voucher_code', '=', key.codcom)
    .where('m.series', '=', key.codtal)
    .where('m.number', '=', key.numero)
    .orderBy('m.id')
    .executeTakeFirst();
}

/** Of these keys, the vouchers that belong to the entity (others are left out by the caller's check). */
export function findVouchers(db: DB, scope: EntityScope, keys: readonly VoucherIdentity[]): Promise<VoucherRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('account_movements as m')
    .select(voucherColumns)
    .where('m.company_id', '=', scope.companyId)
    .where((eb) =>
      eb.or(keys.map((k) => eb.and([eb('m.voucher_code', '=', k.codcom), eb('m.series', '=', k.codtal), eb('m.number', '=', k.numero)]))),
    )
    .orderBy('m.date', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
}

export function companyHeader(db: DB, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'cuit', 'address', 'iva_condition', 'gross_income', 'activity_start', 'branding'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

export function entityHeader(db: DB, scope: EntityScope) {
  return db
    .selectFrom('entities')
    .select(['id', 'code', 'name', 'cuit', 'locality', 'province'])
    .where('company_id', '=', scope.companyId)
    .where('id', '=', scope.entityId)
    .executeTakeFirstOrThrow();
}
