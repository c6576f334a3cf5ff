/**
 * What the service worker does with requests beyond its precache (the app shell). This list is THE place to add
 * caching rules (the offline field-sales work adds its own here). Rules are copied into the generated sw.js,
 * so each `urlPattern` must be self-contained (no imports, no outer variables).
 *
 * Never cache an API answer here that carries customer data (/api/…: prices, balances, orders, documents): the
 * browser's cache outlives a logout and is shared by whoever uses the phone next. Requests no rule matches go to
 * the network as if there were no service worker. docs/decisions/web-delivery.md
 */
import type { RuntimeCaching } from 'workbox-build';

export const runtimeCaching: RuntimeCaching[] = [
  {
    // The app's page itself (index.html): always from the network while there is one, so a new deployment
    // reaches the user on the next open; the last copy (or the precached one) only when the network fails or
    // does not answer within 4 s. Only '/' and '/index.html': a URL the browser opens itself (a PDF, an export,
    // a shared document) is a navigation too and must never land in a cache.
    urlPattern: ({ request, url, sameOrigin }) =>
      sameOrigin && request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/index.html'),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'shell-page',
      networkTimeoutSeconds: 4,
      expiration: { maxEntries: 2 },
      precacheFallback: { fallbackURL: 'index.html' },
    },
  },
  {
    // The company's branding (title, colours, logo, news): public files, the same for everyone of that company —
    // no customer data. From the network while there is one (3 s), else the last copy, so the app opened
    // without signal still has its name, colours and logo (docs/decisions/field.md 'Offline').
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/whitelabel/'),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'branding',
      networkTimeoutSeconds: 3,
      expiration: { maxEntries: 30 },
    },
  },
  {
    // Hashed build files beyond the shell (each page's chunk, loaded on demand): their name changes with their
    // content, so a cached copy is never stale. Kept once used, for the next visit and for a flaky connection.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'assets',
      expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 },
    },
  },
];
