import type { NormalisedValue } from '@sieve/contracts';
import { rowKind } from '../lexicon/scale';
import type { TableCandidate, TableMatch } from '../match/table-cells';

/**
 * Every answerer's confidence, one named function per kind of answer (docs/extraction/README.md,
 * "Confidence"): the probability an answer is right, from the features of its match. The High band
 * (> 0.95) decides one review instead of two, so only the table curve below, calibrated on the
 * points `pnpm quality` measures, and the rules' own caps may reach it; computed and measured
 * figures never do.
 */

/** Confidences are given to three decimals. */
export function rounded(p: number): number {
  return Math.round(p * 1000) / 1000;
}

function same(a: NormalisedValue, b: NormalisedValue): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  return a === b;
}

/**
 * Confidence from the match: the score, discounted for a rival reading with another value and
 * for an assumed period, then mapped through the calibration measured on the quality corpus.
 */
export function tableConfidence(best: TableCandidate, match: TableMatch, ocrConfidence?: number): number {
  const all = match.candidates;
  const rival = all.find((c) => c !== best && c.score >= best.score * 0.92 && !same(c.value, best.value));
  let raw = best.score;
  if (rival) raw *= 0.8 - Math.min(0.2, (rival.score / best.score - 0.92) * 2);
  // A better-named row is there but empty in this column: this answer may be the row below it.
  if (match.blankScore !== undefined && match.blankScore > best.score) raw *= 0.7;
  if (best.latestAssumed) raw *= 0.96;
  // The table states two scales: the nearest was applied, but this amount may be off by a power of ten.
  if (
    best.table.scaleNote &&
    typeof best.value === 'number' &&
    best.value !== 0 &&
    best.table.columnUnits[best.cell.column] === undefined &&
    rowKind(best.item.anchor?.row_label ?? '', []) === 'amount'
  )
    raw *= 0.85;
  if (ocrConfidence !== undefined) raw *= Math.min(1, 0.5 + ocrConfidence / 2);
  return calibrate(raw);
}

/** Raw match score → probability right, from reliability on the quality corpus (pnpm quality). */
export function calibrate(raw: number): number {
  const points: [number, number][] = [
    [0, 0.3],
    [0.5, 0.6],
    [0.7, 0.8],
    [0.85, 0.9],
    [0.95, 0.94],
    [0.99, 0.985],
    [1, 0.99],
  ];
  const x = Math.max(0, Math.min(1, raw));
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i] as [number, number];
    const [x0, y0] = points[i - 1] as [number, number];
    if (x <= x1) return Math.round((y0 + ((x - x0) / (x1 - x0)) * (y1 - y0)) * 1000) / 1000;
  }
  return 0.99;
}

/** A cell read by "extract everything" (no data point named): a headed column, or the first figure column. */
export function everyCellConfidence(hasHeader: boolean): number {
  return calibrate(hasHeader ? 0.97 : 0.9);
}

/**
 * A labelled line (match/line-answers.ts): its score times the line cap, lower again when another
 * line nearly as good gives another value; never below 0.3 nor above the cap.
 *
 *   exact label at the start of its line or cell, clean value beside it   0.97
 *   label with extra words / prose mention                                ~0.85–0.9
 *   value from the next line or under a header                            ~0.85–0.9
 *   several candidates disagreeing                                        × 0.85
 */
export const LINE_MAX_CONFIDENCE = 0.97;
export function lineConfidence(score: number, hasRival: boolean): number {
  let confidence = LINE_MAX_CONFIDENCE * score;
  if (hasRival) confidence *= 0.85;
  return Math.max(0.3, Math.min(LINE_MAX_CONFIDENCE, confidence));
}

/** "Label: value" lines and label/value rows kept by "extract everything" (match/labelled-items.ts). */
export const LABELLED_CONFIDENCE = {
  /** A label and its value (a line "Label: value", or a row of two cells). */
  pair: 0.9,
  /** The first of a row of figures (several periods): usually, not always, the latest. */
  firstOfRow: 0.8,
  /** A value after "Label:" with more text after it. */
  unclean: 0.82,
} as const;
/** …a text value (not a date) is a little less sure than a figure or a date. */
export function labelledConfidence(base: number, isText: boolean): number {
  return isText ? base * 0.95 : base;
}

/**
 * A receipt's or invoice's field (receipts/): how sure its rule is, scaled by the OCR confidence
 * of the words it was read from (none: as printed), between 0.3 and 0.97.
 */
export function fieldConfidence(base: number, wordConfidences: number[]): number {
  const ocr = wordConfidences.length
    ? wordConfidences.reduce((a, b) => a + b, 0) / wordConfidences.length
    : 1;
  return Math.max(0.3, Math.min(0.97, base * ocrFactor(ocr)));
}

/** What an OCR'd page's mean word confidence makes of an answer read from it. */
export function ocrFactor(ocrConfidence: number): number {
  return 0.55 + 0.45 * ocrConfidence;
}

/** Computed figures are as sure as their least sure part, and never High: a person checks the sum. */
export const DERIVED_CONFIDENCE_CAP = 0.9;
export function derivedConfidence(parts: number[]): number {
  return Math.min(DERIVED_CONFIDENCE_CAP, ...parts);
}

/**
 * An answer read from where reviews put the field on earlier documents of the same layout
 * (memory/, DESIGN §14). One review is a Medium answer (a second person looks); two or more that
 * agreed make it High. A memory whose last answer was corrected is weakened to Low until a
 * review confirms it again. Provisional points until `pnpm quality`'s learning stream measures them.
 */
export const REMEMBERED_CONFIDENCE = { one: 0.9, several: 0.97, weakened: 0.6 } as const;
export function rememberedConfidence(reviews: number, corrections: number): number {
  if (corrections > 0) return REMEMBERED_CONFIDENCE.weakened;
  return reviews >= 2 ? REMEMBERED_CONFIDENCE.several : REMEMBERED_CONFIDENCE.one;
}

/** A chart's value (charts/): at most this, by how it was read. */
export const CHART_CONFIDENCE = {
  /** Printed, and the mark measured against the axis agrees. */
  confirmed: 0.99,
  /** Printed, nothing to check it against. */
  printed: 0.93,
  /** Printed, and the mark's size says otherwise: the printed value is kept. */
  disagreed: 0.75,
  /** Measured from the axis or the angle only: never the High band. */
  measured: 0.88,
} as const;

/** A number an LLM states as its confidence, kept between 0 and 1 (the fallback when it is none). */
export function clampConfidence(value: unknown, fallback = 0.5): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(1, Math.max(0, n));
}

/**
 * An LLM's answer: the confidence it states, trusted much less when its quote is not in the
 * document, and less when the tables hold a well-matched cell with another value.
 */
export function llmConfidence(
  stated: unknown,
  evidence: { unquoted: boolean; tablesDisagree: boolean },
): number {
  let confidence = clampConfidence(stated, 0.5);
  if (evidence.unquoted) confidence *= 0.6;
  if (evidence.tablesDisagree) confidence *= 0.8;
  return confidence;
}
