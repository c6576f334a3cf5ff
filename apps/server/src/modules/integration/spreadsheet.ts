import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  columnLetter,
  SPREADSHEET,
  SPREADSHEET_COLUMNS,
  SPREADSHEET_EXAMPLES,
  SPREADSHEET_KIND_LABELS,
  spreadsheetMsg,
  type SpreadsheetKind,
  type SpreadsheetRejection,
  type SpreadsheetResponse,
} from '@portal/contract';
import type { AuthUser, Tenant } from '../../lib/identity.js';
import { badRequest, HttpError } from '../../lib/http-errors.js';
import { handlerOf, type BatchOrigin, type IntegrationBatches } from './batches.js';
import { records, rowOf } from './erp-sync/csv.js';

/**
 * 'Importar planilla' of the 'Integración' screen: an administrator loads an XLSX (its first sheet) or a CSV of one
 * kind. The file is read into the integration's rows (the CSV reader's typing: codes as numbers, flags, lists) and
 * handed to the very batch of the API (batches.ts): the same row schemas, the same kinds' writes, the same counts.
 * A preview is that batch's dry run (written in a transaction that is rolled back); applying it is the batch itself,
 * recorded with the user and the file's name. Row numbers are the sheet's (the header is row 1).
 */

type Sheet = { header: string[]; rows: Array<{ n: number; cells: string[] }> };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (data: Buffer, magic: number[]) => data.length >= magic.length && magic.every((b, i) => data[i] === b);

/** Decimal fields: a cell with a comma is read with the comma as the decimal mark and dots as thousands (1.234,50). */
const DECIMALS = new Set(['factor', 'precio', 'precio_minimo', 'precio_maximo', 'descuento1', 'descuento2', 'cantidad', 'importe']);
/** Date fields: a cell as DD/MM/AAAA (a spreadsheet of Argentine locale) is read as AAAA-MM-DD. */
const DATES = new Set(['fecha', 'vencimiento']);

const tooMany = () => new HttpError(413, spreadsheetMsg.demasiadasFilas);

function normalized(field: string, text: string): string {
  if (DECIMALS.has(field) && /^-?[\d.]+,\d+$/.test(text)) return text.replace(/\./g, '').replace(',', '.');
  // A route stop's hour as a spreadsheet writes it (8:30, 08:30:00) as HH:MM; its shift as a word in any case.
  if (field === 'hora') {
    const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
    if (m) return `${m[1]!.padStart(2, '0')}:${m[2]}`;
  }
  if (field === 'turno') return text.toLowerCase();
  if (DATES.has(field)) {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  }
  return text;
}

/** An Excel date cell as AAAA-MM-DD; a time-only cell (Excel's day 0, 1899-12-30) as HH:MM. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.startsWith('1899-12-30') ? iso.slice(11, 16) : iso.slice(0, 10);
}

/** A cell's text as the row takes it: numbers as String(n), dates as AAAA-MM-DD (times as HH:MM), a formula by its computed value. */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return dateText(v);
  if (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) {
    const result = (v as { result?: unknown }).result;
    if (result === undefined || result === null) throw badRequest(spreadsheetMsg.formula(cell.address));
    if (result instanceof Date) return dateText(result);
    if (typeof result === 'object') throw badRequest(spreadsheetMsg.formula(cell.address));
    return String(result as string | number | boolean).trim();
  }
  return (cell.text ?? '').trim();
}

async function readXlsx(data: Buffer): Promise<Sheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest(spreadsheetMsg.formatoInvalido);
  }
  const ws = wb.worksheets.find((w) => w.actualRowCount > 0);
  if (!ws) throw badRequest(spreadsheetMsg.sinHojas);
  const first = ws.getRow(1);
  const header = Array.from({ length: first.cellCount }, (_, i) => cellText(first.getCell(i + 1)));
  const rows: Sheet['rows'] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues) continue;
    const cells = header.map((_, i) => cellText(row.getCell(i + 1)));
    if (cells.every((c) => c === '')) continue;
    if (rows.length >= SPREADSHEET.maxRows) throw tooMany();
    rows.push({ n: r, cells });
  }
  return { header, rows };
}

/** UTF-8 (with or without BOM), else Windows-1252 (Excel in Spanish saves CSV so); null for bytes no text holds. */
function decodeText(data: Buffer): string | null {
  for (const b of data.subarray(0, 64 * 1024)) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  return text.replace(/^\uFEFF/, '');
}

async function readCsv(text: string): Promise<Sheet> {
  let header: string[] | null = null;
  const rows: Sheet['rows'] = [];
  let n = 1;
  try {
    for await (const cells of records(Readable.from([text]))) {
      if (!header) {
        header = cells;
        continue;
      }
      n++;
      if (cells.every((c) => c === '')) continue;
      if (rows.length >= SPREADSHEET.maxRows) throw tooMany();
      rows.push({ n, cells });
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw badRequest(spreadsheetMsg.csvComillas);
  }
  return { header: header ?? [], rows };
}

/** The first sheet of an XLSX, or a CSV (`,` or `;`): its header and its non-empty data rows with their numbers. */
export async function readSpreadsheet(data: Buffer): Promise<Sheet> {
  if (startsWith(data, ZIP)) return readXlsx(data);
  if (startsWith(data, OLE)) throw badRequest(spreadsheetMsg.formatoXls);
  const text = decodeText(data);
  if (text === null) throw badRequest(spreadsheetMsg.formatoInvalido);
  return readCsv(text);
}

/** The kind's required columns: the fields its row schema refuses to leave out. */
function requiredColumns(kind: SpreadsheetKind): string[] {
  const parsed = handlerOf(kind).row.safeParse({});
  const missing = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0] ?? '')));
  return SPREADSHEET_COLUMNS[kind].filter((c) => missing.has(c));
}

