import { receiptsRoutes as r } from '@portal/contract';
import { api } from '../../../lib/api';

export type ReceiptDecision = 'aprobar' | 'rechazar';

/** Approves a receipt (applying its money) or rejects it with a reason, under the attempt's Idempotency-Key. */
export function decideStaffReceipt(id: number, action: ReceiptDecision, motivo: string | undefined, idempotencyKey: string) {
  const url = (action === 'aprobar' ? r.staffApprove.url : r.staffReject.url).replace(':id', String(id));
  return api<{ msg: string }>(url, { method: 'POST', body: motivo === undefined ? undefined : { motivo }, headers: { 'Idempotency-Key': idempotencyKey } });
}
