import { API_PREFIX } from '@portal/contract';
import { PictureOutlined } from '@ant-design/icons';

/** GET /proxy/files?cooperativa={cuit}&type=pedidos&archivo={file}: a product picture (ordering.md §7). */
export function productImageUrl(cuit: string, file: string): string {
  const q = new URLSearchParams({ cooperativa: cuit, type: 'pedidos', archivo: file });
  return `${API_PREFIX}/proxy/files?${q.toString()}`;
}

type ProductImageProps = { cuit: string; file: string | undefined; alt: string; size: number; className?: string; eager?: boolean };

/** A square product picture, lazy loaded and sized so the layout does not jump while it arrives. */
export function ProductImage({ cuit, file, alt, size, className, eager }: ProductImageProps) {
  if (!file) {
    return (
      <span className={`product-image-empty ${className ?? ''}`} style={{ width: size, height: size }} role="img" aria-label={`${alt}: sin imagen`}>
        <PictureOutlined />
      </span>
    );
  }
  return (
    <img
      className={`product-image ${className ?? ''}`}
      src={productImageUrl(cuit, file)}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
