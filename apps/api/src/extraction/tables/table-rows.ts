import { CURRENCY_ALONE } from '../lexicon/currencies';
import { ENGLISH_MONTH_WORD } from '../lexicon/month-names';
import { YEAR } from '../lexicon/years';
import { type Box, type LayoutLine, type LayoutSegment, type LayoutWord, unionBox } from '../model/layout';
import { isCurrencyCode, isFigureText } from './table-builder';

/**
 * A line of a page as a table row: its segments with currency signs and suffixes merged into their
 * figures, runs of periods or figures printed as one segment split apart, and what the row carries
 * (a label, figures, periods, note references).
 */

const SUFFIX_ONLY = /^(?:%|\)|\)%|%\)|pts?|bps|x)$/i;

export interface Seg {
  text: string;
  box: Box;
  /** Its words, where it is one segment of the line as read. */
  words?: LayoutWord[];
  /** The figure's own box, without a currency sign set apart before it ("$      1,234"). */
  figureBox?: Box;
}

/** "$" + "1,234" → "$ 1,234"; "45" + "%" → "45%". */
function mergeSymbols(segments: LayoutSegment[]): Seg[] {
  const out: Seg[] = [];
  let prefix: Seg | null = null;
  for (const s of segments) {
    const text = s.text.trim();
    if (CURRENCY_ALONE.test(text)) {
      // "US$  US$  US$" over three columns: each its own.
      if (prefix) out.push(prefix);
      prefix = { text, box: s.box };
      continue;
    }
    const last = out.at(-1);
    if (SUFFIX_ONLY.test(text) && last && !prefix && isFigureText(last.text)) {
      out[out.length - 1] = { text: `${last.text}${text}`, box: unionBox([last.box, s.box]) };
      continue;
    }
    if (prefix) {
      // A currency code ("EUR") set apart is a column of units' entry ("EUR m", "%", "EUR"), the
      // row's unit: "EUR 3.21" would be no figure at all.
      if (!isCurrencyCode(prefix.text) && isFigureText(text))
        out.push({ text: `${prefix.text} ${text}`, box: unionBox([prefix.box, s.box]), figureBox: s.box });
      else {
        out.push(prefix);
        out.push({ text, box: s.box });
      }
      prefix = null;
      continue;
    }
    out.push({ text, box: s.box, words: s.words });
  }
  if (prefix) out.push(prefix);
  return out;
}

/** A date without its year: "31 March", "December 31,", "Jun 30". */
export const DAY_MONTH = new RegExp(
  String.raw`^(?:\d{1,2}(?:st|nd|rd|th)?\s+${ENGLISH_MONTH_WORD}|${ENGLISH_MONTH_WORD}\s+\d{1,2}),?$`,
  'i',
);
/** What may follow a year in a run of periods ("2023 2024", "2024 Dec", "2024 FY", "2024 % change"). */
const PERIOD_AFTER_YEAR = new RegExp(
  String.raw`^(?:\d{1,4}\b|${ENGLISH_MONTH_WORD}$|FY|Q[1-4]|H[12]|9M|6M|fiscal|year|change|var\.?$|variance|growth|yoy|%|Δ|\+\/-)`,
  'i',
);

/** A year or period standing alone in a figure's place is a header, not a value. */
const PERIOD_ONLY = new RegExp(
  String.raw`^(?:FY\s?)?['’]?${YEAR}(?:\s*[/–-]\s*(?:${YEAR}|\d{2}))?(?:\s*(?:\*{1,3}|[†‡¹²³!]|\((?:\d|[a-z])\)|\(?restated\)?))?$`,
  'i',
);
/** A year word, a comma or full stop after it ("2020,"). */
const YEAR_WORD = new RegExp(`^${YEAR}[,.]?$`);
/** What starts a period after a quarter or half ("Q2 2020", "H1 FY21"). */
const PERIOD_START = new RegExp(String.raw`^(?:${YEAR}\b|FY|fiscal|Q[1-4]$|H[12]$)`, 'i');

export function isPeriodOnly(text: string): boolean {
  const t = text.trim();
  // With a footnote mark or a restatement note: "2022*", "2022 (a)", "2022 restated", "2022¹"
  // (which OCR reads "2022!").
  return PERIOD_ONLY.test(t);
}

export interface Row {
  line: LayoutLine;
  segs: Seg[];
  /** Segments read as figures (not the first, label segment). */
  figures: Seg[];
  label: Seg[];
  height: number;
}

