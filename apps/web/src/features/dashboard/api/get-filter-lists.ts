import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

type Item = { id: number; descripcion: string };
type Answer = { success: boolean; items: Item[] };

/** The seller and zone lists (GET /proxy/utils/getAllVendedores, getAllZonas) for the staff filters. */
const listQuery = (name: 'getAllVendedores' | 'getAllZonas', cuit: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['utils', name, cuit],
    queryFn: ({ signal }) => api<Answer>(`/proxy/utils/${name}`, { signal }).then((r) => r.items),
    enabled: enabled && Boolean(cuit),
    staleTime: 5 * 60_000,
  });

export const useSellers = (cuit: string | null, enabled: boolean) => useQuery(listQuery('getAllVendedores', cuit, enabled));
export const useZones = (cuit: string | null, enabled: boolean) => useQuery(listQuery('getAllZonas', cuit, enabled));
