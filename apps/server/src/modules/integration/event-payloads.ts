import { sql } from 'kysely';
import Decimal from 'decimal.js';
import { API_PREFIX, voucherNumberText, type IntegrationEventPayload } from '@portal/contract';
import type { DB } from '../../db/database.js';
import type { NewEvent } from './events.js';

/**
 * The events' payloads, read inside the transaction of the change after it is written: what the ERP gets is what
 * commits, with the ERP's own codes (customers, products, deposits) and amounts as exact decimal strings.
 * Each builder answers a whole NewEvent for appendEvent (events.ts).
 */

type Actor = number | null;
type Customer = IntegrationEventPayload<'pedido.confirmado'>['cliente'];
type Product = IntegrationEventPayload<'pedido.confirmado'>['renglones'][number]['producto'];

/** numeric → its exact text without trailing zeros lost or added: what PostgreSQL holds. */
const dec = (v: string | number) => new Decimal(v).toFixed();
const money = (v: string | number) => new Decimal(v).toFixed(2);

async function customer(db: DB, companyId: number, entityId: number): Promise<Customer> {
  const e = await db.selectFrom('entities').select(['code', 'name', 'cuit']).where('company_id', '=', companyId).where('id', '=', entityId).executeTakeFirstOrThrow();
  return { codigo: e.code, razon_social: e.name, cuit: e.cuit };
}

async function products(db: DB, companyId: number, ids: number[]): Promise<Map<number, Product>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'code', 'alpha_code', 'name']).where('company_id', '=', companyId).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((p) => [p.id, { codigo: p.code, codigo_alfa: p.alpha_code, nombre: p.name }]));
}

// ── Orders ───────────────────────────────────────────────────────────────────────────────────────────────────────

const ORDER_STATUS = { pending: 'pendiente', approved: 'aprobado', applied: 'aplicado', cancelled: 'cancelado' } as const;

async function salesOrder(db: DB, companyId: number, orderId: number) {
  const o = (
    await sql<{
      id: number; series: number; number: number; ordered_on: string; currency: string; total: string; status: keyof typeof ORDER_STATUS; detail: string | null;
      delivery_date: string | null; seller: number | null; channel: string; destination: number | null; operation: number | null; entity_id: number;
    }>`select o.id, o.series, o.number, o.ordered_on::text as ordered_on, o.currency, o.total::text as total, o.status, o.detail,
        o.delivery_date::text as delivery_date, s.code as seller, o.channel, d.code as destination, t.code as operation, o.entity_id
      from sales_orders o
      left join sellers s on s.id = o.seller_id
      left join delivery_destinations d on d.id = o.destination_id
      left join operation_types t on t.id = o.operation_type_id
      where o.company_id = ${companyId} and o.id = ${orderId}`.execute(db)
  ).rows[0]!;
  return {
    entityId: o.entity_id,
    pedido: {
      id: o.id, serie: o.series, numero: o.number, fecha: o.ordered_on, moneda: o.currency, total: money(o.total), estado: ORDER_STATUS[o.status],
      observaciones: o.detail, fecha_entrega: o.delivery_date, vendedor: o.seller, canal: o.channel, destino: o.destination, tipo_operacion: o.operation,
    },
  };
}

async function salesLines(db: DB, companyId: number, orderId: number) {
  const lines = await db
    .selectFrom('sales_order_lines')
    .select(['line_no', 'product_id', 'quantity', 'list_price', 'discount1', 'discount2', 'final_price', 'amount'])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .orderBy('line_no')
    .execute();
  const byId = await products(db, companyId, lines.map((l) => l.product_id));
  return lines.map((l) => ({
    renglon: l.line_no, producto: byId.get(l.product_id)!, cantidad: dec(l.quantity), precio_lista: money(l.list_price), bonificacion1: dec(l.discount1),
    bonificacion2: dec(l.discount2), precio: money(l.final_price), importe: money(l.amount),
  }));
}

const orderSubject = (series: number, number: number) => `pedido/${voucherNumberText(series, number)}`;

export async function salesOrderConfirmed(db: DB, companyId: number, orderId: number, actor: Actor): Promise<NewEvent<'pedido.confirmado'>> {
  const { entityId, pedido } = await salesOrder(db, companyId, orderId);
  return {
    companyId, kind: 'pedido.confirmado', actorUserId: actor, subject: orderSubject(pedido.serie, pedido.numero),
    payload: { pedido, cliente: await customer(db, companyId, entityId), renglones: await salesLines(db, companyId, orderId) },
  };
}

