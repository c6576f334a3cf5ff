import { queryOptions, useQuery } from '@tanstack/react-query';
import { warehouseRoutes, type PendingOrdersResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';

/** GET /proxy/cgi/pedidosPendientes: approved orders of the company waiting to be picked. */
export const listPendingOrders = (signal?: AbortSignal) => api<PendingOrdersResponse>(warehouseRoutes.pedidosPendientes.url, { signal });

export const pendingOrdersKey = ['warehouse', 'pending'] as const;

export const pendingOrdersQuery = (cuit: string | null) =>
  queryOptions({
    queryKey: [...pendingOrdersKey, cuit],
    queryFn: async ({ signal }) => {
      try {
        return await listPendingOrders(signal);
      } catch (e) {
        // §8: loading pending orders fails silently for the user (only logged); the page shows its alert.
        console.error('pedidosPendientes', e);
        throw e;
      }
    },
    enabled: Boolean(cuit),
    retry: false,
  });

export function usePendingOrders() {
  const { host } = useSession();
  return useQuery(pendingOrdersQuery(host?.cuit ?? null));
}
