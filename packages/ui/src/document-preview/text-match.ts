/**
 * Source grounding: finds a row's source text among the text items of a document page (the
 * PDF text layer's spans), ignoring case and differences in spacing.
 */

function pushNormalised(out: string[], map: number[], text: string, item: number): void {
  for (const char of text) {
    if (/\s/.test(char)) {
      if (out.length > 0 && out[out.length - 1] !== ' ') {
        out.push(' ');
        map.push(item);
      }
    } else {
      out.push(char.toLowerCase());
      map.push(item);
    }
  }
}

export function normaliseForMatch(text: string): string {
  const out: string[] = [];
  pushNormalised(out, [], text, 0);
  return out.join('').trim();
}

/** The indices of the items the first match of `needle` covers, or null when it is not there. */
export function findTextItems(items: readonly string[], needle: string): number[] | null {
  const wanted = normaliseForMatch(needle);
  if (wanted.length === 0) return null;
  const out: string[] = [];
  const map: number[] = [];
  items.forEach((text, index) => {
    pushNormalised(out, map, text, index);
    // Items are separate runs of text: a space between them, so words never fuse.
    if (out.length > 0 && out[out.length - 1] !== ' ') {
      out.push(' ');
      map.push(index);
    }
  });
  const haystack = out.join('');
  let at = haystack.indexOf(wanted);
  if (at < 0) {
    // Runs split inside a word ("Reve" + "nue") gain a space above; try without the spaces.
    const compactWanted = wanted.replace(/ /g, '');
    const compact: number[] = [];
    for (let i = 0; i < haystack.length; i += 1) if (haystack[i] !== ' ') compact.push(i);
    const compactText = compact.map((i) => haystack[i]).join('');
    const found = compactText.indexOf(compactWanted);
    if (found < 0) return null;
    at = compact[found] ?? 0;
    const last = compact[found + compactWanted.length - 1] ?? at;
    return itemsBetween(map, at, last);
  }
  return itemsBetween(map, at, at + wanted.length - 1);
}

function itemsBetween(map: readonly number[], first: number, last: number): number[] {
  const indices = new Set<number>();
  for (let i = first; i <= last; i += 1) {
    const item = map[i];
    if (item !== undefined) indices.add(item);
  }
  return [...indices].sort((a, b) => a - b);
}

/**
 * What to look for, best first: the whole source text, then its first line and first 60
 * characters (a long passage may run across columns or pages), then the value as written.
 */
export function groundingNeedles(sourceText: string | null, valueText: string): string[] {
  const needles: string[] = [];
  if (sourceText) {
    const text = sourceText.trim();
    needles.push(text);
    const firstLine = text.split(/\r?\n/)[0]?.trim();
    if (firstLine && firstLine !== text) needles.push(firstLine);
    if (text.length > 60) needles.push(text.slice(0, 60));
  }
  if (valueText.trim().length >= 3) needles.push(valueText.trim());
  return [...new Set(needles)];
}

/** "page 2, line 14" → 2; null when the location names no page. */
export function pageOfLocation(location: string | null): number | null {
  if (!location) return null;
  const match = /\bpage\s+(\d+)/i.exec(location) ?? /\bp\.?\s*(\d+)/i.exec(location);
  const page = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(page) && page > 0 ? page : null;
}
