import { sql, type RawBuilder } from 'kysely';
import { FOLD_FROM, FOLD_TO, foldText, LEDGER_CODE } from '@portal/contract';
import type { DB } from '../../db/database.js';
import type { EntityScope } from '../../lib/identity.js';

/**
 * The stock positions' SQL. An invoiced product line (voucher_lines of an 'FC' movement) is bought; its remitos
 * (product_deliveries) delivered it; the rest is still to be withdrawn from the line's deposit. Everything is scoped
 * by company and entity through account_movements.
 */

export type PositionFilterSql = { pendingOnly: boolean; text?: string | undefined };

export type ProductPositionRow = {
  code: string;
  name: string;
  unit: string;
  bought: string;
  delivered: string;
  last_bought: string;
  last_delivered: string | null;
};

export type InvoiceLineRow = {
  code: string;
  date: string;
  voucher_name: string;
  letter: string | null;
  afip_type: number | null;
  series: number;
  number: number;
  quantity: string;
  delivered: string;
  deposit_id: number | null;
};

/** Every invoiced product line of the entity with what its remitos delivered. */
function lines(scope: EntityScope) {
  return sql`select vl.product_code as code, vl.description as name, coalesce(vl.unit, '') as unit, vl.deposit_id, m.date, m.voucher_name, m.letter,
      m.afip_type, m.series, m.number, vl.quantity, coalesce(d.delivered, 0) as delivered, d.last_date
    from account_movements m
    join voucher_lines vl on vl.movement_id = m.id and vl.company_id = m.company_id
    left join lateral (
      select sum(pd.quantity) as delivered, max(pd.date) as last_date from product_deliveries pd
      where pd.company_id = m.company_id and pd.movement_id = vl.movement_id and pd.line_no = vl.line_no
    ) d on true
    where m.company_id = ${scope.companyId} and m.entity_id = ${scope.entityId} and m.voucher_code = ${sql.lit(LEDGER_CODE.invoice)}
      and vl.kind = 'product' and vl.product_code is not null and vl.quantity > 0`;
}

const fold = (e: RawBuilder<unknown>) => sql`translate(lower(${e}), ${FOLD_FROM}, ${FOLD_TO})`;

function productConditions(f: PositionFilterSql): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [];
  if (f.pendingOnly) c.push(sql`p.bought > p.delivered`);
  if (f.text) {
    const like = `%${foldText(f.text).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    c.push(sql`(${fold(sql`p.name`)} like ${like} or ${fold(sql`p.code`)} like ${like})`);
  }
  return c.length ? sql`where ${sql.join(c, sql` and `)}` : sql``;
}

function products(scope: EntityScope) {
  return sql`select l.code, max(l.name) as name, max(l.unit) as unit, sum(l.quantity) as bought, sum(l.delivered) as delivered,
      max(l.date) as last_bought, max(l.last_date) as last_delivered
    from (${lines(scope)}) l group by l.code`;
}

const PRODUCT_COLS = sql`p.code, p.name, p.unit, p.bought::text as bought, p.delivered::text as delivered,
  to_char(p.last_bought, 'YYYY-MM-DD') as last_bought, to_char(p.last_delivered, 'YYYY-MM-DD') as last_delivered`;

/** By description and code; `after` continues a keyset walk (exports). */
export async function productPage(
  db: DB,
  scope: EntityScope,
  f: PositionFilterSql,
  page: { start: number; limit: number } | { after: { name: string; code: string } | null; limit: number },
): Promise<ProductPositionRow[]> {
  const where = productConditions(f);
  const keyset = 'after' in page && page.after ? sql`${f.pendingOnly || f.text ? sql`and` : sql`where`} (p.name, p.code) > (${page.after.name}, ${page.after.code})` : sql``;
  const offset = 'start' in page ? sql`offset ${page.start}` : sql``;
  const r = await sql<ProductPositionRow>`with p as (${products(scope)}) select ${PRODUCT_COLS} from p ${where} ${keyset}
    order by p.name, p.code ${offset} limit ${page.limit}`.execute(db);
  return r.rows;
}

export async function productCount(db: DB, scope: EntityScope, f: PositionFilterSql): Promise<number> {
  const r = await sql<{ n: number }>`with p as (${products(scope)}) select count(*)::int as n from p ${productConditions(f)}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** The products of the position (all of them, or those with something to deliver), for the product search. */
export async function productNames(db: DB, scope: EntityScope, pendingOnly: boolean) {
  const r = await sql<{ code: string; name: string }>`with p as (${products(scope)}) select p.code, p.name from p
    ${pendingOnly ? sql`where p.bought > p.delivered` : sql``} order by p.name, p.code`.execute(db);
  return r.rows;
}

/** What is still to deliver per product and deposit, for these products. */
export async function pendingByDeposit(db: DB, scope: EntityScope, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const r = await sql<{ code: string; deposit_id: number | null; pending: string }>`select l.code, l.deposit_id, sum(l.quantity - l.delivered)::text as pending
    from (${lines(scope)}) l where l.code in (${sql.join([...codes])})
    group by l.code, l.deposit_id having sum(l.quantity - l.delivered) > 0`.execute(db);
  return r.rows;
}

/** The deposits the entity has something to withdraw from (the deliverables' columns), by code. */
export async function depositsWithPending(db: DB, scope: EntityScope) {
  const r = await sql<{ id: number; code: number; name: string }>`select d.id, d.code, d.name
    from (${lines(scope)}) l join deposits d on d.id = l.deposit_id
    group by d.id, d.code, d.name having sum(l.quantity - l.delivered) > 0 order by d.code`.execute(db);
  return r.rows;
}

export async function depositNames(db: DB, companyId: number) {
  return new Map((await db.selectFrom('deposits').select(['id', 'name']).where('company_id', '=', companyId).execute()).map((d) => [d.id, d.name]));
}

/** The invoice lines of these products, newest first. */
export async function invoiceLines(db: DB, scope: EntityScope, codes: readonly string[]): Promise<InvoiceLineRow[]> {
  if (codes.length === 0) return [];
  const r = await sql<InvoiceLineRow>`select l.code, to_char(l.date, 'YYYY-MM-DD') as date, l.voucher_name, l.letter, l.afip_type, l.series, l.number,
      l.quantity::text as quantity, l.delivered::text as delivered, l.deposit_id
    from (${lines(scope)}) l where l.code in (${sql.join([...codes])}) order by l.date desc, l.number desc`.execute(db);
  return r.rows;
}

/** The remitos that delivered these products, newest first. */
export async function deliveries(db: DB, scope: EntityScope, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const r = await sql<{ code: string; date: string; series: number; number: number; quantity: string; deposit_id: number }>`
    select vl.product_code as code, to_char(pd.date, 'YYYY-MM-DD') as date, pd.series, pd.number, pd.quantity::text as quantity, pd.deposit_id
    from product_deliveries pd join voucher_lines vl on vl.movement_id = pd.movement_id and vl.line_no = pd.line_no and vl.company_id = pd.company_id
    where pd.company_id = ${scope.companyId} and pd.entity_id = ${scope.entityId} and vl.product_code in (${sql.join([...codes])})
    order by pd.date desc, pd.number desc`.execute(db);
  return r.rows;
}