export async function salesOrderApproved(db: DB, companyId: number, orderId: number, actor: Actor): Promise<NewEvent<'pedido.aprobado'>> {
  const { entityId, pedido } = await salesOrder(db, companyId, orderId);
  return { companyId, kind: 'pedido.aprobado', actorUserId: actor, subject: orderSubject(pedido.serie, pedido.numero), payload: { pedido, cliente: await customer(db, companyId, entityId) } };
}

export async function salesOrderApplied(db: DB, companyId: number, orderId: number, invoiceId: string, actor: Actor): Promise<NewEvent<'pedido.aplicado'>> {
  const { entityId, pedido } = await salesOrder(db, companyId, orderId);
  const inv = await db
    .selectFrom('account_movements')
    .select(['voucher_code', 'letter', 'series', 'number', 'currency', sql<string>`date::text`.as('date'), sql<string>`amount::text`.as('amount'), sql<string>`coalesce(net_amount, 0)::text`.as('net'),
      sql<string>`coalesce(vat21, 0)::text`.as('vat21'), sql<string>`coalesce(vat105, 0)::text`.as('vat105'), 'cae', sql<string | null>`cae_due::text`.as('cae_due')])
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return {
    companyId, kind: 'pedido.aplicado', actorUserId: actor, subject: orderSubject(pedido.serie, pedido.numero),
    payload: {
      pedido, cliente: await customer(db, companyId, entityId),
      factura: { tipo: inv.voucher_code, letra: inv.letter, punto_venta: inv.series, numero: inv.number, fecha: inv.date, moneda: inv.currency,
        neto: money(inv.net), iva21: money(inv.vat21), iva105: money(inv.vat105), total: money(inv.amount), cae: inv.cae, vencimiento: inv.cae_due },
    },
  };
}

export async function purchaseOrderConfirmed(db: DB, companyId: number, orderId: number, actor: Actor): Promise<NewEvent<'orden_compra.confirmada'>> {
  const o = (
    await sql<{
      id: number; series: number; number: number; ordered_on: string; currency: string; total: string; with_tax: boolean; condition: string | null;
      delivery_date: string | null; detail: string | null; entity_id: number;
    }>`select o.id, o.series, o.number, o.ordered_on::text as ordered_on, o.currency, o.total::text as total, o.with_tax, c.code as condition,
        o.delivery_date::text as delivery_date, o.detail, o.entity_id
      from purchase_orders o left join payment_conditions c on c.id = o.payment_condition_id
      where o.company_id = ${companyId} and o.id = ${orderId}`.execute(db)
  ).rows[0]!;
  const lines = await db.selectFrom('purchase_order_lines').select(['line_no', 'product_id', 'quantity', 'price', 'amount'])
    .where('company_id', '=', companyId).where('order_id', '=', orderId).orderBy('line_no').execute();
  const byId = await products(db, companyId, lines.map((l) => l.product_id));
  return {
    companyId, kind: 'orden_compra.confirmada', actorUserId: actor, subject: `orden_compra/${voucherNumberText(o.series, o.number)}`,
    payload: {
      orden: {
        id: o.id, serie: o.series, numero: o.number, fecha: o.ordered_on, moneda: o.currency, total: money(o.total), con_iva: o.with_tax,
        condicion_pago: o.condition, fecha_entrega: o.delivery_date, observaciones: o.detail,
      },
      proveedor: await customer(db, companyId, o.entity_id),
      renglones: lines.map((l) => ({ renglon: l.line_no, producto: byId.get(l.product_id)!, cantidad: dec(l.quantity), precio: money(l.price), importe: money(l.amount) })),
    },
  };
}

// ── Receipts and vouchers ────────────────────────────────────────────────────────────────────────────────────────

const RECEIPT_KIND = { pending: 'recibo.ingresado', approved: 'recibo.aprobado', rejected: 'recibo.rechazado' } as const;
const RECEIPT_STATUS = { pending: 'pendiente', approved: 'aprobado', rejected: 'rechazado' } as const;

