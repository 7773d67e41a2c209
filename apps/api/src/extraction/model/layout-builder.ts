import { ENGLISH_MONTH_WORD } from '../lexicon/month-names';
import { isYear } from '../lexicon/years';
import {
  recoverAmountDecimals,
  recoverPercentDecimals,
  recoverPerShareDecimals,
  repairQuarterLabels,
  repairUnitWords,
} from '../ocr/ocr-numbers';
import { tablesFromLines } from '../tables/positional-tables';
import { tilesFromLines } from '../tables/tiles';
import {
  type Box,
  type LayoutLine,
  type LayoutPage,
  type LayoutSegment,
  type LayoutTable,
  type LayoutWord,
  roundBox,
  unionBox,
} from './layout';
import type { TextCell, TextLine } from './types';

/**
 * Words with boxes (from a PDF text layer or OCR) → lines → segments, and the tables the lines
 * form. Lines: words whose vertical extents overlap by half the smaller height, left to right.
 * Segments: runs of words with no gap wider than ~¾ of the line's glyph height (a table column
 * gap, or the space between a label and its value).
 */

export interface PageWordsInput {
  number: number;
  width: number;
  height: number;
  source: 'text' | 'ocr';
  words: LayoutWord[];
  ocrConfidence?: number;
  url?: string;
}

const SEGMENT_GAP_EM = 0.75;

function heightOf(box: Box): number {
  return box[3] - box[1];
}

/** Groups words into lines, top to bottom, each left to right. */
export function groupWordsIntoLines(words: LayoutWord[], aspect: number): LayoutLine[] {
  const sorted = words
    .filter((w) => w.text.trim() !== '')
    .sort((a, b) => (a.box[1] + a.box[3]) / 2 - (b.box[1] + b.box[3]) / 2 || a.box[0] - b.box[0]);
  const rows: { words: LayoutWord[]; top: number; bottom: number }[] = [];
  const heights = sorted.map((w) => heightOf(w.box)).sort((a, b) => a - b);
  const typical = heights[Math.floor(heights.length / 2)] ?? 0;
  for (const word of sorted) {
    let [, top, , bottom] = word.box;
    // A box far taller than the page's words (OCR now and then gives a word one reaching into the
    // next line) counts by its centre, with a usual height, so that it does not join two lines.
    if (typical > 0 && bottom - top > typical * 1.6) {
      const centre = (top + bottom) / 2;
      top = centre - typical / 2;
      bottom = centre + typical / 2;
    }
    const h = bottom - top;
    // Compare with the most recent rows only: lines are sorted by centre.
    let placed = false;
    for (let i = rows.length - 1; i >= 0 && i >= rows.length - 3; i--) {
      const row = rows[i] as (typeof rows)[number];
      const overlap = Math.min(bottom, row.bottom) - Math.max(top, row.top);
      const smaller = Math.min(h, row.bottom - row.top);
      if (smaller > 0 && overlap >= smaller * 0.5) {
        row.words.push(word);
        row.top = Math.min(row.top, top);
        row.bottom = Math.max(row.bottom, bottom);
        placed = true;
        break;
      }
    }
    if (!placed) rows.push({ words: [word], top, bottom });
  }
  return rows
    .sort((a, b) => a.top - b.top)
    .map((row) =>
      lineOf(
        row.words.sort((a, b) => a.box[0] - b.box[0]),
        aspect,
      ),
    );
}

/**
 * Runs set with no space between them are one word: "pro" + "fi" + "t" where a generator drew a
 * ligature as its own run.
 */
function joinTouchingWords(words: LayoutWord[], em: number): LayoutWord[] {
  const out: LayoutWord[] = [];
  for (const word of words) {
    const last = out.at(-1);
    // "2020" + "December" set tight are still two words; "pro" + "fi" + "t" is one.
    const newWord = /[\p{Ll}\d]$/u.test(last?.text ?? '') && /^\p{Lu}/u.test(word.text);
    const digitsMeetLetters = /\d$/.test(last?.text ?? '') !== /^\d/.test(word.text);
    // A comma or colon ends a word: "Austin," + "TX" are two, whatever OCR made of their boxes.
    const afterPunctuation = /[,;:]$/.test(last?.text ?? '') && /^\p{L}/u.test(word.text);
    if (
      last &&
      !newWord &&
      !digitsMeetLetters &&
      !afterPunctuation &&
      word.box[0] - last.box[2] < em * 0.06 &&
      word.box[0] >= last.box[0]
    ) {
      out[out.length - 1] = {
        text: `${last.text}${word.text}`,
        box: unionBox([last.box, word.box]),
        ...(last.confidence !== undefined || word.confidence !== undefined
          ? { confidence: Math.min(last.confidence ?? 1, word.confidence ?? 1) }
          : {}),
      };
    } else out.push(word);
  }
  return out;
}

