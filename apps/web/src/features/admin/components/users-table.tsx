import type { HTMLAttributes } from 'react';
import { Empty, Space, Table, Typography } from 'antd';
import type { AdminUser } from '@portal/contract';
import { entityText, ProfileTags, userActions, type UsersListProps } from './user-rows';

/** The users on a desktop: a table with its pager (a chunk of its own: the phone draws cards). */
export function UsersTable({ items, fetching, total, page, pageSize, onPage, ...actions }: UsersListProps) {
  return (
    <Table<AdminUser>
      rowKey="id"
      loading={fetching}
      dataSource={items}
      locale={{ emptyText: <Empty description="No se encontraron usuarios" /> }}
      pagination={{ current: page, pageSize, total, onChange: onPage, showSizeChanger: false, showTotal: (t) => `${t} ${t === 1 ? 'usuario' : 'usuarios'}` }}
      onRow={(u) => ({ 'data-testid': `user-${u.username}` }) as HTMLAttributes<HTMLTableRowElement>}
      columns={[
        { title: 'Usuario', dataIndex: 'username', key: 'username' },
        {
          title: 'Nombre',
          key: 'name',
          render: (_, u) => (
            <div>
              <div>
                {u.first_name} {u.last_name}
              </div>
              <Typography.Text type="secondary">{u.email}</Typography.Text>
            </div>
          ),
        },
        { title: 'Perfiles', key: 'perfiles', render: (_, u) => <ProfileTags user={u} /> },
        { title: 'Entidades', key: 'entidades', render: (_, u) => entityText(u) },
        { title: 'Acciones', key: 'actions', width: 150, render: (_, u) => <Space size={0}>{userActions(u, actions)}</Space> },
      ]}
    />
  );
}
