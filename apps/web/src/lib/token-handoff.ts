import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The pair a refresh got, handed to the tabs that wait for the refresh lock (lib/api.ts) through IndexedDB.
 *
 * Local storage cannot do it: Chromium keeps a copy of it in each renderer process and brings another tab's write
 * to that copy a moment later, with no ordering against the Web Lock (the HTML spec leaves it undefined:
 * whatwg/html#403). The tab that got the lock second could read the old refresh token there after the first one
 * had rotated it, and present it again (seen in CI: two refresh POSTs with the same token). IndexedDB answers
 * every tab from one database: a write whose transaction completed before the lock was released is what the next
 * holder reads.
 *
 * One record: the refresh token that was rotated (spent: presented again it gets this same pair within the
 * server's grace window, or revokes the session after it) and the pair that replaced it. A tab uses it only while
 * its own refresh token is that one; it goes with the session (sessionStore.clear).
 */
type Rotation = { from: string; accessToken: string; refreshToken: string };

const KEY = 'last';
let store: UseStore | undefined;
function rotationStore(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore('portal-session', 'rotation');
  return store;
}

/** Records that `from` was rotated into this pair; resolves once the write is committed (never rejects). */
export async function recordRotation(from: string, accessToken: string, refreshToken: string): Promise<void> {
  const s = rotationStore();
  if (s) await set(KEY, { from, accessToken, refreshToken } satisfies Rotation, s).catch(() => undefined);
}

/** The pair `token` was rotated into by this browser, or null (never rotated here, or IndexedDB unavailable). */
export async function rotationOf(token: string): Promise<{ accessToken: string; refreshToken: string } | null> {
  const s = rotationStore();
  if (!s) return null;
  const r = await get<Rotation>(KEY, s).catch(() => undefined);
  return r && r.from === token ? { accessToken: r.accessToken, refreshToken: r.refreshToken } : null;
}

export async function forgetRotation(): Promise<void> {
  const s = rotationStore();
  if (s) await del(KEY, s).catch(() => undefined);
}
