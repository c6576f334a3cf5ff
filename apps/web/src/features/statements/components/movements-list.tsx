import type { HTMLAttributes } from 'react';
import { Button, Card, Table, Tag, Tooltip, Typography } from 'antd';
import { activateProps } from '../../../lib/activate';
import { ListEmpty } from '../../../lib/list-empty';
import { PrinterOutlined } from '@ant-design/icons';
import type { StatementMovement } from '@portal/contract';
import { voucherNumber, voucherTitle } from '../format';

type MovementsListProps = {
  items: StatementMovement[];
  /** The list's query: 'Cargando....' until its first answer, the empty text once it says there is nothing. */
  query: { isPending: boolean; isError: boolean };
  mobile: boolean;
  financial: boolean;
  printing: string | null;
  emptyText: string;
  onOpen: (m: StatementMovement) => void;
  onPrint: (m: StatementMovement) => void;
};

const testId = (m: StatementMovement) => `statement-row-${m.codcom}-${m.codtal}-${m.numero}`;

/**
 * The movements with their running balance (saldo): a table on desktop, cards on a phone. Credits in red;
 * overdue documents are tagged. The financial view leads with the due date.
 */
export function MovementsList({ items, query, mobile, financial, printing, emptyText, onOpen, onPrint }: MovementsListProps) {
  const amount = (m: StatementMovement) => <span className={`statement-amount ${m.estilo === 'rojo' ? 'is-credit' : ''}`}>{m.importe_con_formato}</span>;
  const balance = (m: StatementMovement) => <span className="statement-balance">{m.saldo_con_formato}</span>;
  const due = (m: StatementMovement) =>
    m.fecha_vencimiento ? (
      <span className="statement-due">
        {m.fecha_vencimiento}
        {m.vencido && (
          <Tag color="red" className="statement-overdue">
            Vencido
          </Tag>
        )}
      </span>
    ) : (
      '—'
    );
  const print = (m: StatementMovement) => (
    <span className="statement-row-actions">
      <Tooltip title="Imprimir">
        <Button
          type="text"
          icon={<PrinterOutlined aria-hidden />}
          aria-label={`Imprimir ${voucherTitle(m)} ${voucherNumber(m)}`}
          className={m.imprime ? undefined : 'statement-no-print'}
          loading={printing === m.id}
          onClick={() => onPrint(m)}
        />
      </Tooltip>
    </span>
  );

  if (mobile) {
    if (items.length === 0) return <ListEmpty query={query} text={emptyText} />;
    return (
      <div className="statement-cards">
        {items.map((m) => (
          <Card
            key={m.id}
            size="small"
            className={`statement-card is-activatable ${m.estilo === 'rojo' ? 'is-credit' : ''}`}
            data-testid={testId(m)}
            {...activateProps(() => onOpen(m), { role: 'button' })}
          >
            <div className="statement-card-head">
              <div className="statement-card-title">
                <Typography.Text strong>{voucherTitle(m)}</Typography.Text>
                <Typography.Text type="secondary" className="statement-card-sub">
                  {voucherNumber(m)} · {financial ? `Vence ${m.fecha_vencimiento || m.fecha}` : m.fecha}
                </Typography.Text>
              </div>
              {amount(m)}
            </div>
            <div className="statement-card-foot">
              <Typography.Text type="secondary" className="statement-card-sub">
                {m.vencido ? <Tag color="red">Vencido</Tag> : null}
                {m.detalle}
              </Typography.Text>
              <span className="statement-card-balance">
                <Typography.Text type="secondary">Saldo </Typography.Text>
                {balance(m)}
              </span>
            </div>
          </Card>
        ))}
      </div>
    );
  }

  const dateCols = financial
    ? [
        { title: 'Vencimiento', key: 'vto', render: (_: unknown, m: StatementMovement) => due(m), width: 150 },
        { title: 'Fecha', dataIndex: 'fecha', width: 105 },
      ]
    : [
        { title: 'Fecha', dataIndex: 'fecha', width: 105 },
        { title: 'Vencimiento', key: 'vto', render: (_: unknown, m: StatementMovement) => due(m), width: 150 },
      ];
  return (
    <Table<StatementMovement>
      rowKey="id"
      size="middle"
      className="statement-table"
      dataSource={items}
      pagination={false}
      // Narrower than its columns (a tablet's 768 px), the table scrolls in its own box and the page keeps its width.
      scroll={{ x: 1120 }}
      locale={{ emptyText: <ListEmpty query={query} text={emptyText} /> }}
      rowClassName={(m) => `statement-row is-activatable ${m.estilo === 'rojo' ? 'is-credit' : ''}`}
      onRow={(m) => ({ 'data-testid': testId(m), ...activateProps(() => onOpen(m)) }) as HTMLAttributes<HTMLTableRowElement>}
      columns={[
        ...dateCols,
        { title: 'Comprobante', key: 'comprobante', render: (_, m) => voucherTitle(m), width: 190 },
        { title: 'Número', key: 'numero', render: (_, m) => <span className="statement-number">{voucherNumber(m)}</span>, width: 130 },
        { title: 'Detalle', dataIndex: 'detalle' },
        { title: 'Importe', key: 'importe', align: 'right', render: (_, m) => amount(m), width: 150 },
        // Held at the right edge while a narrow screen scrolls the table: the running balance stays in sight.
        { title: 'Saldo', key: 'saldo', align: 'right', render: (_, m) => balance(m), width: 150, fixed: 'right' },
        { title: '', key: 'acciones', align: 'right', render: (_, m) => print(m), width: 56, fixed: 'right' },
      ]}
    />
  );
}
