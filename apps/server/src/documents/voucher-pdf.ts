import Decimal from 'decimal.js';
import { formatCuit, formatDateSlash, formatMoney, formatNumber, voucherNumberText } from '@portal/contract';
import {
  A4,
  FONT,
  FONT_BOLD,
  INK,
  MUTED,
  type PdfDoc,
  cellText,
  documentToBuffer,
  newDocument,
  normalizeColor,
  pdfSafe,
  pdfSafeLines,
  readableOnWhite,
  significantDecimals,
  textColorOn,
  tint,
} from './pdf-common.js';
import type { CompanyHeader, Currency, DecimalValue } from './types.js';

/**
 * An Argentine voucher on A4: Factura, Nota de crédito, Nota de débito, Recibo, or a non-fiscal document
 * (Pedido, letter X). Layout: header in two halves with the letter box centred between them, customer box,
 * lines table (repeated header on every page), totals, observations, CAE, 'Página i de N'.
 */

export type VoucherLetter = 'A' | 'B' | 'C' | 'X';

export type VoucherProductLine = {
  code: string;
  description: string;
  quantity: DecimalValue;
  /** Unit of measure: 'kg', 'lt', 'un', 'bolsa'… */
  unit: string;
  unitPrice: DecimalValue;
  /** 0–100; '0' prints as 0,00. */
  discountPercent: DecimalValue;
  /** The line's subtotal (net of discount). */
  amount: DecimalValue;
};

/** Concept lines (a receipt's payments, a debit note's interest…): used when there are no product lines. */
export type VoucherOtherLine = { description: string; amount: DecimalValue };

export type VoucherCustomer = {
  name: string;
  /** 11 digits (dashes optional); printed as 20-12345678-6. */
  cuit: string | null;
  /** Condición frente al IVA: 'IVA Responsable Inscripto', 'Consumidor Final'… */
  ivaCondition: string;
  address: string | null;
  /** The customer's account code, when the company shows it. */
  code?: string | null;
};

export type VoucherDocument = {
  /** 'Factura', 'Nota de crédito', 'Nota de débito', 'Recibo', 'Pedido'…; printed upper-case. */
  title: string;
  /** 'X' for non-fiscal documents (Pedido, Recibo X…). */
  letter: VoucherLetter;
  /** AFIP voucher type code (1 Factura A, 6 Factura B, 3 NC A…): printed 'COD. 01' under the letter. */
  tvdgi?: number | null;
  /** Punto de venta; null prints only the number. */
  pointOfSale: number | null;
  number: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'YYYY-MM-DD': 'Vencimiento'. */
  dueDate?: string | null;
  currency: Currency;
  customer: VoucherCustomer;
  /** Condición de venta: 'Contado', 'Cuenta corriente 30 días'… */
  saleCondition: string;
  productLines: readonly VoucherProductLine[];
  otherLines: readonly VoucherOtherLine[];
  /**
   * What a receipt or a settlement is applied to (the documents it cancels, 'Pago a cuenta'): a table of its own
   * ('Aplicado a', 'Importe') under the lines; they are not more lines of the total.
   */
  appliedLines?: readonly VoucherOtherLine[];
  /** Importe neto gravado; null for a document outside VAT (a receipt, a settlement without a split): the total alone. */
  net: DecimalValue | null;
  vat21: DecimalValue;
  vat105: DecimalValue;
  /** Percepciones and other taxes; printed only when not zero. */
  otherTaxes: DecimalValue;
  total: DecimalValue;
  /** The total's label: 'Importe total' unless given ('Total recibido' on a receipt). */
  totalLabel?: string;
  cae?: string | null;
  /** 'YYYY-MM-DD' */
  caeDue?: string | null;
  /** Observaciones. */
  detail?: string | null;
  /** More label/value pairs for the customer box ('Fecha de entrega', 'Vendedor'…). */
  extraFields?: ReadonlyArray<{ label: string; value: string }>;
};

// ── Layout ─────────────────────────────────────────────────────────────────────────────────────────────────

const M = 28;
const W = A4.width;
const CW = W - 2 * M;
const HEADER_H = 112;
const LETTER_W = 40;
const LETTER_H = 46;
const PAGE_NUMBER_Y = A4.height - M - 6;
/** Lines and closing blocks never go below this. */
const BOTTOM = A4.height - M - 18;
const CELL_PAD = 3;
const LINE_FONT_SIZE = 8;
const MAX_DESCRIPTION_LINES = 4;

