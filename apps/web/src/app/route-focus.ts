import type { createHashRouter } from 'react-router';
import { MAIN_ID, focusMain, setPageTitle } from '../lib/page-title';

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
    // After React has drawn the new screen (the router's state reaches React in a transition; the shell's code may
    // still be arriving, so its main region is waited for, 10 s at most). While the screen settles (2 s), a focus
    // that fell back to the page (the element that had it was drawn again) goes back to the main region. Not when
    // another route change came meanwhile, nor once the focus is on something else: a dialog, or something of the
    // new screen the user has already reached (a click on a row as soon as it is drawn).
    const since = Date.now();
    const before = document.activeElement;
    let focusedAt = 0;
    const focusWhenDrawn = () => {
      if (router.state.location.pathname !== path) return;
      const active = document.activeElement;
      const main = document.getElementById(MAIN_ID);
      if (focusedAt && active && active !== document.body && active !== main) return;
      if (active?.closest('[role="dialog"]')) return;
      if (active && active !== main && active !== before && main?.contains(active)) return;
      if (main && active !== main) {
        focusMain();
        focusedAt ||= Date.now();
      }
      if (focusedAt ? Date.now() - focusedAt < 2_000 : Date.now() - since < 10_000) setTimeout(focusWhenDrawn, 50);
    };
    setTimeout(focusWhenDrawn, 50);
  });
}
