import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderingRoutes, type FacetItem, type FacetQuery, type FacetType } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import type { CartKind } from '../../cart';
import { FACET_FIELD, FACETS, searchState, type CatalogFilters } from '../catalog-params';

/** The facet-list query: the other chosen facets (and the text and flags) narrow the values of this one. */
export function facetListQuery(type: FacetType, patron: string, f: CatalogFilters): FacetQuery {
  const query: FacetQuery = { type };
  for (const { key } of FACETS) if (key !== type && f[key]) query[FACET_FIELD[key]] = f[key];
  if (f.nuevo) query.es_nuevo = true;
  if (f.promo) query.es_promocion = true;
  if (searchState(patron) === 'search') query.patron = patron.trim();
  return query;
}

/** GET /proxy/pedidos?type={facet}&… (or /proxy/ordenescompra): the values of one facet that still have products. */
export const getFacet = (kind: CartKind, query: FacetQuery, signal?: AbortSignal) =>
  api<{ success: true; items: FacetItem[] }>(kind === 'sales' ? orderingRoutes.pedidosGet.url : orderingRoutes.ordenesGet.url, {
    signal,
    query: query as Record<string, string | number | boolean>,
  }).then((r) => r.items);

export function useFacet(kind: CartKind, type: FacetType, patron: string, f: CatalogFilters, enabled: boolean) {
  const { host, entity } = useSession();
  const query = facetListQuery(type, patron, f);
  return useQuery<FacetItem[]>({
    queryKey: ['catalog-facet', kind, host?.cuit ?? null, entity?.codent ?? null, query],
    queryFn: ({ signal }) => getFacet(kind, query, signal),
    enabled: enabled && Boolean(host && entity),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
