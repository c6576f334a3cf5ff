import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { compiledFor } from '../../db/compile-once.js';
import { approvedApplied } from '../../db/outstanding.js';
import { salesOrderTotalSql } from '../cart/index.js';

/** An order's total, VAT included, as its lists, history, PDF and messages show it (never `sales_orders.total`, the net). */
const orderTotal = salesOrderTotalSql('o');

/**
 * The dashboard's SQL. Every function takes the company; customer figures take the entity, staff figures a
 * list of seller ids (null: the whole company). Sums stay numeric in SQL and leave as decimal strings. Every amount of
 * an order is its total with VAT (`orderTotal`), the one the order lists and the history show for the same order.
 */

export function dashboardItems(db: DB, companyId: number, profileId: number) {
  return db
    .selectFrom('dashboard_items')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('profile_id', '=', profileId)
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id');
}

export type GrainPositionSums = { descer: string; cereal: string; cosecha: string } & Record<`kilos${1 | 2 | 3 | 4 | 5 | 6 | 7}`, string>;

/** What a customer's dashboard shows, each part read only when its group is asked for (null otherwise). */
export type CustomerFigures = {
  balances: Array<{ currency: string; total: string }> | null;
  /** Unpaid debit documents whose due date has passed. */
  overdue: Array<{ currency: string; total: string; documents: number }> | null;
  pending: { count: number; total: string } | null;
  /** Per grain and harvest: the seven columns of the position. */
  grain: GrainPositionSums[] | null;
  /** Purchases per month since `from`: every order placed but cancelled ones, as the month's history lists them. */
  perMonth: Array<{ month: string; total: string }> | null;
  /** Kilos delivered (romaneos) per grain since `from`. */
  deliveries: Array<{ grain: string; name: string; kilos: string }> | null;
};

/**
 * A customer's dashboard in one statement: each part a subquery on the composite indexes (company, entity, …),
 * aggregated to JSON with its amounts as text (decimal strings, never floats); the parts not asked for are left out.
 *
 * The balance per currency is the sum of the entity's monthly checkpoints (statement_checkpoints, kept by triggers in
 * every writer's transaction: migration 20261126_1000) under one ordering basis ('c': each movement counted once, in
 * its voucher date's month), every account type: the same exact decimal as the sum of all its movements, from tens of
 * rows instead of hundreds. A currency has checkpoint rows exactly when it has movements (a row whose movements drop
 * to none is deleted).
 * Built and compiled once per database and choice of parts (db/compile-once.ts): every customer's dashboard sends
 * the same text with its own company, entity and dates.
 */
export async function customerFigures(
  db: DB,
  companyId: number,
  entityId: number,
  today: string,
  from: string,
  parts: { summary: boolean; charts: boolean; grain: boolean },
): Promise<CustomerFigures> {
  const statement = compiledFor(
    db,
    `dashboard.customerFigures:${Number(parts.summary)}${Number(parts.charts)}${Number(parts.grain)}`,
    // Every marker must reach the parameters: company and entity are slots of any part, today of the summary only, the
    // first month of the charts only (no part asked for: no slot at all).
    () =>
      ({
        ...(parts.summary || parts.charts || parts.grain ? { companyId: -1_000_001, entityId: -1_000_002 } : {}),
        ...(parts.summary ? { today: '\u0000today' } : {}),
        ...(parts.charts ? { from: '\u0000from' } : {}),
      }) as { companyId: number; entityId: number; today: string; from: string },
    (a) => customerFiguresSql(db, a.companyId, a.entityId, a.today, a.from, parts),
  );
  const r = await db.executeQuery(statement({ companyId, entityId, today, from }));
  return r.rows[0]!;
}

