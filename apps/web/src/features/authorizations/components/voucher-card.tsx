import { Button, Card, Tag } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { formatMoney, type VoucherItem } from '@portal/contract';

type VoucherCardProps = { voucher: VoucherItem; onDecide: (autoriza: boolean) => void };

/** A stock voucher: what it is, its products, who decided it and why, and, while pending, Autorizar and Rechazar. */
export function VoucherCard({ voucher: v, onDecide }: VoucherCardProps) {
  return (
    <Card size="small" className="receipt-card" data-testid={`voucher-${v.codcom}-${v.numero}`}>
      <div className="receipt-card-head">
        <span className="receipt-card-title">
          {v.descom} {v.torig} {v.norig}
        </span>
        <span className="receipt-card-amount">{v.importe_con_formato}</span>
      </div>
      <div className="receipt-card-meta">
        <span>{v.fecha}</span>
        <span>{v.razsoc}</span>
        <Tag color={v.desest === 'Pendiente' ? 'gold' : v.desest === 'Autorizado' ? 'green' : 'red'}>{v.desest}</Tag>
      </div>
      <div className="receipt-docs">
        {v.deslar2}
        {v.numpre ? ` · Pedido ${v.numpre}` : ''} · Cargado por {v.desusr}
      </div>
      <ul className="authorization-products" aria-label={`Productos de ${v.descom} ${v.norig}`}>
        {v.productos.map((p, i) => (
          <li key={i} className="authorization-product" data-testid="authorization-product">
            <span>
              {p.cantidad} × {p.descripcion}
            </span>
            <span className="authorization-product-amount">{formatMoney(p.importe)}</span>
          </li>
        ))}
      </ul>
      {v.decidido_por && (
        <div className="receipt-docs">
          {v.desest} por {v.decidido_por} el {v.decidido_el}: {v.motivo}
        </div>
      )}
      {v.desest === 'Pendiente' && (
        <div className="receipt-card-foot">
          <span />
          <span className="receipt-card-buttons">
            <Button type="primary" icon={<CheckOutlined aria-hidden />} onClick={() => onDecide(true)} aria-label={`Autorizar ${v.norig}`}>
              Autorizar
            </Button>
            <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => onDecide(false)} aria-label={`Rechazar ${v.norig}`}>
              Rechazar
            </Button>
          </span>
        </div>
      )}
    </Card>
  );
}
