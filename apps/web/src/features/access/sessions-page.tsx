import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, List, Space, Spin, Tag } from 'antd';
import { activateProps } from '../../lib/activate';
// The field alone, not antd's Input with its TextArea, Search, Password and OTP attached: the sessions screen's Ant
// Design parts travel in the shell's chunk, which every screen loads (docs/decisions/web-delivery.md, 'Sessions screen').
import Input from 'antd/es/input/Input';
import { ArrowLeftOutlined, DeleteOutlined, LogoutOutlined, PlusOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCuit, msg, type CompanySession, type DataResponse, type Entidad, type Perfil } from '@portal/contract';
import { api, errorMessage } from '../../lib/api';
import { isMobileNow, useIsMobile } from '../../lib/device';
import { useNotify } from '../../lib/notify';
import { sessionStore } from '../../lib/session-store';
import { AuthLayout } from './components/auth-layout';
import { deleteSession, entitiesQuery, entityLabel, useEntities, useSessions } from './api/sessions';
import { logout } from './api/login';
import { rememberUserData } from './api/user-data';
import { matchesSearch } from '../../lib/search';
import { useFeedback } from '../../lib/feedback';
import { startLandingDashboard } from '../dashboard';

function sessionBlock(s: CompanySession, mobile: boolean): string | null {
  if (s.suspendido) return 'Suspendida';
  if (mobile ? !s.mobile : !s.desktop) return 'Sin acceso desde este dispositivo';
  return null;
}

/**
 * /welcome/sessions: the active companies; with ?cuit= the entities of that company ('Entidades activas');
 * then, when the user has several profiles, the profile to enter with.
 */
export function SessionsPage() {
  const [params, setParams] = useSearchParams();
  const cuit = params.get('cuit');
  return cuit ? <EntityStep cuit={cuit} onBack={() => setParams({})} /> : <CompanyStep onChoose={(c) => setParams({ cuit: c })} />;
}

/** Up to this many companies to choose from, their entities are asked for as soon as the list is there. */
const ENTITIES_AHEAD_MAX = 3;

function CompanyStep({ onChoose }: { onChoose: (cuit: string) => void }) {
  const sessions = useSessions();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { modal } = useFeedback();

  // The user is here to choose one of these companies, and its entities come next: asked for while the user reads the
  // list, so the entity step draws them at once instead of a round trip after the choice. Only for a short list (one
  // small answer each; a user of many companies gets them on choosing, as before).
  useEffect(() => {
    const usable = (sessions.data ?? []).filter((s) => !sessionBlock(s, mobile));
    if (usable.length > ENTITIES_AHEAD_MAX) return;
    for (const s of usable) void queryClient.prefetchQuery(entitiesQuery(s.cuit));
  }, [sessions.data, mobile, queryClient]);

  function handleDelete(s: CompanySession) {
    modal.confirm({
      title: 'Eliminar sesión',
      content: msg.confirmarEliminarSesion,
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const answer = await deleteSession(s.cuit);
          notify.success(answer.msg);
          if (sessionStore.get().host?.cuit === s.cuit) sessionStore.set({ host: null, entity: null, profile: null, actuaComo: null });
          await queryClient.invalidateQueries({ queryKey: ['sessions'] });
        } catch (e) {
          notify.error('Error', errorMessage(e, msg.errorBusquedaEntidad));
        }
      },
    });
  }

  function handleLogout() {
    modal.confirm({ title: 'Cerrar sesión', content: msg.confirmarLogout, okText: 'Aceptar', cancelText: 'Cancelar', onOk: logout });
  }

  return (
    <AuthLayout title="Sesiones activas" width={560}>
      {sessions.isLoading ? (
        <div className="center-pad"><Spin /></div>
      ) : sessions.isError ? (
        <Alert type="error" showIcon title={errorMessage(sessions.error, msg.errorObtenerDatos)} />
      ) : sessions.data?.length === 0 ? (
        <Empty description={msg.sinSesiones} />
      ) : (
        <List
          className="session-list"
          dataSource={sessions.data}
          renderItem={(s) => {
            const block = sessionBlock(s, mobile);
            return (
              <List.Item
                className={block ? 'session-item is-disabled' : 'session-item'}
                data-testid={`session-${s.cuit}`}
                // Not aria-disabled: that would disable the delete button inside too, and any session may be deleted.
                data-blocked={Boolean(block)}
                actions={[
                  <Button
                    key="delete"
                    type="text"
                    danger
                    aria-label={`Eliminar ${s.razonsocial}`}
                    icon={<DeleteOutlined />}
                    onClick={(e) => {
                      e.stopPropagation();
                      handleDelete(s);
                    }}
                  />,
                ]}
              >
                {/* The company is a button of its own, beside 'Eliminar' (a button may not hold another). */}
                <div className="session-item-main is-activatable" {...activateProps(() => onChoose(s.cuit), { role: 'button', disabled: Boolean(block) })}>
                <List.Item.Meta
                  avatar={<img className="session-logo" src={s.logo} alt="" width={96} height={36} decoding="async" />}
                  title={
                    <Space wrap size={4}>
                      <span>{s.razonsocial}</span>
                      {block && <Tag color={s.suspendido ? 'red' : 'orange'}>{block}</Tag>}
                    </Space>
                  }
                  description={`CUIT ${formatCuit(s.cuit)}`}
                />
                {!block && <RightOutlined className="session-chevron" aria-hidden />}
                </div>
              </List.Item>
            );
          }}
        />
      )}
      <Space className="session-actions" wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/welcome/new')}>
          Nueva sesión
        </Button>
        <Button icon={<LogoutOutlined />} onClick={handleLogout}>
          Cerrar sesión
        </Button>
      </Space>
    </AuthLayout>
  );
}


