import Decimal from 'decimal.js';
import { formatDateSlash, formatMoney, type BalanceValue, type StatementMovement } from '@portal/contract';
import { detailLines, voucherLines, type VoucherLineRow } from '../fiscal/index.js';
import type { StatementRow } from './repository.js';

/** Rows → the spec's wire names (statements.md §3 'Movement row'). */

const num = (v: string | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

export type AccountTypeInfo = { code: number; short_code: string; name: string; exchange: boolean };

export function toMovement(r: StatementRow, lines: readonly VoucherLineRow[], type: AccountTypeInfo, today: string): StatementMovement {
  // The amount's text as SQL sends it ('-1234.50'): its number and its sign, without a Decimal per row.
  const amount = Number(r.amount);
  return {
    id: r.id,
    fecha: formatDateSlash(r.date),
    hora: r.time ?? '',
    codcom: r.voucher_code,
    codtal: r.series,
    numero: r.number,
    descomlarga: r.voucher_name,
    letra: r.letter ?? '',
    torig: r.origin_type ?? '',
    norig: r.origin_number,
    detalle: r.detail ?? '',
    ...detailLines(r),
    moneda: r.currency,
    tipocc: type.short_code,
    descri: type.name,
    importe: amount,
    importe_con_formato: formatMoney(r.amount, r.currency),
    saldo: num(r.saldo),
    saldo_con_formato: formatMoney(r.saldo, r.currency),
    fecha_vencimiento: r.due_date ? formatDateSlash(r.due_date) : '',
    vencido: !r.settled && amount > 0 && r.due_date !== null && r.due_date < today,
    pendiente: !r.settled,
    estilo: r.amount.startsWith('-') ? 'rojo' : 'normal',
    imprime: r.printable,
    ...voucherLines(lines, r),
  };
}

export function toBalanceValue(descri: string, total: string, currency: 'ARS' | 'USD', tipocc: string): BalanceValue {
  const d = new Decimal(total);
  return { descri, valor: formatMoney(total, currency), signo: d.isZero() ? '' : d.isPositive() ? 'D' : 'A', tipocc, moneda: currency };
}
