import { Button, Descriptions, Drawer, Table, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { StatementMovement } from '@portal/contract';
import { voucherNumber, voucherTitle } from '../format';

type MovementDrawerProps = {
  movement: StatementMovement | null;
  mobile: boolean;
  printing: boolean;
  onClose: () => void;
  onPrint: (m: StatementMovement) => void;
};

type ProductLine = StatementMovement['renglonesProductos'][number];
type OtherLine = StatementMovement['renglonesOtros'][number];

/** A movement's detail: its data, product lines (descripción, cantidad, importe) or other lines, and Imprimir when printable. */
export function MovementDrawer({ movement: m, mobile, printing, onClose, onPrint }: MovementDrawerProps) {
  return (
    <Drawer
      title={m ? `${voucherTitle(m)} ${voucherNumber(m)}` : ''}
      placement="right"
      open={m !== null}
      onClose={onClose}
      size={mobile ? '100%' : 560}
      className="statement-movement-drawer"
      footer={
        m?.imprime && (
          <div className="statement-drawer-footer">
            <Button type="primary" icon={<PrinterOutlined aria-hidden />} loading={printing} onClick={() => onPrint(m)}>
              Imprimir
            </Button>
          </div>
        )
      }
    >
      {m && (
        <div data-testid="statement-detail">
          <div className={`statement-detail-amount ${m.estilo === 'rojo' ? 'is-credit' : ''}`}>{m.importe_con_formato}</div>
          <Descriptions column={1} size="small" bordered className="statement-detail-data">
            <Descriptions.Item label="Fecha">
              {m.fecha}
              {m.hora ? ` ${m.hora}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Vencimiento">
              {m.fecha_vencimiento || '—'}
              {m.vencido ? ' (vencido)' : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Cuenta">{m.descri}</Descriptions.Item>
            <Descriptions.Item label="Saldo">{m.saldo_con_formato}</Descriptions.Item>
            <Descriptions.Item label="Detalle">
              <div className="statement-detail-lines">
                {[m.detalle, m.detalle1, m.detalle2, m.detalle3].filter((l) => l.trim()).map((l) => (
                  <span key={l}>{l}</span>
                ))}
              </div>
            </Descriptions.Item>
          </Descriptions>
          {m.renglonesProductos.length > 0 && (
            <>
              <Typography.Title level={5} className="statement-lines-title">
                Productos
              </Typography.Title>
              <Table<ProductLine & { key: number }>
                size="small"
                pagination={false}
                data-testid="statement-product-lines"
                dataSource={m.renglonesProductos.map((l, key) => ({ ...l, key }))}
                columns={[
                  { title: 'Descripción', dataIndex: 'descripcion' },
                  { title: 'Cantidad', key: 'cantidad', align: 'right', render: (_, l) => `${l.cantidad_con_formato}${l.unidad ? ` ${l.unidad}` : ''}` },
                  { title: 'Importe', dataIndex: 'importe_con_formato', align: 'right', className: 'statement-amount-cell' },
                ]}
              />
            </>
          )}
          {m.renglonesOtros.length > 0 && (
            <>
              <Typography.Title level={5} className="statement-lines-title">
                Conceptos
              </Typography.Title>
              <Table<OtherLine & { key: number }>
                size="small"
                pagination={false}
                data-testid="statement-other-lines"
                dataSource={m.renglonesOtros.map((l, key) => ({ ...l, key }))}
                columns={[
                  { title: 'Descripción', dataIndex: 'descripcion' },
                  { title: 'Valor', dataIndex: 'valor_con_formato', align: 'right', className: 'statement-amount-cell' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
