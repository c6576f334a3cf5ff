import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { compiledFor } from '../../db/compile-once.js';
import { finalPriceSql, priceRow } from '../catalog/index.js';
import type { PriceLists } from '../../lib/identity.js';

/**
 * Carts of both kinds (sales orders and purchase orders) and their lines. Every function takes the cart's owner
 * (company, entity, user, kind) or the company; functions that change a cart run inside the caller's transaction
 * after `lockCart`.
 */

export type CartKind = 'sales' | 'purchase';
/**
 * `lists`: the entity's price lists as the access gate read them for this request (read again when absent); `ip`:
 * the request's address, which the audit row of a confirmation records.
 */
export type CartOwner = { companyId: number; entityId: number; userId: number; kind: CartKind; lists?: PriceLists | null; ip?: string | null };

export type CartRow = {
  id: number;
  status: 'open' | 'confirmed';
  destination_id: number | null;
  origin_id: number | null;
  operation_type_id: number | null;
  payment_condition_id: number | null;
  with_tax: boolean;
  delivery_date: string | null;
  detail: string | null;
};

const cartColumns = sql`c.id, c.status, c.destination_id, c.origin_id, c.operation_type_id, c.payment_condition_id, c.with_tax,
  c.delivery_date::text as delivery_date, c.detail`;

export async function findOpenCart(db: DB, o: CartOwner): Promise<CartRow | undefined> {
  const r = await sql<CartRow>`select ${cartColumns} from carts c
    where c.company_id = ${o.companyId} and c.entity_id = ${o.entityId} and c.user_id = ${o.userId} and c.kind = ${o.kind} and c.status = 'open'`.execute(db);
  return r.rows[0];
}

/** Opens the cart (a concurrent first call is absorbed by the partial unique index carts_open). */
export async function createCart(db: DB, o: CartOwner, defaults: { destinationId: number | null; originId: number | null }): Promise<void> {
  await sql`insert into carts (company_id, entity_id, user_id, kind, destination_id, origin_id)
    values (${o.companyId}, ${o.entityId}, ${o.userId}, ${o.kind}, ${defaults.destinationId}, ${defaults.originId})
    on conflict (company_id, entity_id, user_id, kind) where status = 'open' do nothing`.execute(db);
}

/** Locks the caller's cart row (any status) for the rest of the transaction; undefined when it is not theirs. */
export async function lockCart(db: DB, o: CartOwner, cartId: number): Promise<CartRow | undefined> {
  const r = await sql<CartRow>`select ${cartColumns} from carts c
    where c.id = ${cartId} and c.company_id = ${o.companyId} and c.entity_id = ${o.entityId} and c.user_id = ${o.userId} and c.kind = ${o.kind}
    for update`.execute(db);
  return r.rows[0];
}

export async function updateCart(
  db: DB,
  companyId: number,
  cartId: number,
  values: Partial<{ destination_id: number | null; origin_id: number | null; operation_type_id: number | null; payment_condition_id: number | null; with_tax: boolean; delivery_date: string | null; detail: string | null; status: 'confirmed' }>,
): Promise<void> {
  await db
    .updateTable('carts')
    .set({ ...values, updated_at: sql<Date>`now()`, ...(values.status ? { confirmed_at: sql<Date>`now()` } : {}) })
    .where('id', '=', cartId)
    .where('company_id', '=', companyId)
    .execute();
}

/** The single destination of the entity / origin of the company, or null when there are none or several. */
export async function singleDefaults(db: DB, companyId: number, entityId: number): Promise<{ destinationId: number | null; originId: number | null }> {
  const r = await sql<{ destination_id: number | null; origin_id: number | null }>`select
    (select case when count(*) = 1 then min(id) end from delivery_destinations where company_id = ${companyId} and entity_id = ${entityId}) as destination_id,
    (select case when count(*) = 1 then min(id) end from order_origins where company_id = ${companyId}) as origin_id`.execute(db);
  return { destinationId: r.rows[0]?.destination_id ?? null, originId: r.rows[0]?.origin_id ?? null };
}

export type LineRow = {
  line_id: number;
  product_id: number;
  quantity: string;
  /** The proposed price, null when the list's final price applies. */
  price: string | null;
  price_alert: boolean;
  name: string;
  code: number;
  alpha_code: string;
  sales_unit: string;
  images: string[];
  delivery_days: number;
  /** The product's family name: it decides the VAT rate (orders/invoice.ts vatRateOf). */
  family: string | null;
  currency: string;
  list_price: string;
  discount1: string;
  discount2: string;
  min_price: string;
  max_price: string;
  final_price: string;
  /** price ?? final_price */
  unit_price: string;
  /** round(unit_price × quantity, 2) */
  subtotal: string;
};

