/**
 * The web app manifest: the portal installs on a phone's home screen with its name and icons in the portal's
 * colours (the fallback branding: green #2E7D32 / #1B5E20, wheat #F9A825). Once a company is chosen the page links
 * the company's manifest instead (/whitelabel/{cuit}/manifest.webmanifest: its name and colours, the same icons)
 * and colours the browser's bar with it (app/providers.tsx); both come from the contract's PORTAL_MANIFEST.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';
// By path rather than '@portal/contract': Vite loads its config with Node, which cannot import the contract's
// TypeScript sources from node_modules; a relative file is bundled into the config.
import { PORTAL_MANIFEST } from '../../../packages/contract/src/web-manifest.js';

export const manifest: Partial<ManifestOptions> = { ...PORTAL_MANIFEST, icons: PORTAL_MANIFEST.icons.map((i) => ({ ...i })) };
