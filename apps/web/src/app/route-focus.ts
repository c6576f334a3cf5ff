import type { createHashRouter } from 'react-router';
import { focusMain, setPageTitle } from '../lib/page-title';

/**
 * After each route change (a new path, not a new query: filters live in the query), the screen's name goes into the
 * title (screens outside the shell: their route's handle.title; the shell names its own, app/shell/app-shell.tsx)
 * and focus moves to the new screen's main region, unless a dialog holds it. The first screen of a visit keeps the
 * browser's own start (focus at the top of the document).
 */
export function watchRouteChanges(router: ReturnType<typeof createHashRouter>) {
  let path = router.state.location.pathname;
  const titleOf = () =>
    router.state.matches.map((m) => (m.route.handle as { title?: string } | undefined)?.title).filter(Boolean).pop() ?? null;
  if (titleOf()) setPageTitle(titleOf());
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === path) return;
    path = state.location.pathname;
    const title = titleOf();
    if (title && !state.matches.some((m) => m.route.path === '/:profile')) setPageTitle(title);
    // After React has drawn the new screen (the router's state reaches React in a transition).
    setTimeout(() => {
      if (document.activeElement?.closest('[role="dialog"]')) return;
      focusMain();
    }, 50);
  });
}