type Ctx = {
  doc: PdfDoc;
  v: VoucherDocument;
  company: CompanyHeader;
  primary: string;
  primaryText: string;
  headerFill: string;
  headerText: string;
  stripe: string;
};

type Column<L> = {
  header: string;
  width: number;
  align: 'left' | 'right';
  text: (line: L) => string;
  /** The one column that wraps (up to MAX_DESCRIPTION_LINES). */
  wraps?: boolean;
};

/** One format for every screen, PDF and text: the contract's (packages/contract/src/format.ts). */
export { voucherNumberText };

function productColumns(): Column<VoucherProductLine>[] {
  // Codes like 'SEM-010006' fit whole; units ('Bolsa x 80.000 semillas') wrap like the description.
  const fixed = { code: 62, quantity: 46, unit: 66, price: 70, discount: 38, amount: 80 };
  const description = CW - Object.values(fixed).reduce((a, b) => a + b, 0);
  return [
    { header: 'Código', width: fixed.code, align: 'left', text: (l) => l.code },
    { header: 'Descripción', width: description, align: 'left', text: (l) => l.description, wraps: true },
    {
      header: 'Cantidad',
      width: fixed.quantity,
      align: 'right',
      text: (l) => formatNumber(l.quantity, significantDecimals(l.quantity, 0, 3)),
    },
    { header: 'Unidad', width: fixed.unit, align: 'left', text: (l) => l.unit, wraps: true },
    {
      header: 'Precio unit.',
      width: fixed.price,
      align: 'right',
      text: (l) => formatNumber(l.unitPrice, significantDecimals(l.unitPrice, 2, 4)),
    },
    { header: 'Bonif. %', width: fixed.discount, align: 'right', text: (l) => formatNumber(l.discountPercent, 2) },
    { header: 'Subtotal', width: fixed.amount, align: 'right', text: (l) => formatNumber(l.amount, 2) },
  ];
}

function otherColumns(description = 'Descripción'): Column<VoucherOtherLine>[] {
  return [
    { header: description, width: CW - 110, align: 'left', text: (l) => l.description, wraps: true },
    { header: 'Importe', width: 110, align: 'right', text: (l) => formatNumber(l.amount, 2) },
  ];
}

function isZero(value: DecimalValue | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  try {
    return new Decimal(value).isZero();
  } catch {
    return true;
  }
}

/** Bold label followed by the regular value, cut to the width. */
function labelValue(doc: PdfDoc, label: string, value: string, x: number, y: number, width: number, size = 9): void {
  doc.font(FONT_BOLD).fontSize(size).fillColor(INK);
  const labelText = `${label} `;
  const lw = doc.widthOfString(labelText);
  doc.text(labelText, x, y, { lineBreak: false });
  doc.font(FONT).fontSize(size);
  cellText(doc, pdfSafe(value), x + lw, y, width - lw);
}

// ── Page header ────────────────────────────────────────────────────────────────────────────────────────────

