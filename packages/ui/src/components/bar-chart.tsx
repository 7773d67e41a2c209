import {
  axisTicks,
  type CategoryChartProps,
  ChartFrame,
  ChartLegend,
  type ChartTone,
  labelIndices,
} from './chart-frame';

export interface BarChartSeries {
  name: string;
  values: readonly number[];
  tone: ChartTone;
}

export interface BarChartProps extends CategoryChartProps {
  series: readonly BarChartSeries[];
  /** Whole-number ticks (counts); on by default. */
  isInteger?: boolean;
}

const WIDTH = 520;
const HEIGHT = 200;
const PAD = { top: 10, right: 6, bottom: 24, left: 36 };

/** Grouped vertical bars on a zero-based axis (hand-drawn SVG, no chart library). */
export function BarChart({
  title,
  description,
  categories,
  categoryLabels = categories,
  categoryHeader = 'Date',
  series,
  summary,
  formatValue = (value) => value.toLocaleString(),
  emptyMessage = 'No data in this period.',
  maxLabels = 7,
  isInteger = true,
}: BarChartProps) {
  const ticks = axisTicks(Math.max(0, ...series.flatMap((s) => s.values)), { isInteger });
  const max = ticks.at(-1) ?? 1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const band = categories.length > 0 ? plotWidth / categories.length : plotWidth;
  const groupWidth = band * 0.72;
  const barWidth = series.length > 0 ? groupWidth / series.length : groupWidth;
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const shown = labelIndices(categories.length, maxLabels);
  const isEmpty = series.every((s) => s.values.every((value) => value === 0));

  return (
    <ChartFrame
      title={title}
      description={description}
      legend={<ChartLegend series={series} />}
      isEmpty={isEmpty}
      emptyMessage={emptyMessage}
      table={{
        categoryHeader,
        categories: categoryLabels,
        series: series.map((s) => ({ name: s.name, values: s.values.map(formatValue) })),
      }}
    >
      <svg className="sv-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        {ticks.map((value) => {
          return (
            <g key={value} className="sv-chart__grid">
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} />
              <text x={PAD.left - 6} y={y(value)} dy="0.32em" textAnchor="end">
                {formatValue(value)}
              </text>
            </g>
          );
        })}
        {categories.map((category, index) => {
          const x0 = PAD.left + band * index + (band - groupWidth) / 2;
          return (
            <g key={`${category}-${categoryLabels[index] ?? index}`}>
              {series.map((s, seriesIndex) => {
                const value = s.values[index] ?? 0;
                const top = y(value);
                return (
                  <rect
                    key={s.name}
                    className={`sv-chart__bar sv-chart-tone--${s.tone}`}
                    x={x0 + barWidth * seriesIndex}
                    y={top}
                    width={Math.max(1, barWidth - 1)}
                    height={Math.max(0, PAD.top + plotHeight - top)}
                    rx={1.5}
                  >
                    <title>{`${categoryLabels[index] ?? category}: ${formatValue(value)} ${s.name.toLowerCase()}`}</title>
                  </rect>
                );
              })}
              {shown.has(index) ? (
                <text
                  className="sv-chart__axis-label"
                  x={x0 + groupWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                >
                  {category}
                </text>
              ) : null}
            </g>
          );
        })}
        <line
          className="sv-chart__baseline"
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotHeight}
          y2={PAD.top + plotHeight}
        />
      </svg>
    </ChartFrame>
  );
}
