/**
 * The shape of the set of Ant Design styles kept on the device between visits and put into the page before its
 * components render (lib/kept-styles.ts). No imports: its unit test runs it alone.
 */
export type StyleSet = { version: string; map: string; styles: Array<{ hash: string; order: string | null; priority: string | null; css: string }> };

/** Where kept-styles keeps its set. */
export const KEPT_STYLES_KEY = 'portal.styles.v1';

/** The entries of cssinjs's map of style paths (`path:hash;path:hash`); a path may hold ':' itself, a hash does not. */
export const parseStyleMap = (map: string): Array<readonly [string, string]> =>
  map
    .split(';')
    .filter(Boolean)
    .map((entry) => [entry.slice(0, entry.lastIndexOf(':')), entry.slice(entry.lastIndexOf(':') + 1)] as const);

/** The map written back from its entries, as cssinjs writes it. */
export const joinStyleMap = (entries: Iterable<readonly [string, string]>): string => [...entries].map(([path, hash]) => `${path}:${hash}`).join(';');
