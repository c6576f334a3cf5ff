import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { currentUserTag, PERSISTED_QUERIES_KEY as KEY, sessionStore } from './session-store';

/**
 * The last answers of TanStack Query's cache, kept in local storage so that a repeat visit paints its screen at once
 * from them while it asks the server again (docs/decisions/web-delivery.md, 'Repeat visit'). One slot, tagged with
 * the user (the token's subject), company, entity and Actua_como it was written for: it is read back only by the same
 * person in the same company and entity (two people sharing a phone never see each other's), every answer read back
 * is stale at once (so each screen refetches on mount), and it goes with the session (logout, a new login, a refused refresh: sessionStore.clear).
 * Only successful answers of plain JSON (what the API returns) are kept, the newest first, up to MAX_CHARS.
 */
/** Local storage holds ≈5 M characters per origin; the session and the field screens need some of it too. */
const MAX_CHARS = 1_000_000;
/** An answer larger than this (a whole catalogue) is not worth its write on every change. */
const MAX_QUERY_CHARS = 250_000;
/** Older answers are not shown even as a first paint. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 300;

type Stored = { scope: string; savedAt: number; state: DehydratedState };

function scope(): string | null {
  const s = sessionStore.get();
  const user = currentUserTag();
  if (!user || !s.host) return null;
  return JSON.stringify([user, s.host.cuit, s.entity?.codent ?? null, s.actuaComo]);
}

/** Plain JSON: what JSON.parse gives back unchanged (no Date, Map, class instance). */
function isPlainJson(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > 40 || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every((v) => isPlainJson(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((v) => v === undefined || isPlainJson(v, depth + 1));
}

function forget(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/** Puts the kept answers of this user, company and entity into the cache, stale (each screen refetches them). */
export function restorePersistedQueries(client: QueryClient): void {
  try {
    const raw = localStorage.getItem(KEY);
    const current = scope();
    if (!raw || !current) return;
    const stored = JSON.parse(raw) as Stored;
    if (stored.scope !== current || Date.now() - stored.savedAt > MAX_AGE_MS) return;
    hydrate(client, stored.state);
    client.invalidateQueries({ refetchType: 'none' }).catch(() => undefined);
  } catch {
    forget();
  }
}

function write(client: QueryClient): void {
  const current = scope();
  if (!current) return;
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' && q.state.data !== undefined && isPlainJson(q.state.data) });
  // The newest answers first, as many as fit.
  const queries = [...state.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const kept: typeof queries = [];
  let chars = 0;
  for (const q of queries) {
    const size = JSON.stringify(q).length;
    if (size > MAX_QUERY_CHARS || chars + size > MAX_CHARS) continue;
    kept.push(q);
    chars += size;
  }
  const stored: Stored = { scope: current, savedAt: Date.now(), state: { mutations: [], queries: kept } };
  try {
    localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    forget();
  }
}

/** Writes the cache a moment after answers arrive or go (and when the page is hidden or closed). */
export function persistQueries(client: QueryClient): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    write(client);
  };
  client.getQueryCache().subscribe((event) => {
    const relevant = event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success');
    if (!relevant || timer !== undefined) return;
    timer = setTimeout(flush, WRITE_DELAY_MS);
  });
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
