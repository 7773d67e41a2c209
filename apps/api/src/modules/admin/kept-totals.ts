interface Entry {
  n?: number;
  /** When the count that gave `n` began. */
  at: number;
  pending?: Promise<number> | undefined;
}

/**
 * Totals that may be a while old (an unsearched admin list's count of a year of rows), counted by
 * one caller at a time. A total older than its max age is still answered while one recount runs
 * beside it, so the callers of a busy dashboard never all count at once when it expires: at a
 * year of data each count of the requests took tens of milliseconds, and fifty callers counting
 * together held both cores of a small box (the requests list's p99 was that herd). A total is thus
 * at most its max age plus one count old. With no total yet, every caller waits for the one count.
 */
export function keptTotals(options: { maxEntries?: number; now?: () => number } = {}) {
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function recount(key: string, entry: Entry, count: () => Promise<number>) {
    const started = now();
    entry.pending = count().then(
      (n) => {
        entry.n = n;
        entry.at = started;
        entry.pending = undefined;
        return n;
      },
      (error: unknown) => {
        // A failed count leaves nothing to serve: the next caller counts again and sees the error.
        entries.delete(key);
        entry.pending = undefined;
        throw error;
      },
    );
    return entry.pending;
  }

  return function total(key: string, maxAgeMs: number, count: () => Promise<number>): Promise<number> {
    if (maxAgeMs <= 0) return count();
    let entry = entries.get(key);
    if (!entry) {
      if (entries.size >= maxEntries) entries.clear();
      entry = { at: 0 };
      entries.set(key, entry);
    }
    if (entry.n !== undefined && now() - entry.at <= maxAgeMs) return Promise.resolve(entry.n);
    const pending = entry.pending ?? recount(key, entry, count);
    if (entry.n === undefined) return pending;
    // Stale: answered now, recounted beside (its failure is the next caller's to see).
    pending.catch(() => undefined);
    return Promise.resolve(entry.n);
  };
}
