import { warehouseRoutes, type ConsultarStockResponse, type StockChangeResponse } from '@portal/contract';
import { api, ApiError } from '../../../lib/api';

/**
 * The stock calls of §7. The old client's fixed codes (codemp 1, grudep 1, coddep 1) are sent for compatibility;
 * the server takes the company from the session and the deposit from the user's setting.
 */
export const consultarStock = (q: { descri: string } | { barcode: string }, signal?: AbortSignal) =>
  api<ConsultarStockResponse>(warehouseRoutes.consultarStock.url, { method: 'POST', body: { codemp: 1, grudep: 1, ...q }, signal });

/** §8: an adjust or confirm outside 200–299 raises an error with the status and the first 200 characters of the body. */
async function stockChange(url: string, body: Record<string, unknown>): Promise<StockChangeResponse> {
  try {
    return await api<StockChangeResponse>(url, { method: 'POST', body: { codemp: 1, coddep: 1, ...body } });
  } catch (e) {
    if (e instanceof ApiError) {
      const text = typeof e.body === 'string' ? e.body : JSON.stringify(e.body ?? { msg: e.message });
      throw new StockCallError(e.status, text.slice(0, 200), e.message);
    }
    throw e;
  }
}

export class StockCallError extends Error {
  constructor(
    readonly status: number,
    readonly bodyStart: string,
    readonly serverMessage: string,
  ) {
    super(`HTTP ${status}: ${bodyStart}`);
  }
}

export const modificarStock = (codalfa: string, cantidad: number) => stockChange(warehouseRoutes.modificarStock.url, { codalfa, cantidad });
export const confirmarStock = (codalfa: string) => stockChange(warehouseRoutes.confirmarStock.url, { codalfa });
