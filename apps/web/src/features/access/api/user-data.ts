import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { DataResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { cachedFetch } from '../../../lib/offline-cache';

/**
 * GET /data?mobile=: the user in the active company and the menu of the profile for this device. The last answer
 * is kept on the device (per company and user, cleared on logout) and answers when there is no signal, so the
 * shell and its menu are drawn when the app is opened offline (docs/decisions/field.md 'Offline').
 */
type Params = { cuit: string | null; entity: number | null; profile: number | null; mobile: boolean; actuaComo: number | null };
const offlineKey = (p: Params) => ['user-data', p.entity, p.profile, p.mobile, p.actuaComo];
export const userDataQuery = (p: Params) =>
  queryOptions({
    queryKey: ['user-data', p.cuit, p.entity, p.profile, p.mobile, p.actuaComo],
    queryFn: cachedFetch(offlineKey(p), () =>
      api<DataResponse>('/data', { query: { mobile: p.mobile, perfil: p.profile ?? undefined } }),
    ),
    enabled: Boolean(p.cuit),
    staleTime: 60_000,
    retry: false,
    // Tried once even when the browser says it is offline: the answer kept on the device comes back then.
    networkMode: 'offlineFirst',
    // While a new key loads, the shell keeps the user it has: its dialogs (and what is typed in them) stay.
    placeholderData: keepPreviousData,
  });
export const useUserData = (p: Parameters<typeof userDataQuery>[0]) => useQuery(userDataQuery(p));

/** An answer of GET /data obtained elsewhere (the entity step) becomes the shell's, in the cache and on the device. */
export function rememberUserData(client: QueryClient, p: Params, data: DataResponse): void {
  client.setQueryData(userDataQuery(p).queryKey, data);
  void cachedFetch(offlineKey(p), () => Promise.resolve(data))().catch(() => undefined);
}
