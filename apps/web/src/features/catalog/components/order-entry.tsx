import { lazy, Suspense } from 'react';
import { Skeleton, Tabs, Typography } from 'antd';
import { useOutletContext, useSearchParams } from 'react-router';
import { orderingMsg } from '@portal/contract';
import type { ShellContext } from '../../../lib/shell-context';
import { useIsMobile } from '../../../lib/device';
import { CartButton, CartDrawer, type CartKind } from '../../cart';
import { CatalogPanel } from './catalog-panel';
import { liveSearchParams } from '../../../lib/url-params';

// The orders made (their Collapse and Ant Design's Table) load when their tab is first opened: the screen opens on
// the catalogue, and the hidden tab is not drawn (destroyOnHidden) (docs/decisions/web-delivery.md).
const OrdersMadeTab = lazy(() => import('../../orders').then((m) => ({ default: m.OrdersMadeTab })));

/** What tells the two order-entry screens apart: the title, and the two tabs' keys (in the URL) and labels. */
type Tab = { key: string; label: string };
const SCREENS: Record<CartKind, { title: string; newTab: Tab; madeTab: Tab }> = {
  // INGRESO DE PEDIDOS DE CLIENTES: 'Nuevo pedido' and 'Pedidos realizados'.
  sales: {
    title: orderingMsg.tituloIngreso,
    newTab: { key: 'nuevo', label: orderingMsg.nuevoPedido },
    madeTab: { key: 'realizados', label: orderingMsg.pedidosRealizados },
  },
  // ÓRDENES DE COMPRA: 'Nueva orden de compra' and 'Ordenes de compra realizadas'.
  purchase: {
    title: 'ÓRDENES DE COMPRA',
    newTab: { key: 'nueva', label: orderingMsg.nuevaOrden },
    madeTab: { key: 'realizadas', label: orderingMsg.ordenesRealizadas },
  },
};

/**
 * The order-entry screen of a cart kind (/{profile}/pedidos for sales, /{profile}/ordenescompra for purchase): the
 * cart button in the heading, a tab with the catalogue and a tab with the orders made (the tab is in the URL), and
 * the cart drawer.
 */
export function OrderEntry({ kind }: { kind: CartKind }) {
  const { profile } = useOutletContext<ShellContext>();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const { title, newTab, madeTab } = SCREENS[kind];
  const tab = params.get('tab') === madeTab.key ? madeTab.key : newTab.key;

  function handleTab(key: string) {
    // The catalogue's search and filters stay in the URL when going to the other tab and back.
    const next = liveSearchParams();
    if (key === madeTab.key) next.set('tab', madeTab.key);
    else next.delete('tab');
    setParams(next, { replace: true });
  }

  return (
    <div className="page orders-page">
      <div className="page-heading">
        <Typography.Title level={mobile ? 4 : 3} className="page-title">
          {title}
        </Typography.Title>
        <CartButton kind={kind} compact={mobile} />
      </div>
      <Tabs
        activeKey={tab}
        onChange={handleTab}
        destroyOnHidden
        items={[
          { key: newTab.key, label: newTab.label, children: <CatalogPanel kind={kind} profile={profile} /> },
          {
            key: madeTab.key,
            label: madeTab.label,
            children: (
              <Suspense fallback={<Skeleton active />}>
                <OrdersMadeTab kind={kind} />
              </Suspense>
            ),
          },
        ]}
      />
      <CartDrawer kind={kind} profile={profile} />
    </div>
  );
}
