import { useInfiniteQuery } from '@tanstack/react-query';
import { authorizationsRoutes as r, RECEIPTS, type AutorizacionListResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import { authorizationsKey } from './keys';

export type VoucherFilters = { entidad?: number; vendedor?: number; zona?: number; estado: 'pendientes' | 'decididos' };

/** The stock vouchers to authorize, a page at a time, more while a page comes back full. */
export function useVoucherList(filters: VoucherFilters) {
  const { host } = useSession();
  return useInfiniteQuery({
    queryKey: [...authorizationsKey, 'list', host?.cuit ?? null, filters],
    queryFn: ({ pageParam, signal }) =>
      api<AutorizacionListResponse>(r.authorizationList.url, { signal, query: { start: pageParam, limit: RECEIPTS.authorizationPageSize, ...filters } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.items.length === RECEIPTS.authorizationPageSize ? pages.length * RECEIPTS.authorizationPageSize : undefined),
    retry: false,
  });
}
