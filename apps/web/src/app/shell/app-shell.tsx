import { useEffect, useState } from 'react';
import { App, Layout, Result, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { msg, type Entidad } from '@portal/contract';
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

export type ShellContext = { profile: number };

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

  const cuit = session.host?.cuit ?? null;
  const branding = useBranding(cuit);
  const data = useUserData({ cuit, entity: session.entity?.codent ?? null, profile, mobile, actuaComo: session.actuaComo });
  const usuario = data.data?.usuario;
  const showEntitySelector = Boolean(usuario && usuario.entidades > 1 && !usuario.adminweb);
  const entities = useEntities(showEntitySelector ? cuit : null);

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
      />
      <Layout.Content className="shell-content">
        <NewsNotice branding={branding.data} />
        {data.isLoading ? (
          <div className="center-pad">
            <Spin size="large" />
          </div>
        ) : data.isError ? (
          <Result status="warning" title={msg.errorDatosUsuario} subTitle={errorMessage(data.error, msg.errorObtenerDatos)} />
        ) : (
          <Outlet context={{ profile } satisfies ShellContext} />
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
        </>
      )}
    </Layout>
  );
}
