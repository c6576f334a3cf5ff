import { formatNumber, parseQuantity } from './format.js';
import { orderingMsg } from './ordering-messages.js';
import { LABELS } from './labels.js';

/**
 * Quick order ('Pedido rápido', docs/decisions/ordering.md): codes and quantities pasted or uploaded (XLSX / CSV),
 * resolved by the server against the entity's catalogue and price lists into a review, whose ready lines are then
 * added to the sales or purchase cart in one all-or-nothing call. The parser of pasted text and of a sheet's rows
 * lives here, so the browser and the server read the same lines the same way.
 */

export const QUICK_ORDER = {
  /** Lines one review resolves. */
  maxLines: 500,
  /** An uploaded file: 500 lines of a sheet take a few tens of kB; 2 MB leaves room for formats and extra columns. */
  maxFileBytes: 2 * 1024 * 1024,
  /** Pasted text: 500 lines of code, description and quantity fit many times over. */
  maxTextChars: 200_000,
  /** Longest code read (product codes, alphanumeric codes and barcodes are far shorter). */
  maxCodeLength: 40,
  /** Rows at the top of a sheet searched for the header. */
  headerRows: 10,
  /** Closest codes shown for a code not found. */
  suggestions: 3,
} as const;

const n = (v: number) => formatNumber(v, 0);

