import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import esES from 'antd/es/locale/es_ES';
import { useBranding } from './branding';
import { useSession } from './session-store';
import { restoreKeptStyles, styleCache } from './kept-styles';
import { DEFAULT_HEADER, DEFAULT_PRIMARY, portalTheme } from './theme-config';

/** Ant Design's Spanish, with the sort hints said in Spanish ('Click para ordenar…' mixes in English). */
const locale = {
  ...esES,
  Table: {
    ...esES.Table,
    triggerDesc: 'Ordenar de mayor a menor',
    triggerAsc: 'Ordenar de menor a mayor',
    cancelSort: 'Quitar el orden',
  },
};

/**
 * The company's colours as the Ant Design theme (access.md: branding per tenant), with the Spanish locale. The
 * login screen draws itself without Ant Design (docs/decisions/web-delivery.md), so the theme is not at the root:
 * every screen that uses Ant Design wraps itself in it (app/app-providers.tsx for the lazy routes and the shell,
 * the registration tab, the feedback host). All of them read the same branding, so they look as one.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { host } = useSession();
  const branding = useBranding(host?.cuit ?? null);
  const primary = branding.data?.colors.primary ?? DEFAULT_PRIMARY;
  // Before the first Ant Design component renders (they all render inside ThemeProvider): the styles of the last visit.
  restoreKeptStyles();
  return (
    <StyleProvider cache={styleCache}>
    <ConfigProvider locale={locale} theme={portalTheme(primary, branding.data?.colors.header ?? DEFAULT_HEADER)}>
      {children}
    </ConfigProvider>
    </StyleProvider>
  );
}
