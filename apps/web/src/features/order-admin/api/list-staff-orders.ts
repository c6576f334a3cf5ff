import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderingRoutes, type StaffListQuery, type StaffListResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';

export type StaffStatus = NonNullable<StaffListQuery['estado']>;
type StaffListParams = { estado: StaffStatus; start: number; limit: number; buscar?: string };

/** GET /proxy/gestionpedidos?estado&start&limit&buscar: the company's orders in the seller's or zone manager's scope. */
export const listStaffOrders = (q: StaffListParams, signal?: AbortSignal) =>
  api<StaffListResponse>(orderingRoutes.staffList.url, { signal, query: { estado: q.estado, start: q.start, limit: q.limit, buscar: q.buscar || undefined } });

export const staffOrdersKey = ['staff-orders'] as const;

export const staffOrdersQuery = (cuit: string | null, q: StaffListParams) =>
  queryOptions({
    queryKey: [...staffOrdersKey, cuit, q],
    queryFn: ({ signal }) => listStaffOrders(q, signal),
    enabled: Boolean(cuit),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useStaffOrders(q: StaffListParams) {
  const { host } = useSession();
  return useQuery(staffOrdersQuery(host?.cuit ?? null, q));
}
