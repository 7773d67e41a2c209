import {
  axisTicks,
  type CategoryChartProps,
  ChartFrame,
  ChartLegend,
  type ChartTone,
  labelIndices,
} from './chart-frame';

export interface LineChartSeries {
  name: string;
  /** `null` where there is no figure: the line breaks there. */
  values: readonly (number | null)[];
  tone: ChartTone;
}

export interface LineChartProps extends CategoryChartProps {
  series: readonly LineChartSeries[];
  /** A fixed axis maximum (100 for percentages); else rounded up from the data. */
  yMax?: number;
}

const WIDTH = 520;
const HEIGHT = 200;
const PAD = { top: 10, right: 12, bottom: 24, left: 40 };

/** Lines over categories with gaps where a value is missing (hand-drawn SVG). */
export function LineChart({
  title,
  description,
  categories,
  categoryLabels = categories,
  categoryHeader = 'Date',
  series,
  summary,
  formatValue = (value) => value.toLocaleString(),
  yMax,
  emptyMessage = 'No data in this period.',
  maxLabels = 7,
}: LineChartProps) {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const ticks = yMax
    ? Array.from({ length: 5 }, (_, i) => (yMax / 4) * i)
    : axisTicks(Math.max(0, ...values));
  const max = ticks.at(-1) ?? 1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = categories.length > 1 ? plotWidth / (categories.length - 1) : 0;
  const x = (index: number) => PAD.left + (categories.length > 1 ? step * index : plotWidth / 2);
  const y = (value: number) => PAD.top + plotHeight - (Math.min(value, max) / max) * plotHeight;
  const shown = labelIndices(categories.length, maxLabels);

  const pathOf = (points: readonly (number | null)[]) => {
    let d = '';
    let isDrawing = false;
    points.forEach((value, index) => {
      if (value === null) {
        isDrawing = false;
        return;
      }
      d += `${isDrawing ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)}`;
      isDrawing = true;
    });
    return d;
  };

  return (
    <ChartFrame
      title={title}
      description={description}
      legend={<ChartLegend series={series} />}
      isEmpty={values.length === 0}
      emptyMessage={emptyMessage}
      table={{
        categoryHeader,
        categories: categoryLabels,
        series: series.map((s) => ({
          name: s.name,
          values: s.values.map((v) => (v === null ? 'No data' : formatValue(v))),
        })),
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
        {categories.map((category, index) =>
          shown.has(index) ? (
            <text
              key={`${category}-${categoryLabels[index] ?? index}`}
              className="sv-chart__axis-label"
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor={index === 0 ? 'start' : index === categories.length - 1 ? 'end' : 'middle'}
            >
              {category}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name} className={`sv-chart__series sv-chart-tone--${s.tone}`}>
            <path className="sv-chart__line" d={pathOf(s.values)} />
            {s.values.map((value, index) =>
              value === null ? null : (
                <circle
                  // biome-ignore lint/suspicious/noArrayIndexKey: one point per category, in order
                  key={index}
                  className="sv-chart__point"
                  cx={x(index)}
                  cy={y(value)}
                  r={3}
                >
                  <title>{`${categoryLabels[index] ?? categories[index]}: ${formatValue(value)}`}</title>
                </circle>
              ),
            )}
          </g>
        ))}
      </svg>
    </ChartFrame>
  );
}
