import Decimal from 'decimal.js';
import type { z } from 'zod';
import {
  formatDateSlash,
  WAREHOUSE,
  warehouseMsg,
  type CatalogoResponse,
  type OrderLinesResponse,
  type PendingOrdersResponse,
  type pickingLine,
  type PutPickingResponse,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import type { UserScope } from '../../lib/identity.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.js';
import { normaliseSearch } from '../catalog/index.js';
import * as stockRepo from '../stock/index.js';
import { appendEvent, pickingDone } from '../integration/index.js';
import * as repo from './repository.js';

/** `ip`: the request's address, which the audit rows of a change record. */
type Line = z.output<typeof pickingLine>;

/** The pending list is for people, not an export: the newest orders up to this many. */
export const PENDING_LIMIT = 500;
/** Reason of a cancellation at picking (the legacy client's motivo 1). */
const CANCEL_REASON = 1;

const conflict = (message: string) => new HttpError(409, message);

/** What identifies a submission of putPicking: its lines in a canonical order, and its key when it has one. */
type Submission = { lines: string; key: string | null };
function submissionOf(input: Line[], key: string | null): Submission {
  const rows = input.map((l) => [l.id ?? 0, l.producto ?? 0, l.cantidad] as const);
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return { lines: JSON.stringify(rows), key };
}
const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const qty = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/**
 * Picking of the company's approved sales orders (field-warehouse.md, Pendientes and Pedido Nro.). Confirming
 * rewrites the order lines to what was picked, reprices changed products from the customer's list, recomputes
 * the total and takes the goods out of the picker's deposit; with every line at 0 the order is cancelled instead.
 * The order row is locked and order_pickings holds one row per order, so of two staff confirming at once exactly
 * one wins and the other gets 409.
 */
export class WarehouseService {
  constructor(private readonly db: DB) {}

  async pending(s: UserScope): Promise<PendingOrdersResponse> {
    const rows = await repo.pendingOrders(this.db, s.companyId, PENDING_LIMIT);
    return {
      success: true,
      items: rows.map((r) => ({
        id: r.id, numero: r.number, razsocial: r.entity_name, razsoc: r.entity_name, fecha: formatDateSlash(r.ordered_on), vendedor: r.seller ?? '',
        codent: r.entity_code, observacion: r.detail ?? '', renglones: r.lines,
      })),
    };
  }

  /** The order if it is still waiting to be picked; otherwise 404 (so another company's number is simply not there). */
  private async pendingOrder(db: DB, s: UserScope, number: number, lock = false) {
    const order = await repo.orderByNumber(db, s.companyId, number, lock);
    if (!order) throw notFound(warehouseMsg.pedidoNoPendiente);
    return order;
  }

  async lines(s: UserScope, number: number): Promise<OrderLinesResponse> {
    const order = await this.pendingOrder(this.db, s, number);
    if (order.status !== 'approved' || (await repo.pickingOf(this.db, s.companyId, order.id))) throw notFound(warehouseMsg.pedidoNoPendiente);
    const lines = await repo.orderLines(this.db, s.companyId, order.id);
    return {
      success: true,
      numero: order.number,
      razsocial: order.entity_name,
      fecha: formatDateSlash(order.ordered_on),
      items: lines.map((l) => ({
        id: l.id, nroren: l.line_no, producto: l.product_id, codalfa: l.alpha_code, alfacor: String(l.code), nombre: l.name, alias: l.sales_unit,
        linea: l.line ?? '', marca: l.brand ?? '', ubicacion: l.location, cantidad: new Decimal(l.quantity).toNumber(), precio: money(l.final_price),
        precvta: money(l.list_price), movprec: l.price_alert,
      })),
    };
  }

  async catalog(s: UserScope, text: string): Promise<CatalogoResponse> {
    const rows = await repo.pricedProducts(this.db, s.companyId, null, { words: normaliseSearch(text) }, WAREHOUSE.searchLimit);
    return { success: true, items: rows.map((p) => ({ id: p.id, codalfa: p.alpha_code, nombre: p.name, marca: p.brand ?? '', linea: p.line ?? '', ubicacion: p.location, precio: money(p.final_price), alias: p.sales_unit })) };
  }

  /**
   * What an order already picked or cancelled answers. Only an exact repeat of the submission that won (same user,
   * same lines, and the same Idempotency-Key when both carry one: a retry after a lost answer, a double tap) gets
   * its success again. Any other submission lost and is told why (409): another user's, or this user's from another
   * session with other quantities, whose counts were not applied.
   */
  private repeated(picking: repo.PickingRecord, s: UserScope, order: repo.OrderHead, total: string, submission: Submission): PutPickingResponse {
    if (picking.user_id !== s.userId) throw conflict(picking.outcome === 'picked' ? warehouseMsg.pedidoYaConfirmado : warehouseMsg.pedidoYaCancelado);
    const won = picking.lines?.submission;
    const sameKey = !won?.key || !submission.key || won.key === submission.key;
    if (!won || won.lines !== submission.lines || !sameKey) {
      throw conflict(picking.outcome === 'picked' ? warehouseMsg.pedidoYaConfirmadoOtraSesion : warehouseMsg.pedidoYaCanceladoOtraSesion);
    }
    return picking.outcome === 'picked'
      ? { success: true, msg: warehouseMsg.pedidoConfirmado, numero: order.number, estado: 'preparado', total }
      : { success: true, msg: warehouseMsg.pedidoCancelado, numero: order.number, estado: 'cancelado', total };
  }

  /** `key`: the submission's Idempotency-Key, when the client sends one. */
  async confirm(s: UserScope, number: number, input: Line[], key: string | null = null): Promise<PutPickingResponse> {
    const submission = submissionOf(input, key);
    return this.db.transaction().execute(async (trx) => {
      const order = await this.pendingOrder(trx, s, number, true);
      const done = await repo.pickingOf(trx, s.companyId, order.id);
      if (done) return this.repeated(done, s, order, money((await repo.setTotal(trx, s.companyId, order.id))), submission);
      if (order.status !== 'approved') throw notFound(warehouseMsg.pedidoNoPendiente);

      const current = await repo.orderLines(trx, s.companyId, order.id);
      const byId = new Map(current.map((l) => [l.id, l]));
      const seen = new Set<number>();
      for (const l of input) {
        if (l.id === undefined) continue;
        if (!byId.has(l.id)) throw badRequest(warehouseMsg.lineaNoEncontrada);
        if (seen.has(l.id)) throw badRequest(warehouseMsg.renglonesInvalidos);
        seen.add(l.id);
      }
      // Products that need a price: new lines and lines whose product was replaced.
      const wanted = [...new Set(input.filter((l) => l.producto !== undefined && (l.id === undefined || byId.get(l.id)!.product_id !== l.producto)).map((l) => l.producto!))];
      const priced = new Map((await repo.pricedProducts(trx, s.companyId, order.entity_id, { ids: wanted }, wanted.length || 1)).map((p) => [p.id, p]));
      for (const id of wanted) {
        if (!priced.has(id)) {
          const exists = await trx.selectFrom('products').select('id').where('company_id', '=', s.companyId).where('id', '=', id).where('active', '=', true).executeTakeFirst();
          throw badRequest(exists ? warehouseMsg.productoSinPrecio : warehouseMsg.productoInexistente);
        }
      }

      // The picked lines: every ordered line (unmentioned ones keep their quantity) and the new ones.
      type Final = { lineId?: number; productId: number; quantity: Decimal; write: repo.LineWrite | null };
      const finals: Final[] = [];
      const asked = new Map(input.filter((l) => l.id !== undefined).map((l) => [l.id!, l]));
      for (const l of current) {
        const a = asked.get(l.id);
        const quantity = new Decimal(a ? a.cantidad : l.quantity);
        const productId = a?.producto ?? l.product_id;
        const p = productId !== l.product_id ? priced.get(productId)! : null;
        const price = p ? { listPrice: p.list_price, discount1: p.discount1, discount2: p.discount2, finalPrice: p.final_price } : { listPrice: l.list_price, discount1: l.discount1, discount2: l.discount2, finalPrice: l.final_price };
        const changed = p !== null || !quantity.eq(l.quantity);
        finals.push({ lineId: l.id, productId, quantity, write: changed ? { productId, quantity: quantity.toFixed(3), ...price, amount: money(quantity.times(price.finalPrice)) } : null });
      }
      const added = new Map<number, Decimal>();
      for (const l of input) if (l.id === undefined) added.set(l.producto!, (added.get(l.producto!) ?? new Decimal(0)).plus(l.cantidad));
      for (const [productId, quantity] of added) {
        const p = priced.get(productId)!;
        finals.push({ productId, quantity, write: { productId, quantity: quantity.toFixed(3), listPrice: p.list_price, discount1: p.discount1, discount2: p.discount2, finalPrice: p.final_price, amount: money(quantity.times(p.final_price)) } });
      }
      const record = {
        submission,
        ordered: current.map((l) => ({ line: l.line_no, product: l.product_id, quantity: l.quantity })),
        picked: finals.filter((f) => f.quantity.gt(0)).map((f) => ({ product: f.productId, quantity: f.quantity.toFixed(3) })),
      };
      const deposit = await stockRepo.depositOf(trx, s.companyId, s.userId);

      if (finals.every((f) => f.quantity.isZero())) {
        await repo.cancelOrder(trx, s.companyId, order.id);
        await repo.insertPicking(trx, { companyId: s.companyId, orderId: order.id, userId: s.userId, depositId: deposit?.id ?? null, outcome: 'cancelled', reason: CANCEL_REASON, lines: record });
        await writeAudit(trx, { action: 'warehouse.cancel', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { order: order.id, at: 'picking' } });
        await appendEvent(trx, await pickingDone(trx, s.companyId, order.id, deposit?.id ?? null, 'cancelled', CANCEL_REASON, s.userId));
        return { success: true as const, msg: warehouseMsg.pedidoCancelado, numero: order.number, estado: 'cancelado' as const, total: money((await repo.setTotal(trx, s.companyId, order.id))) };
      }

      await repo.deleteLines(trx, s.companyId, finals.filter((f) => f.lineId !== undefined && f.quantity.isZero()).map((f) => f.lineId!));
      let lineNo = current.reduce((m, l) => Math.max(m, l.line_no), 0);
      for (const f of finals) {
        if (f.quantity.isZero() || !f.write) continue;
        if (f.lineId !== undefined) await repo.updateLine(trx, s.companyId, f.lineId, f.write);
        else await repo.insertLine(trx, s.companyId, order.id, ++lineNo, f.write);
      }
      const total = await repo.setTotal(trx, s.companyId, order.id);
      // The goods leave the picker's deposit.
      if (deposit) {
        const out = new Map<number, Decimal>();
        for (const f of finals) if (f.quantity.gt(0)) out.set(f.productId, (out.get(f.productId) ?? new Decimal(0)).plus(f.quantity));
        for (const [productId, quantity] of [...out].sort((a, b) => a[0] - b[0])) {
          const before = await stockRepo.lockLevel(trx, s.companyId, deposit.id, productId);
          await stockRepo.writeMovement(trx, { ...s, depositId: deposit.id, productId, kind: 'picking', before, after: qty(new Decimal(before).minus(quantity)), orderId: order.id });
        }
      }
      await repo.insertPicking(trx, { companyId: s.companyId, orderId: order.id, userId: s.userId, depositId: deposit?.id ?? null, outcome: 'picked', reason: null, lines: record });
      await writeAudit(trx, { action: 'warehouse.pick', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { order: order.id, total } });
      await appendEvent(trx, await pickingDone(trx, s.companyId, order.id, deposit?.id ?? null, 'picked', null, s.userId));
      return { success: true as const, msg: warehouseMsg.pedidoConfirmado, numero: order.number, estado: 'preparado' as const, total: money(total) };
    });
  }

  /** Cancels an order waiting to be picked. Repeated on an order already cancelled: success, nothing changes. */
  async cancel(s: UserScope, number: number) {
    return this.db.transaction().execute(async (trx) => {
      const order = await this.pendingOrder(trx, s, number, true);
      const done = await repo.pickingOf(trx, s.companyId, order.id);
      if (done?.outcome === 'cancelled') return { success: true as const, msg: warehouseMsg.pedidoCancelado, numero: order.number };
      if (done) throw conflict(warehouseMsg.pedidoYaConfirmado);
      if (order.status !== 'approved') throw notFound(warehouseMsg.pedidoNoPendiente);
      const current = await repo.orderLines(trx, s.companyId, order.id);
      const deposit = await stockRepo.depositOf(trx, s.companyId, s.userId);
      await repo.cancelOrder(trx, s.companyId, order.id);
      await repo.insertPicking(trx, {
        companyId: s.companyId, orderId: order.id, userId: s.userId, depositId: deposit?.id ?? null, outcome: 'cancelled', reason: CANCEL_REASON,
        lines: { ordered: current.map((l) => ({ line: l.line_no, product: l.product_id, quantity: l.quantity })), picked: [] },
      });
      await writeAudit(trx, { action: 'warehouse.cancel', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { order: order.id } });
      await appendEvent(trx, await pickingDone(trx, s.companyId, order.id, deposit?.id ?? null, 'cancelled', CANCEL_REASON, s.userId));
      return { success: true as const, msg: warehouseMsg.pedidoCancelado, numero: order.number };
    });
  }
}
