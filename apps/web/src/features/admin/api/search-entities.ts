import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, ENTITY_SEARCH_MIN, type EntidadesSearchResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /proxy/cgi/etenet_entidades?patron=: runs only past 3 characters (access.md §5). */
export const searchEntities = (patron: string) =>
  api<EntidadesSearchResponse>(adminRoutes.searchEntities.url, { query: { patron } }).then((r) => r.entidades);

export const entitySearchQuery = (cuit: string | null, patron: string) =>
  queryOptions({
    queryKey: ['admin-entity-search', cuit, patron],
    queryFn: () => searchEntities(patron),
    enabled: Boolean(cuit) && patron.length >= ENTITY_SEARCH_MIN,
    staleTime: 30_000,
    retry: false,
  });
export const useEntitySearch = (cuit: string | null, patron: string) => useQuery(entitySearchQuery(cuit, patron.trim()));

/** GET /proxy/cgi/etenet_entidades?codent=: one entity by its code (the acting entity kept on the account). */
export const entityByCodeQuery = (cuit: string | null, codent: number | null) =>
  queryOptions({
    queryKey: ['admin-entity', cuit, codent],
    queryFn: () => api<EntidadesSearchResponse>(adminRoutes.searchEntities.url, { query: { codent: codent! } }).then((r) => r.entidades[0] ?? null),
    enabled: Boolean(cuit) && codent !== null,
    staleTime: 60_000,
    retry: false,
  });
export const useEntityByCode = (cuit: string | null, codent: number | null) => useQuery(entityByCodeQuery(cuit, codent));
