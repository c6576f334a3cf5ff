import { API_PREFIX } from '@portal/contract';
import { PictureOutlined } from '@ant-design/icons';
import './product-image.css';

/** GET /proxy/files?cooperativa={cuit}&type=pedidos&archivo={file}: a product picture (ordering.md §7). */
export function productImageUrl(cuit: string, file: string): string {
  const q = new URLSearchParams({ cooperativa: cuit, type: 'pedidos', archivo: file });
  return `${API_PREFIX}/proxy/files?${q.toString()}`;
}

type ProductImageProps = {
  cuit: string;
  file: string | undefined;
  alt: string;
  size: number;
  className?: string;
  eager?: boolean;
  /** The product's name stands beside the picture (history lines): the picture is not read out again. */
  decorative?: boolean;
};

/**
 * A square product picture, lazy loaded and sized so the layout does not jump while it arrives; a placeholder when
 * the product has no picture. Used by the catalogue, the cart and the order history.
 */
export function ProductImage({ cuit, file, alt, size, className, eager, decorative }: ProductImageProps) {
  if (!file || !cuit) {
    return (
      <span
        className={`product-image-empty ${className ?? ''}`}
        style={{ width: size, height: size, fontSize: Math.min(28, size / 2) }}
        role="img"
        aria-label={`${alt}: sin imagen`}
      >
        <PictureOutlined aria-hidden />
      </span>
    );
  }
  return (
    <img
      className={`product-image ${className ?? ''}`}
      src={productImageUrl(cuit, file)}
      alt={decorative ? '' : alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
