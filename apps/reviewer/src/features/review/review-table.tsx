import { CONFIDENCE, normaliseValue, REVIEWER } from '@sieve/contracts';
import { Button, Icon } from '@sieve/ui';
import {
  Fragment,
  forwardRef,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { EditValueDialog } from './edit-value-dialog';
import { reviewCellText } from './line-items';
import {
  displayText,
  jsonEditorText,
  learnedText,
  needsJsonEditor,
  OTHER_FIELDS_COLUMN,
  parseEditedJson,
  parseInlineText,
  type ReviewRow,
} from './review-rows';
import { provenanceOf } from './submission';
import type { ReviewDraft } from './use-review-draft';

const KEY_COLUMN = '__key';

const COLUMN_LABEL: Record<string, string> = {
  [KEY_COLUMN]: 'Field',
  value: 'Value',
  unit: 'Unit',
  year: 'Year',
  amount: 'Amount',
  percentage: 'Percentage',
  description: 'Description',
  [OTHER_FIELDS_COLUMN]: 'Other fields',
};

export function columnLabel(column: string): string {
  return COLUMN_LABEL[column] ?? column.replace(/[_-]+/g, ' ').replace(/^\w/, (first) => first.toUpperCase());
}

export interface ReviewTableHandle {
  /** Moves the selected row by `delta` and focuses it. */
  move: (delta: number) => void;
  /** Starts editing the selected row's value (Enter). */
  editSelected: () => void;
  /** Adds a row and starts editing its name. */
  addRow: () => void;
  focusSelected: () => void;
  /** Selects the next row below High confidence after the selected one (wrapping); false when none. */
  nextUncertain: () => boolean;
  /** While a value is edited inline: puts this text (normalised per the guidelines) into it. */
  pickText: (text: string) => void;
}

export interface ReviewTableProps {
  draft: ReviewDraft;
  selectedRowId: string | null;
  onSelectRow: (rowId: string) => void;
  /** Told when an inline edit of a value starts or ends (the preview then picks values). */
  onEditingChange?: (isEditing: boolean) => void;
}

/** Field-level routing (issue 13): an item the AI is not highly sure of needs a look. */
export function isUncertain(row: ReviewRow): boolean {
  return row.source?.confidence !== null && row.source?.confidence !== undefined
    ? row.source.confidence <= CONFIDENCE.high
    : false;
}

interface InlineEdit {
  rowId: string;
  column: string;
  text: string;
}

interface DialogEdit {
  rowId: string;
  column: string;
  text: string;
  kind: 'value' | 'object';
}

/**
 * "Review & Edit Data" (spec 01 §2): click a cell to edit it, Enter saves and Escape cancels; long
 * or structured values open the "Edit Value" JSON editor. Rows are selectable (arrows or j/k),
 * which grounds them in the source panel.
 */
export const ReviewTable = forwardRef<ReviewTableHandle, ReviewTableProps>(function ReviewTable(
  { draft, selectedRowId, onSelectRow, onEditingChange },
  ref,
) {
  const { rows, columns, setCell, setKey, setOtherFields, deleteRow, isRowEdited, problemOf } = draft;
  const [inline, setInlineState] = useState<InlineEdit | null>(null);
  // The edit in progress, read by blur: an input removed by Enter, Escape or the JSON editor
  // may still report a blur, which must not save twice or save what was cancelled.
  const inlineRef = useRef<InlineEdit | null>(null);
  const onEditingChangeRef = useRef(onEditingChange);
  onEditingChangeRef.current = onEditingChange;
  const setInline = useCallback((edit: InlineEdit | null) => {
    inlineRef.current = edit;
    setInlineState(edit);
    onEditingChangeRef.current?.(edit !== null && edit.column !== KEY_COLUMN);
  }, []);
  const [dialog, setDialog] = useState<DialogEdit | null>(null);
  const [isOtherFieldsAsked, setIsOtherFieldsAsked] = useState(false);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const pendingFocus = useRef<string | null>(null);

  const focusRow = useCallback((rowId: string) => {
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(rowId)}"]`);
    // The row's name and value stay in view: focusing may not scroll the narrow table sideways.
    row?.focus({ preventScroll: true });
    row?.querySelector('th')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);

  useEffect(() => {
    if (!pendingFocus.current) return;
    focusRow(pendingFocus.current);
    pendingFocus.current = null;
  });

  const select = useCallback(
    (rowId: string, shouldFocus: boolean) => {
      onSelectRow(rowId);
      if (shouldFocus) pendingFocus.current = rowId;
    },
    [onSelectRow],
  );

  const startEdit = useCallback(
    (row: ReviewRow, column: string) => {
      select(row.id, false);
      if (column === OTHER_FIELDS_COLUMN) {
        const text = row.otherFields.trim() ? prettyJson(row.otherFields) : '';
        setDialog({ rowId: row.id, column, text, kind: 'object' });
        return;
      }
      if (column === KEY_COLUMN) {
        setInline({ rowId: row.id, column, text: row.key });
        return;
      }
      const value = row.cells[column];
      if (needsJsonEditor(value)) {
        setDialog({ rowId: row.id, column, text: jsonEditorText(value), kind: 'value' });
      } else {
        setInline({ rowId: row.id, column, text: displayText(value) });
      }
    },
    [select, setInline],
  );

  const commitInline = useCallback(
    (edit: InlineEdit) => {
      const current = inlineRef.current;
      if (!current || current.rowId !== edit.rowId || current.column !== edit.column) return;
      setInline(null);
      if (edit.column === KEY_COLUMN) setKey(edit.rowId, edit.text.trim());
      else {
        const row = rows.find((candidate) => candidate.id === edit.rowId);
        setCell(
          edit.rowId,
          edit.column,
          parseInlineText(
            edit.text,
            row?.cells[edit.column],
            edit.column === 'value' ? { name: row?.key ?? '', aiValue: row?.aiValue } : { name: '' },
          ),
        );
      }
      pendingFocus.current = edit.rowId;
    },
    [rows, setCell, setKey, setInline],
  );

  const cancelInline = useCallback(
    (edit: InlineEdit) => {
      setInline(null);
      pendingFocus.current = edit.rowId;
    },
    [setInline],
  );

  const saveDialog = useCallback(
    (text: string) => {
      if (!dialog) return;
      if (dialog.kind === 'object') setOtherFields(dialog.rowId, text.trim());
      else setCell(dialog.rowId, dialog.column, parseEditedJson(text));
      pendingFocus.current = dialog.rowId;
      setDialog(null);
    },
    [dialog, setCell, setOtherFields],
  );

  const selectedIndex = rows.findIndex((row) => row.id === selectedRowId);

  useImperativeHandle(
    ref,
    () => ({
      move: (delta) => {
        if (rows.length === 0) return;
        const from = selectedIndex < 0 ? (delta > 0 ? -1 : rows.length) : selectedIndex;
        const next = rows[Math.min(rows.length - 1, Math.max(0, from + delta))];
        if (next) select(next.id, true);
      },
      editSelected: () => {
        const row = rows[selectedIndex] ?? rows[0];
        if (row) startEdit(row, columns[0] ?? 'value');
      },
      addRow: () => {
        const row = draft.addRow();
        onSelectRow(row.id);
        setInline({ rowId: row.id, column: KEY_COLUMN, text: '' });
      },
      focusSelected: () => {
        const row = rows[selectedIndex] ?? rows[0];
        if (row) select(row.id, true);
      },
      nextUncertain: () => {
        for (let step = 1; step <= rows.length; step += 1) {
          const row = rows[(Math.max(-1, selectedIndex) + step) % rows.length];
          if (row && isUncertain(row)) {
            select(row.id, true);
            return true;
          }
        }
        return false;
      },
      pickText: (text) => {
        const edit = inlineRef.current;
        if (!edit || edit.column === KEY_COLUMN) return;
        const row = rows.find((candidate) => candidate.id === edit.rowId);
        const picked = normaliseValue(text, { dataPoint: row?.key ?? '' });
        if (picked === null) return;
        setInline({ ...edit, text: String(picked) });
        if (edit.column === 'value') draft.setPickedText(edit.rowId, text.trim());
      },
    }),
    [rows, selectedIndex, columns, select, startEdit, draft, onSelectRow, setInline],
  );

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: ReviewRow, index: number) => {
    if (event.target !== event.currentTarget) return;
    const go = (to: number) => {
      const target = rows[Math.min(rows.length - 1, Math.max(0, to))];
      if (target) select(target.id, true);
    };
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        event.preventDefault();
        go(index + 1);
        break;
      case 'ArrowUp':
      case 'k':
        event.preventDefault();
        go(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        go(0);
        break;
      case 'End':
        event.preventDefault();
        go(rows.length - 1);
        break;
      case 'Enter':
        event.preventDefault();
        event.stopPropagation();
        startEdit(row, columns[0] ?? 'value');
        break;
      case 'c': {
        // The next field that needs a look: the rows below High, in order, from the selected one.
        // Not n, which opens the next task everywhere (issue 40: one meaning for n).
        event.preventDefault();
        for (let step = 1; step <= rows.length; step += 1) {
          const next = rows[(index + step) % rows.length];
          if (next && isUncertain(next)) {
            select(next.id, true);
            break;
          }
        }
        break;
      }
      default:
    }
  };

  // issue 40: the table fits its panel without sideways scroll, so a column of dashes gives way:
  // Other fields shows when a row has some, or when the reviewer asks for it to add some.
  const hasOtherFields = rows.some((row) => row.otherFields.trim() !== '');
  const showsOtherFields = hasOtherFields || isOtherFieldsAsked;
  const editableColumns = [KEY_COLUMN, ...columns, ...(showsOtherFields ? [OTHER_FIELDS_COLUMN] : [])];
  const dialogRow = dialog ? rows.find((row) => row.id === dialog.rowId) : undefined;

  return (
    <>
      <div className="sv-table-wrap">
        <table className="sv-review-table" aria-label="Review & Edit Data">
          <thead>
            <tr>
              {editableColumns.map((column) => (
                <th key={column} scope="col" className={`sv-col sv-col--${columnClass(column)}`}>
                  {columnLabel(column)}
                </th>
              ))}
              <th scope="col" className="sv-col sv-col--source">
                Source
              </th>
              <th scope="col" className="sv-col sv-col--actions">
                <span className="sv-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={editableColumns.length + 2} className="sv-review-table__empty">
                  No rows. Use Add Row to enter the data.
                </td>
              </tr>
            ) : null}
            {rows.map((row, index) => {
              const isSelected = row.id === selectedRowId;
              const name = row.key || 'new row';
              const needsLook = isUncertain(row);
              const isEditedRow = isRowEdited(row);
              const problem = problemOf(row);
              return (
                <tr
                  key={row.id}
                  data-row-id={row.id}
                  tabIndex={isSelected || (selectedIndex < 0 && index === 0) ? 0 : -1}
                  aria-current={isSelected ? 'true' : undefined}
                  className={
                    [
                      isSelected ? 'is-selected' : '',
                      needsLook ? 'is-uncertain' : '',
                      isEditedRow ? 'is-edited' : '',
                    ]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  data-uncertain={needsLook ? 'true' : undefined}
                  data-edited={isEditedRow ? 'true' : undefined}
                  onClick={() => {
                    if (!isSelected) onSelectRow(row.id);
                  }}
                  onKeyDown={(event) => onRowKeyDown(event, row, index)}
                >
                  {editableColumns.map((column) => {
                    const isEditing = inline?.rowId === row.id && inline.column === column;
                    const text =
                      column === KEY_COLUMN
                        ? row.key
                        : column === OTHER_FIELDS_COLUMN
                          ? row.otherFields
                          : reviewCellText(row.cells[column]);
                    const Cell = column === KEY_COLUMN ? 'th' : 'td';
                    return (
                      <Cell
                        key={column}
                        scope={column === KEY_COLUMN ? 'row' : undefined}
                        className={`sv-col sv-col--${columnClass(column)}`}
                      >
                        {isEditing && inline ? (
                          <input
                            className="sv-cell-input"
                            // biome-ignore lint/a11y/noAutofocus: the reviewer asked to edit this cell
                            autoFocus
                            aria-label={`${columnLabel(column)} of ${name}`}
                            value={inline.text}
                            onFocus={(event) => event.currentTarget.select()}
                            onChange={(event) => {
                              const value = event.target.value;
                              // spec 01 §5: inline text above 50 characters opens the JSON editor.
                              if (column !== KEY_COLUMN && value.length > REVIEWER.inlineTextMaxLength) {
                                setInline(null);
                                setDialog({ rowId: row.id, column, text: value, kind: 'value' });
                                return;
                              }
                              setInline({ ...inline, text: value });
                            }}
                            onKeyDown={(event) => {
                              event.stopPropagation();
                              if (event.key === 'Enter') {
                                event.preventDefault();
                                commitInline(inline);
                              } else if (event.key === 'Escape') {
                                event.preventDefault();
                                cancelInline(inline);
                              }
                            }}
                            onBlur={() => commitInline(inline)}
                          />
                        ) : (
                          <button
                            type="button"
                            className="sv-cell"
                            onClick={(event) => {
                              event.stopPropagation();
                              startEdit(row, column);
                            }}
                            title={text.length > 40 ? text : undefined}
                          >
                            <span className="sv-visually-hidden">
                              Edit {columnLabel(column)} of {name}:{' '}
                            </span>
                            {column === KEY_COLUMN && needsLook ? (
                              <span
                                className="sv-row-flag sv-row-flag--uncertain"
                                title="Below High confidence: needs a look"
                              >
                                <span aria-hidden="true">●</span>
                                <span className="sv-visually-hidden">needs a look, </span>
                              </span>
                            ) : null}
                            {column === KEY_COLUMN && isEditedRow ? (
                              <span className="sv-row-flag sv-row-flag--edited" title="Edited">
                                <span aria-hidden="true">✎</span>
                                <span className="sv-visually-hidden">edited, </span>
                              </span>
                            ) : null}
                            {text ? (
                              <span
                                className={
                                  column === KEY_COLUMN || !isFigure(row.cells[column])
                                    ? 'sv-cell__text'
                                    : 'sv-cell__text sv-cell__text--figure'
                                }
                              >
                                {column === KEY_COLUMN ? breakableName(text) : text}
                              </span>
                            ) : (
                              <span className="sv-cell__empty">
                                <span aria-hidden="true">—</span>
                                <span className="sv-visually-hidden">empty</span>
                              </span>
                            )}
                          </button>
                        )}
                        {column === 'value' && !isEditing && problem ? (
                          <span className="sv-cell-problem" role="status">
                            {problem}: cannot be submitted in the guidelines' form
                          </span>
                        ) : null}
                        {column === 'value' && !isEditing && !problem ? (
                          <GuidelineHint
                            itemName={row.key}
                            value={row.cells.value}
                            onApply={(suggested) => setCell(row.id, 'value', suggested)}
                          />
                        ) : null}
                      </Cell>
                    );
                  })}
                  <td className="sv-col sv-col--source">
                    <RowSource row={row} name={name} onShow={() => onSelectRow(row.id)} />
                  </td>
                  <td className="sv-col sv-col--actions">
                    <button
                      type="button"
                      className="sv-icon-button sv-icon-button--inline sv-row-delete"
                      aria-label={`Delete row ${name}`}
                      title="Delete row"
                      onClick={(event) => {
                        event.stopPropagation();
                        const next = rows[index + 1] ?? rows[index - 1];
                        deleteRow(row.id);
                        if (next) select(next.id, true);
                      }}
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
      <div className="sv-review-table__tools">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            const row = draft.addRow();
            onSelectRow(row.id);
            setInline({ rowId: row.id, column: KEY_COLUMN, text: '' });
          }}
        >
          <Icon name="plus" />
          Add Row
        </Button>
        {hasOtherFields ? null : (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={isOtherFieldsAsked}
            onClick={() => setIsOtherFieldsAsked((isAsked) => !isAsked)}
          >
            {isOtherFieldsAsked ? 'Hide Other Fields' : 'Show Other Fields'}
          </Button>
        )}
      </div>
      <EditValueDialog
        isOpen={dialog !== null}
        itemName={dialogRow?.key ?? ''}
        columnLabel={dialog ? columnLabel(dialog.column) : ''}
        initialText={dialog?.text ?? ''}
        kind={dialog?.kind ?? 'value'}
        onSave={saveDialog}
        onCancel={() => {
          if (dialog) pendingFocus.current = dialog.rowId;
          setDialog(null);
        }}
      />
    </>
  );
});

/**
 * The formatting guidelines (spec 01 §5) applied to a text value: when they would write it
 * differently ("$1,234.5 million" → 1234500000, "45%" → 0.45, "March 5, 2024" → "20240305"), the
 * cell offers that form in one click.
 */
function GuidelineHint({
  itemName,
  value,
  onApply,
}: {
  itemName: string;
  value: unknown;
  onApply: (suggested: number | string) => void;
}) {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const suggested = normaliseValue(value, { dataPoint: itemName });
  if (suggested === null || String(suggested) === value.trim()) return null;
  return (
    <button
      type="button"
      className="sv-guideline-hint"
      title="Apply the formatting guidelines"
      onClick={(event) => {
        event.stopPropagation();
        onApply(suggested);
      }}
    >
      <span className="sv-visually-hidden">
        Apply the formatting guidelines to {itemName || 'this value'}:{' '}
      </span>
      <span aria-hidden="true">→ </span>
      {String(suggested)}
    </button>
  );
}

/**
 * A value that must never break or be cut (issue 40): a number, or one word of text such as an
 * identifier ("004817") or a date. Longer text wraps between words instead.
 */
function isFigure(value: unknown): boolean {
  if (typeof value === 'number') return true;
  return typeof value === 'string' && value.length <= FIGURE_MAX_LENGTH && !/\s/.test(value);
}

const FIGURE_MAX_LENGTH = 24;

/** A field name that may wrap after its underscores ("card_last_four"), not inside a word. */
function breakableName(name: string): ReactNode {
  const parts = name.split(/(?<=_)/);
  return parts.length === 1
    ? name
    : parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed name, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ));
}

