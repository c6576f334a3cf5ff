import { clear, createStore, get, set } from 'idb-keyval';
import { ApiError } from './api';
import { currentUserTag, sessionStore } from './session-store';

export { currentUserTag };

/**
 * The last answers of the queries a person needs without signal (the field rep's day, products, prices,
 * customers; the user data and menu the shell is drawn from), kept in IndexedDB per company and user so two
 * people sharing a phone never see each other's. Answered only when the network fails; cleared on logout.
 * The service worker never caches an API answer (docs/decisions/web-delivery.md): this is the one place.
 * docs/decisions/field.md 'Offline'.
 */
const store = typeof indexedDB === 'undefined' ? undefined : createStore('portal-offline', 'answers');

/** No answer at all (no signal, server unreachable, 5xx from a proxy): worth retrying later, never a refusal. */
export function isNetworkFailure(e: unknown): boolean {
  if (e instanceof ApiError) return e.status >= 500 || e.status === 0;
  return e instanceof TypeError || (e instanceof DOMException && e.name !== 'AbortError');
}

function cacheKey(key: readonly unknown[]): string {
  return JSON.stringify([sessionStore.get().host?.cuit ?? null, currentUserTag(), ...key]);
}

export async function readCache<T>(key: readonly unknown[]): Promise<T | undefined> {
  if (!store) return undefined;
  return get<T>(cacheKey(key), store).catch(() => undefined);
}

/** Remembers `data` under `key` too, for a query that falls back to it (best effort, like every write here). */
export async function writeCache(key: readonly unknown[], data: unknown): Promise<void> {
  if (store) await set(cacheKey(key), data, store).catch(() => undefined);
}

/**
 * A query function that answers from the network and remembers the answer, or — when there is no connection —
 * answers what was remembered under `key` (else under the first of `alsoFrom` that holds something). Used with
 * networkMode 'always' / 'offlineFirst' so TanStack Query calls it while offline too.
 */
export function cachedFetch<T>(key: readonly unknown[], fetcher: () => Promise<T>, alsoFrom: ReadonlyArray<readonly unknown[]> = []): () => Promise<T> {
  return async () => {
    try {
      const data = await fetcher();
      await writeCache(key, data);
      return data;
    } catch (e) {
      if (!isNetworkFailure(e)) throw e;
      for (const k of [key, ...alsoFrom]) {
        const cached = await readCache<T>(k);
        if (cached !== undefined) return cached;
      }
      throw e;
    }
  };
}

/** Logout: the answers go (the outbox of unsent changes stays: a sale is never lost). */
export async function clearOfflineCache(): Promise<void> {
  if (store) await clear(store).catch(() => undefined);
}
