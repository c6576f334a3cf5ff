import type { ReactNode } from 'react';
import { QueryProvider } from './query';
import { ThemeProvider } from '../lib/theme';

/** What every screen after the login screen runs in: the Ant Design theme and TanStack Query (loaded with them). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryProvider>{children}</QueryProvider>
    </ThemeProvider>
  );
}
