import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { persistQueries, restorePersistedQueries } from '../lib/persisted-queries';

/**
 * TanStack Query for every screen after the login screen. It is not in the first download
 * (docs/decisions/web-delivery.md): the lazy routes and the shell wrap themselves in QueryProvider, all with this
 * one client, so its cache is shared from the sessions list to the last page. It starts with the answers of the
 * last visit of the same user, company and entity (stale: every screen asks again), so a repeat visit paints at once.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});
restorePersistedQueries(queryClient);
persistQueries(queryClient);

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