export const quickOrderMsg = {
  titulo: 'Pedido rápido',
  pegar: 'Pegar',
  subirArchivo: 'Subir archivo',
  pegarAyuda: 'Pegue un renglón por producto: código y cantidad separados por espacio, punto y coma o tabulación (copiado de una planilla). Decimales con coma (1,5) y miles con punto (1.000).',
  pegarPlaceholder: 'SEM-000123 10\nFER-000045;2,5\n7791234567890\t1.000',
  archivoAyuda: 'Planilla XLSX o CSV: se lee la primera hoja; las columnas de código y cantidad se reconocen por su encabezado o las elige usted.',
  descargarPlantilla: 'Descargar plantilla',
  elegirArchivo: 'Elegir archivo',
  columnaCodigo: 'Columna de código',
  columnaCantidad: 'Columna de cantidad',
  revisar: 'Revisar',
  revisando: 'Revisando...',
  agregarListos: (count: number) => `Agregar ${n(count)} ${count === 1 ? 'producto' : 'productos'} al carrito`,
  nadaParaAgregar: 'No hay renglones listos para agregar.',
  quitar: 'Quitar',
  corregir: 'Corregir',
  aplicarCorreccion: orderingMsg.aplicar,
  volver: 'Volver',
  codigo: 'Código',
  producto: 'Producto',
  cantidad: LABELS.cantidad,
  precio: 'Precio',
  subtotal: 'Subtotal',
  estado: LABELS.estado,
  quizasQuiso: '¿Quiso decir?',
  renglonesDe: (line: string) => `Renglón ${line}`,
  estados: {
    listo: 'Listo',
    ajustado: 'Ajustado',
    no_encontrado: 'No encontrado',
    no_disponible: 'No disponible',
    duplicado: 'Duplicado',
  },
  // Reasons the review shows on a line.
  envaseEntero: (factor: string, unit: string, asked: string, given: string) => `Se vende por envase entero de ${factor} ${unit}: ${asked} → ${given}.`,
  cantidadMinima: (asked: string) => `La cantidad mínima es 1: ${asked} → 1.`,
  decimales: (asked: string, given: string) => `Se admiten hasta 3 decimales: ${asked} → ${given}.`,
  envaseCambiado: (factor: string, unit: string) => `Cambió el envase: ahora se vende por ${factor} ${unit}.`,
  duplicado: (lines: string) => `Aparece en los renglones ${lines}: se sumaron las cantidades.`,
  noEncontrado: 'No hay un producto con ese código.',
  noEncontradoSugerencias: 'No hay un producto con ese código; los más parecidos se muestran debajo.',
  ambiguo: 'Varios productos tienen ese código: elija uno.',
  discontinuado: 'El producto ya no se vende (discontinuado).',
  sinPrecio: 'El producto no tiene precio en su lista: no está disponible para esta cuenta.',
  // Refusals (400: nothing is read further, nothing is written).
  vacio: 'No hay renglones para revisar: pegue códigos y cantidades o suba una planilla.',
  demasiados: (count: number) => `Puede revisar hasta ${n(QUICK_ORDER.maxLines)} renglones por vez; este pedido tiene ${n(count)}. Divídalo en partes.`,
  textoLargo: `El texto pegado es demasiado largo: pegue hasta ${n(QUICK_ORDER.maxLines)} renglones por vez.`,
  renglonSinCantidad: (line: number, code: string) => `Renglón ${n(line)}: falta la cantidad de «${code}». Escriba el código y la cantidad.`,
  renglonCantidadInvalida: (line: number, text: string) => `Renglón ${n(line)}: la cantidad «${text}» no es un número.`,
  renglonCantidadCero: (line: number) => `Renglón ${n(line)}: la cantidad debe ser mayor que cero.`,
  renglonFormula: (line: number) => `Renglón ${n(line)}: tiene una fórmula. Pegue o guarde los valores, no las fórmulas.`,
  renglonCodigoLargo: (line: number) => `Renglón ${n(line)}: el código tiene más de ${QUICK_ORDER.maxCodeLength} caracteres.`,
  celdaFormula: (cell: string) => `La celda ${cell} tiene una fórmula. Guarde la planilla con los valores (Pegado especial → Valores) y vuelva a subirla.`,
  archivoGrande: `El archivo supera ${n(QUICK_ORDER.maxFileBytes / 1024 / 1024)} MB. Suba una planilla de hasta ${n(QUICK_ORDER.maxLines)} renglones.`,
  archivoNoPlanilla: 'El archivo no es una planilla XLSX ni un CSV. Guárdelo como Excel (.xlsx) o CSV y vuelva a subirlo.',
  archivoFaltante: 'Elija un archivo XLSX o CSV.',
  archivoSinHojas: 'La planilla no tiene hojas con datos.',
  columnasNoEncontradas: 'No se encontraron las columnas de código y cantidad por su encabezado: elíjalas.',
  columnaInvalida: 'La columna elegida no existe en la planilla.',
  columnasIguales: 'Elija columnas distintas para el código y la cantidad.',
  historialSinProductos: 'El pedido no tiene productos.',
  errorRevisar: 'No se pudo revisar el pedido:',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Parsing pasted text and sheet rows

/** One line read: where it came from (its line number, or 'B7' for a cell), the code as typed and the quantity. */
export type ParsedLine = { linea: number; codigo: string; cantidad: string };
export type ParseResult = { lineas: ParsedLine[]; error: string | null };

const CODE_HEADER = /^(c[oó]d(igo|\.)?|cod[._ ]?art(iculo)?|art[ií]culo|sku|ean|c[oó]digo de barras|producto)\b/i;
/** A header that names codes for sure: preferred to 'Producto', which often heads the products' names. */
const STRONG_CODE_HEADER = /^(c[oó]d(igo|\.)?|cod[._ ]?art(iculo)?|sku|ean|c[oó]digo de barras)\b/i;
const QUANTITY_HEADER = /^(cant(idad|\.)?|qty|unidades|bultos)\b/i;

/** A cell or token that a spreadsheet would compute rather than show: '=SUMA(A1:A3)', '=HYPERLINK(…)'. */
const isFormula = (s: string) => /^[=@]/.test(s.trim()) || /^[+-][A-Za-z(]/.test(s.trim());

function cellsOf(line: string): string[] {
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim()).filter((c) => c !== '');
  if (line.includes(';')) return line.split(';').map((c) => c.trim()).filter((c) => c !== '');
  const tokens = line.trim().split(/\s+/);
  // 'SEM 000123 10': the last token is the quantity, the rest is the code (codes ignore spaces).
  return tokens.length <= 1 ? tokens : [tokens.slice(0, -1).join(' '), tokens[tokens.length - 1]!];
}

function isHeader(cells: string[]): boolean {
  return cells.some((c) => CODE_HEADER.test(c)) || cells.some((c) => QUANTITY_HEADER.test(c));
}

/** Reads one line's code and quantity cells; the first problem found is the answer's error. */
function readLine(linea: number, code: string | undefined, qty: string | undefined): ParsedLine | string {
  const codigo = (code ?? '').trim();
  if (isFormula(codigo) || (qty !== undefined && isFormula(qty))) return quickOrderMsg.renglonFormula(linea);
  if (codigo.length > QUICK_ORDER.maxCodeLength) return quickOrderMsg.renglonCodigoLargo(linea);
  if (qty === undefined || qty.trim() === '') return quickOrderMsg.renglonSinCantidad(linea, codigo);
  const cantidad = parseQuantity(qty);
  if (cantidad === null) return quickOrderMsg.renglonCantidadInvalida(linea, qty.trim());
  if (Number(cantidad) <= 0) return quickOrderMsg.renglonCantidadCero(linea);
  return { linea, codigo, cantidad };
}

/**
 * Pasted text: one product per line as people write them — 'codigo cantidad', 'codigo;cantidad',
 * 'codigo<TAB>cantidad' (a spreadsheet's columns; with more columns the first is the code and the last the
 * quantity). Blank lines and header lines ('Código  Cantidad') are skipped. The first bad line refuses the whole
 * text with its line number (nothing half-read reaches the review).
 */
export function parseQuickOrderText(text: string): ParseResult {
  if (text.length > QUICK_ORDER.maxTextChars) return { lineas: [], error: quickOrderMsg.textoLargo };
  const lineas: ParsedLine[] = [];
  const rows = text.split(/\r\n|\r|\n/);
  let seenData = false;
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.trim() === '') continue;
    const cells = cellsOf(row);
    if (!seenData && cells.length >= 1 && isHeader(cells) && parseQuantity(cells[cells.length - 1]!) === null) continue;
    seenData = true;
    count++;
    if (count > QUICK_ORDER.maxLines) continue;
    // With more than two columns (code, description, quantity…) the quantity is the last cell that reads as one.
    const qtyCell = cells.length > 2 ? ([...cells.slice(1)].reverse().find((c) => parseQuantity(c) !== null) ?? cells[cells.length - 1]) : cells[1];
    const read = readLine(i + 1, cells[0], qtyCell);
    if (typeof read === 'string') return { lineas: [], error: read };
    lineas.push(read);
  }
  if (count > QUICK_ORDER.maxLines) return { lineas: [], error: quickOrderMsg.demasiados(count) };
  if (lineas.length === 0) return { lineas: [], error: quickOrderMsg.vacio };
  return { lineas, error: null };
}

