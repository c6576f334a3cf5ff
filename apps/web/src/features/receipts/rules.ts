import Decimal from 'decimal.js';
import {
  applicationError as sharedApplicationError,
  cuitFieldError,
  formatNumber,
  parseAmountText,
  receiptsMsg,
  type Campo,
  type FormaCobro,
  type PendienteItem,
} from '@portal/contract';

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

/** The documents a selection option picks. */
export function idsForMode(docs: PendienteItem[], mode: SelectionMode): number[] {
  if (mode === 'todos') return docs.map((d) => d.id);
  if (mode === 'vencidos') return docs.filter((d) => d.vencido).map((d) => d.id);
  return [];
}

/** The amounts after selecting `ids`: a document selected for the first time starts at its outstanding amount. */
export function withDefaultAmounts(docs: PendienteItem[], ids: number[], amounts: Record<number, string>): Record<number, string> {
  const next = { ...amounts };
  for (const d of docs) if (ids.includes(d.id) && next[d.id] === undefined) next[d.id] = esAr(d.importe_saldo);
  return next;
}

/**
 * Step 1 (§4–§5): the documents chosen, the message of each one's amount, their total, and whether the flow may go
 * on (every amount right, a total not below zero, and at least one document unless advances are allowed).
 */
export function documentsStep(docs: PendienteItem[], selected: Set<number>, amounts: Record<number, string>, permiteAnticipos: boolean) {
  const chosen = docs.filter((d) => selected.has(d.id));
  const errors = new Map(chosen.map((d) => [d.id, applicationError(d, amounts[d.id] ?? '')]));
  const total = chosen.reduce((s, d) => s.plus(dec(amounts[d.id]) ?? 0), new Decimal(0));
  const negative = total.lt(0);
  const blocked = [...errors.values()].some(Boolean) || negative || (chosen.length === 0 && !permiteAnticipos);
  return { chosen, errors, total, negative, blocked };
}

/** The values a line starts with when its method is chosen: the method's checkbox states, chosen options and defaults. */
export function initialValues(campos: Campo[]): PaymentLine['values'] {
  const values: PaymentLine['values'] = {};
  for (const c of campos) {
    if (c.type === 'checkbox') values[c.id] = c.opc === 'S' || c.value === 'true';
    else if (c.type === 'select' && c.selected) values[c.id] = c.selected;
    else if (c.inputtype !== 'file' && c.value) values[c.id] = c.value;
  }
  return values;
}

const methodOf = (methods: FormaCobro[], line: PaymentLine) => methods.find((m) => m.codcon === line.codcon);

/**
 * Step 2: each line's amount (null without a method or with a field that is not a number), the total collected,
 * whether it can be taken (every line has an amount and the total is above zero), whether it falls short of the
 * documents' total, and what exceeds it (goes to the account, only when documents are paid).
 */
export function collection(lines: PaymentLine[], methods: FormaCobro[], totalSelected: Decimal, documents: number) {
  const amounts = lines.map((l) => {
    const m = methodOf(methods, l);
    return m ? lineAmount(m.campos, l) : null;
  });
  const total = amounts.reduce<Decimal>((s, a) => s.plus(a ?? 0), new Decimal(0));
  const valid = lines.length > 0 && amounts.every((a) => a !== null) && total.gt(0);
  const insufficient = valid && total.lt(totalSelected);
  const surplus = valid && total.gt(totalSelected) && documents > 0 ? total.minus(totalSelected) : null;
  return { amounts, total, valid, insufficient, surplus };
}

/** Why step 2 may not go on (the first reason), or null. */
export function paymentsError(lines: PaymentLine[], methods: FormaCobro[], totals: { valid: boolean; insufficient: boolean }): string | null {
  if (!lines.some((l) => l.codcon !== null)) return receiptsMsg.alMenosUnCobro;
  for (const [i, l] of lines.entries()) {
    const m = methodOf(methods, l);
    if (!m) return receiptsMsg.alMenosUnCobro;
    const e = lineError(i + 1, m.campos, l);
    if (e) return e;
  }
  if (!totals.valid) return receiptsMsg.verifiqueImportes;
  if (totals.insufficient) return receiptsMsg.cobroInsuficiente;
  return null;
}

export type FormaPagoField = { id: string; value?: string | boolean; file?: number };

/**
 * The lines as POST /proxy/recibos takes them: each filled field by id (amounts as decimals with two places, other
 * text trimmed, checkboxes as booleans); a file field names its position among the files sent along.
 */
export function paymentPayload(lines: PaymentLine[], methods: FormaCobro[]) {
  const files: File[] = [];
  const formaPago = lines.map((l) => ({
    codcon: l.codcon,
    campos: (methodOf(methods, l)?.campos ?? []).flatMap((c): FormaPagoField[] => {
      const v = l.values[c.id];
      if (c.inputtype === 'file') {
        if (!(v instanceof File)) return [];
        files.push(v);
        return [{ id: c.id, file: files.length - 1 }];
      }
      if (c.type === 'checkbox') return [{ id: c.id, value: v === true }];
      return typeof v === 'string' && v.trim() ? [{ id: c.id, value: c.suma ? (dec(v)?.toFixed(2) ?? v) : v.trim() }] : [];
    }),
  }));
  return { formaPago, files };
}
