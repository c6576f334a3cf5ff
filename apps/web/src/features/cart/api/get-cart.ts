import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseCartResponse, SalesCartResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import type { CartKind } from '../cart-drawer-store';
import { cartKey, cartPaths } from './cart-paths';

export type CartAnswer = { sales: SalesCartResponse; purchase: PurchaseCartResponse };

/** GET ?type=carrito: the open cart (the server creates it on first use) and what the drawer needs to show it. */
export const getCart = <K extends CartKind>(kind: K, signal?: AbortSignal) =>
  api<CartAnswer[K]>(cartPaths[kind].base, { signal, query: { type: 'carrito' } });

export const cartQuery = <K extends CartKind>(kind: K, cuit: string | null, entity: number | null) =>
  queryOptions({
    queryKey: cartKey(kind, cuit, entity),
    queryFn: ({ signal }) => getCart(kind, signal),
    enabled: Boolean(cuit && entity),
    staleTime: 30_000,
    retry: false,
  });

export function useCart<K extends CartKind>(kind: K) {
  const { host, entity } = useSession();
  return useQuery(cartQuery(kind, host?.cuit ?? null, entity?.codent ?? null));
}

/** The query key of the current session's cart, for mutations that replace or reload it. */
export function useCartKey(kind: CartKind) {
  const { host, entity } = useSession();
  return cartKey(kind, host?.cuit ?? null, entity?.codent ?? null);
}