function EntityStep({ cuit, onBack }: { cuit: string; onBack: () => void }) {
  const sessions = useSessions();
  const entities = useEntities(cuit);
  const [search, setSearch] = useState('');
  const [profiles, setProfiles] = useState<Perfil[] | null>(null);
  const [busy, setBusy] = useState(false);
  /** Puts the landing dashboard asked for with the entity's /data into the cache for the profile chosen. */
  const landingRef = useRef<((profile: number) => void) | null>(null);
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const company = sessions.data?.find((s) => s.cuit === cuit);

  const filtered = useMemo(() => {
    const list = entities.data ?? [];
    // Accent- and case-insensitive, like every search of the portal.
    return search.trim() ? list.filter((e) => matchesSearch(`${entityLabel(e)} ${e.razsoc} ${e.cuit_entidad} ${e.codent}`, search)) : list;
  }, [entities.data, search]);

  /** `left()` says the screen was left meanwhile (or the automatic choice was superseded): no navigation then. */
  async function enterAsAdmin() {
    setBusy(true);
    try {
      sessionStore.set({ host: { cuit, razonsocial: company?.razonsocial ?? '' }, entity: null, profile: null, actuaComo: null });
      const data = await api<DataResponse>('/data', { query: { mobile: isMobileNow() } });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'sessions' && q.queryKey[0] !== 'entities' });
      const profile = data.usuario.perfile_default;
      sessionStore.set({ host: { cuit, razonsocial: data.usuario.empresa.razonsocial }, profile });
      navigate(`/${profile}/usuarios`);
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorDatosUsuario));
    } finally {
      setBusy(false);
    }
  }

  async function enter(entity: Entidad, left: () => boolean = () => false) {
    setBusy(true);
    try {
      sessionStore.set({
        host: { cuit, razonsocial: company?.razonsocial ?? '' },
        entity: { codent: entity.codent, label: entityLabel(entity) },
        profile: null,
        actuaComo: null,
      });
      const mobile = isMobileNow();
      // The dashboard of the default profile, where a user with one profile lands, travels with the user data instead
      // of a round trip after them. Started here, in the click, not behind a dynamic import: that resolved only after
      // the render the click causes (on a slow phone, after /data had answered).
      const seedLanding = startLandingDashboard();
      const data = await api<DataResponse>('/data', { query: { mobile } });
      // The company's name as the server has it: a session just added may not be in the cached list yet. Kept
      // even when the screen was left meanwhile, so the stored company never stays without its name.
      if (sessionStore.get().host?.cuit === cuit) sessionStore.set({ host: { cuit, razonsocial: data.usuario.empresa.razonsocial } });
      if (left()) return;
      // What the cache holds of another company or entity goes; the sessions list and the companies' entities are the
      // user's whatever the entity (kept: this screen, still drawn until the dashboard's code is there, and the
      // header's entity selector would ask for them again).
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'sessions' && q.queryKey[0] !== 'entities' });
      const list = data.usuario.perfiles;
      // This answer is the shell's user data for the default profile (GET /data without perfil): the shell starts
      // from it instead of asking again after the dashboard's code has loaded.
      rememberUserData(queryClient, { cuit, entity: entity.codent, profile: data.usuario.perfile_default, mobile, actuaComo: null }, data);
      const land = (profile: number) => seedLanding(queryClient, { cuit, entity: entity.codent, profile });
      landingRef.current = land;
      if (list.length === 1) {
        land(list[0]!.id);
        sessionStore.set({ profile: list[0]!.id });
        navigate(`/${list[0]!.id}/dashboard`);
      } else {
        setProfiles(list);
      }
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorDatosUsuario));
      sessionStore.set({ entity: null });
    } finally {
      setBusy(false);
    }
  }

  // Exactly one active entity: chosen automatically (access.md §4).
  const active = (entities.data ?? []).filter((e) => e.activa);
  const autoEntity = entities.isSuccess && active.length === 1 ? active[0]! : null;
  const auto = autoEntity !== null && !profiles;
  // Entered once per single entity (by its code): a new list with the same one entity does not enter again.
  const autoCodent = autoEntity?.codent;
  const enterAuto = useEffectEvent((left: () => boolean) => {
    if (autoEntity) void enter(autoEntity, left);
  });
  useEffect(() => {
    if (autoCodent === undefined) return;
    let left = false;
    enterAuto(() => left);
    return () => {
      left = true;
    };
  }, [autoCodent]);

  if (profiles) {
    return (
      <AuthLayout title="Seleccione un perfil" width={560} cuit={cuit}>
        <List
          dataSource={profiles}
          renderItem={(p) => (
            <List.Item className="session-item" data-testid={`profile-${p.id}`}>
              <div
                className="session-item-main is-activatable"
                {...activateProps(
                  () => {
                    landingRef.current?.(p.id);
                    sessionStore.set({ profile: p.id });
                    navigate(`/${p.id}/dashboard`);
                  },
                  { role: 'button' },
                )}
              >
                {/* Drawn like Ant Design's Avatar: its Group pulls Popover and Tooltip into the sessions screen's download. */}
                <List.Item.Meta avatar={<span className="letter-avatar" aria-hidden>{p.descripcion.slice(0, 1)}</span>} title={p.descripcion} />
                <RightOutlined className="session-chevron" aria-hidden />
              </div>
            </List.Item>
          )}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      width={560}
      cuit={cuit}
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Volver a sesiones" onClick={onBack} />
          <span>Entidades activas</span>
        </Space>
      }
    >
      {company && (
        // Typography's secondary paragraph, drawn by styles.css (Typography is not worth its weight on this screen).
        <p className="text-secondary session-company">
          {company.razonsocial} · CUIT {formatCuit(company.cuit)}
        </p>
      )}
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Buscar entidad"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {entities.isLoading || auto ? (
        <div className="center-pad"><Spin /></div>
      ) : entities.isError ? (
        <Alert type="error" showIcon title={errorMessage(entities.error, msg.errorBusquedaEntidad)} />
      ) : filtered.length === 0 ? (
        <Empty description={msg.sinEntidades}>
          {company?.admin && !search && (
            // An administrator without entities of their own still enters: the users page needs none, and the
            // 'Administración' dialog there lets them act as any entity of the company.
            <Button type="primary" loading={busy} onClick={() => void enterAsAdmin()}>
              Ingresar como administrador
            </Button>
          )}
        </Empty>
      ) : (
        <List
          dataSource={filtered}
          loading={busy}
          renderItem={(e) => (
            <List.Item className={e.activa ? 'session-item' : 'session-item is-disabled'} data-testid={`entity-${e.codent}`}>
              <div className="session-item-main is-activatable" {...activateProps(() => void enter(e), { role: 'button', disabled: !e.activa })}>
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    <span>{entityLabel(e)}</span>
                    {!e.activa && <Tag>Inactiva</Tag>}
                  </Space>
                }
                description={`${e.razsoc} · CUIT ${formatCuit(e.cuit_entidad)} · Código ${e.codent}`}
              />
              {e.activa && <RightOutlined className="session-chevron" aria-hidden />}
              </div>
            </List.Item>
          )}
        />
      )}
    </AuthLayout>
  );
}
