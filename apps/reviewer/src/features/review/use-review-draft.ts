import type { WorkerTask } from '@sieve/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { emptyRow, isPlainObject, type ReviewRow, reviewColumns, rowsFromResult } from './review-rows';
import { valueProblem } from './submission';

interface Draft {
  rows: ReviewRow[];
  /** spec 01 §4: true after any cell edit, add row or delete row; reset by "Revert to AI Result". */
  isEdited: boolean;
}

// Edits survive a look at another task's preview and coming back, and (issue 13: nothing a
// reviewer does is lost) a reload or a crash: each task's draft is kept in localStorage too.
const drafts = new Map<string, Draft>();
const STORAGE_PREFIX = 'sieve.review-draft.';

function storedDraft(taskId: string): Draft | null {
  try {
    const text = window.localStorage.getItem(`${STORAGE_PREFIX}${taskId}`);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    if (!isPlainObject(parsed) || !Array.isArray(parsed.rows) || typeof parsed.isEdited !== 'boolean')
      return null;
    return parsed as unknown as Draft;
  } catch {
    return null;
  }
}

function storeDraft(taskId: string, draft: Draft): void {
  try {
    if (draft.isEdited) window.localStorage.setItem(`${STORAGE_PREFIX}${taskId}`, JSON.stringify(draft));
    else window.localStorage.removeItem(`${STORAGE_PREFIX}${taskId}`);
  } catch {
    // Storage full or blocked: the in-memory copy still holds the edits.
  }
}

export function aiResultOf(task: WorkerTask): Record<string, unknown> {
  const result = task.ai_result.result;
  return isPlainObject(result) ? result : {};
}

export function forgetDraft(taskId: string): void {
  drafts.delete(taskId);
  try {
    window.localStorage.removeItem(`${STORAGE_PREFIX}${taskId}`);
  } catch {
    // nothing stored
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function useReviewDraft(task: WorkerTask) {
  const result = useMemo(() => aiResultOf(task), [task]);
  const columns = useMemo(() => reviewColumns(result), [result]);
  const [draft, setDraft] = useState<Draft>(
    () =>
      drafts.get(task.task_id) ??
      storedDraft(task.task_id) ?? { rows: rowsFromResult(result, columns), isEdited: false },
  );

  useEffect(() => {
    drafts.set(task.task_id, draft);
    storeDraft(task.task_id, draft);
  }, [task.task_id, draft]);

  // Edited cells are marked per row: a row differs from the AI's item with the same id.
  const original = useMemo(
    () => new Map(rowsFromResult(result, columns).map((row) => [row.id, row])),
    [result, columns],
  );
  const isRowEdited = useCallback(
    (row: ReviewRow) => {
      const ai = original.get(row.id);
      return (
        !ai || ai.key !== row.key || ai.otherFields !== row.otherFields || !sameJson(ai.cells, row.cells)
      );
    },
    [original],
  );
  /** Why the row's value cannot be submitted as it is (flagged before submit), or null. */
  const problemOf = useCallback(
    (row: ReviewRow) => valueProblem(row.cells.value, original.get(row.id)?.cells.value, row.key),
    [original],
  );

  const updateRow = useCallback((rowId: string, change: (row: ReviewRow) => ReviewRow) => {
    setDraft((current) => {
      let changed = false;
      const rows = current.rows.map((row) => {
        if (row.id !== rowId) return row;
        const next = change(row);
        changed = next !== row;
        return next;
      });
      return changed ? { rows, isEdited: true } : current;
    });
  }, []);

  const setCell = useCallback(
    (rowId: string, column: string, value: unknown) =>
      updateRow(rowId, (row) =>
        Object.is(row.cells[column], value) ? row : { ...row, cells: { ...row.cells, [column]: value } },
      ),
    [updateRow],
  );

  /** Click-to-fill: the document text the value was taken from, its source when it is submitted. */
  const setPickedText = useCallback(
    (rowId: string, text: string) =>
      updateRow(rowId, (row) => (row.pickedText === text ? row : { ...row, pickedText: text })),
    [updateRow],
  );

  const setKey = useCallback(
    (rowId: string, key: string) => updateRow(rowId, (row) => (row.key === key ? row : { ...row, key })),
    [updateRow],
  );

  const setOtherFields = useCallback(
    (rowId: string, text: string) =>
      updateRow(rowId, (row) => (row.otherFields === text ? row : { ...row, otherFields: text })),
    [updateRow],
  );

  const addRow = useCallback((): ReviewRow => {
    const row = emptyRow();
    setDraft((current) => ({ rows: [...current.rows, row], isEdited: true }));
    return row;
  }, []);

  const deleteRow = useCallback((rowId: string) => {
    setDraft((current) => ({ rows: current.rows.filter((row) => row.id !== rowId), isEdited: true }));
  }, []);

  const revert = useCallback(() => {
    setDraft({ rows: rowsFromResult(result, columns), isEdited: false });
  }, [result, columns]);

  return {
    rows: draft.rows,
    isEdited: draft.isEdited,
    columns,
    setCell,
    setPickedText,
    setKey,
    setOtherFields,
    addRow,
    deleteRow,
    revert,
    isRowEdited,
    problemOf,
  };
}

export type ReviewDraft = ReturnType<typeof useReviewDraft>;
