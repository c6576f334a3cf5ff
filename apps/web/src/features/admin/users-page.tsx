import { lazy, Suspense, useState } from 'react';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { Button, Input, Spin, Typography } from 'antd';
import { ErrorResult } from '../../lib/error-result';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { msg, type AdminUser } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { useUsers } from './api/list-users';
import { useDeleteUser } from './api/delete-user';
import type { ModuleTarget } from './api/module-tree';
import { useFeedback } from '../../lib/feedback';
import { liveSearchParams } from '../../lib/url-params';

const UserDialog = lazyOverlay(() => import('./components/user-dialog').then((m) => m.UserDialog), (p) => p.open);
const ModuleConfigDrawer = lazyOverlay(() => import('./components/module-config-drawer').then((m) => m.ModuleConfigDrawer), (p) => p.target !== null);

// The phone's cards (List, Card) and the desktop's table (Table) are a chunk each: a screen draws one of them.
const UsersCards = lazy(() => import('./components/users-cards').then((m) => ({ default: m.UsersCards })));
const UsersTable = lazy(() => import('./components/users-table').then((m) => ({ default: m.UsersTable })));

const PAGE_SIZE = 10;

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
    const next = liveSearchParams();
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

  const list = {
    items: users.data?.items ?? [],
    loading: users.isLoading,
    fetching: users.isFetching,
    total: users.data?.total ?? 0,
    page,
    pageSize: PAGE_SIZE,
    onPage: handlePage,
    onEdit: (u: AdminUser) => setDialog({ user: u }),
    onModules: openModules,
    onDelete: handleDelete,
  };

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
      ) : (
        <Suspense
          fallback={
            <div className="center-pad">
              <Spin />
            </div>
          }
        >
          {mobile ? <UsersCards {...list} /> : <UsersTable {...list} />}
        </Suspense>
      )}
      <UserDialog open={dialog !== null} user={dialog?.user ?? null} onClose={() => setDialog(null)} />
      <ModuleConfigDrawer target={modules} onClose={() => setModules(null)} />
    </div>
  );
}
