import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * TanStack Query for every screen after the login screen. It is not in the first download
 * (docs/decisions/web-delivery.md): the lazy routes and the shell wrap themselves in QueryProvider, all with this
 * one client, so its cache is shared from the sessions list to the last page.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
