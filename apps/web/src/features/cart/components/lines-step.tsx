import { Alert, Button, Empty, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import { orderingMsg, type SalesCartResponse } from '@portal/contract';
import { useSession } from '../../../lib/session-store';
import { ProductImage } from '../../../lib/product-image';
import { totalLabel, type CartLineView, type CartView } from './cart-lines';
import { useFeedback } from '../../../lib/feedback';

type LinesStepProps = {
  view: CartView;
  sales: SalesCartResponse | undefined;
  busy: boolean;
  onRemove: (line: CartLineView) => void;
  onRemoveAll: () => void;
  onEditPrice: (line: CartLineView) => void;
};

/** Step 1, 'Detalle de los productos': the lines with quantities, prices and discounts; remove and price edit. */
export function LinesStep({ view, sales, busy, onRemove, onRemoveAll, onEditPrice }: LinesStepProps) {
  const { host } = useSession();
  const { modal } = useFeedback();
  const money = (txt: string) => `${view.simbolo} ${txt}`;
  const posiciones = sales?.carrito.posiciones;
  const alertas = sales?.carrito.alertaprecio ?? [];

  if (view.lines.length === 0) return <Empty className="cart-empty" description={orderingMsg.noHayProductosCargados} />;

  function handleRemoveAll() {
    modal.confirm({
      title: 'Vaciar el carrito',
      content: '¿Desea eliminar todos los productos del carrito?',
      okText: 'Eliminar todos',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: onRemoveAll,
    });
  }

  return (
    <div data-testid="cart-lines">
      {posiciones && posiciones.cantidad > posiciones.maximo_posicion && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 10 }}
          data-testid="cart-positions-warning"
          title={posiciones.descri || `El carrito tiene ${posiciones.cantidad} posiciones; el máximo por pedido es ${posiciones.maximo_posicion}.`}
        />
      )}
      {alertas.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 10 }}
          data-testid="cart-price-alert"
          title="Precios fuera del rango permitido"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {alertas.map((a) => (
                <li key={a.producto_id}>
                  {a.nombre}: {money(a.precio_final_con_formato)} (permitido {money(a.precio_final_minimo_con_formato)} a {money(a.precio_final_maximo_con_formato)})
                </li>
              ))}
            </ul>
          }
        />
      )}
      {view.lines.map((l) => (
        <div key={l.key} className={`cart-line${l.alerta ? ' has-alert' : ''}`} data-testid={`cart-line-${l.productoId}`}>
          <ProductImage cuit={host?.cuit ?? ''} file={l.image} alt={l.nombre} size={56} />
          <div style={{ minWidth: 0 }}>
            <div className="cart-line-head">
              <div>
                <div className="cart-line-name">{l.nombre}</div>
                <div style={{ fontSize: 12, color: '#5b6459' }}>
                  Código {l.codigo} · {l.cantidadTxt} × {l.unimed}
                </div>
              </div>
              <Tooltip title="Quitar del carrito">
                <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={`Quitar ${l.nombre}`} disabled={busy} onClick={() => onRemove(l)} />
              </Tooltip>
            </div>
            <dl className="cart-line-prices">
              <dt>Precio final</dt>
              <dd data-testid="cart-line-price">
                {money(l.precioFinalTxt)}
                {l.precioOriginalTxt && <span className="text-secondary"> (lista {money(l.precioOriginalTxt)})</span>}
              </dd>
              {l.band && (
                <>
                  <dt>Mínimo</dt>
                  <dd>{money(l.band.minTxt)}</dd>
                  <dt>Máximo</dt>
                  <dd>{money(l.band.maxTxt)}</dd>
                </>
              )}
              <dt>Precio de lista</dt>
              <dd>{money(l.precioListaTxt)}</dd>
            </dl>
            <div className="cart-line-foot">
              <span>
                {l.bonif1 !== 0 && <Tag color="gold">{l.bonif1Txt} % OFF</Tag>}
                {l.bonif2 !== 0 && <Tag color="gold">{l.bonif2Txt} % OFF</Tag>}
                {l.alerta && (
                  <Tag color="orange" icon={<WarningOutlined />} data-testid="cart-line-alert">
                    Precio fuera de rango
                  </Tag>
                )}
              </span>
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                <Button size="small" icon={<EditOutlined />} disabled={busy} onClick={() => onEditPrice(l)} aria-label={`Modificar precio de ${l.nombre}`}>
                  Precio
                </Button>
                <span className="cart-line-total">{money(l.subtotalTxt)}</span>
              </span>
            </div>
          </div>
        </div>
      ))}
      {view.conImpuestos && (
        <>
          <div className="cart-total cart-total-part">
            <span>{orderingMsg.importeNeto}</span>
            <span data-testid="cart-net">{money(view.netoTxt)}</span>
          </div>
          <div className="cart-total cart-total-part">
            <span>{orderingMsg.importeIva}</span>
            <span data-testid="cart-vat">{money(view.ivaTxt)}</span>
          </div>
        </>
      )}
      <div className="cart-total">
        <span>{totalLabel(view)}</span>
        <strong data-testid="cart-total">{money(view.totalTxt)}</strong>
      </div>
      <Button danger block icon={<DeleteOutlined />} disabled={busy} onClick={handleRemoveAll}>
        Eliminar todos
      </Button>
    </div>
  );
}
