import { Badge } from '@sieve/ui';
import { CONFIDENCE_BAND_LABEL, CONFIDENCE_BAND_TONE, confidenceBand, probabilityOf } from './confidence';

/** The AI's confidence in a task: its band (spec 01 §4) and probability. */
export function ConfidenceBadge({ confidenceScore }: { confidenceScore: number | null | undefined }) {
  const probability = probabilityOf(confidenceScore);
  const band = confidenceBand(probability);
  const percent = Math.round(probability * 100);
  return (
    <span title={`AI confidence ${percent}%`}>
      <Badge tone={CONFIDENCE_BAND_TONE[band]} hasDot>
        {CONFIDENCE_BAND_LABEL[band]} confidence · {percent}%
      </Badge>
    </span>
  );
}
