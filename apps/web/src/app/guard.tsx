import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { isAuthenticated, sessionStore, useSession } from '../lib/session-store';

// The shell (header, menu, dialogs) is not part of the login screen's download.
type ShellComponent = ComponentType<{ profile: number }>;
/** The shell's component once its code has run: drawn directly, without suspending (below). */
let loadedShell: ShellComponent | null = null;
const loadShell = () =>
  import('./shell/app-shell').then((m) => {
    loadedShell = m.AppShell;
    return m;
  });
const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppShell })));

/**
 * The router's `lazy` of the shell's route: the shell's code loads together with the page's (the router runs the
 * lazy functions of every matched route at once) instead of after it. Only for a signed-in user: the others are sent
 * to the login screen, which does not need it.
 */
export const preloadShell = () => (isAuthenticated(sessionStore.get()) ? loadShell().then(() => ({})) : Promise.resolve({}));

/**
 * The route guard of access.md §2: recovery and sign-in/sign-up always pass; an unauthenticated user is sent
 * to /welcome; the shell also needs a company (else the sessions list) and an entity (else that company's
 * entities), except for the users page; an unknown route sends an authenticated user back where they were.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  return isAuthenticated(session) ? <>{children}</> : <Navigate to="/welcome" replace />;
}

// Company-wide administration screens: no entity is needed to read them.
const ENTITY_FREE = new Set(['usuarios', 'auditoria', 'integracion']);

export function ShellRoute() {
  const session = useSession();
  const { profile } = useParams();
  const { pathname, search } = useLocation();
  const profileId = Number(profile);
  const section = pathname.split('/')[2] ?? '';
  const valid = Number.isInteger(profileId) && profileId > 0;

  // The router's `lazy` (preloadShell) has loaded the shell's code before this route first renders: it is drawn
  // directly. Through React.lazy it would suspend once (a lazy component's promise settles a microtask later): the
  // fallback is committed, and React holds the shell and the page back until 300 ms after a fallback was shown
  // (its throttle of Suspense reveals) — on a repeat visit a wait of up to 0.3 s before the first contentful paint.
  // Chosen once per mount, so the shell is never remounted by the switch.
  const [Loaded] = useState<ShellComponent | null>(() => loadedShell);
  useEffect(() => {
    if (valid && session.profile !== profileId) sessionStore.set({ profile: profileId });
  }, [valid, profileId, session.profile]);

  if (!isAuthenticated(session)) return <Navigate to="/welcome" replace />;
  // A screen's address without its profile (/#/pedidos, where the server sends /pedidos): the current profile's.
  if (!valid) return session.profile && profile && !/^\d+$/.test(profile) ? <Navigate to={`/${session.profile}${pathname}${search}`} replace /> : <UnknownRoute standalone />;
  if (!session.host) return <Navigate to="/welcome/sessions" replace />;
  if (!session.entity && !ENTITY_FREE.has(section)) return <Navigate to={`/welcome/sessions?cuit=${session.host.cuit}`} replace />;
  if (Loaded) return <Loaded profile={profileId} />;
  return (
    <Suspense fallback={<div className="route-loading" role="progressbar" aria-label="Cargando" />}>
      <AppShell profile={profileId} />
    </Suspense>
  );
}

/**
 * '/': straight to the dashboard when a company, entity and profile are chosen; otherwise the sessions list, or for a
 * visitor without a session the login (directly: through the sessions route it would download that screen's code
 * first, only to be sent on).
 */
export function RootRedirect() {
  const s = useSession();
  if (!isAuthenticated(s)) return <Navigate to="/welcome" replace />;
  if (s.host && s.entity && s.profile) return <Navigate to={`/${s.profile}/dashboard`} replace />;
  return <Navigate to="/welcome/sessions" replace />;
}

/**
 * An address the portal does not have: a visitor without a session goes to the login (access.md §2); a signed-in
 * user sees 'Página no encontrada' with the way back to where they were and to the start, instead of being moved
 * silently (a mistyped or outdated link would otherwise look like the dashboard).
 */
export function UnknownRoute({ standalone = false }: { standalone?: boolean }) {
  const s = useSession();
  if (!isAuthenticated(s)) return <Navigate to="/welcome" replace />;
  return (
    <Suspense fallback={null}>
      <NotFound standalone={standalone} />
    </Suspense>
  );
}
const NotFound = lazy(() => import('./not-found'));
