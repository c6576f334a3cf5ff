import { OrderEntry } from '../catalog';

/** /{profile}/ordenescompra: tabs 'Nueva orden de compra' (catalogue and the purchase-order cart) and 'Ordenes de compra realizadas'. */
export function PurchaseOrdersPage() {
  return <OrderEntry kind="purchase" />;
}
