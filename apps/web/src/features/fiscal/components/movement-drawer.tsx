import { Button, Descriptions, Drawer, Space, Table, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { FiscalDocument } from '@portal/contract';
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

type ProductLine = FiscalDocument['renglonesProductos'][number];
const quantity = (l: ProductLine) => `${l.cantidad_con_formato}${l.unidad ? ` ${l.unidad}` : ''}`;
type OtherLine = FiscalDocument['renglonesOtros'][number];

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
          {d.renglonesProductos.length > 0 && (
            <>
              <Typography.Title level={5} className="fiscal-lines-title">
                Productos
              </Typography.Title>
              <Table<ProductLine & { key: number }>
                size="small"
                pagination={false}
                dataSource={d.renglonesProductos.map((l, key) => ({ ...l, key }))}
                data-testid="fiscal-product-lines"
                columns={[
                  {
                    title: 'Descripción',
                    dataIndex: 'descripcion',
                    render: (v: string, l) => (
                      <>
                        {v}
                        {l.codigo && (
                          <Typography.Text type="secondary" className="fiscal-line-code">
                            Cód. {l.codigo}
                          </Typography.Text>
                        )}
                        {/* On a phone the quantity goes under the description: three columns do not fit. */}
                        {mobile && (
                          <Typography.Text type="secondary" className="fiscal-line-code">
                            Cantidad: {quantity(l)}
                          </Typography.Text>
                        )}
                      </>
                    ),
                  },
                  ...(mobile ? [] : [{ title: 'Cantidad', key: 'cantidad', align: 'right' as const, render: (_: unknown, l: ProductLine) => quantity(l) }]),
                  { title: 'Importe', dataIndex: 'importe_con_formato', align: 'right', className: 'fiscal-amount-cell' },
                ]}
              />
            </>
          )}
          {d.renglonesOtros.length > 0 && (
            <>
              <Typography.Title level={5} className="fiscal-lines-title">
                Conceptos
              </Typography.Title>
              <Table<OtherLine & { key: number }>
                size="small"
                pagination={false}
                dataSource={d.renglonesOtros.map((l, key) => ({ ...l, key }))}
                data-testid="fiscal-other-lines"
                columns={[
                  { title: 'Descripción', dataIndex: 'descripcion' },
                  { title: 'Valor', dataIndex: 'valor_con_formato', align: 'right', className: 'fiscal-amount-cell' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
