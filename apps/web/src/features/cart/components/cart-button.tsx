import { Badge, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { CartKind } from '../cart-drawer-store';
import { cartDrawer } from '../cart-drawer-store';
import { useCart } from '../api/get-cart';

/** The page header's cart button; its badge counts the cart's lines. */
export function CartButton({ kind, compact }: { kind: CartKind; compact?: boolean }) {
  const cart = useCart(kind);
  const count = cart.data?.carrito.productos.length ?? 0;
  return (
    <span data-testid={`cart-button-${kind}`} data-count={count}>
    <Badge count={count} showZero={false} offset={[-4, 4]} className="cart-button">
      <Button
        type="primary"
        size="large"
        icon={<ShoppingCartOutlined />}
        aria-label={`Carrito (${count} ${count === 1 ? 'producto' : 'productos'})`}
        onClick={() => cartDrawer.open(kind)}
      >
        {!compact && (kind === 'sales' ? 'Carrito' : 'Orden de compra')}
      </Button>
    </Badge>
    </span>
  );
}
