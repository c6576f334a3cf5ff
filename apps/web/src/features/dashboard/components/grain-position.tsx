import { useMemo, useState } from 'react';
import { Card, Switch, Table, type TableColumnsType } from 'antd';
import { formatNumber, type GrainPositionRow } from '@portal/contract';

type GrainPositionProps = { rows: GrainPositionRow[]; onRow: (row: GrainPositionRow) => void; mobile: boolean };

const kg = (v: number) => formatNumber(v, 0);
const num = (title: string, key: keyof GrainPositionRow) => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  render: (v: number) => kg(v),
  width: 104,
});

/** 'Posición global de granos': es-AR with 0 decimals, at most 300 px high, 'Solo disponibles' / 'Todos'. */
export function GrainPosition({ rows, onRow, mobile }: GrainPositionProps) {
  const [onlyAvailable, setOnlyAvailable] = useState(true);
  const shown = useMemo(() => (onlyAvailable ? rows.filter((r) => r.kilstk > 0) : rows), [rows, onlyAvailable]);
  const columns: TableColumnsType<GrainPositionRow> = [
    { title: 'Grano', dataIndex: 'descer', key: 'descer', fixed: 'left', width: mobile ? 84 : 110 },
    { title: 'Cosecha', dataIndex: 'cosecha', key: 'cosecha', width: 90 },
    num('Romaneo', 'kilos1'),
    num('Certif.', 'kilos2'),
    num('Transf.', 'kilos3'),
    num('1116BC', 'kilos4'),
    num('Parcial', 'kilos5'),
    num('Retiro', 'kilos6'),
    num('Contrato', 'kilos7'),
    { ...num('Stock', 'kilstk'), render: (v: number) => <strong>{kg(v)}</strong> },
  ];
  return (
    <Card
      size="small"
      title="Posición global de granos"
      data-testid="grain-position"
      extra={
        <Switch
          checked={onlyAvailable}
          onChange={setOnlyAvailable}
          checkedChildren="Solo disponibles"
          unCheckedChildren="Todos"
          aria-label="Solo disponibles"
        />
      }
    >
      <Table<GrainPositionRow>
        size="small"
        rowKey={(r) => `${r.cereal}-${r.cosecha}`}
        columns={columns}
        dataSource={shown}
        pagination={false}
        scroll={{ x: 1040, y: 300 }}
        locale={{ emptyText: onlyAvailable ? 'No tiene granos disponibles.' : 'No tiene movimientos de granos.' }}
        onRow={(row) => ({ onClick: () => onRow(row), style: { cursor: 'pointer' } })}
      />
    </Card>
  );
}
