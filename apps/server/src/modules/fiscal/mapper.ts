import Decimal from 'decimal.js';
import { formatDateSlash, formatMoney, formatNumber, LEDGER_CODE, type FiscalDocument, type FiscalResumen } from '@portal/contract';
import type { CompanyHeader, VoucherDocument, VoucherLetter } from '../../documents/index.js';
import { voucherNumberText } from '../../documents/index.js';
import type { Branding } from '../../db/schema.js';
import type { PageLine, PageRow, VoucherLineRow, VoucherRow } from './repository.js';

/** Rows → the spec's wire names (ordering.md §3 'Fiscal document'), and → the PDF renderer's input. */

const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Credits (notas de crédito, recibos: negative amounts) are shown in red. Amounts are PostgreSQL numeric text, whose
 * sign is its first character (numeric has no negative zero), so no Decimal is built per voucher.
 */
export function estiloOf(amount: string): FiscalDocument['estilo'] {
  return amount.startsWith('-') ? 'rojo' : 'normal';
}

export function detailLines(row: Pick<VoucherRow, 'sale_condition' | 'origin_type' | 'origin_number' | 'origin_series' | 'cae' | 'cae_due'>): { detalle1: string; detalle2: string; detalle3: string } {
  return {
    detalle1: row.sale_condition ?? '',
    detalle2: row.origin_type && row.origin_number !== null ? `Origen: ${row.origin_type} ${voucherNumberText(row.origin_series, row.origin_number)}` : '',
    detalle3: row.cae ? `CAE ${row.cae}${row.cae_due ? ` vto. ${formatDateSlash(row.cae_due)}` : ''}` : '',
  };
}

export function toFiscalDocument(row: Omit<PageRow, 'lines'>, lines: readonly PageLine[]): FiscalDocument {
  return {
    id: String(row.id),
    fecha: formatDateSlash(row.date),
    hora: row.time ?? '',
    codcom: row.voucher_code,
    codtal: row.series,
    numero: row.number,
    numero_con_formato: voucherNumberText(row.series, row.number),
    descomlarga: row.voucher_name,
    tvdgi: row.afip_type,
    letra: row.letter ?? '',
    torig: row.origin_type ?? '',
    norig: row.origin_number,
    detalle: row.detail ?? '',
    ...detailLines(row),
    moneda: row.currency,
    importe: num(row.amount),
    importe_con_formato: formatMoney(row.amount, row.currency),
    fecha_vencimiento: row.due_date ? formatDateSlash(row.due_date) : '',
    estilo: estiloOf(row.amount),
    imprime: row.printable,
    ...voucherLines(lines, row),
  };
}

/** What the lines of a voucher are added to: its letter, sign, currency and stored VAT split (decimal strings). */
export type VoucherTaxes = {
  letter: string | null;
  amount: string;
  currency: 'ARS' | 'USD';
  vat21: string | null;
  vat105: string | null;
  other_taxes: string | null;
};

/** Letters whose lines are net of VAT, the VAT itemised by rate under them (AFIP: A, and M like A). */
const DISCRIMINATES_VAT = new Set(['A', 'M']);

/**
 * The VAT lines under a voucher's net lines: a Factura, Nota de crédito or débito A lists its lines net of VAT and its
 * VAT by rate, so the lines add up to the total with them. Computed here from the voucher's stored split (decimal),
 * printed positive as the lines are (a credit's split is stored with its sign). Vouchers whose lines include the VAT
 * (B, C) or that have none (receipts, settlements) get none, nor does a voucher without lines.
 */
export function taxLines(v: VoucherTaxes, hasLines: boolean): Array<{ description: string; amount: string }> {
  if (!hasLines || !v.letter || !DISCRIMINATES_VAT.has(v.letter)) return [];
  const sign = v.amount.startsWith('-') ? -1 : 1;
  const out: Array<{ description: string; amount: string }> = [];
  for (const [description, value] of [['IVA 21 %', v.vat21], ['IVA 10,5 %', v.vat105], ['Percepciones / otros tributos', v.other_taxes]] as const) {
    if (value === null) continue;
    const d = new Decimal(value).times(sign);
    if (!d.isZero()) out.push({ description, amount: d.toFixed(2) });
  }
  return out;
}

const otherLine = (description: string, amount: string, currency: 'ARS' | 'USD') => ({ descripcion: description, valor: num(amount), valor_con_formato: formatMoney(amount, currency) });

/**
 * A voucher's lines as the fiscal list and the statement's movement drawer show them: product lines, other lines
 * (a receipt's payments), the VAT lines the server adds under net lines, and apart what a receipt or settlement is
 * applied to.
 */