function lineOf(lineWords: LayoutWord[], aspect: number): LayoutLine {
  // Glyph height in x units (boxes are normalised separately on each axis).
  const heights = lineWords.map((w) => heightOf(w.box)).sort((a, b) => a - b);
  const em = (heights[Math.floor(heights.length / 2)] ?? 0.01) * aspect;
  const words = joinTouchingWords(lineWords, em);
  const segments: LayoutSegment[] = [];
  let current: LayoutWord[] = [];
  let previous: LayoutWord | undefined;
  for (const word of words) {
    if (previous && (word.box[0] - previous.box[2] > em * SEGMENT_GAP_EM || word.runStart)) {
      segments.push(segmentOf(current));
      current = [];
    }
    current.push(word);
    previous = word;
  }
  if (current.length > 0) segments.push(segmentOf(current));
  const cells = splitFigureRuns(segments.map(spacedLettersJoined), em);
  return {
    text: cells.map((s) => s.text).join('  '),
    box: unionBox(cells.map((s) => s.box)),
    segments: cells,
  };
}

/**
 * A heading set letter-spaced ("K E Y   F I G U R E S") reads as its words: a segment of three
 * or more single letters, cut where a gap is clearly wider than the spacing between letters.
 */
function spacedLettersJoined(segment: LayoutSegment): LayoutSegment {
  const { words } = segment;
  if (words.length < 3 || !words.every((w) => /^\p{L}$/u.test(w.text))) return segment;
  const gaps = words.slice(1).map((w, k) => w.box[0] - (words[k] as LayoutWord).box[2]);
  const letterGap = Math.max(0, Math.min(...gaps));
  const joined: LayoutWord[] = [];
  let run: LayoutWord[] = [words[0] as LayoutWord];
  const flush = () => {
    joined.push({
      text: run.map((w) => w.text).join(''),
      box: unionBox(run.map((w) => w.box)),
      ...(run.some((w) => w.confidence !== undefined)
        ? { confidence: Math.min(...run.map((w) => w.confidence ?? 1)) }
        : {}),
    });
  };
  gaps.forEach((gap, k) => {
    const word = words[k + 1] as LayoutWord;
    const letterHeight = word.box[3] - word.box[1];
    if (gap > letterGap * 1.6 + letterHeight * 0.05) {
      flush();
      run = [];
    }
    run.push(word);
  });
  flush();
  return segmentOf(joined);
}

/** A figure set as a table cell: "$4,102", "(12.5)", "3%", "2024"; not "31," of a date. */
const CELL_FIGURE = /^[(\-−–+]?[$€£¥]?\d(?:[\d,.]*\d)?\)?%?$/;
const MONTH_WORD = new RegExp(String.raw`^${ENGLISH_MONTH_WORD},?$`, 'i');
/** Any gap a reader sees: a space between two figures is a cell boundary. */
const FIGURE_GAP_EM = 0.1;

/**
 * A table set tight ("Total net sales $6,318 $5,906 7%", its columns a word space or two apart)
 * reads as one run of text: its figures, each a cell, are split apart, and the first from the
 * label before it. A thousands group ("1 234") and a date ("31, 2024") stay whole, and so does a
 * sentence: it does not run figure to figure. OCR measures every gap, so its lines are left as
 * they are.
 */
