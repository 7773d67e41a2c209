import { Badge } from '@sieve/ui';
import {
  CONFIDENCE_BAND_LABEL,
  CONFIDENCE_BAND_TONE,
  confidenceBand,
  lowestFieldText,
  probabilityOf,
} from './confidence';

/** The AI's confidence in a task: its band (spec 01 §4) and its least certain field's probability. */
export function ConfidenceBadge({ confidenceScore }: { confidenceScore: number | null | undefined }) {
  const probability = probabilityOf(confidenceScore);
  const band = confidenceBand(probability);
  const text = lowestFieldText(confidenceScore);
  return (
    <span title={text.description}>
      <Badge tone={CONFIDENCE_BAND_TONE[band]} hasDot>
        {CONFIDENCE_BAND_LABEL[band]}
        <span className="sv-visually-hidden"> confidence</span> · {text.short}
        <span className="sv-visually-hidden">; the other fields are at least that sure</span>
      </Badge>
    </span>
  );
}
