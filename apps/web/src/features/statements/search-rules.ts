import { daysBetween, parseAmountText, FISCAL_MAX_RANGE_DAYS, oneYearBefore, parseFiscalDate, STATEMENT_CURRENCIES, todayInArgentina, type StatementSummaryCode } from '@portal/contract';

/** The statement's filters as the list and the URL carry them (a list's filters live in the URL). */
export type StatementSearch = {
  moneda: (typeof STATEMENT_CURRENCIES)[number] | null;
  tipocc: string | null;
  codres: StatementSummaryCode;
  fechadesde: string | null;
  fechahasta: string | null;
  importedsd: string | null;
  importehst: string | null;
  descom: string[];
  credito: boolean;
  debito: boolean;
};

export const emptySearch = (): StatementSearch => ({
  moneda: null, tipocc: null, codres: 'TOD', fechadesde: null, fechahasta: null, importedsd: null, importehst: null, descom: [], credito: false, debito: false,
});

/** A picked start older than one year (statements.md §5). */
export const startTooOld = (desde: string) => desde < oneYearBefore(todayInArgentina());
/** A picked range over 30 days. */
export const rangeTooLong = (desde: string, hasta: string) => daysBetween(desde, hasta) > FISCAL_MAX_RANGE_DAYS;

/** 'Importe desde' as typed, read by the contract's one parser ('50.000' is fifty thousand): the decimal string, or null. */
export function amountOf(text: string): string | null {
  const n = parseAmountText(text);
  return n === null || n.startsWith('-') ? null : n;
}

export function searchFromParams(p: URLSearchParams): StatementSearch {
  const moneda = p.get('moneda');
  const codres = p.get('codres');
  return {
    moneda: (STATEMENT_CURRENCIES as readonly string[]).includes(moneda ?? '') ? (moneda as StatementSearch['moneda']) : null,
    tipocc: p.get('tipocc') || null,
    codres: codres === 'PEN' || codres === 'VEN' ? codres : 'TOD',
    fechadesde: parseFiscalDate(p.get('desde') ?? ''),
    fechahasta: parseFiscalDate(p.get('hasta') ?? ''),
    importedsd: p.get('idesde') || null,
    importehst: p.get('ihasta') || null,
    descom: [...new Set(p.getAll('descom').filter(Boolean))],
    credito: p.get('credito') === '1',
    debito: p.get('debito') === '1',
  };
}

export function searchToParams(s: StatementSearch): URLSearchParams {
  const p = new URLSearchParams();
  if (s.moneda) p.set('moneda', s.moneda);
  if (s.tipocc) p.set('tipocc', s.tipocc);
  if (s.codres !== 'TOD') p.set('codres', s.codres);
  if (s.fechadesde) p.set('desde', s.fechadesde);
  if (s.fechahasta) p.set('hasta', s.fechahasta);
  if (s.importedsd) p.set('idesde', s.importedsd);
  if (s.importehst) p.set('ihasta', s.importehst);
  s.descom.forEach((d) => p.append('descom', d));
  if (s.credito) p.set('credito', '1');
  if (s.debito) p.set('debito', '1');
  return p;
}

/** The search as the call's query. */
export function searchQuery(s: StatementSearch) {
  return {
    moneda: s.moneda ?? undefined,
    tipocc: s.tipocc ?? undefined,
    codres: s.codres,
    fechadesde: s.fechadesde ?? undefined,
    fechahasta: s.fechahasta ?? undefined,
    importedsd: s.importedsd ?? undefined,
    importehst: s.importehst ?? undefined,
    descom: s.descom.length ? s.descom.join(',') : undefined,
    credito: s.credito ? 'true' : undefined,
    debito: s.debito ? 'true' : undefined,
  };
}

/** Whether the search drawer's filters (not the tabs, radio or account chips) are in use. */
export const hasSearchFilters = (s: StatementSearch) =>
  Boolean(s.fechadesde || s.fechahasta || s.importedsd || s.importehst || s.descom.length || s.credito || s.debito);
