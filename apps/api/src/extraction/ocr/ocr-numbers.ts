import type { LayoutTable, LayoutWord } from '../model/layout';

/**
 * Figures OCR misreads in a way the table itself shows (issue 12). The engine often loses the
 * decimal point of small figures set tight ("3.88" read "388"); per-share rows give it away: the
 * row's or its section's other cells keep theirs. Only OCR'd pages are touched.
 */

const PER_SHARE = /\bper (?:ordinary |common )?share\b|\bper ads\b|\beps\b|\bper unit\b/i;
/** Share counts sit under headings that say "per share" too ("Shares used in computing earnings per share"). */
const SHARE_COUNT = /\bweighted\b|\bshares\b|\bnumber of\b|\bunits\b/i;
/** A figure as printed with its decimals: "3.88", "$ 1.96", "(0.42)". */
const DECIMAL = /^\(?-?[$€£]?\s?\(?-?\d{1,3}\.(\d{1,3})\)?$/;
/** A bare figure with no separators: what a dropped decimal point leaves ("388", "$ 224"). */
const BARE = /^(\(?-?[$€£]?\s?\(?-?)(\d{3,4})(\)?)$/;

function perShareRows(table: LayoutTable): number[] {
  const rows: number[] = [];
  table.rowLabels.forEach((label, row) => {
    if (!label || label.isHeading) return;
    const text = [label.text, label.name, ...label.section].join(' ');
    if (PER_SHARE.test(text) && !SHARE_COUNT.test(text)) rows.push(row);
  });
  return rows;
}

/**
 * In per-share rows, a bare 3–4 digit figure gets back the decimals its neighbours have (the
 * most common count of decimals among the per-share cells of the table), when at least one of
 * them was read with its point. Returns how many cells were changed.
 */
export function recoverPerShareDecimals(table: LayoutTable): number {
  const rows = new Set(perShareRows(table));
  if (rows.size === 0) return 0;
  const cells = table.cells.filter((c) => rows.has(c.row) && c.column >= table.labelColumns);
  const places = new Map<number, number>();
  for (const cell of cells) {
    const m = DECIMAL.exec(cell.text.trim());
    if (m?.[1]) places.set(m[1].length, (places.get(m[1].length) ?? 0) + 1);
  }
  const common = [...places.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!common) return 0;
  let changed = 0;
  for (const cell of cells) {
    const m = BARE.exec(cell.text.trim());
    if (!m?.[2] || m[2].length <= common) continue;
    const digits = m[2];
    cell.text = `${m[1]}${digits.slice(0, -common)}.${digits.slice(-common)}${m[3]}`;
    changed++;
  }
  return changed;
}

/** An amount as printed with decimals: "1,734.5", "(22.1)", "$ 311.3". */
const AMOUNT_DECIMAL = /^\(?-?[$€£]?\s?\(?-?\d{1,3}(?:,\d{3})*\.(\d{1,2})\)?$/;
/** An amount with its point lost: grouped with a long last group ("12,3812") or bare ("3113"). */
const AMOUNT_BARE = /^(\(?-?[$€£]?\s?\(?-?)((?:\d{1,3}(?:,\d{3})*,\d{4,5})|\d{2,7})(\)?)$/;

/**
 * Amounts in a table printed to one or two decimals throughout ("1,734.5", "311.3") whose point
 * OCR lost ("12,3812", "3113") get it back: when most of the table's amounts (not per-share or
 * percentage rows) carry the same number of decimals, a cell with none and the digits for them
 * is read with them. Returns how many cells were changed.
 */
export function recoverAmountDecimals(table: LayoutTable): number {
  const perShare = new Set(perShareRows(table));
  const cells = table.cells.filter(
    (c) =>
      c.row >= table.headerRows &&
      c.column >= table.labelColumns &&
      !perShare.has(c.row) &&
      !table.noteColumns.includes(c.column) &&
      !/%/.test(c.text) &&
      !/%|\bpercent|\bmargin\b|\brate\b|\bratio\b/i.test(table.rowLabels[c.row]?.name ?? ''),
  );
  const places = new Map<number, number>();
  let figures = 0;
  for (const cell of cells) {
    const text = cell.text.trim();
    const m = AMOUNT_DECIMAL.exec(text);
    if (m?.[1]) places.set(m[1].length, (places.get(m[1].length) ?? 0) + 1);
    if (m || AMOUNT_BARE.test(text)) figures++;
  }
  const [common, count] = [...places.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  if (!common || count < 3 || count < figures * 0.7) return 0;
  let changed = 0;
  for (const cell of cells) {
    const m = AMOUNT_BARE.exec(cell.text.trim());
    if (!m?.[2]) continue;
    const digits = m[2];
    const grouped = digits.includes(',');
    // A grouped figure needs its last group to hold the 3 digits plus the decimals.
    if (grouped && (digits.split(',').at(-1) ?? '').length !== 3 + common) continue;
    if (!grouped && digits.length <= common) continue;
    cell.text = `${m[1]}${digits.slice(0, -common)}.${digits.slice(-common)}${m[3]}`;
    changed++;
  }
  return changed;
}

/**
 * Quarter headings OCR read with a zero for the Q ("01", "04" beside "Q2", "Q3", or all four as
 * "01 02 03 04"): on a line with a quarter heading read right, or with three or more of "0n" / "On"
 * (n = 1–4) rising from left to right, each is that quarter. Otherwise the row is taken for figures
 * and the quarters lose their headings. Words are changed in place; returns how many.
 */
export function repairQuarterLabels(words: LayoutWord[]): number {
  const candidates = words.filter((w) => /^[0OQ][1-4]$/.test(w.text));
  if (candidates.length === 0) return 0;
  const centre = (w: LayoutWord) => (w.box[1] + w.box[3]) / 2;
  let changed = 0;
  const done = new Set<LayoutWord>();
  for (const seed of candidates) {
    if (done.has(seed)) continue;
    const h = seed.box[3] - seed.box[1];
    const line = candidates
      .filter((w) => Math.abs(centre(w) - centre(seed)) < h / 2)
      .sort((a, b) => a.box[0] - b.box[0]);
    for (const w of line) done.add(w);
    const digits = line.map((w) => Number(w.text[1]));
    const rising = digits.every((d, i) => i === 0 || d > (digits[i - 1] as number));
    if (!line.some((w) => w.text.startsWith('Q')) && !(line.length >= 3 && rising)) continue;
    for (const w of line)
      if (!w.text.startsWith('Q')) {
        w.text = `Q${w.text[1]}`;
        changed++;
      }
  }
  return changed;
}

/** A percentage as printed with decimals ("16.2%", "(3.1) %"), and one whose point OCR lost ("159%"). */
const PERCENT_DECIMAL = /^\(?-?\d{1,3}\.(\d{1,2})\)?\s?%$/;
const PERCENT_BARE = /^(\(?-?)(\d{2,4})(\)?\s?%)$/;

/**
 * In a row of percentages printed to the same decimals ("16.2%", "15.8 %", "15.9%"), a cell OCR
 * read without its point ("159%") gets it back when, so read, it is of the size of the row's
 * others (a margin of 15.9% beside 16.2%, not 159%). Returns how many cells were changed.
 */
export function recoverPercentDecimals(table: LayoutTable): number {
  let changed = 0;
  for (let row = table.headerRows; row < table.rowCount; row++) {
    const cells = table.cells.filter((c) => c.row === row && c.column >= table.labelColumns);
    const read = cells.flatMap((c) => {
      const m = PERCENT_DECIMAL.exec(c.text.trim());
      return m?.[1]
        ? [{ places: m[1].length, value: Math.abs(Number.parseFloat(c.text.replace(/[()%\s]/g, ''))) }]
        : [];
    });
    const common = read[0]?.places;
    if (!common || read.some((r) => r.places !== common)) continue;
    for (const cell of cells) {
      const m = PERCENT_BARE.exec(cell.text.trim());
      if (!m?.[2] || m[2].length <= common) continue;
      const value = Number(m[2]) / 10 ** common;
      if (!read.some((r) => value >= r.value / 2 && value <= r.value * 2)) continue;
      cell.text = `${m[1]}${m[2].slice(0, -common)}.${m[2].slice(-common)}${m[3]}`;
      changed++;
    }
  }
  return changed;
}

/**
 * Units OCR misread, on which a figure's scale hangs: a dollar sign read as an S in a unit
 * heading ("Sm", "sm", "S'000", "(Sbn)"), "milion" and "milhon" for million. No word is spelt
 * so. Words are changed in place; returns how many.
 */
export function repairUnitWords(words: LayoutWord[]): number {
  let changed = 0;
  for (const w of words) {
    const dollar = /^(\(?)[Ss5](m|mn|bn|k|'000|000s?)(\)?)$/.exec(w.text);
    const scale = /^(mil|bil)(?:l?[il1h]on|lon)([s,.;)]*)$/i.exec(w.text);
    if (dollar) w.text = `${dollar[1]}$${dollar[2]}${dollar[3]}`;
    else if (scale?.[1] && !/^(?:mil|bil)lion/i.test(w.text)) w.text = `${scale[1]}lion${scale[2] ?? ''}`;
    else continue;
    changed++;
  }
  return changed;
}

/**
 * A card number printed masked ("************1234", "XXXX1234"): the engine reads a run of stars
 * as "k", "x" or "o" and the digit 1 after it as "]", "|", "l" or "I". The run (six marks or more)
 * and four characters after it, at least two of them digits, are the mask and the last four.
 */
export function maskedCardNumber(text: string): string | undefined {
  const m = /^([*kKxXoO#•]{6,})([\d\]|lI!oO]{4})$/.exec(text);
  if (!m?.[1] || !m[2] || (m[2].match(/\d/g) ?? []).length < 2) return undefined;
  // Letters alone are a word ("kkkkkkk" is not), so the run must hold a mask's mark.
  if (!/[*#•xX]/.test(m[1])) return undefined;
  const last = m[2].replace(/[\]|lI!]/g, '1').replace(/[oO]/g, '0');
  return `${'*'.repeat(m[1].length)}${last}`;
}
