import { useSyncExternalStore } from 'react';
import { forgetRotation } from './token-handoff';

/**
 * What the browser keeps between visits (access.md §4: tokens in local storage): the tokens, the active
 * company (host), the chosen entity and profile, and an administrator's Actua_como.
 */
export type Host = { cuit: string; razonsocial: string };
export type ChosenEntity = { codent: number; label: string };
export type SessionState = {
  accessToken: string | null;
  refreshToken: string | null;
  host: Host | null;
  entity: ChosenEntity | null;
  profile: number | null;
  actuaComo: number | null;
  /** The 'Administración' dialog was shown in this login (it opens by itself once per login). */
  adminPrompted: boolean;
};

const KEY = 'portal.session.v1';
/** Where lib/persisted-queries.ts keeps the last answers of the query cache; it goes with the session. */
export const PERSISTED_QUERIES_KEY = 'portal.queries.v1';
const EMPTY: SessionState = { accessToken: null, refreshToken: null, host: null, entity: null, profile: null, actuaComo: null, adminPrompted: false };

function read(): SessionState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<SessionState>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

let state = read();
const listeners = new Set<() => void>();

export const sessionStore = {
  get: (): SessionState => state,
  /** Reads local storage again now (another tab may have written it; its 'storage' event can still be on its way). */
  reload(): SessionState {
    state = read();
    return state;
  },
  set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    localStorage.setItem(KEY, JSON.stringify(state));
    listeners.forEach((l) => l());
  },
  /** Logout: everything goes, whatever the server answered. */
  clear() {
    state = EMPTY;
    localStorage.removeItem(KEY);
    localStorage.removeItem(PERSISTED_QUERIES_KEY);
    void forgetRotation();
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The signed-in user (the access token's subject), or null. */
export function currentUserTag(): string | null {
  const token = state.accessToken;
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return payload.sub === undefined ? null : String(payload.sub);
  } catch {
    return null;
  }
}

// Another tab logging out or switching company is seen here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) {
      state = read();
      listeners.forEach((l) => l());
    }
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

export const isAuthenticated = (s: SessionState) => Boolean(s.accessToken && s.refreshToken);
