import Decimal from 'decimal.js';
import { formatDate, formatNumber, ORDERING, orderingMsg, voucherNumberText, type HistoryResponse } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { badRequest, forbidden } from '../../lib/http-errors.js';
import type { EntityTenant } from '../../lib/identity.js';
import { formatQuantity, imagesOf, priceListOf } from '../catalog/index.js';
import * as cartRepo from '../cart/index.js';
import type { CartService } from '../cart/index.js';
import { orderAmounts } from './invoice.js';
import * as repo from './repository.js';

/** The entity's order history (GET /proxy/pedidos?historial=true) and Repetir compra (PUT ?type=repetir). */
export class OrderHistory {
  constructor(
    private readonly db: DB,
    private readonly carts: CartService,
  ) {}

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
  async repeat(o: cartRepo.CartOwner, cartId: number, orderId: number | undefined, reviewed?: Array<{ producto_id: number; pedido_cantidad: number }>) {
    if (orderId === undefined) throw badRequest(orderingMsg.historialInexistente);
    await this.carts.withOpenCart(o, cartId, async (trx) => {
      if ((await cartRepo.lineCount(trx, o.companyId, cartId)) > 0) throw badRequest(orderingMsg.carritoConProductos);
      const order = await repo.salesOrderOfEntity(trx, o.companyId, o.entityId, orderId);
      if (!order) throw forbidden(orderingMsg.historialInexistente);
      const priceListId = await priceListOf(trx, o.companyId, o.entityId);
      // The quick order's review sends the lines the customer kept (with their quantities); without it, all of the order's.
      const lines = reviewed
        ? reviewed.map((l) => ({ product_id: l.producto_id, quantity: String(l.pedido_cantidad) }))
        : await repo.salesOrderLines(trx, o.companyId, [order.id]);
      const sellable = new Set((priceListId === null ? [] : await cartRepo.priceInfo(trx, o.companyId, priceListId, lines.map((l) => l.product_id))).map((p) => p.product_id));
      // A reviewed line that is no longer sellable refuses the whole repeat: the review was out of date, nothing is written.
      if (reviewed && lines.some((l) => !sellable.has(l.product_id))) throw forbidden(orderingMsg.productoInexistente);
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
}
