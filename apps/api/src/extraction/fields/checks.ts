import { type CheckResult, FAILED_CHECK_CONFIDENCE } from '@sieve/contracts';

export { runChecks } from '@sieve/contracts';

/**
 * A failed check sends its fields to review (DESIGN §13): their confidence drops below the High
 * band, so the task needs two reviews and the reviewer sees why.
 */
export function lowerFailedConfidence(
  result: Record<string, { confidence: number }>,
  outcomes: readonly CheckResult[],
): void {
  for (const outcome of outcomes) {
    if (outcome.passed) continue;
    for (const field of outcome.fields) {
      const item = result[field];
      if (item) item.confidence = Math.min(item.confidence, FAILED_CHECK_CONFIDENCE);
    }
  }
}
