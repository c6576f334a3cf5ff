import { lazy, Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Button, Layout, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useMatches, useNavigate, type UIMatch } from 'react-router';
import { msg, type Entidad, type MenuItem } from '@portal/contract';
import { ApiError } from '../../lib/api';
import { useBranding } from '../../lib/branding';
import { useIsMobile } from '../../lib/device';
import { useNotify } from '../../lib/notify';
import { sessionStore, useSession } from '../../lib/session-store';
import { entityLabel, logout, useEntities, useUserData } from '../../features/access';
import { loadAdminDialog, loadModuleConfigDrawer } from '../../features/admin';
import { APP_VERSION } from '../../lib/version';
import { useFeedback } from '../../lib/feedback';
import { AppProviders } from '../app-providers';
import { ErrorResult } from '../../lib/error-result';
import type { ShellContext } from '../../lib/shell-context';
import { Header } from './header';
import { NewsNotice } from './news-notice';
import { MAIN_ID, setPageTitle } from '../../lib/page-title';

// What the user opens now and then (the menu drawer, the dialogs, the administrator's drawers) loads when first
// opened, not with every page behind the shell (docs/decisions/web-delivery.md, 'Every route').
const SideMenu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));
const ProfileDialog = lazy(() => import('./profile-dialog').then((m) => ({ default: m.ProfileDialog })));
const ChangePasswordDialog = lazy(() => import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));
// Each a chunk of its own: 'Administración' opens by itself on an administrator's first screen, without the module
// drawer's Tree and DatePicker.
const AdminDialog = lazy(() => loadAdminDialog().then((c) => ({ default: c })));
const ModuleConfigDrawer = lazy(() => loadModuleConfigDrawer().then((c) => ({ default: c })));

/** Renders its children from the first time `open` is true on (so they can animate closed), loaded on demand. */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={open ? <div className="route-loading" role="progressbar" aria-label="Cargando" /> : null}>{children}</Suspense> : null;
}

/** Header, side drawer, dialogs and footer around every authenticated page, in the theme and with TanStack Query. */
export function AppShell({ profile }: { profile: number }) {
  return (
    <AppProviders>
      <Shell profile={profile} />
    </AppProviders>
  );
}

