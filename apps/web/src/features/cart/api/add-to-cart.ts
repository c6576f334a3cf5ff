import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartChangeResponse, CartLineBody, PurchaseLineBody } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import type { CartKind } from '../cart-drawer-store';
import { cartPaths } from './cart-paths';
import { cartQuery, type CartAnswer } from './get-cart';

export type AddLine = { producto_id: number; pedido_cantidad: number; precio_final?: string };
export type AddToCartInput = { lines: AddLine[]; /** true adds to a line already in the cart, false sets its quantity. */ suma: boolean };

/**
 * PUT /proxy/pedidos/{pedido_id}?type=carrito&suma=…: one line, or the quick-entry batch in one call (sales);
 * purchase-order lines go one by one, as /proxy/ordenescompra takes a single line.
 */
export function useAddToCart(kind: CartKind) {
  const queryClient = useQueryClient();
  const { host, entity } = useSession();
  const query = cartQuery(kind, host?.cuit ?? null, entity?.codent ?? null);
  return useMutation({
    mutationFn: async ({ lines, suma }: AddToCartInput) => {
      const cart = await queryClient.ensureQueryData(query);
      const url = cartPaths[kind].line(cart.carrito.id);
      const put = (body: CartLineBody | PurchaseLineBody) =>
        api<CartChangeResponse>(url, { method: 'PUT', query: { type: 'carrito', suma }, body });
      if (kind === 'sales' && lines.length > 1) return put({ productos: lines });
      let last: CartChangeResponse | undefined;
      for (const line of lines) last = await put({ ...line, pedido_id: cart.carrito.id });
      return last!;
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(query.queryKey, answer as unknown as CartAnswer[typeof kind]);
      // Product answers carry en_carrito: the detail must see the new quantity.
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  });
}
