import { type ColumnSpec, valuesAgree } from '@sieve/contracts';

/**
 * Consensus on a line-items field (DESIGN §4 and §13), row by row: the reviewers' rows are paired
 * up by content (a row's cells compared as `valuesAgree` compares a field's values, its place in
 * the list breaking ties), and each row is settled as a scalar data point is: a majority of the
 * reviews wins, a reviewer without the row counting as "no row". Short of a majority another
 * review is needed; after the last one the better reviewer's row is kept and flagged `disputed`.
 */

type Row = Record<string, unknown>;

export interface RowReview {
  workerId: string;
  rows: Row[];
}

export type RowsOutcome =
  | {
      kind: 'settled';
      rows: Row[];
      isDisputed: boolean;
      /** Per reviewer: rows counted, and those in which the reviewer agreed with the outcome. */
      matches: Map<string, { total: number; matched: number }>;
    }
  | { kind: 'needs_more' };

/** Keys a row carries beside its columns: its box, its cells' confidence, its number, a flag. */
const ROW_KEYS = new Set(['anchor', 'confidence', 'row', 'disputed']);

function isPlainObject(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRowList(value: unknown): value is Row[] {
  return Array.isArray(value) && value.every(isPlainObject);
}

interface Column {
  name: string;
  /** The name `valuesAgree` reads the cell's kind from. */
  hint: string;
}

/** The columns compared: the request's, else every key a reviewer's row has. */
function columnsOf(reviews: readonly RowReview[], spec: readonly ColumnSpec[] | undefined): Column[] {
  if (spec?.length)
    // An identifier column compares as its text ("0042" is not "42") whatever its name says.
    return spec.map((c) => ({ name: c.name, hint: c.type === 'identifier' ? 'id' : c.name }));
  const names = new Set<string>();
  for (const review of reviews)
    for (const row of review.rows) for (const key of Object.keys(row)) if (!ROW_KEYS.has(key)) names.add(key);
  return [...names].sort().map((name) => ({ name, hint: name }));
}

/**
 * Whether two lists say the same rows in the same order, cell by cell as consensus compares them:
 * a row's box and cells' confidence do not count (a reviewer's API client may leave them out).
 */
export function rowListsAgree(a: readonly Row[], b: readonly Row[], spec?: readonly ColumnSpec[]): boolean {
  if (a.length !== b.length) return false;
  const columns = columnsOf(
    [
      { workerId: 'a', rows: [...a] },
      { workerId: 'b', rows: [...b] },
    ],
    spec,
  );
  return a.every((row, i) => {
    const other = b[i] ?? {};
    return columns.every((c) => valuesAgree(row[c.name] ?? null, other[c.name] ?? null, c.hint));
  });
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Placed rows of one reviewer in one slot. */
interface Placed {
  row: Row;
  index: number;
}

export function settleRows(
  reviews: readonly RowReview[],
  spec: readonly ColumnSpec[] | undefined,
  options: { maxReviews: number; best: string },
): RowsOutcome {
  const columns = columnsOf(reviews, spec);
  const cellsAgree = (a: Row, b: Row, column: Column) =>
    valuesAgree(a[column.name] ?? null, b[column.name] ?? null, column.hint);
  const rowsAgree = (a: Row, b: Row) => columns.every((column) => cellsAgree(a, b, column));
  /** How alike two rows are: every cell alike wins, else the count of agreeing filled cells. */
  const likeness = (a: Row, b: Row): number => {
    if (rowsAgree(a, b)) return columns.length + 1;
    let filled = 0;
    let agreeing = 0;
    for (const column of columns) {
      if (isBlank(a[column.name]) && isBlank(b[column.name])) continue;
      filled++;
      if (cellsAgree(a, b, column)) agreeing++;
    }
    // The same row read differently keeps at least half its cells; fewer is another row.
    return agreeing > 0 && agreeing * 2 >= filled ? agreeing : 0;
  };

  // Pair each reviewer's rows with the rows placed so far: the likest pairs first, a row's place
  // in the list breaking ties (two identical rows of one list go to two slots).
  const slots: Map<string, Placed>[] = [];
  for (const review of reviews) {
    const pairs: { row: number; slot: number; score: number; distance: number }[] = [];
    for (const [i, row] of review.rows.entries())
      for (const [s, slot] of slots.entries()) {
        let score = 0;
        let distance = Number.POSITIVE_INFINITY;
        for (const placed of slot.values()) {
          score = Math.max(score, likeness(row, placed.row));
          distance = Math.min(distance, Math.abs(placed.index - i));
        }
        if (score > 0) pairs.push({ row: i, slot: s, score, distance });
      }
    pairs.sort((a, b) => b.score - a.score || a.distance - b.distance || a.row - b.row);
    const placedRows = new Set<number>();
    const takenSlots = new Set<number>();
    for (const pair of pairs) {
      if (placedRows.has(pair.row) || takenSlots.has(pair.slot)) continue;
      const row = review.rows[pair.row];
      if (!row) continue;
      slots[pair.slot]?.set(review.workerId, { row, index: pair.row });
      placedRows.add(pair.row);
      takenSlots.add(pair.slot);
    }
    for (const [i, row] of review.rows.entries())
      if (!placedRows.has(i)) slots.push(new Map([[review.workerId, { row, index: i }]]));
  }

  const matches = new Map(reviews.map((r) => [r.workerId, { total: 0, matched: 0 }]));
  const kept: { row: Row; at: number; order: number }[] = [];
  let isDisputed = false;
  for (const [order, slot] of slots.entries()) {
    // The reviews grouped by what they say of this row; a reviewer without it says "no row".
    const groups: { row: Row | null; members: string[] }[] = [];
    for (const review of reviews) {
      const row = slot.get(review.workerId)?.row ?? null;
      const group = groups.find((g) =>
        g.row === null || row === null ? g.row === row : rowsAgree(g.row, row),
      );
      if (group) group.members.push(review.workerId);
      else groups.push({ row, members: [review.workerId] });
    }
    groups.sort((a, b) => b.members.length - a.members.length);
    let winner = groups[0];
    let disputed = false;
    if (!winner || winner.members.length * 2 <= reviews.length) {
      if (reviews.length < options.maxReviews) return { kind: 'needs_more' };
      // No majority after the last review: the better reviewer's row (or its absence), flagged.
      winner = groups.find((g) => g.members.includes(options.best)) ?? winner;
      disputed = true;
    }
    for (const review of reviews) {
      const score = matches.get(review.workerId);
      if (!score) continue;
      score.total++;
      if (winner?.members.includes(review.workerId)) score.matched++;
    }
    if (disputed) isDisputed = true;
    if (!winner?.row) continue;
    // The row as one of its reviewers sent it, one that kept its box if any did (DESIGN §13).
    const sent = winner.members.map((id) => slot.get(id)?.row).filter((row) => row !== undefined);
    const row = sent.find((r) => isPlainObject(r.anchor)) ?? winner.row;
    const positions = [...slot.values()].map((p) => p.index);
    kept.push({
      row: disputed ? { ...row, disputed: true } : row,
      at: positions.reduce((sum, i) => sum + i, 0) / positions.length,
      order,
    });
  }
  kept.sort((a, b) => a.at - b.at || a.order - b.order);
  return { kind: 'settled', rows: kept.map((k) => k.row), isDisputed, matches };
}
