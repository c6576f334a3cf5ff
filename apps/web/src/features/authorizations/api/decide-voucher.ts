import { authorizationsRoutes as r, type AutorizacionDecisionResponse, type VoucherItem } from '@portal/contract';
import { api } from '../../../lib/api';

/** Authorizes or rejects a stock voucher with the detail typed, under the attempt's Idempotency-Key. */
export const decideVoucher = (v: VoucherItem, autoriza: boolean, motivo: string, idempotencyKey: string) =>
  api<AutorizacionDecisionResponse>(r.authorizationDecide.url, {
    query: { codcom: v.codcom, codtal: v.codtal, numero: v.numero, autoriza, motivo },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