/** "31 March 2022 31 March 2021" set close together → one segment per period. */
function splitPeriodRuns(segments: LayoutSegment[]): LayoutSegment[] {
  const out: LayoutSegment[] = [];
  const part = /^(?:Q[1-4]|H[12])$/i;
  for (const s of segments) {
    let current: LayoutWord[] = [];
    s.words.forEach((w, i) => {
      current.push(w);
      const next = s.words[i + 1];
      const hasYear = current.some((c) => YEAR_WORD.test(c.text.trim()));
      // A quarter after the year ("Fiscal 2020 Q2") is that year's; it ends the period when a
      // new one follows ("2020 Q2 2019 Q2").
      const yearFirst = !current.some((c) => part.test(c.text.trim()));
      // Cut after a year when a new period starts (a day, a month, a year, "FY", "Q1") or a
      // comparison column's heading does ("Change", "Variance", "%", "YoY").
      if (
        next &&
        ((YEAR_WORD.test(w.text.trim()) &&
          !(yearFirst && part.test(next.text.trim())) &&
          PERIOD_AFTER_YEAR.test(next.text.trim())) ||
          (part.test(w.text.trim()) && hasYear && PERIOD_START.test(next.text.trim())))
      ) {
        out.push(segmentFrom(current));
        current = [];
      }
    });
    if (current.length > 0) out.push(current.length === s.words.length ? s : segmentFrom(current));
  }
  return out;
}

// A figure that is complete on its own: grouped thousands, decimals or parentheses.
const WHOLE_FIGURE = /^[(-−–]?[$€£]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\(\d[\d,.]*\))\)?%?$/;

/**
 * Columns set too tightly run together: "(2,492,831) (7,354,930) (1,830,912)" arrives as one
 * segment. Split a segment made only of whole figures into one per figure ("1 234,5" stays).
 */
function splitFigureRuns(segments: LayoutSegment[]): LayoutSegment[] {
  return segments.flatMap((s) =>
    s.words.length >= 2 && s.words.every((w) => WHOLE_FIGURE.test(w.text.trim()))
      ? s.words.map((w) => segmentFrom([w]))
      : splitSpacedFigures(s),
  );
}

/** A word of a figure grouped by spaces ("12 345,6", "−1 987"): a sign, one to three digits, a decimal tail. */
const DIGIT_GROUP = /^[(\-−–]?\d{1,3}(?:[.,]\d+)?\)?%?$/;
const THREE_DIGITS = /^\d{3}(?:[.,]\d+)?\)?%?$/;

/**
 * Figures grouped by spaces, in columns set close together: "2 101,4 1 987,0" is two figures.
 * A figure takes the next group while it has no decimals yet, the group has three digits and the
 * space before it is a narrow one (no wider than half again the segment's narrowest space).
 */
function splitSpacedFigures(s: LayoutSegment): LayoutSegment[] {
  if (s.words.length < 3 || !s.words.every((w) => DIGIT_GROUP.test(w.text.trim()))) return [s];
  const gaps = s.words.slice(1).map((w, i) => w.box[0] - (s.words[i] as LayoutWord).box[2]);
  const narrow = Math.max(0, Math.min(...gaps)) * 1.5 + 1e-4;
  const figures: LayoutWord[][] = [[s.words[0] as LayoutWord]];
  s.words.slice(1).forEach((w, i) => {
    const current = figures.at(-1) as LayoutWord[];
    const last = (current.at(-1) as LayoutWord).text.trim();
    if (!/[.,)%]/.test(last) && THREE_DIGITS.test(w.text.trim()) && (gaps[i] as number) <= narrow)
      current.push(w);
    else figures.push([w]);
  });
  return figures.length > 1 ? figures.map(segmentFrom) : [s];
}

/**
 * A currency symbol set in a narrow column of its own before the next figure can sit closer to
 * the figure before it than the gap that parts segments: "29,965 $" + "23,646" is "29,965" +
 * "$ 23,646". Cut a segment before a currency symbol or a sign that follows a figure.
 */
function splitTrailingCurrency(segments: LayoutSegment[]): LayoutSegment[] {
  return segments.flatMap((segment) => {
    // OCR may read the next column's symbol into the figure before it: "0.11)$".
    const s = { ...segment, words: segment.words.flatMap(symbolApart) };
    if (s.words.length < 2) return [segment];
    const parts: LayoutWord[][] = [[]];
    s.words.forEach((w, i) => {
      const before = s.words[i - 1];
      const next = s.words[i + 1];
      // A sign set apart from its figure ("33,912 − 5.4", "△" read as "−") starts the next one too.
      const sign = /^[-−–△▲]$/.test(w.text.trim()) && !!next && isFigureText(next.text);
      if (before && (CURRENCY_ALONE.test(w.text.trim()) || sign) && isFigureText(before.text)) parts.push([]);
      parts.at(-1)?.push(w);
    });
    return parts.length === 1 ? [segment] : parts.map(segmentFrom);
  });
}

