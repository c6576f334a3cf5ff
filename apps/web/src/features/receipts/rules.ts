import Decimal from 'decimal.js';
import { applicationError as sharedApplicationError, cuitFieldError, formatNumber, parseAmountText, receiptsMsg, type Campo, type PendienteItem } from '@portal/contract';

/** The receipt flow's rules in the browser (statements.md §4–§5); the server applies the same ones again. */

export const dec = (text: string | number | undefined | null): Decimal | null => {
  if (text === undefined || text === null || String(text).trim() === '') return null;
  const parsed = parseAmountText(text);
  return parsed === null ? null : new Decimal(parsed);
};
export const esAr = (d: Decimal.Value) => formatNumber(new Decimal(d).toFixed(2));

/** The message for an amount to apply to a document, or null when it is right (the contract's rule, §5). */
export function applicationError(doc: PendienteItem, text: string): string | null {
  return sharedApplicationError(doc.importe_saldo, text);
}

export type SelectionMode = 'vencidos' | 'todos' | 'ninguno' | undefined;

/** §4: the radio follows the actual selection (none of its options when the selection matches none). */
export function selectionMode(docs: PendienteItem[], selected: Set<number>): SelectionMode {
  if (selected.size === 0) return 'ninguno';
  const overdue = docs.filter((d) => d.vencido).map((d) => d.id);
  if (selected.size === docs.length) return 'todos';
  if (overdue.length === selected.size && overdue.every((id) => selected.has(id))) return 'vencidos';
  return undefined;
}

/** One payment line as the user fills it: the method and the value of each field (a File for file fields). */
export type PaymentLine = { key: string; codcon: number | null; values: Record<string, string | boolean | File | null> };

/** The amount of a line: the sum of its `suma` fields, or null when one of them is not a number. */
export function lineAmount(campos: Campo[], line: PaymentLine): Decimal | null {
  let total = new Decimal(0);
  for (const c of campos.filter((x) => x.suma)) {
    const v = line.values[c.id];
    const d = typeof v === 'string' ? dec(v) : null;
    if (!d) return null;
    total = total.plus(d);
  }
  return total;
}

/** The first message of a line's fields (n is its 1-based number), or null. */
export function lineError(n: number, campos: Campo[], line: PaymentLine): string | null {
  for (const c of campos) {
    const v = line.values[c.id];
    if (c.inputtype === 'file') {
      if ((c.requiredFile || c.required) && !(v instanceof File)) return receiptsMsg.archivoRequerido(n);
      continue;
    }
    if (c.type === 'checkbox') {
      if (c.required && v !== true) return receiptsMsg.campoRequerido(n, c.label);
      continue;
    }
    const empty = typeof v !== 'string' || v.trim() === '';
    if (empty && (c.required || c.suma || c.type === 'select')) return receiptsMsg.campoRequerido(n, c.label);
    if (!empty && c.inputtype === 'cuit') {
      const error = cuitFieldError(n, c.label, v);
      if (error) return error;
    }
  }
  return null;
}
