import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { GRAIN_PAGE_SIZE, grainRoutes, type GrainDetailResponse, type GrainResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { openExport } from '../../../lib/files';

export type GrainSearch = {
  grano: string | null;
  cosechas: string[];
  codres: 'TOD' | 'ENT' | 'SAL';
  fechaDesde: string | null;
  fechaHasta: string | null;
  codcom: string | null;
};
const query = (s: GrainSearch) => ({
  grano: s.grano ?? undefined,
  cosecha: s.cosechas.length ? s.cosechas.join(',') : undefined,
  codres: s.codres,
  fechaDesde: s.fechaDesde ?? undefined,
  fechaHasta: s.fechaHasta ?? undefined,
  codcom: s.codcom ?? undefined,
});

/** GET /proxy/cgi/etenet_fichadet, 7 at a time; a new grain, harvest, summary or search starts at 0. */
export const grainLedgerQuery = (cuit: string | null, entity: number | null, s: GrainSearch) =>
  infiniteQueryOptions({
    queryKey: ['grain', cuit, entity, s.grano, s.cosechas.join(','), s.codres, s.fechaDesde, s.fechaHasta, s.codcom],
    queryFn: ({ signal, pageParam }) => api<GrainResponse>(grainRoutes.ficha.url, { signal, query: { ...query(s), start: pageParam, limit: GRAIN_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastStart) => (last.items.length === GRAIN_PAGE_SIZE ? lastStart + GRAIN_PAGE_SIZE : undefined),
    enabled: Boolean(cuit && entity),
    gcTime: 0,
    retry: false,
  });
export const useGrainLedger = (cuit: string | null, entity: number | null, s: GrainSearch) => useInfiniteQuery(grainLedgerQuery(cuit, entity, s));

/** GET /proxy/cgi/etenet_fichapaq: the loads a certificate covers. */
export const grainDetailQuery = (key: { codcom: string; codtal: number; numero: number }) =>
  queryOptions({ queryKey: ['grain-detail', key.codcom, key.codtal, key.numero], queryFn: () => api<GrainDetailResponse>(grainRoutes.detalle.url, { query: key }) });
export const useGrainDetail = (key: { codcom: string; codtal: number; numero: number }) => useQuery(grainDetailQuery(key));

export const exportGrain = (s: GrainSearch, type: 'pdf' | 'excel') => openExport(grainRoutes.ficha.url, { ...query(s), type });