function customerFiguresSql(
  db: DB,
  companyId: number,
  entityId: number,
  today: string,
  from: string,
  parts: { summary: boolean; charts: boolean; grain: boolean },
) {
  const list = (rows: RawBuilder<unknown>, order: RawBuilder<unknown>) => sql`(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${rows}) x)`;
  const movements = sql`company_id = ${companyId} and entity_id = ${entityId}`;
  const orders = sql`o.company_id = ${companyId} and o.entity_id = ${entityId}`;
  const grains = sql`gm.company_id = ${companyId} and gm.entity_id = ${entityId}`;
  const k = (n: number) => sql`coalesce(sum(case when gm.kind = ${n} then gm.kilos end), 0)::text as ${sql.ref(`kilos${n}`)}`;
  const none = sql`null::json`;
  // The grain's name looked up once per group, not joined to every movement: the code is the key of grains and every
  // movement's grain exists (foreign key), so the groups and names are the join's; the join and the wider group key
  // cost ≈ 0.02 ms per dashboard (docs/performance.md).
  const grainName = sql`(select g.name from grains g where g.code = gm.grain)`;
  const statement = sql<CustomerFigures>`select
    ${parts.summary ? list(sql`select currency, sum(total)::text as total from statement_checkpoints where ${movements} and basis = 'c' group by currency`, sql`x.currency`) : none} as balances,
    ${parts.summary ? list(sql`select currency, sum(outstanding)::text as total, count(*)::int as documents from (
        select m.currency, m.amount - ${approvedApplied('m')} as outstanding from account_movements m
        where m.company_id = ${companyId} and m.entity_id = ${entityId} and m.amount > 0 and m.settled = false and m.due_date < ${today}) d
        where outstanding > 0 group by currency`, sql`x.currency`) : none} as overdue,
    ${parts.summary ? sql`(select json_build_object('count', count(*)::int, 'total', coalesce(sum(${orderTotal}), 0)::text) from sales_orders o where ${orders} and o.status = 'pending')` : none} as pending,
    ${parts.summary || parts.grain ? list(sql`select ${grainName} as descer, gm.grain as cereal, gm.harvest as cosecha, ${sql.join([1, 2, 3, 4, 5, 6, 7].map(k))}
        from grain_movements gm where ${grains} group by gm.grain, gm.harvest`, sql`x.cosecha desc, x.descer`) : none} as grain,
    ${parts.charts ? list(sql`select to_char(o.ordered_on, 'YYYY-MM') as month, sum(${orderTotal})::text as total from sales_orders o
        where ${orders} and o.status <> 'cancelled' and o.ordered_on >= ${from} group by to_char(o.ordered_on, 'YYYY-MM')`, sql`x.month`) : none} as "perMonth",
    ${parts.charts ? list(sql`select gm.grain, ${grainName} as name, sum(gm.kilos)::text as kilos from grain_movements gm
        where ${grains} and gm.kind = 1 and gm.date >= ${from} group by gm.grain`, sql`x.name`) : none} as deliveries`;
  return { compile: () => statement.compile(db) };
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
    .select([sql<number>`count(*)::int`.as('count'), sql<string>`coalesce(sum(${orderTotal}), 0)`.as('total')])
    .where('o.status', '=', status)
    .executeTakeFirstOrThrow();
}

/** Confirmed purchases (approved or invoiced) per month since `from`. */
export function ordersPerMonth(db: DB, companyId: number, scope: OrderScope, from: string) {
  return orderScope(db, companyId, scope)
    .select([sql<string>`to_char(o.ordered_on, 'YYYY-MM')`.as('month'), sql<string>`sum(${orderTotal})`.as('total')])
    .where('o.status', 'in', ['approved', 'applied'])
    .where('o.ordered_on', '>=', from)
    .groupBy(sql`to_char(o.ordered_on, 'YYYY-MM')`)
    .execute();
}

export function salesSince(db: DB, companyId: number, scope: OrderScope, from: string) {
  return orderScope(db, companyId, scope)
    .select([sql<string>`coalesce(sum(${orderTotal}), 0)`.as('total'), sql<number>`count(distinct o.entity_id)::int`.as('customers')])
    .where('o.status', 'in', ['approved', 'applied'])
    .where('o.ordered_on', '>=', from)
    .executeTakeFirstOrThrow();
}

export function topCustomers(db: DB, companyId: number, scope: OrderScope, from: string, limit: number) {
  return orderScope(db, companyId, scope)
    .innerJoin('entities as e', 'e.id', 'o.entity_id')
    .select(['e.code', 'e.name', sql<string>`sum(${orderTotal})`.as('total')])
    .where('o.status', 'in', ['approved', 'applied'])
    .where('o.ordered_on', '>=', from)
    .groupBy(['e.code', 'e.name'])
    .orderBy('total', 'desc')
    .orderBy('e.code')
    .limit(limit)
    .execute();
}

export function salesPerSeller(db: DB, companyId: number, scope: OrderScope, from: string) {
  return orderScope(db, companyId, scope)
    .innerJoin('sellers as s', 's.id', 'o.seller_id')
    .select(['s.code', 's.name', sql<string>`sum(${orderTotal})`.as('total')])
    .where('o.status', 'in', ['approved', 'applied'])
    .where('o.ordered_on', '>=', from)
    .groupBy(['s.code', 's.name'])
    .orderBy('total', 'desc')
    .execute();
}

export function latestPending(db: DB, companyId: number, scope: OrderScope, limit: number) {
  return orderScope(db, companyId, scope)
    .innerJoin('entities as e', 'e.id', 'o.entity_id')
    .select(['o.number', 'o.ordered_on', orderTotal.as('total'), 'e.name'])
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
