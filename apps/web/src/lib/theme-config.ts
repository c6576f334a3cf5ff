import type { ThemeConfig } from 'antd';

/** The portal's colours when a company has none (its green), and the font of every screen. */
export const DEFAULT_PRIMARY = '#2E7D32';
export const DEFAULT_HEADER = '#1B5E20';
const FONT_FAMILY = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Ant Design's theme with a company's colours (lib/theme.tsx). Also read at build time by
 * scripts/first-visit-styles.tsx, which renders the first screens' components with it: the styles it writes are the
 * ones this theme gives in the browser (docs/decisions/web-delivery.md, 'Tenth round').
 */
export function portalTheme(primary: string, header: string): ThemeConfig {
  return {
    token: { colorPrimary: primary, colorLink: primary, borderRadius: 8, fontFamily: FONT_FAMILY },
    components: { Layout: { headerBg: header, headerPadding: '0 12px' } },
  };
}
