import { useState } from 'react';
import { Button, Card, Tag } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatNumber } from '@portal/contract';
import type { CatalogProduct } from '../types';
import { ProductImage } from '../../../lib/product-image';
import { ProductBadges, ProductDiscounts, ProductMeta, ProductPrice } from './product-bits';
import { QuantitySelector } from './quantity-selector';

export type ProductItemProps = {
  product: CatalogProduct;
  cuit: string;
  /** The product detail's address; none on the purchase-order catalogue. */
  detailHref: string | null;
  /** Quantity already in the cart, null when it is not there. */
  inCart: number | null;
  adding: boolean;
  onAdd: (product: CatalogProduct, cantidad: number) => void;
};

function Name({ product, detailHref }: { product: CatalogProduct; detailHref: string | null }) {
  return detailHref ? (
    <Link to={detailHref} className="product-name" title={product.nombre}>
      {product.nombre}
    </Link>
  ) : (
    <span className="product-name" title={product.nombre}>
      {product.nombre}
    </span>
  );
}

function InCart({ qty }: { qty: number | null }) {
  return qty === null ? null : (
    <Tag color="blue" style={{ marginInlineEnd: 0, alignSelf: 'flex-start' }}>
      En el carrito: {formatNumber(qty, Number.isInteger(qty) ? 0 : 2)}
    </Tag>
  );
}

function Buy({ product, adding, onAdd, block }: Pick<ProductItemProps, 'product' | 'adding' | 'onAdd'> & { block?: boolean }) {
  const [qty, setQty] = useState(1);
  return (
    <div className="product-actions" style={block ? undefined : { marginTop: 0 }}>
      <QuantitySelector value={qty} onChange={setQty} label={`Cantidad de ${product.nombre}`} />
      <Button type="primary" icon={<ShoppingCartOutlined />} loading={adding} onClick={() => onAdd(product, qty)} aria-label={`Agregar ${product.nombre}`}>
        Agregar
      </Button>
    </div>
  );
}

/** A product in the grid: picture on top, then name, price per sales unit, discounts, code and package. */
export function ProductCard(props: ProductItemProps) {
  const { product, cuit, detailHref, inCart } = props;
  const image = <ProductImage cuit={cuit} file={product.url[0]} alt={product.nombre} size={200} />;
  return (
    <Card className="product-card" data-testid={`product-${product.id}`}>
      <div className="product-card-image">
        {detailHref ? (
          <Link to={detailHref} tabIndex={-1} aria-hidden>
            {image}
          </Link>
        ) : (
          image
        )}
        <ProductBadges product={product} />
      </div>
      <Name product={product} detailHref={detailHref} />
      <ProductPrice product={product} />
      <ProductDiscounts product={product} />
      <ProductMeta product={product} />
      <InCart qty={inCart} />
      <Buy {...props} block />
    </Card>
  );
}

/** A product in the list: picture at the side, details in the middle, price and buying at the end. */
export function ProductRow(props: ProductItemProps) {
  const { product, cuit, detailHref, inCart } = props;
  return (
    <Card className="product-row" data-testid={`product-${product.id}`}>
      <div className="product-row-image">
        <ProductImage cuit={cuit} file={product.url[0]} alt={product.nombre} size={112} />
        <ProductBadges product={product} />
      </div>
      <div className="product-row-info">
        <Name product={product} detailHref={detailHref} />
        <ProductDiscounts product={product} />
        <ProductMeta product={product} />
        <InCart qty={inCart} />
      </div>
      <div className="product-row-buy">
        <ProductPrice product={product} />
        <Buy {...props} />
      </div>
    </Card>
  );
}