/** The receipt as it stands in `db`: its state names the event (posted, approved, rejected). */
export async function receiptEvent(db: DB, companyId: number, receiptId: number, actor: Actor): Promise<NewEvent<'recibo.ingresado' | 'recibo.aprobado' | 'recibo.rechazado'>> {
  const r = (
    await sql<{
      id: number; series: number; number: number; date: string; status: keyof typeof RECEIPT_STATUS; total_selected: string; total_collected: string;
      observations: string | null; entity_id: number; decider: string | null; decided_at: string | null; reason: string | null;
    }>`select r.id, r.series, r.number, r.date::text as date, r.status, r.total_selected::text as total_selected, r.total_collected::text as total_collected,
        r.observations, r.entity_id, u.username as decider, to_char(coalesce(r.approved_at, r.rejected_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as decided_at,
        r.rejection_reason as reason
      from receipts r left join users u on u.id = coalesce(r.approved_by, r.rejected_by)
      where r.company_id = ${companyId} and r.id = ${receiptId}`.execute(db)
  ).rows[0]!;
  const applications = await sql<{ code: string; series: number; number: number; letter: string | null; amount: string }>`select m.voucher_code as code, m.series, m.number, m.letter,
      a.amount::text as amount
    from receipt_applications a join account_movements m on m.id = a.movement_id and m.company_id = a.company_id
    where a.company_id = ${companyId} and a.receipt_id = ${receiptId} order by a.id`.execute(db);
  const payments = await sql<{ line_no: number; code: number; name: string; amount: string; fields: Array<{ id: string; label: string; value: string }> | string }>`select p.line_no,
      m.code, m.name, p.amount::text as amount, p.fields
    from receipt_payments p join payment_methods m on m.id = p.method_id
    where p.company_id = ${companyId} and p.receipt_id = ${receiptId} order by p.line_no`.execute(db);
  const attachments = await db.selectFrom('receipt_attachments').select(['id', 'payment_line_no', 'field_key', 'file_name', 'content_type', 'size'])
    .where('company_id', '=', companyId).where('receipt_id', '=', receiptId).orderBy('id').execute();
  const kind = RECEIPT_KIND[r.status];
  return {
    companyId, kind, actorUserId: actor, subject: `recibo/${voucherNumberText(r.series, r.number)}`,
    payload: {
      recibo: {
        id: r.id, serie: r.series, numero: r.number, fecha: r.date, estado: RECEIPT_STATUS[r.status], moneda: 'ARS',
        total_aplicado: money(r.total_selected), total_cobrado: money(r.total_collected), observaciones: r.observations,
      },
      cliente: await customer(db, companyId, r.entity_id),
      aplicaciones: applications.rows.map((a) => ({ comprobante: a.code, serie: a.series, numero: a.number, letra: a.letter, importe: money(a.amount) })),
      cobros: payments.rows.map((p) => ({
        renglon: p.line_no, forma: { codigo: p.code, nombre: p.name }, importe: money(p.amount),
        datos: (typeof p.fields === 'string' ? (JSON.parse(p.fields) as Array<{ id: string; label: string; value: string }>) : p.fields).map((f) => ({ id: f.id, campo: f.label, valor: String(f.value) })),
      })),
      adjuntos: attachments.map((a) => ({
        id: a.id, renglon: a.payment_line_no, campo: a.field_key, nombre: a.file_name, tipo: a.content_type, bytes: a.size,
        ruta: `${API_PREFIX}/proxy/recibos/gestion/${r.id}/adjuntos/${a.id}`,
      })),
      decision: r.status === 'pending' ? null : { usuario: r.decider, fecha: r.decided_at, motivo: r.reason },
    },
  };
}

export async function voucherDecided(db: DB, companyId: number, voucherId: number, authorized: boolean, reason: string, actor: Actor): Promise<NewEvent<'comprobante.autorizado' | 'comprobante.rechazado'>> {
  const v = await db.selectFrom('stock_vouchers')
    .select(['voucher_code', 'voucher_name', 'series', 'number', sql<string>`date::text`.as('date'), 'order_number', sql<string>`amount::text`.as('amount'), 'entity_id'])
    .where('company_id', '=', companyId).where('id', '=', voucherId).executeTakeFirstOrThrow();
  return {
    companyId, kind: authorized ? 'comprobante.autorizado' : 'comprobante.rechazado', actorUserId: actor,
    subject: `comprobante/${v.voucher_code}/${voucherNumberText(v.series, v.number)}`,
    payload: {
      comprobante: { codigo: v.voucher_code, nombre: v.voucher_name, serie: v.series, numero: v.number, fecha: v.date, pedido: v.order_number, moneda: 'ARS', importe: money(v.amount) },
      cliente: await customer(db, companyId, v.entity_id),
      motivo: reason,
    },
  };
}

// ── Warehouse and stock ──────────────────────────────────────────────────────────────────────────────────────────

async function deposit(db: DB, companyId: number, depositId: number) {
  const d = await db.selectFrom('deposits').select(['code', 'name']).where('company_id', '=', companyId).where('id', '=', depositId).executeTakeFirstOrThrow();
  return { codigo: d.code, nombre: d.name };
}

