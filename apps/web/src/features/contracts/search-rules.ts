import { parseFiscalDate, type ContractSummaryCode } from '@portal/contract';

/** The contracts' filters as the list and the URL carry them: grain in the path, the rest in the query. */
export type ContractSearch = {
  grano: string | null;
  codres: ContractSummaryCode;
  fechadesde: string | null;
  fechahasta: string | null;
  cosechas: string[];
};

const CODES: readonly ContractSummaryCode[] = ['TOD', 'PEN', 'FIJ', 'CUM'];

export function searchFromParams(grano: string | undefined, p: URLSearchParams): ContractSearch {
  const codres = p.get('codres') as ContractSummaryCode | null;
  return {
    grano: grano || null,
    codres: codres && CODES.includes(codres) ? codres : 'TOD',
    fechadesde: parseFiscalDate(p.get('desde') ?? ''),
    fechahasta: parseFiscalDate(p.get('hasta') ?? ''),
    cosechas: [...new Set((p.get('cosecha') ?? '').split(',').map((c) => c.trim()).filter((c) => /^\d{4}\/\d{2}$/.test(c)))],
  };
}

export function searchToParams(s: ContractSearch): URLSearchParams {
  const p = new URLSearchParams();
  if (s.codres !== 'TOD') p.set('codres', s.codres);
  if (s.fechadesde) p.set('desde', s.fechadesde);
  if (s.fechahasta) p.set('hasta', s.fechahasta);
  if (s.cosechas.length) p.set('cosecha', s.cosechas.join(','));
  return p;
}

/** The search as the call's query: the harvests as a JSON array in text (statements.md §7 'cosecha (array as text)'). */
export function searchQuery(s: ContractSearch) {
  return {
    grano: s.grano ?? undefined,
    codres: s.codres,
    fechadesde: s.fechadesde ?? undefined,
    fechahasta: s.fechahasta ?? undefined,
    cosecha: s.cosechas.length ? JSON.stringify(s.cosechas) : undefined,
  };
}

export const hasSearchFilters = (s: ContractSearch) => Boolean(s.fechadesde || s.fechahasta || s.cosechas.length);
