import type { ThemeConfig } from 'antd';

/** The portal's colours when a company has none (its green), and the font of every screen. */
export const DEFAULT_PRIMARY = '#2E7D32';
export const DEFAULT_HEADER = '#1B5E20';
const FONT_FAMILY = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Text and status colours that reach WCAG 2.1 AA (4.5:1) on white, on the layout's grey and on their own tag
 * backgrounds. Ant Design's defaults do not: secondary text 0.45 black (3.3:1 on the grey), placeholders 0.25 black
 * (1.8:1), success and warning tags 2.2:1 and 2.75:1. Set here once, so every screen gets them; no screen overrides a colour of its own. Ant Design derives a status's
 * light background and border from its colour: from these darker ones it would derive a grey-green #adb8a5 (2.7:1
 * under its own text), so the backgrounds and borders are Ant Design's default light ones.
 */
export const ACCESSIBLE_TOKENS = {
  colorTextSecondary: '#595959',
  colorTextTertiary: '#595959',
  colorTextDescription: '#595959',
  colorTextPlaceholder: '#6b6b6b',
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorError: '#cf1322',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorInfo: '#0958d9',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
} as const;

const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
function luminance(hex: string): number {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const c = channel(hex, i) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
/** WCAG's contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
/** `color` mixed with white: `share` of the colour (a #rrggbb colour; anything else is returned as it is). */
export function tint(color: string, share: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return color;
  return `#${[0, 1, 2].map((i) => Math.round(channel(color, i) * share + 255 * (1 - share)).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The company's colour as text (links, the menu's and the tabs' selected item): itself when it reads at 4.5:1 on the
 * lightest greys and tints it is drawn on (#e6e6e6 and lighter), else darkened just enough. A company's brand colour
 * stays its buttons' and borders' colour.
 */
export function textShade(color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return color;
  let [r, g, b] = [0, 1, 2].map((i) => channel(color, i));
  let out = color;
  for (let i = 0; i < 40 && contrast(out, '#e6e6e6') < 4.5; i++) {
    [r, g, b] = [r!, g!, b!].map((c) => Math.round(c * 0.95));
    out = `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
  }
  return out;
}

/** Ant Design's theme with a company's colours (lib/theme.tsx). */
export function portalTheme(primary: string, header: string): ThemeConfig {
  const ink = textShade(primary);
  return {
    token: { ...ACCESSIBLE_TOKENS, colorPrimary: primary, colorLink: ink, borderRadius: 8, fontFamily: FONT_FAMILY },
    components: {
      Layout: { headerBg: header, headerPadding: '0 12px' },
      // The selected item on a light tint of the company's colour (12 %), where its text shade reads at 4.5:1 or more.
      Menu: { itemSelectedColor: ink, itemSelectedBg: tint(primary, 0.12) },
      Tabs: { itemSelectedColor: ink, itemActiveColor: ink, itemHoverColor: ink },
    },
  };
}