/** The select of a cart's lines (`cartId`: a number, or a reference such as `c.id`), in the order they were added. */
function linesSql(companyId: number, cartId: number | RawBuilder<unknown>, priceListId: PriceLists | null) {
  return sql<LineRow>`
    select cl.id as line_id, cl.product_id, cl.quantity::text as quantity, cl.price::text as price, cl.price_alert,
      p.name, p.code, p.alpha_code, p.sales_unit, p.images, p.delivery_days,
      (select f.name from product_facets f where f.id = p.family_id) as family,
      coalesce(i.currency, 'ARS') as currency, coalesce(i.list_price, 0)::text as list_price, coalesce(i.discount1, 0)::text as discount1,
      coalesce(i.discount2, 0)::text as discount2, coalesce(i.min_price, 0)::text as min_price, coalesce(i.max_price, 0)::text as max_price,
      coalesce(${finalPriceSql}, 0)::text as final_price,
      coalesce(cl.price, ${finalPriceSql}, 0)::text as unit_price,
      round(coalesce(cl.price, ${finalPriceSql}, 0) * cl.quantity, 2)::text as subtotal
    from cart_lines cl
    join products p on p.id = cl.product_id and p.company_id = ${companyId}
    left join ${priceListId ? priceRow(priceListId) : sql`(select null::text as currency, null::numeric as list_price, null::numeric as discount1, null::numeric as discount2, null::numeric as min_price, null::numeric as max_price) i`} on true
    where cl.cart_id = ${cartId} and cl.company_id = ${companyId}
    order by cl.id`;
}

/**
 * Whether a cart's lines are priced in more than one currency (as cartLines prices them). Without price lists every
 * line is in pesos, so nothing is read.
 */
export async function mixesCurrencies(db: DB, companyId: number, cartId: number, priceListId: PriceLists | null): Promise<boolean> {
  if (!priceListId) return false;
  const r = await sql<{ n: number }>`
    select count(distinct coalesce(i.currency, 'ARS'))::int as n
    from cart_lines cl
    left join ${priceRow(priceListId, 'cl.product_id')} on true
    where cl.cart_id = ${cartId} and cl.company_id = ${companyId}`.execute(db);
  return (r.rows[0]?.n ?? 0) > 1;
}

/** The lines with their product and price-list data, in the order they were added. */
export async function cartLines(db: DB, companyId: number, cartId: number, priceListId: PriceLists | null): Promise<LineRow[]> {
  return (await linesSql(companyId, cartId, priceListId).execute(db)).rows;
}

/**
 * The caller's open cart with its lines (as cartLines reads them: every amount a decimal string) in one statement;
 * undefined when there is none. Built and compiled once per database (db/compile-once.ts), with and without price
 * lists: every cart sends the same text with its own owner and lists.
 */
export async function openCartWithLines(db: DB, o: CartOwner, priceListId: PriceLists | null): Promise<(CartRow & { lines: LineRow[] }) | undefined> {
  type Slots = { companyId: number; entityId: number; userId: number; kind: string; listId: number; fallback: number };
  const statement = compiledFor(
    db,
    `cart.openCartWithLines:${priceListId ? 'lists' : 'none'}`,
    () => ({ companyId: -1_000_001, entityId: -1_000_002, userId: -1_000_003, kind: '\u0000kind', ...(priceListId ? { listId: -1_000_004, fallback: -1_000_005 } : {}) }) as Slots,
    (a) => {
      const raw = sql<CartRow & { lines: LineRow[] }>`select ${cartColumns},
      (select coalesce(json_agg(x order by x.line_id), '[]'::json) from (${linesSql(a.companyId, sql`c.id`, priceListId ? { id: a.listId, fallback: a.fallback } : null)}) x) as lines
    from carts c
    where c.company_id = ${a.companyId} and c.entity_id = ${a.entityId} and c.user_id = ${a.userId} and c.kind = ${a.kind} and c.status = 'open'`;
      return { compile: () => raw.compile(db) };
    },
  );
  const r = await db.executeQuery(
    statement({ companyId: o.companyId, entityId: o.entityId, userId: o.userId, kind: o.kind, listId: priceListId?.id ?? 0, fallback: priceListId?.fallback ?? 0 }),
  );
  return r.rows[0];
}

export type PriceInfo = { product_id: number; final_price: string; min_price: string; max_price: string };

