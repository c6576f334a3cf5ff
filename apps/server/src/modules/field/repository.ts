import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** All SQL of field sales. `scope` (company and rep) is a required argument of every function. */
/** `ip`: the request's address, which the audit rows of a change record (the service's `scope` sets it). */
export type FieldScope = { companyId: number; userId: number; ip?: string | null };

/** The rep's own customers (route or registered by the rep) among `entityIds`. */
export async function ownCustomerIds(db: DB, s: FieldScope, entityIds: number[]): Promise<Set<number>> {
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

export async function customers(db: DB, s: FieldScope, entityIds?: number[]): Promise<CustomerRow[]> {
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

export type StopRow = { entity_id: number; shift: 'mañana' | 'tarde'; hour: string | null; note: string | null };

export async function stopsOfWeekday(db: DB, s: FieldScope, weekday: number): Promise<StopRow[]> {
  return db
    .selectFrom('route_stops as r')
    .innerJoin('entities as e', 'e.id', 'r.entity_id')
    .select(['r.entity_id', 'r.shift', 'r.hour', 'r.note'])
    .where('r.company_id', '=', s.companyId)
    .where('r.user_id', '=', s.userId)
    .where('r.weekday', '=', weekday)
    .where('e.active', '=', true)
    .execute();
}

/** What the rep did on a date: visit states, sales (id, first time), containers, customers registered that day. */
export async function dayActivity(db: DB, s: FieldScope, date: string) {
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

export async function visitState(db: DB, s: FieldScope, entityId: number, date: string) {
  const row = await db.selectFrom('field_visits').select('state')
    .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('entity_id', '=', entityId).where('visit_date', '=', date)
    .executeTakeFirst();
  return row?.state ?? 'normal';
}

export async function upsertVisitState(db: DB, s: FieldScope, entityId: number, date: string, state: 'normal' | 'pendiente' | 'no_fuimos') {
  await db
    .insertInto('field_visits')
    .values({ company_id: s.companyId, user_id: s.userId, entity_id: entityId, visit_date: date, state })
    .onConflict((oc) => oc.columns(['company_id', 'user_id', 'visit_date', 'entity_id']).doUpdateSet({ state, updated_at: sql`now()` }))
    .execute();
}

export async function stopHour(db: DB, s: FieldScope, entityId: number, weekday: number) {
  const row = await db.selectFrom('route_stops').select('hour')
    .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('entity_id', '=', entityId).where('weekday', '=', weekday)
    .executeTakeFirst();
  return row?.hour ?? null;
}

export async function saleLines(db: DB, s: FieldScope, entityId: number, date: string) {
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

export async function containerLines(db: DB, s: FieldScope, entityId: number, date: string) {
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

/** Final price of the company's default list (list × (1 − d1) × (1 − d2), to cents), ARS items. */
const finalPrice = sql<string>`round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)::text`;

/** Up to `limit` active, priced, non-container products, by name; or exactly `ids` when given. */
export async function sellableProducts(db: DB, companyId: number, opts: { ids?: number[]; limit?: number }) {
  let q = db
    .selectFrom('products as p')
    .innerJoin('price_list_items as i', 'i.product_id', 'p.id')
    .innerJoin('price_lists as l', 'l.id', 'i.price_list_id')
    .select(['p.id', 'p.name', finalPrice.as('price')])
    .where('p.company_id', '=', companyId)
    .where('l.company_id', '=', companyId)
    .where('l.is_default', '=', true)
    .where('i.currency', '=', 'ARS')
    .where('p.active', '=', true)
    .where('p.is_container', '=', false);
  if (opts.ids) {
    if (opts.ids.length === 0) return [];
    q = q.where('p.id', 'in', opts.ids);
  }
  return q.orderBy('p.name').orderBy('p.id').limit(opts.limit ?? 100_000).execute();
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

export async function saleByKey(db: DB, s: FieldScope, key: string) {
  return db.selectFrom('field_sales').select(['id', 'total', 'deleted_at'])
    .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function customerByKey(db: DB, s: FieldScope, key: string) {
  return db.selectFrom('field_customers as fc').innerJoin('entities as e', 'e.id', 'fc.entity_id').select(['e.id', 'e.code'])
    .where('fc.company_id', '=', s.companyId).where('fc.user_id', '=', s.userId).where('fc.idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The deletion done with this idempotency key, if any. */
export function deletionByKey(db: DB, s: FieldScope, key: string) {
  return db
    .selectFrom('field_sale_deletions')
    .select(['deleted'])
    .where('company_id', '=', s.companyId)
    .where('user_id', '=', s.userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The container changes applied with this idempotency key, if any. */
export function containerChangeByKey(db: DB, s: FieldScope, key: string) {
  return db
    .selectFrom('field_container_changes')
    .select(['saved'])
    .where('company_id', '=', s.companyId)
    .where('user_id', '=', s.userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}
