/**
 * Registers the service worker of vite-plugin-pwa (apps/web/pwa/): it caches the app shell and the build's files,
 * never an API answer. A new deployment reaches the user in two ways: index.html always comes from the network
 * when there is one (so a new visit or reload gets the new version), and an open tab that learns of a new
 * version (checked on returning to the tab and every hour) reloads at the next safe moment: the next change of
 * screen, or at once while the tab is in the background. docs/decisions/web-delivery.md
 */
import { Workbox } from 'workbox-window';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  // A new worker took over this page. The first install also takes control (clientsClaim) of the page it was
  // installed from: nothing to reload then. (workbox-window's 'controlling' event misses updates it did not
  // start itself, such as the browser's own check on navigation, hence the plain event.)
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) reloadWhenSafe();
    else keepWhatWasLoaded();
    controlled = true;
  });
  const register = () => {
    void wb.register().catch(() => {
      // No service worker (private mode, blocked): the app works as before, only without the offline shell.
    });
  };
  // After the first screen has loaded, so that its files come first on a slow connection.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  const check = () => void wb.update().catch(() => {});
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * The first install: what this page loaded before the worker took control (a page's chunk, the company's
 * branding) went past it. The worker's own rules (runtime-caching.ts) fetch and keep those files now, so the app
 * opened later without signal finds them (Workbox's CACHE_URLS message). Build files and branding only.
 */
function keepWhatWasLoaded(): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && (u.pathname.startsWith('/assets/') || u.pathname.startsWith('/whitelabel/')))
    .map((u) => u.href);
  if (urls.length > 0) navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [...new Set(urls)] } });
}

let reloadPending = false;
function reloadWhenSafe(): void {
  if (reloadPending) return;
  reloadPending = true;
  if (document.visibilityState === 'hidden') {
    window.location.reload();
    return;
  }
  // The user is on a screen, perhaps typing: the reload waits for them to go to another one.
  window.addEventListener('hashchange', () => window.location.reload(), { once: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') window.location.reload();
  });
}

/**
 * A page's chunk that no longer exists on the server (the tab was opened before a deployment): load the new
 * version instead of failing, once per minute at most so a real outage does not loop.
 */
export function reloadOnStaleChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem('stale-chunk-reload') ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem('stale-chunk-reload', String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
