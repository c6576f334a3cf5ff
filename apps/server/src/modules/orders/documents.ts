import Decimal from 'decimal.js';
import { formatDate, formatMoney, orderingMsg, voucherNumberText } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { renderOrderPdf, type CompanyHeader } from '../../documents/index.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { sharePath, type ShareRegistry } from '../../lib/share-registry.js';
import type { EntityTenant } from '../../lib/identity.js';
import { amountsOf } from './amounts.js';
import { invoiceAmounts, letterFor } from './invoice.js';
import * as repo from './repository.js';

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

/**
 * 'Pedido N° 00001-00014906 de {empresa} (21-11-2026, total con IVA $ 255.714,50): {url}' — the PDF's number and
 * 'Importe total'; a purchase order placed without taxes says 'total sin impuestos', which is what its total is.
 */
function shareText(what: string, number: string, company: string, date: string, total: string, url: string, withTax = true): string {
  return `${what} N° ${number} de ${company} (${formatDate(date)}, total ${withTax ? 'con IVA' : 'sin impuestos'} ${formatMoney(total)}): ${url}`;
}

/**
 * The kinds of public link (GET /compartido/{token}) of this area, registered on the app's registry at startup:
 * a sales order's PDF ('order') and a purchase order's ('ordencompra'); the token names company, entity and id.
 */
export function registerOrderShareKinds(shares: ShareRegistry): void {
  shares.register(SALES_ORDER_SHARE_KIND, async ({ db, claims }) => {
    if (!/^\d{1,15}$/.test(claims.r)) return null;
    const order = await repo.salesOrderOfEntity(db, claims.c, claims.e, Number(claims.r));
    if (!order) return null;
    const { file, name } = await renderSalesOrder(db, order);
    return { fileName: name, contentType: 'application/pdf', body: file, disposition: 'inline' };
  });
  shares.register(PURCHASE_ORDER_SHARE_KIND, async ({ db, claims }) => {
    if (!/^\d{1,15}$/.test(claims.r)) return null;
    const order = await repo.purchaseOrderOfEntity(db, claims.c, claims.e, Number(claims.r));
    if (!order) return null;
    const { file, name } = await renderPurchaseOrder(db, order);
    return { fileName: name, contentType: 'application/pdf', body: file, disposition: 'inline' };
  });
}

/** The PDFs of sales and purchase orders and their share links (GET /proxy/pedidos/:id/pdf|compartir and the purchase twins). */
export class OrderDocuments {
  constructor(
    private readonly db: DB,
    private readonly opts: { tokenSecret: string; publicUrl: string },
  ) {}

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
    const a = (await amountsOf(this.db, 'sales', companyId, [order])).get(order.id)!;
    const texto = shareText(orderingMsg.textoCompartirPedido, voucherNumberText(order.series, order.number), tenant.company.name, order.ordered_on, a.total, url);
    return { success: true as const, url, texto, vence };
  }

  /** A purchase order of this entity; another entity's or company's and an unknown id answer alike (404), so ids reveal nothing. */
  private async purchaseOrder(companyId: number, entityId: number, orderId: number): Promise<repo.PurchaseOrderRow> {
    const order = await repo.purchaseOrderOfEntity(this.db, companyId, entityId, orderId);
    if (order) return order;
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
    const a = (await amountsOf(this.db, 'purchase', companyId, [order])).get(order.id)!;
    const texto = shareText(orderingMsg.textoCompartirOrden, voucherNumberText(order.series, order.number), tenant.company.name, order.ordered_on, a.total, url, order.with_tax);
    return { success: true as const, url, texto, vence };
  }
}