/** A picking of a sales order, confirmed (the lines as they leave) or cancelled (none). */
export async function pickingDone(db: DB, companyId: number, orderId: number, depositId: number | null, outcome: 'picked' | 'cancelled', reason: number | null, actor: Actor): Promise<NewEvent<'preparacion.confirmada' | 'preparacion.cancelada'>> {
  const { entityId, pedido } = await salesOrder(db, companyId, orderId);
  const lines = outcome === 'picked' ? await salesLines(db, companyId, orderId) : [];
  return {
    companyId, kind: outcome === 'picked' ? 'preparacion.confirmada' : 'preparacion.cancelada', actorUserId: actor, subject: orderSubject(pedido.serie, pedido.numero),
    payload: {
      pedido: { id: pedido.id, serie: pedido.serie, numero: pedido.numero },
      cliente: await customer(db, companyId, entityId),
      deposito: depositId === null ? null : await deposit(db, companyId, depositId),
      renglones: lines.map((l) => ({ renglon: l.renglon, producto: l.producto, cantidad: l.cantidad, precio: l.precio, importe: l.importe })),
      moneda: pedido.moneda,
      total: outcome === 'picked' ? pedido.total : '0.00',
      motivo: reason,
    },
  };
}

export async function stockCounted(db: DB, companyId: number, movementId: string, actor: Actor): Promise<NewEvent<'stock.modificado' | 'stock.confirmado'>> {
  const m = await db.selectFrom('stock_movements').select(['id', 'deposit_id', 'product_id', 'kind', sql<string>`quantity_before::text`.as('before'), sql<string>`quantity_after::text`.as('after')])
    .where('company_id', '=', companyId).where('id', '=', movementId).executeTakeFirstOrThrow();
  const d = await deposit(db, companyId, m.deposit_id);
  const p = (await products(db, companyId, [m.product_id])).get(m.product_id)!;
  return {
    companyId, kind: m.kind === 'confirmation' ? 'stock.confirmado' : 'stock.modificado', actorUserId: actor, subject: `stock/${d.codigo}/${p.codigo}`,
    payload: { deposito: d, producto: p, movimiento: String(m.id), cantidad_anterior: dec(m.before), cantidad: dec(m.after) },
  };
}

// ── Field ────────────────────────────────────────────────────────────────────────────────────────────────────────

export async function fieldSaleRecorded(db: DB, companyId: number, saleId: number, actor: Actor): Promise<NewEvent<'venta_campo.registrada'>> {
  const s = await db.selectFrom('field_sales as s').leftJoin('operation_types as t', 't.id', 's.operation_type_id')
    .select(['s.id', 's.entity_id', sql<string>`s.sale_date::text`.as('date'), sql<string>`s.total::text`.as('total'), 't.code as operation'])
    .where('s.company_id', '=', companyId).where('s.id', '=', saleId).executeTakeFirstOrThrow();
  const lines = await db.selectFrom('field_sale_lines').select(['line_no', 'product_id', 'quantity', 'unit_price', 'amount'])
    .where('company_id', '=', companyId).where('sale_id', '=', saleId).orderBy('line_no').execute();
  const byId = await products(db, companyId, lines.map((l) => l.product_id));
  return {
    companyId, kind: 'venta_campo.registrada', actorUserId: actor, subject: `venta_campo/${s.id}`,
    payload: {
      venta: { id: s.id, fecha: s.date, moneda: 'ARS', total: money(s.total), tipo_operacion: s.operation },
      cliente: await customer(db, companyId, s.entity_id),
      renglones: lines.map((l) => ({ renglon: l.line_no, producto: byId.get(l.product_id)!, cantidad: dec(l.quantity), precio: money(l.unit_price), importe: money(l.amount) })),
    },
  };
}

export async function fieldSalesDeleted(db: DB, companyId: number, entityId: number, date: string, saleIds: number[], actor: Actor): Promise<NewEvent<'venta_campo.eliminada'>> {
  const cliente = await customer(db, companyId, entityId);
  return { companyId, kind: 'venta_campo.eliminada', actorUserId: actor, subject: `cliente/${cliente.codigo}/${date}`, payload: { cliente, fecha: date, ventas: saleIds } };
}

export async function visitState(db: DB, companyId: number, entityId: number, date: string, state: 'normal' | 'pendiente' | 'no_fuimos', actor: Actor): Promise<NewEvent<'visita.estado'>> {
  const cliente = await customer(db, companyId, entityId);
  return { companyId, kind: 'visita.estado', actorUserId: actor, subject: `cliente/${cliente.codigo}/${date}`, payload: { cliente, fecha: date, estado: state } };
}

