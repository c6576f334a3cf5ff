import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** The dashboard's product carousels (ordering.md §2): last visited, most bought, promotions. */
export type CarouselKind = 'visitados' | 'comprados' | 'promociones';

const LIMIT = 12;

/**
 * GET /proxy/pedidos with one of visitados, comprados, promociones = true. The path is written out rather than read
 * from orderingRoutes: the route descriptors carry their zod schemas, which the dashboard does not need.
 */
export const getCarousel = (kind: CarouselKind, signal?: AbortSignal) =>
  api<CatalogResponse>('/proxy/pedidos', { signal, query: { [kind]: true, limit: LIMIT } });

export const carouselQuery = (kind: CarouselKind, cuit: string | null, entity: number | null) =>
  queryOptions({
    queryKey: ['carousel', kind, cuit, entity],
    queryFn: ({ signal }) => getCarousel(kind, signal),
    enabled: Boolean(cuit && entity),
    staleTime: 60_000,
    retry: false,
  });

export const useCarousel = (kind: CarouselKind, cuit: string | null, entity: number | null) => useQuery(carouselQuery(kind, cuit, entity));
