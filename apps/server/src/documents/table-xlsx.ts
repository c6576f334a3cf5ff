import { type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { closedEarly, letOutputCatchUp } from './stream-util.js';
import {
  type Column,
  type Row,
  type TableTotals,
  TotalsAccumulator,
  columnDecimals,
  columnWidth,
  isNumeric,
  quantityDecimals,
  toIsoDate,
  toNumber,
  toText,
} from './table-columns.js';

/**
 * A list as an Excel sheet, streamed: exceljs' WorkbookWriter without shared strings, each row committed as it
 * arrives, so memory stays flat whatever the row count. Row 1 holds the headers (bold, frozen, with filters);
 * numbers are numbers, dates real Excel dates, text text.
 */

export type XlsxSheet = {
  /** The sheet's name (cut to Excel's 31 characters, without []:*?/\). */
  title: string;
  columns: readonly Column[];
  /** Appends a bold 'Totales' row with SUM formulas (and their computed results). */
  totals?: TableTotals;
};

/** How many rows go by between two checks of the output's backpressure. */
const ROWS_PER_BREATH = 200;
/** Uncompressed sheet XML allowed to wait for the zip compressor before rows stop being pulled. */
const MAX_PENDING_XML = 1024 * 1024;

type PendingBuffer = {
  _writableState?: { length?: number };
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
};

/**
 * exceljs 4.4 hands each sheet's XML to its zip (archiver) through a stream whose backpressure it ignores, so
 * with a slow client the XML would pile up there. This finds that stream (internals: `worksheet.stream.pipes`)
 * so that we can wait on it; if a later exceljs changes them, the probe finds nothing and only the output's
 * own 'drain' throttles (the 'slow output' test then fails and tells).
 */
function pendingSheetBuffers(ws: ExcelJS.Worksheet): PendingBuffer[] {
  const pipes = (ws as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return [];
  return pipes.filter(
    (p): p is PendingBuffer => typeof (p as PendingBuffer | null)?._writableState?.length === 'number',
  );
}

async function letSheetCatchUp(ws: ExcelJS.Worksheet, out: Writable): Promise<void> {
  await letOutputCatchUp(out);
  for (const buffer of pendingSheetBuffers(ws)) {
    while ((buffer._writableState?.length ?? 0) > MAX_PENDING_XML) {
      // 'drain' when the compressor has taken it all; the timer only guards against a missed event.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          buffer.off('drain', done);
          resolve();
        };
        const timer = setTimeout(done, 50);
        buffer.once('drain', done);
      });
      await letOutputCatchUp(out);
    }
  }
}

/** The cell format of a column; a quantity column's shows `decimals`, the ones its cell's value has. */
function numberFormat(c: Column, decimals = columnDecimals(c)): string | undefined {
  if (c.type === 'date') return 'dd/mm/yyyy';
  if (!isNumeric(c)) return undefined;
  const base = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  if (c.type === 'money' && c.currency) {
    const prefix = c.currency === 'USD' ? '"U$S "' : '"$ "';
    return `${prefix}${base};-${prefix}${base}`;
  }
  return base;
}

function sheetName(title: string): string {
  const cleaned = title.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31).trim();
  return cleaned || 'Hoja 1';
}

/** 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** A 'YYYY-MM-DD' day as the Date exceljs turns into a whole Excel serial (UTC midnight: no time, no shift). */
export function excelDay(isoDay: string): Date {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function cellValue(c: Column, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (c.type) {
    case 'number':
    case 'quantity':
    case 'money': {
      const n = toNumber(value);
      return n === null ? toText(value) : n;
    }
    case 'date': {
      const day = toIsoDate(value);
      return day ? excelDay(day) : toText(value);
    }
    default:
      return toText(value);
  }
}

/** Writes the sheet to `out` and resolves once `out` has received the whole file. `out` is ended. */
export async function writeTableXlsx(
  out: Writable,
  sheet: XlsxSheet,
  rows: AsyncIterable<Row> | Iterable<Row>,
): Promise<void> {
  const columns = sheet.columns;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Portal de clientes';
  workbook.title = sheet.title;
  const ws = workbook.addWorksheet(sheetName(sheet.title), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  ws.columns = columns.map((c) => {
    const numFmt = numberFormat(c);
    const minimum = c.type === 'date' ? 11 : c.type === 'money' ? 15 : 8;
    return {
      key: c.key,
      width: Math.min(80, Math.max(minimum, c.header.length + 2, Math.round(columnWidth(c) * 10))),
      style: numFmt ? { numFmt } : {},
    };
  });
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };

  const header = ws.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  // One style object per column, shared by its cells: exceljs caches style ids by object identity, so this
  // spares it from re-deriving the style of every cell (≈ 30 % of the CPU time on large sheets).
  const styles = columns.map((c): Partial<ExcelJS.Style> => {
    const numFmt = numberFormat(c);
    return numFmt ? { numFmt } : {};
  });
  // A quantity shows the decimals it has ('6', '12,5'): one shared style per count of decimals.
  const quantityStyles = new Map<number, Partial<ExcelJS.Style>>();
  const styleOf = (c: Column, i: number, value: unknown): Partial<ExcelJS.Style> => {
    const n = c.type === 'quantity' ? toNumber(value) : null;
    if (n === null) return styles[i] as Partial<ExcelJS.Style>;
    const decimals = quantityDecimals(c, typeof value === 'string' ? value : n);
    let style = quantityStyles.get(decimals);
    if (!style) quantityStyles.set(decimals, (style = { numFmt: numberFormat(c, decimals)! }));
    return style;
  };
  const totals = new TotalsAccumulator(columns, sheet.totals);
  let count = 0;
  for await (const row of rows) {
    const added = ws.addRow(columns.map((c) => cellValue(c, row[c.key])));
    for (let i = 0; i < styles.length; i++) added.getCell(i + 1).style = styleOf(columns[i]!, i, row[columns[i]!.key]);
    added.commit();
    if (totals.enabled) totals.add(row);
    if (++count % ROWS_PER_BREATH === 0) await letSheetCatchUp(ws, out);
  }

  if (totals.enabled) {
    const sums = totals.result();
    const first = columns[0];
    const values = columns.map((c, i): ExcelJS.CellValue => {
      const sum = sums.get(c.key);
      if (sum === undefined) return i === 0 && first && !isNumeric(first) ? 'Totales' : null;
      if (count === 0) return 0;
      const letter = columnLetter(i + 1);
      return { formula: `SUM(${letter}2:${letter}${count + 1})`, result: sum };
    });
    const totalRow = ws.addRow(values);
    totalRow.font = { bold: true };
    totalRow.commit();
  }

  ws.commit();
  const interrupted = closedEarly(out);
  try {
    await Promise.race([workbook.commit(), interrupted.promise]);
  } finally {
    interrupted.dispose();
  }
}