export function voucherLines(
  lines: readonly PageLine[],
  v: VoucherTaxes,
): Pick<FiscalDocument, 'renglonesProductos' | 'renglonesOtros' | 'renglonesImpuestos' | 'renglonesAplicados'> {
  const currency = v.currency;
  const amountLines = lines.filter((l) => l.kind !== 'applied');
  return {
    renglonesProductos: lines
      .filter((l) => l.kind === 'product')
      .map((l) => ({
        codigo: l.product_code ?? '',
        descripcion: l.description,
        cantidad: num(l.quantity),
        cantidad_con_formato: formatNumber(l.quantity ?? 0, Number.isInteger(num(l.quantity)) ? 0 : 2),
        unidad: l.unit ?? '',
        importe: num(l.amount),
        importe_con_formato: formatMoney(l.amount, currency),
      })),
    renglonesOtros: lines.filter((l) => l.kind === 'other').map((l) => otherLine(l.description, l.amount, currency)),
    renglonesImpuestos: taxLines(v, amountLines.length > 0).map((t) => otherLine(t.description, t.amount, currency)),
    renglonesAplicados: lines.filter((l) => l.kind === 'applied').map((l) => otherLine(l.description, l.amount, currency)),
  };
}

export function toResumen(r: { currency: 'ARS' | 'USD'; cantidad: number; total: string }): FiscalResumen {
  return { moneda: r.currency, cantidad: r.cantidad, total: num(r.total), total_con_formato: formatMoney(r.total, r.currency) };
}

export function toCompanyHeader(c: {
  name: string;
  cuit: string;
  address: string | null;
  iva_condition: string;
  gross_income: string | null;
  activity_start: string | null;
  branding: Branding;
}): CompanyHeader {
  return {
    name: c.name,
    cuit: c.cuit,
    address: c.address ?? '',
    ivaCondition: c.iva_condition,
    grossIncome: c.gross_income,
    activityStart: c.activity_start,
    primaryColor: c.branding?.colors?.primary ?? null,
  };
}

/** 'Factura A' → 'Factura' when the letter is printed in its own box. */
function titleOf(name: string, letter: string | null): string {
  return letter && name.endsWith(` ${letter}`) ? name.slice(0, -letter.length - 1) : name;
}

function letterOf(letter: string | null): VoucherLetter {
  return letter === 'A' || letter === 'B' || letter === 'C' ? letter : 'X';
}

/**
 * A Factura A is issued to a registered VAT payer; a B to a final consumer (or exempt, or a monotributista; the
 * entity does not record which, so the usual case is printed). Documents without a letter say nothing more.
 */
function customerIva(letter: VoucherLetter): string {
  if (letter === 'A') return 'IVA Responsable Inscripto';
  if (letter === 'B' || letter === 'C') return 'Consumidor Final';
  return '-';
}

/**
 * The renderer's input. Credits are stored negative (they lower the balance) but printed as the positive
 * amounts the document states; a document without a VAT split (a receipt, a settlement) prints its total alone, a
 * receipt's as 'Total recibido', and what it is applied to in a table of its own.
 */
export function toVoucherDocument(
  row: VoucherRow,
  lines: readonly VoucherLineRow[],
  entity: { code: number; name: string; cuit: string; locality: string | null; province: string | null },
): VoucherDocument {
  const sign = new Decimal(row.amount).isNegative() ? -1 : 1;
  const abs = (v: string | null) => (v === null ? '0' : new Decimal(v).times(sign).toFixed(2));
  const letter = letterOf(row.letter);
  const noSplit = row.net_amount === null;
  return {
    title: titleOf(row.voucher_name, row.letter),
    letter,
    tvdgi: row.afip_type,
    pointOfSale: row.series,
    number: row.number,
    date: row.date,
    dueDate: row.due_date,
    currency: row.currency,
    customer: {
      name: entity.name,
      cuit: entity.cuit,
      ivaCondition: customerIva(letter),
      address: [entity.locality, entity.province].filter(Boolean).join(', ') || null,
      code: String(entity.code),
    },
    saleCondition: row.sale_condition ?? (row.voucher_code === LEDGER_CODE.receipt ? 'Contado' : '-'),
    productLines: lines
      .filter((l) => l.kind === 'product')
      .map((l) => ({
        code: l.product_code ?? '',
        description: l.description,
        quantity: l.quantity ?? '0',
        unit: l.unit ?? '',
        unitPrice: l.unit_price ?? '0',
        discountPercent: l.discount ?? '0',
        amount: l.amount,
      })),
    otherLines: lines.filter((l) => l.kind === 'other').map((l) => ({ description: l.description, amount: l.amount })),
    appliedLines: lines.filter((l) => l.kind === 'applied').map((l) => ({ description: l.description, amount: l.amount })),
    net: noSplit ? null : abs(row.net_amount),
    vat21: abs(row.vat21),
    vat105: abs(row.vat105),
    otherTaxes: abs(row.other_taxes),
    total: abs(row.amount),
    ...(row.voucher_code === LEDGER_CODE.receipt ? { totalLabel: 'Total recibido' } : {}),
    cae: row.cae,
    caeDue: row.cae_due,
    detail: row.detail,
  };
}

/** 'Factura A 00003-00001234.pdf' */
export function voucherFileName(row: Pick<VoucherRow, 'voucher_name' | 'series' | 'number'>): string {
  return `${row.voucher_name} ${voucherNumberText(row.series, row.number)}.pdf`;
}
