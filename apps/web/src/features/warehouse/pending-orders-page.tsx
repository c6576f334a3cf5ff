import type { HTMLAttributes } from 'react';
import { Alert, Button, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { msg, type PendingOrder } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { usePendingOrders } from './api/pending-orders';
import './warehouse.css';

/**
 * /{profile}/almacenes — Pendientes: the company's approved orders waiting to be picked. Nro and Razón Social,
 * sortable, numero descending by default; a row opens the order.
 */
export function PendingOrdersPage() {
  const { profile = '5' } = useParams();
  const navigate = useNavigate();
  const orders = usePendingOrders();
  const open = (o: PendingOrder) => navigate(`/${profile}/detalleAlmacenes/${o.numero}`);

  return (
    <div className="page warehouse-page">
      <div className="page-heading">
        <Typography.Title level={3} className="page-title">
          Pendientes
        </Typography.Title>
        <Button
          size="large"
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => void orders.refetch()}
          loading={orders.isFetching}
          aria-label="Actualizar pendientes"
        >
          Actualizar
        </Button>
      </div>
      {orders.isError && <Alert type="error" showIcon className="warehouse-alert" title={msg.errorObtenerDatos} description={errorMessage(orders.error, msg.errorCargarDatos)} />}
      <Table<PendingOrder>
        className="warehouse-table"
        data-testid="pending-orders"
        rowKey="id"
        size="middle"
        loading={orders.isLoading}
        dataSource={orders.data?.items ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: orders.isError ? msg.errorObtenerDatos : 'No hay pedidos pendientes.' }}
        onRow={(o) =>
          ({
            onClick: () => open(o),
            onKeyDown: (e) => {
              if (e.key === 'Enter') open(o);
            },
            tabIndex: 0,
            role: 'link',
            'aria-label': `Pedido ${o.numero} de ${o.razsocial}`,
            'data-testid': `pending-${o.numero}`,
            className: 'warehouse-row',
          }) as HTMLAttributes<HTMLTableRowElement>
        }
        columns={[
          {
            title: 'Nro',
            dataIndex: 'numero',
            key: 'numero',
            width: 96,
            sorter: (a, b) => a.numero - b.numero,
            defaultSortOrder: 'descend',
            sortDirections: ['descend', 'ascend', 'descend'],
            render: (n: number) => <strong>{n}</strong>,
          },
          {
            title: 'Razón Social',
            dataIndex: 'razsocial',
            key: 'razsocial',
            sorter: (a, b) => a.razsocial.localeCompare(b.razsocial, 'es'),
            render: (_, o) => (
              <div className="warehouse-customer">
                <span>{o.razsocial}</span>
                <Typography.Text type="secondary" className="warehouse-customer-meta">
                  {o.fecha} · {o.renglones === 1 ? '1 renglón' : `${o.renglones} renglones`}
                  {o.vendedor ? ` · ${o.vendedor}` : ''}
                </Typography.Text>
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
