import { useInfiniteQuery } from '@tanstack/react-query';
import { RECEIPTS, receiptsRoutes as r, type RecibosListResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import { statusQuery, type ReceiptStatus } from '../../receipts';
import { authorizationsKey } from './keys';

/** The receipts customers generated, of one status, for staff: a page at a time, more while a page comes back full. */
export function useStaffReceiptList(status: ReceiptStatus) {
  const { host } = useSession();
  return useInfiniteQuery({
    queryKey: [...authorizationsKey, 'recibos', host?.cuit ?? null, status],
    queryFn: ({ pageParam, signal }) => api<RecibosListResponse>(r.staffList.url, { signal, query: { start: pageParam, limit: RECEIPTS.pageSize, ...statusQuery(status) } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.items.length === RECEIPTS.pageSize ? pages.length * RECEIPTS.pageSize : undefined),
    retry: false,
  });
}
