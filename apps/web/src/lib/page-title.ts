/**
 * The page's title and the screen's name for a screen reader: each screen names itself in the browser's tab and
 * history, and its main region carries the same name, so that when focus moves there after a route change
 * (focusMain) a screen reader says the new screen's name, as a page load would. No live region: its copy of the
 * name would be a second text of the same words beside the screen's heading. One mechanism for every screen: the
 * router's subscriber (app/route-focus.ts) for the screens outside the shell, the shell for the screens behind it
 * (their names come from the server's menu).
 */
const SITE = 'Portal de Clientes';
let screenName: string | null = null;

export function setPageTitle(screen: string | null, site: string | null = null) {
  const title = [screen, site || SITE].filter(Boolean).join(' · ');
  screenName = screen ?? title;
  document.getElementById(MAIN_ID)?.setAttribute('aria-label', screenName);
  if (document.title !== title) document.title = title;
}

/** The id of every screen's main region (the shell's content, the public screens' column): the skip link's target. */
export const MAIN_ID = 'contenido';

/** Moves the keyboard's and the screen reader's place to the main region, as a page load puts it at the top. */
export function focusMain() {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  if (screenName) main.setAttribute('aria-label', screenName);
  main.focus();
}
