import { sql } from 'kysely';
import { LEDGER_CODE } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { finalPriceSql, priceRow } from '../catalog/index.js';
import type { PriceLists } from '../../lib/identity.js';

/**
 * Sales orders and purchase orders: writing them from a cart, the customer's lists by status and history, and the
 * invoice an applied order becomes (written by the staff's order management, modules/order-admin). Every function
 * takes the company; customer reads take the entity.
 */

export type OrderKind = 'sales' | 'purchase';
const table = (k: OrderKind) => (k === 'sales' ? sql.table('sales_orders') : sql.table('purchase_orders'));
const linesTable = (k: OrderKind) => (k === 'sales' ? sql.table('sales_order_lines') : sql.table('purchase_order_lines'));

/** Advisory-lock classes (first key); the second key is the company id. */
const LOCK = { sales: 41_001, purchase: 41_002, invoice: 41_003 } as const;

/**
 * The next number of a per-company series, safe under concurrency: a transaction-scoped advisory lock on
 * (class, company) serialises the writers of that series until commit, then max + 1 is read under it.
 */
async function nextNumber(trx: DB, lockClass: number, companyId: number, max: () => Promise<number | null>): Promise<number> {
  await sql`select pg_advisory_xact_lock(${lockClass}::int, ${companyId}::int)`.execute(trx);
  return ((await max()) ?? 0) + 1;
}

export async function orderOfCart(trx: DB, kind: OrderKind, companyId: number, cartId: number) {
  const r = await sql<{ id: number; number: number; series: number; total: string; with_tax: boolean }>`select id, number, series, total::text as total,
      ${kind === 'sales' ? sql`true` : sql`with_tax`} as with_tax
    from ${table(kind)} where cart_id = ${cartId} and company_id = ${companyId}`.execute(trx);
  return r.rows[0];
}

/** The seller (sellers.id) of the entity: entities.seller_id holds the seller's code. */
export async function sellerOfEntity(trx: DB, companyId: number, entityId: number): Promise<number | null> {
  const r = await trx
    .selectFrom('entities as e')
    .innerJoin('sellers as s', (j) => j.onRef('s.company_id', '=', 'e.company_id').onRef('s.code', '=', 'e.seller_id'))
    .select('s.id')
    .where('e.id', '=', entityId)
    .where('e.company_id', '=', companyId)
    .executeTakeFirst();
  return r?.id ?? null;
}

export type NewOrder = {
  companyId: number;
  entityId: number;
  userId: number;
  cartId: number;
  today: string;
  priceListId: PriceLists;
  cart: {
    destination_id: number | null;
    origin_id: number | null;
    operation_type_id: number | null;
    payment_condition_id: number | null;
    with_tax: boolean;
    delivery_date: string | null;
    detail: string | null;
  };
};

/**
 * Writes the order of a locked cart: header (next number, pending), lines priced from the list or at the
 * proposed price, total = sum of the lines. Returns the order.
 */
