import type { Hint } from './api';

/** Where a hint says the value sits, in a sentence a requester reads ("Account summary · Balance payable · This period"). */
export function placeText(place: Hint['place']): string {
  if (place.kind === 'cell') {
    const column = place.column_header ?? `value column ${place.column_rank + 1}`;
    return [place.table_title, place.row_label, column].filter(Boolean).join(' · ');
  }
  const where =
    place.offset.line === 1
      ? 'on the line below'
      : place.offset.segment === 0
        ? 'after the colon'
        : `${place.offset.segment === 1 ? 'next' : `${place.offset.segment} over`} to the right`;
  return `“${place.label}”, ${where}`;
}

/** "learned from 3 reviews" (DESIGN §14). */
export function learnedFrom(reviews: number): string {
  return `learned from ${reviews} ${reviews === 1 ? 'review' : 'reviews'}`;
}

/** The hints grouped by the source layout that taught them, named by the issuer as read. */
export function bySource(hints: Hint[]): { fingerprint: string; source: string; hints: Hint[] }[] {
  const groups = new Map<string, { fingerprint: string; source: string; hints: Hint[] }>();
  for (const hint of hints) {
    const group = groups.get(hint.fingerprint) ?? {
      fingerprint: hint.fingerprint,
      source: hint.source ?? `Layout ${hint.fingerprint.slice(0, 8)}`,
      hints: [],
    };
    group.hints.push(hint);
    groups.set(hint.fingerprint, group);
  }
  return [...groups.values()].sort((a, b) => a.source.localeCompare(b.source));
}
