import type { Branding } from '../../db/schema.js';
import { logoSvg } from '../../lib/logo.js';

/** The portal's own look, used before a company is chosen and when a company's branding cannot be read. */
export const DEFAULT_BRANDING: Branding = {
  title: 'Portal de Clientes',
  shortName: 'Portal',
  logoSvg: logoSvg('PC', '#2E7D32', '#F9A825'),
  colors: { primary: '#2E7D32', secondary: '#F9A825', header: '#1B5E20', headerText: '#FFFFFF' },
  news: null,
};
