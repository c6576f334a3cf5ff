import { orderingRoutes } from '@portal/contract';
import type { CartKind } from '../cart-drawer-store';

/** The sales cart lives under /proxy/pedidos, the purchase-order cart under /proxy/ordenescompra (ordering.md §7). */
export const cartPaths = {
  sales: {
    base: orderingRoutes.pedidosGet.url,
    line: (cartId: number) => orderingRoutes.cartPut.url.replace(':pedido_id', String(cartId)),
    confirm: orderingRoutes.confirm.url,
    remove: orderingRoutes.cartDelete.url,
  },
  purchase: {
    base: orderingRoutes.ordenesGet.url,
    line: (cartId: number) => orderingRoutes.ordenesCartPut.url.replace(':pedido_id', String(cartId)),
    confirm: orderingRoutes.ordenesConfirm.url,
    remove: orderingRoutes.ordenesCartDelete.url,
  },
} satisfies Record<CartKind, unknown>;

/** Cart queries are per company and entity: a change of entity is another cart. */
export const cartKey = (kind: CartKind, cuit: string | null, entity: number | null) => ['cart', kind, cuit, entity] as const;
