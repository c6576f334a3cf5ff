import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderingRoutes, type AlertBody, type CartChangeResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import type { CartKind } from '../cart-drawer-store';
import { cartPaths } from './cart-paths';
import { useCartKey } from './get-cart';

export type SetPriceInput = {
  cartId: number;
  productoId: number;
  cantidad: number;
  /** The decimal string typed (parseAmountText): '12345.5'. */
  precio: string;
  /** The band of the sales line; purchase lines have none. */
  band?: { min: number; max: number };
};

/** POST /proxy/pedidos/addAlerta | deleteAlerta {pedido_id, producto_id}. */
const alert = (which: 'addAlert' | 'deleteAlert', body: AlertBody) => api<CartChangeResponse>(orderingRoutes[which].url, { method: 'POST', body });

/**
 * A proposed unit price (PUT ?type=carrito&suma=false with the line's quantity and precio_final). On a sales line a
 * price outside [mínimo, máximo] then registers a price alert (addAlerta); one inside clears an earlier alert
 * (deleteAlerta, which also puts the list price back, so it runs before the new price is sent).
 */
export function useSetPrice(kind: CartKind) {
  const queryClient = useQueryClient();
  const key = useCartKey(kind);
  return useMutation({
    mutationFn: async ({ cartId, productoId, cantidad, precio, band }: SetPriceInput): Promise<{ answer: CartChangeResponse; outside: boolean }> => {
      // A comparison, not arithmetic: two-decimal amounts compare exactly as numbers.
      const p = Number(precio);
      const outside = Boolean(band && (p < band.min || p > band.max));
      const put = () =>
        api<CartChangeResponse>(cartPaths[kind].line(cartId), {
          method: 'PUT',
          query: { type: 'carrito', suma: false },
          body: { producto_id: productoId, pedido_cantidad: cantidad, precio_final: precio, pedido_id: cartId },
        });
      if (kind !== 'sales' || !band) return { answer: await put(), outside: false };
      if (!outside) await alert('deleteAlert', { pedido_id: cartId, producto_id: productoId });
      const answer = await put();
      if (outside) return { answer: await alert('addAlert', { pedido_id: cartId, producto_id: productoId }), outside };
      return { answer, outside };
    },
    onSuccess: ({ answer }) => queryClient.setQueryData(key, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
