import Decimal from 'decimal.js';
import { WAREHOUSE, warehouseMsg, type ConsultarStockResponse, type StockChangeResponse, type StockProduct } from '@portal/contract';
import type { DB } from '../../db/database.js';
import type { UserScope } from '../../lib/identity.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { normaliseSearch } from '../catalog/index.js';
import { appendEvent, stockCounted } from '../integration/index.js';
import * as repo from './repository.js';

/** `ip`: the request's address, which the audit rows of a change record. */

/** A confirmation repeated by the same user within this many seconds (a double tap) is the same confirmation. */
export const CONFIRM_REPEAT_SECONDS = 10;

const stamp = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
});

function toProduct(r: repo.StockRow): StockProduct {
  return {
    id: r.id,
    codalfa: r.alpha_code,
    alfacor: String(r.code),
    barcode: r.barcode ?? '',
    desart: r.name,
    salcan: r.quantity === null ? 0 : new Decimal(r.quantity).toNumber(),
    presentacion: r.sales_unit,
    ubicacion: r.location,
    contado: r.counted_at ? stamp.format(new Date(r.counted_at)).replace(',', '') : null,
  };
}

const toDeposit = (d: repo.DepositRow) => ({ coddep: d.code, nombre: d.name });
/** numeric(14,2) as the database writes it, so "before" and "after" compare as text. */
const qty = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/**
 * Stock lookup, adjustment and confirmation (field-warehouse.md, Stock). The company and the user come from the
 * session and the deposit from the user's setting (or the company's default): the codemp, grudep and coddep of
 * the body are never read. Every change is a stock movement written with its level in one transaction.
 */
export class StockService {
  constructor(private readonly db: DB) {}

  async deposit(db: DB, s: UserScope) {
    const d = await repo.depositOf(db, s.companyId, s.userId);
    if (!d) throw badRequest(warehouseMsg.sinDeposito);
    return d;
  }

  async consult(s: UserScope, q: { descri?: string; barcode?: string }): Promise<ConsultarStockResponse> {
    const d = await this.deposit(this.db, s);
    let rows: repo.StockRow[];
    if (q.barcode !== undefined) {
      const row = await repo.productByCode(this.db, s.companyId, d.id, q.barcode);
      rows = row ? [row] : [];
    } else {
      rows = await repo.productsByText(this.db, s.companyId, d.id, normaliseSearch(q.descri ?? ''), WAREHOUSE.searchLimit);
    }
    return { success: true, deposito: toDeposit(d), items: rows.map(toProduct) };
  }

  /** Sets the counted quantity. The same quantity again changes nothing and writes no movement. */
  async adjust(s: UserScope, codalfa: string, quantity: number): Promise<StockChangeResponse> {
    return this.db.transaction().execute(async (trx) => {
      const d = await this.deposit(trx, s);
      const product = await repo.productByAlphaCode(trx, s.companyId, d.id, codalfa);
      if (!product) throw notFound(warehouseMsg.productoInexistente);
      const before = await repo.lockLevel(trx, s.companyId, d.id, product.id);
      const after = qty(quantity);
      let movement: StockChangeResponse['movimiento'] = null;
      if (before !== after) {
        const id = await repo.writeMovement(trx, { ...s, depositId: d.id, productId: product.id, kind: 'adjustment', before, after, counted: true });
        movement = { id, anterior: Number(before), nueva: Number(after) };
        await writeAudit(trx, { action: 'stock.adjust', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { product: product.id, deposit: d.id, before, after } });
        await appendEvent(trx, await stockCounted(trx, s.companyId, id, s.userId));
      }
      const now = await repo.productByAlphaCode(trx, s.companyId, d.id, codalfa);
      return { success: true as const, msg: movement ? warehouseMsg.stockActualizado : warehouseMsg.stockSinCambios, producto: toProduct(now!), deposito: toDeposit(d), movimiento: movement };
    });
  }

  /** Confirms the quantity on record as counted. A repeat by the same user within seconds is the same confirmation. */
  async confirm(s: UserScope, codalfa: string): Promise<StockChangeResponse> {
    return this.db.transaction().execute(async (trx) => {
      const d = await this.deposit(trx, s);
      const product = await repo.productByAlphaCode(trx, s.companyId, d.id, codalfa);
      if (!product) throw notFound(warehouseMsg.productoInexistente);
      const current = await repo.lockLevel(trx, s.companyId, d.id, product.id);
      const last = await repo.lastMovement(trx, s.companyId, d.id, product.id, s.userId, 'confirmation');
      let id: string;
      if (last && last.quantity_after === current && last.age < CONFIRM_REPEAT_SECONDS) {
        id = last.id;
      } else {
        id = await repo.writeMovement(trx, { ...s, depositId: d.id, productId: product.id, kind: 'confirmation', before: current, after: current, counted: true });
        await writeAudit(trx, { action: 'stock.confirm', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { product: product.id, deposit: d.id, quantity: current } });
        await appendEvent(trx, await stockCounted(trx, s.companyId, id, s.userId));
      }
      const now = await repo.productByAlphaCode(trx, s.companyId, d.id, codalfa);
      return { success: true as const, msg: warehouseMsg.stockConfirmado, producto: toProduct(now!), deposito: toDeposit(d), movimiento: { id, anterior: Number(current), nueva: Number(current) } };
    });
  }
}
