import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /data?mobile=: the user in the active company and the menu of the profile for this device. */
export const userDataQuery = (p: { cuit: string | null; entity: number | null; profile: number | null; mobile: boolean; actuaComo: number | null }) =>
  queryOptions({
    queryKey: ['user-data', p.cuit, p.entity, p.profile, p.mobile, p.actuaComo],
    queryFn: () => api<DataResponse>('/data', { query: { mobile: p.mobile, perfil: p.profile ?? undefined } }),
    enabled: Boolean(p.cuit),
    staleTime: 60_000,
    retry: false,
    // While a new key loads, the shell keeps the user it has: its dialogs (and what is typed in them) stay.
    placeholderData: keepPreviousData,
  });
export const useUserData = (p: Parameters<typeof userDataQuery>[0]) => useQuery(userDataQuery(p));
