import type { ExtractedItem } from '../model/types';

/** spec 01 §4: confidence_score is a log-probability; -10 when nothing was found. */
export const NOTHING_FOUND_SCORE = -10;
export const NOT_FOUND_CONFIDENCE = 0.2;

/** The item for a data point the document does not state (spec 01 §5: left blank). */
export function notFound(): ExtractedItem {
  return { value: null, location: '', source_text: '', source_url: null, confidence: NOT_FOUND_CONFIDENCE };
}

/** ln of the lowest item confidence; -10 when no item has a value. */
export function confidenceScore(result: Record<string, ExtractedItem>): number {
  const items = Object.values(result);
  if (items.length === 0 || items.every((item) => item.value === null)) return NOTHING_FOUND_SCORE;
  const lowest = Math.min(...items.map((item) => Math.min(1, Math.max(1e-4, item.confidence))));
  return Math.round(Math.log(lowest) * 10_000) / 10_000;
}
