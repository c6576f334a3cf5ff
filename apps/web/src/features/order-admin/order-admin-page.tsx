import type { HTMLAttributes } from 'react';
import { Button, Card, Empty, Input, Pagination, Segmented, Table, Tag, Typography } from 'antd';
import { ErrorResult } from '../../lib/error-result';
import { CheckOutlined, FileDoneOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { formatMoney, erpAnswerText, msg, orderingMsg, type StaffOrder } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { useNotify } from '../../lib/notify';
import { useStaffOrders, type StaffStatus } from './api/list-staff-orders';
import { useChangeOrderStatus, type StaffAction } from './api/change-order-status';
import './order-admin.css';
import { useFeedback } from '../../lib/feedback';
import { liveSearchParams } from '../../lib/url-params';

const PAGE_SIZE = 10;
const STATUSES: Array<{ value: StaffStatus; label: string }> = [
  { value: 'pendientes', label: orderingMsg.pendientes },
  { value: 'aprobados', label: orderingMsg.aprobados },
  { value: 'aplicados', label: orderingMsg.aplicados },
];
const isStatus = (v: string | null): v is StaffStatus => STATUSES.some((s) => s.value === v);

/**
 * /{profile}/gestionpedidos (module gestionpedidos, seller and zone-manager profiles): the company's orders in the
 * user's scope by status. 'Aprobar' moves a pending order to Aprobados; 'Aplicar' invoices an approved one and
 * moves it to Aplicados. Status and page live in the URL.
 */
export function OrderAdminPage() {
  const mobile = useIsMobile();
  const notify = useNotify();
  const { modal } = useFeedback();
  const [params, setParams] = useSearchParams();
  const estado: StaffStatus = isStatus(params.get('estado')) ? (params.get('estado') as StaffStatus) : 'pendientes';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const buscar = params.get('buscar') ?? '';
  const orders = useStaffOrders({ estado, start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, buscar });
  const change = useChangeOrderStatus();
  const rows = orders.isError ? [] : (orders.data?.pedidos ?? []);
  const total = orders.isError ? 0 : (orders.data?.total ?? 0);

  function setFilter(next: { estado?: StaffStatus; page?: number; buscar?: string }) {
    const q = liveSearchParams();
    if (next.buscar !== undefined) {
      if (next.buscar.trim()) q.set('buscar', next.buscar.trim());
      else q.delete('buscar');
      q.delete('page');
    }
    if (next.estado) {
      q.set('estado', next.estado);
      q.delete('page');
    }
    if (next.page) q.set('page', String(next.page));
    setParams(q);
  }

  function handleAction(order: StaffOrder, action: StaffAction) {
    const approve = action === 'aprobar';
    modal.confirm({
      title: approve ? 'Aprobar pedido' : 'Aplicar pedido',
      content: approve
        ? `¿Aprueba el pedido ${order.numero_con_formato} de ${order.entidad_nombre} por ${formatMoney(order.total)}?`
        : `Se emitirá la factura del pedido ${order.numero_con_formato} de ${order.entidad_nombre} por ${formatMoney(order.total)}. ¿Desea continuar?`,
      okText: approve ? 'Aprobar' : 'Aplicar',
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const answer = await change.mutateAsync({ id: order.id, action });
          notify.success(answer.msg, answer.pedido.factura ?? undefined);
        } catch (e) {
          notify.error(orderingMsg.error, errorMessage(e, orderingMsg.errorGenerico));
        }
      },
    });
  }

  /** The ERP's answer, once it came: its number, or that it rejected the order (the reason on hover). */
  const erpTag = (o: StaffOrder) =>
    o.erp ? (
      <Tag color={o.erp.estado === 'rechazado' ? 'red' : 'blue'} title={o.erp.motivo ?? undefined}>
        {erpAnswerText(o.erp)}
      </Tag>
    ) : null;

  const actions = (o: StaffOrder) => (
    <>
      {erpTag(o)}
      {stateAction(o)}
    </>
  );

  const stateAction = (o: StaffOrder) =>
    o.estado === 'pending' ? (
      <Button type="primary" size="small" icon={<CheckOutlined aria-hidden />} onClick={() => handleAction(o, 'aprobar')} aria-label={`Aprobar pedido ${o.numero}`}>
        Aprobar
      </Button>
    ) : o.estado === 'approved' ? (
      <Button type="primary" size="small" icon={<FileDoneOutlined aria-hidden />} onClick={() => handleAction(o, 'aplicar')} aria-label={`Aplicar pedido ${o.numero}`}>
        Aplicar
      </Button>
    ) : (
      <Tag color="green">{o.factura ?? 'Facturado'}</Tag>
    );

  if (orders.error instanceof ApiError && orders.error.status === 403) {
    return <ErrorResult status="403" title="Gestión de pedidos" subTitle={orders.error.message} />;
  }

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay pedidos para mostrar." />;

  return (
    <div className="page order-admin-page">
      <div className="page-heading">
        <Typography.Title level={3} className="page-title">
          Gestión de pedidos
        </Typography.Title>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void orders.refetch()} loading={orders.isFetching && !orders.isLoading}>
          Actualizar
        </Button>
      </div>
      <div className="order-admin-filters">
        <Segmented<StaffStatus> aria-label="Estado" value={estado} options={STATUSES} onChange={(v) => setFilter({ estado: v })} block={mobile} />
        <Input.Search
          key={buscar}
          aria-label="Buscar por cliente o número"
          placeholder="Cliente o número de pedido"
          defaultValue={buscar}
          allowClear
          maxLength={80}
          onSearch={(v) => setFilter({ buscar: v })}
          style={{ maxWidth: mobile ? undefined : 320 }}
        />
        {!orders.isError && orders.data && (
          <Typography.Text type="secondary" data-testid="order-admin-total">
            {total === 1 ? '1 pedido' : `${total} pedidos`}
          </Typography.Text>
        )}
      </div>
      {orders.isError && <ErrorResult status="warning" title={msg.errorCargarDatos} subTitle={errorMessage(orders.error, msg.errorObtenerDatos)} />}
      {!orders.isError &&
        (mobile ? (
          <div data-testid="order-admin-list">
            {orders.isLoading ? (
              <Card loading size="small" />
            ) : rows.length === 0 ? (
              empty
            ) : (
              rows.map((o) => (
                <Card key={o.id} size="small" className="order-admin-card" data-testid={`staff-order-${o.numero}`}>
                  <div className="order-admin-card-head">
                    <span className="order-admin-card-title">{o.entidad_nombre}</span>
                    <span className="order-admin-card-amount">
                      {formatMoney(o.total)}
                      <small>{orderingMsg.ivaIncluido}</small>
                    </span>
                  </div>
                  <dl className="order-admin-card-fields">
                    <dt>Pedido</dt>
                    <dd>{o.numero_con_formato}</dd>
                    <dt>Fecha</dt>
                    <dd>{o.fecha_con_formato}</dd>
                    <dt>Cliente</dt>
                    <dd>{o.entidad}</dd>
                    {o.vendedor && (
                      <>
                        <dt>Vendedor</dt>
                        <dd>{o.vendedor}</dd>
                      </>
                    )}
                    {o.detalle && (
                      <>
                        <dt>Detalle</dt>
                        <dd>{o.detalle}</dd>
                      </>
                    )}
                  </dl>
                  <div className="order-admin-card-foot">{actions(o)}</div>
                </Card>
              ))
            )}
            {total > PAGE_SIZE && (
              <Pagination simple className="order-admin-pagination" current={page} pageSize={PAGE_SIZE} total={total} onChange={(p) => setFilter({ page: p })} />
            )}
          </div>
        ) : (
          <Table<StaffOrder>
            className="order-admin-table"
            data-testid="order-admin-list"
            rowKey="id"
            loading={orders.isFetching}
            dataSource={rows}
            locale={{ emptyText: empty }}
            onRow={(o) => ({ 'data-testid': `staff-order-${o.numero}` }) as HTMLAttributes<HTMLTableRowElement>}
            pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: (p) => setFilter({ page: p }), showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              {
                title: 'Cliente',
                key: 'cliente',
                render: (_, o) => (
                  <div className="order-admin-customer">
                    <span>{o.entidad_nombre}</span>
                    <Typography.Text type="secondary">Código {o.entidad}</Typography.Text>
                  </div>
                ),
              },
              { title: 'Pedido', dataIndex: 'numero_con_formato', key: 'numero' },
              { title: 'Fecha', dataIndex: 'fecha_con_formato', key: 'fecha' },
              { title: 'Vendedor', dataIndex: 'vendedor', key: 'vendedor', render: (v: string) => v || '—' },
              { title: 'Detalle', dataIndex: 'detalle', key: 'detalle', render: (d: string) => d || '—' },
              { title: orderingMsg.importeTotal, key: 'total', align: 'right', render: (_, o) => formatMoney(o.total) },
              { title: '', key: 'acciones', align: 'right', render: (_, o) => actions(o) },
            ]}
          />
        ))}
    </div>
  );
}
