import { useRef } from 'react';
import { Button } from 'antd';
import { LeftOutlined, PictureOutlined, RightOutlined } from '@ant-design/icons';
import { API_PREFIX, formatMoney, orderingMsg, type Product } from '@portal/contract';
import { Panel } from '../../../lib/panel';
import { useCarousel, type CarouselKind } from '../api/get-carousel';
import './product-carousels.css';

type ProductCarouselsProps = { cuit: string; entity: number; mobile: boolean; onProduct: (id: number) => void };

const CAROUSELS: Array<{ kind: CarouselKind; title: string }> = [
  { kind: 'visitados', title: orderingMsg.ultimosVisitados },
  { kind: 'comprados', title: orderingMsg.masComprados },
  { kind: 'promociones', title: orderingMsg.promociones },
];

/** 'Ultimos visitados', 'Más comprados' and 'Promociones' on the customer's dashboard; an empty one is not shown. */
export function ProductCarousels(props: ProductCarouselsProps) {
  return (
    <>
      {CAROUSELS.map((c) => (
        <ProductCarousel key={c.kind} {...props} kind={c.kind} title={c.title} />
      ))}
    </>
  );
}

function imageUrl(cuit: string, file: string): string {
  return `${API_PREFIX}/proxy/files?${new URLSearchParams({ cooperativa: cuit, type: 'pedidos', archivo: file }).toString()}`;
}

function ProductCarousel({ kind, title, cuit, entity, mobile, onProduct }: ProductCarouselsProps & { kind: CarouselKind; title: string }) {
  const list = useCarousel(kind, cuit, entity);
  const track = useRef<HTMLUListElement>(null);
  const products = list.data?.productos ?? [];
  // Hidden while loading, on failure (e.g. the ordering module is not enabled) and when it has no products.
  if (products.length === 0) return null;

  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' });

  return (
    <Panel
      title={title}
      className="product-carousel"
      bodyClassName="product-carousel-body"
      data-testid={`carousel-${kind}`}
      extra={
        !mobile && (
          <span className="product-carousel-arrows">
            <Button size="small" shape="circle" icon={<LeftOutlined aria-hidden />} aria-label={`${title}: anteriores`} onClick={() => scroll(-1)} />
            <Button size="small" shape="circle" icon={<RightOutlined aria-hidden />} aria-label={`${title}: siguientes`} onClick={() => scroll(1)} />
          </span>
        )
      }
    >
      {/* A list of buttons: each button inside its list item (a button cannot take the listitem role itself). */}
      <ul className="product-carousel-track" ref={track} aria-label={title}>
        {products.map((p) => (
          <li key={p.id} className="product-carousel-item">
            <ProductTile product={p} cuit={cuit} onClick={() => onProduct(p.id)} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function ProductTile({ product, cuit, onClick }: { product: Product; cuit: string; onClick: () => void }) {
  const file = product.url[0];
  return (
    <button type="button" className="product-tile" onClick={onClick} data-testid={`carousel-product-${product.id}`} title={product.nombre}>
      <span className="product-tile-image">
        {file ? <img src={imageUrl(cuit, file)} alt="" width={96} height={96} loading="lazy" decoding="async" /> : <PictureOutlined aria-hidden />}
        {product.es_promocion && <span className="product-tile-badge">{orderingMsg.promo}</span>}
      </span>
      <span className="product-tile-name">{product.nombre}</span>
      <span className="product-tile-price">{formatMoney(product.precio_final, product.moneda)}</span>
    </button>
  );
}
