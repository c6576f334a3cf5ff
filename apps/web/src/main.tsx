import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { watchRouteChanges } from './app/route-focus';
import { registerServiceWorker, reloadOnStaleChunk } from './app/service-worker';
import './styles.css';

const subscribe = (onChange: () => void) => router.subscribe(onChange);
const initialized = () => router.state.initialized;

/**
 * The router once its first match is ready (its lazy routes' code loaded: on a repeat visit of a screen behind the
 * shell, the shell's and the page's chunks). Mounted before that, RouterProvider renders nothing and then receives
 * the ready state as a transition (startTransition), which React renders in 5 ms slices with a frame between them:
 * on a phone's slow CPU the shell and the dashboard took ≈ twice their render time to appear
 * (docs/decisions/web-delivery.md, 'Repeat visit'). Mounted when ready, its first render is one
 * ordinary update. Later navigations are the router's as before.
 */
function ReadyRouter() {
  const ready = useSyncExternalStore(subscribe, initialized);
  return ready ? <RouterProvider router={router} /> : null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <ReadyRouter />
    </Providers>
  </StrictMode>,
);

watchRouteChanges(router);
reloadOnStaleChunk();
registerServiceWorker();
