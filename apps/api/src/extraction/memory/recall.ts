import {
  type FieldType,
  inferFieldType,
  type NormalisedValue,
  normaliseValue,
  type Scale,
  valuesAgree,
} from '@sieve/contracts';
import { rememberedConfidence } from '../confidence/probability';
import { confidenceScore } from '../confidence/score';
import { runChecks, type TypedFields } from '../fields';
import { lowerFailedConfidence } from '../fields/checks';
import { fitsType, moneyCurrency, typedValue } from '../fields/typed-value';
import { isNothingFoundNote } from '../model/notes';
import type { ExtractedDocument, ExtractedItem, ExtractionResult } from '../model/types';
import {
  documentPlaces,
  type Place,
  type PlaceReading,
  placeKey,
  readingAnchor,
  readingAt,
  readingLocation,
  shapeOf,
} from './places';

/**
 * Answers from memory (DESIGN §14): a hint says where reviews found a field on earlier documents
 * of the same requester and layout; when this document has that place and the value there passes
 * the field's type, the hint answers before the extractor, and says so (`learned`).
 */

/** A learned hint as extraction uses it (the database row lives in modules/learning). */
export interface RememberedHint {
  id: string;
  field: string;
  place: Place;
  type?: FieldType | null;
  scale?: Scale | null;
  /** The reviews that taught or confirmed it. */
  reviews: number;
  /** Its answers corrected in a row since it was last confirmed. */
  corrections: number;
}

/** What a task keeps of its document's places for teaching later: the place and what it held. */
export type StoredReading = Pick<PlaceReading, 'place' | 'text' | 'figure'> & { scale?: Scale };

/** A document can hold thousands of cells (a 10-K); a task keeps this many of its places. */
const MAX_STORED_READINGS = 5000;

export function storedReadings(doc: ExtractedDocument): StoredReading[] {
  return documentPlaces(doc)
    .slice(0, MAX_STORED_READINGS)
    .map((r) => ({
      place: r.place,
      text: r.text.slice(0, 200),
      figure: r.figure,
      ...(r.scale ? { scale: r.scale } : {}),
    }));
}

/** The value a reading gives a field: a cell's figure as the table reads it, else the text normalised. */
function readingValue(reading: Pick<PlaceReading, 'text' | 'figure'>, field: string): NormalisedValue {
  if (reading.figure !== null) return reading.figure;
  return normaliseValue(reading.text, { dataPoint: field });
}

const labelOf = (place: Place) => (place.kind === 'cell' ? place.row_label : place.label);

/**
 * Where the reviewed value of a field sat in a document, if one place says so plainly: the place
 * whose value agrees with it, or among several, the one whose label shares a word with the field's
 * name. Several places with the value and nothing to choose between them teach nothing.
 */
export function teachingPlace(
  readings: StoredReading[],
  field: string,
  value: unknown,
): StoredReading | undefined {
  if (value === null || value === undefined || value === '' || typeof value === 'object') return undefined;
  const matching = readings.filter(
    (r) => valuesAgree(readingValue(r, field), value, field) || valuesAgree(r.text, value, field),
  );
  const distinct = [...new Map(matching.map((r) => [placeKey(r.place), r])).values()];
  if (distinct.length <= 1) return distinct[0];
  const fieldWords = new Set(shapeOf(field).split(' '));
  const named = distinct.filter((r) =>
    shapeOf(labelOf(r.place))
      .split(' ')
      .some((w) => fieldWords.has(w)),
  );
  return named.length === 1 ? named[0] : undefined;
}

function rememberedItem(
  reading: PlaceReading,
  hint: RememberedHint,
  typed: TypedFields,
): ExtractedItem | undefined {
  const field = typed.fields?.find((f) => f.name.toLowerCase() === hint.field.toLowerCase());
  if (field?.type === 'line_items') return undefined;
  const raw = readingValue(reading, hint.field);
  const type: FieldType = field?.type ?? hint.type ?? inferFieldType(hint.field, raw);
  const value = type === 'line_items' ? null : typedValue(type, raw, reading.sourceText);
  if (value === null || typeof value === 'boolean' || !fitsType(type, value)) return undefined;
  const item: ExtractedItem = {
    value,
    location: readingLocation(reading),
    source_text: reading.sourceText,
    source_url: reading.url ?? null,
    confidence: rememberedConfidence(hint.reviews, hint.corrections),
    anchor: readingAnchor(reading),
    type,
    learned: { hint_id: hint.id, reviews: hint.reviews },
  };
  if (type === 'money') {
    const currency = moneyCurrency(reading.sourceText, field?.currency);
    if (currency) item.currency = currency;
  }
  return item;
}

/** A requester's hint as it travels with the request to extraction: with the layout it is for. */
export type SourceHint = RememberedHint & { fingerprint: string };

/** The hints of one layout as examples for an LLM provider: "Amount due: Account summary · Balance payable · This period". */
export function hintExamples(hints: SourceHint[], fingerprint: string): string[] {
  return hints
    .filter((h) => h.fingerprint === fingerprint && h.corrections === 0)
    .map(
      (h) => `${h.field}: ${placeWords(h.place)} (${h.reviews} ${h.reviews === 1 ? 'review' : 'reviews'})`,
    );
}

function placeWords(place: Place): string {
  if (place.kind === 'cell')
    return [
      place.table_title && `table "${place.table_title}"`,
      `row "${place.row_label}"`,
      place.column_header ? `column "${place.column_header}"` : `value column ${place.column_rank + 1}`,
    ]
      .filter(Boolean)
      .join(', ');
  const where =
    place.offset.line === 1 ? 'on the line below' : place.offset.segment === 0 ? 'after it' : 'to its right';
  return `the value labelled "${place.label}", ${where}`;
}

/**
 * Each asked field a hint knows and this document answers at the hint's place is answered from
 * memory (the surest hint first: fewest recent corrections, then most reviews); the checks and
 * the result's confidence are taken again. Answers the number of fields answered from memory.
 */
export function recallAnswers(
  result: ExtractionResult,
  doc: ExtractedDocument,
  hints: RememberedHint[],
  typed: TypedFields = {},
): number {
  if (hints.length === 0) return 0;
  const readings = documentPlaces(doc);
  const ordered = [...hints].sort((a, b) => a.corrections - b.corrections || b.reviews - a.reviews);
  const answered = new Set<string>();
  for (const hint of ordered) {
    const name = Object.keys(result.result).find((k) => k.toLowerCase() === hint.field.toLowerCase());
    if (!name || answered.has(name)) continue;
    const reading = readingAt(readings, hint.place);
    const item = reading && rememberedItem(reading, hint, typed);
    if (!item) continue;
    result.result[name] = item;
    answered.add(name);
  }
  if (answered.size === 0) return 0;
  // "Nothing was found" no longer holds once memory answered.
  const notes = (result.notes ?? []).filter((note) => !isNothingFoundNote(note));
  if (notes.length) result.notes = notes;
  else delete result.notes;
  if (typed.checks?.length) {
    const outcomes = runChecks(result.result, typed.checks);
    lowerFailedConfidence(result.result, outcomes);
    result.checks = outcomes;
  }
  result.confidence_score = confidenceScore(result.result);
  return answered.size;
}
