import { useState } from 'react';
import { Alert, Button, Descriptions, Skeleton, Typography, type DescriptionsProps } from 'antd';
import { Carousel } from '../../lib/carousel';
import { ErrorResult } from '../../lib/error-result';
import { ArrowLeftOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Link, useOutletContext, useParams } from 'react-router';
import { formatDate, formatMoney, formatNumber, orderingMsg } from '@portal/contract';
import type { ShellContext } from '../../lib/shell-context';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { CartButton, CartDrawer, useAddToCart, useCart } from '../cart';
import { useProduct } from './api/get-product';
import { productImageUrl } from '../../lib/product-image';
import { ProductBadges, ProductDiscounts, ProductMeta, ProductPrice } from './components/product-bits';
import { QuantitySelector } from './components/quantity-selector';
import './catalog.css';

/** /{profile}/pedidos/detalle/{id} and /{profile}/pedidos/{id} (the dashboard carousels): the product detail. */
export function ProductDetailPage() {
  const { profile } = useOutletContext<ShellContext>();
  const { id } = useParams();
  const { host } = useSession();
  const mobile = useIsMobile();
  const notify = useNotify();
  const product = useProduct(Number(id));
  const cart = useCart('sales');
  const add = useAddToCart('sales');
  const [qty, setQty] = useState(1);
  const back = `/${profile}/pedidos/`;

  const p = product.data;
  const inCartLine = p ? cart.data?.carrito.productos.find((l) => l.producto_id === p.id) : undefined;
  const inCart = inCartLine ? inCartLine.cantidad : (p?.en_carrito ?? null);

  async function handleAdd() {
    if (!p) return;
    try {
      // A product already in the cart only gets more quantity (ordering.md §4).
      await add.mutateAsync({ lines: [{ producto_id: p.id, pedido_cantidad: qty }], suma: inCart !== null });
      notify.success(orderingMsg.productosAgregados);
      setQty(1);
    } catch (e) {
      notify.error(`${orderingMsg.errorAgregarProductos} ${errorMessage(e, orderingMsg.errorGenerico)}`);
    }
  }

  const heading = (
    <div className="page-heading">
      <Link to={back}>
        <Button icon={<ArrowLeftOutlined />}>Volver al catálogo</Button>
      </Link>
      <CartButton kind="sales" compact={mobile} />
    </div>
  );

  if (product.isLoading) {
    return (
      <div className="page">
        {heading}
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (product.isError || !p) {
    const notFound = product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 403 || product.error.status === 400);
    return (
      <div className="page">
        {heading}
        <ErrorResult
          status={notFound ? '404' : 'warning'}
          title={notFound ? 'Producto no encontrado' : 'No se pudo cargar el producto'}
          subTitle={errorMessage(product.error, orderingMsg.errorGenerico)}
        />
      </div>
    );
  }

  const details: NonNullable<DescriptionsProps['items']> = [];
  if (p.ultprecio_importe !== null) {
    details.push({
      key: 'ultimo',
      label: 'Último precio pagado',
      children: (
        <span data-testid="product-last-price">
          {formatMoney(p.ultprecio_importe, p.moneda)}
          {p.ultprec_cantidad_conformato && ` · ${p.ultprec_cantidad_conformato} ${p.unimed_venta_completa}`}
          {p.ultprec_fecha && ` · ${formatDate(p.ultprec_fecha)}`}
        </span>
      ),
    });
  }
  if (p.stock_cantidad_conformato) {
    details.push({ key: 'stock', label: 'Stock', children: <span data-testid="product-stock">{p.stock_cantidad_conformato}</span> });
  }
  details.push({ key: 'minimo', label: 'Precio final mínimo', children: formatMoney(p.precio_final_minimo, p.moneda) });
  details.push({ key: 'maximo', label: 'Precio final máximo', children: formatMoney(p.precio_final_maximo, p.moneda) });
  if (p.dias_de_entrega > 0) details.push({ key: 'entrega', label: 'Entrega', children: `${formatNumber(p.dias_de_entrega, 0)} días` });

  const images = p.url.length > 0 ? p.url : [];
  return (
    <div className="page" data-testid="product-detail">
      {heading}
      <div className="product-detail">
        <div className="product-detail-carousel" style={{ position: 'relative' }}>
          <ProductBadges product={p} />
          {images.length > 0 ? (
            <Carousel arrows={images.length > 1} dots={images.length > 1} infinite={false} aria-label="Imágenes del producto">
              {images.map((file, i) => (
                <div key={file}>
                  <img src={productImageUrl(host?.cuit ?? '', file)} alt={`${p.nombre} (imagen ${i + 1} de ${images.length})`} width={400} height={400} loading={i === 0 ? 'eager' : 'lazy'} />
                </div>
              ))}
            </Carousel>
          ) : (
            <ErrorResult status="info" title="Sin imagen" />
          )}
        </div>
        <div className="product-detail-info">
          <Typography.Title level={mobile ? 4 : 3} style={{ margin: 0 }}>
            {p.nombre}
          </Typography.Title>
          <ProductPrice product={p} />
          <ProductDiscounts product={p} />
          <ProductMeta product={p} />
          {p.descripcion && <Typography.Paragraph style={{ marginBottom: 0 }}>{p.descripcion}</Typography.Paragraph>}
          {inCart !== null && (
            <Alert
              type="warning"
              showIcon
              data-testid="product-in-cart"
              title={`Este producto ya está en su carrito (${formatNumber(inCart, Number.isInteger(inCart) ? 0 : 2)} ${p.unimed_venta_completa}). Solo puede agregar cantidad.`}
            />
          )}
          <div className="product-detail-buy">
            <QuantitySelector value={qty} onChange={setQty} label={`Cantidad de ${p.nombre}`} />
            <Button type="primary" size="large" icon={<ShoppingCartOutlined />} loading={add.isPending} onClick={handleAdd}>
              {add.isPending ? orderingMsg.agregandoAlCarrito : orderingMsg.agregarAlCarrito}
            </Button>
          </div>
          <Descriptions size="small" column={1} bordered items={details} />
        </div>
      </div>
      <CartDrawer kind="sales" profile={profile} />
    </div>
  );
}
