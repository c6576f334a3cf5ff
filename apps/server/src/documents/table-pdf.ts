import { type Writable } from 'node:stream';
import { formatCuit, formatDateSlash, todayInArgentina } from '@portal/contract';
import {
  A4,
  FONT,
  FONT_BOLD,
  INK,
  MUTED,
  type PdfDoc,
  cellText,
  newDocument,
  normalizeColor,
  pdfSafe,
  readableOnWhite,
  textColorOn,
  tint,
  wrapLines,
} from './pdf-common.js';
import { letOutputCatchUp, whenFinished } from './stream-util.js';
import {
  type Column,
  type Row,
  type TableTotals,
  TotalsAccumulator,
  columnDecimals,
  columnWidth,
  displayValue,
  isNumeric,
} from './table-columns.js';
import type { CompanyHeader } from './types.js';

/**
 * A list as a PDF, streamed: rows are drawn one by one as they arrive and each finished page is flushed to
 * `out` (no page buffering), so memory stays flat. Header (company, title, subtitle, column headers) and
 * 'Página N' on every page; es-AR numbers right-aligned; optional totals row.
 */

export type PdfTableMeta = {
  title: string;
  subtitle?: string | null;
  company: CompanyHeader;
  columns: readonly Column[];
  /** Appends a bold 'Totales' row. */
  totals?: TableTotals;
  /** Default: landscape when there are more than 6 columns or their relative widths add up to more than 9. */
  orientation?: 'portrait' | 'landscape';
  /** Printed as 'Emitido: DD/MM/YYYY' (default: now, in Buenos Aires). */
  issuedAt?: Date;
};

const M = 28;
const FONT_SIZE = 7.5;
const ROW_H = 12;
const HEAD_ROW_H = 15;
/** A column header wraps to this many lines at most (then '…'), each this high. */
const HEAD_MAX_LINES = 3;
const HEAD_LINE_H = 9;
const PAD = 3;

type Layout = {
  doc: PdfDoc;
  meta: PdfTableMeta;
  pageW: number;
  pageH: number;
  contentW: number;
  bottom: number;
  widths: number[];
  primary: string;
  stripe: string;
  issued: string;
};

function drawPage(l: Layout, pageNumber: number): number {
  const { doc, meta } = l;
  doc.addPage({ size: 'A4', layout: l.pageW > l.pageH ? 'landscape' : 'portrait', margin: 0 });

  // Header.
  let y = M;
  doc.font(FONT_BOLD).fontSize(10).fillColor(readableOnWhite(l.primary));
  cellText(doc, pdfSafe(meta.company.name), M, y, l.contentW * 0.65);
  doc.font(FONT).fontSize(8).fillColor(MUTED);
  const issued = `CUIT ${formatCuit(meta.company.cuit)} · Emitido: ${l.issued}`;
  cellText(doc, issued, M + l.contentW * 0.65, y + 1, l.contentW * 0.35, 'right');
  y += 15;
  doc.font(FONT_BOLD).fontSize(13).fillColor(INK);
  cellText(doc, pdfSafe(meta.title), M, y, l.contentW);
  y += 17;
  if (meta.subtitle) {
    doc.font(FONT).fontSize(8.5).fillColor(MUTED);
    cellText(doc, pdfSafe(meta.subtitle), M, y, l.contentW);
    y += 12;
  }
  y += 3;
  doc.lineWidth(1).strokeColor(l.primary).moveTo(M, y).lineTo(M + l.contentW, y).stroke();
  y += 5;

  // Column headers: a header wider than its column wraps at its spaces (a deposit's name over a narrow quantity
  // column), the row as high as the longest one, numeric headers right-aligned over their figures.
  doc.font(FONT_BOLD).fontSize(FONT_SIZE);
  const headers = meta.columns.map((c, i) => wrapLines(doc, pdfSafe(c.header), (l.widths[i] ?? 0) - 2 * PAD, HEAD_MAX_LINES));
  const headH = Math.max(HEAD_ROW_H, 6 + HEAD_LINE_H * Math.max(1, ...headers.map((h) => h.length)));
  doc.rect(M, y, l.contentW, headH).fill(l.primary);
  doc.font(FONT_BOLD).fontSize(FONT_SIZE).fillColor(textColorOn(l.primary));
  let x = M;
  meta.columns.forEach((c, i) => {
    const w = l.widths[i] ?? 0;
    headers[i]!.forEach((line, k) => cellText(doc, line, x + PAD, y + 4 + k * HEAD_LINE_H, w - 2 * PAD, isNumeric(c) ? 'right' : 'left'));
    x += w;
  });

  // Footer.
  const fy = l.pageH - M - 4;
  doc.lineWidth(0.5).strokeColor(tint(l.primary, 0.5)).moveTo(M, fy - 4).lineTo(M + l.contentW, fy - 4).stroke();
  doc.font(FONT).fontSize(7).fillColor(MUTED);
  cellText(doc, pdfSafe(`${meta.company.name} · ${meta.title}`), M, fy, l.contentW * 0.7);
  cellText(doc, `Página ${pageNumber}`, M + l.contentW * 0.7, fy, l.contentW * 0.3, 'right');

  return y + headH;
}

