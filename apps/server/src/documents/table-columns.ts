import Decimal from 'decimal.js';
import { formatDateSlash, formatMoney, formatNumber, todayInArgentina } from '@portal/contract';
import type { Currency } from './types.js';

/** Column definitions and value conversions shared by the XLSX and PDF list exports. */

/** 'quantity': a number with the decimals it has, up to `decimals` (default 3), as the screens show quantities ('6', '12,5'). */
export type ColumnType = 'text' | 'number' | 'quantity' | 'money' | 'date';

export type Column = {
  /** The row property the column shows. */
  key: string;
  header: string;
  type: ColumnType;
  /** Relative width (PDF: share of the page width; XLSX: ≈ 10 characters per unit). Defaults by type. */
  width?: number;
  /** Decimals of number/money columns (default 2); the most a quantity column shows (default 3). */
  decimals?: number;
  /** Money columns: prints '$ ' / 'U$S ' (PDF) and uses a currency number format (XLSX). */
  currency?: Currency;
};

/**
 * A row as it comes from the database: numbers or decimal strings for number/money columns, 'YYYY-MM-DD'
 * strings (or Date instants, read as the day in Buenos Aires) for date columns, anything printable for text.
 */
export type Row = Readonly<Record<string, unknown>>;

/** true: a totals row summing every number/money column; a list of keys: only those columns. */
export type TableTotals = boolean | readonly string[];

export const DEFAULT_WIDTH: Record<ColumnType, number> = { text: 2, number: 1, quantity: 1, money: 1.3, date: 1 };

export function columnWidth(c: Column): number {
  return c.width && c.width > 0 ? c.width : DEFAULT_WIDTH[c.type];
}

export function columnDecimals(c: Column): number {
  return Math.max(0, Math.min(10, Math.trunc(c.decimals ?? (c.type === 'quantity' ? 3 : 2))));
}

export function isNumeric(c: Column): boolean {
  return c.type === 'number' || c.type === 'quantity' || c.type === 'money';
}

/** The decimals a quantity cell shows: the ones its value has (trailing zeros aside), at most the column's. */
export function quantityDecimals(c: Column, value: number | string): number {
  const d = new Decimal(value).toDecimalPlaces(columnDecimals(c), Decimal.ROUND_HALF_UP);
  return d.decimalPlaces();
}

/** The value as a number, or null when empty / not a number. */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The day the value stands for, 'YYYY-MM-DD', or null. Date instants are read in Buenos Aires. */
export function toIsoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : todayInArgentina(value);
  const text = String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return text;
  const instant = new Date(text);
  return /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(instant.getTime()) ? todayInArgentina(instant) : null;
}

export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatDateSlash(todayInArgentina(value));
  return String(value);
}

/** How a PDF cell shows the value: es-AR numbers, DD/MM/YYYY dates. */
export function displayValue(c: Column, value: unknown): string {
  switch (c.type) {
    case 'quantity': {
      const n = toNumber(value);
      if (n === null) return toText(value);
      const exact = typeof value === 'string' ? value : n;
      return formatNumber(new Decimal(exact).toFixed(quantityDecimals(c, exact)), quantityDecimals(c, exact));
    }
    case 'number':
    case 'money': {
      const n = toNumber(value);
      if (n === null) return toText(value);
      const decimals = columnDecimals(c);
      return c.type === 'money' && c.currency ? formatMoney(n, c.currency, decimals) : formatNumber(n, decimals);
    }
    case 'date': {
      const day = toIsoDate(value);
      return day ? formatDateSlash(day) : toText(value);
    }
    default:
      return toText(value);
  }
}

/** Sums the chosen numeric columns exactly (decimal strings are added as decimals, not floats). */
export class TotalsAccumulator {
  private readonly sums = new Map<string, Decimal>();

  constructor(columns: readonly Column[], totals: TableTotals | undefined) {
    if (!totals) return;
    const wanted = totals === true ? null : new Set(totals);
    for (const c of columns) {
      if (isNumeric(c) && (wanted === null || wanted.has(c.key))) this.sums.set(c.key, new Decimal(0));
    }
  }

  get enabled(): boolean {
    return this.sums.size > 0;
  }

  add(row: Row): void {
    for (const [key, sum] of this.sums) {
      const value = row[key];
      if (value === null || value === undefined || value === '') continue;
      try {
        this.sums.set(key, sum.plus(typeof value === 'number' || typeof value === 'string' ? value : String(value)));
      } catch {
        // not a number: ignored, as the cell shows it as text
      }
    }
  }

  /** The totals row: sums as numbers, keyed like the data rows. */
  result(): Map<string, number> {
    return new Map([...this.sums].map(([k, v]) => [k, v.toNumber()]));
  }
}
