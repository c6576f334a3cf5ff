import type { ThemeConfig } from 'antd';

/** The portal's colours when a company has none (its green), and the font of every screen. */
export const DEFAULT_PRIMARY = '#2E7D32';
export const DEFAULT_HEADER = '#1B5E20';
const FONT_FAMILY = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Text and status colours that reach WCAG 2.1 AA (4.5:1) on white, on the layout's grey and on their own tag
 * backgrounds. Ant Design's defaults do not: secondary text 0.45 black (3.3:1 on the grey), placeholders 0.25 black
 * (1.8:1), success and warning tags 2.2:1 and 2.75:1. Set here once, so every screen (and the build's first-visit
 * styles, made from this theme) gets them; no screen overrides a colour of its own.
 */
export const ACCESSIBLE_TOKENS = {
  colorTextSecondary: '#595959',
  colorTextTertiary: '#595959',
  colorTextDescription: '#595959',
  colorTextPlaceholder: '#6b6b6b',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  colorError: '#cf1322',
  colorInfo: '#0958d9',
} as const;

/**
 * Ant Design's theme with a company's colours (lib/theme.tsx). Also read at build time by
 * scripts/first-visit-styles.tsx, which renders the first screens' components with it: the styles it writes are the
 * ones this theme gives in the browser (docs/decisions/web-delivery.md, 'Tenth round').
 */
export function portalTheme(primary: string, header: string): ThemeConfig {
  return {
    token: { ...ACCESSIBLE_TOKENS, colorPrimary: primary, colorLink: primary, borderRadius: 8, fontFamily: FONT_FAMILY },
    components: { Layout: { headerBg: header, headerPadding: '0 12px' } },
  };
}
