import type { StatusList } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { orderAmounts, type OrderAmounts } from './invoice.js';
import * as repo from './repository.js';

/** The orders' status behind each list of the screens (Pendientes / Aprobados / Aplicados). */
export const STATUS: Record<StatusList, 'pending' | 'approved' | 'applied'> = { pendientes: 'pending', aprobados: 'approved', aplicados: 'applied' };

/** Neto, IVA and total (VAT included) of orders, from their lines (cart/amounts.ts: one rule for every place). */
export async function amountsOf(
  db: DB,
  kind: repo.OrderKind,
  companyId: number,
  orders: ReadonlyArray<{ id: number; with_tax?: boolean }>,
): Promise<Map<number, OrderAmounts>> {
  const ids = orders.map((r) => r.id);
  const lines = kind === 'sales' ? await repo.salesOrderLines(db, companyId, ids) : await repo.purchaseOrderLines(db, companyId, ids);
  return new Map(orders.map((r) => [r.id, orderAmounts(lines.filter((l) => l.order_id === r.id), r.with_tax ?? true)]));
}
