import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** All SQL of voucher authorization (stock_vouchers); the company is required. */

export type VoucherFilter = { entity?: number; seller?: number; zone?: number; decided: boolean };

export async function listVouchers(db: DB, companyId: number, f: VoucherFilter, start: number, limit: number) {
  let q = db
    .selectFrom('stock_vouchers as v')
    .innerJoin('entities as e', 'e.id', 'v.entity_id')
    .leftJoin('sellers as s', 's.id', 'v.seller_id')
    .leftJoin('zones as z', 'z.id', 'v.zone_id')
    .leftJoin('users as u', 'u.id', 'v.decided_by')
    .where('v.company_id', '=', companyId);
  q = f.decided ? q.where('v.status', '<>', 'pending') : q.where('v.status', '=', 'pending');
  if (f.entity !== undefined) q = q.where('e.code', '=', f.entity);
  if (f.seller !== undefined) q = q.where('s.code', '=', f.seller);
  if (f.zone !== undefined) q = q.where('z.code', '=', f.zone);
  const [rows, count] = await Promise.all([
    q
      .select([
        'v.id', 'v.date', 'v.voucher_code', 'v.voucher_name', 'v.series', 'v.number', 'v.order_number', 'v.detail', 'v.created_by', 'v.amount',
        'v.status', 'v.decided_at', 'v.reason', 'e.name as entity_name',
        sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as('decider'),
      ])
      .orderBy(f.decided ? 'v.decided_at' : 'v.date', f.decided ? 'desc' : 'asc')
      .orderBy('v.id')
      .offset(start)
      .limit(limit)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db.selectFrom('stock_voucher_lines').select(['voucher_id', 'description', 'quantity', 'amount']).where('voucher_id', 'in', ids).orderBy('voucher_id').orderBy('line_no').execute()
    : [];
  return { rows, lines, total: count.n };
}

export function voucherByNumber(db: DB, companyId: number, code: string, series: number, number: number) {
  return db
    .selectFrom('stock_vouchers as v')
    .leftJoin('users as u', 'u.id', 'v.decided_by')
    .select(['v.id', 'v.status', 'v.decided_at', sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as('decider')])
    .where('v.company_id', '=', companyId)
    .where('v.voucher_code', '=', code)
    .where('v.series', '=', series)
    .where('v.number', '=', number)
    .executeTakeFirst();
}

/** Decides a pending voucher; 0 rows when someone else decided it first (the status check is in the same statement). */
export async function decideVoucher(db: DB, companyId: number, id: number, status: 'authorized' | 'rejected', userId: number, reason: string, key: string | null) {
  const r = await db
    .updateTable('stock_vouchers')
    .set({ status, decided_by: userId, decided_at: new Date(), reason, decision_key: key })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Whether the voucher was decided so by a request that carried `key`: a retry of that decision. */
export async function voucherDecidedWithKey(db: DB, companyId: number, id: number, status: 'authorized' | 'rejected', key: string | null): Promise<boolean> {
  if (key === null) return false;
  const row = await db.selectFrom('stock_vouchers').select('id').where('company_id', '=', companyId).where('id', '=', id).where('status', '=', status).where('decision_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

/** The filter lists of the authorization screen: entities that have vouchers, and the company's sellers and zones (by code). */
export async function voucherFilters(db: DB, companyId: number) {
  const [entidad, vendedor, zona] = await Promise.all([
    db
      .selectFrom('entities as e')
      .select(['e.code as id', 'e.name as descripcion'])
      .where('e.company_id', '=', companyId)
      .where((eb) => eb.exists(eb.selectFrom('stock_vouchers as v').select('v.id').whereRef('v.entity_id', '=', 'e.id').where('v.company_id', '=', companyId)))
      .orderBy('e.name')
      .execute(),
    db.selectFrom('sellers').select(['code as id', 'name as descripcion']).where('company_id', '=', companyId).orderBy('name').execute(),
    db.selectFrom('zones').select(['code as id', 'name as descripcion']).where('company_id', '=', companyId).orderBy('name').execute(),
  ]);
  return { entidad, vendedor, zona };
}
