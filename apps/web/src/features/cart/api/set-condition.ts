import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartChangeResponse, PurchaseConditionBody, SalesConditionBody } from '@portal/contract';
import { api } from '../../../lib/api';
import type { CartKind } from '../cart-drawer-store';
import { cartPaths } from './cart-paths';
import { useCartKey } from './get-cart';

export type ConditionBody = SalesConditionBody | PurchaseConditionBody;

/** PUT /proxy/…/{pedido_id}?type=condiciones with exactly one condition; the answer is the reloaded cart. */
export function useSetCondition(kind: CartKind) {
  const queryClient = useQueryClient();
  const key = useCartKey(kind);
  return useMutation({
    mutationFn: ({ cartId, body }: { cartId: number; body: ConditionBody }) =>
      api<CartChangeResponse>(cartPaths[kind].line(cartId), { method: 'PUT', query: { type: 'condiciones' }, body }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
