import type { OauthResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { sessionStore } from '../../../lib/session-store';

/** POST /oauth with the password grant; the username is lower-cased and trimmed (access.md §5). */
export async function login(username: string, password: string): Promise<void> {
  const tokens = await api<OauthResponse>('/oauth', {
    method: 'POST',
    anonymous: true,
    body: { client_id: 'master', grant_type: 'password', username: username.trim().toLowerCase(), password },
  });
  sessionStore.clear();
  sessionStore.set({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

/** Revokes both tokens; whatever the server answers, the browser forgets them and reloads (access.md §4). */
export async function logout(): Promise<void> {
  const { accessToken, refreshToken } = sessionStore.get();
  try {
    await Promise.all(
      [refreshToken, accessToken]
        .filter((t): t is string => Boolean(t))
        .map((t) => api(`/revocation/${encodeURIComponent(t)}`, { method: 'DELETE', anonymous: true })),
    );
  } catch {
    // logged out locally all the same
  } finally {
    // The answers kept for working offline belong to this user (the outbox of unsent changes stays).
    await import('../../../lib/offline-cache').then((m) => m.clearOfflineCache()).catch(() => undefined);
    sessionStore.clear();
    window.location.hash = '#/welcome';
    window.location.reload();
  }
}
