import { useEffect, useSyncExternalStore } from 'react';
import type { WhitelabelConfig } from '@portal/contract';

async function fetchJson(url: string): Promise<WhitelabelConfig> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as WhitelabelConfig;
}

/** The company's branding, else the portal's own (access.md §7: config.json per CUIT with a fallback). */
export async function loadBranding(cuit: string | null): Promise<WhitelabelConfig> {
  if (cuit) {
    try {
      return await fetchJson(`/whitelabel/${cuit}/config.json`);
    } catch {
      // fall through to the portal's own branding
    }
  }
  return fetchJson('/whitelabel/config.json');
}

/**
 * A small cache of its own rather than TanStack Query: the login screen needs the branding and nothing else of
 * the query library (docs/decisions/web-delivery.md). One fetch per company at a time, fresh for five minutes,
 * no retry (a failure falls back to the portal's branding, and both failing is reported once by providers.tsx).
 */
export type BrandingState = { data: WhitelabelConfig | undefined; isError: boolean };

const FRESH_MS = 5 * 60_000;
type Entry = { state: BrandingState; loadedAt: number; loading: boolean };
const IDLE: BrandingState = { data: undefined, isError: false };
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

/**
 * The last branding of each company (and the portal's, key ''), kept on the device: a repeat visit draws the login
 * screen, the shell and Ant Design's theme in the company's colours and logo on its first render, instead of the
 * portal's and then, a round trip later, the company's (a second render of every themed component, and the colours
 * changing under the user's eyes). Public data (the same config.json for everyone), asked for again on every visit
 * like before: what is kept is only the first paint. At most a few companies (a phone is used with one or two).
 */
const KEPT_KEY = 'portal.branding.v1';
const KEPT_MAX = 4;
type Kept = Array<{ key: string; data: WhitelabelConfig }>;
function readKept(): Kept {
  try {
    const raw = localStorage.getItem(KEPT_KEY);
    const kept = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(kept) ? (kept as Kept).filter((k) => typeof k?.key === 'string' && k.data && typeof k.data === 'object') : [];
  } catch {
    return [];
  }
}
function keep(key: string, data: WhitelabelConfig): void {
  try {
    const kept = [{ key, data }, ...readKept().filter((k) => k.key !== key)].slice(0, KEPT_MAX);
    localStorage.setItem(KEPT_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or unavailable: the next visit fetches it as before.
  }
}
// Stale from the start (loadedAt 0): the first use asks for it again and replaces it if it changed.
for (const { key, data } of readKept()) entries.set(key, { state: { data, isError: false }, loadedAt: 0, loading: false });

function load(key: string): void {
  const entry = entries.get(key);
  if (entry && (entry.loading || Date.now() - entry.loadedAt < FRESH_MS)) return;
  const previous = entry?.state ?? IDLE;
  entries.set(key, { state: previous, loadedAt: entry?.loadedAt ?? 0, loading: true });
  loadBranding(key || null).then(
    (data) => {
      keep(key, data);
      // The same as the kept one: nothing to draw again.
      if (previous.data && JSON.stringify(previous.data) === JSON.stringify(data)) settle(key, previous);
      else settle(key, { data, isError: false });
    },
    // A refresh that fails keeps what was shown.
    () => settle(key, previous.data ? previous : { data: undefined, isError: true }),
  );
}

function settle(key: string, state: BrandingState): void {
  entries.set(key, { state, loadedAt: Date.now(), loading: false });
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useBranding(cuit: string | null): BrandingState {
  const key = cuit ?? '';
  const state = useSyncExternalStore(subscribe, () => entries.get(key)?.state ?? IDLE);
  useEffect(() => load(key), [key]);
  return state;
}
