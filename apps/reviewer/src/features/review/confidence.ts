import { CONFIDENCE, REVIEWER } from '@sieve/contracts';

export type ConfidenceBand = 'high' | 'medium' | 'low';

export const CONFIDENCE_BAND_LABEL: Record<ConfidenceBand, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** spec 01 §4: the probability is exp(confidence_score); an absent score counts as -10. */
export function probabilityOf(confidenceScore: number | null | undefined): number {
  const score =
    typeof confidenceScore === 'number' && Number.isFinite(confidenceScore)
      ? confidenceScore
      : REVIEWER.defaultConfidenceScore;
  return Math.min(1, Math.exp(score));
}

/** spec 01 §4: above 0.95 High, 0.85 to 0.95 Medium, below 0.85 Low. */
export function confidenceBand(probability: number): ConfidenceBand {
  if (probability > CONFIDENCE.high) return 'high';
  if (probability >= CONFIDENCE.medium) return 'medium';
  return 'low';
}

/** The queue's AI badge: the probability as a whole percentage. */
export function aiPercent(confidenceScore: number | null | undefined): number {
  return Math.round(probabilityOf(confidenceScore) * 100);
}

/** The badge tone of each band: green for High, red for Low (spec 01 §4). */
export const CONFIDENCE_BAND_TONE = {
  high: 'success',
  medium: 'warning',
  low: 'danger',
} as const satisfies Record<ConfidenceBand, 'success' | 'warning' | 'danger'>;

/**
 * issue 15: a task's score is its least certain field's (the extraction keeps the lowest item
 * confidence), so the badge says so rather than reading as the whole task's confidence.
 */
export function lowestFieldText(confidenceScore: number | null | undefined): {
  short: string;
  description: string;
} {
  const percent = aiPercent(confidenceScore);
  const band = CONFIDENCE_BAND_LABEL[confidenceBand(probabilityOf(confidenceScore))];
  return {
    short: `Lowest field ${percent}%`,
    description: `${band} confidence: the AI's least certain field is ${percent}% sure; the other fields are at least that sure`,
  };
}
