/** What other areas may use of the cart: the drawer, its button, the open/close store, the add-to-cart call and the quick order's dialog. */
export { cartDrawer, useCartDrawer, type CartKind } from './cart-drawer-store';
export { CartButton } from './components/cart-button';
export { CartDrawer } from './lazy-cart-drawer';
export { QuickOrderDialog } from './lazy-quick-order';
export { useCart } from './api/get-cart';
export { useAddToCart, type AddLine } from './api/add-to-cart';
import './cart.css';
