import { queryOptions, useQuery } from '@tanstack/react-query';
import { warehouseRoutes, type OrderLinesResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';

/** GET /proxy/cgi/renglonesPedido?numero=: the lines of an order waiting to be picked. */
export const getOrderLines = (numero: number, signal?: AbortSignal) =>
  api<OrderLinesResponse>(warehouseRoutes.renglonesPedido.url, { signal, query: { numero } });

export const orderLinesQuery = (cuit: string | null, numero: number) =>
  queryOptions({
    queryKey: ['warehouse', 'lines', cuit, numero],
    queryFn: ({ signal }) => getOrderLines(numero, signal),
    enabled: Boolean(cuit) && numero > 0,
    retry: false,
    // The picker edits a local copy; a background refetch must not throw the edits away.
    staleTime: Infinity,
    gcTime: 0,
  });

export function useOrderLines(numero: number) {
  const { host } = useSession();
  return useQuery(orderLinesQuery(host?.cuit ?? null, numero));
}
