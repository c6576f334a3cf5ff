import { lazy, startTransition, Suspense, useState } from 'react';
import { Button, Layout, Space } from 'antd';
import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Entidad, WhitelabelConfig } from '@portal/contract';
import { entityLabel } from '../../features/access';
import { focusMain, MAIN_ID } from '../../lib/page-title';
import { ENTITY_SEARCH_FROM, EntitySelectStandIn } from './entity-select-stand-in';
import type { EntitySelectorProps } from './entity-selector';

type HeaderProps = {
  branding: WhitelabelConfig | undefined;
  profile: number;
  userName: string;
  entities: Entidad[] | undefined;
  showEntitySelector: boolean;
  currentEntity: number | null;
  mobile: boolean;
  onMenu: () => void;
  onEntityChange: (entity: Entidad) => void;
  onProfile: () => void;
  onLogout: () => void;
};

const loadEntitySelector = () => import('./entity-selector');
const RealEntitySelector = lazy(() => loadEntitySelector().then((m) => ({ default: m.EntitySelector })));

/**
 * The entity selector: a look-alike of the closed Select until the user reaches for it, then Ant Design's Select,
 * focused and, if the gesture asked for it, open (docs/decisions/web-delivery.md).
 */
function EntitySelector(props: EntitySelectorProps) {
  const [active, setActive] = useState<{ open: boolean } | null>(null);
  const current = props.entities.find((e) => e.codent === props.currentEntity);
  // A transition: the look-alike stays (and keeps its focus) until the Select's code is there, instead of a fallback.
  const activate = (open: boolean) => startTransition(() => setActive((a) => ({ open: open || Boolean(a?.open) })));
  return (
    <Suspense fallback={null}>
      {active ? (
        // Keyed by the gesture's opening: a key pressed on the look-alike while the Select was being put in its place
        // (focus first, then Enter) arrives after the Select mounted closed, and opens it anew.
        <RealEntitySelector key={active.open ? 'open' : 'closed'} {...props} defaultOpen={active.open} />
      ) : (
        <EntitySelectStandIn
          label={current ? entityLabel(current) : props.currentEntity === null ? null : String(props.currentEntity)}
          search={props.entities.length >= ENTITY_SEARCH_FROM}
          onIntent={() => void loadEntitySelector()}
          onActivate={activate}
        />
      )}
    </Suspense>
  );
}

export function Header(props: HeaderProps) {
  const { branding, profile, userName, entities, showEntitySelector, currentEntity, mobile } = props;
  const colors = branding?.colors;
  return (
    <Layout.Header className="shell-header" style={{ background: colors?.header, color: colors?.headerText }}>
      {/* The first stop of the keyboard: past the header to the screen (shown when focused). */}
      <a
        href={`#${MAIN_ID}`}
        className="skip-link"
        onClick={(e) => {
          e.preventDefault(); // hash routing: the fragment would be taken for a route
          focusMain();
        }}
      >
        Saltar al contenido
      </a>
      <Button type="text" className="header-button" icon={<MenuOutlined />} aria-label="Menú" onClick={props.onMenu} />
      {/* The name holds the company's name the link shows (WCAG 2.5.3, label in name), then where it goes. */}
      <Link to={`/${profile}/dashboard`} className="header-logo" aria-label={branding ? `${branding.title} (Inicio)` : 'Inicio'}>
        {branding && <img src={branding.logo} alt="" height={36} />}
        {!mobile && <span className="header-title">{branding?.title}</span>}
      </Link>
      <div className="header-spacer" />
      {showEntitySelector && entities && (
        <EntitySelector entities={entities} currentEntity={currentEntity} mobile={mobile} onEntityChange={props.onEntityChange} />
      )}
      <Space size={mobile ? 0 : 4}>
        <Button type="text" className="header-button" icon={<UserOutlined />} onClick={props.onProfile} aria-label={mobile ? 'Perfil' : `Perfil: ${userName}`}>
          {!mobile && userName}
        </Button>
        <Button type="text" className="header-button" icon={<LogoutOutlined />} onClick={props.onLogout} aria-label="Cerrar sesión" />
      </Space>
    </Layout.Header>
  );
}
