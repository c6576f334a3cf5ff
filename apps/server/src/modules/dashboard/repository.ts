import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/**
 * The dashboard's SQL. Every function takes the company; customer figures take the entity, staff figures a
 * list of seller ids (null: the whole company). Sums stay numeric in SQL and leave as decimal strings.
 */

export function dashboardItems(db: DB, companyId: number, profileId: number) {
  return db
    .selectFrom('dashboard_items')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('profile_id', '=', profileId)
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function balances(db: DB, companyId: number, entityId: number) {
  return db
    .selectFrom('account_movements')
    .select(['currency', sql<string>`sum(amount)`.as('total')])
    .where('company_id', '=', companyId)
    .where('entity_id', '=', entityId)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
}

/** Unpaid debit documents whose due date has passed. */
export function overdue(db: DB, companyId: number, entityId: number, today: string) {
  return db
    .selectFrom('account_movements')
    .select(['currency', sql<string>`sum(amount)`.as('total'), sql<number>`count(*)::int`.as('documents')])
    .where('company_id', '=', companyId)
    .where('entity_id', '=', entityId)
    .where('amount', '>', '0')
    .where('settled', '=', false)
    .where('due_date', '<', today)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
}

type OrderScope = { entityId?: number; sellerIds?: number[] | null };


function orderScope(db: DB, companyId: number, scope: OrderScope) {
  let q = db.selectFrom('sales_orders as o').where('o.company_id', '=', companyId);
  if (scope.entityId !== undefined) q = q.where('o.entity_id', '=', scope.entityId);
  if (scope.sellerIds) q = scope.sellerIds.length ? q.where('o.seller_id', 'in', scope.sellerIds) : q.where(sql<boolean>`false`);
  return q;
}

export function ordersSummary(db: DB, companyId: number, scope: OrderScope, status: 'pending' | 'approved') {
  return orderScope(db, companyId, scope)
    .select([sql<number>`count(*)::int`.as('count'), sql<string>`coalesce(sum(o.total), 0)`.as('total')])
    .where('o.status', '=', status)
    .executeTakeFirstOrThrow();
}

/** Confirmed purchases (approved or invoiced) per month since `from`. */
export function ordersPerMonth(db: DB, companyId: number, scope: OrderScope, from: string) {
  return orderScope(db, companyId, scope)
    .select([sql<string>`to_char(o.ordered_on, 'YYYY-MM')`.as('month'), sql<string>`sum(o.total)`.as('total')])
    .where('o.status', 'in', ['approved', 'applied'])
    .where('o.ordered_on', '>=', from)
    .groupBy(sql`to_char(o.ordered_on, 'YYYY-MM')`)
    .execute();
}

export function salesSince(db: DB, companyId: number, scope: OrderScope, from: string) {
  return orderScope(db, companyId, scope)
    .select([sql<string>`coalesce(sum(o.total), 0)`.as('total'), sql<number>`count(distinct o.entity_id)::int`.as('customers')])
    .where('o.status', 'in', ['approved', 'applied'])
    .where('o.ordered_on', '>=', from)
    .executeTakeFirstOrThrow();
}

export function topCustomers(db: DB, companyId: number, scope: OrderScope, from: string, limit: number) {
  return orderScope(db, companyId, scope)
    .innerJoin('entities as e', 'e.id', 'o.entity_id')
    .select(['e.code', 'e.name', sql<string>`sum(o.total)`.as('total')])
    .where('o.status', 'in', ['approved', 'applied'])
    .where('o.ordered_on', '>=', from)
    .groupBy(['e.code', 'e.name'])
    .orderBy(sql`sum(o.total)`, 'desc')
    .orderBy('e.code')
    .limit(limit)
    .execute();
}

export function salesPerSeller(db: DB, companyId: number, scope: OrderScope, from: string) {
  return orderScope(db, companyId, scope)
    .innerJoin('sellers as s', 's.id', 'o.seller_id')
    .select(['s.code', 's.name', sql<string>`sum(o.total)`.as('total')])
    .where('o.status', 'in', ['approved', 'applied'])
    .where('o.ordered_on', '>=', from)
    .groupBy(['s.code', 's.name'])
    .orderBy(sql`sum(o.total)`, 'desc')
    .execute();
}

export function latestPending(db: DB, companyId: number, scope: OrderScope, limit: number) {
  return orderScope(db, companyId, scope)
    .innerJoin('entities as e', 'e.id', 'o.entity_id')
    .select(['o.number', 'o.ordered_on', 'o.total', 'e.name'])
    .where('o.status', '=', 'pending')
    .orderBy('o.ordered_on', 'desc')
    .orderBy('o.number', 'desc')
    .limit(limit)
    .execute();
}

export function ordersByStatus(db: DB, companyId: number) {
  return db
    .selectFrom('sales_orders')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .where('company_id', '=', companyId)
    .groupBy('status')
    .execute();
}

/** Per grain and harvest: the seven columns of the position and the stock they leave. */
export function grainPosition(db: DB, companyId: number, entityId: number) {
  const k = (n: number) => sql<string>`coalesce(sum(case when gm.kind = ${n} then gm.kilos end), 0)`;
  return db
    .selectFrom('grain_movements as gm')
    .innerJoin('grains as g', 'g.code', 'gm.grain')
    .select([
      'g.name as descer',
      'gm.grain as cereal',
      'gm.harvest as cosecha',
      k(1).as('kilos1'),
      k(2).as('kilos2'),
      k(3).as('kilos3'),
      k(4).as('kilos4'),
      k(5).as('kilos5'),
      k(6).as('kilos6'),
      k(7).as('kilos7'),
    ])
    .where('gm.company_id', '=', companyId)
    .where('gm.entity_id', '=', entityId)
    .groupBy(['g.name', 'gm.grain', 'gm.harvest'])
    .orderBy('gm.harvest', 'desc')
    .orderBy('g.name')
    .execute();
}

/** Kilos delivered (romaneos) per grain since `from`. */
export function deliveriesPerGrain(db: DB, companyId: number, entityId: number, from: string) {
  return db
    .selectFrom('grain_movements as gm')
    .innerJoin('grains as g', 'g.code', 'gm.grain')
    .select(['gm.grain', 'g.name', sql<string>`sum(gm.kilos)`.as('kilos')])
    .where('gm.company_id', '=', companyId)
    .where('gm.entity_id', '=', entityId)
    .where('gm.kind', '=', 1)
    .where('gm.date', '>=', from)
    .groupBy(['gm.grain', 'g.name'])
    .orderBy('g.name')
    .execute();
}

export function sellerOfUser(db: DB, companyId: number, userId: number) {
  return db.selectFrom('sellers').select(['id', 'code', 'zone_id']).where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
}

export function sellerByCode(db: DB, companyId: number, code: number) {
  return db.selectFrom('sellers').select(['id', 'code', 'zone_id']).where('company_id', '=', companyId).where('code', '=', code).executeTakeFirst();
}

export function zoneByCode(db: DB, companyId: number, code: number) {
  return db.selectFrom('zones').select(['id', 'code']).where('company_id', '=', companyId).where('code', '=', code).executeTakeFirst();
}

export async function sellerIdsOfZone(db: DB, companyId: number, zoneId: number) {
  const rows = await db.selectFrom('sellers').select('id').where('company_id', '=', companyId).where('zone_id', '=', zoneId).execute();
  return rows.map((r) => r.id);
}

export function customersOfSellers(db: DB, companyId: number, sellerIds: number[] | null, limit: number) {
  let q = db
    .selectFrom('entities as e')
    .select(['e.code', 'e.name'])
    .where('e.company_id', '=', companyId)
    .where('e.active', '=', true);
  if (sellerIds) {
    q = sellerIds.length
      ? q.where((eb) => eb.exists(eb.selectFrom('sellers as s').select('s.id').whereRef('s.code', '=', 'e.seller_id').where('s.company_id', '=', companyId).where('s.id', 'in', sellerIds)))
      : q.where(sql<boolean>`false`);
  }
  return q.orderBy('e.name').limit(limit).execute();
}
