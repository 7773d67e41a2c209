import {
  isIdentifierDataPoint,
  normaliseValue,
  REVIEW_DEFAULTS,
  type ReviewBody,
  valuesAgree,
} from '@sieve/contracts';
import { type ItemSource, isPlainObject, isTextField, type ReviewRow } from './review-rows';

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
 * YYYYMMDD, amounts plain numbers, percentages decimals. Non-text values pass as they are. A
 * value keeps the field's type (issue 40): an identifier by its name, or a field the AI read as
 * text (not a date), stays the text typed — "0042" is stored as "0042".
 */
export function normaliseCell(
  value: unknown,
  itemName: string,
  column = 'value',
  aiValue?: unknown,
): unknown {
  if (typeof value !== 'string' || TEXT_COLUMNS.has(column)) return value;
  // Eight digits are a date already in the guidelines' form ("20241231"), not a figure.
  if (DATE.test(value.trim())) return value.trim();
  if (column === 'value' && isTextField(itemName, aiValue)) {
    return value.trim() === '' ? value : value.trim().replace(/\s+/g, ' ');
  }
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
  const normalised = normaliseCell(value, itemName, 'value', aiValue);
  if (typeof aiValue === 'number' && typeof normalised !== 'number' && !isIdentifierDataPoint(itemName))
    return 'Not a number';
  if (
    typeof aiValue === 'string' &&
    DATE.test(aiValue) &&
    !(typeof normalised === 'string' && DATE.test(normalised))
  )
    return 'Not a date';
  return null;
}

/**
 * Where a submitted value was read (issue 40): the AI's source while the value is the AI's; once
 * corrected, the text the reviewer clicked to fill it, or nothing — the AI's text and location point
 * at the figure that was wrong.
 */
function sourceOfSubmitted(row: ReviewRow, value: unknown): ItemSource | null {
  const isAiValue = row.aiValue !== undefined && valuesAgree(row.aiValue, value, row.key);
  if (isAiValue) return row.source;
  if (!row.pickedText) return null;
  return {
    location: null,
    sourceText: row.pickedText,
    sourceUrl: null,
    confidence: null,
    anchor: null,
    learnedReviews: null,
  };
}

export interface RowProvenance {
  /** Where the value shown was read: as the submission will carry it (sourceOfSubmitted). */
  source: ItemSource | null;
  /** The reviewer changed the AI's value (an added row is not a correction). */
  isCorrected: boolean;
  /** The source is the text the reviewer clicked to fill the value. */
  isPicked: boolean;
}

/**
 * The provenance the review screen shows beside a row's value: the same the submission carries, so
 * a corrected value never shows the AI's source text and location (issue 40).
 */
export function provenanceOf(row: ReviewRow): RowProvenance {
  const raw = row.cells.value;
  const value = isEmptyValue(raw) ? null : normaliseCell(raw, row.key, 'value', row.aiValue);
  const isCorrected = row.aiValue !== undefined && !valuesAgree(row.aiValue, value, row.key);
  const source = sourceOfSubmitted(row, value);
  return { source, isCorrected, isPicked: source !== null && source !== row.source };
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
    if (!isEmptyValue(value)) fields[column] = normaliseCell(value, row.key, column, row.aiValue);
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
  const source = sourceOfSubmitted(row, value);
  return {
    location: source?.location ?? '',
    source_text: source?.sourceText ?? '',
    value,
    source_url: source?.sourceUrl ?? null,
    // The result keeps its evidence (DESIGN §11): where the value was read.
    ...(source?.anchor ? { anchor: source.anchor } : {}),
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
