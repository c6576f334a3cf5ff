import { Tag } from 'antd';
import { formatMoney, formatNumber } from '@portal/contract';
import type { CatalogProduct } from '../types';

/** 'Nuevo' and 'Promo' (ordering.md §2). */
export function ProductBadges({ product, className }: { product: CatalogProduct; className?: string }) {
  if (!product.es_nuevo && !product.es_promocion) return null;
  return (
    <span className={className ?? 'product-badges'}>
      {product.es_nuevo && (
        <Tag color="green" variant="solid">
          Nuevo
        </Tag>
      )}
      {product.es_promocion && (
        <Tag color="volcano" variant="solid">
          Promo
        </Tag>
      )}
    </span>
  );
}

const isZero = (v: number | string) => Number(v) === 0;

/** Discounts 1 and 2 labelled OFF, each only when it is not 0,00. */
export function ProductDiscounts({ product }: { product: CatalogProduct }) {
  const d1 = !isZero(product.bonificacion_uno);
  const d2 = !isZero(product.bonificacion_dos);
  if (!d1 && !d2) return null;
  return (
    <span className="product-discounts" data-testid="product-discounts">
      {d1 && <Tag color="gold">{formatNumber(product.bonificacion_uno)} % OFF</Tag>}
      {d2 && <Tag color="gold">{formatNumber(product.bonificacion_dos)} % OFF</Tag>}
    </span>
  );
}

/** Final price per sales unit: '$ 12.345,67 / Bolsa x 40 kg', with the list price struck through when discounted. */
export function ProductPrice({ product }: { product: CatalogProduct }) {
  const discounted = !isZero(product.bonificacion_uno) || !isZero(product.bonificacion_dos);
  return (
    <div>
      {discounted && <div className="product-list-price">{formatMoney(product.precio_lista, product.moneda)}</div>}
      <div className="product-price" data-testid="product-price">
        {formatMoney(product.precio_final, product.moneda)} <small>/ {product.unimed_venta_completa}</small>
      </div>
    </div>
  );
}

/** Alphanumeric code, and the quantity per package when the sales factor is not 1. */
export function ProductMeta({ product }: { product: CatalogProduct }) {
  return (
    <div className="product-meta">
      <span data-testid="product-code">Código: {product.codigo_alfanumerico}</span>
      {Number(product.factor_venta) !== 1 && (
        <span data-testid="product-package">
          Contenido: {product.cantidad_envase_con_formato}
        </span>
      )}
    </div>
  );
}
