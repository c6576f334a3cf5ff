import { Empty } from 'antd';
import type { Porlet } from '@portal/contract';
import { Panel } from '../../../lib/panel';
import { BarChart } from './bar-chart';

type BarChartCardProps = {
  porlet: Extract<Porlet, { tipo: 'barras' }>;
  color: string;
  mobile: boolean;
  onBarClick?: (label: string) => void;
};

const compact = new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 });

function axisValue(unidad: string, v: number): string {
  if (unidad === 'moneda') return `$ ${compact.format(v)}`;
  if (unidad === 'kilos') return `${compact.format(v / 1000)} t`;
  return compact.format(v);
}

/** A bar chart of the dashboard; es-AR numbers, no animation, readable at 390 px. */
export function BarChartCard({ porlet, color, mobile, onBarClick }: BarChartCardProps) {
  const horizontal = porlet.orientacion === 'horizontal';
  const data = porlet.serie;
  const height = horizontal ? Math.max(200, data.length * (mobile ? 34 : 30) + 40) : mobile ? 240 : 280;
  const clickable = Boolean(onBarClick && porlet.link);
  return (
    <Panel title={porlet.titulo} data-testid={`porlet-${porlet.id}`} className="chart-card">
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin datos para mostrar." />
      ) : (
        <BarChart
          bars={data.map((b) => ({ key: b.label, name: b.nombre, value: b.valor, text: b.valor_con_formato }))}
          horizontal={horizontal}
          height={height}
          color={color}
          axisWidth={horizontal ? (mobile ? 110 : 180) : mobile ? 58 : 72}
          maxNameLength={mobile ? 16 : 28}
          nameEvery={!horizontal && mobile && data.length > 6 ? 2 : 1}
          formatValue={(v) => axisValue(porlet.unidad, v)}
          label={porlet.titulo}
          onBarClick={clickable ? onBarClick : undefined}
        />
      )}
    </Panel>
  );
}
