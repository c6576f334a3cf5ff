import { createCache, extractStyle } from '@ant-design/cssinjs';
import { version } from 'antd';
import { joinStyleMap, KEPT_STYLES_KEY, parseStyleMap, type StyleSet } from './style-map';

/**
 * Ant Design's component styles kept on the device between visits (docs/decisions/web-delivery.md, 'Repeat visit').
 *
 * Ant Design writes its styles at run time: each component, when it first renders, builds its style object, turns
 * it into CSS and inserts a `<style>` — on a repeat visit of the dashboard ≈0.3 s of a phone's CPU. The styles do not
 * depend on the company's colours (Ant Design 6 writes the theme's values as CSS variables, set apart), only on Ant
 * Design's version and the component. Ant Design's style library has a way to start from styles already in the page
 * (the server-rendering one: a `<style>` per style, and a map from each style's path to its hash); this module uses it
 * with the styles of the last visit: they are put into the page before the first component renders, and each
 * component whose style is among them takes it as it is instead of building it. A component not among them builds its
 * own, as without this. Kept per Ant Design version (a new version starts again), written a second after the last new
 * style and when the page is hidden; at most ≈0.5 M characters (local storage also holds the session and the kept
 * answers). A first visit, with nothing kept, builds every style at run time.
 */
export const styleCache = createCache();

const MAX_CHARS = 500_000;
/** What cssinjs reads to know which styles are in the page (its cacheMapUtil). */
const MAP_ATTR = 'data-ant-cssinjs-cache-path';
const HASH_ATTR = 'data-css-hash';
type Kept = StyleSet;
type KeptStyle = Kept['styles'][number];

let restored = false;
/**
 * Every style path known to be in the page, with its hash: the kept ones and those built since. Ant Design forgets a
 * style's path when the last component using it unmounts (its `<style>` stays), so what a screen left is still kept.
 */
const known = new Map<string, string>();

/**
 * Puts the kept styles into the page: a style per hash, and the map from each style's path to its hash; only before
 * Ant Design's first component renders (then once per page).
 */
export function restoreKeptStyles(): void {
  if (restored || typeof document === 'undefined') return;
  restored = true;
  try {
    const set = readKept();
    const styles = new Map<string, KeptStyle>();
    const paths = new Map<string, string>();
    if (set?.version === version) {
      for (const s of set.styles) if (!styles.has(s.hash)) styles.set(s.hash, s);
      for (const [path, hash] of parseStyleMap(set.map)) if (!paths.has(path)) paths.set(path, hash);
    }
    if (styles.size && paths.size) {
      const fragment = document.createDocumentFragment();
      for (const s of styles.values()) {
        const style = document.createElement('style');
        style.setAttribute(HASH_ATTR, s.hash);
        if (s.order) style.setAttribute('data-rc-order', s.order);
        if (s.priority) style.setAttribute('data-rc-priority', s.priority);
        style.textContent = s.css;
        fragment.appendChild(style);
      }
      const map = joinStyleMap(paths);
      const mapStyle = document.createElement('style');
      mapStyle.setAttribute(MAP_ATTR, MAP_ATTR);
      mapStyle.textContent = `.${MAP_ATTR}{content:"${map.replace(/["\\\n]/g, '')}";}`;
      fragment.appendChild(mapStyle);
      for (const [path, hash] of paths) known.set(path, hash);
      // First in the head, as Ant Design puts its own: the app's stylesheet comes after them and wins.
      document.head.insertBefore(fragment, document.head.firstChild);
    }
  } catch {
    // The page refused them: every component builds its style, as without this.
  }
  watch();
}

function readKept(): Kept | null {
  try {
    const raw = localStorage.getItem(KEPT_STYLES_KEY);
    const kept = raw ? (JSON.parse(raw) as Kept) : null;
    return kept && typeof kept.map === 'string' && Array.isArray(kept.styles) ? kept : null;
  } catch {
    return null;
  }
}

function save(): void {
  try {
    const extracted = extractStyle(styleCache, { types: 'style', plain: true });
    for (const [path, hash] of parseStyleMap(new RegExp(`\\.${MAP_ATTR}\\{content:"([^"]*)";\\}\\s*$`).exec(extracted)?.[1] ?? '')) known.set(path, hash);
    const hashes = new Set(known.values());
    const styles: KeptStyle[] = [];
    const present = new Set<string>();
    let chars = 0;
    for (const node of document.head.querySelectorAll<HTMLStyleElement>(`style[${HASH_ATTR}]`)) {
      const hash = node.getAttribute(HASH_ATTR)!;
      // The components' styles and their keyframes; not the theme's variables (written from the theme every time).
      if (!hashes.has(hash) && !hash.startsWith('_effect-')) continue;
      const css = node.textContent ?? '';
      chars += css.length;
      styles.push({ hash, order: node.getAttribute('data-rc-order'), priority: node.getAttribute('data-rc-priority'), css });
      present.add(hash);
    }
    // Only the paths whose style is in the page (a style is looked up by its hash when the map names it).
    const map = joinStyleMap([...known].filter(([, hash]) => present.has(hash)));
    chars += map.length;
    if (!map || chars > MAX_CHARS) return;
    localStorage.setItem(KEPT_STYLES_KEY, JSON.stringify({ version, map, styles } satisfies Kept));
  } catch {
    // Storage full or unavailable: the next visit builds its styles, as without this.
  }
}

function watch(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 1000);
  };
  new MutationObserver((changes) => {
    if (changes.some((c) => [...c.addedNodes].some((n) => n instanceof HTMLStyleElement && n.hasAttribute(HASH_ATTR)))) later();
  }).observe(document.head, { childList: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
}
