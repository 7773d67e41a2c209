import { CONFIDENCE, type WorkerTask } from '@sieve/contracts';
import { Button, Icon } from '@sieve/ui';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import {
  cellConfidence,
  type ItemColumn,
  type ItemRow,
  isRowList,
  itemCellProblem,
  itemColumns,
  lineItemSpecs,
  parseItemCell,
  rowAnchor,
  withCell,
  withNewRow,
  withoutRow,
  withRowMoved,
} from './line-items';
import { displayText, type ItemAnchor, type ReviewRow } from './review-rows';
import type { ReviewDraft } from './use-review-draft';
import './line-items.css';

export interface ShownItemRow {
  /** The field's row in the review table. */
  rowId: string;
  label: string;
  anchor: ItemAnchor;
  /** A cell's text to mark in the source (the row's amount or description). */
  valueText: string;
}

const label = (column: string) => column.replace(/[_-]+/g, ' ');

/**
 * One cell: typed into freely, stored in its column's type when the reviewer leaves it or presses
 * Enter (which moves to the same cell of the next row, as ↓ does; ↑ goes up); Escape puts the
 * stored value back.
 */
function ItemCell({
  value,
  column,
  rowNumber,
  fieldName,
  onCommit,
  onMove,
}: {
  value: unknown;
  column: ItemColumn;
  rowNumber: number;
  fieldName: string;
  onCommit: (value: unknown) => void;
  /** To the same cell of the row `delta` away (Enter and ↓ go down, ↑ up). */
  onMove: (delta: number) => void;
}) {
  // Money as printed on invoices, with its cents (10.20); everything else as stored.
  const stored =
    column.type === 'money' && typeof value === 'number' && Number.isFinite(value)
      ? value.toLocaleString('en-US', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 6,
          useGrouping: false,
        })
      : displayText(value);
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    if (text !== stored) onCommit(parseItemCell(text, column.type));
    setText(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The workspace's letter shortcuts belong to the table rows, not to a cell being typed in.
    event.stopPropagation();
    if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      commit();
      onMove(event.key === 'ArrowUp' ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setText(null);
    }
  };
  const isNumeric = column.type === 'number' || column.type === 'money' || column.type === 'percent';
  return (
    <input
      className={`sv-items__input${isNumeric ? ' is-numeric' : ''}`}
      aria-label={`${label(column.name)} of ${fieldName} item ${rowNumber}`}
      inputMode={isNumeric ? 'decimal' : undefined}
      value={text ?? stored}
      onFocus={(event) => {
        setText(stored);
        event.currentTarget.select();
      }}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}

