import Decimal from 'decimal.js';
import { formatDateSlash, formatMoney, formatNumber, type FiscalDocument, type FiscalResumen } from '@portal/contract';
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
    ...voucherLines(lines, row.currency),
  };
}

/** A voucher's product and other lines as the fiscal list and the statement's movement drawer show them. */
export function voucherLines(lines: readonly PageLine[], currency: 'ARS' | 'USD'): Pick<FiscalDocument, 'renglonesProductos' | 'renglonesOtros'> {
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
    renglonesOtros: lines
      .filter((l) => l.kind === 'other')
      .map((l) => ({ descripcion: l.description, valor: num(l.amount), valor_con_formato: formatMoney(l.amount, currency) })),
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
 * amounts the document states; a document without a VAT split (a receipt) prints its total as the net.
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
    saleCondition: row.sale_condition ?? (row.voucher_code === 'RC' ? 'Contado' : '-'),
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
    net: noSplit ? abs(row.amount) : abs(row.net_amount),
    vat21: abs(row.vat21),
    vat105: abs(row.vat105),
    otherTaxes: abs(row.other_taxes),
    total: abs(row.amount),
    cae: row.cae,
    caeDue: row.cae_due,
    detail: row.detail,
  };
}

/** 'Factura A 00003-00001234.pdf' */
export function voucherFileName(row: Pick<VoucherRow, 'voucher_name' | 'series' | 'number'>): string {
  return `${row.voucher_name} ${voucherNumberText(row.series, row.number)}.pdf`;
}
