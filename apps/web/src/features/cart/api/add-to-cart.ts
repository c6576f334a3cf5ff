import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate, orderingMsg, type CartChangeResponse, type CartLineBody, type PurchaseLineBody } from '@portal/contract';
import { api } from '../../../lib/api';
import { useNotify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-store';
import type { CartKind } from '../cart-drawer-store';
import { cartPaths } from './cart-paths';
import { cartQuery, type CartAnswer } from './get-cart';

export type AddLine = { producto_id: number; pedido_cantidad: number; precio_final?: string };
export type AddToCartInput = { lines: AddLine[]; /** true adds to a line already in the cart, false sets its quantity. */ suma: boolean };

/** Whether the cart's chosen delivery date falls before the earliest its products now allow. */
export function deliveryDateTooEarly(answer: { carrito: { fecha_entrega: string | null }; fecha_minima_entrega: string }): boolean {
  return answer.carrito.fecha_entrega !== null && answer.carrito.fecha_entrega < answer.fecha_minima_entrega;
}

/**
 * PUT /proxy/pedidos/{pedido_id}?type=carrito&suma=…: one line, or a batch in one call that adds all or none (both
 * carts). A line with a longer lead than
 * the chosen delivery date allows is said at once, beside the screen's success notice (the drawer says it too,
 * and the server refuses to confirm until the date is moved).
 */
export function useAddToCart(kind: CartKind) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { host, entity } = useSession();
  const query = cartQuery(kind, host?.cuit ?? null, entity?.codent ?? null);
  return useMutation({
    mutationFn: async ({ lines, suma }: AddToCartInput) => {
      const cart = await queryClient.ensureQueryData(query);
      const url = cartPaths[kind].line(cart.carrito.id);
      const put = (body: CartLineBody | PurchaseLineBody) =>
        api<CartChangeResponse>(url, { method: 'PUT', query: { type: 'carrito', suma }, body });
      if (lines.length > 1) return put({ productos: lines });
      let last: CartChangeResponse | undefined;
      for (const line of lines) last = await put({ ...line, pedido_id: cart.carrito.id });
      return last!;
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(query.queryKey, answer as unknown as CartAnswer[typeof kind]);
      if (deliveryDateTooEarly(answer)) {
        notify.warning(orderingMsg.fechaEntregaTitulo, `${orderingMsg.fechaEntregaVencida} ${orderingMsg.fechaMinimaEntrega} ${formatDate(answer.fecha_minima_entrega)}.`);
      }
      // Product answers carry en_carrito: the detail must see the new quantity.
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  });
}
