import { useState, type HTMLAttributes } from 'react';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { Button, Card, Empty, Input, List, Pagination, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ErrorResult } from '../../lib/error-result';
import { AppstoreOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { msg, PERFILES, type AdminUser } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { useUsers } from './api/list-users';
import { useDeleteUser } from './api/delete-user';
import type { ModuleTarget } from './api/module-tree';
import { useFeedback } from '../../lib/feedback';

const UserDialog = lazyOverlay(() => import('./components/user-dialog').then((m) => m.UserDialog), (p) => p.open);
const ModuleConfigDrawer = lazyOverlay(() => import('./components/module-config-drawer').then((m) => m.ModuleConfigDrawer), (p) => p.target !== null);

const PAGE_SIZE = 10;
const perfilName = (id: number) => PERFILES.find((p) => p.id === id)?.descripcion ?? `Perfil ${id}`;

/** /{profile}/usuarios: the company's users (administrators only). The search and the page live in the URL. */
export function UsersPage() {
  const { host } = useSession();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const patron = params.get('patron') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const users = useUsers(host?.cuit ?? null, { start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, patron });
  const [dialog, setDialog] = useState<{ user: AdminUser | null } | null>(null);
  const [modules, setModules] = useState<ModuleTarget | null>(null);
  const remove = useDeleteUser();
  const notify = useNotify();
  const { modal } = useFeedback();

  function handleSearch(text: string) {
    const next = new URLSearchParams();
    if (text.trim()) next.set('patron', text.trim());
    setParams(next);
  }

  function handlePage(p: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  }

  function handleDelete(u: AdminUser) {
    modal.confirm({
      title: 'Eliminar usuario',
      content: `¿Está seguro que desea quitar a ${u.first_name} ${u.last_name} (${u.username}) de la empresa? Se cerrarán sus sesiones.`,
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          notify.success((await remove.mutateAsync(u.username)).msg);
        } catch (e) {
          notify.error('Error', errorMessage(e, msg.errorInterno));
        }
      },
    });
  }

  const openModules = (u: AdminUser) => setModules({ kind: 'user', username: u.username, name: `${u.first_name} ${u.last_name}` });

  if (users.error instanceof ApiError && users.error.status === 403) {
    return <ErrorResult status="403" title="Usuarios" subTitle={users.error.message} />;
  }

  const actions = (u: AdminUser) => [
    <Tooltip key="edit" title="Editar">
      <Button type="text" icon={<EditOutlined />} aria-label={`Editar ${u.username}`} onClick={() => setDialog({ user: u })} />
    </Tooltip>,
    <Tooltip key="modules" title="Módulos">
      <Button type="text" icon={<AppstoreOutlined />} aria-label={`Módulos de ${u.username}`} onClick={() => openModules(u)} />
    </Tooltip>,
    <Tooltip key="delete" title="Eliminar">
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${u.username}`} onClick={() => handleDelete(u)} />
    </Tooltip>,
  ];

  const profileTags = (u: AdminUser) => (
    <Space size={[4, 4]} wrap>
      {u.adminweb && <Tag color="gold">Administrador</Tag>}
      {u.perfiles.map((p) => (
        <Tag key={p}>{perfilName(p)}</Tag>
      ))}
    </Space>
  );
  const entityText = (u: AdminUser) =>
    u.entidades.length === 0 ? 'Sin entidades' : u.entidades.slice(0, 2).map((e) => e.razsoc).join(' · ') + (u.entidades.length > 2 ? ` y ${u.entidades.length - 2} más` : '');

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={3} className="page-title">
          Usuarios
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ user: null })}>
          Nuevo usuario
        </Button>
      </div>
      <Input.Search
        key={patron}
        className="users-search"
        placeholder="Buscar por nombre, usuario o email"
        aria-label="Buscar usuarios"
        allowClear
        defaultValue={patron}
        onSearch={handleSearch}
        enterButton
      />
      {users.isError && !(users.error instanceof ApiError && users.error.status === 403) ? (
        <ErrorResult status="warning" title={msg.errorCargarDatos} subTitle={errorMessage(users.error, msg.errorObtenerDatos)} />
      ) : mobile ? (
        <>
          <List
            loading={users.isLoading}
            dataSource={users.data?.items ?? []}
            locale={{ emptyText: <Empty description="No se encontraron usuarios" /> }}
            renderItem={(u) => (
              <Card size="small" className="user-card" data-testid={`user-${u.username}`}>
                <div className="user-card-head">
                  <div className="user-card-name">
                    <Typography.Text strong>
                      {u.first_name} {u.last_name}
                    </Typography.Text>
                    <Typography.Text type="secondary" className="user-card-sub">
                      {u.username} · {u.email}
                    </Typography.Text>
                  </div>
                </div>
                {profileTags(u)}
                <Typography.Paragraph type="secondary" className="user-card-entities">
                  {entityText(u)}
                </Typography.Paragraph>
                <div className="user-card-actions">{actions(u)}</div>
              </Card>
            )}
          />
          {(users.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination simple className="users-pagination" current={page} pageSize={PAGE_SIZE} total={users.data?.total ?? 0} onChange={handlePage} />
          )}
        </>
      ) : (
        <Table<AdminUser>
          rowKey="id"
          loading={users.isFetching}
          dataSource={users.data?.items ?? []}
          locale={{ emptyText: <Empty description="No se encontraron usuarios" /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: users.data?.total ?? 0, onChange: handlePage, showSizeChanger: false, showTotal: (t) => `${t} usuarios` }}
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
            { title: 'Perfiles', key: 'perfiles', render: (_, u) => profileTags(u) },
            { title: 'Entidades', key: 'entidades', render: (_, u) => entityText(u) },
            { title: 'Acciones', key: 'actions', width: 150, render: (_, u) => <Space size={0}>{actions(u)}</Space> },
          ]}
        />
      )}
      <UserDialog open={dialog !== null} user={dialog?.user ?? null} onClose={() => setDialog(null)} />
      <ModuleConfigDrawer target={modules} onClose={() => setModules(null)} />
    </div>
  );
}
