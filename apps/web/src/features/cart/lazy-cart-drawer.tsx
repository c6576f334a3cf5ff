import { lazyOverlay } from '../../lib/lazy-overlay';
import { useCartDrawer, type CartKind } from './cart-drawer-store';

function useOpen({ kind }: { kind: CartKind }) {
  return useCartDrawer(kind).open;
}

/** The cart's drawer (steps, conditions with their date picker, summary): its code loads when it first opens. */
export const CartDrawer = lazyOverlay(() => import('./components/cart-drawer').then((m) => m.CartDrawer), useOpen);
