import { Drawer, Menu, type MenuProps } from 'antd';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
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

/** The module the 'Administrador' group links to unless the server's menu already carries it (profile 6). */
const AUTHORIZATION = 'autorizacion';
const hasModule = (items: MenuItem[], id: string): boolean => items.some((i) => i.id === id || i.link === id || hasModule(i.children ?? [], id));

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
      { key: '/welcome/new', label: 'Nueva sesión', icon: <PlusCircleOutlined aria-hidden /> },
      { key: '/welcome/sessions', label: 'Sesiones activas', icon: <UnorderedListOutlined aria-hidden /> },
      ...(mobile ? [{ key: 'logout', label: 'Cerrar sesión', icon: <LogoutOutlined aria-hidden /> }] : []),
    ],
  };
  const adminItems: NonNullable<MenuProps['items']> = admin
    ? [
        { key: 'action:cambiar-entidad', label: 'Cambiar entidad', icon: <SwapOutlined aria-hidden /> },
        ...(mobile
          ? []
          : [
              // access.md §6: 'Configuraciones' (desktop only) opens the company's module configuration.
              { key: 'action:modulos-empresa', label: 'Configuraciones', icon: <AppstoreOutlined aria-hidden />, disabled: !hasEntity },
              {
                type: 'group' as const,
                key: 'administrador',
                label: 'Administrador',
                children: [
                  { key: `/${profile}/usuarios`, label: 'Usuarios', icon: <TeamOutlined aria-hidden /> },
                  { key: `/${profile}/parametros`, label: 'Parámetros', icon: <SettingOutlined aria-hidden />, disabled: !hasEntity },
                  // Administrators authorize vouchers and approve receipts too (docs/decisions/receipts.md).
                  ...(hasModule(menu, AUTHORIZATION)
                    ? []
                    : [{ key: `/${profile}/${AUTHORIZATION}`, label: 'Autorización de comprobantes', icon: <AuditOutlined aria-hidden />, disabled: !hasEntity }]),
                  { key: `/${profile}/auditoria`, label: 'Auditoría', icon: <AuditOutlined aria-hidden /> },
                  { key: `/${profile}/integracion`, label: 'Integración', icon: <ApiOutlined aria-hidden /> },
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