function drawHeader(ctx: Ctx): number {
  const { doc, v, company, primary } = ctx;
  const top = M;
  const mid = W / 2;

  doc.lineWidth(1).strokeColor(primary);
  doc.rect(M, top, CW, HEADER_H).stroke();
  doc.moveTo(mid, top + LETTER_H).lineTo(mid, top + HEADER_H).stroke();

  // Letter box, centred and hanging from the top rule.
  const lx = mid - LETTER_W / 2;
  doc.rect(lx, top, LETTER_W, LETTER_H).fillAndStroke('#FFFFFF', primary);
  doc.font(FONT_BOLD).fontSize(26).fillColor(INK);
  cellText(doc, v.letter, lx, top + 5, LETTER_W, 'center');
  if (v.tvdgi !== null && v.tvdgi !== undefined) {
    doc.font(FONT_BOLD).fontSize(6.5);
    cellText(doc, `COD. ${String(v.tvdgi).padStart(2, '0')}`, lx, top + 35, LETTER_W, 'center');
  }

  // Left half: the issuer.
  const leftX = M + 10;
  const leftW = mid - LETTER_W / 2 - 10 - leftX;
  let y = top + 12;
  doc.font(FONT_BOLD).fontSize(14).fillColor(ctx.primaryText);
  const name = pdfSafe(company.name);
  const nameH = Math.min(doc.heightOfString(name, { width: leftW }), 2 * doc.currentLineHeight(true));
  doc.text(name, leftX, y, { width: leftW, height: nameH, ellipsis: true });
  y += nameH + 6;
  doc.font(FONT).fontSize(9).fillColor(INK);
  const address = pdfSafe(company.address);
  const addressH = Math.min(doc.heightOfString(address, { width: leftW }), 3 * doc.currentLineHeight(true));
  doc.text(address, leftX, y, { width: leftW, height: addressH, ellipsis: true });
  y += addressH + 5;
  doc.font(FONT_BOLD).fontSize(9);
  cellText(doc, pdfSafe(company.ivaCondition), leftX, y, leftW);

  // Right half: the document.
  const rightX = mid + LETTER_W / 2 + 10;
  const rightW = M + CW - 10 - rightX;
  y = top + 10;
  doc.font(FONT_BOLD).fontSize(17).fillColor(INK);
  cellText(doc, pdfSafe(v.title.toLocaleUpperCase('es-AR')), rightX, y, rightW);
  y += 25;
  doc.font(FONT_BOLD).fontSize(9.5);
  const numberText =
    v.pointOfSale === null
      ? `Nro: ${String(v.number).padStart(8, '0')}`
      : `Punto de venta: ${String(v.pointOfSale).padStart(5, '0')}   Comp. Nro: ${String(v.number).padStart(8, '0')}`;
  cellText(doc, numberText, rightX, y, rightW);
  y += 15;
  labelValue(doc, 'Fecha de emisión:', formatDateSlash(v.date), rightX, y, rightW);
  y += 13;
  labelValue(doc, 'CUIT:', formatCuit(company.cuit), rightX, y, rightW);
  y += 13;
  labelValue(doc, 'Ingresos Brutos:', company.grossIncome ?? '-', rightX, y, rightW);
  y += 13;
  labelValue(
    doc,
    'Inicio de actividades:',
    company.activityStart ? formatDateSlash(company.activityStart) : '-',
    rightX,
    y,
    rightW,
  );
  if (v.letter === 'X') {
    doc.font(FONT_BOLD).fontSize(7.5).fillColor(MUTED);
    cellText(doc, 'DOCUMENTO NO VÁLIDO COMO FACTURA', rightX, top + HEADER_H - 12, rightW);
  }
  return top + HEADER_H;
}

function drawCustomerBox(ctx: Ctx, top: number): number {
  const { doc, v, primary } = ctx;
  const c = v.customer;
  const left: [string, string][] = [
    ['Razón social:', c.code ? `${c.name} (${c.code})` : c.name],
    ['Domicilio:', c.address ?? '-'],
    ['Condición de venta:', v.saleCondition],
  ];
  const right: [string, string][] = [
    ['CUIT:', c.cuit ? formatCuit(c.cuit) : '-'],
    ['Condición frente al IVA:', c.ivaCondition],
  ];
  if (v.dueDate) right.push(['Vencimiento:', formatDateSlash(v.dueDate)]);
  if (v.currency === 'USD') right.push(['Moneda:', 'Dólares estadounidenses (U$S)']);
  for (const f of v.extraFields ?? []) (right.length <= left.length ? right : left).push([`${f.label}:`, f.value]);

  const rowH = 13;
  const rows = Math.max(left.length, right.length);
  const height = rows * rowH + 10;
  doc.lineWidth(0.8).strokeColor(primary).rect(M, top, CW, height).stroke();
  const leftW = CW * 0.56;
  left.forEach(([label, value], i) => labelValue(doc, label, value, M + 8, top + 7 + i * rowH, leftW - 16));
  right.forEach(([label, value], i) =>
    labelValue(doc, label, value, M + leftW + 8, top + 7 + i * rowH, CW - leftW - 16),
  );
  return top + height;
}

/** A new page with the full header and customer box; returns where the body starts. */
function startPage(ctx: Ctx): number {
  ctx.doc.addPage({ size: 'A4', margin: 0 });
  const y = drawHeader(ctx);
  return drawCustomerBox(ctx, y + 6) + 8;
}

// ── Lines table ────────────────────────────────────────────────────────────────────────────────────────────

function drawTableHeader<L>(ctx: Ctx, columns: Column<L>[], y: number): number {
  const { doc } = ctx;
  const h = 16;
  doc.rect(M, y, CW, h).fill(ctx.headerFill);
  doc.font(FONT_BOLD).fontSize(LINE_FONT_SIZE).fillColor(ctx.headerText);
  let x = M;
  for (const col of columns) {
    cellText(doc, col.header, x + CELL_PAD, y + 4.5, col.width - 2 * CELL_PAD, col.align);
    x += col.width;
  }
  return y + h;
}