function Shell({ profile }: { profile: number }) {
  const session = useSession();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { modal } = useFeedback();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [changeLater, setChangeLater] = useState(false);
  const [adminDialog, setAdminDialog] = useState(false);
  const [companyModules, setCompanyModules] = useState(false);

  const cuit = session.host?.cuit ?? null;
  const branding = useBranding(cuit);
  const data = useUserData({ cuit, entity: session.entity?.codent ?? null, profile, mobile, actuaComo: session.actuaComo });
  const usuario = data.data?.usuario;
  const showEntitySelector = Boolean(usuario && usuario.entidades > 1 && !usuario.adminweb);
  const entities = useEntities(showEntitySelector ? cuit : null);
  // 'Administración' opens by itself once per login for administrators, and again from 'Cambiar entidad'.
  const adminOpen = Boolean(usuario?.adminweb) && (adminDialog || !session.adminPrompted);
  // A route of a module the menu does not carry (disabled for this user, device or date) shows a refusal.
  const matches = useMatches();
  const routeModule = matches.map((m) => (m.handle as { module?: string } | undefined)?.module).find(Boolean);
  const moduleRefused = Boolean(routeModule && data.data && !menuIds(data.data.menu).has(routeModule));

  const reportUserDataError = useEffectEvent(() => notify.error('Error', `${msg.errorDatosUsuario}. ${userDataMessage(data.error)}`));
  // One notice each time the user's data turns to failed.
  useEffect(() => {
    if (data.isError) reportUserDataError();
  }, [data.isError]);

  // The screen's name (the server's menu names the module screens; the route's handle the others) before the company's.
  const { pathname } = useLocation();
  const screen = screenName(data.data?.menu ?? [], profile, pathname, matches);
  const site = branding.data?.title ?? session.host?.razonsocial ?? null;
  useEffect(() => {
    if (site) setPageTitle(moduleRefused ? msg.moduloNoHabilitado : screen, site);
  }, [screen, site, moduleRefused]);

  function handleEntityChange(entity: Entidad) {
    sessionStore.set({ entity: { codent: entity.codent, label: entityLabel(entity) } });
    void queryClient.invalidateQueries();
    navigate(`/${profile}/dashboard`);
  }

  function handleAdminClose() {
    setAdminDialog(false);
    sessionStore.set({ adminPrompted: true });
  }

  function handleLogout() {
    modal.confirm({ title: 'Cerrar sesión', content: msg.confirmarLogout, okText: 'Aceptar', cancelText: 'Cancelar', onOk: logout });
  }

  return (
    <Layout className="shell">
      <Header
        branding={branding.data}
        profile={profile}
        userName={usuario ? `${usuario.first_name} ${usuario.last_name}` : ''}
        entities={entities.data}
        showEntitySelector={showEntitySelector}
        currentEntity={session.entity?.codent ?? null}
        mobile={mobile}
        onMenu={() => setMenuOpen(true)}
        onEntityChange={handleEntityChange}
        onProfile={() => setProfileOpen(true)}
        onLogout={handleLogout}
      />
      <OnceOpened open={menuOpen}>
        <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        menu={data.data?.menu ?? []}
        profile={profile}
        hasEntity={Boolean(session.entity)}
        mobile={mobile}
        title={session.host?.razonsocial ?? branding.data?.title ?? ''}
        onLogout={handleLogout}
        admin={Boolean(usuario?.adminweb)}
        onAdminAction={(action) => (action === 'cambiar-entidad' ? setAdminDialog(true) : setCompanyModules(true))}
        />
      </OnceOpened>
      {/* The main region: the skip link's target, and where focus goes after a route change (app/route-focus.ts). */}
      <Layout.Content className="shell-content" id={MAIN_ID} tabIndex={-1}>
        <NewsNotice branding={branding.data} />
        {data.isLoading ? (
          <div className="center-pad">
            <Spin size="large" />
          </div>
        ) : data.isError ? (
          <ErrorResult
            status="warning"
            title={msg.errorDatosUsuario}
            subTitle={userDataMessage(data.error)}
            // The company may have been suspended or unlinked since it was chosen: another one can be entered.
            extra={<Button onClick={() => navigate('/welcome/sessions')}>Volver a sesiones activas</Button>}
          />
        ) : moduleRefused ? (
          <ErrorResult status="403" title={msg.moduloNoHabilitado} subTitle="Consulte con el administrador de la empresa." />
        ) : (
          <Outlet context={{ profile, adminweb: usuario?.adminweb ?? false } satisfies ShellContext} />
        )}
      </Layout.Content>
      <Layout.Footer className="shell-footer">
        <span className="text-secondary">
          {session.host?.razonsocial} · {APP_VERSION}
        </span>
      </Layout.Footer>
      {usuario && (
        <>
          <OnceOpened open={profileOpen}>
            <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} firstName={usuario.first_name} lastName={usuario.last_name} />
          </OnceOpened>
          <OnceOpened open={usuario.change_password && !changeLater}>
            <ChangePasswordDialog
              open={usuario.change_password && !changeLater}
              onLater={() => setChangeLater(true)}
              firstName={usuario.first_name}
              lastName={usuario.last_name}
            />
          </OnceOpened>
          {usuario.adminweb && (
            <>
              <OnceOpened open={adminOpen}>
                <AdminDialog open={adminOpen} onClose={handleAdminClose} username={usuario.username} profile={profile} actingAs={usuario.actua_como} />
              </OnceOpened>
              <OnceOpened open={companyModules}>
                <ModuleConfigDrawer target={companyModules ? { kind: 'company' } : null} onClose={() => setCompanyModules(false)} />
              </OnceOpened>
            </>
          )}
        </>
      )}
    </Layout>
  );
}

function menuIds(items: MenuItem[]): Set<string> {
  const ids = new Set<string>();
  const walk = (list: MenuItem[]) => list.forEach((i) => (ids.add(i.id), walk(i.children ?? [])));
  walk(items);
  return ids;
}

/**
 * Why the user data could not be read (access.md §8): the answer's `mensaje`, or a refusal's own reason (4xx), else
 * 'Se produjo un error al obtener los datos' — a server failure (5xx) or no answer shows no generic text of its own.
 */
function userDataMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const mensaje = (error.body as { mensaje?: unknown } | null)?.mensaje;
    if (typeof mensaje === 'string' && mensaje) return mensaje;
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return msg.errorObtenerDatos;
}

/**
 * The name of the screen at `pathname`: the menu item whose link is the whole path, else the route's own title (pages
 * the menu does not list, or lists under a parent), else the menu item the path is under.
 */
function screenName(menu: MenuItem[], profile: number, pathname: string, matches: UIMatch[]): string | null {
  const items: Array<{ path: string; name: string }> = [];
  const walk = (list: MenuItem[]) => list.forEach((i) => (i.children?.length ? walk(i.children) : items.push({ path: `/${profile}/${i.link ?? i.id}`, name: i.nombre })));
  walk(menu);
  const exact = items.find((i) => i.path === pathname);
  if (exact) return exact.name;
  const own = matches.map((m) => (m.handle as { title?: string } | undefined)?.title).filter(Boolean).pop();
  if (own) return own;
  const under = items.filter((i) => pathname.startsWith(`${i.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  return under?.name ?? null;
}
