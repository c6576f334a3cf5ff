import type { Porlet } from '@portal/contract';
import { Panel } from '../../../lib/panel';
import { PlainTable } from '../../../lib/plain-table';

type Fila = Extract<Porlet, { tipo: 'tabla' }>['filas'][number];

export function TableCard({ porlet }: { porlet: Extract<Porlet, { tipo: 'tabla' }> }) {
  return (
    <Panel title={porlet.titulo} data-testid={`porlet-${porlet.id}`}>
      <PlainTable<Fila>
        label={porlet.titulo}
        rowKey={(r) => Object.values(r).join('|')}
        rows={porlet.filas}
        empty={porlet.vacio}
        minWidth={480}
        columns={porlet.columnas.map((c) => ({
          key: c.key,
          title: c.titulo,
          align: c.alineacion === 'derecha' ? 'right' : 'left',
          render: (r: Fila) => r[c.key],
        }))}
      />
    </Panel>
  );
}
