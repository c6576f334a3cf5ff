import { FIRST_VISIT_STYLES } from 'portal:first-visit-styles';
import { KEPT_STYLES_KEY, type StyleSet } from './style-map';

/**
 * Ant Design's styles of the first screens after the login, made at build time (docs/decisions/web-delivery.md,
 * 'First-visit styles'; scripts/first-visit-styles.tsx renders the components of the sessions screens, the shell and
 * the dashboard with the portal's theme and writes their styles to a file of the build).
 *
 * On a first visit nothing is kept on the device (lib/kept-styles.ts), so each Ant Design component would build its
 * style when it first renders (≈0.3–0.5 s of a slow phone's CPU over 'Ingresar' → dashboard). The file is fetched with
 * the sessions screen's code on the way through the login (`whenFirstVisitStyles`: the login screen's first keystroke,
 * or the sign-in) and the routes wait for it with their code, so it is there when the theme renders: kept-styles puts its
 * styles into the page as it does with the kept ones, and each of those components takes its style as it is. A
 * component not in it builds its own, as without this; a file that does not arrive (offline, a failed request) leaves
 * every component building its own. Not fetched when styles of this Ant Design version are kept (a repeat visit).
 */
let loading: Promise<void> | null = null;
let loaded: StyleSet | null = null;

/** Starts the fetch (once per page) when it is a first visit; resolves when it is over, whatever the outcome. */
export function whenFirstVisitStyles(): Promise<void> {
  loading ??= fetchStyles();
  return loading;
}

/**
 * What a route waits for: the fetch if the way through the login started it (its first keystroke, or the sign-in),
 * else nothing. A screen opened by its address, signed in, with no kept styles (cleared storage, a new Ant Design
 * version) builds its styles as before: measured, waiting for the file there (18 kB more over the same thin
 * connection as the screen's code and answers) showed the dashboard's summary 0.2 s later
 * (docs/decisions/web-delivery.md, 'First-visit styles').
 */
export function whenStartedFirstVisitStyles(): Promise<void> {
  return loading ?? Promise.resolve();
}

async function fetchStyles(): Promise<void> {
  const wanted = FIRST_VISIT_STYLES;
  if (!wanted || keptStylesOf(wanted.version)) return;
  try {
    // At low priority, as the code it comes with (lib/quiet-prefetch.ts): the sign-in's POST goes first.
    const answer = await fetch(wanted.url, { priority: 'low' });
    const set = answer.ok ? ((await answer.json()) as StyleSet) : null;
    if (set && set.version === wanted.version && typeof set.map === 'string' && Array.isArray(set.styles)) loaded = set;
  } catch {
    // Offline or refused: the components build their styles, as without this.
  }
}

/** The build's styles, if they arrived (read by lib/kept-styles.ts when it puts the styles into the page). */
export function firstVisitStyles(): StyleSet | null {
  return loaded;
}

/** Whether the styles of this Ant Design version are kept from an earlier visit (kept-styles writes the version first). */
function keptStylesOf(version: string): boolean {
  try {
    return localStorage.getItem(KEPT_STYLES_KEY)?.startsWith(`{"version":${JSON.stringify(version)},`) ?? false;
  } catch {
    return false;
  }
}
