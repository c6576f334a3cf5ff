import {
  formatDate,
  formatNumber,
  ORDERING,
  orderingMsg,
  PROFILE,
  TIME_ZONE,
  todayInArgentina,
  voucherNumberText,
  type StaffOrder,
  type StatusList,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { letterFor } from '../../lib/invoice-letter.js';
import { badRequest, forbidden } from '../../lib/http-errors.js';
import type { AuthUser, Tenant } from '../../lib/identity.js';
import { addDays, type OrderAmounts } from '../cart/index.js';
import { sellerIdsOfZone, sellerOfUser } from '../dashboard/index.js';
import { appendEvent, erpAnswer, salesOrderApplied, salesOrderApproved } from '../integration/index.js';
import { amountsOf, dueDaysFor, entityFiscal, generateCae, invoiceAmounts, salesOrderLines, STATUS, writeInvoice } from '../orders/index.js';
import * as repo from './repository.js';

/** Point of sale of the invoices the portal issues when an order is applied (docs/decisions/ordering.md). */
export const INVOICE_POINT_OF_SALE = 3;
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

/** The staff's order management (/proxy/gestionpedidos): the orders a staff member handles, approving and applying them. */
export class OrderAdminService {
  constructor(private readonly db: DB) {}

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
      erp: erpAnswer(r),
    };
  }

  private async staffOrder(companyId: number, orderId: number): Promise<StaffOrder> {
    const row = (await repo.staffOrder(this.db, companyId, orderId))!;
    return this.toStaffOrder(row, (await amountsOf(this.db, 'sales', companyId, [row])).get(row.id)!);
  }

  async staffList(user: AuthUser, tenant: Tenant, which: StatusList, start = 0, limit: number = ORDERING.statusPageSize, search?: string) {
    const sellers = await this.staffScope(user, tenant);
    const { rows, total } = await repo.staffOrders(this.db, tenant.company.id, sellers, STATUS[which], start, limit, search);
    const amounts = await amountsOf(this.db, 'sales', tenant.company.id, rows);
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
      await writeAudit(trx, { action: 'orders.approve', userId: user.userId, ip: user.ip, companyId, detail: { order: orderId } });
      await appendEvent(trx, await salesOrderApproved(trx, companyId, orderId, user.userId));
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
      const entity = await entityFiscal(trx, companyId, order.entity_id);
      const lines = await salesOrderLines(trx, companyId, [orderId]);
      const letter = letterFor(entity?.cuit ?? null);
      const amounts = invoiceAmounts(letter, lines);
      const today = todayInArgentina();
      const due = dueDaysFor(order.operation);
      const inv = await writeInvoice(trx, {
        companyId, entityId: order.entity_id, date: today, time: timeFormat.format(new Date()), letter, afipType: letter === 'A' ? 1 : 6,
        series: INVOICE_POINT_OF_SALE, currency: 'ARS', amount: amounts.total, net: amounts.net, vat21: amounts.vat21, vat105: amounts.vat105,
        dueDate: addDays(today, due.days), cae: generateCae(), caeDue: addDays(today, 10), originNumber: order.number, originSeries: order.series,
        saleCondition: due.condition, detail: `Pedido N° ${voucherNumberText(order.series, order.number)}`, lines: amounts.lines,
      });
      await repo.markApplied(trx, companyId, orderId, user.userId, inv.id);
      await writeAudit(trx, { action: 'orders.apply', userId: user.userId, ip: user.ip, companyId, detail: { order: orderId, invoice: inv.id } });
      await appendEvent(trx, await salesOrderApplied(trx, companyId, orderId, inv.id, user.userId));
    });
    return { success: true as const, msg: orderingMsg.pedidoAplicado, pedido: await this.staffOrder(companyId, orderId) };
  }
}
