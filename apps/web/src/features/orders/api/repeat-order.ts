import { useMutation } from '@tanstack/react-query';
import { orderingRoutes, type CartChangeResponse } from '@portal/contract';
import { api } from '../../../lib/api';

type RepeatInput = { cartId: number; historyId: number };

/**
 * 'Repetir compra': PUT /proxy/pedidos/{pedido_id}?type=repetir&historial_id={id} copies the history order's
 * destination, origin, detail and products into the open cart, in one transaction; the server refuses it with
 * 'Tine productos en su carrito, por favor eliminelos.' while the cart has products.
 */
export const repeatOrder = ({ cartId, historyId }: RepeatInput) =>
  api<CartChangeResponse>(orderingRoutes.cartPut.url.replace(':pedido_id', String(cartId)), {
    method: 'PUT',
    query: { type: 'repetir', historial_id: historyId },
    body: {},
  });

export const useRepeatOrder = () => useMutation({ mutationFn: repeatOrder });
