import Decimal from 'decimal.js';
import { formatNumber, orderingMsg, todayInArgentina, voucherNumberText, type ConfirmResponse } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, forbidden } from '../../lib/http-errors.js';
import { priceListOf } from '../catalog/index.js';
import { appendEvent, purchaseOrderConfirmed, salesOrderConfirmed } from '../integration/index.js';
import * as cartRepo from '../cart/index.js';
import type { CartService } from '../cart/index.js';
import { amountsOf } from './amounts.js';
import * as repo from './repository.js';

/** A cart becomes an order: PUT /proxy/pedidos and PUT /proxy/ordenescompra. */
export class OrderConfirmation {
  constructor(
    private readonly db: DB,
    private readonly carts: CartService,
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
        ip: o.ip ?? null,
        companyId: o.companyId,
        detail: { order: written.id, number: written.number, cart: cartId, entity: o.entityId, total: written.total },
      });
      await appendEvent(
        trx,
        o.kind === 'sales'
          ? await salesOrderConfirmed(trx, o.companyId, written.id, o.userId)
          : await purchaseOrderConfirmed(trx, o.companyId, written.id, o.userId),
      );
      const done = await repo.orderOfCart(trx, o.kind, o.companyId, cartId);
      if (!done) throw new Error('order not written');
      return done;
    });
    const a = (await amountsOf(this.db, o.kind, o.companyId, [order])).get(order.id)!;
    return {
      success: true, msg: okMsg, id: order.id, numero: order.number, numero_con_formato: voucherNumberText(order.series, order.number),
      total: Number(a.total), total_con_formato: formatNumber(a.total), neto: Number(a.net), neto_con_formato: formatNumber(a.net),
      iva: Number(a.vat), iva_con_formato: formatNumber(a.vat),
    };
  }
}
