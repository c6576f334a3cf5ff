import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FISCAL_PAGE_SIZE, fiscalRoutes, type FiscalListResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import type { FiscalSearch } from '../search-rules';

type Params = { cuit: string | null; entity: number | null; search: FiscalSearch };

/** The filter as the call's query: descom as a comma-separated list (the contract accepts both forms). */
export function filterQuery(search: FiscalSearch) {
  return {
    fechadesde: search.fechadesde,
    fechahasta: search.fechahasta,
    descom: search.descom.length > 0 ? search.descom.join(',') : undefined,
  };
}

/**
 * GET /proxy/cgi/etenet_cabcbte, 7 at a time (ordering.md §4): another batch is asked for while the last one
 * came full; a new search is a new key, so the list starts over.
 */
export const fiscalMovementsQuery = ({ cuit, entity, search }: Params) =>
  infiniteQueryOptions({
    queryKey: ['fiscal-movements', cuit, entity, search.fechadesde, search.fechahasta, search.descom.join(',')],
    queryFn: ({ signal, pageParam }) =>
      api<FiscalListResponse>(fiscalRoutes.list.url, { signal, query: { ...filterQuery(search), start: pageParam, limit: FISCAL_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastStart) => (last.items.length === FISCAL_PAGE_SIZE ? lastStart + FISCAL_PAGE_SIZE : undefined),
    enabled: Boolean(cuit && entity),
    staleTime: 60_000,
    // A search left behind is forgotten: coming back to it (Quitar filtros, the browser's back) starts at the
    // first batch again instead of showing the batches loaded before.
    gcTime: 0,
    retry: false,
  });

export const useFiscalMovements = (p: Params) => useInfiniteQuery(fiscalMovementsQuery(p));
