import { Table } from 'antd';
import { formatMoney, orderingMsg, type HistoryOrder } from '@portal/contract';
import { useSession } from '../../../lib/session-store';
import { ProductImage } from '../../../lib/product-image';

type HistoryProduct = HistoryOrder['productos'][number];

/** The product lines of a history order: product, quantity, price (ordering.md §2). */
export function HistoryLines({ order }: { order: HistoryOrder }) {
  const { host } = useSession();
  return (
    <Table<HistoryProduct>
      className="history-lines"
      size="small"
      rowKey="renglon_id"
      pagination={false}
      dataSource={order.productos}
      data-testid={`history-lines-${order.numero}`}
      columns={[
        {
          title: 'Producto',
          key: 'producto',
          render: (_, p) => (
            <span className="history-line-name">
              <ProductImage cuit={host?.cuit ?? ''} file={p.url[0]} alt={p.descripcion} size={36} decorative />
              {p.descripcion}
            </span>
          ),
        },
        { title: 'Cantidad', dataIndex: 'pedido_cantidad_con_formato', key: 'cantidad', align: 'right' },
        { title: orderingMsg.precioSinIva, key: 'precio', align: 'right', render: (_, p) => formatMoney(p.precio_final) },
      ]}
    />
  );
}
