import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { UserScope } from '../../lib/identity.js';
import { finalPriceSql, priceListOf, priceRow } from '../catalog/index.js';

/** All SQL of field sales. `scope` (company and rep) is a required argument of every function. */
/** `ip`: the request's address, which the audit rows of a change record (the service's `scope` sets it). */

/** The rep's own customers (route or registered by the rep) among `entityIds`. */
export async function ownCustomerIds(db: DB, s: UserScope, entityIds: number[]): Promise<Set<number>> {
  if (entityIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('field_customers')
    .select('entity_id')
    .where('company_id', '=', s.companyId)
    .where('user_id', '=', s.userId)
    .where('entity_id', 'in', entityIds)
    .execute();
  return new Set(rows.map((r) => r.entity_id));
}

export type CustomerRow = { id: number; code: number; name: string; address: string | null; locality: string | null; document: string | null; cuit: string };

export async function customers(db: DB, s: UserScope, entityIds?: number[]): Promise<CustomerRow[]> {
  let q = db
    .selectFrom('field_customers as fc')
    .innerJoin('entities as e', 'e.id', 'fc.entity_id')
    .select(['e.id', 'e.code', 'e.name', 'fc.address', 'e.locality', 'fc.document', 'e.cuit'])
    .where('fc.company_id', '=', s.companyId)
    .where('fc.user_id', '=', s.userId)
    .where('e.company_id', '=', s.companyId)
    .where('e.active', '=', true);
  if (entityIds) {
    if (entityIds.length === 0) return [];
    q = q.where('e.id', 'in', entityIds);
  }
  return q.orderBy('e.name').orderBy('e.id').execute();
}

export type StopRow = { entity_id: number; shift: 'mañana' | 'tarde'; hour: string | null; note: string | null; position: number | null };

export async function stopsOfWeekday(db: DB, s: UserScope, weekday: number): Promise<StopRow[]> {
  return db
    .selectFrom('route_stops as r')
    .innerJoin('entities as e', 'e.id', 'r.entity_id')
    .select(['r.entity_id', 'r.shift', 'r.hour', 'r.note', 'r.position'])
    .where('r.company_id', '=', s.companyId)
    .where('r.user_id', '=', s.userId)
    .where('r.weekday', '=', weekday)
    .where('e.active', '=', true)
    .execute();
}

/** What the rep did on a date: visit states, sales (id, first time), containers, customers registered that day. */
export async function dayActivity(db: DB, s: UserScope, date: string) {
  const [states, sales, containers, created] = await Promise.all([
    db.selectFrom('field_visits').select(['entity_id', 'state'])
      .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('visit_date', '=', date).execute(),
    db.selectFrom('field_sales')
      .select(['entity_id', sql<number>`max(id)`.as('last_id'), sql<string>`to_char(min(created_at) at time zone 'America/Argentina/Buenos_Aires', 'HH24')`.as('first_hour'), sql<string>`sum(total)`.as('total')])
      .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('sale_date', '=', date).where('deleted_at', 'is', null)
      .groupBy('entity_id').execute(),
    db.selectFrom('field_containers').select('entity_id').distinct()
      .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('visit_date', '=', date).execute(),
    db.selectFrom('field_customers').select(['entity_id', sql<string>`to_char(created_at at time zone 'America/Argentina/Buenos_Aires', 'HH24')`.as('hour')])
      .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('created_by_rep', '=', true)
      .where(sql<boolean>`(created_at at time zone 'America/Argentina/Buenos_Aires')::date = ${date}::date`).execute(),
  ]);
  return { states, sales, containers, created };
}

export async function visitState(db: DB, s: UserScope, entityId: number, date: string) {
  const row = await db.selectFrom('field_visits').select('state')
    .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('entity_id', '=', entityId).where('visit_date', '=', date)
    .executeTakeFirst();
  return row?.state ?? 'normal';
}

export async function upsertVisitState(db: DB, s: UserScope, entityId: number, date: string, state: 'normal' | 'pendiente' | 'no_fuimos') {
  await db
    .insertInto('field_visits')
    .values({ company_id: s.companyId, user_id: s.userId, entity_id: entityId, visit_date: date, state })
    .onConflict((oc) => oc.columns(['company_id', 'user_id', 'visit_date', 'entity_id']).doUpdateSet({ state, updated_at: sql`now()` }))
    .execute();
}

export async function stopHour(db: DB, s: UserScope, entityId: number, weekday: number) {
  const row = await db.selectFrom('route_stops').select('hour')
    .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('entity_id', '=', entityId).where('weekday', '=', weekday)
    .executeTakeFirst();
  return row?.hour ?? null;
}

export async function saleLines(db: DB, s: UserScope, entityId: number, date: string) {
  return db
    .selectFrom('field_sale_lines as l')
    .innerJoin('field_sales as v', 'v.id', 'l.sale_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['v.id as sale_id', 'l.product_id', 'p.name', 'l.quantity', 'l.unit_price', 'l.amount'])
    .where('v.company_id', '=', s.companyId).where('v.user_id', '=', s.userId).where('v.entity_id', '=', entityId)
    .where('v.sale_date', '=', date).where('v.deleted_at', 'is', null)
    .orderBy('v.id').orderBy('l.line_no')
    .execute();
}

export async function containerLines(db: DB, s: UserScope, entityId: number, date: string) {
  return db
    .selectFrom('field_containers as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.product_id', 'p.name', 'c.quantity'])
    .where('c.company_id', '=', s.companyId).where('c.user_id', '=', s.userId).where('c.entity_id', '=', entityId).where('c.visit_date', '=', date)
    .orderBy('p.name')
    .execute();
}

export async function operationTypes(db: DB, companyId: number) {
  return db.selectFrom('operation_types').select(['id', 'code', 'description']).where('company_id', '=', companyId).orderBy('code').execute();
}

export async function containerProducts(db: DB, companyId: number, ids?: number[]) {
  // `active` governs the customers' catalogue, where containers are not sold; is_container alone lists them here.
  let q = db.selectFrom('products').select(['id', 'name']).where('company_id', '=', companyId).where('is_container', '=', true);
  if (ids) {
    if (ids.length === 0) return [];
    q = q.where('id', 'in', ids);
  }
  return q.orderBy('name').execute();
}

export async function saleByKey(db: DB, s: UserScope, key: string) {
  return db.selectFrom('field_sales').select(['id', 'total', 'deleted_at'])
    .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function customerByKey(db: DB, s: UserScope, key: string) {
  return db.selectFrom('field_customers as fc').innerJoin('entities as e', 'e.id', 'fc.entity_id').select(['e.id', 'e.code'])
    .where('fc.company_id', '=', s.companyId).where('fc.user_id', '=', s.userId).where('fc.idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The deletion done with this idempotency key, if any. */
export function deletionByKey(db: DB, s: UserScope, key: string) {
  return db
    .selectFrom('field_sale_deletions')
    .select(['deleted'])
    .where('company_id', '=', s.companyId)
    .where('user_id', '=', s.userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The container changes applied with this idempotency key, if any. */
export function containerChangeByKey(db: DB, s: UserScope, key: string) {
  return db
    .selectFrom('field_container_changes')
    .select(['saved'])
    .where('company_id', '=', s.companyId)
    .where('user_id', '=', s.userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Products a rep can sell, priced in the customer's list (the default list where it lacks a product; `entityId`
 * null: the default list), ARS, active, not containers, by name. Exactly `ids`; or those matching every word of
 * `words`; or the rep's likely ones (`likelyFor`: what the rep sold in the last 90 days and what the rep's customers
 * last bought), the most sold first, up to `limit`.
 */
export async function fieldProducts(
  db: DB,
  companyId: number,
  entityId: number | null,
  filter: { ids?: number[]; words?: string[]; likelyFor?: number },
  limit: number,
): Promise<Array<{ id: number; name: string; price: string }>> {
  const lists = entityId === null ? await defaultListOf(db, companyId) : await priceListOf(db, companyId, entityId);
  if (!lists) return [];
  const where = [sql`p.company_id = ${companyId}`, sql`p.active`, sql`not p.is_container`, sql`i.currency = 'ARS'`];
  if (filter.ids) where.push(filter.ids.length ? sql`p.id in (${sql.join(filter.ids)})` : sql`false`);
  for (const w of filter.words ?? []) where.push(sql`p.search_text like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  let from = sql`products p`;
  let order = sql`p.name, p.id`;
  if (filter.likelyFor !== undefined) {
    const u = filter.likelyFor;
    from = sql`(select x.product_id, count(*) as n from (
        select l.product_id from field_sale_lines l join field_sales v on v.id = l.sale_id
          where v.company_id = ${companyId} and v.user_id = ${u} and v.deleted_at is null and v.sale_date >= current_date - 90
        union all
        select k.product_id from sales_last_purchases k
          where k.company_id = ${companyId} and k.entity_id in (select fc.entity_id from field_customers fc where fc.company_id = ${companyId} and fc.user_id = ${u})
      ) x group by x.product_id) likely join products p on p.id = likely.product_id`;
    order = sql`likely.n desc, p.name, p.id`;
  }
  const r = await sql<{ id: number; name: string; price: string }>`select p.id, p.name, ${finalPriceSql}::text as price
    from ${from} join ${priceRow(lists)} on true
    where ${sql.join(where, sql` and `)}
    order by ${order} limit ${limit}`.execute(db);
  return r.rows;
}

async function defaultListOf(db: DB, companyId: number) {
  const row = await db.selectFrom('price_lists').select('id').where('company_id', '=', companyId).where('is_default', '=', true).orderBy('id').executeTakeFirst();
  return row ? { id: row.id, fallback: row.id } : null;
}
