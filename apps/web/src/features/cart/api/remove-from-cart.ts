import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartChangeResponse, PurchaseDeleteBody, SalesDeleteBody } from '@portal/contract';
import { api } from '../../../lib/api';
import type { CartKind } from '../cart-drawer-store';
import { cartPaths } from './cart-paths';
import { useCartKey } from './get-cart';

/**
 * DELETE /proxy/pedidos {pedido_id, id?} or /proxy/ordenescompra {ocompra_id, pk?}: one line, or every line when
 * no line is named.
 */
export function useRemoveFromCart(kind: CartKind) {
  const queryClient = useQueryClient();
  const key = useCartKey(kind);
  return useMutation({
    mutationFn: ({ cartId, lineId }: { cartId: number; lineId?: number }) => {
      const body: SalesDeleteBody | PurchaseDeleteBody =
        kind === 'sales' ? { pedido_id: cartId, ...(lineId ? { id: lineId } : {}) } : { ocompra_id: cartId, ...(lineId ? { pk: lineId } : {}) };
      return api<CartChangeResponse>(cartPaths[kind].remove, { method: 'DELETE', body });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
