import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@portal/contract';
import { api } from '../../../lib/api';

type Params = { cuit: string | null; entity: number | null; profile: number; vendedor?: number | undefined; zona?: number | undefined };

export const dashboardQuery = (p: Params) =>
  queryOptions({
    queryKey: ['dashboard', p.cuit, p.entity, p.profile, p.vendedor ?? null, p.zona ?? null],
    queryFn: ({ signal }) =>
      api<DashboardResponse>('/proxy/cgi/etenet_dashboard', { signal, query: { perfil: p.profile, vendedor: p.vendedor, zona: p.zona } }),
    enabled: Boolean(p.cuit && p.entity),
    staleTime: 60_000,
    retry: false,
  });

export const useDashboard = (p: Params) => useQuery(dashboardQuery(p));
