import { API_PREFIX, msg, type OauthResponse } from '@portal/contract';
import { sessionStore } from './session-store';
import { isMobileNow } from './device';
import { recordRotation, rotationOf } from './token-handoff';

/** A refusal from the server, carrying its Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Calls that must not carry the bearer token (login, registration, recovery). */
  anonymous?: boolean;
  /** Another API base than the main one (the field API of field-warehouse.md §7 has its own). */
  base?: string;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** A multipart body (files): sent as it is, the browser sets its content type and boundary. */
  form?: FormData;
};

function buildUrl(path: string, query?: RequestOptions['query'], base: string = API_PREFIX): string {
  const url = path.startsWith('/whitelabel') ? path : `${base}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function headers(anonymous: boolean): Record<string, string> {
  const s = sessionStore.get();
  const h: Record<string, string> = {};
  if (!anonymous && s.accessToken) h.authorization = `Bearer ${s.accessToken}`;
  if (s.host) h.Cuit = s.host.cuit;
  if (s.entity) h.Entity_ID = String(s.entity.codent);
  if (s.actuaComo) h.Actua_como = String(s.actuaComo);
  // Which device's module configuration applies (a display policy: the browser says what it is).
  h.Dispositivo = isMobileNow() ? 'mobile' : 'desktop';
  return h;
}

/**
 * One refresh at a time, across tabs: concurrent 401s of this tab wait for the same rotation, and tabs take turns
 * through a Web Lock, the later one using the tokens the earlier one stored (local storage, or the pair it handed
 * over in IndexedDB when local storage has not brought them yet: lib/token-handoff.ts) instead of presenting the
 * rotated token again. Where Web Locks are missing (a page not served over a secure origin), the server's 30-s grace
 * window answers a repeated token with the same pair, so two tabs still keep the session.
 *
 * Only the server's refusal of the refresh token ends the session. A refresh that never got an answer (no
 * signal in the field, a tab reloaded while it waited) or got a 429 / 5xx leaves the tokens as they are: logging
 * out there would wipe the session of every tab for a dropped connection.
 */
type RefreshOutcome = 'renewed' | 'refused' | 'unreachable';
let refreshing: Promise<RefreshOutcome> | null = null;
/**
 * `sentWith`: the access token a refused call carried. When a refresh has replaced it since (the call's 401 came
 * after that refresh ended), the call only needs to go again with the new one: refreshing again would rotate the
 * new pair for nothing.
 */
async function refreshTokens(sentWith?: string | null): Promise<RefreshOutcome> {
  if (sentWith && sessionStore.get().accessToken !== sentWith) return 'renewed';
  const stale = sessionStore.get().refreshToken;
  if (!stale) return 'refused';
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    try {
      return await withRefreshLock(async () => {
        const current = sessionStore.reload().refreshToken;
        if (!current) return 'refused';
        // Another tab rotated it while this one waited: its tokens are already in the store.
        if (current !== stale) return 'renewed';
        // Or they are not here yet (local storage reaches other tabs late): the pair it handed over is.
        const handed = await rotationOf(current);
        if (handed) {
          sessionStore.set(handed);
          return 'renewed';
        }
        const res = await fetch(buildUrl('/oauth'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client_id: 'master', grant_type: 'refresh_token', refresh_token: current }),
        });
        if (res.status === 400 || res.status === 401) return 'refused';
        if (!res.ok) return 'unreachable';
        const tokens = (await res.json()) as OauthResponse;
        sessionStore.set({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
        // Before the lock goes to the next tab.
        await recordRotation(current, tokens.access_token, tokens.refresh_token);
        return 'renewed';
      });
    } catch {
      return 'unreachable';
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('portal-refresh', fn) as Promise<T>) : fn();
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, anonymous = false, base, headers: extra, form } = options;
  let sentWith: string | null = null;
  const send = () => {
    sentWith = sessionStore.get().accessToken;
    return fetch(buildUrl(path, query, base), {
      method,
      signal,
      headers: { ...headers(anonymous), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  };
  let res = await send();
  if (res.status === 401 && !anonymous && sessionStore.get().refreshToken) {
    const outcome = await refreshTokens(sentWith);
    if (outcome === 'renewed') {
      res = await send();
    } else if (outcome === 'refused') {
      sessionStore.clear();
      window.location.hash = '#/welcome';
    }
    // 'unreachable': the 401 stands for this call; the session stays for the next one.
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const message = (data as { msg?: string; mensaje?: string } | null)?.msg ?? (data as { mensaje?: string } | null)?.mensaje ?? msg.errorInterno;
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}

/** Seconds left on an access token (its JWT `exp`); 0 when it cannot be read. */
function secondsLeft(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp - Date.now() / 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * An access token that will still be valid for a while, for the addresses that carry it in the query (exports,
 * downloads opened by the browser itself): such a request cannot answer a 401 with a refresh, so refresh first.
 */
export async function freshAccessToken(minSeconds = 60): Promise<string | null> {
  const token = sessionStore.get().accessToken;
  if (token && secondsLeft(token) > minSeconds) return token;
  await refreshTokens();
  return sessionStore.get().accessToken;
}

/**
 * A file the server generates behind the session (an order's PDF), fetched with the same headers as `api` and
 * handed back as a Blob; a refusal throws ApiError with the server's message.
 */
export async function apiBlob(path: string, options: Pick<RequestOptions, 'query' | 'signal'> = {}): Promise<Blob> {
  let sentWith: string | null = null;
  const send = () => {
    sentWith = sessionStore.get().accessToken;
    return fetch(buildUrl(path, options.query), { signal: options.signal, headers: headers(false) });
  };
  let res = await send();
  if (res.status === 401 && sessionStore.get().refreshToken && (await refreshTokens(sentWith)) === 'renewed') res = await send();
  if (!res.ok) {
    let message: string = msg.errorInterno;
    try {
      message = ((await res.json()) as { msg?: string }).msg ?? message;
    } catch {
      // not JSON: the generic message stands
    }
    throw new ApiError(res.status, message, null);
  }
  return res.blob();
}

/**
 * A call that never reached the server: the browser is offline, or fetch itself failed (no signal, DNS, a dropped
 * connection). A list says so instead of a data error (list-empty.tsx); the notices of an action keep the spec's own
 * texts. The thrown error stays what fetch threw, so callers that tell "the server answered" (an ApiError) from "it
 * never arrived" keep doing so.
 */
export function isOffline(error?: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError;
}

/** The server's Spanish message of a failure, or the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
