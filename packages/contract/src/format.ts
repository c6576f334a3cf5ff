/** The cooperative's day and the es-AR formats every screen uses. */
export const TIME_ZONE = 'America/Argentina/Buenos_Aires';

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let f = numberFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('es-AR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, f);
  }
  return f;
}

/**
 * A `numeric` column's text with two decimals and at most 13 integer digits ("-1234567.50"), the way amounts and
 * balances arrive from SQL: exact as a double, so Intl would print these very digits.
 */
const TWO_DECIMALS = /^(-?)(0|[1-9]\d{0,12})\.(\d\d)$/;

/** 1234567.5 → "1.234.567,50". Accepts the decimal strings that `numeric` columns arrive as. */
export function formatNumber(value: number | string, decimals = 2): string {
  if (decimals === 2 && typeof value === 'string') {
    // Grouped from the text itself, as Intl's es-AR format would: Intl costs microseconds per call, and a statements
    // page formats two amounts per row (format.test.ts compares both on a wide range of values).
    const m = TWO_DECIMALS.exec(value);
    if (m) {
      const int = m[2]!;
      let grouped = int.length > 3 ? int.slice(0, ((int.length - 1) % 3) + 1) : int;
      for (let i = grouped.length; i < int.length; i += 3) grouped += `.${int.slice(i, i + 3)}`;
      return `${m[1]}${grouped},${m[3]}`;
    }
  }
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return '';
  return numberFormat(decimals).format(n);
}

/** Currency with its prefix: ARS → "$ 1.234,50", USD → "U$S 1.234,50". */
export function formatMoney(value: number | string, currency: 'ARS' | 'USD' | string = 'ARS', decimals = 2): string {
  const prefix = currency === 'USD' ? 'U$S' : '$';
  const text = formatNumber(value, decimals);
  return text.startsWith('-') ? `-${prefix} ${text.slice(1)}` : `${prefix} ${text}`;
}

/** Parses an es-AR typed amount ("1.234,56") into a decimal string ("1234.56"); null when it is not a number. */
export function parseEsArNumber(text: string): string | null {
  const t = text.trim();
  if (!/^-?(\d{1,3}(\.\d{3})*|\d+)(,\d+)?$/.test(t)) return null;
  return t.replace(/\./g, '').replace(',', '.');
}

const ymdFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The last answer and the quarter hour of UTC it holds for. A day in any zone starts at a local midnight, and every
 * zone's offset from UTC is a whole number of quarter hours, so within one UTC quarter hour the date cannot change:
 * the server asks for it on every request (module access, dashboard), and formatting it costs microseconds each time.
 */
const QUARTER_HOUR_MS = 900_000;
let lastQuarter = Number.NaN;
let lastDay = '';

/** Today's date (YYYY-MM-DD) in Buenos Aires, whatever the machine's zone. */
export function todayInArgentina(now: Date = new Date()): string {
  const quarter = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  if (quarter !== lastQuarter) {
    lastDay = ymdFormat.format(now);
    lastQuarter = quarter;
  }
  return lastDay;
}

/** "2026-11-21" → "21-11-2026" (the spec's DD-MM-yyyy). */
export function formatDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : isoDate;
}

/** "2026-11-21" → "21/11/2026", the way tables show dates. */
export function formatDateSlash(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : isoDate;
}

/**
 * A voucher's or an order's number the way every screen, PDF, WhatsApp text and detail line shows it: point of
 * sale in 5 digits and number in 8, '00003-00001234' (the layout of AFIP's printed vouchers); just the 8 digits
 * when there is no point of sale.
 */
export function voucherNumberText(pointOfSale: number | null | undefined, number: number): string {
  const n = String(number).padStart(8, '0');
  return pointOfSale === null || pointOfSale === undefined ? n : `${String(pointOfSale).padStart(5, '0')}-${n}`;
}

/**
 * Text as searches compare it: lower-case, without accents ('Pérez' → 'perez'), so every search of the portal,
 * in the browser and on the server, ignores the way people type (issue 17 item 11).
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Accented letters and what foldText makes of them, for SQL's translate() (the server's side of foldText). */
export const FOLD_FROM = 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
export const FOLD_TO = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';

/** 'YYYY-MM-DD' or 'DD/MM/YYYY' (or 'DD-MM-YYYY') → 'YYYY-MM-DD'; null when it is not a real day. */
export function parseFiscalDate(text: string): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(t))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}
