import { Button, Descriptions, Drawer, Space, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { FiscalDocument } from '@portal/contract';
import { VoucherLines } from '../../../lib/voucher-lines';
import { detailLines, voucherNumber, voucherTitle } from '../format';
import type { Busy } from '../use-movement-actions';

type MovementDrawerProps = {
  movement: FiscalDocument | null;
  mobile: boolean;
  busy: Busy;
  onClose: () => void;
  onPrint: (d: FiscalDocument) => void;
  onDownload: (d: FiscalDocument) => void;
  onShare: (d: FiscalDocument) => void;
};

/**
 * A movement's detail (ordering.md 'Fiscal documents screen'): amount, date, due date, document, number, detail,
 * its product lines or other lines, and 'Imprimir' only when the document is printable.
 */
export function MovementDrawer({ movement: d, mobile, busy, onClose, onPrint, onDownload, onShare }: MovementDrawerProps) {
  const running = (kind: 'print' | 'download' | 'share') => busy !== null && 'id' in busy && busy.kind === kind && busy.id === d?.id;
  return (
    <Drawer
      title={d ? `${voucherTitle(d)} ${voucherNumber(d)}` : ''}
      placement="right"
      open={d !== null}
      onClose={onClose}
      size={mobile ? '100%' : 560}
      className="fiscal-movement-drawer"
      footer={
        d && (
          <Space className="fiscal-drawer-footer" wrap>
            <Button icon={<WhatsAppOutlined aria-hidden />} loading={running('share')} onClick={() => onShare(d)}>
              Compartir
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} loading={running('download')} onClick={() => onDownload(d)}>
              Descargar
            </Button>
            {d.imprime && (
              <Button type="primary" icon={<PrinterOutlined aria-hidden />} loading={running('print')} onClick={() => onPrint(d)}>
                Imprimir
              </Button>
            )}
          </Space>
        )
      }
    >
      {d && (
        <div data-testid="fiscal-movement-detail">
          <div className={`fiscal-detail-amount ${d.estilo === 'rojo' ? 'is-credit' : ''}`} data-testid="fiscal-detail-amount">
            {d.importe_con_formato}
          </div>
          <Descriptions column={1} size="small" bordered className="fiscal-detail-data">
            <Descriptions.Item label="Fecha">
              {d.fecha}
              {d.hora ? ` ${d.hora}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Vencimiento">{d.fecha_vencimiento || '—'}</Descriptions.Item>
            <Descriptions.Item label="Comprobante">{voucherTitle(d)}</Descriptions.Item>
            <Descriptions.Item label="Número">{voucherNumber(d)}</Descriptions.Item>
            <Descriptions.Item label="Detalle">
              <div className="fiscal-detail-lines">
                {d.detalle && <span>{d.detalle}</span>}
                {detailLines(d).map((l) => (
                  <Typography.Text key={l} type="secondary">
                    {l}
                  </Typography.Text>
                ))}
              </div>
            </Descriptions.Item>
          </Descriptions>
          <VoucherLines voucher={d} testId="fiscal" codes quantityUnder={mobile} />
        </div>
      )}
    </Drawer>
  );
}
