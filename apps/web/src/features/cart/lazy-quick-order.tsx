import { lazyOverlay } from '../../lib/lazy-overlay';
import type { QuickOrderDialogProps } from './components/quick-order-dialog';

/** 'Pedido rápido' and the review of 'Repetir compra': its code loads when it first opens. */
export const QuickOrderDialog = lazyOverlay<QuickOrderDialogProps>(
  () => import('./components/quick-order-dialog').then((m) => m.QuickOrderDialog),
  (p) => p.open,
);
