import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The dashboard's bar charts, drawn as plain SVG. A charts library (recharts and its d3, redux and immer) was most
 * of the dashboard's download for what is one kind of chart here: bars along one category axis, a value axis with
 * round ticks, a tooltip and a click (docs/decisions/web-delivery.md).
 */
export type Bar = { key: string; name: string; value: number; text: string };

type BarChartProps = {
  bars: Bar[];
  /** Bars grow rightwards, the names on the left (a ranking); otherwise upwards, the names below (a series). */
  horizontal: boolean;
  height: number;
  color: string;
  /** Room for the value axis' labels (vertical charts) or the names (horizontal ones), in px. */
  axisWidth: number;
  /** Longest name shown on a horizontal chart's axis; longer ones end in '…' (the tooltip has the whole name). */
  maxNameLength: number;
  /** Vertical charts: show every n-th name below the bars (1 = all). */
  nameEvery: number;
  formatValue: (v: number) => string;
  label: string;
  onBarClick?: (key: string) => void;
};

const FONT = 11;
const TICK = 6;
const MARGIN = { top: 8, right: 12, bottom: 4, left: 4 };
const AXIS = '#666';
const GRID = '#ccc';

const STEPS = [1, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * Round ticks from 0 (or the lowest value, when below 0) to at least the highest value, at most `intervals` gaps
 * between them: the smallest step of 1, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten that covers the values.
 */
export function niceTicks(min: number, max: number, intervals = 4): number[] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  if (hi === lo) return [0, 1];
  const power = 10 ** Math.floor(Math.log10((hi - lo) / intervals));
  let step = power * 10;
  for (const m of STEPS) {
    if (Math.ceil(hi / (m * power)) - Math.floor(lo / (m * power)) <= intervals) {
      step = m * power;
      break;
    }
  }
  const first = Math.floor(lo / step);
  const last = Math.ceil(hi / step);
  return Array.from({ length: last - first + 1 }, (_, i) => Number(((first + i) * step).toPrecision(12)));
}

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The same measure as the observer's (its first call comes right after): a chart draws once, not twice, with its
    // width (clientWidth rounds where the observer's floor does not).
    setWidth(Math.floor(el.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const shorten = (name: string, max: number) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

export function BarChart(props: BarChartProps) {
  const { bars, horizontal, height, color, axisWidth, maxNameLength, nameEvery, formatValue, label, onBarClick } = props;
  const [ref, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const clickable = Boolean(onBarClick);

  // The plot: what is left after the margins, the category axis and the value axis.
  const left = MARGIN.left + axisWidth;
  const top = MARGIN.top;
  const valueAxisHeight = FONT + TICK + 8;
  const plotW = Math.max(0, width - left - MARGIN.right);
  const plotH = Math.max(0, height - top - MARGIN.bottom - valueAxisHeight);
  // Value labels side by side need about 70 px each; stacked ones about 40.
  const intervals = Math.min(4, Math.max(2, Math.floor((horizontal ? plotW : plotH) / (horizontal ? 70 : 40))));
  const ticks = niceTicks(Math.min(...bars.map((b) => b.value)), Math.max(...bars.map((b) => b.value)), intervals);
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const band = (horizontal ? plotH : plotW) / Math.max(1, bars.length);
  const thickness = Math.max(2, band * 0.78);
  const length = horizontal ? plotW : plotH;
  const scale = (v: number) => ((v - lo) / (hi - lo)) * length;
  const zero = scale(0);

  function open(i: number) {
    if (onBarClick) onBarClick(bars[i]!.key);
  }
  function handleKey(e: KeyboardEvent, i: number) {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(i);
    }
  }

  const current = active === null ? null : bars[active];
  // The tooltip sits beside the active bar's end, kept inside the chart.
  let tip: { x: number; y: number; align: string } | null = null;
  if (current && active !== null) {
    const mid = active * band + band / 2;
    const end = scale(current.value);
    if (horizontal) tip = { x: left + Math.min(Math.max(end, zero), plotW * 0.55), y: top + mid, align: 'is-side' };
    else tip = { x: left + mid, y: top + plotH - Math.max(end, zero), align: mid < plotW * 0.2 ? 'is-start' : mid > plotW * 0.8 ? 'is-end' : '' };
  }

  return (
    <div ref={ref} className="bar-chart" style={{ height }} role={clickable ? 'group' : 'img'} aria-label={label} onMouseLeave={() => setActive(null)}>
      {width > 0 && (
        <svg width={width} height={height} className="bar-chart-svg" aria-hidden={clickable ? undefined : true}>
          <g transform={`translate(${left},${top})`} fontSize={FONT} fill={AXIS}>
            {/* Grid and value axis */}
            {ticks.map((t) => {
              const at = horizontal ? scale(t) : plotH - scale(t);
              return (
                <g key={t}>
                  {horizontal ? (
                    <>
                      <line x1={at} x2={at} y1={0} y2={plotH} stroke={GRID} strokeDasharray="3 3" />
                      <line x1={at} x2={at} y1={plotH} y2={plotH + TICK} stroke={AXIS} />
                      <text x={at} y={plotH + TICK + FONT} textAnchor={t === lo ? 'start' : t === hi ? 'end' : 'middle'}>
                        {formatValue(t)}
                      </text>
                    </>
                  ) : (
                    <>
                      <line x1={0} x2={plotW} y1={at} y2={at} stroke={GRID} strokeDasharray="3 3" />
                      <line x1={-TICK} x2={0} y1={at} y2={at} stroke={AXIS} />
                      <text x={-TICK - 3} y={at} dy="0.35em" textAnchor="end">
                        {formatValue(t)}
                      </text>
                    </>
                  )}
                </g>
              );
            })}
            {/* Bars: the whole band answers the pointer, so a short bar is as easy to tap as a long one. */}
            {bars.map((b, i) => {
              const start = band * i;
              const size = Math.abs(scale(b.value) - zero);
              const from = Math.min(scale(b.value), zero);
              const bar = horizontal
                ? { x: from, y: start + (band - thickness) / 2, width: size, height: thickness }
                : { x: start + (band - thickness) / 2, y: plotH - from - size, width: thickness, height: size };
              const r = Math.min(4, size / 2, thickness / 2);
              return (
                <g
                  key={b.key}
                  className={clickable ? 'chart-bar is-clickable' : 'chart-bar'}
                  role={clickable ? 'link' : undefined}
                  tabIndex={clickable ? 0 : undefined}
                  aria-label={clickable ? `${b.name}: ${b.text}` : undefined}
                  onMouseEnter={() => setActive(i)}
                  onFocus={() => setActive(i)}
                  onBlur={() => setActive(null)}
                  onClick={clickable ? () => open(i) : undefined}
                  onKeyDown={clickable ? (e) => handleKey(e, i) : undefined}
                >
                  <rect
                    className="chart-band"
                    {...(horizontal ? { x: 0, y: start, width: plotW, height: band } : { x: start, y: 0, width: band, height: plotH })}
                    fill={active === i ? 'rgba(0, 0, 0, 0.05)' : 'transparent'}
                  />
                  <path d={roundedBar(bar, r, horizontal, b.value < 0)} fill={color} />
                </g>
              );
            })}
            {/* Category axis */}
            {horizontal ? (
              <g>
                <line x1={zero} x2={zero} y1={0} y2={plotH} stroke={AXIS} />
                {bars.map((b, i) => (
                  <g key={b.key}>
                    <line x1={-TICK} x2={0} y1={band * i + band / 2} y2={band * i + band / 2} stroke={AXIS} />
                    <text x={-TICK - 3} y={band * i + band / 2} dy="0.35em" textAnchor="end">
                      {shorten(b.name, maxNameLength)}
                    </text>
                  </g>
                ))}
              </g>
            ) : (
              <g>
                <line x1={0} x2={0} y1={0} y2={plotH} stroke={AXIS} />
                <line x1={0} x2={plotW} y1={plotH - zero} y2={plotH - zero} stroke={AXIS} />
                {bars.map((b, i) =>
                  i % nameEvery === 0 ? (
                    <g key={b.key}>
                      <line x1={band * i + band / 2} x2={band * i + band / 2} y1={plotH} y2={plotH + TICK} stroke={AXIS} />
                      <text x={band * i + band / 2} y={plotH + TICK + FONT} textAnchor="middle">
                        {b.name}
                      </text>
                    </g>
                  ) : null,
                )}
              </g>
            )}
            {horizontal && <line x1={0} x2={plotW} y1={plotH} y2={plotH} stroke={AXIS} />}
          </g>
        </svg>
      )}
      {current && tip && (
        <div className={`bar-chart-tip ${tip.align}`} style={{ left: tip.x, top: tip.y }} role="tooltip">
          <div className="bar-chart-tip-name">{current.name}</div>
          <div className="bar-chart-tip-value" style={{ color }}>
            {label}: {current.text}
          </div>
        </div>
      )}
    </div>
  );
}

type Box = { x: number; y: number; width: number; height: number };

/** A bar with its far end rounded (the end away from zero). */
function roundedBar({ x, y, width, height }: Box, r: number, horizontal: boolean, negative: boolean): string {
  if (width <= 0 || height <= 0) return '';
  if (r <= 0) return `M${x},${y}h${width}v${height}h${-width}Z`;
  if (horizontal && !negative) {
    return `M${x},${y}h${width - r}a${r},${r} 0 0 1 ${r},${r}v${height - 2 * r}a${r},${r} 0 0 1 ${-r},${r}h${-(width - r)}Z`;
  }
  if (horizontal) {
    return `M${x + width},${y}v${height}h${-(width - r)}a${r},${r} 0 0 1 ${-r},${-r}v${-(height - 2 * r)}a${r},${r} 0 0 1 ${r},${-r}Z`;
  }
  if (!negative) {
    return `M${x},${y + height}v${-(height - r)}a${r},${r} 0 0 1 ${r},${-r}h${width - 2 * r}a${r},${r} 0 0 1 ${r},${r}v${height - r}Z`;
  }
  return `M${x},${y}h${width}v${height - r}a${r},${r} 0 0 1 ${-r},${r}h${-(width - 2 * r)}a${r},${r} 0 0 1 ${-r},${-r}Z`;
}