/** The containers named in a change, with the quantity the customer holds of each after it (recorded by this rep). */
export async function containersChanged(db: DB, companyId: number, userId: number, entityId: number, date: string, productIds: number[]): Promise<NewEvent<'envases.modificados'>> {
  const held = await db.selectFrom('field_containers').select(['product_id', 'quantity'])
    .where('company_id', '=', companyId).where('user_id', '=', userId).where('entity_id', '=', entityId).where('visit_date', '=', date)
    .where('product_id', 'in', productIds.length ? productIds : [0]).execute();
  const qty = new Map(held.map((h) => [h.product_id, h.quantity]));
  const byId = await products(db, companyId, productIds);
  const cliente = await customer(db, companyId, entityId);
  return {
    companyId, kind: 'envases.modificados', actorUserId: userId, subject: `cliente/${cliente.codigo}/${date}`,
    payload: { cliente, fecha: date, envases: productIds.map((id) => ({ producto: byId.get(id)!, cantidad: dec(qty.get(id) ?? 0) })) },
  };
}

export async function fieldCustomerCreated(db: DB, companyId: number, entityId: number, actor: Actor): Promise<NewEvent<'cliente_campo.alta'>> {
  const c = await customer(db, companyId, entityId);
  const link = await db.selectFrom('field_customers').select(['address', 'document']).where('company_id', '=', companyId).where('entity_id', '=', entityId).executeTakeFirst();
  return {
    companyId, kind: 'cliente_campo.alta', actorUserId: actor, subject: `cliente/${c.codigo}`,
    payload: { cliente: { ...c, direccion: link?.address ?? '', documento: link?.document ?? c.cuit } },
  };
}

// ── Registrations and entity links ───────────────────────────────────────────────────────────────────────────

type PortalUser = IntegrationEventPayload<'usuario.registrado'>['usuario'];

async function portalUser(db: DB, userId: number): Promise<PortalUser> {
  const u = await db.selectFrom('users').select(['id', 'username', 'first_name', 'last_name', 'email', 'phone', 'cuit', 'created_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    id: u.id, usuario: u.username, nombre: u.first_name, apellido: u.last_name, email: u.email, telefono: u.phone, cuit: u.cuit,
    alta: new Date(u.created_at).toISOString(),
  };
}

async function company(db: DB, companyId: number) {
  const c = await db.selectFrom('companies').select(['cuit', 'name']).where('id', '=', companyId).executeTakeFirstOrThrow();
  return { cuit: c.cuit, razon_social: c.name };
}

/** The entities linked to the user in the company, by code (as written in the change's transaction). */
export async function linkedEntities(db: DB, companyId: number, userId: number): Promise<Customer[]> {
  return db
    .selectFrom('user_entities as ue')
    .innerJoin('entities as e', 'e.id', 'ue.entity_id')
    .select(['e.code as codigo', 'e.name as razon_social', 'e.cuit'])
    .where('ue.user_id', '=', userId)
    .where('ue.company_id', '=', companyId)
    .where('e.company_id', '=', companyId)
    .orderBy('e.code')
    .execute();
}

/** A customer registered in the portal links itself to the company by its CUIT (the company's first sight of them). */
export async function userRegistered(db: DB, companyId: number, userId: number): Promise<NewEvent<'usuario.registrado'>> {
  return {
    companyId, kind: 'usuario.registrado', actorUserId: userId, subject: `usuario/${userId}`,
    payload: { usuario: await portalUser(db, userId), empresa: await company(db, companyId), entidades: await linkedEntities(db, companyId, userId) },
  };
}

/**
 * An administrator changed the entities linked to a user: `before` is the list read in the same transaction before
 * the change. Answers null when the codes linked did not change (no event).
 */
export async function userEntitiesChanged(db: DB, companyId: number, userId: number, before: readonly Customer[], actor: Actor): Promise<NewEvent<'usuario.entidades_modificadas'> | null> {
  const after = await linkedEntities(db, companyId, userId);
  const was = new Set(before.map((e) => e.codigo));
  const is = new Set(after.map((e) => e.codigo));
  const agregadas = after.map((e) => e.codigo).filter((c) => !was.has(c));
  const quitadas = before.map((e) => e.codigo).filter((c) => !is.has(c));
  if (agregadas.length === 0 && quitadas.length === 0) return null;
  return {
    companyId, kind: 'usuario.entidades_modificadas', actorUserId: actor, subject: `usuario/${userId}`,
    payload: { usuario: await portalUser(db, userId), empresa: await company(db, companyId), entidades: after, agregadas, quitadas },
  };
}
