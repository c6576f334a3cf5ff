import { sql, type CompiledQuery, type Selectable } from 'kysely';
import type { DB } from '../../db/database.js';
import { compiledFor } from '../../db/compile-once.js';
import type { AccountMovementsTable } from '../../db/schema.js';

/**
 * The fiscal documents' SQL. Every function takes the company and the entity: a voucher is only ever read for
 * the entity the request acts for. Amounts stay numeric in SQL and leave as decimal strings.
 */

export type Scope = { companyId: number; entityId: number };
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
function filtered(db: DB, scope: Scope, range: Range) {
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
 * The page and the summaries run on every visit of the fiscal list: built and compiled once per database and number
 * of chosen descriptions (db/compile-once.ts), with the scope, the range, each description and the paging as slots.
 */
type Slots = Record<string, string | number>;
function slotsOf(scope: Scope, range: Range, paging: Slots): Slots {
  const slots: Slots = { companyId: scope.companyId, entityId: scope.entityId, fechadesde: range.fechadesde, fechahasta: range.fechahasta, ...paging };
  range.descom.forEach((d, i) => (slots[`d${i}`] = d));
  return slots;
}
function compiledStatement<R>(
  db: DB,
  what: string,
  scope: Scope,
  range: Range,
  paging: Slots,
  build: (scope: Scope, range: Range, paging: Slots) => { compile(): CompiledQuery<R> },
): CompiledQuery<R> {
  const n = range.descom.length;
  const markers = () =>
    slotsOf(
      { companyId: -1_000_001, entityId: -1_000_002 },
      { fechadesde: '\u0000desde', fechahasta: '\u0000hasta', descom: Array.from({ length: n }, (_, i) => `\u0000d${i}`) },
      Object.fromEntries(Object.keys(paging).map((k, i) => [k, -1_000_010 - i])),
    );
  const statement = compiledFor(db, `fiscal.${what}:${n}`, markers, (a) =>
    build(
      { companyId: Number(a.companyId), entityId: Number(a.entityId) },
      { fechadesde: String(a.fechadesde), fechahasta: String(a.fechahasta), descom: Array.from({ length: n }, (_, i) => String(a[`d${i}`])) },
      Object.fromEntries(Object.keys(paging).map((k) => [k, a[k]!])),
    ),
  );
  return statement(slotsOf(scope, range, paging));
}

type LineTuple = [VoucherLineRow['kind'], string | null, string, string | null, string | null, string | null, string | null, string];

/** The voucher's columns with every amount as text (decimal strings), for a page read as JSON. */
const voucherJsonColumns = [
  'm.id', 'm.entity_id', 'm.date', 'm.time', 'm.voucher_code', 'm.series', 'm.number', 'm.voucher_name', 'm.afip_type', 'm.letter',
  'm.origin_type', 'm.origin_number', 'm.origin_series', 'm.detail', 'm.sale_condition', 'm.cae', 'm.cae_due', 'm.currency',
  sql<string>`m.amount::text`.as('amount'), 'm.due_date', 'm.printable', sql<string | null>`m.net_amount::text`.as('net_amount'),
  sql<string | null>`m.vat21::text`.as('vat21'), sql<string | null>`m.vat105::text`.as('vat105'), sql<string | null>`m.other_taxes::text`.as('other_taxes'),
] as const;

export type FiscalPage = {
  rows: Array<VoucherRow & { lines: VoucherLineRow[] }>;
  /** Count and total per currency of everything the filter matches. */
  totals: Array<{ currency: VoucherRow['currency']; cantidad: number; total: string }>;
  /** The entity's document descriptions (all of them, whatever the filter). */
  names: string[];
};

/**
 * The fiscal list in one statement (one round trip): the page, newest first (ties broken by id so the order is
 * stable across pages), each voucher with its lines (as linesOf reads them) as JSON with its amounts as text
 * (decimal strings); the summaries of everything the filter matches; the entity's document descriptions.
 */
export async function fiscalPage(db: DB, scope: Scope, range: Range, start: number, limit: number): Promise<FiscalPage> {
  type Row = {
    page: Array<VoucherRow & { line_tuples: LineTuple[] }>;
    totals: FiscalPage['totals'];
    names: string[];
  };
  const statement = (s: Scope, r: Range, pageStart: number, pageLimit: number) => {
    const page = filtered(db, s, r)
      .select(voucherJsonColumns)
      .select(
        sql<LineTuple[]>`(select coalesce(json_agg(json_build_array(l.kind, l.product_code, l.description, l.quantity::text, l.unit, l.unit_price::text,
          l.discount::text, l.amount::text) order by l.line_no), '[]'::json)
        from voucher_lines l where l.company_id = ${s.companyId} and l.movement_id = m.id)`.as('line_tuples'),
      )
      .orderBy('m.date', 'desc')
      .orderBy('m.id', 'desc')
      .offset(pageStart)
      .limit(pageLimit);
    const names = db
      .selectFrom('account_movements')
      .select('voucher_name')
      .distinct()
      .where('company_id', '=', s.companyId)
      .where('entity_id', '=', s.entityId);
    const raw = sql<Row>`select
    (select coalesce(json_agg(p order by p.date desc, p.id desc), '[]'::json) from (${page}) p) as page,
    (select coalesce(json_agg(x order by x.currency), '[]'::json) from (${summaries(db, s, r)}) x) as totals,
    (select coalesce(array_agg(n.voucher_name order by n.voucher_name), '{}') from (${names}) n) as names`;
    return { compile: () => raw.compile(db) };
  };
  const { rows } = await db.executeQuery(
    compiledStatement(db, 'list', scope, range, { start, limit }, (s, r, x) => statement(s, r, Number(x.start), Number(x.limit))),
  );
  const { page, totals, names } = rows[0]!;
  return {
    rows: page.map(({ line_tuples, ...row }) => ({
      ...row,
      lines: line_tuples.map(([kind, product_code, description, quantity, unit, unit_price, discount, amount]) => ({
        movement_id: String(row.id), kind, product_code, description, quantity, unit, unit_price, discount, amount,
      })),
    })),
    totals,
    names,
  };
}

/**
 * The next batch after (date, id) in the list's order (keyset pagination: each batch is one short query on the
 * (company_id, entity_id, date) index, so an export of any size keeps memory flat on PGlite and PostgreSQL).
 */
export function voucherBatch(db: DB, scope: Scope, range: Range, after: { date: string; id: string } | null, size: number): Promise<VoucherRow[]> {
  let q = filtered(db, scope, range).select(voucherColumns);
  if (after) q = q.where(sql<boolean>`(m.date, m.id) < (${after.date}::date, ${after.id}::bigint)`);
  return q.orderBy('m.date', 'desc').orderBy('m.id', 'desc').limit(size).execute();
}

/** Count and total per currency of everything the filter matches. */
function summaries(db: DB, scope: Scope, range: Range) {
  return filtered(db, scope, range)
    .select(['m.currency', sql<number>`count(*)::int`.as('cantidad'), sql<string>`coalesce(sum(m.amount), 0)::text`.as('total')])
    .groupBy('m.currency');
}

export type VoucherLineRow = {
  movement_id: string;
  kind: 'product' | 'other';
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
export function findVouchers(db: DB, scope: Scope, keys: readonly VoucherIdentity[]): Promise<VoucherRow[]> {
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

export function entityHeader(db: DB, scope: Scope) {
  return db
    .selectFrom('entities')
    .select(['id', 'code', 'name', 'cuit', 'locality', 'province'])
    .where('company_id', '=', scope.companyId)
    .where('id', '=', scope.entityId)
    .executeTakeFirstOrThrow();
}
