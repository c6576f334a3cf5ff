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

function load(key: string): void {
  const entry = entries.get(key);
  if (entry && (entry.loading || Date.now() - entry.loadedAt < FRESH_MS)) return;
  const previous = entry?.state ?? IDLE;
  entries.set(key, { state: previous, loadedAt: entry?.loadedAt ?? 0, loading: true });
  loadBranding(key || null).then(
    (data) => settle(key, { data, isError: false }),
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