/** Price data of active products of this company (entity list, else default list); products missing from the answer are not sellable. */
export async function priceInfo(db: DB, companyId: number, priceListId: PriceLists, productIds: number[]): Promise<PriceInfo[]> {
  if (productIds.length === 0) return [];
  const r = await sql<PriceInfo>`
    select p.id as product_id, ${finalPriceSql}::text as final_price, i.min_price::text as min_price, i.max_price::text as max_price
    from products p join ${priceRow(priceListId)} on true
    where p.company_id = ${companyId} and p.active and p.id in (${sql.join(productIds)})`.execute(db);
  return r.rows;
}

export type LineUpsert = { productId: number; quantity: string; price: string | null; alert: boolean | null };

/**
 * Adds or sets lines in one statement: `add` sums the quantity to an existing line; a given price replaces the
 * line's proposed price and its alert, an absent one (null) keeps what the line had.
 */
export async function upsertLines(db: DB, companyId: number, cartId: number, lines: LineUpsert[], add: boolean): Promise<void> {
  if (lines.length === 0) return;
  const rows = lines.map((l) => ({ product_id: l.productId, quantity: l.quantity, price: l.price, alert: l.alert }));
  await sql`insert into cart_lines (cart_id, company_id, product_id, quantity, price, price_alert)
    select ${cartId}, ${companyId}, x.product_id, x.quantity, x.price, coalesce(x.alert, false)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(product_id integer, quantity numeric, price numeric, alert boolean)
    on conflict (cart_id, product_id) do update set
      quantity = case when ${add} then cart_lines.quantity + excluded.quantity else excluded.quantity end,
      price = case when excluded.price is null then cart_lines.price else excluded.price end,
      price_alert = case when excluded.price is null then cart_lines.price_alert else excluded.price_alert end`.execute(db);
}

export async function deleteLines(db: DB, companyId: number, cartId: number, which: { productId?: number; lineId?: number }): Promise<number> {
  let q = db.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('company_id', '=', companyId);
  if (which.productId !== undefined) q = q.where('product_id', '=', which.productId);
  if (which.lineId !== undefined) q = q.where('id', '=', which.lineId);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function setLinePrice(db: DB, companyId: number, cartId: number, productId: number, price: string | null, alert: boolean): Promise<number> {
  const r = await db
    .updateTable('cart_lines')
    .set({ price, price_alert: alert })
    .where('cart_id', '=', cartId)
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function lineCount(db: DB, companyId: number, cartId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from cart_lines where cart_id = ${cartId} and company_id = ${companyId}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** The longest delivery lead of the cart's products (0 for an empty cart). */
export async function maxDeliveryDays(db: DB, companyId: number, cartId: number): Promise<number> {
  const r = await sql<{ d: number | null }>`select max(p.delivery_days)::int as d from cart_lines cl join products p on p.id = cl.product_id
    where cl.cart_id = ${cartId} and cl.company_id = ${companyId}`.execute(db);
  return r.rows[0]?.d ?? 0;
}

// ── Lookups of the conditions ─────────────────────────────────────────────────────────────────────────────────

export function destinations(db: DB, companyId: number, entityId: number) {
  return db
    .selectFrom('delivery_destinations')
    .select(['id', 'description', 'locality'])
    .where('company_id', '=', companyId)
    .where('entity_id', '=', entityId)
    .orderBy('code')
    .execute();
}

export function origins(db: DB, companyId: number) {
  return db.selectFrom('order_origins').select(['id', 'description', 'locality']).where('company_id', '=', companyId).orderBy('code').execute();
}

export function operationTypes(db: DB, companyId: number) {
  return db.selectFrom('operation_types').select(['id', 'description']).where('company_id', '=', companyId).orderBy('code').execute();
}

export function paymentConditions(db: DB, companyId: number) {
  return db.selectFrom('payment_conditions').select(['id', 'code', 'description', 'days']).where('company_id', '=', companyId).orderBy('days').orderBy('id').execute();
}

/** Whether an id of a lookup belongs to this company (and, for destinations, to this entity). */
export async function lookupExists(
  db: DB,
  table: 'delivery_destinations' | 'order_origins' | 'operation_types' | 'payment_conditions',
  companyId: number,
  id: number,
  entityId?: number,
): Promise<boolean> {
  let q = db.selectFrom(table).select('id').where('company_id', '=', companyId).where('id', '=', id);
  if (table === 'delivery_destinations' && entityId !== undefined) q = q.where('entity_id', '=', entityId);
  return (await q.executeTakeFirst()) !== undefined;
}
