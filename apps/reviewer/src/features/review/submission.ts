import { normaliseValue, REVIEW_DEFAULTS, type ReviewBody } from '@sieve/contracts';
import { isPlainObject, type ReviewRow } from './review-rows';

/** spec 01 §5: empty or null fields are dropped. Blank text is empty too. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** spec 01 §5: the other-fields text must be valid JSON (an object), otherwise it is ignored. */
export function parseOtherFields(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const DATE = /^\d{8}$/;

// Free-text sub-fields: kept as typed (only spacing collapsed by the reviewer's eye, not here).
const TEXT_COLUMNS = new Set(['description', 'unit']);

/**
 * spec 01 §5 at submit (issue 13): what the reviewer typed, in the guidelines' form — dates
 * YYYYMMDD, amounts plain numbers, percentages decimals. Non-text values pass as they are.
 */
export function normaliseCell(value: unknown, itemName: string, column = 'value'): unknown {
  if (typeof value !== 'string' || TEXT_COLUMNS.has(column)) return value;
  // Eight digits are a date already in the guidelines' form ("20241231"), not a figure.
  if (DATE.test(value.trim())) return value.trim();
  const normalised = normaliseValue(value, { dataPoint: itemName });
  return normalised === null ? value : normalised;
}

/**
 * Why a value cannot go out as it is, or null: a field the AI read as a number (or a date) whose
 * new text does not normalise to one is flagged before submit, never stored as a string next to
 * numbers.
 */
export function valueProblem(value: unknown, aiValue: unknown, itemName: string): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  const normalised = normaliseCell(value, itemName);
  if (typeof aiValue === 'number' && typeof normalised !== 'number') return 'Not a number';
  if (
    typeof aiValue === 'string' &&
    DATE.test(aiValue) &&
    !(typeof normalised === 'string' && DATE.test(normalised))
  )
    return 'Not a date';
  return null;
}

/**
 * One row as the submission carries it (spec 01 §5 and §7): empty fields dropped; an item with
 * only a value goes as the bare value; any other item is normalised to carry location,
 * source_text, value and source_url (from the AI's item) before its other fields. `undefined` when
 * nothing is left.
 */
export function itemFromRow(row: ReviewRow, columns: readonly string[]): unknown {
  const fields: Record<string, unknown> = {};
  for (const column of columns) {
    const value = row.cells[column];
    if (!isEmptyValue(value)) fields[column] = normaliseCell(value, row.key, column);
  }
  const other = parseOtherFields(row.otherFields);
  if (other) {
    for (const [name, value] of Object.entries(other)) {
      if (!(name in fields) && !isEmptyValue(value)) fields[name] = value;
    }
  }
  const names = Object.keys(fields);
  if (names.length === 0) return undefined;
  if (names.length === 1 && names[0] === 'value') return fields.value;
  const { value = null, ...rest } = fields;
  return {
    location: row.source?.location ?? '',
    source_text: row.source?.sourceText ?? '',
    value,
    source_url: row.source?.sourceUrl ?? null,
    // The result keeps its evidence (DESIGN §11): where the value was read.
    ...(row.source?.anchor ? { anchor: row.source.anchor } : {}),
    ...rest,
  };
}

/** The submission's result: named rows only, each shaped by `itemFromRow`. */
export function buildResult(rows: readonly ReviewRow[], columns: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) continue;
    const item = itemFromRow(row, columns);
    if (item !== undefined) result[key] = item;
  }
  return result;
}

export interface SubmissionInput {
  rows: readonly ReviewRow[];
  columns: readonly string[];
  isEdited: boolean;
  timeSpentSeconds?: number;
}

/**
 * spec 01 §7: unedited → confidence_score -0.1 and confidence 0.8; edited → -0.5 and 0.9. All-empty
 * values only log a warning (spec 01 §5); the reviewer may mean "not in the document".
 */
export function buildSubmission({ rows, columns, isEdited, timeSpentSeconds }: SubmissionInput): ReviewBody {
  const defaults = isEdited ? REVIEW_DEFAULTS.edited : REVIEW_DEFAULTS.unedited;
  const result = buildResult(rows, columns);
  if (Object.keys(result).length === 0) console.warn('Submitting a review whose values are all empty.');
  return {
    response: { ai_processed: true, confidence_score: defaults.confidenceScore, result },
    confidence: defaults.confidence ?? REVIEW_DEFAULTS.confidence,
    ...(timeSpentSeconds === undefined
      ? {}
      : { time_spent_seconds: Math.max(0, Math.round(timeSpentSeconds)) }),
  };
}
