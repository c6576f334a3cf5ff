import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { STOCK_POSITION_PAGE_SIZE, stockPositionRoutes, type StockPositionResponse, type StockPositionSummaryCode } from '@portal/contract';
import { api } from '../../../lib/api';
import { openExport } from '../../../lib/files';

export type PositionSearch = { codres: StockPositionSummaryCode; desart: string | null };
const query = (s: PositionSearch) => ({ codres: s.codres, desart: s.desart ?? undefined });

/** GET /proxy/cgi/etenet_pEntregarStk, 7 products at a time; a new summary or product search starts again at 0. */
export const stockPositionsQuery = (cuit: string | null, entity: number | null, s: PositionSearch) =>
  infiniteQueryOptions({
    queryKey: ['stock-positions', cuit, entity, s.codres, s.desart ?? ''],
    queryFn: ({ signal, pageParam }) =>
      api<StockPositionResponse>(stockPositionRoutes.posiciones.url, { signal, query: { ...query(s), start: pageParam, limit: STOCK_POSITION_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastStart) => (last.items.length === STOCK_POSITION_PAGE_SIZE ? lastStart + STOCK_POSITION_PAGE_SIZE : undefined),
    enabled: Boolean(cuit && entity),
    staleTime: 60_000,
    gcTime: 0,
    retry: false,
  });
export const useStockPositions = (cuit: string | null, entity: number | null, s: PositionSearch) => useInfiniteQuery(stockPositionsQuery(cuit, entity, s));

export const exportStockPositions = (s: PositionSearch, type: 'pdf' | 'excel') => openExport(stockPositionRoutes.posiciones.url, { ...query(s), type });
