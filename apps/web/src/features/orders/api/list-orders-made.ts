import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ORDERING, type StatusList, type StatusListResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import { orderPaths, type OrderKind } from './order-paths';

/** GET /proxy/pedidos (or /proxy/ordenescompra) with pendientes | aprobados | aplicados = true, 5 at a time (§4). */
export const listOrdersMade = (kind: OrderKind, status: StatusList, start: number, signal?: AbortSignal) =>
  api<StatusListResponse>(orderPaths[kind].list, { signal, query: { [status]: true, start, limit: ORDERING.statusPageSize } });

/** Every list of orders made of this session (all kinds and statuses): what a refresh or a staff action reloads. */
export const ordersMadeKey = ['orders', 'made'] as const;

export const ordersMadeQuery = (kind: OrderKind, status: StatusList, cuit: string | null, entity: number | null, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: [...ordersMadeKey, kind, status, cuit, entity],
    queryFn: ({ pageParam, signal }) => listOrdersMade(kind, status, pageParam, signal),
    initialPageParam: 0,
    // A page that came back full may have more behind it (§4: the show-more control appears after a full 5).
    getNextPageParam: (last, pages) => (last.productos.length === ORDERING.statusPageSize ? pages.length * ORDERING.statusPageSize : undefined),
    enabled: enabled && Boolean(cuit && entity),
    retry: false,
  });

export function useOrdersMade(kind: OrderKind, status: StatusList, enabled: boolean) {
  const { host, entity } = useSession();
  return useInfiniteQuery(ordersMadeQuery(kind, status, host?.cuit ?? null, entity?.codent ?? null, enabled));
}
