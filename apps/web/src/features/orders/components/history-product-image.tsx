import { API_PREFIX } from '@portal/contract';
import { PictureOutlined } from '@ant-design/icons';

type HistoryProductImageProps = { cuit: string; file: string | undefined; alt: string; size: number };

/** A small product picture (GET /proxy/files?cooperativa&type=pedidos&archivo), lazy loaded at a fixed size. */
export function HistoryProductImage({ cuit, file, alt, size }: HistoryProductImageProps) {
  if (!file || !cuit) {
    return (
      <span className="product-image-empty" style={{ width: size, height: size, fontSize: size / 2 }} role="img" aria-label={`${alt}: sin imagen`}>
        <PictureOutlined aria-hidden />
      </span>
    );
  }
  const q = new URLSearchParams({ cooperativa: cuit, type: 'pedidos', archivo: file });
  return <img src={`${API_PREFIX}/proxy/files?${q.toString()}`} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}
