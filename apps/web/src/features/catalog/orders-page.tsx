import { OrderEntry } from './components/order-entry';
import './catalog.css';

/** /{profile}/pedidos: INGRESO DE PEDIDOS DE CLIENTES, tabs 'Nuevo pedido' and 'Pedidos realizados' (the tab is in the URL). */
export function OrdersPage() {
  return <OrderEntry kind="sales" />;
}