/** A sheet's cell as the parser needs it: its text, and whether the sheet computes it. */
export type SheetCell = { text: string; formula?: boolean };

/** 0 → 'A', 27 → 'AB'. */
export function columnLetter(index: number): string {
  let s = '';
  for (let i = index + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

export type SheetColumns = {
  /** Each column's header (or 'Columna B' when the sheet has none). */
  columnas: string[];
  columna_codigo: number | null;
  columna_cantidad: number | null;
  /** Index of the header row, null when the sheet has none. */
  encabezado: number | null;
};

/** The code and quantity columns of a sheet, found by their headers in its first rows. */
export function detectColumns(rows: SheetCell[][]): SheetColumns {
  const width = Math.max(0, ...rows.slice(0, 50).map((r) => r.length));
  for (let r = 0; r < Math.min(rows.length, QUICK_ORDER.headerRows); r++) {
    const texts = rows[r]!.map((c) => c.text.trim());
    const strong = texts.findIndex((t) => STRONG_CODE_HEADER.test(t));
    const code = strong >= 0 ? strong : texts.findIndex((t) => CODE_HEADER.test(t));
    const qty = texts.findIndex((t) => QUANTITY_HEADER.test(t));
    if (code >= 0 && qty >= 0 && code !== qty) {
      const columnas = Array.from({ length: Math.max(width, texts.length) }, (_, i) => texts[i] || `Columna ${columnLetter(i)}`);
      return { columnas, columna_codigo: code, columna_cantidad: qty, encabezado: r };
    }
  }
  return { columnas: Array.from({ length: width }, (_, i) => `Columna ${columnLetter(i)}`), columna_codigo: null, columna_cantidad: null, encabezado: null };
}

/**
 * A sheet's rows (the first sheet of an XLSX, or a CSV) with the code and quantity columns found by their header
 * or chosen (0-based). Rows before and at the header, and rows with neither code nor quantity, are skipped; a
 * formula in either column refuses the file with the cell's name.
 */
export function parseQuickOrderSheet(
  rows: SheetCell[][],
  chosen: { codigo?: number; cantidad?: number } = {},
): ParseResult & { columnas: SheetColumns } {
  const detected = detectColumns(rows);
  const code = chosen.codigo ?? detected.columna_codigo;
  const qty = chosen.cantidad ?? detected.columna_cantidad;
  const columnas = { ...detected, columna_codigo: code, columna_cantidad: qty };
  const fail = (error: string) => ({ lineas: [], error, columnas });
  if (code === null || qty === null) return fail(quickOrderMsg.columnasNoEncontradas);
  if (code === qty) return fail(quickOrderMsg.columnasIguales);
  if (code >= detected.columnas.length || qty >= detected.columnas.length) return fail(quickOrderMsg.columnaInvalida);
  const lineas: ParsedLine[] = [];
  let count = 0;
  for (let r = (detected.encabezado ?? -1) + 1; r < rows.length; r++) {
    const c = rows[r]![code];
    const q = rows[r]![qty];
    if (c?.formula) return fail(quickOrderMsg.celdaFormula(`${columnLetter(code)}${r + 1}`));
    if (q?.formula) return fail(quickOrderMsg.celdaFormula(`${columnLetter(qty)}${r + 1}`));
    const ct = c?.text.trim() ?? '';
    const qt = q?.text.trim() ?? '';
    if (ct === '' && qt === '') continue;
    // Without a header, a first row whose quantity is a word is a title the detection did not recognise.
    if (detected.encabezado === null && count === 0 && parseQuantity(qt) === null && !/\d/.test(qt)) continue;
    count++;
    if (count > QUICK_ORDER.maxLines) continue;
    const read = readLine(r + 1, ct, qt);
    if (typeof read === 'string') return fail(read);
    lineas.push(read);
  }
  if (count > QUICK_ORDER.maxLines) return fail(quickOrderMsg.demasiados(count));
  if (lineas.length === 0) return fail(quickOrderMsg.vacio);
  return { lineas, error: null, columnas };
}

/**
 * How codes are compared: upper case, letters and digits only, leading zeros of each run of digits dropped
 * ('sem 000123' and 'SEM-123' → 'SEM123'; '0001001' → '1001'). The server's SQL function quick_code_key does the
 * same (migration 20261201_1100_quick_order), and its indexes serve the lookups.
 */
export function codeKey(code: string): string {
  return code
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/(^|[^0-9])0+([0-9])/g, '$1$2');
}

export const QUICK_STATES = ['listo', 'ajustado', 'no_encontrado', 'no_disponible', 'duplicado'] as const;
export type QuickState = (typeof QUICK_STATES)[number];
/** States whose line goes to the cart with 'Agregar'. */
export const QUICK_ADDABLE: readonly QuickState[] = ['listo', 'ajustado', 'duplicado'];
