import { Button, Layout, Select, Space } from 'antd';
import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Entidad, WhitelabelConfig } from '@portal/contract';
import { entityLabel } from '../../features/access';
import { filterByLabel } from '../../lib/search';

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

/** Past five entities the selector gets a search box (access.md §2). */
const SEARCH_FROM = 6;

export function Header(props: HeaderProps) {
  const { branding, profile, userName, entities, showEntitySelector, currentEntity, mobile } = props;
  const colors = branding?.colors;
  return (
    <Layout.Header className="shell-header" style={{ background: colors?.header, color: colors?.headerText }}>
      <Button type="text" className="header-button" icon={<MenuOutlined />} aria-label="Menú" onClick={props.onMenu} />
      <Link to={`/${profile}/dashboard`} className="header-logo" aria-label="Inicio">
        {branding && <img src={branding.logo} alt={branding.title} height={36} />}
        {!mobile && <span className="header-title">{branding?.title}</span>}
      </Link>
      <div className="header-spacer" />
      {showEntitySelector && entities && (
        <Select
          className="entity-selector"
          aria-label="Entidad"
          value={currentEntity ?? undefined}
          showSearch={entities.length >= SEARCH_FROM ? { filterOption: filterByLabel } : false}
          popupMatchSelectWidth={mobile ? false : 320}
          onChange={(code: number) => {
            const chosen = entities.find((e) => e.codent === code);
            if (chosen) props.onEntityChange(chosen);
          }}
          options={entities.map((e) => ({ value: e.codent, label: entityLabel(e), disabled: !e.activa }))}
        />
      )}
      <Space size={mobile ? 0 : 4}>
        <Button type="text" className="header-button" icon={<UserOutlined />} onClick={props.onProfile} aria-label="Perfil">
          {!mobile && userName}
        </Button>
        <Button type="text" className="header-button" icon={<LogoutOutlined />} onClick={props.onLogout} aria-label="Cerrar sesión" />
      </Space>
    </Layout.Header>
  );
}
