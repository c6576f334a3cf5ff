import type { HTMLAttributes, MouseEvent } from 'react';
import { Button, Card, Table, Typography } from 'antd';
import { activateProps } from '../../../lib/activate';
import { ListEmpty } from '../../../lib/list-empty';
import { EyeOutlined } from '@ant-design/icons';
import type { ContractResponse, ContractRow } from '@portal/contract';
import { ContractMovements } from './contract-movements';
import { ContractStatus, DeliveredBar } from './contract-status';

type ContractsListProps = {
  items: ContractRow[];
  totals: ContractResponse['totales'] | null;
  /** The list's query: 'Cargando....' until its first answer, the empty text once it says there is nothing. */
  query: { isPending: boolean; isError: boolean };
  mobile: boolean;
  emptyText: string;
  onOpen: (c: ContractRow) => void;
};

const testId = (c: ContractRow) => `contract-row-${c.codtal}-${c.numero}`;
const kg = (text: string) => <span className="contract-kg">{text}</span>;

/**
 * The contracts: a table with expandable rows (entradas, certificados, salidas) and column totals on desktop, cards
 * on a phone. Kilograms in the grain number style.
 */
export function ContractsList({ items, totals, query, mobile, emptyText, onOpen }: ContractsListProps) {
  if (mobile) {
    if (items.length === 0) return <ListEmpty query={query} text={emptyText} />;
    return (
      <div className="contract-cards">
        {items.map((c) => (
          <Card key={c.id} size="small" className="contract-card is-activatable" data-testid={testId(c)} {...activateProps(() => onOpen(c), { role: 'button' })}>
            <div className="contract-card-head">
              <div className="contract-card-title">
                <Typography.Text strong>Contrato {c.numpre}</Typography.Text>
                <Typography.Text type="secondary" className="contract-card-sub">
                  {c.fecha} · Cosecha {c.cosecha} · {c.precio_con_formato}
                </Typography.Text>
              </div>
              <ContractStatus estado={c.estado} />
            </div>
            <DeliveredBar contract={c} />
            <div className="contract-card-figures">
              <span>
                <Typography.Text type="secondary">Contratados </Typography.Text>
                {kg(c.kilos_con_formato)}
              </span>
              <span>
                <Typography.Text type="secondary">Entregados </Typography.Text>
                {kg(c.entregados_con_formato)}
              </span>
              <span>
                <Typography.Text type="secondary">Fijados </Typography.Text>
                {kg(c.fijados_con_formato)}
              </span>
              <span>
                <Typography.Text type="secondary">Facturados </Typography.Text>
                {kg(c.facturados_con_formato)}
              </span>
            </div>
          </Card>
        ))}
      </div>
    );
  }

  return (
    <Table<ContractRow>
      rowKey="id"
      size="middle"
      className="contract-table"
      dataSource={items}
      pagination={false}
      scroll={{ x: 1100 }}
      locale={{ emptyText: <ListEmpty query={query} text={emptyText} /> }}
      onRow={(c) => ({ 'data-testid': testId(c), onClick: (e: MouseEvent) => !(e.target as HTMLElement).closest('.ant-table-row-expand-icon, .contract-row-actions') && onOpen(c) }) as HTMLAttributes<HTMLTableRowElement>}
      rowClassName="contract-row"
      expandable={{ expandedRowRender: (c) => <ContractMovements contract={c} />, rowExpandable: () => true }}
      columns={[
        { title: 'Fecha', dataIndex: 'fecha', width: 100 },
        { title: 'Contrato', dataIndex: 'numpre', width: 140, render: (t: string) => <span className="contract-number">{t}</span> },
        { title: 'Cosecha', dataIndex: 'cosecha', width: 85 },
        { title: 'Precio', dataIndex: 'precio_con_formato', width: 140 },
        { title: 'Kilos', key: 'k', align: 'right', render: (_, c) => kg(c.kilos_con_formato) },
        { title: 'Entregados', key: 'e', align: 'right', render: (_, c) => kg(c.entregados_con_formato) },
        { title: 'Fijados', key: 'f', align: 'right', render: (_, c) => kg(c.fijados_con_formato) },
        { title: 'Facturados', key: 'fa', align: 'right', render: (_, c) => kg(c.facturados_con_formato) },
        { title: 'Cobrados', key: 'co', align: 'right', render: (_, c) => kg(c.cobrados_con_formato) },
        { title: 'Estado', key: 'estado', width: 170, render: (_, c) => <ContractStatus estado={c.estado} /> },
        {
          title: '',
          key: 'acciones',
          width: 52,
          render: (_, c) => (
            <span className="contract-row-actions">
              <Button type="text" icon={<EyeOutlined aria-hidden />} aria-label={`Ver contrato ${c.numpre}`} onClick={() => onOpen(c)} />
            </span>
          ),
        },
      ]}
      summary={() =>
        totals && items.length > 0 ? (
          <Table.Summary.Row className="contract-totals" data-testid="contract-totals">
            <Table.Summary.Cell index={0} colSpan={5}>
              <strong>Totales (kg)</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">{kg(totals.kilos_con_formato)}</Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">{kg(totals.entregados_con_formato)}</Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">{kg(totals.fijados_con_formato)}</Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">{kg(totals.facturados_con_formato)}</Table.Summary.Cell>
            <Table.Summary.Cell index={9} align="right">{kg(totals.cobrados_con_formato)}</Table.Summary.Cell>
            <Table.Summary.Cell index={10} colSpan={2} />
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
