import { formatDecimal } from '../dashboard/format';
import { ratingTone } from './reviewer-rules';

const TONE_WORD = { success: 'good', warning: 'fair', danger: 'poor' } as const;

/** A 0–5 rating in its spec 02 §9 colour; the number and a word carry it, not the colour alone. */
export function RatingCell({ rating, kind }: { rating: number | null; kind: string }) {
  const tone = ratingTone(rating);
  if (tone === null || rating === null) {
    return (
      <span className="sv-muted" title={`No ${kind} reviews yet`}>
        —
      </span>
    );
  }
  return (
    <span
      className={`adm-rating adm-rating--${tone}`}
      title={`${kind} rating ${formatDecimal(rating, 2)} of 5 (${TONE_WORD[tone]})`}
    >
      <span className="adm-rating__dot" aria-hidden="true" />
      {rating.toFixed(1)}
      <span className="sv-visually-hidden">{` of 5, ${TONE_WORD[tone]}`}</span>
    </span>
  );
}
