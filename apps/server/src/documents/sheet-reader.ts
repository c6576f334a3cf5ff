import ExcelJS from 'exceljs';
import type { SheetCell } from '@portal/contract';

/**
 * Reads an uploaded order sheet — the first worksheet of an XLSX, or a CSV (separator ';', tab or ',' found on its
 * first line; UTF-8, or Windows-1252 as Excel in Spanish saves it) — into rows of cells. Numbers keep their value
 * (String(1.5) = '1.5', which the quantity parser reads as a decimal point), everything else its shown text, and a
 * computed cell is marked as a formula. What is neither is refused: 'not-a-sheet'.
 */
export type SheetReadResult = { rows: SheetCell[][] } | { problem: 'not-a-sheet' | 'no-sheets' };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Rows read at most: a sheet far longer than the lines a review takes is refused by the parser's count anyway. */
const MAX_ROWS = 5_000;

export async function readSheet(data: Buffer): Promise<SheetReadResult> {
  if (data.length >= 4 && ZIP.every((b, i) => data[i] === b)) return readXlsx(data);
  const text = decodeText(data);
  if (text === null) return { problem: 'not-a-sheet' };
  return { rows: parseCsv(text) };
}

async function readXlsx(data: Buffer): Promise<SheetReadResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return { problem: 'not-a-sheet' };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { problem: 'no-sheets' };
  const rows: SheetCell[][] = [];
  const last = Math.min(ws.rowCount, MAX_ROWS);
  for (let r = 1; r <= last; r++) {
    const row = ws.getRow(r);
    const cells: SheetCell[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, 200); c++) cells.push(cellOf(row.getCell(c)));
    rows.push(cells);
  }
  return { rows };
}

function cellOf(cell: ExcelJS.Cell): SheetCell {
  const v = cell.value;
  if (v === null || v === undefined) return { text: '' };
  if (typeof v === 'number') return { text: String(v) };
  if (typeof v === 'string') return { text: v };
  if (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) return { text: '', formula: true };
  return { text: cell.text ?? '' };
}

/** UTF-8 (with or without BOM), else Windows-1252; null for bytes no text file holds (NUL and other controls). */
function decodeText(data: Buffer): string | null {
  const sample = data.subarray(0, 64 * 1024);
  for (const b of sample) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  return text.replace(/^\uFEFF/, '');
}

function separatorOf(firstLine: string): string {
  const counts = [';', '\t', ','].map((s) => [s, firstLine.split(s).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ';';
}

/** RFC 4180 fields (quotes, doubled quotes, separators and line breaks inside quotes). */
export function parseCsv(text: string): SheetCell[][] {
  const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const sep = separatorOf(firstLine);
  const rows: SheetCell[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    rows.push(row.map((t) => ({ text: t, ...(/^\s*[=@]/.test(t) ? { formula: true } : {}) })));
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length && rows.length < MAX_ROWS; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** The quick order's template: 'Código' and 'Cantidad' (and an optional description the reader ignores), with instructions on a second sheet. */
export async function quickOrderTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Pedido');
  ws.columns = [
    { header: 'Código', key: 'codigo', width: 22 },
    { header: 'Cantidad', key: 'cantidad', width: 12 },
    { header: 'Descripción (opcional)', key: 'descripcion', width: 40 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getColumn(1).numFmt = '@';
  const help = wb.addWorksheet('Instrucciones');
  for (const line of [
    'Pedido rápido: complete la hoja "Pedido", un producto por renglón.',
    'Código: el código del producto, su código alfanumérico (SEM-000123) o su código de barras.',
    'Cantidad: en unidades de venta (bolsas, bidones...). Decimales con coma: 2,5.',
    'Hasta 500 renglones. Use valores, no fórmulas.',
    'Suba la planilla en Pedido rápido → Subir archivo y revise cada renglón antes de agregarlo al carrito.',
  ])
    help.addRow([line]);
  help.getColumn(1).width = 100;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
