import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { DashboardResponse } from '@portal/contract';
import { api } from '../../../lib/api';

type Params = { cuit: string | null; entity: number | null; profile: number; vendedor?: number | undefined; zona?: number | undefined };

const fetchDashboard = (p: Params, signal?: AbortSignal) =>
  api<DashboardResponse>('/proxy/cgi/etenet_dashboard', { signal, query: { perfil: p.profile, vendedor: p.vendedor, zona: p.zona } });

export const dashboardQuery = (p: Params) =>
  queryOptions({
    queryKey: ['dashboard', p.cuit, p.entity, p.profile, p.vendedor ?? null, p.zona ?? null],
    queryFn: ({ signal }) => fetchDashboard(p, signal),
    enabled: Boolean(p.cuit && p.entity),
    staleTime: 60_000,
    retry: false,
  });

export const useDashboard = (p: Params) => useQuery(dashboardQuery(p));

/**
 * The entity step's landing (docs/decisions/web-delivery.md, "'Ingresar' → dashboard"): the dashboard
 * of the user's default profile, asked for together with the entity's `GET /data` instead of after it. The profile is
 * not known yet, so the call names none: the server takes the default one and says which in the answer's `perfil`.
 * Call it once the company and entity are in the session (the call carries their headers). What it returns puts that
 * answer into the cache as the dashboard of `p` (no filters), where the route's loader and the page find it — only
 * when `p.profile` is the profile the server answered for; for another profile the page's own call is made.
 */
export function startLandingDashboard(): (client: QueryClient, p: { cuit: string; entity: number; profile: number }) => void {
  const answer = api<DashboardResponse>('/proxy/cgi/etenet_dashboard').catch(() => null);
  return (client, p) => {
    void client.prefetchQuery({
      ...dashboardQuery(p),
      queryFn: async ({ signal }) => {
        const landing = await answer;
        return landing && landing.perfil === p.profile ? landing : fetchDashboard(p, signal);
      },
    });
  };
}