function ItemsTable({
  row,
  columns,
  aiRows,
  onChange,
  onShowRow,
}: {
  row: ReviewRow;
  columns: ItemColumn[];
  aiRows: ItemRow[];
  onChange: (rows: ItemRow[]) => void;
  onShowRow: (shown: ShownItemRow) => void;
}) {
  const rows = isRowList(row.cells.value) ? row.cells.value : [];
  const name = row.key || 'line items';
  const tableRef = useRef<HTMLTableElement>(null);
  const focusCell = (rowIndex: number, column: string) => {
    requestAnimationFrame(() =>
      tableRef.current
        ?.querySelector<HTMLInputElement>(
          `tr[data-item="${rowIndex}"] td[data-column="${CSS.escape(column)}"] input`,
        )
        ?.focus(),
    );
  };
  const amountColumn = columns.find((c) => c.type === 'money') ?? columns.find((c) => c.type === 'number');
  const textColumn = columns.find((c) => c.type === 'text');
  return (
    <section className="sv-items" aria-label={`Line items: ${name}`}>
      <div className="sv-items__head">
        <h4 className="sv-items__title">{name}</h4>
        <span className="sv-muted sv-items__count">
          {rows.length === 1 ? '1 item' : `${rows.length} items`} · Enter saves, Esc undoes
        </span>
      </div>
      <div className="sv-items__wrap">
        <table className="sv-items__table" ref={tableRef}>
          <caption className="sv-visually-hidden">Line items of {name}</caption>
          <thead>
            <tr>
              <th scope="col" className="sv-items__num">
                #
              </th>
              {columns.map((column) => (
                <th
                  key={column.name}
                  scope="col"
                  className={column.type === 'text' ? undefined : 'sv-items__num'}
                >
                  {label(column.name)}
                </th>
              ))}
              <th scope="col" className="sv-items__actions">
                <span className="sv-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} className="sv-items__empty">
                  No items. Add them from the document.
                </td>
              </tr>
            ) : null}
            {rows.map((item, index) => {
              const anchor = rowAnchor(item);
              const number = index + 1;
              const ai = aiRows[index];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; their place is their identity
                <tr key={index} data-item={index}>
                  <th scope="row" className="sv-items__num">
                    {number}
                  </th>
                  {columns.map((column) => {
                    const value = item[column.name];
                    const confidence = cellConfidence(item, column.name);
                    // Every table cell sits below High; the Low band (and an empty cell) is what needs a look.
                    const isUnsure = confidence !== null && confidence < CONFIDENCE.medium;
                    const isEdited = ai !== undefined && displayText(ai[column.name]) !== displayText(value);
                    const problem = itemCellProblem(value, column.type);
                    return (
                      <td
                        key={column.name}
                        data-column={column.name}
                        data-label={label(column.name)}
                        data-kind={column.type === 'text' ? 'text' : 'figure'}
                        data-unsure={isUnsure ? 'true' : undefined}
                        data-edited={isEdited ? 'true' : undefined}
                        title={
                          problem ??
                          (confidence === null ? undefined : `AI confidence ${Math.round(confidence * 100)}%`)
                        }
                      >
                        <ItemCell
                          value={value}
                          column={column}
                          rowNumber={number}
                          fieldName={name}
                          onCommit={(next) => onChange(withCell(rows, index, column.name, next))}
                          onMove={(delta) => {
                            const to = index + delta;
                            if (to >= 0 && to < rows.length) focusCell(to, column.name);
                          }}
                        />
                        {problem ? (
                          <span className="sv-items__problem" role="status">
                            {problem}
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                  <td className="sv-items__actions">
                    {anchor ? (
                      <button
                        type="button"
                        className="sv-icon-button sv-icon-button--inline"
                        aria-label={`Show item ${number} on the document`}
                        title="Show on the document"
                        onClick={() =>
                          onShowRow({
                            rowId: row.id,
                            label: `${name} · item ${number}`,
                            anchor,
                            valueText: displayText(
                              (amountColumn && item[amountColumn.name]) ??
                                (textColumn && item[textColumn.name]),
                            ),
                          })
                        }
                      >
                        <Icon name="locate" size={14} />
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="sv-icon-button sv-icon-button--inline"
                      aria-label={`Move item ${number} up`}
                      title="Move up"
                      disabled={index === 0}
                      onClick={() => onChange(withRowMoved(rows, index, -1))}
                    >
                      <Icon name="arrow-up" size={14} />
                    </button>
                    <button
                      type="button"
                      className="sv-icon-button sv-icon-button--inline"
                      aria-label={`Move item ${number} down`}
                      title="Move down"
                      disabled={index === rows.length - 1}
                      onClick={() => onChange(withRowMoved(rows, index, 1))}
                    >
                      <Icon name="arrow-down" size={14} />
                    </button>
                    <button
                      type="button"
                      className="sv-icon-button sv-icon-button--inline sv-row-delete"
                      aria-label={`Delete item ${number}`}
                      title="Delete item"
                      onClick={() => onChange(withoutRow(rows, index))}
                    >
                      <Icon name="trash" size={14} />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Button
        size="sm"
        variant="ghost"
        className="sv-add-row"
        onClick={() => {
          onChange(withNewRow(rows, columns));
          if (columns[0]) focusCell(rows.length, columns[0].name);
        }}
      >
        <Icon name="plus" />
        Add item to {name}
      </Button>
    </section>
  );
}

/**
 * DESIGN §13: each line-items field of the task as an inline table under "Review & Edit Data":
 * cells edited in place (typed per column), rows added, deleted and reordered, each row's box shown
 * on the document. Less sure cells are marked.
 */
export function LineItemsEditor({
  task,
  draft,
  onShowRow,
}: {
  task: WorkerTask;
  draft: ReviewDraft;
  onShowRow: (shown: ShownItemRow) => void;
}) {
  const specs = useMemo(() => lineItemSpecs(task.metadata), [task.metadata]);
  const lists = draft.rows.filter(
    (row) => specs.has(row.key) || (isRowList(row.cells.value) && (row.cells.value as unknown[]).length > 0),
  );
  if (lists.length === 0) return null;
  return (
    <div className="sv-items-list">
      {lists.map((row) => {
        const rows = isRowList(row.cells.value) ? row.cells.value : [];
        const aiRows = isRowList(row.aiValue) ? row.aiValue : [];
        return (
          <ItemsTable
            key={row.id}
            row={row}
            columns={itemColumns(rows.length ? rows : aiRows, specs.get(row.key))}
            aiRows={aiRows}
            onChange={(next) => draft.setCell(row.id, 'value', next.length ? next : null)}
            onShowRow={onShowRow}
          />
        );
      })}
    </div>
  );
}
