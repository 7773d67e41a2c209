import { type CheckResult, CONFIDENCE, type FieldSpec } from '@sieve/contracts';
import { Badge } from '@sieve/ui';
import { readableValue } from './result-items';

/** Keys a line-items row carries beside its columns (DESIGN §13: its box, each cell's confidence). */
const ROW_KEYS = new Set(['anchor', 'confidence']);

type Row = Record<string, unknown>;

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
): { name: string; rows: Row[]; columns: string[] }[] {
  if (!result) return [];
  return Object.entries(result).flatMap(([name, item]) => {
    const rows = itemValue(item);
    if (!isRowList(rows)) return [];
    const spec = fields.find((f) => f.name === name && f.type === 'line_items');
    const columns = spec?.columns?.map((c) => c.name) ?? [
      ...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => !ROW_KEYS.has(key)))),
    ];
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
export function LineItemsTable({ name, rows, columns }: { name: string; rows: Row[]; columns: string[] }) {
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
              <th key={column} scope="col">
                {column}
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
              </th>
              {columns.map((column) => {
                const value = row[column];
                const confidence = cellConfidence(row, column);
                const isUnsure = confidence !== null && confidence < CONFIDENCE.medium;
                return (
                  <td
                    key={column}
                    className={typeof value === 'number' ? 'rq-results__num' : undefined}
                    title={confidence === null ? undefined : `Confidence ${Math.round(confidence * 100)}%`}
                    data-unsure={isUnsure ? 'true' : undefined}
                  >
                    {value === null || value === undefined || value === '' ? (
                      <span className="sv-muted">—</span>
                    ) : (
                      <code className="rq-value">{readableValue(value, column)}</code>
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
