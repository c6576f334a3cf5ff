import { useEffect, useState, type HTMLAttributes } from 'react';
import { Button, Card, Collapse, Empty, Pagination, Table, Typography } from 'antd';
import { ArrowLeftOutlined, RedoOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { formatMoney, msg, ORDERING, orderingMsg, type HistoryOrder } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { useNotify } from '../../lib/notify';
import { CartDrawer, QuickOrderDialog, useCart } from '../cart';
import { useHistory } from './api/list-history';
import { HistoryLines } from './components/history-lines';
import './orders.css';
import { useFeedback } from '../../lib/feedback';
import { liveSearchParams } from '../../lib/url-params';

/** ordering.md §2 and §8 (the brief quotes it without the closing period of the sentence that lists it). */
const EMPTY_TEXT = orderingMsg.historialVacio;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** '2026-05' → 'mayo de 2026'. */
function monthLabel(mes: string): string {
  const [y, m] = mes.split('-').map(Number);
  return new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, 15)));
}

/**
 * /{profile}/pedidos/historial and /{profile}/pedidos/historial/{YYYY-MM} (the dashboard's 'Compras por mes'):
 * the entity's orders, 8 per page (page in the URL), each with its product lines and 'Repetir compra'.
 */
export function HistoryPage() {
  const { profile = '1', mes: mesParam } = useParams();
  const mes = mesParam && MONTH.test(mesParam) ? mesParam : undefined;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const notify = useNotify();
  const { modal } = useFeedback();
  const history = useHistory({ page, mes });
  const cart = useCart('sales');
  const [repeating, setRepeating] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  // A failed load shows an error and empties the list (ordering.md §7).
  const orders = history.isError ? [] : (history.data?.productos ?? []);
  const total = history.isError ? 0 : (history.data?.total ?? 0);

  useEffect(() => {
    if (history.isError) notify.error(msg.errorCargarDatos, errorMessage(history.error, msg.errorObtenerDatos));
    // one notice per failure: each failed load is a new error
  }, [history.isError, history.error, notify]);

  function handlePage(p: number) {
    const next = liveSearchParams();
    next.set('page', String(p));
    setParams(next);
  }

  function refuseLoadedCart() {
    modal.warning({ title: orderingMsg.carritoCargadoTitulo, content: orderingMsg.carritoConProductos, okText: 'Aceptar' });
  }

  /**
   * §4: refused while the cart has products; otherwise the order goes through the quick order's review (a
   * discontinued product or a changed package is shown, not dropped), whose 'Agregar' copies the kept lines and
   * the order's conditions into the cart, which opens.
   */
  async function handleRepeat(order: HistoryOrder) {
    setRepeating(order.id);
    try {
      // The cart as it is now, not as it was cached: it may have changed in another tab.
      const current = await cart.refetch();
      if (current.isError || !current.data) throw current.error ?? new Error('cart');
      if (current.data.carrito.productos.length > 0) return refuseLoadedCart();
      setReviewing(order.id);
    } catch (e) {
      if (e instanceof ApiError && e.message === orderingMsg.carritoConProductos) refuseLoadedCart();
      else notify.error(orderingMsg.error, errorMessage(e, orderingMsg.errorGenerico));
    } finally {
      setRepeating(null);
    }
  }

  const repeatButton = (o: HistoryOrder) => (
    <Button
      icon={<RedoOutlined aria-hidden />}
      onClick={() => void handleRepeat(o)}
      loading={repeating === o.id}
      disabled={repeating !== null && repeating !== o.id}
      aria-label={`${orderingMsg.repetirCompra} del pedido ${o.numero}`}
    >
      {orderingMsg.repetirCompra}
    </Button>
  );
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;

  return (
    <div className="page history-page">
      <div className="page-heading">
        <Typography.Title level={3} className="page-title">
          Historial de pedidos
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(`/${profile}/pedidos`)}>
          Volver a pedidos
        </Button>
      </div>
      {mes && (
        <div className="history-filter" data-testid="history-month">
          <Typography.Text>
            Pedidos de <strong>{monthLabel(mes)}</strong>
          </Typography.Text>
          <Button type="link" size="small" onClick={() => navigate(`/${profile}/pedidos/historial`)}>
            Ver todos los meses
          </Button>
        </div>
      )}
      {mobile ? (
        <div data-testid="history-list">
          {history.isLoading ? (
            <Card loading size="small" />
          ) : orders.length === 0 ? (
            empty
          ) : (
            orders.map((o) => (
              <Card key={o.id} size="small" className="history-card" data-testid={`history-${o.numero}`}>
                <div className="order-card-head">
                  <span className="order-card-title">Pedido {o.numero_con_formato}</span>
                  <span className="order-card-amount">
                    {formatMoney(o.total)}
                    <small>{orderingMsg.ivaIncluido}</small>
                  </span>
                </div>
                <dl className="order-card-fields">
                  <dt>Fecha</dt>
                  <dd>{o.fecha_con_formato}</dd>
                  {o.detalle && (
                    <>
                      <dt>Detalle</dt>
                      <dd>{o.detalle}</dd>
                    </>
                  )}
                  <dt>Origen</dt>
                  <dd>{o.origen_descripcion || '—'}</dd>
                  <dt>Destino</dt>
                  <dd>{o.destino_descripcion || '—'}</dd>
                </dl>
                <Collapse
                  ghost
                  size="small"
                  items={[
                    {
                      key: 'lines',
                      label: `Productos (${o.productos.length})`,
                      children: o.productos.map((p) => (
                        <div key={p.renglon_id} className="history-card-line">
                          <span>{p.descripcion}</span>
                          <span>
                            {p.pedido_cantidad_con_formato} × {formatMoney(p.precio_final)}
                          </span>
                        </div>
                      )),
                    },
                  ]}
                />
                <div className="order-card-foot">{repeatButton(o)}</div>
              </Card>
            ))
          )}
          {total > ORDERING.historyPageSize && (
            <Pagination simple className="history-pagination" current={page} pageSize={ORDERING.historyPageSize} total={total} onChange={handlePage} />
          )}
        </div>
      ) : (
        <Table<HistoryOrder>
          className="history-table"
          data-testid="history-list"
          rowKey="id"
          loading={history.isFetching}
          dataSource={orders}
          locale={{ emptyText: empty }}
          expandable={{ expandedRowRender: (o) => <HistoryLines order={o} />, rowExpandable: (o) => o.productos.length > 0 }}
          onRow={(o) => ({ 'data-testid': `history-${o.numero}` }) as HTMLAttributes<HTMLTableRowElement>}
          pagination={{
            current: page,
            pageSize: ORDERING.historyPageSize,
            total,
            onChange: handlePage,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (t) => `${t} pedidos`,
          }}
          columns={[
            { title: 'Número', dataIndex: 'numero_con_formato', key: 'numero', className: 'nowrap' },
            { title: 'Fecha', dataIndex: 'fecha_con_formato', key: 'fecha', className: 'nowrap' },
            { title: 'Detalle', dataIndex: 'detalle', key: 'detalle', render: (d: string) => d || '—' },
            { title: 'Origen', dataIndex: 'origen_descripcion', key: 'origen', render: (d: string) => d || '—' },
            { title: 'Destino', dataIndex: 'destino_descripcion', key: 'destino', render: (d: string) => d || '—' },
            { title: orderingMsg.importeTotal, key: 'total', align: 'right', className: 'nowrap', render: (_, o) => formatMoney(o.total) },
            { title: '', key: 'repetir', align: 'right', className: 'nowrap', render: (_, o) => repeatButton(o) },
          ]}
        />
      )}
      <CartDrawer kind="sales" profile={Number(profile)} />
      <QuickOrderDialog kind="sales" open={reviewing !== null} historialId={reviewing ?? undefined} onClose={() => setReviewing(null)} />
    </div>
  );
}
