import type { FileGridResponse } from '@sieve/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import './document-preview.css';
import { columnLetterOf, type GridTarget } from './value-match';

/**
 * A CSV or workbook as a virtualised grid with sheet tabs (DESIGN §11): only the rows and columns
 * in view are in the DOM, so 50,000 rows scroll smoothly. The item's cell is outlined and its row
 * label and column header lit faintly; clicking a cell while editing hands its text over.
 */

const ROW_HEIGHT = 27;
const COLUMN_WIDTH = 140;
const HEAD_WIDTH = 48;

export interface GridPreviewProps {
  grid: FileGridResponse;
  target: (GridTarget & { key: string }) | null;
  onPickText?: ((text: string) => void) | undefined;
  label: string;
}

export function GridPreview({ grid, target, onPickText, label }: GridPreviewProps) {
  const [sheet, setSheet] = useState(0);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const rows = grid.sheets[sheet]?.rows ?? [];
  const columnCount = useMemo(() => rows.reduce((max, row) => Math.max(max, row.length), 1), [rows]);

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // Scrolls re-render in React's own time rather than synchronously on every scroll event.
    useFlushSync: false,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columnCount,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => COLUMN_WIDTH,
    overscan: 2,
    useFlushSync: false,
  });

  // A new target: its sheet, then its cell in view.
  useEffect(() => {
    if (!target) return;
    setSheet(target.sheet);
  }, [target]);
  useEffect(() => {
    if (!target || target.sheet !== sheet) return;
    rowVirtualizer.scrollToIndex(target.row, { align: 'center' });
    columnVirtualizer.scrollToIndex(target.column, { align: 'center' });
  }, [target, sheet, rowVirtualizer, columnVirtualizer]);

  const isHit = (row: number, column: number) =>
    target !== null && target.sheet === sheet && target.row === row && target.column === column;
  const isLabel = (row: number, column: number) =>
    target !== null &&
    target.sheet === sheet &&
    target.labels.some((cell) => cell.row === row && cell.column === column);

  const columns = columnVirtualizer.getVirtualItems();
  const totalWidth = HEAD_WIDTH + columnVirtualizer.getTotalSize();
  return (
    <div className="sv-grid">
      {grid.sheets.length > 1 ? (
        <div className="sv-grid__tabs" role="tablist" aria-label="Sheets">
          {grid.sheets.map((item, index) => (
            <button
              key={item.name}
              type="button"
              role="tab"
              className="sv-grid__tab"
              aria-selected={index === sheet}
              onClick={() => setSheet(index)}
            >
              {item.name}
            </button>
          ))}
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: picking a cell with the mouse is a shortcut; the field stays typeable */}
      <div
        ref={scrollerRef}
        className="sv-grid__scroller"
        role="document"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        onMouseDown={(event) => {
          if (onPickText && (event.target as HTMLElement).closest('[data-cell]')) event.preventDefault();
        }}
        onClick={(event) => {
          const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
          if (cell && onPickText) onPickText(cell.textContent ?? '');
        }}
      >
        <div className="sv-grid__columns" style={{ width: totalWidth }}>
          <div className="sv-grid__cell sv-grid__cell--head" />
          <div style={{ position: 'relative', height: ROW_HEIGHT, flex: 1 }}>
            {columns.map((column) => (
              <div
                key={column.key}
                className="sv-grid__cell"
                style={{ position: 'absolute', left: column.start, width: COLUMN_WIDTH }}
              >
                {columnLetterOf(column.index)}
              </div>
            ))}
          </div>
        </div>
        <div style={{ height: rowVirtualizer.getTotalSize(), width: totalWidth, position: 'relative' }}>
          {rowVirtualizer.getVirtualItems().map((row) => {
            const cells = rows[row.index] ?? [];
            return (
              <div
                key={row.key}
                className="sv-grid__row"
                style={{ top: row.start, height: ROW_HEIGHT, width: totalWidth }}
              >
                <div
                  className={`sv-grid__cell sv-grid__cell--head${target && target.sheet === sheet && target.row === row.index ? ' sv-grid__cell--label' : ''}`}
                >
                  {row.index + 1}
                </div>
                {columns.map((column) => {
                  const text = cells[column.index] ?? '';
                  const hit = isHit(row.index, column.index);
                  const className = `sv-grid__cell${hit ? ' sv-grid__cell--hit' : isLabel(row.index, column.index) ? ' sv-grid__cell--label' : ''}`;
                  return (
                    <div
                      key={column.key}
                      data-cell={`${columnLetterOf(column.index)}${row.index + 1}`}
                      data-testid={hit ? 'anchor-cell' : undefined}
                      className={className}
                      title={text}
                      style={{ position: 'absolute', left: HEAD_WIDTH + column.start, width: COLUMN_WIDTH }}
                    >
                      {text}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
