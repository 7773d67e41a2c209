import './data-table.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { classNames } from './class-names';
import { Spinner } from './spinner';

export type SortOrder = 'asc' | 'desc';

export interface DataTableSort {
  by: string;
  order: SortOrder;
}

export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The server's sort key; the header becomes a sort button when set. */
  sortKey?: string;
  /** The order of the first click on this header (text columns read best ascending). */
  firstSortOrder?: SortOrder;
  align?: 'start' | 'end' | 'center';
  /** The cell that names the row (rendered as a row header). */
  isRowHeader?: boolean;
  className?: string;
  /**
   * Which columns give way when the table's container is narrow: 1 always shows, 2 hides under
   * 900 px, 3 under 1100 px. The row header and the row action should stay 1.
   */
  priority?: 1 | 2 | 3;
  /** Keeps the column at the table's end edge while the rest scrolls (the row action). */
  isSticky?: boolean;
}

export interface DataTableSelection<Row> {
  selectedIds: ReadonlySet<string>;
  onChange: (ids: Set<string>) => void;
  /** Names a row's checkbox, e.g. "Select alice@example.org". */
  rowLabel: (row: Row) => string;
}

export interface DataTableProps<Row> {
  /** Names the table (and its scroll area) for assistive technology. */
  caption: string;
  isCaptionVisible?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  selection?: DataTableSelection<Row>;
  rowClassName?: (row: Row) => string | undefined;
  isLoading?: boolean;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  /** Height of the scroll area in px; the header row stays in view. */
  maxHeight?: number;
  /**
   * Opens what the row stands for when the row is clicked (pointer users); keyboard users reach
   * the same through the row's own button or link, so the row itself is not a tab stop.
   */
  onRowClick?: (row: Row) => void;
}

/** Clicks on the row's own controls do what those controls do, not open the row. */
function isFromControl(target: EventTarget | null, row: Element): boolean {
  const control =
    target instanceof Element ? target.closest('a, button, input, select, textarea, label') : null;
  return control !== null && row.contains(control);
}

function columnClassName<Row>(column: DataTableColumn<Row>) {
  return classNames(
    column.align && `sv-table__cell--${column.align}`,
    column.priority && column.priority > 1 && `sv-table__cell--p${column.priority}`,
    column.isSticky && 'sv-table__cell--sticky',
    column.className,
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortArrow({ order }: { order: SortOrder | null }) {
  return (
    <svg className="sv-table__sort-icon" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M6 2 9 5H3z" className={order === 'asc' ? 'is-on' : undefined} />
      <path d="M6 10 3 7h6z" className={order === 'desc' ? 'is-on' : undefined} />
    </svg>
  );
}

function HeaderCheckbox({
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="sv-checkbox__input"
      aria-label="Select all rows on this page"
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

/**
 * A dense data table: server-side sorting through header buttons (with aria-sort), optional row
 * selection with a select-all-on-page box, a sticky header inside a scroll area of `maxHeight`
 * that keyboard users can scroll, and loading and empty states.
 */
export function DataTable<Row>({
  caption,
  isCaptionVisible = false,
  columns,
  rows,
  getRowId,
  sort,
  onSortChange,
  selection,
  rowClassName,
  isLoading = false,
  empty = 'No data',
  maxHeight = 600,
  onRowClick,
}: DataTableProps<Row>) {
  const pageIds = rows.map(getRowId);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selectedIds.has(id)).length : 0;
  const isAllSelected = pageIds.length > 0 && selectedOnPage === pageIds.length;
  const columnCount = columns.length + (selection ? 1 : 0);

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    for (const id of pageIds) {
      if (isAllSelected) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };

  const toggleRow = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };

  const sortBy = (column: DataTableColumn<Row>) => {
    if (!column.sortKey || !onSortChange) return;
    const order: SortOrder =
      sort?.by === column.sortKey
        ? sort.order === 'asc'
          ? 'desc'
          : 'asc'
        : (column.firstSortOrder ?? 'asc');
    onSortChange({ by: column.sortKey, order });
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section className="sv-table-scroll" style={{ maxHeight }} aria-label={caption} tabIndex={0}>
      <table className="sv-table" aria-busy={isLoading || undefined}>
        <caption className={isCaptionVisible ? 'sv-table__caption' : 'sv-visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="sv-table__select">
                <HeaderCheckbox
                  checked={isAllSelected}
                  indeterminate={selectedOnPage > 0 && !isAllSelected}
                  disabled={pageIds.length === 0}
                  onChange={toggleAll}
                />
              </th>
            ) : null}
            {columns.map((column) => {
              const isSorted = Boolean(column.sortKey) && sort?.by === column.sortKey;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={columnClassName(column) || undefined}
                  aria-sort={isSorted && sort ? ARIA_SORT[sort.order] : undefined}
                >
                  {column.sortKey && onSortChange ? (
                    <button type="button" className="sv-table__sort" onClick={() => sortBy(column)}>
                      {column.header}
                      <SortArrow order={isSorted && sort ? sort.order : null} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="sv-table__empty">
                {isLoading ? <Spinner size="sm" label="Loading rows" /> : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = getRowId(row);
              const isSelected = selection?.selectedIds.has(id) ?? false;
              return (
                <tr
                  key={id}
                  className={
                    classNames(
                      isSelected && 'is-selected',
                      onRowClick && 'is-clickable',
                      rowClassName?.(row),
                    ) || undefined
                  }
                  onClick={
                    onRowClick
                      ? (event) => {
                          if (!isFromControl(event.target, event.currentTarget)) onRowClick(row);
                        }
                      : undefined
                  }
                >
                  {selection ? (
                    <td className="sv-table__select">
                      <input
                        type="checkbox"
                        className="sv-checkbox__input"
                        aria-label={selection.rowLabel(row)}
                        checked={isSelected}
                        onChange={() => toggleRow(id)}
                      />
                    </td>
                  ) : null}
                  {columns.map((column) => {
                    const className = columnClassName(column);
                    return column.isRowHeader ? (
                      <th
                        key={column.id}
                        scope="row"
                        className={classNames('sv-table__row-header', className)}
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.id} className={className || undefined}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </section>
  );
}
