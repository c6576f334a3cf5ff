import PDFDocument from 'pdfkit';

/** Helpers shared by the PDF renderers: fonts, colours, text fitting and buffering. */

export type PdfDoc = PDFKit.PDFDocument;

/** The standard Type 1 fonts: no font files to ship, WinAnsi covers Spanish (á é í ó ú ñ ü ° ¿ ¡ $ …). */
export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export const INK = '#1A1A1A';
export const MUTED = '#555555';
export const RULE_GREY = '#9E9E9E';
const FALLBACK_COLOR = '#455A64';

/** '#2e7d32' / '2E7D32' / '#abc' → '#2E7D32'; anything else → a neutral blue-grey. */
export function normalizeColor(value: string | null | undefined): string {
  const v = (value ?? '').trim().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/i.test(v)) return `#${v.toUpperCase()}`;
  if (/^[0-9a-f]{3}$/i.test(v)) {
    return `#${[...v].map((c) => c + c).join('').toUpperCase()}`;
  }
  return FALLBACK_COLOR;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The colour mixed with white: amount 0 → the colour, 1 → white. */
export function tint(hex: string, amount: number): string {
  const mixed = channels(hex).map((c) => Math.round(c + (255 - c) * amount));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.45 ? '#000000' : '#FFFFFF';
}

/** A colour dark enough to read as text on white (the primary colour, darkened when it is too light). */
export function readableOnWhite(hex: string): string {
  if (textColorOn(hex) === '#FFFFFF') return hex;
  const darker = channels(hex).map((c) => Math.round(c * 0.55));
  return `#${darker.map((c) => c.toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

const OUTSIDE_WIN_ANSI = /[^\n\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018-\u201E\u2022\u2026\u20AC]/gu;

/** Text that WinAnsi cannot show (emoji, CJK…) becomes '?' rather than garbage; tabs and newlines become spaces. */
export function pdfSafe(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').replace(OUTSIDE_WIN_ANSI, '?');
}

/** pdfSafe keeping line breaks (for wrapped paragraphs). */
export function pdfSafeLines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(OUTSIDE_WIN_ANSI, '?');
}

/** The text cut with '…' so that it fits the width in the current font and size. */
export function fitText(doc: PdfDoc, text: string, width: number): string {
  if (width <= 0) return '';
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${text.slice(0, lo).trimEnd()}…`;
}

/**
 * The text broken at spaces into lines that fit the width in the current font and size, at most `maxLines`: a word
 * wider than the width is cut with '…', and so is the last line when the text needs more.
 */
export function wrapLines(doc: PdfDoc, text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    let line = words[i]!;
    i++;
    while (i < words.length && doc.widthOfString(`${line} ${words[i]}`) <= width) line = `${line} ${words[i++]}`;
    if (lines.length === maxLines - 1 && i < words.length) line = `${line} ${words.slice(i).join(' ')}`;
    lines.push(fitText(doc, line, width));
  }
  return lines;
}

/** Draws one line of text without wrapping, aligned inside [x, x + width]. */
export function cellText(
  doc: PdfDoc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' | 'center' = 'left',
): void {
  const fitted = fitText(doc, text, width);
  if (!fitted) return;
  let left = x;
  if (align !== 'left') {
    const w = doc.widthOfString(fitted);
    left = align === 'right' ? x + width - w : x + (width - w) / 2;
  }
  doc.text(fitted, left, y, { lineBreak: false });
}

/** A new PDFKit document with the defaults the renderers use (no margins: layout is explicit). */
export function newDocument(options: {
  title: string;
  author: string;
  layout?: 'portrait' | 'landscape';
  bufferPages?: boolean;
}): PdfDoc {
  return new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: 0,
    autoFirstPage: false,
    bufferPages: options.bufferPages ?? false,
    compress: true,
    info: { Title: pdfSafe(options.title), Author: pdfSafe(options.author), Creator: 'Portal de clientes' },
  });
}

/** Ends the document and collects it into one Buffer. */
export function documentToBuffer(doc: PdfDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The number of decimals worth showing: trailing zeros dropped, kept within [min, max]. */
export function significantDecimals(value: string | number, min: number, max: number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /\.(\d+)$/.exec(text);
  const decimals = m?.[1] ? m[1].replace(/0+$/, '').length : 0;
  return Math.min(max, Math.max(min, decimals));
}
