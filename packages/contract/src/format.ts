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

/** A decimal string of at most 15 significant digits: a double holds it exactly, and Intl prints those digits. */
const SHORT_DECIMAL = /^(-?)0*(\d+?)(?:\.(\d*))?$/;

/**
 * What Intl's es-AR format prints for a decimal string with no more fraction digits than asked: the same digits,
 * grouped by three with '.', ',' before the fraction padded with zeros (numeric columns arrive as such strings; a
 * catalogue page formats ≈ 100 of them, each ≈ 0.4 µs through Intl). Null when Intl must decide (rounding, more
 * than 15 significant digits, any other shape).
 */
function formatDecimalString(value: string, decimals: number): string | null {
  const m = SHORT_DECIMAL.exec(value);
  if (!m) return null;
  const int = m[2]!;
  const fraction = m[3] ?? '';
  if (fraction.length > decimals || int.length + fraction.length > 15) return null;
  let grouped = int.length > 3 ? '' : int;
  if (int.length > 3) {
    const head = int.length % 3 || 3;
    grouped = int.slice(0, head);
    for (let i = head; i < int.length; i += 3) grouped += `.${int.slice(i, i + 3)}`;
  }
  return `${m[1]}${grouped}${decimals > 0 ? `,${fraction.padEnd(decimals, '0')}` : ''}`;
}

/** 1234567.5 → "1.234.567,50". Accepts the decimal strings that `numeric` columns arrive as. */
export function formatNumber(value: number | string, decimals = 2): string {
  if (typeof value === 'string') {
    const exact = formatDecimalString(value, decimals);
    if (exact !== null) return exact;
  }
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return '';
  return numberFormat(decimals).format(n);
}

/** The space between a currency sign and its figure: non-breaking, so '$' never stays alone at a line's end. */
export const MONEY_SPACE = '\u00a0';

/** Currency with its prefix: ARS → "$ 1.234,50", USD → "U$S 1.234,50" (the space non-breaking: MONEY_SPACE). */
export function formatMoney(value: number | string, currency: 'ARS' | 'USD' | string = 'ARS', decimals = 2): string {
  const prefix = currency === 'USD' ? 'U$S' : '$';
  const text = formatNumber(value, decimals);
  return text.startsWith('-') ? `-${prefix}${MONEY_SPACE}${text.slice(1)}` : `${prefix}${MONEY_SPACE}${text}`;
}

/** Integer digits an amount may have: the ledgers' numeric(15,2) columns. */
export const AMOUNT_MAX_INT_DIGITS = 13;

/**
 * The one reading of an amount, typed by a person or sent by a screen (statements.md §4): the currency sign and
 * spaces go, dots grouping thousands go, the comma is the decimal point, then the value is rounded half up to 2
 * decimals. '50.000' → '50000.00', '1.500.000' → '1500000.00', '$ 1.234,567' → '1234.57'. A dot followed by one or
 * two final digits cannot group thousands, so it is a decimal point ('1234.50', what screens send on the wire);
 * any other dot ('1234.567', '1.23.456') makes the text not an amount. Returns the decimal string with two
 * decimals ('-' first when negative), or null. Strings all the way: no float ever holds the amount.
 */
export function parseAmountText(text: string | number): string | null {
  let t = String(text).replace(/U\$S|\$/g, '').replace(/\s+/g, '');
  const negative = t.startsWith('-');
  if (negative) t = t.slice(1);
  const comma = t.indexOf(',');
  let int = comma === -1 ? t : t.slice(0, comma);
  let frac = comma === -1 ? '' : t.slice(comma + 1);
  if (comma !== -1 && !/^\d+$/.test(frac)) return null;
  if (/^\d{1,3}(\.\d{3})+$/.test(int)) int = int.replace(/\./g, '');
  else if (comma === -1 && /^\d+\.\d{1,2}$/.test(int)) [int, frac] = int.split('.') as [string, string];
  else if (!/^\d+$/.test(int)) return null;
  int = int.replace(/^0+(?=\d)/, '');
  if (int.length > AMOUNT_MAX_INT_DIGITS) return null;
  let cents = BigInt(int + (frac + '00').slice(0, 2));
  if ((frac[2] ?? '0') >= '5') cents += 1n;
  if (cents === 0n) return '0.00';
  const abs = cents.toString().padStart(3, '0');
  return `${negative ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** A decimal string ('-1234.5') in cents, for exact comparisons without floats. */
export function toCents(decimal: string): bigint {
  const negative = decimal.trim().startsWith('-');
  const [int = '0', frac = ''] = decimal.trim().replace('-', '').split('.');
  const cents = BigInt((int || '0') + (frac + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/**
 * A quantity as people type or paste it in Argentina, read by parseAmountText's rules without its rounding to cents
 * (quantities keep up to 6 decimals; the cart takes 3): es-AR decimals ('1,5' → '1.5') and thousands ('1.000' →
 * '1000', '1.000,25' → '1000.25'), a dot not followed by exactly three digits is the decimal point a sheet in another
 * locale exports ('12.5'), spaces group thousands ('1 000'). Null when it is not a number ≥ 0.
 */
export function parseQuantity(text: string): string | null {
  const t = text.replace(/[\s\u00a0]/g, '');
  let m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,6}))?$/.exec(t);
  if (!m) m = /^(\d+)\.(\d{1,6})$/.exec(t);
  if (!m) return null;
  const int = m[1]!.replace(/\./g, '').replace(/^0+(?=\d)/, '');
  return m[2] ? `${int}.${m[2]}` : int;
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

/** A voucher's title with its letter, the same on screens and in exports: 'Factura canje' + 'A' → 'Factura canje A'. */
export function voucherTitleText(name: string, letter: string | null | undefined): string {
  if (!letter || name.endsWith(` ${letter}`)) return name;
  return `${name} ${letter}`;
}

/**
 * Text as searches compare it: lower-case, without accents ('Pérez' → 'perez'), so every search of the portal,
 * in the browser and on the server, ignores the way people type.
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
