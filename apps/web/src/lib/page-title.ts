/**
 * The page's title and its announcement: each screen names itself in the browser's tab and history, and a screen
 * reader hears the new screen's name after a route change (a polite live region, as a page load would announce it).
 * One mechanism for every screen: the router's subscriber (app/route-focus.ts) for the screens outside the shell,
 * the shell for the screens behind it (their names come from the server's menu).
 */
const SITE = 'Portal de Clientes';
let region: HTMLElement | null = null;

export function setPageTitle(screen: string | null, site: string | null = null) {
  const title = [screen, site || SITE].filter(Boolean).join(' · ');
  if (document.title === title) return;
  document.title = title;
  if (!region) {
    region = document.createElement('div');
    region.className = 'sr-only';
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.dataset.testid = 'route-announcer';
    document.body.appendChild(region);
  }
  region.textContent = screen ?? title;
}

/** The id of every screen's main region (the shell's content, the public screens' column): the skip link's target. */
export const MAIN_ID = 'contenido';

/** Moves the keyboard's and the screen reader's place to the main region, as a page load puts it at the top. */
export function focusMain() {
  document.getElementById(MAIN_ID)?.focus();
}
