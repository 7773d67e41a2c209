import { type CheckSpec, FAILED_CHECK_CONFIDENCE, type FieldSpec, inferFieldType } from '@sieve/contracts';
import { confidenceScore } from '../confidence/score';
import { currencyIn } from '../lexicon/currencies';
import type { ExtractedDocument, ExtractedItem, ExtractionResult, TypedItemValue } from '../model/types';
import { lowerFailedConfidence, runChecks } from './checks';
import { constraintProblems } from './constraints';
import { readLineItems } from './line-items';
import { moneyCurrency, typedValue } from './typed-value';

export { runChecks } from './checks';
export { fitsType, typedValue } from './typed-value';

/** What a request asks for beyond plain data points (DESIGN §13). */
export interface TypedFields {
  fields?: FieldSpec[];
  checks?: CheckSpec[];
}

/**
 * The names the provider is asked for: the plain data points, then each scalar field not among
 * them (line items are read by `readLineItems`, not by the provider).
 */
export function providerDataPoints(dataPoints: string[], typed: TypedFields): string[] {
  const seen = new Set(dataPoints.map((d) => d.toLowerCase()));
  const scalars = (typed.fields ?? [])
    .filter((f) => f.type !== 'line_items' && !seen.has(f.name.toLowerCase()))
    .map((f) => f.name);
  return [...dataPoints, ...scalars];
}

/** A plain data point keeps today's value; it gains its inferred type, and money its currency. */
function labelPlain(name: string, item: ExtractedItem) {
  const type = inferFieldType(name, item.value);
  item.type = type;
  if (type === 'money' && typeof item.value === 'number') {
    const currency = currencyIn(item.source_text);
    if (currency) item.currency = currency;
  }
}

/** Typed values are wider than a provider's (booleans, row lists); they travel as JSON from here on. */
function setValue(item: ExtractedItem, value: TypedItemValue) {
  (item as { value: TypedItemValue }).value = value;
}

function typeField(field: FieldSpec, item: ExtractedItem) {
  if (field.type === 'line_items') return;
  setValue(item, typedValue(field.type, item.value, item.source_text));
  item.type = field.type;
  if (field.type === 'money' && item.value !== null) {
    const currency = moneyCurrency(item.source_text, field.currency);
    if (currency) item.currency = currency;
  }
}

/**
 * The post-extraction step (DESIGN §13): each answer as its field's type, line items read from
 * the document's tables or lines, the field rules and the checks run, and the fields of a failed
 * rule or check sent to review with the reason in the notes and in `checks`.
 */
export function applyFields(
  result: ExtractionResult,
  document: ExtractedDocument,
  dataPoints: string[],
  typed: TypedFields,
): void {
  const fields = typed.fields ?? [];
  if (fields.length === 0 && !typed.checks?.length) {
    // Plain data points: today's values, each with its inferred type.
    for (const [name, item] of Object.entries(result.result)) labelPlain(name, item);
    return;
  }
  const byName = new Map(fields.map((f) => [f.name.toLowerCase(), f]));
  for (const [name, item] of Object.entries(result.result)) {
    const field = byName.get(name.toLowerCase());
    if (field) typeField(field, item);
    else labelPlain(name, item);
  }
  for (const field of fields) {
    if (field.type !== 'line_items') continue;
    const { value, ...read } = readLineItems(document, field);
    const item: ExtractedItem = { ...read, value: null, type: 'line_items' };
    setValue(item, value);
    result.result[field.name] = item;
  }
  // Only the names asked for come back, in the order asked (fields after plain data points).
  const order = [...dataPoints, ...fields.map((f) => f.name)];
  const ordered: ExtractionResult['result'] = {};
  for (const name of order) {
    const item = result.result[name];
    if (item) ordered[name] = item;
  }
  for (const [name, item] of Object.entries(result.result)) if (!(name in ordered)) ordered[name] = item;
  result.result = ordered;

  const notes: string[] = [];
  for (const field of fields) {
    const item = result.result[field.name];
    const problems = constraintProblems(field, item?.value ?? null);
    if (!item || problems.length === 0) continue;
    item.confidence = Math.min(item.confidence, FAILED_CHECK_CONFIDENCE);
    notes.push(...problems);
  }
  if (typed.checks?.length) {
    const outcomes = runChecks(result.result, typed.checks);
    lowerFailedConfidence(result.result, outcomes);
    result.checks = outcomes;
    for (const o of outcomes) if (!o.passed) notes.push(`Check failed: ${o.name}: ${o.detail}`);
  }
  if (notes.length) result.notes = [...new Set([...(result.notes ?? []), ...notes])];
  result.confidence_score = confidenceScore(result.result);
}
