import { useSyncExternalStore } from 'react';

/** Which cart: the sales order (/proxy/pedidos) or the purchase order (/proxy/ordenescompra). */
export type CartKind = 'sales' | 'purchase';

type State = Record<CartKind, boolean>;

let state: State = { sales: false, purchase: false };
const listeners = new Set<() => void>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens or closes a cart drawer from anywhere (a catalogue card, 'Repetir compra' of the history…). */
export const cartDrawer = {
  open: (kind: CartKind) => set({ [kind]: true }),
  close: (kind: CartKind) => set({ [kind]: false }),
  isOpen: (kind: CartKind) => state[kind],
};

/** The drawer's open state for one cart, with its open and close actions. */
export function useCartDrawer(kind: CartKind) {
  const open = useSyncExternalStore(subscribe, () => state[kind]);
  return { open, show: () => cartDrawer.open(kind), hide: () => cartDrawer.close(kind) };
}