function splitFigureRuns(segments: LayoutSegment[], em: number): LayoutSegment[] {
  const out: LayoutSegment[] = [];
  for (const segment of segments) {
    const words = segment.words;
    const cuts: number[] = [];
    for (let i = 1; i < words.length; i++) {
      const a = words[i - 1] as LayoutWord;
      const b = words[i] as LayoutWord;
      const apart = b.box[0] - a.box[2] >= em * FIGURE_GAP_EM;
      const thousands = /^[(\-−]?[$€£]?\d{1,3}$/.test(a.text) && /^\d{3}(?:[.,]\d+)?\)?$/.test(b.text);
      // "December 31 2021" is one date.
      const date = MONTH_WORD.test(words[i - 2]?.text ?? '') && /^\d{1,2}$/.test(a.text) && isYear(b.text);
      if (apart && !thousands && !date && CELL_FIGURE.test(a.text) && CELL_FIGURE.test(b.text)) cuts.push(i);
    }
    if (cuts.length === 0 || words.some((w) => w.confidence !== undefined)) {
      out.push(segment);
      continue;
    }
    // The label before the first figure.
    const first = cuts[0] as number;
    const lead = words.slice(0, first).findLastIndex((w) => !CELL_FIGURE.test(w.text));
    const label = words[lead];
    const figure = words[lead + 1];
    // Not a year from its month or its "FY" ("31 March 2021", "FY 2021").
    const dated =
      figure &&
      isYear(figure.text) &&
      (MONTH_WORD.test(label?.text ?? '') || /^(?:FY|fiscal|year)$/i.test(label?.text ?? ''));
    if (label && figure && !dated && lead + 1 < first && figure.box[0] - label.box[2] >= em * FIGURE_GAP_EM)
      cuts.unshift(lead + 1);
    let from = 0;
    for (const cut of [...cuts, words.length]) {
      out.push(segmentOf(words.slice(from, cut)));
      from = cut;
    }
  }
  return out;
}

function segmentOf(words: LayoutWord[]): LayoutSegment {
  return {
    text: words
      .map((w) => w.text.trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      // Dot leaders between a label and its value ("Revenue ........ 12") are not text.
      .replace(/\s*\.{4,}\s*$/, '')
      .trim(),
    box: unionBox(words.map((w) => w.box)),
    words,
  };
}

const ALPHA_WORD = /\p{L}{2,}/u;

/** Lines of a region, roughly: words whose centres fall in the same band of one height. */
function roughLines(words: LayoutWord[]): LayoutWord[][] {
  const sorted = [...words].sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]));
  const lines: LayoutWord[][] = [];
  let current: LayoutWord[] = [];
  let centre = Number.NEGATIVE_INFINITY;
  for (const w of sorted) {
    const c = (w.box[1] + w.box[3]) / 2;
    if (current.length > 0 && c - centre > heightOf(w.box) * 0.5) {
      lines.push(current);
      current = [];
    }
    if (current.length === 0) centre = c;
    current.push(w);
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

const FIGURE_WORD = /^[(\-−–+]?[$€£¥]?\d[\d,.]*\)?%?$/;

/**
 * Whether a side of a gutter reads as a column of text (prose, or a table with its labels): at
 * least three lines with `minWords` words of letters, and hardly any lines of figures alone — the
 * figure columns of a table split off its labels are lines of figures, whatever header of words
 * sits over them.
 */
function isTextColumn(words: LayoutWord[], minWords: number): boolean {
  const lines = roughLines(words);
  const wordy = lines.filter((line) => line.filter((w) => ALPHA_WORD.test(w.text)).length >= minWords);
  const figuresOnly = lines.filter(
    (line) =>
      line.some((w) => FIGURE_WORD.test(w.text)) &&
      line.every((w) => FIGURE_WORD.test(w.text) || !ALPHA_WORD.test(w.text)),
  );
  return wordy.length >= 3 && figuresOnly.length < Math.max(2, lines.length * 0.3);
}

/**
 * Whether a side of a gutter holds a table of its own (two tables side by side): at least three
 * lines that start with a label and carry figures, and most lines do. A table's labels split off
 * its figures have none; its figures have no labels.
 */
function isTableColumn(words: LayoutWord[]): boolean {
  const lines = roughLines(words).map((line) => [...line].sort((a, b) => a.box[0] - b.box[0]));
  const rows = lines.filter(
    (line) => ALPHA_WORD.test(line[0]?.text ?? '') && line.some((w) => FIGURE_WORD.test(w.text)),
  );
  return rows.length >= 3 && rows.length >= lines.length * 0.5;
}

/**
 * Page columns (XY-cut): a page set in two or more columns of text, or two tables side by side,
 * is read one column at a time, so a line never mixes words from both sides. A vertical cut is
 * taken only where no word crosses a gutter and both sides hold lines of words — the gaps between
 * a table's labels and figures (figures to the right) are not gutters. Blocks separated by a
 * blank band are tried on their own (a full-width heading over two columns).
 */
function textRegions(words: LayoutWord[], depth = 0): LayoutWord[][] {
  if (words.length < 12 || depth > 8) return [words];
  const byX = [...words].sort((a, b) => a.box[0] - b.box[0]);
  let reach = byX[0]?.box[2] ?? 0;
  const gutters: { x0: number; x1: number }[] = [];
  for (const w of byX.slice(1)) {
    if (w.box[0] - reach >= 0.012) gutters.push({ x0: reach, x1: w.box[0] });
    reach = Math.max(reach, w.box[2]);
  }
  for (const g of gutters.sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))) {
    const left = words.filter((w) => w.box[2] <= g.x0);
    const right = words.filter((w) => w.box[0] >= g.x1);
    const top = (side: LayoutWord[]) => Math.min(...side.map((w) => w.box[1]));
    const bottom = (side: LayoutWord[]) => Math.max(...side.map((w) => w.box[3]));
    const overlap = Math.min(bottom(left), bottom(right)) - Math.max(top(left), top(right));
    const shorter = Math.min(bottom(left) - top(left), bottom(right) - top(right));
    const columns =
      (isTextColumn(left, 3) && isTextColumn(right, 2)) || (isTableColumn(left) && isTableColumn(right));
    if (overlap > shorter * 0.5 && columns)
      return [...textRegions(left, depth + 1), ...textRegions(right, depth + 1)];
  }
  // No gutter through the whole block: try the bands between blank rows.
  const byY = [...words].sort((a, b) => a.box[1] - b.box[1]);
  const heights = words.map((w) => heightOf(w.box)).sort((a, b) => a - b);
  const lineHeight = heights[Math.floor(heights.length / 2)] ?? 0.01;
  const bands: LayoutWord[][] = [];
  let bottom = Number.NEGATIVE_INFINITY;
  for (const w of byY) {
    if (bands.length === 0 || w.box[1] - bottom > lineHeight * 0.8) bands.push([]);
    (bands.at(-1) as LayoutWord[]).push(w);
    bottom = Math.max(bottom, w.box[3]);
  }
  if (bands.length <= 1) return [words];
  return bands.flatMap((band) => textRegions(band, depth + 1));
}

