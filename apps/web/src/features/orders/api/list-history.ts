import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORDERING, orderingRoutes, type HistoryResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';

type HistoryParams = { page: number; mes: string | undefined };

/** GET /proxy/pedidos?historial=true&start&limit (8 per page), optionally one month (mes=YYYY-MM). */
export const listHistory = ({ page, mes }: HistoryParams, signal?: AbortSignal) =>
  api<HistoryResponse>(orderingRoutes.pedidosGet.url, {
    signal,
    query: { historial: true, mes, start: (page - 1) * ORDERING.historyPageSize, limit: ORDERING.historyPageSize },
  });

/** Under ['orders'], which a confirmed cart invalidates (features/cart), with the lists of orders made. */
export const historyKey = ['orders', 'history'] as const;

export const historyQuery = (p: HistoryParams, cuit: string | null, entity: number | null) =>
  queryOptions({
    queryKey: [...historyKey, cuit, entity, p.mes ?? null, p.page],
    queryFn: ({ signal }) => listHistory(p, signal),
    enabled: Boolean(cuit && entity),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useHistory(p: HistoryParams) {
  const { host, entity } = useSession();
  return useQuery(historyQuery(p, host?.cuit ?? null, entity?.codent ?? null));
}
