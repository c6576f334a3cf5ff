import { Button, Descriptions, Drawer } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { StatementMovement } from '@portal/contract';
import { VoucherLines } from '../../../lib/voucher-lines';
import { voucherNumber, voucherTitle } from '../format';

type MovementDrawerProps = {
  movement: StatementMovement | null;
  mobile: boolean;
  printing: boolean;
  onClose: () => void;
  onPrint: (m: StatementMovement) => void;
};

/**
 * A movement's detail: its data, product lines (descripción, cantidad, importe) or other lines with the VAT under net
 * lines, what a receipt or settlement is applied to, and Imprimir when printable.
 */
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
          <VoucherLines voucher={m} testId="statement" quantityUnder={mobile} />
        </div>
      )}
    </Drawer>
  );
}
