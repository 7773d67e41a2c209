import { type CheckResult, CONFIDENCE, type FieldSpec, type ScalarFieldType } from '@sieve/contracts';
import { Badge } from '@sieve/ui';
import { readableValue } from './result-items';

/**
 * Keys a line-items row carries beside its columns (DESIGN §13: its box, each cell's confidence;
 * DESIGN §4: `disputed` on a row the reviewers did not settle).
 */
const ROW_KEYS = new Set(['anchor', 'confidence', 'row', 'disputed']);

type Row = Record<string, unknown>;

export interface ItemColumn {
  name: string;
  type: ScalarFieldType;
}

const isFigureColumn = (column: ItemColumn) =>
  column.type === 'number' || column.type === 'money' || column.type === 'percent';

/** A cell as people read it: money with its cents (10.20), other figures grouped, text as printed. */
function cellText(value: unknown, column: ItemColumn): string {
  if (column.type === 'money' && typeof value === 'number' && Number.isFinite(value))
    return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
  return readableValue(value, column.type === 'identifier' ? 'id' : column.name);
}

/** A line-items answer: a list of row objects. */
export function isRowList(value: unknown): value is Row[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row))
  );
}

function itemValue(item: unknown): unknown {
  return item && typeof item === 'object' && !Array.isArray(item) && 'value' in item
    ? (item as { value: unknown }).value
    : item;
}

/** The line-items fields of a result, each with its rows and columns (the request's, else the rows' keys). */
export function lineItemLists(
  result: Record<string, unknown> | null | undefined,
  fields: readonly FieldSpec[],
): { name: string; rows: Row[]; columns: ItemColumn[] }[] {
  if (!result) return [];
  return Object.entries(result).flatMap(([name, item]) => {
    const rows = itemValue(item);
    if (!isRowList(rows)) return [];
    const spec = fields.find((f) => f.name === name && f.type === 'line_items');
    const columns: ItemColumn[] =
      spec?.columns?.map((c) => ({ name: c.name, type: c.type })) ??
      [...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => !ROW_KEYS.has(key))))].map(
        (column) => ({
          name: column,
          type: rows.some((row) => typeof row[column] === 'number') ? 'number' : 'text',
        }),
      );
    return [{ name, rows, columns }];
  });
}

function cellConfidence(row: Row, column: string): number | null {
  const confidence = row.confidence;
  if (!confidence || typeof confidence !== 'object') return null;
  const value = (confidence as Record<string, unknown>)[column];
  return typeof value === 'number' ? value : null;
}

/** One line-items answer as a table: a row per item, a column per requested column (DESIGN §13). */
export function LineItemsTable({
  name,
  rows,
  columns,
}: {
  name: string;
  rows: Row[];
  columns: ItemColumn[];
}) {
  return (
    <div className="rq-result-table">
      <table className="rq-results rq-items">
        <caption className="rq-items__caption">
          {name} <span className="sv-muted">· {rows.length === 1 ? '1 item' : `${rows.length} items`}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="rq-results__num">
              Row
            </th>
            {columns.map((column) => (
              <th
                key={column.name}
                scope="col"
                className={isFigureColumn(column) ? 'rq-results__num' : undefined}
              >
                {column.name.replace(/[_-]+/g, ' ')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is their identity
            <tr key={index}>
              <th scope="row" className="rq-results__num">
                {index + 1}
                {row.disputed === true ? (
                  <>
                    {' '}
                    <Badge tone="warning">Disputed</Badge>
                  </>
                ) : null}
              </th>
              {columns.map((column) => {
                const value = row[column.name];
                const confidence = cellConfidence(row, column.name);
                const isUnsure = confidence !== null && confidence < CONFIDENCE.medium;
                return (
                  <td
                    key={column.name}
                    className={isFigureColumn(column) ? 'rq-results__num' : undefined}
                    title={confidence === null ? undefined : `Confidence ${Math.round(confidence * 100)}%`}
                    data-unsure={isUnsure ? 'true' : undefined}
                  >
                    {value === null || value === undefined || value === '' ? (
                      <span className="sv-muted">—</span>
                    ) : (
                      <code className="rq-value">{cellText(value, column)}</code>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The checks run on a result (DESIGN §13): each with its words, a failed one with the reviewer's reason. */
export function CheckList({ checks }: { checks: readonly CheckResult[] }) {
  if (checks.length === 0) return null;
  return (
    <ul className="rq-checks" aria-label="Checks">
      {checks.map((check) => (
        <li key={check.name} className="rq-checks__item">
          <Badge tone={check.passed ? 'success' : 'warning'} hasDot>
            {check.passed ? 'Passed' : 'Failed'}
          </Badge>{' '}
          <strong>{check.name}</strong>: {check.detail}
          {check.reason ? (
            <span className="rq-checks__reason"> Reviewer's reason: {check.reason}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
