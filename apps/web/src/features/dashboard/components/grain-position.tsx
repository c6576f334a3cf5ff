import { useMemo, useState } from 'react';
import { Switch } from 'antd';
import { formatNumber, type GrainPositionRow } from '@portal/contract';
import { Panel } from '../../../lib/panel';
import { PlainTable, type PlainColumn } from '../../../lib/plain-table';

type GrainPositionProps = { rows: GrainPositionRow[]; onRow: (row: GrainPositionRow) => void; mobile: boolean };

const kg = (v: number) => formatNumber(v, 0);
const num = (title: string, key: keyof GrainPositionRow): PlainColumn<GrainPositionRow> => ({
  key,
  title,
  align: 'right',
  width: 104,
  render: (r) => kg(r[key] as number),
});

/** 'Posición global de granos': es-AR with 0 decimals, at most 300 px high, 'Solo disponibles' / 'Todos'. */
export function GrainPosition({ rows, onRow, mobile }: GrainPositionProps) {
  const [onlyAvailable, setOnlyAvailable] = useState(true);
  const shown = useMemo(() => (onlyAvailable ? rows.filter((r) => r.kilstk > 0) : rows), [rows, onlyAvailable]);
  const grain: PlainColumn<GrainPositionRow> = { key: 'descer', title: 'Grano', sticky: true, width: mobile ? 84 : 110, render: (r) => r.descer };
  const harvest: PlainColumn<GrainPositionRow> = { key: 'cosecha', title: 'Cosecha', width: 90, render: (r) => r.cosecha };
  const stock: PlainColumn<GrainPositionRow> = { ...num('Stock', 'kilstk'), render: (r) => <strong>{kg(r.kilstk)}</strong> };
  const movements = [num('Romaneo', 'kilos1'), num('Certif.', 'kilos2'), num('Transf.', 'kilos3'), num('1116BC', 'kilos4'), num('Parcial', 'kilos5'), num('Retiro', 'kilos6'), num('Contrato', 'kilos7')];
  // On a phone the stock comes first after the grain and its harvest: the figure a producer looks for is on screen
  // without scrolling sideways; the movements that make it follow.
  const columns = mobile ? [grain, harvest, stock, ...movements] : [grain, harvest, ...movements, stock];
  return (
    <Panel
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
      <PlainTable<GrainPositionRow>
        label="Posición global de granos"
        rowKey={(r) => `${r.cereal}-${r.cosecha}`}
        rowClassName="grain-row"
        columns={columns}
        rows={shown}
        minWidth={1040}
        maxHeight={300}
        empty={onlyAvailable ? 'No tiene granos disponibles.' : 'No tiene movimientos de granos.'}
        onRow={onRow}
      />
    </Panel>
  );
}