function rowHeight<L>(doc: PdfDoc, columns: Column<L>[], line: L): number {
  doc.font(FONT).fontSize(LINE_FONT_SIZE);
  let h = doc.currentLineHeight(true);
  for (const col of columns) {
    if (!col.wraps) continue;
    const text = pdfSafe(col.text(line));
    const full = doc.heightOfString(text, { width: col.width - 2 * CELL_PAD });
    h = Math.max(h, Math.min(full, MAX_DESCRIPTION_LINES * doc.currentLineHeight(true)));
  }
  return h + 6;
}

function drawRow<L>(ctx: Ctx, columns: Column<L>[], line: L, y: number, h: number, index: number): void {
  const { doc } = ctx;
  if (index % 2 === 1) doc.rect(M, y, CW, h).fill(ctx.stripe);
  doc.font(FONT).fontSize(LINE_FONT_SIZE).fillColor(INK);
  let x = M;
  for (const col of columns) {
    const text = pdfSafe(col.text(line));
    if (col.wraps) {
      doc.text(text, x + CELL_PAD, y + 3, { width: col.width - 2 * CELL_PAD, height: h - 5, ellipsis: true });
    } else {
      cellText(doc, text, x + CELL_PAD, y + 3, col.width - 2 * CELL_PAD, col.align);
    }
    x += col.width;
  }
}

function drawLines<L>(ctx: Ctx, columns: Column<L>[], lines: readonly L[], startY: number): number {
  const { doc } = ctx;
  let y = drawTableHeader(ctx, columns, startY);
  lines.forEach((line, i) => {
    const h = rowHeight(doc, columns, line);
    if (y + h > BOTTOM) {
      doc.lineWidth(0.8).strokeColor(ctx.primary).moveTo(M, y).lineTo(M + CW, y).stroke();
      y = drawTableHeader(ctx, columns, startPage(ctx));
    }
    drawRow(ctx, columns, line, y, h, i);
    y += h;
  });
  doc.lineWidth(0.8).strokeColor(ctx.primary).moveTo(M, y).lineTo(M + CW, y).stroke();
  return y;
}

// ── Totals, observations, CAE ──────────────────────────────────────────────────────────────────────────────

type TotalRow = { label: string; value: string; bold?: boolean };

function totalRows(v: VoucherDocument): { rows: TotalRow[]; notes: string[] } {
  const money = (value: DecimalValue) => formatMoney(value, v.currency);
  const rows: TotalRow[] = [];
  const notes: string[] = [];
  const discriminatesVat = v.letter === 'A' || v.letter === 'X';
  if (v.net === null) {
    // Outside VAT: the total alone.
  } else if (discriminatesVat) {
    rows.push({ label: 'Importe neto gravado', value: money(v.net) });
    if (!isZero(v.vat21) || v.letter === 'A') rows.push({ label: 'IVA 21 %', value: money(v.vat21) });
    if (!isZero(v.vat105)) rows.push({ label: 'IVA 10,5 %', value: money(v.vat105) });
  } else {
    const vat = new Decimal(v.vat21 || 0).plus(v.vat105 || 0);
    const subtotal = new Decimal(v.net || 0).plus(vat);
    rows.push({ label: 'Subtotal', value: money(subtotal.toFixed(2)) });
    if (!vat.isZero()) {
      notes.push('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)');
      notes.push(`IVA contenido: ${money(vat.toFixed(2))}`);
    }
  }
  if (!isZero(v.otherTaxes)) rows.push({ label: 'Percepciones / otros tributos', value: money(v.otherTaxes) });
  rows.push({ label: v.totalLabel ?? 'Importe total', value: money(v.total), bold: true });
  return { rows, notes };
}

const TOTALS_W = 240;
const TOTAL_ROW_H = 14;

function closingLayout(ctx: Ctx) {
  const { doc, v } = ctx;
  const { rows, notes } = totalRows(v);
  const totalsH = rows.length * TOTAL_ROW_H + 10;
  const leftW = CW - TOTALS_W - 14;
  doc.font(FONT).fontSize(8.5);
  const detail = v.detail ? pdfSafeLines(v.detail.trim()) : '';
  const detailFull = detail ? doc.heightOfString(detail, { width: leftW }) : 0;
  const detailH = Math.min(detailFull, 14 * doc.currentLineHeight(true));
  const notesH = notes.length * 11 + (notes.length ? 6 : 0);
  const leftH = notesH + (detail ? 13 + detailH : 0);
  const caeH = v.cae ? 34 : 0;
  return { rows, notes, detail, detailH, leftW, totalsH, height: Math.max(totalsH, leftH) + caeH + 10 };
}

