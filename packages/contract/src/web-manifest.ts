/**
 * The installable app's manifest: the portal's own, built into the web app (apps/web/pwa/manifest.ts),
 * and a company's, served by the API at /whitelabel/{cuit}/manifest.webmanifest with the company's name and colours
 * (docs/decisions/web-delivery.md). One description for both, without zod.
 */
export const PORTAL_MANIFEST = {
  id: '/',
  name: 'Portal de Clientes',
  short_name: 'Portal',
  description: 'Portal de clientes de la cooperativa: cuenta corriente, pedidos, comprobantes y granos.',
  lang: 'es-AR',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  // Any orientation (WCAG 1.3.4): a phone on a tractor's mount is often held sideways.
  orientation: 'any',
  theme_color: '#1B5E20',
  background_color: '#F5F7F4',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  ],
} as const;

export type WebManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
