import { Drawer, Menu, type MenuProps } from 'antd';
import { LoginOutlined, LogoutOutlined, PlusCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem } from '@portal/contract';
import { menuIcon } from './menu-icons';

type SideMenuProps = {
  open: boolean;
  onClose: () => void;
  menu: MenuItem[];
  profile: number;
  hasEntity: boolean;
  mobile: boolean;
  title: string;
  onLogout: () => void;
};

/** Items stay disabled until an entity is chosen, except the users item (access.md §6). */
const ALWAYS_ENABLED = new Set(['usuarios']);

function toItems(items: MenuItem[], profile: number, hasEntity: boolean): NonNullable<MenuProps['items']> {
  return items.map((item) => {
    const disabled = !hasEntity && !ALWAYS_ENABLED.has(item.id);
    if (item.children?.length) {
      return { key: `group:${item.id}`, label: item.nombre, icon: menuIcon(item.icono), disabled, children: toItems(item.children, profile, hasEntity) };
    }
    return { key: `/${profile}/${item.link ?? item.id}`, label: item.nombre, icon: menuIcon(item.icono), disabled };
  });
}

export function SideMenu({ open, onClose, menu, profile, hasEntity, mobile, title, onLogout }: SideMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const account: NonNullable<MenuProps['items']>[number] = {
    type: 'group',
    key: 'cuenta',
    label: 'Cuenta',
    children: [
      { key: '/welcome/new', label: 'Nueva sesion', icon: <PlusCircleOutlined /> },
      { key: '/welcome/sessions', label: 'Sesiones activas', icon: <UnorderedListOutlined /> },
      ...(mobile ? [{ key: 'logout', label: 'Cerrar sesion', icon: <LogoutOutlined /> }] : []),
    ],
  };
  const items: MenuProps['items'] = [...toItems(menu, profile, hasEntity), { type: 'divider' }, account];

  return (
    <Drawer
      title={title}
      placement="left"
      open={open}
      onClose={onClose}
      size={280}
      styles={{ body: { padding: 0 } }}
      closeIcon={<LoginOutlined rotate={180} aria-label="Cerrar menú" />}
    >
      <Menu
        mode="inline"
        selectedKeys={[pathname]}
        items={items}
        onClick={({ key }) => {
          onClose();
          if (key === 'logout') onLogout();
          else navigate(key);
        }}
        style={{ borderInlineEnd: 0 }}
      />
    </Drawer>
  );
}
