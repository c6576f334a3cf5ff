import Decimal from 'decimal.js';
import type { z } from 'zod';
import {
  orderingMsg,
  todayInArgentina,
  type cartLineBody,
  type purchaseConditionBody,
  type salesConditionBody,
  type PurchaseCartResponse,
  type SalesCartResponse,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { badRequest, forbidden } from '../../lib/http-errors.js';
import type { AuthUser, EntityTenant, PriceLists } from '../../lib/identity.js';
import { priceListOf } from '../catalog/index.js';
import { companyParameters } from '../../lib/company-parameters.js';
import { toPurchaseCart, toSalesCart } from './mapper.js';
import * as repo from './repository.js';

/** The lead every order has at least, in days, when its products ask for less (docs/decisions/ordering.md). */
export const DEFAULT_DELIVERY_DAYS = 1;

export type CartLineInput = { producto_id: number; pedido_cantidad: number; precio_final?: string };

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function validDate(iso: string): boolean {
  const d = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

/** Whether a proposed price is outside the list's bounds: computed here, never taken from the client. */
export function outsideBounds(price: string, min: string, max: string): boolean {
  const p = new Decimal(price);
  return p.lessThan(min) || p.greaterThan(max);
}

type ConditionFields = z.output<typeof salesConditionBody> & z.output<typeof purchaseConditionBody>;
type ConditionBody = z.output<typeof salesConditionBody> | z.output<typeof purchaseConditionBody>;

/** The conditions chosen from a list: the list's table, the cart's column and the 400 when the item is not there. */
const LOOKUP_CONDITIONS = {
  dentrega: { table: 'delivery_destinations', column: 'destination_id', missing: orderingMsg.destinoInexistente, byEntity: true },
  origen: { table: 'order_origins', column: 'origin_id', missing: orderingMsg.origenInexistente, byEntity: false },
  operacion: { table: 'operation_types', column: 'operation_type_id', missing: orderingMsg.operacionInexistente, byEntity: false },
  cpago: { table: 'payment_conditions', column: 'payment_condition_id', missing: orderingMsg.condicionPagoInexistente, byEntity: false },
} as const satisfies Partial<Record<keyof ConditionFields, { table: Parameters<typeof repo.lookupExists>[1]; column: string; missing: string; byEntity: boolean }>>;

/**
 * The server-side cart of sales orders and purchase orders: one open cart per user, entity and kind, created on
 * first use. Every change locks the cart row in a transaction, so concurrent changes and a confirmation serialise.
 */
export class CartService {
  private readonly parameters: ReturnType<typeof companyParameters>;

  constructor(private readonly db: DB) {
    this.parameters = companyParameters(db);
  }

  owner(user: AuthUser, tenant: EntityTenant, kind: repo.CartKind): repo.CartOwner {
    return { companyId: tenant.company.id, entityId: tenant.entity.id, userId: user.userId, kind, lists: tenant.entity.priceLists, ip: user.ip };
  }

  /** The open cart, created (with the single destination and origin preselected) when there is none. */
  async openCart(o: repo.CartOwner): Promise<repo.CartRow> {
    const found = await repo.findOpenCart(this.db, o);
    if (found) return found;
    const defaults = o.kind === 'sales' ? await repo.singleDefaults(this.db, o.companyId, o.entityId) : { destinationId: null, originId: null };
    await repo.createCart(this.db, o, defaults);
    const created = await repo.findOpenCart(this.db, o);
    if (!created) throw new Error('cart not created');
    return created;
  }

  private async deliveryDays(db: DB, companyId: number, cartId: number): Promise<number> {
    return Math.max(DEFAULT_DELIVERY_DAYS, await repo.maxDeliveryDays(db, companyId, cartId));
  }

  /**
   * The entity's price lists: the gate's (read for this request) outside a transaction, read again inside one (a
   * change prices its lines with what the transaction sees).
   */
  private lists(db: DB, o: repo.CartOwner): Promise<PriceLists | null> | PriceLists | null {
    return db === this.db && o.lists !== undefined ? o.lists : priceListOf(db, o.companyId, o.entityId);
  }

  /**
   * The cart and its lines: a given cart's lines; else the open cart with its lines in one statement, or the cart
   * just opened (no lines yet, but read as any other).
   */
  private async cartAndLines(db: DB, o: repo.CartOwner, cart?: repo.CartRow): Promise<{ c: repo.CartRow; lines: repo.LineRow[]; dias: number }> {
    const daysOf = (lines: repo.LineRow[]) => Math.max(DEFAULT_DELIVERY_DAYS, ...lines.map((l) => l.delivery_days));
    if (!cart) {
      const found = await repo.openCartWithLines(db, o, await this.lists(db, o));
      if (found) {
        const { lines, ...c } = found;
        return { c, lines, dias: daysOf(lines) };
      }
    }
    const c = cart ?? (await this.openCart(o));
    const lines = await repo.cartLines(db, o.companyId, c.id, await this.lists(db, o));
    return { c, lines, dias: daysOf(lines) };
  }

  /** The sales cart and the drawer's configuration. */
  async salesCart(o: repo.CartOwner, cart?: repo.CartRow, db: DB = this.db): Promise<SalesCartResponse> {
    const [{ c, lines, dias }, parameters] = await Promise.all([this.cartAndLines(db, o, cart), this.parameters(o.companyId)]);
    return {
      success: true,
      carrito: toSalesCart(c, lines),
      diasentrega: dias,
      fecha_minima_entrega: addDays(todayInArgentina(), dias),
      muestra_tipooperacion: parameters.get('pedidos.muestra_tipooperacion') === 'true',
    };
  }

  async purchaseCart(o: repo.CartOwner, cart?: repo.CartRow, db: DB = this.db): Promise<PurchaseCartResponse> {
    const { c, lines, dias } = await this.cartAndLines(db, o, cart);
    return { success: true, carrito: toPurchaseCart(c, lines), diasentrega: dias, fecha_minima_entrega: addDays(todayInArgentina(), dias) };
  }

  /** Runs `change` on the caller's open cart, locked; 403 when the cart is not theirs or no longer open. */
  async withOpenCart<T>(o: repo.CartOwner, cartId: number, change: (trx: DB, cart: repo.CartRow) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const cart = await repo.lockCart(trx, o, cartId);
      if (!cart || cart.status !== 'open') throw forbidden(orderingMsg.carritoInexistente);
      return change(trx, cart);
    });
  }

  /** The reloaded cart after a change, read after the change committed, with the change's message. */
  async salesReply(o: repo.CartOwner, msg: string) {
    return { ...(await this.salesCart(o)), msg };
  }
  async purchaseReply(o: repo.CartOwner, msg: string) {
    return { ...(await this.purchaseCart(o)), msg };
  }

  /**
   * Adds or sets lines (one, or the quick-entry batch) in one transaction. Every product must be an active product
   * of this company priced in the entity's list (403 otherwise: nothing about other tenants leaks). A proposed price
   * outside [min, max] marks the line's price alert (sales carts).
   */
  async setLines(o: repo.CartOwner, cartId: number, body: z.output<typeof cartLineBody>, add: boolean) {
    const inputs: CartLineInput[] = 'productos' in body ? body.productos : [body];
    if ('pedido_id' in body && body.pedido_id !== undefined && body.pedido_id !== cartId) throw forbidden(orderingMsg.carritoInexistente);
    await this.withOpenCart(o, cartId, async (trx) => {
      const priceListId = await priceListOf(trx, o.companyId, o.entityId);
      const ids = [...new Set(inputs.map((l) => l.producto_id))];
      const prices = priceListId === null ? [] : await repo.priceInfo(trx, o.companyId, priceListId, ids);
      const byId = new Map(prices.map((p) => [p.product_id, p]));
      if (ids.some((id) => !byId.has(id))) throw forbidden(orderingMsg.productoInexistente);
      // The same product twice in one batch: its quantities add up, the last price wins.
      const merged = new Map<number, repo.LineUpsert>();
      for (const l of inputs) {
        const info = byId.get(l.producto_id)!;
        const prev = merged.get(l.producto_id);
        const quantity = new Decimal(l.pedido_cantidad).plus(prev ? prev.quantity : 0).toString();
        const price = l.precio_final ?? prev?.price ?? null;
        const alert = price === null ? null : o.kind === 'sales' && outsideBounds(price, info.min_price, info.max_price);
        merged.set(l.producto_id, { productId: l.producto_id, quantity, price, alert });
      }
      await repo.upsertLines(trx, o.companyId, cartId, [...merged.values()], add);
      await this.assertOneCurrency(trx, o, cartId, priceListId);
    });
    return orderingMsg.productosAgregados;
  }

  /**
   * A cart (and so an order, its total and its invoice) is in one currency: a change that would mix pesos and
   * dollars is refused and rolled back, so a total is never summed across currencies.
   */
  async assertOneCurrency(trx: DB, o: repo.CartOwner, cartId: number, priceListId?: Awaited<ReturnType<typeof priceListOf>>) {
    const lists = priceListId === undefined ? await priceListOf(trx, o.companyId, o.entityId) : priceListId;
    if (await repo.mixesCurrencies(trx, o.companyId, cartId, lists)) throw badRequest(orderingMsg.monedasDistintas);
  }

  /**
   * The delivery date against the cart's earliest one (today in Buenos Aires plus the lead of its slowest
   * product): checked when the date is set and again at confirmation, since a later line can raise the lead.
   */
  async checkDeliveryDate(trx: DB, companyId: number, cartId: number, date: string) {
    if (!validDate(date)) throw badRequest(orderingMsg.fechaInvalida);
    const min = addDays(todayInArgentina(), await this.deliveryDays(trx, companyId, cartId));
    if (date < min) throw badRequest(orderingMsg.fechaEntregaTemprana);
  }

  /**
   * PUT ?type=condiciones: one condition of the cart (the body names exactly one, checked by the contract). The sales
   * cart takes destination, origin, operation, delivery date and detail; the purchase cart payment condition, with
   * taxes, delivery date and detail. A chosen list item must be this company's (the destination also the entity's).
   */
  async setCondition(o: repo.CartOwner, cartId: number, body: ConditionBody) {
    const entry = Object.entries(body).find(([, v]) => v !== undefined) as [keyof ConditionFields, unknown] | undefined;
    await this.withOpenCart(o, cartId, async (trx) => {
      if (!entry) return;
      const [field, value] = entry;
      const lookup = field in LOOKUP_CONDITIONS ? LOOKUP_CONDITIONS[field as keyof typeof LOOKUP_CONDITIONS] : undefined;
      if (lookup) {
        const id = value as number | null;
        if (id !== null && !(await repo.lookupExists(trx, lookup.table, o.companyId, id, lookup.byEntity ? o.entityId : undefined))) throw badRequest(lookup.missing);
        await repo.updateCart(trx, o.companyId, cartId, { [lookup.column]: id });
      } else if (field === 'fecha_entrega') {
        const date = value as string | null;
        if (date !== null) await this.checkDeliveryDate(trx, o.companyId, cartId, date);
        await repo.updateCart(trx, o.companyId, cartId, { delivery_date: date });
      } else if (field === 'conimpuesto') {
        await repo.updateCart(trx, o.companyId, cartId, { with_tax: value as boolean });
      } else if (field === 'detalle') {
        const text = value as string | null;
        await repo.updateCart(trx, o.companyId, cartId, { detail: text === null || text.trim() === '' ? null : text.trim() });
      }
    });
    return orderingMsg.condicionActualizada;
  }

  /** The sales cart's conditions, typed by its body (one implementation: setCondition). */
  setSalesCondition(o: repo.CartOwner, cartId: number, body: z.output<typeof salesConditionBody>) {
    return this.setCondition(o, cartId, body);
  }

  /** The purchase cart's conditions, typed by its body (one implementation: setCondition). */
  setPurchaseCondition(o: repo.CartOwner, cartId: number, body: z.output<typeof purchaseConditionBody>) {
    return this.setCondition(o, cartId, body);
  }

  /** Removes one line (by product for sales carts, by line id `pk` for purchase carts) or, without it, all. */
  async removeLines(o: repo.CartOwner, cartId: number, which: { productId?: number; lineId?: number }) {
    const one = which.productId !== undefined || which.lineId !== undefined;
    await this.withOpenCart(o, cartId, async (trx) => {
      const n = await repo.deleteLines(trx, o.companyId, cartId, which);
      if (one && n === 0) throw badRequest(orderingMsg.lineaInexistente);
    });
    return one ? orderingMsg.productoEliminado : orderingMsg.carritoVaciado;
  }

  /** addAlerta: records the alert of a line whose price is outside the bounds (400 when it is inside). */
  async addAlert(o: repo.CartOwner, cartId: number, productId: number) {
    await this.withOpenCart(o, cartId, async (trx) => {
      const line = (await repo.cartLines(trx, o.companyId, cartId, await priceListOf(trx, o.companyId, o.entityId))).find((l) => l.product_id === productId);
      if (!line) throw badRequest(orderingMsg.lineaInexistente);
      if (!outsideBounds(line.unit_price, line.min_price, line.max_price)) throw badRequest(orderingMsg.sinAlerta);
      await repo.setLinePrice(trx, o.companyId, cartId, productId, line.price, true);
    });
    return orderingMsg.alertaRegistrada;
  }

  /** deleteAlerta: the proposed price is withdrawn (the list's price applies again) and the alert cleared. */
  async deleteAlert(o: repo.CartOwner, cartId: number, productId: number) {
    await this.withOpenCart(o, cartId, async (trx) => {
      const n = await repo.setLinePrice(trx, o.companyId, cartId, productId, null, false);
      if (n === 0) throw badRequest(orderingMsg.lineaInexistente);
    });
    return orderingMsg.alertaEliminada;
  }

  // ── Lookups ─────────────────────────────────────────────────────────────────────────────────────────────────

  async paymentConditions(companyId: number) {
    const rows = await repo.paymentConditions(this.db, companyId);
    return { success: true as const, items: rows.map((r) => ({ id: r.id, conpago: r.code, despago: r.description })) };
  }
  async destinations(companyId: number, entityId: number) {
    const rows = await repo.destinations(this.db, companyId, entityId);
    return { success: true as const, items: rows.map((r) => ({ destino_id: r.id, descripcion: r.description, localidad: r.locality ?? '' })) };
  }
  async origins(companyId: number) {
    const rows = await repo.origins(this.db, companyId);
    return { success: true as const, items: rows.map((r) => ({ origen_id: r.id, descripcion: r.description, localidad: r.locality ?? '' })) };
  }
  async operations(companyId: number) {
    const rows = await repo.operationTypes(this.db, companyId);
    return { success: true as const, items: rows.map((r) => ({ id: r.id, descripcion: r.description })) };
  }
}

