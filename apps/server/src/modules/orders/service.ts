import Decimal from 'decimal.js';
import {
  formatDate,
  formatNumber,
  ORDERING,
  orderingMsg,
  TIME_ZONE,
  todayInArgentina,
  voucherNumberText,
  type ConfirmResponse,
  type HistoryResponse,
  type OrderRow,
  type StaffOrder,
  type StatusList,
  type StatusListResponse,
  PROFILE,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { renderOrderPdf, type CompanyHeader } from '../../documents/index.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import type { AuthUser, EntityTenant, Tenant } from '../../plugins/access.js';
import { imagesOf, formatQuantity } from '../catalog/index.js';
import { priceListOf } from '../catalog/index.js';
import * as cartRepo from '../cart/index.js';
import { addDays, type CartService } from '../cart/index.js';
import { sellerIdsOfZone, sellerOfUser } from '../dashboard/index.js';
import { registerShareKind, sharePath } from '../../lib/share-registry.js';
import { dueDaysFor, generateCae, invoiceAmounts, letterFor, orderAmounts, type OrderAmounts } from './invoice.js';
import * as repo from './repository.js';

const STATUS: Record<StatusList, 'pending' | 'approved' | 'applied'> = { pendientes: 'pending', aprobados: 'approved', aplicados: 'applied' };
const CHANNEL: Record<string, [string, string]> = { web: ['WEB', 'Portal web'], seller: ['VEN', 'Vendedor'], counter: ['MOS', 'Mostrador'] };
/** Point of sale of the invoices the portal issues when an order is applied (docs/decisions/ordering.md). */
export const INVOICE_POINT_OF_SALE = 3;
/** Share links of an order PDF live this long. */
export const SHARE_TTL_SECONDS = 7 * 24 * 3600;

/** Kinds of the share tokens of order PDFs, served by the one public link GET /compartido/{token}. */
export const PURCHASE_ORDER_SHARE_KIND = 'ordencompra';
export const SALES_ORDER_SHARE_KIND = 'order';

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const STATUS_TEXT = { pending: 'Pendiente', approved: 'Aprobado', applied: 'Aplicado', cancelled: 'Cancelado' } as const;

async function companyHeaderOf(db: DB, companyId: number): Promise<CompanyHeader> {
  const company = await repo.companyHeader(db, companyId);
  return {
    name: company.name, cuit: company.cuit, address: company.address ?? '', ivaCondition: company.iva_condition,
    grossIncome: company.gross_income, activityStart: company.activity_start, primaryColor: company.branding?.colors?.primary ?? null,
  } as CompanyHeader;
}

async function customerOf(db: DB, companyId: number, entityId: number) {
  const entity = await repo.entityFiscal(db, companyId, entityId);
  return {
    name: entity?.name ?? '', cuit: entity?.cuit ?? null, ivaCondition: letterFor(entity?.cuit ?? null) === 'A' ? 'IVA Responsable Inscripto' : 'Consumidor Final',
    address: [entity?.locality, entity?.province].filter(Boolean).join(', ') || null, code: entity ? String(entity.code) : null,
  };
}

/** Order lines as the order PDF prints them (prices before VAT, no discount column: the price is already final). */
function pdfLines(lines: ReadonlyArray<{ alpha_code: string; name: string; quantity: string; sales_unit: string; final_price: string; amount: string }>) {
  return lines.map((l) => ({
    code: l.alpha_code, description: l.name, quantity: l.quantity, unit: l.sales_unit, unitPrice: l.final_price, discountPercent: '0', amount: l.amount,
  }));
}

/**
 * The PDF of a purchase order ('Orden de compra', letter X): its lines, payment condition, with-tax flag, delivery
 * date and detail. With taxes the VAT of each line's family is added as on a sales order; without, the total is
 * the lines' net amount.
 */
async function renderPurchaseOrder(db: DB, order: repo.PurchaseOrderRow): Promise<{ file: Buffer; name: string }> {
  const [header, customer, lines] = await Promise.all([
    companyHeaderOf(db, order.company_id),
    customerOf(db, order.company_id, order.entity_id),
    repo.purchaseOrderLines(db, order.company_id, [order.id]),
  ]);
  const amounts = order.with_tax
    ? invoiceAmounts('A', lines)
    : { net: money(order.total), vat21: '0.00', vat105: '0.00', total: money(order.total) };
  const condition = order.payment_condition ?? 'Sin condición de pago';
  const file = await renderOrderPdf(
    {
      title: 'Orden de compra',
      pointOfSale: order.series,
      number: order.number,
      date: order.ordered_on,
      deliveryDate: order.delivery_date,
      currency: order.currency === 'USD' ? 'USD' : 'ARS',
      customer,
      // The voucher layout prints it as 'Condición de venta': the order's payment condition (cpago).
      saleCondition: condition,
      lines: pdfLines(lines),
      net: amounts.net,
      vat21: amounts.vat21,
      vat105: amounts.vat105,
      total: amounts.total,
      detail: order.detail,
      extraFields: [
        { label: 'Estado', value: STATUS_TEXT[order.status] },
        { label: 'Con impuestos', value: order.with_tax ? 'Sí' : 'No' },
      ],
    },
    header,
  );
  return { file, name: `orden-de-compra-${order.number}.pdf` };
}

/** The PDF of a sales order ('Pedido', letter X): lines at the order's prices, VAT by family, conditions and status. */
async function renderSalesOrder(db: DB, order: repo.SalesOrderRow): Promise<{ file: Buffer; name: string }> {
  const [header, customer, lines, cond] = await Promise.all([
    companyHeaderOf(db, order.company_id),
    customerOf(db, order.company_id, order.entity_id),
    repo.salesOrderLines(db, order.company_id, [order.id]),
    repo.orderConditions(db, order.company_id, order.id),
  ]);
  const amounts = invoiceAmounts('A', lines);
  const file = await renderOrderPdf(
    {
      title: 'Pedido',
      pointOfSale: order.series,
      number: order.number,
      date: order.ordered_on,
      deliveryDate: order.delivery_date,
      currency: order.currency === 'USD' ? 'USD' : 'ARS',
      customer,
      saleCondition: cond?.operation ?? 'Cuenta corriente',
      lines: pdfLines(lines),
      net: amounts.net,
      vat21: amounts.vat21,
      vat105: amounts.vat105,
      total: amounts.total,
      detail: order.detail,
      extraFields: [
        { label: 'Estado', value: STATUS_TEXT[order.status] },
        ...(cond?.destination ? [{ label: 'Entrega', value: cond.destination }] : []),
        ...(cond?.origin ? [{ label: 'Origen', value: cond.origin }] : []),
        ...(cond?.seller ? [{ label: 'Vendedor', value: cond.seller }] : []),
      ],
    },
    header,
  );
  return { file, name: `pedido-${order.number}.pdf` };
}

// The public link of a sales order's PDF: the token names the company, entity and sales_orders.id.
registerShareKind(SALES_ORDER_SHARE_KIND, async ({ db, claims }) => {
  if (!/^\d{1,15}$/.test(claims.r)) return null;
  const order = await repo.salesOrderOfEntity(db, claims.c, claims.e, Number(claims.r));
  if (!order) return null;
  const { file, name } = await renderSalesOrder(db, order);
  return { fileName: name, contentType: 'application/pdf', body: file, disposition: 'inline' };
});

// The public link of a purchase order's PDF: the token names the company, entity and purchase_orders.id.
registerShareKind(PURCHASE_ORDER_SHARE_KIND, async ({ db, claims }) => {
  if (!/^\d{1,15}$/.test(claims.r)) return null;
  const order = await repo.purchaseOrderOfEntity(db, claims.c, claims.e, Number(claims.r));
  if (!order) return null;
  const { file, name } = await renderPurchaseOrder(db, order);
  return { fileName: name, contentType: 'application/pdf', body: file, disposition: 'inline' };
});
/** 'Pedido N° 00001-00014906 de {empresa} (21-11-2026, total con IVA $ 255.714,50): {url}' — the PDF's number and 'Importe total'. */
function shareText(what: string, number: string, company: string, date: string, total: string, url: string): string {
  return `${what} N° ${number} de ${company} (${formatDate(date)}, total con IVA $ ${formatNumber(total)}): ${url}`;
}
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

export class OrdersService {
  constructor(
    private readonly db: DB,
    private readonly carts: CartService,
    private readonly opts: { tokenSecret: string; publicUrl: string },
  ) {}

  /**
   * Confirms a cart exactly once: the cart row is locked, an already confirmed cart answers the order it became
   * (a double click or a retry never writes a second order; sales_orders.cart_id is unique as a last guard).
   */
  async confirm(o: cartRepo.CartOwner, cartId: number): Promise<ConfirmResponse> {
    const okMsg = o.kind === 'sales' ? orderingMsg.pedidoRealizado : orderingMsg.ordenRealizada;
    const order = await this.db.transaction().execute(async (trx) => {
      const cart = await cartRepo.lockCart(trx, o, cartId);
      if (!cart) throw forbidden(orderingMsg.carritoInexistente);
      if (cart.status === 'confirmed') {
        const done = await repo.orderOfCart(trx, o.kind, o.companyId, cartId);
        if (!done) throw forbidden(orderingMsg.carritoInexistente);
        return done;
      }
      if ((await cartRepo.lineCount(trx, o.companyId, cartId)) === 0) throw badRequest(orderingMsg.carritoVacio);
      if (o.kind === 'purchase' && cart.payment_condition_id === null) throw badRequest(orderingMsg.ingresarCondicionPago);
      // A line added after the date was set can raise the lead: the date is checked again here.
      if (cart.delivery_date !== null) await this.carts.checkDeliveryDate(trx, o.companyId, cartId, cart.delivery_date);
      const priceListId = await priceListOf(trx, o.companyId, o.entityId);
      if (priceListId === null) throw badRequest(orderingMsg.productoSinPrecio);
      const written = await repo.writeOrder(trx, o.kind, {
        companyId: o.companyId, entityId: o.entityId, userId: o.userId, cartId, today: todayInArgentina(), priceListId, cart,
      });
      if (new Decimal(written.total).isZero()) throw badRequest(orderingMsg.carritoVacio);
      await cartRepo.updateCart(trx, o.companyId, cartId, { status: 'confirmed' });
      await writeAudit(trx, {
        action: o.kind === 'sales' ? 'orders.confirm' : 'purchase-orders.confirm',
        userId: o.userId,
        companyId: o.companyId,
        detail: { order: written.id, number: written.number, cart: cartId, entity: o.entityId, total: written.total },
      });
      const done = await repo.orderOfCart(trx, o.kind, o.companyId, cartId);
      if (!done) throw new Error('order not written');
      return done;
    });
    const a = await this.amountsOf(o.kind, o.companyId, [order])
      .then((m) => m.get(order.id)!);
    return {
      success: true, msg: okMsg, id: order.id, numero: order.number, numero_con_formato: voucherNumberText(order.series, order.number),
      total: Number(a.total), total_con_formato: formatNumber(a.total), neto: Number(a.net), neto_con_formato: formatNumber(a.net),
      iva: Number(a.vat), iva_con_formato: formatNumber(a.vat),
    };
  }

  /** Neto, IVA and total (VAT included) of orders, from their lines (cart/amounts.ts: one rule for every place). */
  private async amountsOf(kind: repo.OrderKind, companyId: number, orders: ReadonlyArray<{ id: number; with_tax?: boolean }>): Promise<Map<number, OrderAmounts>> {
    const ids = orders.map((r) => r.id);
    const lines = kind === 'sales' ? await repo.salesOrderLines(this.db, companyId, ids) : await repo.purchaseOrderLines(this.db, companyId, ids);
    return new Map(orders.map((r) => [r.id, orderAmounts(lines.filter((l) => l.order_id === r.id), r.with_tax ?? true)]));
  }

  /** Pendientes / Aprobados / Aplicados of this entity, 5 per page. */
  async statusList(kind: repo.OrderKind, tenant: EntityTenant, which: StatusList, start = 0, limit: number = ORDERING.statusPageSize): Promise<StatusListResponse> {
    const { rows, total } = await repo.ordersByStatus(this.db, kind, tenant.company.id, tenant.entity.id, STATUS[which], start, limit);
    const amounts = await this.amountsOf(kind, tenant.company.id, rows);
    const productos: OrderRow[] = rows.map((r) => {
      // Amounts VAT included, like the PDF: the applied share of the order (all or nothing) of its total.
      const withVat = new Decimal(amounts.get(r.id)!.total);
      const applied = new Decimal(r.total).isZero() ? new Decimal(0) : withVat.times(r.applied_amount).div(r.total).toDecimalPlaces(2);
      const pending = withVat.minus(applied);
      const [code, channel] = CHANNEL[r.channel ?? ''] ?? ['OC', 'Portal web'];
      return {
        id: r.id,
        descom: kind === 'sales' ? 'Pedido' : 'Orden de compra',
        letra_id: 'X',
        fecha: r.ordered_on,
        fecha_con_formato: formatDate(r.ordered_on),
        torig: code,
        norig: r.number,
        origen_del_pedido: r.origin ?? channel,
        importe_pendiente: Number(money(pending)),
        importe_pendiente_con_formato: formatNumber(money(pending)),
        importe_aplicado: Number(money(applied)),
        importe_aplicado_con_formato: formatNumber(money(applied)),
        codcom_id: kind === 'sales' ? 'PED' : 'OC',
        codtal_id: r.series,
        numero: r.number,
        numero_con_formato: voucherNumberText(r.series, r.number),
        estado: r.status,
      };
    });
    return { success: true, productos, total };
  }

  /** Order history of the entity, 8 per page, optionally one month (the dashboard's /pedidos/historial/{YYYY-MM}). */
  async history(tenant: EntityTenant, month: string | undefined, start: number, limit: number = ORDERING.historyPageSize): Promise<HistoryResponse> {
    const companyId = tenant.company.id;
    const { rows, total } = await repo.history(this.db, companyId, tenant.entity.id, month, start, limit);
    const lines = await repo.salesOrderLines(this.db, companyId, rows.map((r) => r.id));
    const totalOf = (id: number) => orderAmounts(lines.filter((l) => l.order_id === id)).total;
    return {
      success: true,
      total,
      productos: rows.map((r) => ({
        id: r.id,
        numero: r.number,
        numero_con_formato: voucherNumberText(r.series, r.number),
        fecha: r.ordered_on,
        fecha_con_formato: formatDate(r.ordered_on),
        detalle: r.detail ?? '',
        origen_id: r.origin_id,
        origen_descripcion: r.origin ?? '',
        destino_id: r.destination_id,
        destino_descripcion: r.destination ?? '',
        total: Number(totalOf(r.id)),
        total_con_formato: formatNumber(totalOf(r.id)),
        productos: lines
          .filter((l) => l.order_id === r.id)
          .map((l) => ({
            renglon_id: l.id,
            producto_id: l.product_id,
            descripcion: l.name,
            url: imagesOf(l.images),
            pedido_cantidad: Number(l.quantity),
            pedido_cantidad_con_formato: formatQuantity(l.quantity),
            precio_final: Number(l.final_price),
            precio_final_con_formato: formatNumber(l.final_price),
            es_nuevo: l.is_new,
            es_promocion: l.is_promotion,
          })),
      })),
    };
  }

  /**
   * Repetir compra: copies destination, origin, detail and the products (at today's list prices) of one of the
   * entity's orders into the open cart, in one transaction; refused while the cart has lines.
   */
  async repeat(o: cartRepo.CartOwner, cartId: number, orderId: number | undefined) {
    if (orderId === undefined) throw badRequest(orderingMsg.historialInexistente);
    await this.carts.withOpenCart(o, cartId, async (trx) => {
      if ((await cartRepo.lineCount(trx, o.companyId, cartId)) > 0) throw badRequest(orderingMsg.carritoConProductos);
      const order = await repo.salesOrderOfEntity(trx, o.companyId, o.entityId, orderId);
      if (!order) throw forbidden(orderingMsg.historialInexistente);
      const priceListId = await priceListOf(trx, o.companyId, o.entityId);
      const lines = await repo.salesOrderLines(trx, o.companyId, [order.id]);
      const sellable = new Set((priceListId === null ? [] : await cartRepo.priceInfo(trx, o.companyId, priceListId, lines.map((l) => l.product_id))).map((p) => p.product_id));
      const copies = new Map<number, cartRepo.LineUpsert>();
      for (const l of lines.filter((x) => sellable.has(x.product_id))) {
        const prev = copies.get(l.product_id);
        copies.set(l.product_id, { productId: l.product_id, quantity: new Decimal(l.quantity).plus(prev?.quantity ?? 0).toString(), price: null, alert: false });
      }
      await cartRepo.upsertLines(trx, o.companyId, cartId, [...copies.values()], false);
      await this.carts.assertOneCurrency(trx, o, cartId, priceListId);
      await cartRepo.updateCart(trx, o.companyId, cartId, { destination_id: order.destination_id, origin_id: order.origin_id, detail: order.detail });
    });
    return orderingMsg.compraRepetida;
  }

  // ── Staff back office ───────────────────────────────────────────────────────────────────────────────────────

  /**
   * Whose orders a staff member handles: an administrator all of the company; a zone manager those of
   * the sellers of their zone; a seller those of their own customers. The same scope as the dashboards.
   */
  private async staffScope(user: AuthUser, tenant: Tenant): Promise<number[] | null> {
    if (tenant.isAdmin) return null;
    const companyId = tenant.company.id;
    const own = await sellerOfUser(this.db, companyId, user.userId);
    if (!own) return [];
    if (tenant.profileIds.includes(PROFILE.jefeDeZona) && own.zone_id !== null) return sellerIdsOfZone(this.db, companyId, own.zone_id);
    return [own.id];
  }

  private toStaffOrder(r: repo.StaffRow, a: OrderAmounts): StaffOrder {
    return {
      id: r.id,
      numero: r.number,
      numero_con_formato: voucherNumberText(r.series, r.number),
      fecha: r.ordered_on,
      fecha_con_formato: formatDate(r.ordered_on),
      entidad: r.entity_code,
      entidad_nombre: r.entity_name,
      vendedor: r.seller ?? '',
      detalle: r.detail ?? '',
      total: Number(a.total),
      total_con_formato: formatNumber(a.total),
      estado: r.status,
      factura: r.invoice,
    };
  }

  private async staffOrder(companyId: number, orderId: number): Promise<StaffOrder> {
    const row = (await repo.staffOrder(this.db, companyId, orderId))!;
    return this.toStaffOrder(row, (await this.amountsOf('sales', companyId, [row])).get(row.id)!);
  }

  async staffList(user: AuthUser, tenant: Tenant, which: StatusList, start = 0, limit: number = ORDERING.statusPageSize, search?: string) {
    const sellers = await this.staffScope(user, tenant);
    const { rows, total } = await repo.staffOrders(this.db, tenant.company.id, sellers, STATUS[which], start, limit, search);
    const amounts = await this.amountsOf('sales', tenant.company.id, rows);
    return { success: true as const, pedidos: rows.map((r) => this.toStaffOrder(r, amounts.get(r.id)!)), total };
  }

  /** Pendiente → Aprobado. Another state is a 400; an order outside the staff member's scope a 403. */
  async approve(user: AuthUser, tenant: Tenant, orderId: number) {
    const sellers = await this.staffScope(user, tenant);
    const companyId = tenant.company.id;
    await this.db.transaction().execute(async (trx) => {
      const order = await repo.lockOrderForStaff(trx, companyId, sellers, orderId);
      if (!order) throw forbidden(orderingMsg.pedidoInexistente);
      if (order.status !== 'pending') throw badRequest(orderingMsg.pedidoNoPendiente);
      await repo.markApproved(trx, companyId, orderId, user.userId);
      await writeAudit(trx, { action: 'orders.approve', userId: user.userId, companyId, detail: { order: orderId } });
    });
    return { success: true as const, msg: orderingMsg.pedidoAprobado, pedido: await this.staffOrder(companyId, orderId) };
  }

  /**
   * Aprobado → Aplicado: in one transaction writes the invoice (FC A/B with its VAT split per rate, CAE, due date
   * by the operation type, one voucher line per order line, origin PED + order number) and links it to the order.
   */
  async apply(user: AuthUser, tenant: Tenant, orderId: number) {
    const sellers = await this.staffScope(user, tenant);
    const companyId = tenant.company.id;
    await this.db.transaction().execute(async (trx) => {
      const order = await repo.lockOrderForStaff(trx, companyId, sellers, orderId);
      if (!order) throw forbidden(orderingMsg.pedidoInexistente);
      if (order.status !== 'approved') throw badRequest(orderingMsg.pedidoNoAprobado);
      const entity = await repo.entityFiscal(trx, companyId, order.entity_id);
      const lines = await repo.salesOrderLines(trx, companyId, [orderId]);
      const letter = letterFor(entity?.cuit ?? null);
      const amounts = invoiceAmounts(letter, lines);
      const today = todayInArgentina();
      const due = dueDaysFor(order.operation);
      const inv = await repo.writeInvoice(trx, {
        companyId, entityId: order.entity_id, date: today, time: timeFormat.format(new Date()), letter, afipType: letter === 'A' ? 1 : 6,
        series: INVOICE_POINT_OF_SALE, currency: 'ARS', amount: amounts.total, net: amounts.net, vat21: amounts.vat21, vat105: amounts.vat105,
        dueDate: addDays(today, due.days), cae: generateCae(), caeDue: addDays(today, 10), originNumber: order.number, originSeries: order.series,
        saleCondition: due.condition, detail: `Pedido N° ${order.number}`, lines: amounts.lines,
      });
      await repo.markApplied(trx, companyId, orderId, user.userId, inv.id);
      await writeAudit(trx, { action: 'orders.apply', userId: user.userId, companyId, detail: { order: orderId, invoice: inv.id } });
    });
    return { success: true as const, msg: orderingMsg.pedidoAplicado, pedido: await this.staffOrder(companyId, orderId) };
  }

  // ── PDF and share link ──────────────────────────────────────────────────────────────────────────────────────

  /** The order's PDF ('Pedido'), for an order of this entity only. */
  async pdf(companyId: number, entityId: number, orderId: number): Promise<{ file: Buffer; name: string }> {
    const order = await repo.salesOrderOfEntity(this.db, companyId, entityId, orderId);
    if (!order) throw forbidden(orderingMsg.pedidoInexistente);
    return renderSalesOrder(this.db, order);
  }

  /** A signed public link (GET /compartido/{token}) to the order's PDF, valid 7 days, and the text a WhatsApp message carries. */
  async share(tenant: EntityTenant, orderId: number) {
    const companyId = tenant.company.id;
    const entityId = tenant.entity.id;
    const order = await repo.salesOrderOfEntity(this.db, companyId, entityId, orderId);
    if (!order) throw forbidden(orderingMsg.pedidoInexistente);
    const path = sharePath(this.opts.tokenSecret, { c: companyId, e: entityId, k: SALES_ORDER_SHARE_KIND, r: String(order.id) }, SHARE_TTL_SECONDS);
    const url = `${this.opts.publicUrl}${path}`;
    const vence = new Date(Date.now() + SHARE_TTL_SECONDS * 1000).toISOString();
    const a = (await this.amountsOf('sales', companyId, [order])).get(order.id)!;
    const texto = shareText(orderingMsg.textoCompartirPedido, voucherNumberText(order.series, order.number), tenant.company.name, order.ordered_on, a.total, url);
    return { success: true as const, url, texto, vence };
  }

  /** A purchase order of this entity; another entity's or company's is 403, an unknown id 404. */
  private async purchaseOrder(companyId: number, entityId: number, orderId: number): Promise<repo.PurchaseOrderRow> {
    const order = await repo.purchaseOrderOfEntity(this.db, companyId, entityId, orderId);
    if (order) return order;
    if (await repo.purchaseOrderExists(this.db, orderId)) throw forbidden(orderingMsg.ordenInexistente);
    throw notFound(orderingMsg.ordenInexistente);
  }

  /** The purchase order's PDF ('Orden de compra'), for an order of this entity only. */
  async purchasePdf(companyId: number, entityId: number, orderId: number): Promise<{ file: Buffer; name: string }> {
    return renderPurchaseOrder(this.db, await this.purchaseOrder(companyId, entityId, orderId));
  }

  /** A signed public link (generic GET /compartido/{token}) to the purchase order's PDF, valid 7 days, and the WhatsApp text. */
  async purchaseShare(tenant: EntityTenant, orderId: number) {
    const companyId = tenant.company.id;
    const entityId = tenant.entity.id;
    const order = await this.purchaseOrder(companyId, entityId, orderId);
    const path = sharePath(this.opts.tokenSecret, { c: companyId, e: entityId, k: PURCHASE_ORDER_SHARE_KIND, r: String(order.id) }, SHARE_TTL_SECONDS);
    const url = `${this.opts.publicUrl}${path}`;
    const vence = new Date(Date.now() + SHARE_TTL_SECONDS * 1000).toISOString();
    const a = (await this.amountsOf('purchase', companyId, [order])).get(order.id)!;
    const texto = shareText(orderingMsg.textoCompartirOrden, voucherNumberText(order.series, order.number), tenant.company.name, order.ordered_on, a.total, url);
    return { success: true as const, url, texto, vence };
  }
}
