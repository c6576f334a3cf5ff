import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import type { CartKind } from '../cart-drawer-store';
import { cartPaths } from './cart-paths';
import { useCartKey } from './get-cart';

/**
 * PUT /proxy/pedidos (or /proxy/ordenescompra) {pedidoid}: the cart becomes a pending order. The server answers a
 * repeated confirmation of the same cart with the same order, so a retry never writes a second one.
 */
export function useConfirmCart(kind: CartKind) {
  const queryClient = useQueryClient();
  const key = useCartKey(kind);
  return useMutation({
    mutationFn: (cartId: number) => api<ConfirmResponse | { success: false; msg: string }>(cartPaths[kind].confirm, { method: 'PUT', body: { pedidoid: cartId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      // The lists of orders made (owned by the orders area) show the new one.
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
}