/** "0.11)$" as two words, "0.11)" and "$", each with its share of the box. */
function symbolApart(w: LayoutWord): LayoutWord[] {
  const m = /^(.*\d[)%]?)([$€£¥₹])$/.exec(w.text.trim());
  if (!m?.[1] || !m[2]) return [w];
  const split = w.box[0] + ((w.box[2] - w.box[0]) * m[1].length) / (m[1].length + 1);
  return [
    { ...w, text: m[1], box: [w.box[0], w.box[1], split, w.box[3]] },
    { ...w, text: m[2], box: [split, w.box[1], w.box[2], w.box[3]] },
  ];
}

export function segmentFrom(words: LayoutWord[]): LayoutSegment {
  return { text: words.map((w) => w.text).join(' '), box: unionBox(words.map((w) => w.box)), words };
}

const SERIAL = /^(?:\d{1,2}|[ivx]{1,4})[.)]?$/i;
const isLabelText = (text: string) => /\p{L}{3,}/u.test(text) && !isFigureText(text);

/** "(1)", "(a)": a footnote mark printed on a label or header, not a figure. */
export function isFootnoteMark(text: string): boolean {
  return /^\((?:\d{1,2}|[a-z])\)$/i.test(text);
}

/** Years with one figure among them: a heading OCR misread ("Δ %" as "8%"), not a row of figures. */
export function strayAmongYears(segs: Seg[]): boolean {
  const figures = segs.filter(
    (s) => isFigureText(s.text) && !isPeriodOnly(s.text) && !isFootnoteMark(s.text),
  );
  return figures.length === 1 && segs.filter((s) => isPeriodOnly(s.text)).length >= 2;
}

export function analyse(line: LayoutLine): Row {
  const split = splitFigureRuns(splitTrailingCurrency(line.segments));
  const hasFigure = split.some((s, i) => i > 0 && isFigureText(s.text) && !isPeriodOnly(s.text));
  const all = mergeSymbols(hasFigure ? split : splitPeriodRuns(split));
  // A number set before the label in a column of its own ("1   Revenue from operations", as Indian
  // results number their lines) numbers the line: no figure.
  const segs =
    all.length >= 2 && SERIAL.test(all[0]?.text.trim() ?? '') && isLabelText(all[1]?.text ?? '')
      ? all.slice(1)
      : all;
  const figures: Seg[] = [];
  const label: Seg[] = [];
  segs.forEach((s, i) => {
    const figure = isFigureText(s.text) && !isPeriodOnly(s.text);
    if (figure && (i > 0 || segs.length > 1)) figures.push(s);
    else if (figures.length === 0) label.push(s);
    else figures.push(s); // text after figures stays in the row's cells (e.g. "n.m.")
  });
  // Words with footnote marks among them ("Revenue (1)" stacked over its column, "cash (1)") are a
  // header line, not figures.
  const read = figures.filter((s) => isFigureText(s.text) && !isPeriodOnly(s.text));
  if (read.length > 0 && read.every((s) => isFootnoteMark(s.text)) && segs.length - read.length >= 2)
    return { line, segs, figures: [], label: segs, height: line.box[3] - line.box[1] };
  // Years over the columns with a stray figure among them: a header line.
  if (strayAmongYears(segs) && read.every((s) => s.box[0] > (segs[0] as Seg).box[2]))
    return { line, segs, figures: [], label: segs, height: line.box[3] - line.box[1] };
  // A row that starts with a figure and has nothing else is a label-less value row.
  return { line, segs, figures, label, height: line.box[3] - line.box[1] };
}

/**
 * A note number set alone on the middle line of a label that wraps over three lines ("EARNINGS PER
 * SHARE ATTRIBUTABLE TO ORDINARY" / "12" / "EQUITY HOLDERS OF THE PARENT", the note centred on the
 * label's height): it refers to the label, and is neither a label of its own nor a figure.
 */
export function withoutWrappedNoteRefs(rows: Row[]): Row[] {
  const labelOnly = (r: Row | undefined) => !!r && r.figures.length === 0 && isLabelText(r.line.text);
  return rows.filter((row, k) => {
    const only = row.segs.length === 1 ? row.segs[0] : undefined;
    return !(
      only &&
      /^\d{1,2}[a-z]?$/.test(only.text.trim()) &&
      only.box[0] > 0.45 &&
      labelOnly(rows[k - 1]) &&
      labelOnly(rows[k + 1]) &&
      (rows[k - 1] as Row).line.box[2] < only.box[0] &&
      (rows[k + 1] as Row).line.box[2] < only.box[0]
    );
  });
}
