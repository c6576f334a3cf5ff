import { daysBetween, defaultFiscalRange, FISCAL_MAX_RANGE_DAYS, oneYearBefore, parseFiscalDate, todayInArgentina } from '@portal/contract';

/** The fiscal search as the list and the URL carry it: dates 'YYYY-MM-DD', document descriptions. */
export type FiscalSearch = { fechadesde: string; fechahasta: string; descom: string[] };

/**
 * The screen's opening search (ordering.md §5): the first day of the month six months back, to today in Buenos
 * Aires. The lead's decision: it loads as it is; the 30-day and one-year rules apply to the ranges the user picks.
 */
export function defaultSearch(): FiscalSearch {
  return { ...defaultFiscalRange(), descom: [] };
}

export function isDefaultRange(s: Pick<FiscalSearch, 'fechadesde' | 'fechahasta'>): boolean {
  const d = defaultFiscalRange();
  return s.fechadesde === d.fechadesde && s.fechahasta === d.fechahasta;
}

/** A picked start older than one year (ordering.md §5: 'La fecha desde debe estar dentro del último año'). */
export function startTooOld(desde: string): boolean {
  return desde < oneYearBefore(todayInArgentina());
}

/** A picked range over 30 days (2,592,000,000 ms). */
export function rangeTooLong(desde: string, hasta: string): boolean {
  return daysBetween(desde, hasta) > FISCAL_MAX_RANGE_DAYS;
}

/** The search from the URL (a list's filters live in the URL); missing or malformed dates are today's default range. */
export function searchFromParams(params: URLSearchParams, today: string = todayInArgentina()): FiscalSearch {
  const d = defaultFiscalRange(today);
  const desde = parseFiscalDate(params.get('desde') ?? '');
  const hasta = parseFiscalDate(params.get('hasta') ?? '');
  const both = desde !== null && hasta !== null;
  return {
    fechadesde: both ? desde : d.fechadesde,
    fechahasta: both ? hasta : d.fechahasta,
    descom: [...new Set(params.getAll('descom').filter(Boolean))],
  };
}

export function searchToParams(s: FiscalSearch): URLSearchParams {
  const p = new URLSearchParams();
  if (!isDefaultRange(s)) {
    p.set('desde', s.fechadesde);
    p.set('hasta', s.fechahasta);
  }
  s.descom.forEach((d) => p.append('descom', d));
  return p;
}
