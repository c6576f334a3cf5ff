import Decimal from 'decimal.js';
import {
  applicationError as sharedApplicationError,
  cuitDigits,
  cuitFieldError,
  formatCuit,
  formatMoney,
  formatNumber,
  parseAmountText,
  receiptsMsg,
  type FormaPagoLine,
} from '@portal/contract';

/**
 * The money rules of a receipt, free of the database so they are unit-tested alone (statements.md §5). Every
 * amount is a decimal.js value; the wire carries decimal strings.
 */

export type PendingDoc = { id: number; outstanding: string };
export type Application = { id: number; importe: string };

/** Decimal text of an es-AR formatted amount for a message: 1234.5 → '1.234,50'. */
export const esAr = (d: Decimal.Value) => formatNumber(new Decimal(d).toFixed(2));

/** The amount applied to one document (the contract's rule, shared with the browser): the refusal, or null. */
export function applicationError(outstanding: Decimal.Value, amount: Decimal | string): string | null {
  return sharedApplicationError(new Decimal(outstanding).toFixed(2), typeof amount === 'string' ? amount : amount.toFixed(2));
}

/** A 2-decimal amount as the contract's one parser reads it ('1.234,56', '$ 1.234,56', '1234.56'), or null. */
export function amountOf(value: unknown): Decimal | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const parsed = parseAmountText(value);
  return parsed === null ? null : new Decimal(parsed);
}

export type FieldDef = {
  field_key: string;
  label: string;
  type: 'input' | 'select' | 'date' | 'checkbox';
  input_type: 'text' | 'number' | 'file' | 'cuit';
  suma: boolean;
  required: boolean;
  required_file: boolean;
  options: Array<{ id: string; descripcion: string }> | null;
};

export type CheckedLine = {
  amount: Decimal;
  values: Array<{ id: string; label: string; value: string }>;
  files: Array<{ fieldKey: string; index: number }>;
};

/**
 * One payment line against its method's fields (n is the line's 1-based number in the messages): required values,
 * required files, select options, dates, CUITs and the amount (the sum of its `suma` fields, which must be > 0).
 */
export function checkPaymentLine(n: number, line: FormaPagoLine, fields: FieldDef[]): { line?: CheckedLine; error?: string } {
  const given = new Map(line.campos.map((c) => [c.id, c]));
  let amount = new Decimal(0);
  const values: CheckedLine['values'] = [];
  const files: CheckedLine['files'] = [];
  for (const f of fields) {
    const c = given.get(f.field_key);
    if (f.input_type === 'file') {
      if (c?.file === undefined) {
        if (f.required_file || f.required) return { error: receiptsMsg.archivoRequerido(n) };
        continue;
      }
      files.push({ fieldKey: f.field_key, index: c.file });
      continue;
    }
    const raw = c?.value;
    if (f.type === 'checkbox') {
      const checked = raw === true || raw === 'true' || raw === '1';
      if (f.required && !checked) return { error: receiptsMsg.campoRequerido(n, f.label) };
      values.push({ id: f.field_key, label: f.label, value: checked ? 'Sí' : 'No' });
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (!text) {
      if (f.required || f.suma || f.type === 'select') return { error: receiptsMsg.campoRequerido(n, f.label) };
      continue;
    }
    if (f.type === 'select') {
      const option = (f.options ?? []).find((o) => o.id === text);
      if (!option) return { error: receiptsMsg.opcionInvalida(n, f.label) };
      values.push({ id: f.field_key, label: f.label, value: option.descripcion });
      continue;
    }
    if (f.type === 'date') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return { error: receiptsMsg.opcionInvalida(n, f.label) };
      values.push({ id: f.field_key, label: f.label, value: `${text.slice(8, 10)}/${text.slice(5, 7)}/${text.slice(0, 4)}` });
      continue;
    }
    if (f.input_type === 'cuit') {
      const error = cuitFieldError(n, f.label, text);
      if (error) return { error };
      values.push({ id: f.field_key, label: f.label, value: formatCuit(cuitDigits(text)) });
      continue;
    }
    if (f.suma || f.input_type === 'number') {
      const a = amountOf(text);
      if (!a || (f.suma && a.lte(0))) return { error: receiptsMsg.verifiqueImportes };
      if (f.suma) amount = amount.plus(a);
      values.push({ id: f.field_key, label: f.label, value: f.suma ? formatMoney(a.toFixed(2)) : text });
      continue;
    }
    values.push({ id: f.field_key, label: f.label, value: text.slice(0, 200) });
  }
  if (amount.lte(0)) return { error: receiptsMsg.verifiqueImportes };
  return { line: { amount, values, files } };
}