function drawClosing(ctx: Ctx, layout: ReturnType<typeof closingLayout>, top: number): void {
  const { doc, v, primary } = ctx;
  const y0 = top + 10;

  // Totals box, on the right.
  const tx = M + CW - TOTALS_W;
  const last = layout.rows.length - 1;
  const totalTop = 6 + last * TOTAL_ROW_H - 4;
  doc.rect(tx, y0 + totalTop, TOTALS_W, layout.totalsH - totalTop).fill(ctx.stripe);
  doc.lineWidth(0.8).strokeColor(primary).rect(tx, y0, TOTALS_W, layout.totalsH).stroke();
  layout.rows.forEach((row, i) => {
    const y = y0 + 6 + i * TOTAL_ROW_H;
    doc.font(row.bold ? FONT_BOLD : FONT).fontSize(row.bold ? 10 : 9).fillColor(INK);
    cellText(doc, `${row.label}:`, tx + 8, y, TOTALS_W * 0.5);
    cellText(doc, row.value, tx + TOTALS_W * 0.45, y, TOTALS_W * 0.55 - 8, 'right');
  });

  // Notes and observations, on the left.
  let y = y0;
  for (const [i, note] of layout.notes.entries()) {
    doc.font(i === 0 ? FONT_BOLD : FONT).fontSize(8).fillColor(INK);
    cellText(doc, note, M, y, layout.leftW);
    y += 11;
  }
  if (layout.notes.length) y += 6;
  if (layout.detail) {
    doc.font(FONT_BOLD).fontSize(9).fillColor(INK);
    cellText(doc, 'Observaciones:', M, y, layout.leftW);
    y += 13;
    doc.font(FONT).fontSize(8.5);
    doc.text(layout.detail, M, y, { width: layout.leftW, height: layout.detailH, ellipsis: true });
    y += layout.detailH;
  }

  // CAE, below both.
  if (v.cae) {
    const cy = Math.max(y, y0 + layout.totalsH) + 10;
    doc.lineWidth(0.5).strokeColor(tint(primary, 0.5)).moveTo(M, cy - 4).lineTo(M + CW, cy - 4).stroke();
    doc.font(FONT_BOLD).fontSize(9).fillColor(INK);
    cellText(doc, 'Comprobante autorizado', M, cy + 2, CW / 2);
    cellText(doc, `CAE N°: ${v.cae}`, M + CW / 2, cy + 2, CW / 2, 'right');
    doc.font(FONT).fontSize(9);
    const due = v.caeDue ? formatDateSlash(v.caeDue) : '-';
    cellText(doc, `Fecha de vto. de CAE: ${due}`, M + CW / 2, cy + 15, CW / 2, 'right');
  }
}

function drawPageNumbers(ctx: Ctx): void {
  const { doc } = ctx;
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    cellText(doc, `Página ${i + 1} de ${range.count}`, M, PAGE_NUMBER_Y, CW, 'center');
  }
}

// ── Entry point ────────────────────────────────────────────────────────────────────────────────────────────

export async function renderVoucherPdf(v: VoucherDocument, company: CompanyHeader): Promise<Buffer> {
  const primary = normalizeColor(company.primaryColor);
  const doc = newDocument({
    title: `${v.title} ${v.letter} ${voucherNumberText(v.pointOfSale, v.number)}`,
    author: company.name,
    bufferPages: true,
  });
  const ctx: Ctx = {
    doc,
    v,
    company,
    primary,
    primaryText: readableOnWhite(primary),
    headerFill: primary,
    headerText: textColorOn(primary),
    stripe: tint(primary, 0.92),
  };

  let y = startPage(ctx);
  y =
    v.productLines.length > 0 || v.otherLines.length === 0
      ? drawLines(ctx, productColumns(), v.productLines, y)
      : drawLines(ctx, otherColumns(), v.otherLines, y);
  if (v.appliedLines?.length) {
    if (y + 60 > BOTTOM) y = startPage(ctx);
    y = drawLines(ctx, otherColumns('Aplicado a'), v.appliedLines, y + 10);
  }

  const closing = closingLayout(ctx);
  if (y + closing.height > BOTTOM) y = startPage(ctx);
  drawClosing(ctx, closing, y);
  drawPageNumbers(ctx);
  return documentToBuffer(doc);
}
