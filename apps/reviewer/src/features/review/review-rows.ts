import type { ItemAnchor } from '@sieve/contracts';
import { isIdentifierDataPoint, REVIEWER } from '@sieve/contracts';

/**
 * The "Review & Edit Data" table as data: one row per result item, one column per sub-field
 * (spec 01 §5). Where an item came from — location, source text, source URL, the AI's own
 * confidence — is kept beside the row for source grounding, not offered as an editable column.
 */

/**
 * Sub-fields that say where a value came from or what kind of value it is; they ride along, they
 * are not table columns. `type` is the request's (DESIGN §13), not the reviewer's to edit: the
 * server keeps each item's type on the reviewed result.
 */
export const PROVENANCE_FIELDS = [
  'location',
  'source_text',
  'sourceText',
  'source_url',
  'confidence',
  'disputed',
  'anchor',
  'corrected',
  'learned',
  'type',
] as const;

/** spec 01 §5: the fixed order of the known sub-fields; others follow alphabetically. */
export const PREFERRED_COLUMNS = ['value', 'unit', 'year', 'amount', 'percentage', 'description'] as const;

export const OTHER_FIELDS_COLUMN = 'other_fields';

export type { ItemAnchor } from '@sieve/contracts';

export interface ItemSource {
  location: string | null;
  sourceText: string | null;
  sourceUrl: string | null;
  /** The AI's confidence in this item, 0–1. */
  confidence: number | null;
  anchor: ItemAnchor | null;
  /** DESIGN §14: the AI answered from where reviews put this field on earlier documents: how many reviews. */
  learnedReviews: number | null;
}

function isUnit(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -0.01 && value <= 1.01;
}

/** The item's anchor when it is well formed, else null (an item is still reviewable without one). */
export function anchorOf(value: unknown): ItemAnchor | null {
  if (!isPlainObject(value)) return null;
  const { page, box } = value;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) return null;
  if (!Array.isArray(box) || box.length !== 4 || !box.every(isUnit)) return null;
  const anchor: ItemAnchor = { page, box: box as ItemAnchor['box'] };
  for (const name of ['row_label', 'column_label', 'sheet', 'column', 'url'] as const) {
    const text = value[name];
    if (typeof text === 'string' && text !== '') anchor[name] = text;
  }
  if (typeof value.row === 'number' && Number.isInteger(value.row)) anchor.row = value.row;
  return anchor;
}