/**
 * A payment line's values as its receipt shows them ('Banco de origen: Banco Galicia · Importe: $ 520.657,87'). The
 * values are kept as they were shown when the receipt was posted; an amount field (`amountKeys`, the method's suma
 * fields) is shown as money from whatever form it was kept in ('$ 520657.87' as well as '$ 520.657,87').
 */
export function paymentDetail(values: ReadonlyArray<{ id: string; label: string; value: string }>, amountKeys: ReadonlySet<string> | undefined): string {
  return values
    .map((f) => {
      const amount = amountKeys?.has(f.id) ? parseAmountText(f.value) : null;
      return `${f.label}: ${amount === null ? f.value : formatMoney(amount)}`;
    })
    .join(' · ');
}

/**
 * The totals of a receipt and whether they may be posted: applications add up to totalSeleccionado (≥ 0), payment
 * lines to totalAcobrar (> 0, ≥ totalSeleccionado); without documents, only when advance payments are allowed.
 */
export function checkTotals(applied: Decimal[], collected: Decimal[], allowAdvance: boolean): { selected: Decimal; collected: Decimal; error?: string } {
  const selected = applied.reduce((s, a) => s.plus(a), new Decimal(0));
  const total = collected.reduce((s, a) => s.plus(a), new Decimal(0));
  if (applied.length === 0 && !allowAdvance) return { selected, collected: total, error: receiptsMsg.sinDocumentos };
  if (selected.lt(0)) return { selected, collected: total, error: receiptsMsg.importeNegativo };
  if (collected.length === 0) return { selected, collected: total, error: receiptsMsg.alMenosUnCobro };
  if (total.lte(0)) return { selected, collected: total, error: receiptsMsg.verifiqueImportes };
  if (total.lt(selected)) return { selected, collected: total, error: receiptsMsg.cobroInsuficiente };
  return { selected, collected: total };
}

/** The type of an upload by its first bytes: only PDF, JPEG and PNG pass, whatever the name says. */
/** The extension each sniffed type is stored and served with. */
const EXTENSION = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

/**
 * The name a file is shown and saved under: control, format and bidirectional characters removed (a right-to-left
 * override turns "comprobante\u202Efdp.bat" into what reads "…tab.pdf"), path separators and quotes replaced, and
 * without a type the name as given (cleaned, for the refusal's message); with the sniffed type, its extension
 * replaced by the type's (a PDF named "transferencia.bat" is kept as "transferencia.pdf"), so staff who save and
 * open it get what the bytes are.
 */
export function attachmentName(given: string | undefined, type?: keyof typeof EXTENSION): string {
  const clean = (given ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').replace(/[\\/"<>:|?*]/g, '_').trim();
  const base = clean.replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 120) || 'archivo';
  if (!type) return base;
  const stem = base.replace(/\.[^.]{0,10}$/, '').replace(/[.\s]+$/, '').slice(0, 110) || 'archivo';
  const ext = EXTENSION[type];
  // A JPEG already named .jpeg keeps it.
  return type === 'image/jpeg' && /\.jpe?g$/i.test(base) ? `${stem}${base.slice(base.lastIndexOf('.')).toLowerCase()}` : `${stem}.${ext}`;
}

export function sniffType(data: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}
