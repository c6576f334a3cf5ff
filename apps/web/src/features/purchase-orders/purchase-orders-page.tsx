import { Tabs, Typography } from 'antd';
import { useOutletContext, useSearchParams } from 'react-router';
import { orderingMsg } from '@portal/contract';
import type { ShellContext } from '../../app/shell/app-shell';
import { useIsMobile } from '../../lib/device';
import { CartButton, CartDrawer } from '../cart';
import { CatalogPanel } from '../catalog';
import { OrdersMadeTab } from '../orders/orders-made-tab';

/** /{profile}/ordenescompra: tabs 'Nueva orden de compra' (catalogue and the purchase-order cart) and 'Ordenes de compra realizadas'. */
export function PurchaseOrdersPage() {
  const { profile } = useOutletContext<ShellContext>();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'realizadas' ? 'realizadas' : 'nueva';

  function handleTab(key: string) {
    const next = new URLSearchParams(params);
    if (key === 'realizadas') next.set('tab', 'realizadas');
    else next.delete('tab');
    setParams(next, { replace: true });
  }

  return (
    <div className="page orders-page">
      <div className="page-heading">
        <Typography.Title level={mobile ? 4 : 3} className="page-title">
          ÓRDENES DE COMPRA
        </Typography.Title>
        <CartButton kind="purchase" compact={mobile} />
      </div>
      <Tabs
        activeKey={tab}
        onChange={handleTab}
        destroyOnHidden
        items={[
          { key: 'nueva', label: orderingMsg.nuevaOrden, children: <CatalogPanel kind="purchase" profile={profile} /> },
          { key: 'realizadas', label: orderingMsg.ordenesRealizadas, children: <OrdersMadeTab kind="purchase" /> },
        ]}
      />
      <CartDrawer kind="purchase" profile={profile} />
    </div>
  );
}
