import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { orderingRoutes, type CatalogResponse, type ProductFilter } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import type { CartKind } from '../../cart';
import { FACET_FIELD, PAGE_SIZE, searchState, FACETS, type CatalogFilters } from '../catalog-params';

const BASE: Record<CartKind, string> = { sales: orderingRoutes.pedidosGet.url, purchase: orderingRoutes.ordenesGet.url };

/** The Filter of ordering.md §3 from the screen's state. */
export function toProductFilter(patron: string, f: CatalogFilters): ProductFilter {
  const filter: ProductFilter = {};
  const text = patron.trim();
  if (text) filter.patron = text;
  for (const { key } of FACETS) if (f[key]) filter[FACET_FIELD[key]] = f[key];
  if (f.nuevo) filter.es_nuevo = true;
  if (f.promo) filter.es_promocion = true;
  return filter;
}

/** GET /proxy/pedidos?filtros={…}&start&limit&page (or /proxy/ordenescompra): one page of the catalogue. */
export const searchProducts = (kind: CartKind, filter: ProductFilter, page: number, limit: number, signal?: AbortSignal) =>
  api<CatalogResponse>(BASE[kind], { signal, query: { filtros: JSON.stringify(filter), start: (page - 1) * limit, limit, page } });

type SearchParams = { kind: CartKind; patron: string; filters: CatalogFilters; page: number };

/**
 * The catalogue page. A text of 1–2 characters is not searched (no call, no results). A newer search supersedes
 * the one in flight: its query loses its observer and TanStack aborts it through the signal, and an answer for an
 * older key never reaches the screen.
 */
export function catalogSearchQuery(cuit: string | null, entity: number | null, p: SearchParams) {
  const filter = toProductFilter(p.patron, p.filters);
  return queryOptions({
    queryKey: ['catalog', p.kind, cuit, entity, filter, p.page],
    queryFn: ({ signal }) => searchProducts(p.kind, filter, p.page, PAGE_SIZE, signal),
    enabled: Boolean(cuit && entity) && searchState(p.patron) !== 'short',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function useCatalogSearch(p: SearchParams) {
  const { host, entity } = useSession();
  return useQuery(catalogSearchQuery(host?.cuit ?? null, entity?.codent ?? null, p));
}

/** The quick-entry table grows by 'Mostrar más productos', a catalogue page (12) at a time. */
export function useQuickEntryProducts(p: Omit<SearchParams, 'page'>, enabled: boolean) {
  const { host, entity } = useSession();
  const filter = toProductFilter(p.patron, p.filters);
  return useInfiniteQuery({
    queryKey: ['catalog-quick', p.kind, host?.cuit ?? null, entity?.codent ?? null, filter],
    queryFn: ({ signal, pageParam }) => searchProducts(p.kind, filter, pageParam, PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.productos.length < PAGE_SIZE || pages.length * PAGE_SIZE >= last.total ? undefined : pages.length + 1),
    enabled: enabled && Boolean(host && entity) && searchState(p.patron) !== 'short',
    staleTime: 30_000,
    retry: false,
  });
}
