import { useEffect, useState } from 'react';
import { App, Layout, Result, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { msg, type Entidad, type MenuItem } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { useBranding } from '../../lib/branding';
import { useIsMobile } from '../../lib/device';
import { useNotify } from '../../lib/notify';
import { sessionStore, useSession } from '../../lib/session-store';
import { entityLabel, useEntities } from '../../features/access/api/sessions';
import { useUserData } from '../../features/access/api/user-data';
import { logout } from '../../features/access/api/login';
import { APP_VERSION } from '../version';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { ProfileDialog } from './profile-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { NewsNotice } from './news-notice';
import { AdminDialog } from '../../features/admin/components/admin-dialog';
import { ModuleConfigDrawer } from '../../features/admin/components/module-config-drawer';

export type ShellContext = { profile: number; adminweb: boolean };

/** Header, side drawer, dialogs and footer around every authenticated page. */
export function AppShell({ profile }: { profile: number }) {
  const session = useSession();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
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

  useEffect(() => {
    if (data.isError) notify.error('Error', msg.errorDatosUsuario + (data.error ? `. ${errorMessage(data.error, msg.errorObtenerDatos)}` : ''));
    // notify is stable in behaviour; report each failure once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.isError]);

  useEffect(() => {
    if (branding.data) document.title = branding.data.title;
  }, [branding.data]);

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
      <Layout.Content className="shell-content">
        <NewsNotice branding={branding.data} />
        {data.isLoading ? (
          <div className="center-pad">
            <Spin size="large" />
          </div>
        ) : data.isError ? (
          <Result status="warning" title={msg.errorDatosUsuario} subTitle={errorMessage(data.error, msg.errorObtenerDatos)} />
        ) : moduleRefused ? (
          <Result status="403" title={msg.moduloNoHabilitado} subTitle="Consulte con el administrador de la empresa." />
        ) : (
          <Outlet context={{ profile, adminweb: usuario?.adminweb ?? false } satisfies ShellContext} />
        )}
      </Layout.Content>
      <Layout.Footer className="shell-footer">
        <Typography.Text type="secondary">
          {session.host?.razonsocial} · {APP_VERSION}
        </Typography.Text>
      </Layout.Footer>
      {usuario && (
        <>
          <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} firstName={usuario.first_name} lastName={usuario.last_name} />
          <ChangePasswordDialog
            open={usuario.change_password && !changeLater}
            onLater={() => setChangeLater(true)}
            firstName={usuario.first_name}
            lastName={usuario.last_name}
          />
          {usuario.adminweb && (
            <>
              <AdminDialog open={adminOpen} onClose={handleAdminClose} username={usuario.username} profile={profile} actingAs={usuario.actua_como} />
              <ModuleConfigDrawer target={companyModules ? { kind: 'company' } : null} onClose={() => setCompanyModules(false)} />
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
