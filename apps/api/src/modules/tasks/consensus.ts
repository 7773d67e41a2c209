import { valuesAgree } from '@sieve/contracts';

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

function itemValue(item: unknown): unknown {
  return item && typeof item === 'object' && !Array.isArray(item) && 'value' in item
    ? (item as { value: unknown }).value
    : item;
}

/**
 * Consensus per data point (DESIGN §4): values are normalised and compared (an identifier as its
 * text: "0042" is not "42"), and the winner's item is kept as a reviewer sent it; a majority of the
 * reviews wins. Short of a majority with fewer than `maxReviews` reviews, another review is
 * needed; at `maxReviews` the value of the reviewer with the higher quality score wins and the
 * item is flagged `disputed`.
 */
export function decideConsensus(reviews: SubmittedReview[], maxReviews: number): ConsensusOutcome {
  const keys = [...new Set(reviews.flatMap((r) => Object.keys(r.result)))].sort();
  const result: Record<string, unknown> = {};
  const winners = new Map<string, unknown>();
  for (const key of keys) {
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
    if (top.members.length * 2 > reviews.length) {
      result[key] = top.item;
      winners.set(key, top.value);
      continue;
    }
    if (reviews.length < maxReviews) return { kind: 'needs_more' };
    // No majority after the last review: the better reviewer's value, flagged.
    const best = [...reviews].sort(
      (a, b) => b.quality - a.quality || a.workerId.localeCompare(b.workerId),
    )[0];
    const item = best?.result[key] ?? null;
    const base = item && typeof item === 'object' && !Array.isArray(item) ? item : { value: item };
    result[key] = { ...base, disputed: true };
    winners.set(key, itemValue(item));
  }
  const matches = new Map<string, { total: number; matched: number }>();
  for (const review of reviews) {
    let matched = 0;
    for (const key of keys)
      if (valuesAgree(itemValue(review.result[key] ?? null), winners.get(key) ?? null, key)) matched++;
    matches.set(review.workerId, { total: keys.length, matched });
  }
  return { kind: 'agreed', result, matches };
}
