import { Card, Empty } from 'antd';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Porlet } from '@portal/contract';

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
    <Card title={porlet.titulo} size="small" data-testid={`porlet-${porlet.id}`} className="chart-card">
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin datos para mostrar." />
      ) : (
        <div style={{ width: '100%', height }} role="img" aria-label={porlet.titulo}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
              {horizontal ? (
                <>
                  <XAxis type="number" tickFormatter={(v: number) => axisValue(porlet.unidad, v)} fontSize={11} />
                  <YAxis
                    type="category"
                    dataKey="nombre"
                    width={mobile ? 110 : 180}
                    fontSize={11}
                    tickFormatter={(v: string) => (v.length > (mobile ? 15 : 26) ? `${v.slice(0, mobile ? 14 : 25)}…` : v)}
                  />
                </>
              ) : (
                <>
                  <XAxis dataKey="nombre" fontSize={11} interval={mobile && data.length > 6 ? 1 : 0} />
                  <YAxis tickFormatter={(v: number) => axisValue(porlet.unidad, v)} width={mobile ? 58 : 72} fontSize={11} />
                </>
              )}
              <Tooltip
                formatter={(_v, _n, item) => [(item.payload as { valor_con_formato: string }).valor_con_formato, porlet.titulo]}
                labelFormatter={(label) => String(label)}
              />
              <Bar
                dataKey="valor"
                fill={color}
                radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
                isAnimationActive={false}
                cursor={clickable ? 'pointer' : undefined}
                onClick={clickable ? (entry: unknown) => onBarClick!((entry as { payload?: { label: string }; label?: string }).payload?.label ?? (entry as { label: string }).label) : undefined}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}
