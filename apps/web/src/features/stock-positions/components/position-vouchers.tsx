import { Descriptions, Table } from 'antd';
import { voucherNumberText, type StockPositionResponse, type StockPositionRow, type VoucherLineRow } from '@portal/contract';

type PositionVouchersProps = { row: StockPositionRow; titles: StockPositionResponse['renglonesComprobantes']; compact?: boolean };

/** The voucher's description already carries its letter ('Factura A'): the number is point of sale and number. */
const numberOf = (l: VoucherLineRow) => voucherNumberText(l.torig, l.norig);

/** A product's vouchers (invoices with what is left to deliver, remitos) and its other lines. */
export function PositionVouchers({ row, titles, compact = false }: PositionVouchersProps) {
  const title = (id: string, fallback: string) => titles.find((t) => t.id === id)?.titulo ?? fallback;
  return (
    <div className="position-detail" data-testid="position-vouchers">
      {compact ? (
        <ul className="position-voucher-list">
          {row.renglonesComprobantes.map((l, i) => (
            <li key={i}>
              <span className="position-voucher-what">
                {l.descripcion} {numberOf(l)}
                <small>
                  {l.fecha} · {l.deposito}
                </small>
              </span>
              <span className="position-qty">
                {l.cantidad_con_formato}
                {l.pendiente > 0 && <small>a entregar {l.pendiente_con_formato}</small>}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Table<VoucherLineRow & { key: number }>
          size="small"
          pagination={false}
          dataSource={row.renglonesComprobantes.map((l, key) => ({ ...l, key }))}
          columns={[
            { title: title('fecha', 'Fecha'), dataIndex: 'fecha', width: 100 },
            { title: title('descripcion', 'Comprobante'), dataIndex: 'descripcion' },
            { title: title('numero', 'Número'), key: 'numero', render: (_, l) => <span className="position-qty">{numberOf(l)}</span> },
            { title: title('cantidad', 'Cantidad'), dataIndex: 'cantidad_con_formato', align: 'right', className: 'position-qty' },
            { title: title('pendiente', 'A entregar'), key: 'pendiente', align: 'right', className: 'position-qty', render: (_, l) => (l.letra === 'R' ? '—' : l.pendiente_con_formato) },
            { title: title('deposito', 'Depósito'), dataIndex: 'deposito' },
          ]}
        />
      )}
      <Descriptions size="small" column={compact ? 1 : 4} className="position-others">
        {row.renglonesOtros.map((o) => (
          <Descriptions.Item key={o.descripcion} label={o.descripcion}>
            {o.valor}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </div>
  );
}