/**
 * "△1,234" / "▲ 1,234": Japanese reports' minus sign, read as one; so is a minus printed after
 * the figure ("1,204-", as some ledgers and Asian statements print it), though not after a year.
 */
export function signed(text: string): string {
  return text
    .replace(/[△▲](?=\s*[\d(]|$)/g, '−')
    .replace(/^(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)-$/, (all, figure: string) =>
      isYear(figure) ? all : `−${figure}`,
    );
}

/** A word of letters with an "@" among them, where an e-mail address would have a dot after it. */
const AT_FOR_A = /^\p{L}*@\p{L}*\p{L}[.,:;]?$/u;

/**
 * A dollar sign OCR read as "8", "S" or "5", standing where other lines have their "$" (a column
 * of signs set apart from the amounts): joined to the amount after it, it made no figure at all.
 */
function dollarsReadAsDigits(words: LayoutWord[]): void {
  const signs = words.filter((w) => w.text === '$');
  if (signs.length === 0) return;
  for (const w of words) {
    if (!/^[8S5]$/.test(w.text)) continue;
    const h = w.box[3] - w.box[1];
    const inColumn = signs.filter(
      (d) => Math.abs(d.box[0] - w.box[0]) < h * 0.5 && Math.abs(d.box[2] - w.box[2]) < h * 0.5,
    );
    if (inColumn.length > 0) w.text = '$';
  }
}

/** One page of the layout model from its words: lines, segments and tables. */
export function layoutPageFromWords(input: PageWordsInput): LayoutPage {
  const aspect = input.width > 0 ? input.height / input.width : 1;
  // Ligatures ("ﬁ") and other compatibility forms read as plain letters.
  const words = input.words.map((w) => ({
    ...w,
    text: signed(w.text.normalize('NFKC')),
    box: roundBox(w.box),
  }));
  if (input.source === 'ocr') {
    repairQuarterLabels(words);
    repairUnitWords(words);
    // OCR reads a small "a" as "@" beside dot leaders ("Total @SSets", "current @ssets").
    for (const w of words) {
      if (AT_FOR_A.test(w.text)) w.text = w.text.replace(/@/g, 'a');
      // Capitals OCR scattered through a word ("aSSets", "eXpenses", "INVeNtories"): one case.
      if (
        w.text.length >= 5 &&
        /\p{Lu}/u.test(w.text.slice(1)) &&
        /\p{Ll}/u.test(w.text.slice(1)) &&
        /^\p{L}+[.,:;]?$/u.test(w.text)
      )
        w.text = w.text[0] + w.text.slice(1).toLowerCase();
    }
    dollarsReadAsDigits(words);
  }
  const lines = textRegions(words)
    .flatMap((region) => splitDotLeaders(groupWordsIntoLines(region, aspect)))
    .filter((l) => l.text !== '');
  const page: LayoutPage = {
    number: input.number,
    width: input.width,
    height: input.height,
    source: input.source,
    words,
    lines,
    tables: [],
  };
  if (input.url) page.url = input.url;
  if (input.ocrConfidence !== undefined) page.ocrConfidence = input.ocrConfidence;
  // Key-figure tiles first; their lines are not read again as a table's.
  const tiles = tilesFromLines(page);
  page.tables =
    tiles.tables.length === 0
      ? tablesFromLines(page)
      : [
          ...tablesFromLines({ ...page, lines: lines.filter((_, k) => !tiles.taken.has(k)) }),
          ...tiles.tables,
        ].sort((a, b) => a.box[1] - b.box[1]);
  if (input.source === 'ocr')
    for (const table of page.tables) {
      recoverPerShareDecimals(table);
      recoverAmountDecimals(table);
      recoverPercentDecimals(table);
    }
  return page;
}

/** "Revenue ......... 1,234" in one segment → label and value segments. */
function splitDotLeaders(lines: LayoutLine[]): LayoutLine[] {
  return lines.map((line) => {
    if (!line.segments.some((s) => /\.{4,}/.test(s.text))) return line;
    const segments: LayoutSegment[] = [];
    for (const segment of line.segments) {
      const cut = segment.words.findIndex((w) => /^\.{4,}$|\.{4,}$/.test(w.text.trim()));
      if (cut < 0 || cut === segment.words.length - 1) {
        segments.push(segmentOf(segment.words.filter((w) => !/^\.{4,}$/.test(w.text.trim()))));
        continue;
      }
      const before = segment.words
        .slice(0, cut + 1)
        .map((w) => ({ ...w, text: w.text.replace(/\.{4,}$/, '') }));
      const after = segment.words.slice(cut + 1);
      const kept = before.filter((w) => w.text.trim() !== '');
      if (kept.length > 0) segments.push(segmentOf(kept));
      segments.push(segmentOf(after));
    }
    const live = segments.filter((s) => s.text !== '');
    return { text: live.map((s) => s.text).join('  '), box: line.box, segments: live };
  });
}

/**
 * The one page of a document read from markup or text (HTML, DOCX, plain text): each text line a
 * band of the page, one segment of its whole width, and the tables found in it.
 */
export function markupPage(
  lines: { text: string; box?: Box }[],
  tables: LayoutTable[],
  url?: string,
): LayoutPage {
  const page: LayoutPage = {
    number: 1,
    width: 1,
    height: 1,
    source: 'markup',
    words: [],
    lines: lines.map((l) => {
      const box = l.box as Box;
      return { text: l.text, box, segments: [{ text: l.text, box, words: [] }] };
    }),
    tables,
  };
  if (url) page.url = url;
  return page;
}

/**
 * The lines providers read (label/value prose, LLM prompts), from the layout: one per layout line,
 * its segments as cells when there are several.
 */
export function textLinesFromLayout(pages: LayoutPage[]): TextLine[] {
  const out: TextLine[] = [];
  for (const page of pages) {
    let n = 0;
    for (const line of page.lines) {
      n += 1;
      const textLine: TextLine = {
        text: line.text,
        location: { page: page.number, line: n, ...(page.url ? { url: page.url } : {}) },
        box: line.box,
      };
      if (line.segments.length > 1) {
        textLine.cells = line.segments.map(
          (s, i): TextCell => ({ text: s.text, column: String(i + 1), box: s.box }),
        );
      }
      out.push(textLine);
    }
  }
  return out;
}
