/**
 * The shape of a set of Ant Design styles put into the page before its components render: the ones kept on the
 * device between visits (lib/kept-styles.ts) and the ones the build made of the first screens
 * (lib/first-visit-styles.ts, written by scripts/first-visit-styles.tsx). No imports: the login screen's entry reads
 * the key, and the build script runs this in Node.
 */
export type StyleSet = { version: string; map: string; styles: Array<{ hash: string; order: string | null; priority: string | null; css: string }> };

/** Where kept-styles keeps its set; written as `{"version":…,` first, which first-visit-styles reads without parsing. */
export const KEPT_STYLES_KEY = 'portal.styles.v1';

/** The entries of cssinjs's map of style paths (`path:hash;path:hash`); a path may hold ':' itself, a hash does not. */
export const parseStyleMap = (map: string): Array<readonly [string, string]> =>
  map
    .split(';')
    .filter(Boolean)
    .map((entry) => [entry.slice(0, entry.lastIndexOf(':')), entry.slice(entry.lastIndexOf(':') + 1)] as const);

/** The map written back from its entries, as cssinjs writes it. */
export const joinStyleMap = (entries: Iterable<readonly [string, string]>): string => [...entries].map(([path, hash]) => `${path}:${hash}`).join(';');
