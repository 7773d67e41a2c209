import { ChartFrame, type ChartTone } from './chart-frame';

export interface BarListItem {
  label: string;
  value: number;
}

export interface BarListProps {
  title: string;
  description?: string;
  items: readonly BarListItem[];
  /** Header of the label column in the data table. */
  labelHeader: string;
  valueHeader: string;
  tone?: ChartTone;
  formatValue?: (value: number) => string;
  emptyMessage?: string;
}

/** Ranked horizontal bars with their figures, for a short top-N list. */
export function BarList({
  title,
  description,
  items,
  labelHeader,
  valueHeader,
  tone = 'blue',
  formatValue = (value) => value.toLocaleString(),
  emptyMessage = 'No data yet.',
}: BarListProps) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ChartFrame
      title={title}
      description={description}
      isEmpty={items.length === 0}
      emptyMessage={emptyMessage}
      table={{
        categoryHeader: labelHeader,
        categories: items.map((item) => item.label),
        series: [{ name: valueHeader, values: items.map((item) => formatValue(item.value)) }],
      }}
    >
      <ol className="sv-bar-list">
        {items.map((item) => (
          <li key={item.label} className="sv-bar-list__item">
            <span className="sv-bar-list__label">{item.label}</span>
            <span className="sv-bar-list__track">
              <span
                className={`sv-bar-list__bar sv-chart-tone--${tone}`}
                style={{ width: `${(item.value / max) * 100}%` }}
              />
            </span>
            <span className="sv-bar-list__value">{formatValue(item.value)}</span>
          </li>
        ))}
      </ol>
    </ChartFrame>
  );
}
