/**
 * Reading a CSV export before it is saved: does it hold any rows ('No data to export'), what is
 * its header, and what file name did the server suggest. `downloadCsv` (csv.ts) saves it.
 */

/**
 * The file name a server suggests in `Content-Disposition` (`filename*=UTF-8''…` or
 * `filename="…"`), or `fallback`. Path separators are dropped so the name stays a name.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | undefined;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
    name = (plain?.[1] ?? plain?.[2])?.replace(/\\(.)/g, '$1').trim();
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : fallback;
}

/** Index just past the first CSV record (quotes may hold commas and line breaks), or -1 if none ends. */
function endOfFirstRecord(text: string): number {
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') {
      if (isQuoted && text[i + 1] === '"') i += 1;
      else isQuoted = !isQuoted;
    } else if (!isQuoted && (char === '\n' || char === '\r')) {
      return char === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
    }
  }
  return -1;
}

/** The header row of a CSV text, split into its cells (quotes removed). */
export function csvHeaderCells(text: string): string[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const end = endOfFirstRecord(body);
  const line = (end === -1 ? body : body.slice(0, end)).replace(/\r?\n$|\r$/, '');
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === '"') {
      if (isQuoted && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else {
        isQuoted = !isQuoted;
      }
    } else if (char === ',' && !isQuoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  return line === '' ? [] : cells;
}

/** Whether a CSV text has at least one record after its header row. */
export function csvHasDataRows(text: string): boolean {
  const end = endOfFirstRecord(text);
  if (end === -1) return false;
  return text.slice(end).trim() !== '';
}
