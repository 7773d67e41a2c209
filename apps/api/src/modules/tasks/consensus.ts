import { type FieldSpec, valuesAgree } from '@sieve/contracts';
import { isRowList, settleRows } from './line-items-consensus';

export interface SubmittedReview {
  workerId: string;
  result: Record<string, unknown>;
  /** The reviewer's quality score (0–1), breaks a tie with no majority. */
  quality: number;
}

export type ConsensusOutcome =
  | {
      kind: 'agreed';
      result: Record<string, unknown>;
      matches: Map<string, { total: number; matched: number }>;
    }
  | { kind: 'needs_more' };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function itemValue(item: unknown): unknown {
  return isPlainObject(item) && 'value' in item ? item.value : item;
}

/** A line-items field: the request says so, a reviewer's item is typed so, or its value is a list of rows. */
function isLineItems(
  key: string,
  reviews: readonly SubmittedReview[],
  fields: readonly FieldSpec[],
): boolean {
  const spec = fields.find((f) => f.name === key);
  if (spec) return spec.type === 'line_items';
  return reviews.some((review) => {
    const item = review.result[key];
    if (isPlainObject(item) && item.type === 'line_items') return true;
    const value = itemValue(item);
    return Array.isArray(value) && value.length > 0 && isRowList(value);
  });
}

/**
 * Consensus per data point (DESIGN §4): values are normalised and compared (an identifier as its
 * text: "0042" is not "42"), and the winner's item is kept as a reviewer sent it; a majority of the
 * reviews wins. Short of a majority with fewer than `maxReviews` reviews, another review is
 * needed; at `maxReviews` the value of the reviewer with the higher quality score wins and the
 * item is flagged `disputed`. A line-items field is settled row by row (line-items-consensus.ts),
 * each row counting as one item in a reviewer's matches.
 */
export function decideConsensus(
  reviews: SubmittedReview[],
  maxReviews: number,
  fields: readonly FieldSpec[] = [],
): ConsensusOutcome {
  const keys = [...new Set(reviews.flatMap((r) => Object.keys(r.result)))].sort();
  const result: Record<string, unknown> = {};
  const matches = new Map(reviews.map((r) => [r.workerId, { total: 0, matched: 0 }]));
  const best = [...reviews].sort((a, b) => b.quality - a.quality || a.workerId.localeCompare(b.workerId))[0];
  for (const key of keys) {
    if (isLineItems(key, reviews, fields)) {
      const settled = settleRows(
        reviews.map((r) => {
          const value = itemValue(r.result[key] ?? null);
          return { workerId: r.workerId, rows: isRowList(value) ? value : [] };
        }),
        fields.find((f) => f.name === key)?.columns,
        { maxReviews, best: best?.workerId ?? '' },
      );
      if (settled.kind === 'needs_more') return settled;
      // The field's own keys (its type, source) from the better reviewer's item, its rows settled.
      const items = [best, ...reviews].map((r) => r?.result[key]);
      const base = items.find(isPlainObject) ?? {};
      const { value: _value, disputed: _disputed, ...rest } = base;
      const anyRows = reviews.some((r) => isRowList(itemValue(r.result[key])));
      result[key] = {
        ...rest,
        value: settled.rows.length > 0 || anyRows ? settled.rows : null,
        ...(settled.isDisputed ? { disputed: true } : {}),
      };
      for (const [workerId, score] of settled.matches) {
        const total = matches.get(workerId);
        if (!total) continue;
        // An empty list everyone agrees on is one item agreed, as a blank scalar is.
        total.total += Math.max(1, score.total);
        total.matched += score.total === 0 ? 1 : score.matched;
      }
      continue;
    }
    // Group the reviews whose values agree.
    const groups: { value: unknown; item: unknown; members: SubmittedReview[] }[] = [];
    for (const review of reviews) {
      const item = review.result[key] ?? null;
      const value = itemValue(item);
      const group = groups.find((g) => valuesAgree(g.value, value, key));
      if (group) group.members.push(review);
      else groups.push({ value, item, members: [review] });
    }
    groups.sort((a, b) => b.members.length - a.members.length);
    const top = groups[0];
    if (!top) continue;
    let winner: unknown;
    if (top.members.length * 2 > reviews.length) {
      result[key] = top.item;
      winner = top.value;
    } else {
      if (reviews.length < maxReviews) return { kind: 'needs_more' };
      // No majority after the last review: the better reviewer's value, flagged.
      const item = best?.result[key] ?? null;
      const base = isPlainObject(item) ? item : { value: item };
      result[key] = { ...base, disputed: true };
      winner = itemValue(item);
    }
    for (const review of reviews) {
      const score = matches.get(review.workerId);
      if (!score) continue;
      score.total++;
      if (valuesAgree(itemValue(review.result[key] ?? null), winner ?? null, key)) score.matched++;
    }
  }
  return { kind: 'agreed', result, matches };
}