function drawRow(l: Layout, texts: string[], y: number, stripe: boolean, bold = false): void {
  const { doc, meta } = l;
  if (stripe) doc.rect(M, y, l.contentW, ROW_H).fill(l.stripe);
  doc.font(bold ? FONT_BOLD : FONT).fontSize(FONT_SIZE).fillColor(INK);
  let x = M;
  meta.columns.forEach((c, i) => {
    const w = l.widths[i] ?? 0;
    const text = texts[i];
    if (text) cellText(doc, text, x + PAD, y + 2.5, w - 2 * PAD, isNumeric(c) ? 'right' : 'left');
    x += w;
  });
}

/** Writes the list to `out` (which is ended) and resolves once `out` has received the whole file. */
export async function writeTablePdf(
  out: Writable,
  meta: PdfTableMeta,
  rows: AsyncIterable<Row> | Iterable<Row>,
): Promise<void> {
  const columns = meta.columns;
  const relative = columns.map(columnWidth);
  const relativeSum = relative.reduce((a, b) => a + b, 0) || 1;
  const orientation = meta.orientation ?? (columns.length > 6 || relativeSum > 9 ? 'landscape' : 'portrait');
  const [pageW, pageH] = orientation === 'landscape' ? [A4.height, A4.width] : [A4.width, A4.height];
  const contentW = pageW - 2 * M;
  const primary = normalizeColor(meta.company.primaryColor);

  const doc = newDocument({ title: meta.title, author: meta.company.name, layout: orientation });
  const l: Layout = {
    doc,
    meta,
    pageW,
    pageH,
    contentW,
    bottom: pageH - M - 14,
    widths: relative.map((r) => (r / relativeSum) * contentW),
    primary,
    stripe: tint(primary, 0.93),
    issued: formatDateSlash(todayInArgentina(meta.issuedAt ?? new Date())),
  };

  const done = whenFinished(out);
  done.catch(() => undefined); // observed below; avoids an unhandled rejection if we fail first
  doc.pipe(out);
  try {
    let page = 1;
    let y = drawPage(l, page);
    let index = 0;
    const totals = new TotalsAccumulator(columns, meta.totals);
    for await (const row of rows) {
      if (y + ROW_H > l.bottom) {
        y = drawPage(l, ++page); // ends the previous page, which PDFKit writes out now
        await letOutputCatchUp(out);
      }
      drawRow(
        l,
        columns.map((c) => pdfSafe(displayValue(c, row[c.key]))),
        y,
        index % 2 === 1,
      );
      if (totals.enabled) totals.add(row);
      y += ROW_H;
      index++;
    }

    if (index === 0) {
      doc.font(FONT).fontSize(9).fillColor(MUTED);
      cellText(doc, 'No hay datos para mostrar.', M + PAD, y + 6, contentW - 2 * PAD);
      y += ROW_H + 6;
    }
    doc.lineWidth(0.8).strokeColor(primary).moveTo(M, y).lineTo(M + contentW, y).stroke();

    if (totals.enabled) {
      if (y + ROW_H + 2 > l.bottom) y = drawPage(l, ++page);
      const sums = totals.result();
      const texts = columns.map((c, i) => {
        const sum = sums.get(c.key);
        if (sum !== undefined) return displayValue({ ...c, decimals: columnDecimals(c) }, sum);
        return i === 0 && !isNumeric(c) ? 'Totales' : '';
      });
      drawRow(l, texts, y + 2, true, true);
    }
  } catch (err) {
    doc.unpipe(out);
    throw err;
  }
  doc.end();
  await done;
}
