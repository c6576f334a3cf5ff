import { useState } from 'react';
import { Button, Collapse } from 'antd';
import { HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { orderingMsg, STATUS_LISTS, type StatusList } from '@portal/contract';
import { ordersMadeKey } from './api/list-orders-made';
import type { OrderKind } from './api/order-paths';
import { OrderGroup } from './components/order-group';
import './orders.css';

type OrdersMadeTabProps = { kind: OrderKind };

const TITLES: Record<StatusList, string> = { pendientes: orderingMsg.pendientes, aprobados: orderingMsg.aprobados, aplicados: orderingMsg.aplicados };

/**
 * 'Pedidos realizados' (sales) and 'Ordenes de compra realizadas' (purchase): an accordion Pendientes / Aprobados /
 * Aplicados; a group loads when it is first opened and stays loaded while the tab is shown.
 */
export function OrdersMadeTab({ kind }: OrdersMadeTabProps) {
  const { profile = '1' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<StatusList | undefined>('pendientes');
  const [refreshing, setRefreshing] = useState(false);

  async function handleRefresh() {
    setRefreshing(true);
    try {
      // Back to the first page of every group: the orders may have moved between them.
      await queryClient.resetQueries({ queryKey: [...ordersMadeKey, kind] });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className="orders-made" data-testid={`orders-made-${kind}`}>
      <div className="orders-made-toolbar">
        {kind === 'sales' && (
          <Button icon={<HistoryOutlined aria-hidden />} onClick={() => navigate(`/${profile}/pedidos/historial`)}>
            Historial de pedidos
          </Button>
        )}
        <Button icon={<ReloadOutlined aria-hidden />} onClick={handleRefresh} loading={refreshing}>
          Actualizar
        </Button>
      </div>
      <Collapse
        accordion
        activeKey={open}
        onChange={(keys) => setOpen((Array.isArray(keys) ? keys[0] : keys) as StatusList | undefined)}
        items={STATUS_LISTS.map((status) => ({ key: status, label: TITLES[status], children: <OrderGroup kind={kind} status={status} /> }))}
      />
    </div>
  );
}
