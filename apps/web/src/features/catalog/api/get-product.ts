import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderingRoutes, type ProductResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';

/** GET /proxy/pedidos/{id}: the product with its prices for this entity (the visit is recorded by the server). */
export const getProduct = (id: number, signal?: AbortSignal) =>
  api<ProductResponse>(orderingRoutes.productDetail.url.replace(':id', String(id)), { signal }).then((r) => r.producto);

export const productQuery = (cuit: string | null, entity: number | null, id: number) =>
  queryOptions({
    queryKey: ['product', cuit, entity, id],
    queryFn: ({ signal }) => getProduct(id, signal),
    enabled: Boolean(cuit && entity) && Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useProduct(id: number) {
  const { host, entity } = useSession();
  return useQuery(productQuery(host?.cuit ?? null, entity?.codent ?? null, id));
}
