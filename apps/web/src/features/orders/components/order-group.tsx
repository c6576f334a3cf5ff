import { useEffect, type HTMLAttributes } from 'react';
import { Button, Card, Empty, Skeleton, Table } from 'antd';
import { formatMoney, erpAnswerText, msg, orderingMsg, type OrderRow, type StatusList } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/device';
import { useNotify } from '../../../lib/notify';
import { useOrdersMade } from '../api/list-orders-made';
import { orderPaths, type OrderKind } from '../api/order-paths';
import { OrderRowActions } from './order-row-actions';

type OrderGroupProps = { kind: OrderKind; status: StatusList };

/** §2: 'Mostrar más pedidos' / 'Mostrar más comprobantes' (sales), 'Mostrar más ordenes' / 'Mostrar más recibos' (purchase). */
const MORE_TEXT: Record<OrderKind, Record<StatusList, string>> = {
  sales: { pendientes: orderingMsg.mostrarMasPedidos, aprobados: orderingMsg.mostrarMasPedidos, aplicados: orderingMsg.mostrarMasComprobantes },
  purchase: { pendientes: orderingMsg.mostrarMasOrdenes, aprobados: orderingMsg.mostrarMasOrdenes, aplicados: orderingMsg.mostrarMasRecibos },
};

/** Point of sale and number as the order PDF prints them: 00001-00000123. */
export const orderNumber = (r: OrderRow) => r.numero_con_formato;
/** The ERP's answer under the order's number, once it came: its number there, or that it refused it and why. */
function ErpAnswer({ row }: { row: OrderRow }) {
  if (!row.erp) return null;
  const refused = row.erp.estado === 'rechazado';
  return (
    <div className={`order-erp${refused ? ' is-refused' : ''}`} data-testid={`order-erp-${row.numero}`}>
      {erpAnswerText(row.erp)}
      {refused && row.erp.motivo ? `: ${row.erp.motivo}` : ''}
    </div>
  );
}

const origin = (r: OrderRow) => (r.norig ? `${r.torig} ${r.norig}` : r.torig);

/** One status of the accordion: 5 at a time, more while a page comes back full (ordering.md §4). */
export function OrderGroup({ kind, status }: OrderGroupProps) {
  const mobile = useIsMobile();
  const notify = useNotify();
  const list = useOrdersMade(kind, status, true);
  // §7: a failed load shows an error and empties the list.
  const rows = list.isError ? [] : (list.data?.pages.flatMap((p) => p.productos) ?? []);
  const amount = (r: OrderRow) => formatMoney(status === 'aplicados' ? r.importe_aplicado : r.importe_pendiente);
  // A sales order's amounts are its total with VAT, as its PDF, the cart and the WhatsApp text give it; a purchase
  // order's are with or without taxes as it was placed (docs/decisions/ordering.md 'What each amount means').
  const amountTitle = `${status === 'aplicados' ? 'Importe aplicado' : 'Importe pendiente'}${kind === 'sales' ? ` (${orderingMsg.ivaIncluido})` : ''}`;

  useEffect(() => {
    if (list.isError) notify.error(msg.errorCargarDatos, errorMessage(list.error, msg.errorObtenerDatos));
    // one notice per failure: each failed load is a new error
  }, [list.isError, list.error, notify]);

  if (list.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay registros." />;
  const more = list.hasNextPage && !list.isError && (
    <div className="orders-group-more">
      <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
        {MORE_TEXT[kind][status]}
      </Button>
    </div>
  );

  if (mobile) {
    return (
      <div data-testid={`orders-${status}`}>
        {rows.length === 0
          ? empty
          : rows.map((r) => (
              <Card key={r.id} size="small" className="order-card" data-testid={`order-${r.numero}`}>
                <div className="order-card-head">
                  <span className="order-card-title">
                    {r.descom} {r.letra_id}
                  </span>
                  <span className="order-card-amount">
                    {amount(r)}
                    {kind === 'sales' && <small>{orderingMsg.ivaIncluido}</small>}
                  </span>
                </div>
                <dl className="order-card-fields">
                  <dt>Número</dt>
                  <dd>
                    {orderNumber(r)}
                    <ErpAnswer row={r} />
                  </dd>
                  <dt>Fecha</dt>
                  <dd>{r.fecha_con_formato}</dd>
                  <dt>Origen</dt>
                  <dd>{origin(r)}</dd>
                  <dt>Origen del pedido</dt>
                  <dd>{r.origen_del_pedido}</dd>
                </dl>
                {orderPaths[kind].pdf && (
                  <div className="order-card-foot">
                    <OrderRowActions kind={kind} row={r} />
                  </div>
                )}
              </Card>
            ))}
        {more}
      </div>
    );
  }

  return (
    <div data-testid={`orders-${status}`}>
      <Table<OrderRow>
        className="orders-table"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: empty }}
        scroll={{ x: 860 }}
        onRow={(r) => ({ 'data-testid': `order-${r.numero}` }) as HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: 'Comprobante', dataIndex: 'descom', key: 'descom' },
          { title: 'Letra', dataIndex: 'letra_id', key: 'letra', align: 'center' },
          {
            title: 'Número',
            key: 'numero',
            render: (_, r) => (
              <>
                {orderNumber(r)}
                <ErpAnswer row={r} />
              </>
            ),
          },
          { title: 'Fecha', dataIndex: 'fecha_con_formato', key: 'fecha' },
          { title: 'Origen', key: 'origen', render: (_, r) => origin(r) },
          { title: 'Origen del pedido', dataIndex: 'origen_del_pedido', key: 'origen_del_pedido', className: 'orders-origin' },
          { title: amountTitle, key: 'importe', align: 'right', render: (_, r) => amount(r) },
          ...(orderPaths[kind].pdf ? [{ title: '', key: 'acciones', align: 'right' as const, render: (_: unknown, r: OrderRow) => <OrderRowActions kind={kind} row={r} /> }] : []),
        ]}
      />
      {more}
    </div>
  );
}
