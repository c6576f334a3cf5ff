import { Drawer, Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  CloseOutlined,
  LogoutOutlined,
  PlusCircleOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
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
  /** usuario.adminweb: 'Cambiar entidad' and, on desktop, the 'Administrador' group (built here, not by the server). */
  admin: boolean;
  onAdminAction: (action: AdminAction) => void;
};

export type AdminAction = 'cambiar-entidad' | 'modulos-empresa';

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

export function SideMenu({ open, onClose, menu, profile, hasEntity, mobile, title, onLogout, admin, onAdminAction }: SideMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const account: NonNullable<MenuProps['items']>[number] = {
    type: 'group',
    key: 'cuenta',
    label: 'Cuenta',
    children: [
      { key: '/welcome/new', label: 'Nueva sesion', icon: <PlusCircleOutlined aria-hidden /> },
      { key: '/welcome/sessions', label: 'Sesiones activas', icon: <UnorderedListOutlined aria-hidden /> },
      ...(mobile ? [{ key: 'logout', label: 'Cerrar sesion', icon: <LogoutOutlined aria-hidden /> }] : []),
    ],
  };
  const adminItems: NonNullable<MenuProps['items']> = admin
    ? [
        { key: 'action:cambiar-entidad', label: 'Cambiar entidad', icon: <SwapOutlined aria-hidden /> },
        ...(mobile
          ? []
          : [
              {
                type: 'group' as const,
                key: 'administrador',
                label: 'Administrador',
                children: [
                  { key: `/${profile}/usuarios`, label: 'Usuarios', icon: <TeamOutlined aria-hidden /> },
                  { key: 'action:modulos-empresa', label: 'Módulos de la empresa', icon: <AppstoreOutlined aria-hidden />, disabled: !hasEntity },
                  { key: `/${profile}/parametros`, label: 'Parámetros', icon: <SettingOutlined aria-hidden />, disabled: !hasEntity },
                ],
              },
            ]),
      ]
    : [];
  const items: MenuProps['items'] = [
    ...toItems(menu, profile, hasEntity),
    ...(adminItems.length ? [{ type: 'divider' as const }, ...adminItems] : []),
    { type: 'divider' },
    account,
  ];

  return (
    <Drawer
      title={title}
      placement="left"
      open={open}
      onClose={onClose}
      size={280}
      styles={{ body: { padding: 0 } }}
      closeIcon={<CloseOutlined aria-label="Cerrar menú" />}
    >
      <Menu
        mode="inline"
        selectedKeys={[pathname]}
        items={items}
        onClick={({ key }) => {
          onClose();
          if (key === 'logout') onLogout();
          else if (key.startsWith('action:')) onAdminAction(key.slice('action:'.length) as AdminAction);
          else navigate(key);
        }}
        style={{ borderInlineEnd: 0 }}
      />
    </Drawer>
  );
}
