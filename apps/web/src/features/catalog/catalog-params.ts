import { useSearchParams } from 'react-router';

/** The eight catalogue facets (ordering.md §3), in the order the filter panel shows them. */
export const FACETS = [
  { key: 'unegocio', label: 'Unidad de negocio' },
  { key: 'familia', label: 'Familia' },
  { key: 'subfamilia', label: 'Subfamilia' },
  { key: 'presentacion', label: 'Presentación' },
  { key: 'rubro', label: 'Rubro' },
  { key: 'subrubro', label: 'Subrubro' },
  { key: 'linea', label: 'Línea' },
  { key: 'marca', label: 'Marca' },
] as const;
export type FacetKey = (typeof FACETS)[number]['key'];

/** The Filter field (and facet-list query parameter) of each facet (ordering.md §3). */
export const FACET_FIELD = {
  unegocio: 'negocio_id',
  familia: 'familia_id',
  subfamilia: 'subfamilia_id',
  presentacion: 'presentacion_id',
  rubro: 'rubro_id',
  subrubro: 'subrubro_id',
  linea: 'linea_id',
  marca: 'marca_id',
} as const satisfies Record<FacetKey, string>;

export type CatalogView = 'lista' | 'grilla' | 'rapida';

/** What the user chose: facet ids, the two flags. The search text and the page travel beside it. */
export type CatalogFilters = Partial<Record<FacetKey, number>> & { nuevo?: boolean; promo?: boolean };

export type CatalogState = { patron: string; page: number; view: CatalogView; filters: CatalogFilters };

export const PAGE_SIZE = 12;
export const MIN_SEARCH = 3;

/** The search text decides: blank browses everything, 1–2 characters is not a search (no call, no results). */
export function searchState(patron: string): 'all' | 'short' | 'search' {
  const t = patron.trim();
  if (t.length === 0) return 'all';
  return t.length < MIN_SEARCH ? 'short' : 'search';
}

function readFilters(params: URLSearchParams): CatalogFilters {
  const f: CatalogFilters = {};
  for (const { key } of FACETS) {
    const v = Number(params.get(key));
    if (Number.isInteger(v) && v > 0) f[key] = v;
  }
  if (params.get('nuevo') === '1') f.nuevo = true;
  if (params.get('promo') === '1') f.promo = true;
  return f;
}

/** Filters, search text, view and page live in the URL (STYLE.md 8): a reload or a shared link keeps them. */
export function useCatalogParams(defaultView: CatalogView = 'grilla') {
  const [params, setParams] = useSearchParams();
  const view = (['lista', 'grilla', 'rapida'] as const).find((v) => v === params.get('vista')) ?? defaultView;
  const state: CatalogState = {
    patron: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    view,
    filters: readFilters(params),
  };

  function write(next: Partial<CatalogState>, replace = false) {
    const s = { ...state, ...next };
    const p = new URLSearchParams(params);
    for (const { key } of FACETS) p.delete(key);
    for (const k of ['q', 'page', 'vista', 'nuevo', 'promo']) p.delete(k);
    if (s.patron) p.set('q', s.patron);
    for (const { key } of FACETS) if (s.filters[key]) p.set(key, String(s.filters[key]));
    if (s.filters.nuevo) p.set('nuevo', '1');
    if (s.filters.promo) p.set('promo', '1');
    if (s.view !== defaultView) p.set('vista', s.view);
    if (s.page > 1) p.set('page', String(s.page));
    setParams(p, { replace });
  }

  return {
    ...state,
    setPatron: (patron: string) => write({ patron, page: 1 }, true),
    setPage: (page: number) => write({ page }),
    setView: (v: CatalogView) => write({ view: v, page: 1 }),
    setFilters: (filters: CatalogFilters) => write({ filters, page: 1 }),
  };
}

export function activeFilterCount(f: CatalogFilters): number {
  return FACETS.filter(({ key }) => f[key]).length + (f.nuevo ? 1 : 0) + (f.promo ? 1 : 0);
}
