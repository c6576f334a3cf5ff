/** What other areas may use of the cart: the drawer, its button, the open/close store and the add-to-cart call. */
export { cartDrawer, useCartDrawer, type CartKind } from './cart-drawer-store';
export { CartButton } from './components/cart-button';
export { CartDrawer } from './lazy-cart-drawer';
export { useCart } from './api/get-cart';
export { useAddToCart, type AddLine } from './api/add-to-cart';
import './cart.css';