export async function writeOrder(trx: DB, kind: OrderKind, o: NewOrder): Promise<{ id: number; number: number; total: string }> {
  const number = await nextNumber(trx, LOCK[kind], o.companyId, async () => {
    const r = await sql<{ n: number | null }>`select max(number) as n from ${table(kind)} where company_id = ${o.companyId}`.execute(trx);
    return r.rows[0]?.n ?? null;
  });
  let orderId: number;
  if (kind === 'sales') {
    const sellerId = await sellerOfEntity(trx, o.companyId, o.entityId);
    const r = await sql<{ id: number }>`insert into sales_orders
      (company_id, entity_id, number, ordered_on, status, currency, total, detail, seller_id, cart_id, user_id, channel,
       destination_id, origin_id, operation_type_id, delivery_date)
      values (${o.companyId}, ${o.entityId}, ${number}, ${o.today}, 'pending', 'ARS', 0, ${o.cart.detail}, ${sellerId}, ${o.cartId}, ${o.userId}, 'web',
       ${o.cart.destination_id}, ${o.cart.origin_id}, ${o.cart.operation_type_id}, ${o.cart.delivery_date})
      returning id`.execute(trx);
    orderId = r.rows[0]!.id;
    await sql`insert into sales_order_lines
      (company_id, order_id, line_no, product_id, quantity, list_price, discount1, discount2, final_price, amount, price_alert)
      select ${o.companyId}, ${orderId}, row_number() over (order by cl.id), cl.product_id, cl.quantity, i.list_price, i.discount1, i.discount2,
        coalesce(cl.price, ${finalPriceSql}), round(coalesce(cl.price, ${finalPriceSql}) * cl.quantity, 2), cl.price_alert
      from cart_lines cl
      join products p on p.id = cl.product_id and p.company_id = ${o.companyId}
      join ${priceRow(o.priceListId)} on true
      where cl.cart_id = ${o.cartId} and cl.company_id = ${o.companyId}`.execute(trx);
  } else {
    const r = await sql<{ id: number }>`insert into purchase_orders
      (company_id, entity_id, user_id, cart_id, number, ordered_on, status, currency, total, payment_condition_id, with_tax, delivery_date, detail)
      values (${o.companyId}, ${o.entityId}, ${o.userId}, ${o.cartId}, ${number}, ${o.today}, 'pending', 'ARS', 0, ${o.cart.payment_condition_id},
       ${o.cart.with_tax}, ${o.cart.delivery_date}, ${o.cart.detail})
      returning id`.execute(trx);
    orderId = r.rows[0]!.id;
    await sql`insert into purchase_order_lines (company_id, order_id, line_no, product_id, quantity, price, amount)
      select ${o.companyId}, ${orderId}, row_number() over (order by cl.id), cl.product_id, cl.quantity,
        coalesce(cl.price, ${finalPriceSql}), round(coalesce(cl.price, ${finalPriceSql}) * cl.quantity, 2)
      from cart_lines cl
      join products p on p.id = cl.product_id and p.company_id = ${o.companyId}
      join ${priceRow(o.priceListId)} on true
      where cl.cart_id = ${o.cartId} and cl.company_id = ${o.companyId}`.execute(trx);
  }
  const t = await sql<{ total: string }>`update ${table(kind)} set total = coalesce((select sum(amount) from ${linesTable(kind)} where order_id = ${orderId}), 0)
    where id = ${orderId} returning total::text as total`.execute(trx);
  return { id: orderId, number, total: t.rows[0]!.total };
}

// ── The customer's lists ──────────────────────────────────────────────────────────────────────────────────────

export type StatusRow = {
  id: number;
  number: number;
  series: number;
  ordered_on: string;
  status: 'pending' | 'approved' | 'applied';
  total: string;
  applied_amount: string;
  /** Purchase orders without taxes carry no VAT; sales orders always do. */
  with_tax: boolean;
  channel: string | null;
  origin: string | null;
  erp_status: 'aceptado' | 'rechazado' | 'aplicado' | null;
  erp_number: string | null;
  erp_reason: string | null;
  erp_at: Date | string | null;
};

