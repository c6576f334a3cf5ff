import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { destinationsResponse, operationsResponse, originsResponse, paymentConditionsResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import { cartPaths } from './cart-paths';

type Lists = {
  dentregas: z.infer<typeof destinationsResponse>;
  torigen: z.infer<typeof originsResponse>;
  toperacion: z.infer<typeof operationsResponse>;
  cpagos: z.infer<typeof paymentConditionsResponse>;
};

/** The condition lists of the carts: GET /proxy/pedidos?type=dentregas|torigen|toperacion, /proxy/ordenescompra?type=cpagos. */
const lookupQuery = <T extends keyof Lists>(type: T, cuit: string | null, entity: number | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['cart-lookup', type, cuit, entity],
    queryFn: ({ signal }) =>
      api<Lists[T]>(type === 'cpagos' ? cartPaths.purchase.base : cartPaths.sales.base, { signal, query: { type } }).then((r) => r.items as Lists[T]['items']),
    enabled: enabled && Boolean(cuit && entity),
    staleTime: 5 * 60_000,
  });

export function useLookup<T extends keyof Lists>(type: T, enabled = true) {
  const { host, entity } = useSession();
  return useQuery(lookupQuery(type, host?.cuit ?? null, entity?.codent ?? null, enabled));
}
