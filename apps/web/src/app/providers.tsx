import { useEffect, useRef, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { msg } from '@portal/contract';
import { useBranding } from '../lib/branding';
import { useSession } from '../lib/session-store';
import { useNotify } from '../lib/notify';

dayjs.locale('es');

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/** The company's colours become the Ant Design theme (access.md: branding per tenant). */
function BrandedTheme({ children }: { children: ReactNode }) {
  const { host } = useSession();
  const branding = useBranding(host?.cuit ?? null);
  const primary = branding.data?.colors.primary ?? '#2E7D32';
  return (
    <ConfigProvider
      locale={esES}
      theme={{
        token: { colorPrimary: primary, colorLink: primary, borderRadius: 8, fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        components: { Layout: { headerBg: branding.data?.colors.header ?? '#1B5E20', headerPadding: '0 12px' } },
      }}
    >
      <AntApp notification={{ placement: 'topRight', stack: { threshold: 2 }, maxCount: 4 }}>
        <BrandingErrors failed={branding.isError} />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Both the company's and the fallback branding failed: the one message the spec gives for it. */
function BrandingErrors({ failed }: { failed: boolean }) {
  const notify = useNotify();
  const shown = useRef(false);
  useEffect(() => {
    if (failed && !shown.current) {
      shown.current = true;
      notify.error('Error', msg.errorDatosUsuario);
    }
  }, [failed, notify]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedTheme>{children}</BrandedTheme>
    </QueryClientProvider>
  );
}
