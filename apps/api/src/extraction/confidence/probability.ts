import type { NormalisedValue } from '@sieve/contracts';
import { rowKind } from '../lexicon/scale';
import type { TableCandidate, TableMatch } from './table-cells';

function same(a: NormalisedValue, b: NormalisedValue): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  return a === b;
}

/**
 * Confidence from the match: the score, discounted for a rival reading with another value and
 * for an assumed period, then mapped through the calibration measured on the quality corpus.
 */
export function confidenceOf(best: TableCandidate, match: TableMatch, ocrConfidence?: number): number {
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
