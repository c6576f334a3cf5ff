import { useQuery } from '@tanstack/react-query';
import { authorizationsRoutes as r, type AutorizacionFiltrosResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import { authorizationsKey } from './keys';

/** The filter lists (entidad, vendedor, zona): also the page's first call, which tells whether the user may be here. */
export function useFilterLists() {
  const { host } = useSession();
  return useQuery({
    queryKey: [...authorizationsKey, 'filtros', host?.cuit ?? null],
    queryFn: ({ signal }) => api<AutorizacionFiltrosResponse>(r.authorizationFilters.url, { signal }),
    retry: false,
  });
}
