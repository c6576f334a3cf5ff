import { Tabs, Typography } from 'antd';
import { useOutletContext, useSearchParams } from 'react-router';
import { orderingMsg } from '@portal/contract';
import type { ShellContext } from '../../app/shell/app-shell';
import { useIsMobile } from '../../lib/device';
import { CartButton, CartDrawer } from '../cart';
import { OrdersMadeTab } from '../orders/orders-made-tab';
import { CatalogPanel } from './components/catalog-panel';
import './catalog.css';

/** /{profile}/pedidos: INGRESO DE PEDIDOS DE CLIENTES, tabs 'Nuevo pedido' and 'Pedidos realizados' (the tab is in the URL). */
export function OrdersPage() {
  const { profile } = useOutletContext<ShellContext>();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'realizados' ? 'realizados' : 'nuevo';

  function handleTab(key: string) {
    // The catalogue's search and filters stay in the URL when going to the other tab and back.
    const next = new URLSearchParams(params);
    if (key === 'realizados') next.set('tab', 'realizados');
    else next.delete('tab');
    setParams(next, { replace: true });
  }

  return (
    <div className="page orders-page">
      <div className="page-heading">
        <Typography.Title level={mobile ? 4 : 3} className="page-title">
          {orderingMsg.tituloIngreso}
        </Typography.Title>
        <CartButton kind="sales" compact={mobile} />
      </div>
      <Tabs
        activeKey={tab}
        onChange={handleTab}
        destroyOnHidden
        items={[
          { key: 'nuevo', label: orderingMsg.nuevoPedido, children: <CatalogPanel kind="sales" profile={profile} /> },
          { key: 'realizados', label: orderingMsg.pedidosRealizados, children: <OrdersMadeTab kind="sales" /> },
        ]}
      />
      <CartDrawer kind="sales" profile={profile} />
    </div>
  );
}