export async function ordersByStatus(db: DB, kind: OrderKind, companyId: number, entityId: number, status: string, start: number, limit: number) {
  const origin = kind === 'sales' ? sql`o.channel, og.description as origin` : sql`null as channel, null as origin`;
  const join = kind === 'sales' ? sql`left join order_origins og on og.id = o.origin_id and og.company_id = o.company_id` : sql``;
  const [rows, count] = await Promise.all([
    sql<StatusRow>`select o.id, o.number, o.series, o.ordered_on::text as ordered_on, o.status, o.total::text as total,
        o.applied_amount::text as applied_amount, ${kind === 'sales' ? sql`true` : sql`o.with_tax`} as with_tax, ${origin},
        o.erp_status, o.erp_number, o.erp_reason, o.erp_at
      from ${table(kind)} o ${join}
      where o.company_id = ${companyId} and o.entity_id = ${entityId} and o.status = ${status}
      order by o.ordered_on desc, o.id desc limit ${limit} offset ${start}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${table(kind)} where company_id = ${companyId} and entity_id = ${entityId} and status = ${status}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export type HistoryRow = {
  id: number;
  number: number;
  series: number;
  ordered_on: string;
  detail: string | null;
  origin_id: number | null;
  origin: string | null;
  destination_id: number | null;
  destination: string | null;
  total: string;
};

/** The orders the entity placed (a cancelled one is no purchase), newest first; `month` narrows to one month. */
export async function history(db: DB, companyId: number, entityId: number, month: string | undefined, start: number, limit: number) {
  const monthWhere = month ? sql`and o.ordered_on >= ${`${month}-01`}::date and o.ordered_on < (${`${month}-01`}::date + interval '1 month')` : sql``;
  const [rows, count] = await Promise.all([
    sql<HistoryRow>`select o.id, o.number, o.series, o.ordered_on::text as ordered_on, o.detail, o.origin_id, og.description as origin,
        o.destination_id, d.description as destination, o.total::text as total
      from sales_orders o
      left join order_origins og on og.id = o.origin_id and og.company_id = o.company_id
      left join delivery_destinations d on d.id = o.destination_id and d.company_id = o.company_id
      where o.company_id = ${companyId} and o.entity_id = ${entityId} and o.status <> 'cancelled' ${monthWhere}
      order by o.ordered_on desc, o.id desc limit ${limit} offset ${start}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from sales_orders o where o.company_id = ${companyId} and o.entity_id = ${entityId} and o.status <> 'cancelled' ${monthWhere}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export type OrderLineRow = {
  id: number;
  order_id: number;
  line_no: number;
  product_id: number;
  name: string;
  code: number;
  alpha_code: string;
  sales_unit: string;
  images: string[];
  is_new: boolean;
  is_promotion: boolean;
  family: string | null;
  quantity: string;
  list_price: string;
  discount1: string;
  discount2: string;
  final_price: string;
  amount: string;
};

export async function salesOrderLines(db: DB, companyId: number, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  const r = await sql<OrderLineRow>`select l.id, l.order_id, l.line_no, l.product_id, p.name, p.code, p.alpha_code, p.sales_unit, p.images,
      p.is_new, p.is_promotion, f.name as family, l.quantity::text as quantity, l.list_price::text as list_price,
      l.discount1::text as discount1, l.discount2::text as discount2, l.final_price::text as final_price, l.amount::text as amount
    from sales_order_lines l join products p on p.id = l.product_id
    left join product_facets f on f.id = p.family_id
    where l.company_id = ${companyId} and l.order_id in (${sql.join(orderIds)})
    order by l.order_id, l.line_no`.execute(db);
  return r.rows;
}

export async function purchaseOrderLines(db: DB, companyId: number, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  const r = await sql<OrderLineRow>`select l.id, l.order_id, l.line_no, l.product_id, p.name, p.code, p.alpha_code, p.sales_unit, p.images,
      p.is_new, p.is_promotion, f.name as family, l.quantity::text as quantity, l.price::text as list_price,
      '0' as discount1, '0' as discount2, l.price::text as final_price, l.amount::text as amount
    from purchase_order_lines l join products p on p.id = l.product_id
    left join product_facets f on f.id = p.family_id
    where l.company_id = ${companyId} and l.order_id in (${sql.join(orderIds)})
    order by l.order_id, l.line_no`.execute(db);
  return r.rows;
}

/** A sales order of this entity (for repeat purchase, PDF and share), or undefined. */
export async function salesOrderOfEntity(db: DB, companyId: number, entityId: number, orderId: number) {
  return db
    .selectFrom('sales_orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('company_id', '=', companyId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
}
export type SalesOrderRow = NonNullable<Awaited<ReturnType<typeof salesOrderOfEntity>>>;

export type PurchaseOrderRow = {
  id: number;
  company_id: number;
  entity_id: number;
  number: number;
  series: number;
  ordered_on: string;
  status: 'pending' | 'approved' | 'applied';
  currency: string;
  total: string;
  with_tax: boolean;
  delivery_date: string | null;
  detail: string | null;
  payment_condition: string | null;
};

/** A purchase order of this entity with its payment condition (for the PDF and share link), or undefined. */
export async function purchaseOrderOfEntity(db: DB, companyId: number, entityId: number, orderId: number): Promise<PurchaseOrderRow | undefined> {
  const r = await sql<PurchaseOrderRow>`select o.id, o.company_id, o.entity_id, o.number, o.series, o.ordered_on::text as ordered_on, o.status,
      o.currency, o.total::text as total, o.with_tax, o.delivery_date::text as delivery_date, o.detail, pc.description as payment_condition
    from purchase_orders o
    left join payment_conditions pc on pc.id = o.payment_condition_id and pc.company_id = o.company_id
    where o.id = ${orderId} and o.company_id = ${companyId} and o.entity_id = ${entityId}`.execute(db);
  return r.rows[0];
}

export type InvoiceLine = { productCode: string; description: string; quantity: string; unit: string; unitPrice: string; discount: string; amount: string };
export type Invoice = {
  companyId: number;
  entityId: number;
  date: string;
  time: string;
  letter: 'A' | 'B';
  afipType: number;
  series: number;
  currency: string;
  amount: string;
  net: string;
  vat21: string;
  vat105: string;
  dueDate: string;
  cae: string;
  caeDue: string;
  originNumber: number;
  originSeries: number;
  saleCondition: string;
  detail: string;
  lines: InvoiceLine[];
};

/** Writes the invoice (account movement + voucher lines) with the next FC number of its point of sale. */
export async function writeInvoice(trx: DB, inv: Invoice): Promise<{ id: string; number: number }> {
  const number = await nextNumber(trx, LOCK.invoice, inv.companyId, async () => {
    const r = await sql<{ n: number | null }>`select max(number) as n from account_movements
      where company_id = ${inv.companyId} and voucher_code = ${sql.lit(LEDGER_CODE.invoice)} and series = ${inv.series}`.execute(trx);
    return r.rows[0]?.n ?? null;
  });
  const m = await trx
    .insertInto('account_movements')
    .values({
      company_id: inv.companyId, entity_id: inv.entityId, date: inv.date, time: inv.time, voucher_code: LEDGER_CODE.invoice, voucher_name: `Factura ${inv.letter}`,
      series: inv.series, number, letter: inv.letter, detail: inv.detail, currency: inv.currency === 'USD' ? 'USD' : 'ARS', amount: inv.amount, due_date: inv.dueDate,
      settled: false, afip_type: inv.afipType, net_amount: inv.net, vat21: inv.vat21, vat105: inv.vat105, other_taxes: '0', cae: inv.cae,
      cae_due: inv.caeDue, printable: true, origin_type: 'PED', origin_number: inv.originNumber, origin_series: inv.originSeries, sale_condition: inv.saleCondition,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The goods are withdrawn from the company's default deposit until a remito hands them over (stock positions).
  const deposit = await trx.selectFrom('deposits').select('id').where('company_id', '=', inv.companyId).where('is_default', '=', true).executeTakeFirst();
  await trx
    .insertInto('voucher_lines')
    .values(inv.lines.map((l, i) => ({
      company_id: inv.companyId, movement_id: m.id, line_no: i + 1, kind: 'product' as const, product_code: l.productCode,
      description: l.description, quantity: l.quantity, unit: l.unit, unit_price: l.unitPrice, discount: l.discount, amount: l.amount,
      deposit_id: deposit?.id ?? null,
    })))
    .execute();
  return { id: String(m.id), number };
}

export async function entityFiscal(db: DB, companyId: number, entityId: number) {
  return db
    .selectFrom('entities')
    .select(['id', 'code', 'name', 'cuit', 'locality', 'province'])
    .where('company_id', '=', companyId)
    .where('id', '=', entityId)
    .executeTakeFirst();
}

export async function companyHeader(db: DB, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['name', 'cuit', 'address', 'iva_condition', 'gross_income', 'activity_start', 'branding'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

export async function orderConditions(db: DB, companyId: number, orderId: number) {
  const r = await sql<{ operation: string | null; origin: string | null; destination: string | null; seller: string | null }>`
    select (select t.description from operation_types t where t.id = o.operation_type_id and t.company_id = o.company_id) as operation,
      (select g.description from order_origins g where g.id = o.origin_id and g.company_id = o.company_id) as origin,
      (select d.description from delivery_destinations d where d.id = o.destination_id and d.company_id = o.company_id) as destination,
      (select s.name from sellers s where s.id = o.seller_id) as seller
    from sales_orders o where o.id = ${orderId} and o.company_id = ${companyId}`.execute(db);
  return r.rows[0];
}