export interface ReviewRow {
  /** Stable within the screen: `ai-<n>` for the AI's items, `new-<n>` for added rows. */
  id: string;
  /** The item's name (the result key). */
  key: string;
  /** Column → value, as JSON values; a missing column is empty. */
  cells: Record<string, unknown>;
  /** JSON text of the sub-fields that have no column ('' when none). */
  otherFields: string;
  source: ItemSource | null;
  /**
   * The AI's value of the item, as the AI result holds it (absent on an added row): its JSON type
   * is the field's, so a value the AI kept as text ("004817") stays text when edited (issue 40).
   */
  aiValue?: unknown;
  /** The text the reviewer clicked in the document to fill the value (click-to-fill), if any. */
  pickedText?: string | null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const PROVENANCE = new Set<string>(PROVENANCE_FIELDS);

/** The item's sub-fields without provenance; a bare value counts as `{ value }`. */
export function subFieldsOf(item: unknown): Record<string, unknown> {
  if (!isPlainObject(item)) return { value: item };
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) if (!PROVENANCE.has(name)) fields[name] = value;
  return fields;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Location, source text (also read as sourceText) and source URL of an item, if it has any. */
export function sourceOf(item: unknown): ItemSource | null {
  if (!isPlainObject(item)) return null;
  const source: ItemSource = {
    location: textOrNull(item.location),
    sourceText: textOrNull(item.source_text) ?? textOrNull(item.sourceText),
    sourceUrl: textOrNull(item.source_url),
    confidence: typeof item.confidence === 'number' ? item.confidence : null,
    anchor: anchorOf(item.anchor),
    learnedReviews:
      isPlainObject(item.learned) && typeof item.learned.reviews === 'number' ? item.learned.reviews : null,
  };
  return source.location ||
    source.sourceText ||
    source.sourceUrl ||
    source.confidence !== null ||
    source.anchor ||
    source.learnedReviews !== null
    ? source
    : null;
}

/**
 * spec 01 §5: a sub-field gets a column when at least 30 % of the items have it. Order: value,
 * unit, year, amount, percentage, description, then the others alphabetically. `value` is always
 * there: every item carries one (bare values are values), and an added row needs somewhere to type.
 */
export function reviewColumns(result: Record<string, unknown>): string[] {
  const items = Object.values(result);
  const counts = new Map<string, number>();
  for (const item of items) {
    for (const name of Object.keys(subFieldsOf(item))) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const isShown = (name: string) =>
    items.length > 0 && (counts.get(name) ?? 0) / items.length >= REVIEWER.reviewColumnThreshold;
  const preferred: string[] = PREFERRED_COLUMNS.filter((name) => name === 'value' || isShown(name));
  const known = new Set<string>(PREFERRED_COLUMNS);
  const others = [...counts.keys()]
    .filter((name) => !known.has(name) && name !== OTHER_FIELDS_COLUMN && isShown(name))
    .sort((a, b) => a.localeCompare(b));
  return [...preferred, ...others];
}

/** The AI result as table rows: each item's column values, the rest as other_fields JSON. */
export function rowsFromResult(result: Record<string, unknown>, columns: readonly string[]): ReviewRow[] {
  const shown = new Set(columns);
  return Object.entries(result).map(([key, item], index) => {
    const fields = subFieldsOf(item);
    const cells: Record<string, unknown> = {};
    const other: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (shown.has(name)) cells[name] = value;
      else if (name === OTHER_FIELDS_COLUMN && isPlainObject(value)) Object.assign(other, value);
      else other[name] = value;
    }
    return {
      id: `ai-${index}`,
      key,
      cells,
      otherFields: Object.keys(other).length > 0 ? JSON.stringify(other) : '',
      source: sourceOf(item),
      aiValue: fields.value ?? null,
    };
  });
}

/** A value as the table shows it: '' for nothing, text as it is, anything else as JSON. */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * spec 01 §5: inline text above 50 characters opens the JSON editor ("Edit Value"), and so does a
 * structured value (an object or a list).
 */
export function needsJsonEditor(value: unknown): boolean {
  if (typeof value === 'object' && value !== null) return true;
  return displayText(value).length > REVIEWER.inlineTextMaxLength;
}

/**
 * Whether a value field holds text whatever is typed (issue 40): an identifier by its name, or a
 * field the AI read as text that is not a date (YYYYMMDD).
 */
export function isTextField(name: string, aiValue: unknown): boolean {
  return isIdentifierDataPoint(name) || (typeof aiValue === 'string' && !/^\d{8}$/.test(aiValue.trim()));
}

/**
 * What an inline edit stores: the old value when the text did not change (a number stays a
 * number), else text in a field that holds text (isTextField: "card last four", "receipt #", a
 * field the AI read as text), and otherwise a number when the text is exactly
 * one ("1234.5", not "007"), else the text (issue 40: a typed value keeps the field's type).
 */
export function parseInlineText(
  text: string,
  previous: unknown,
  field: { name: string; aiValue?: unknown } = { name: '' },
): unknown {
  if (text === displayText(previous)) return previous;
  if (isTextField(field.name, field.aiValue)) return text;
  const trimmed = text.trim();
  const number = Number(trimmed);
  if (trimmed !== '' && Number.isFinite(number) && String(number) === trimmed) return number;
  return text;
}

/** spec 01 §5: the JSON editor's text as JSON; text that fails to parse is stored as text. */
export function parseEditedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The JSON editor's starting text: JSON, pretty-printed, for any value. */
export function jsonEditorText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return JSON.stringify(value);
  return JSON.stringify(value, null, 2);
}

let addedRows = 0;

export function emptyRow(): ReviewRow {
  addedRows += 1;
  return {
    id: `new-${addedRows}-${Date.now().toString(36)}`,
    key: '',
    cells: {},
    otherFields: '',
    source: null,
  };
}

/** "learned from 3 reviews" (DESIGN §14). */
export function learnedText(reviews: number): string {
  return `learned from ${reviews} ${reviews === 1 ? 'review' : 'reviews'}`;
}
