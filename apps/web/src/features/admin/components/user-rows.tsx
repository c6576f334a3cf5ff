import { Button, Space, Tag, Tooltip } from 'antd';
import { AppstoreOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { PERFILES, PROFILE, type AdminUser } from '@portal/contract';

/** What a row of the users list can do: edit, configure its modules, remove it from the company. */
export type UserRowActions = {
  onEdit: (u: AdminUser) => void;
  onModules: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
};

/** Everything the phone's cards and the desktop's table draw of the list. */
export type UsersListProps = UserRowActions & {
  items: AdminUser[];
  loading: boolean;
  fetching: boolean;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
};

const perfilName = (id: number) => PERFILES.find((p) => p.id === id)?.descripcion ?? `Perfil ${id}`;

export function userActions(u: AdminUser, { onEdit, onModules, onDelete }: UserRowActions) {
  return [
    <Tooltip key="edit" title="Editar">
      <Button type="text" icon={<EditOutlined />} aria-label={`Editar ${u.username}`} onClick={() => onEdit(u)} />
    </Tooltip>,
    <Tooltip key="modules" title="Módulos">
      <Button type="text" icon={<AppstoreOutlined />} aria-label={`Módulos de ${u.username}`} onClick={() => onModules(u)} />
    </Tooltip>,
    <Tooltip key="delete" title="Eliminar">
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${u.username}`} onClick={() => onDelete(u)} />
    </Tooltip>,
  ];
}

export function ProfileTags({ user }: { user: AdminUser }) {
  return (
    <Space size={[4, 4]} wrap>
      {user.adminweb && <Tag color="gold">Administrador</Tag>}
      {user.perfiles.map((p) => (
        <Tag key={p}>{p === PROFILE.repartidor && user.codigo_chofer ? `${perfilName(p)} · ${user.codigo_chofer}` : perfilName(p)}</Tag>
      ))}
    </Space>
  );
}

export const entityText = (u: AdminUser) =>
  u.entidades.length === 0 ? 'Sin entidades' : u.entidades.slice(0, 2).map((e) => e.razsoc).join(' · ') + (u.entidades.length > 2 ? ` y ${u.entidades.length - 2} más` : '');
