import type { HTMLAttributes } from 'react';
import { Button, Card, Checkbox, Table, Tooltip, Typography } from 'antd';
import { activateProps } from '../../../lib/activate';
import { ListEmpty } from '../../../lib/list-empty';
import { DownloadOutlined, PrinterOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { FiscalDocument } from '@portal/contract';
import { detailLines, voucherNumber, voucherTitle } from '../format';
import type { Busy } from '../use-movement-actions';

type MovementsListProps = {
  items: FiscalDocument[];
  /** The list's query: 'Cargando....' until its first answer, the empty text once it says there is nothing. */
  query: { isPending: boolean; isError: boolean };
  mobile: boolean;
  busy: Busy;
  selected: ReadonlySet<string>;
  emptyText: string;
  onSelect: (ids: string[]) => void;
  onOpen: (d: FiscalDocument) => void;
  onPrint: (d: FiscalDocument) => void;
  onDownload: (d: FiscalDocument) => void;
  onShare: (d: FiscalDocument) => void;
};

const testId = (d: FiscalDocument) => `fiscal-row-${d.codcom}-${d.codtal}-${d.numero}`;

/**
 * The movements (ordering.md 'Fiscal documents screen'): date, document (description and letter), number,
 * detail lines 1 to 3 and amount, credits in red. A table on desktop; compact cards on a phone.
 */
export function MovementsList(props: MovementsListProps) {
  const { items, query, mobile, selected, emptyText, onSelect, onOpen } = props;

  const actions = (d: FiscalDocument) => <RowActions d={d} {...props} />;
  const amount = (d: FiscalDocument) => <span className={`fiscal-amount ${d.estilo === 'rojo' ? 'is-credit' : ''}`}>{d.importe_con_formato}</span>;
  const detail = (d: FiscalDocument) => (
    <div className="fiscal-detail-lines">
      {d.detalle && <span>{d.detalle}</span>}
      {detailLines(d).map((l) => (
        <Typography.Text key={l} type="secondary" className="fiscal-detail-secondary">
          {l}
        </Typography.Text>
      ))}
    </div>
  );

  if (mobile) {
    if (items.length === 0) return <ListEmpty query={query} text={emptyText} />;
    const toggle = (d: FiscalDocument, on: boolean) => onSelect(on ? [...selected, d.id] : [...selected].filter((id) => id !== d.id));
    return (
      <div className="fiscal-cards">
        {items.map((d) => (
          <Card
            key={d.id}
            size="small"
            className={`fiscal-card is-activatable ${d.estilo === 'rojo' ? 'is-credit' : ''} ${selected.has(d.id) ? 'is-selected' : ''}`}
            data-testid={testId(d)}
            // It holds a checkbox and buttons: no role of its own (a button may not hold another), it opens with Enter.
            {...activateProps(() => onOpen(d))}
          >
            <div className="fiscal-card-head">
              <div className="fiscal-card-title">
                <Typography.Text strong>{voucherTitle(d)}</Typography.Text>
                <Typography.Text type="secondary" className="fiscal-card-sub">
                  <span className="fiscal-number">{voucherNumber(d)}</span> · {d.fecha}
                </Typography.Text>
              </div>
              {amount(d)}
            </div>
            {detail(d)}
            <div className="fiscal-card-foot">
              <Checkbox className="fiscal-card-select" checked={selected.has(d.id)} onChange={(e) => toggle(d, e.target.checked)}>
                Seleccionar
              </Checkbox>
              {actions(d)}
            </div>
          </Card>
        ))}
      </div>
    );
  }

  return (
    <Table<FiscalDocument>
      rowKey="id"
      size="middle"
      className="fiscal-table"
      dataSource={items}
      pagination={false}
      locale={{ emptyText: <ListEmpty query={query} text={emptyText} /> }}
      rowSelection={{ selectedRowKeys: [...selected], onChange: (keys) => onSelect(keys.map(String)), columnWidth: 40 }}
      rowClassName={(d) => `fiscal-row is-activatable ${d.estilo === 'rojo' ? 'is-credit' : ''}`}
      onRow={(d) =>
        ({
          'data-testid': testId(d),
          ...activateProps(() => onOpen(d)),
        }) as HTMLAttributes<HTMLTableRowElement>
      }
      columns={[
        { title: 'Fecha', dataIndex: 'fecha', width: 110 },
        { title: 'Comprobante', key: 'comprobante', render: (_, d) => voucherTitle(d), width: 170 },
        { title: 'Número', key: 'numero', render: (_, d) => <span className="fiscal-number">{voucherNumber(d)}</span>, width: 130 },
        { title: 'Detalle', key: 'detalle', render: (_, d) => detail(d) },
        { title: 'Importe', key: 'importe', align: 'right', render: (_, d) => amount(d), width: 160 },
        { title: '', key: 'acciones', align: 'right', render: (_, d) => actions(d), width: 130 },
      ]}
    />
  );
}

function RowActions({ d, busy, onPrint, onDownload, onShare }: { d: FiscalDocument } & Pick<MovementsListProps, 'busy' | 'onPrint' | 'onDownload' | 'onShare'>) {
  const name = `${voucherTitle(d)} ${voucherNumber(d)}`;
  const running = (kind: 'print' | 'download' | 'share') => busy !== null && 'id' in busy && busy.kind === kind && busy.id === d.id;
  return (
    <div className="fiscal-row-actions">
      <Tooltip title="Compartir por WhatsApp">
        <Button type="text" icon={<WhatsAppOutlined aria-hidden />} aria-label={`Compartir ${name}`} loading={running('share')} onClick={() => onShare(d)} />
      </Tooltip>
      <Tooltip title="Descargar">
        <Button type="text" icon={<DownloadOutlined aria-hidden />} aria-label={`Descargar ${name}`} loading={running('download')} onClick={() => onDownload(d)} />
      </Tooltip>
      <Tooltip title="Imprimir">
        <Button
          type="text"
          icon={<PrinterOutlined aria-hidden />}
          aria-label={`Imprimir ${name}`}
          className={d.imprime ? undefined : 'fiscal-no-print'}
          loading={running('print')}
          onClick={() => onPrint(d)}
        />
      </Tooltip>
    </div>
  );
}
