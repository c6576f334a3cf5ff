import Decimal from 'decimal.js';
import { formatDate, formatNumber, ORDERING, voucherNumberText, type OrderRow, type StatusList, type StatusListResponse } from '@portal/contract';
import type { DB } from '../../db/database.js';
import type { EntityTenant } from '../../lib/identity.js';
import { amountsOf, STATUS } from './amounts.js';
import * as repo from './repository.js';
import { erpAnswer } from '../integration/index.js';

const CHANNEL: Record<string, [string, string]> = { web: ['WEB', 'Portal web'], seller: ['VEN', 'Vendedor'], counter: ['MOS', 'Mostrador'] };
const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** The entity's orders by status: GET /proxy/pedidos and /proxy/ordenescompra with pendientes | aprobados | aplicados. */
export class OrderLists {
  constructor(private readonly db: DB) {}

  /** Pendientes / Aprobados / Aplicados of this entity, 5 per page. */
  async statusList(kind: repo.OrderKind, tenant: EntityTenant, which: StatusList, start = 0, limit: number = ORDERING.statusPageSize): Promise<StatusListResponse> {
    const { rows, total } = await repo.ordersByStatus(this.db, kind, tenant.company.id, tenant.entity.id, STATUS[which], start, limit);
    const amounts = await amountsOf(this.db, kind, tenant.company.id, rows);
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
        erp: erpAnswer(r),
      };
    });
    return { success: true, productos, total };
  }
}