/** The header checked against the kind's columns: 400 for none, a repeated one, unknown ones, missing required ones. */
function checkHeader(kind: SpreadsheetKind, raw: string[]): string[] {
  const header = raw.map((h) => h.replace(/^\uFEFF/, '').trim().toLowerCase());
  while (header.length && header[header.length - 1] === '') header.pop();
  if (!header.length) throw badRequest(spreadsheetMsg.sinEncabezados);
  const known = new Set(SPREADSHEET_COLUMNS[kind]);
  const seen = new Set<string>();
  for (const h of header) {
    if (h && seen.has(h)) throw badRequest(spreadsheetMsg.columnaRepetida(h));
    seen.add(h);
  }
  const unknown = header.filter((h) => h && !known.has(h));
  if (unknown.length) throw badRequest(spreadsheetMsg.columnasDesconocidas(unknown));
  const missing = requiredColumns(kind).filter((c) => !seen.has(c));
  if (missing.length) throw badRequest(spreadsheetMsg.columnasFaltantes(missing));
  return header;
}

/** A rejection's field (a dotted path of the row) as the sheet's column: its header and its letter. */
function columnOf(header: string[], campo: string): { columna: string; campo: string } {
  const parts = campo.split('.');
  for (let k = parts.length; k > 0; k--) {
    const name = parts.slice(0, k).join('.');
    const at = header.indexOf(name);
    if (at >= 0) return { columna: columnLetter(at), campo: name };
    // A facet named as a whole (marca): its code's column.
    const code = header.indexOf(`${name}.codigo`);
    if (code >= 0) return { columna: columnLetter(code), campo: `${name}.codigo` };
  }
  return { columna: '', campo };
}

export class SpreadsheetImport {
  constructor(private readonly batches: IntegrationBatches) {}

  /** A preview (dryRun: nothing written) or the application of an uploaded file of one kind. */
  async run(user: AuthUser, tenant: Tenant, kind: SpreadsheetKind, file: { name: string; data: Buffer }, dryRun: boolean): Promise<SpreadsheetResponse> {
    const sheet = await readSpreadsheet(file.data);
    const header = checkHeader(kind, sheet.header);
    if (!sheet.rows.length) throw badRequest(spreadsheetMsg.archivoVacio);
    const origin: BatchOrigin = {
      companyId: tenant.company.id,
      companyCuit: tenant.company.cuit,
      ip: user.ip,
      keyId: null,
      userId: user.userId,
      fileName: file.name,
      audit: { origen: 'planilla', usuario: user.username, archivo: file.name },
    };
    async function* rows() {
      for (const { n, cells } of sheet.rows) yield { n, value: rowOf(header, cells.map((c, i) => normalized(header[i] ?? '', c))) };
    }
    const outcome = await this.batches.load(origin, handlerOf(kind), 'alta', rows(), dryRun);
    const rejections: SpreadsheetRejection[] = outcome.rechazos.map((r) => ({ fila: r.fila, ...columnOf(header, r.campo), mensaje: r.mensaje }));
    return {
      success: true,
      tipo: kind,
      archivo: file.name,
      aplicado: !dryRun,
      lote: outcome.lote,
      recibidas: outcome.recibidas,
      aceptadas: outcome.aceptadas,
      sin_cambios: outcome.sin_cambios,
      rechazadas: outcome.rechazadas,
      rechazos: rejections,
    };
  }
}

/** A kind's template: its columns as the header row and one example row; XLSX (a sheet of instructions too) or CSV. */
export async function spreadsheetTemplate(kind: SpreadsheetKind, format: 'xlsx' | 'csv'): Promise<{ name: string; type: string; data: Buffer }> {
  const columns = SPREADSHEET_COLUMNS[kind];
  const example = SPREADSHEET_EXAMPLES[kind];
  const name = `plantilla-${kind}.${format}`;
  if (format === 'csv') {
    const cell = (v: unknown) => {
      const t = v === undefined ? '' : String(v);
      return /[;"\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
    };
    const text = `\uFEFF${columns.join(';')}\r\n${columns.map((c) => cell(example[c])).join(';')}\r\n`;
    return { name, type: 'text/csv; charset=utf-8', data: Buffer.from(text, 'utf8') };
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(SPREADSHEET_KIND_LABELS[kind].slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c, key: c, width: Math.max(12, c.length + 2), style: { numFmt: '@' } }));
  ws.addRow(columns.map((c) => example[c] ?? null));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const help = wb.addWorksheet('Instrucciones');
  for (const line of [
    `${SPREADSHEET_KIND_LABELS[kind]}: una fila por registro debajo de los encabezados (no los cambie; puede quitar columnas opcionales).`,
    `Columnas obligatorias: ${requiredColumns(kind).join(', ')}.`,
    'Decimales con punto o con coma (152.40 o 152,40); fechas AAAA-MM-DD o DD/MM/AAAA; si/no en las columnas de sí o no.',
    `Hasta ${SPREADSHEET.maxRows.toLocaleString('es-AR')} filas por archivo. Use valores, no fórmulas.`,
    'Súbala en Integración → Importar planilla: la vista previa muestra los errores antes de escribir nada.',
  ])
    help.addRow([line]);
  help.getColumn(1).width = 120;
  return { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: Buffer.from(await wb.xlsx.writeBuffer()) };
}