function columnClass(column: string): string {
  if (column === KEY_COLUMN) return 'key';
  if (column === OTHER_FIELDS_COLUMN) return 'other';
  return column === 'value' ? 'value' : 'field';
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The row's provenance (issue 40): the AI's source while the value is the AI's; a corrected value
 * shows the text the reviewer clicked to fill it, or no source, marked Corrected — never the
 * AI's old location and text, which point at the figure that was wrong.
 */
function RowSource({ row, name, onShow }: { row: ReviewRow; name: string; onShow: () => void }) {
  const { source, isCorrected, isPicked } = provenanceOf(row);
  const label = isPicked ? 'your pick' : source?.location || 'source';
  return (
    <span className="sv-row-source">
      {source?.location || source?.sourceText ? (
        <button
          type="button"
          className="sv-source-chip"
          onClick={(event) => {
            event.stopPropagation();
            onShow();
          }}
          title={source.sourceText ? `${label}: ${source.sourceText}` : label}
        >
          <Icon name="locate" size={12} />
          {/* issue 40: the chip is its icon in the table (the source panel below names the place). */}
          <span className="sv-visually-hidden">
            Show source of {name}: {label}
          </span>
        </button>
      ) : isCorrected ? null : (
        <span className="sv-cell__empty">—</span>
      )}
      {isCorrected ? <span className="sv-row-source__corrected">Corrected</span> : null}
      {!isCorrected && source?.learnedReviews ? (
        <span
          className="sv-row-source__learned"
          title="Read where reviews found this field on earlier documents"
        >
          {learnedText(source.learnedReviews)}
        </span>
      ) : null}
    </span>
  );
}
