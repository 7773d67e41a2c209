import './chart.css';
import type { ReactNode } from 'react';

/** Colours of a chart's series; each reads on the surface in both themes. */
export type ChartTone = 'blue' | 'green' | 'amber' | 'gray';

export interface ChartDataTable {
  /** Header of the first column, e.g. "Date". */
  categoryHeader: string;
  categories: readonly string[];
  series: readonly { name: string; values: readonly string[] }[];
}

/** Rounds up to 1, 2, 2.5, 5 or 10 times a power of ten: a readable axis maximum. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const fraction = value / power;
  const step = [1, 2, 2.5, 5, 10].find((candidate) => fraction <= candidate) ?? 10;
  return step * power;
}

/**
 * A zero-based axis for values up to `rawMax`: a readable step (1, 2, 2.5 or 5 times a power of
 * ten, whole numbers for counts) and the ticks from 0 to the first multiple of it at or above
 * `rawMax`.
 */
export function axisTicks(rawMax: number, { isInteger = false, targetTicks = 4 } = {}): number[] {
  const top = rawMax > 0 ? rawMax : 1;
  let step = niceCeiling(top / targetTicks);
  if (isInteger) step = Math.max(1, Math.ceil(step));
  const count = Math.max(1, Math.ceil(top / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, i) => Number((step * i).toPrecision(12)));
}

/** Indices of the category labels to print so that at most `maxLabels` show, evenly spaced. */
export function labelIndices(count: number, maxLabels: number): Set<number> {
  const indices = new Set<number>();
  if (count <= 0) return indices;
  const every = Math.max(1, Math.ceil(count / maxLabels));
  for (let i = count - 1; i >= 0; i -= every) indices.add(i);
  return indices;
}

export function ChartLegend({ series }: { series: readonly { name: string; tone: ChartTone }[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="sv-chart__legend">
      {series.map((item) => (
        <li key={item.name}>
          <span className={`sv-chart__swatch sv-chart-tone--${item.tone}`} aria-hidden="true" />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * The frame of every chart: a titled figure, the picture (an `img` with a one-sentence summary),
 * and the same figures as a table behind a disclosure, for screen readers and exact values.
 */
export function ChartFrame({
  title,
  description,
  legend,
  table,
  isEmpty,
  emptyMessage,
  children,
}: {
  title: string;
  description?: ReactNode;
  legend?: ReactNode;
  table: ChartDataTable;
  isEmpty: boolean;
  emptyMessage: string;
  children: ReactNode;
}) {
  return (
    <figure className="sv-chart">
      <figcaption className="sv-chart__header">
        <span className="sv-chart__title">{title}</span>
        {description ? <span className="sv-chart__description">{description}</span> : null}
      </figcaption>
      {legend}
      {isEmpty ? <p className="sv-chart__empty">{emptyMessage}</p> : children}
      <details className="sv-chart__data">
        <summary>Show data</summary>
        <div className="sv-chart__table-wrap">
          <table className="sv-chart__table">
            <thead>
              <tr>
                <th scope="col">{table.categoryHeader}</th>
                {table.series.map((series) => (
                  <th key={series.name} scope="col">
                    {series.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.categories.map((category, index) => (
                <tr key={category}>
                  <th scope="row">{category}</th>
                  {table.series.map((series) => (
                    <td key={series.name}>{series.values[index] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** What every category chart takes: titles, categories along the x axis, and its spoken summary. */
export interface CategoryChartProps {
  title: string;
  description?: string;
  /** Short labels under the x axis ("May 3", "14:00"). */
  categories: readonly string[];
  /** Full labels for tooltips and the data table; the short ones when absent. */
  categoryLabels?: readonly string[];
  categoryHeader?: string;
  /** One sentence read instead of the picture. */
  summary: string;
  formatValue?: (value: number) => string;
  emptyMessage?: string;
  maxLabels?: number;
}
