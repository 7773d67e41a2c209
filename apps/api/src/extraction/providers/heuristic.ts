import {
  detectScale,
  findDate,
  isPercentText,
  type NormalisedValue,
  normaliseValue,
  type Scale,
} from '@sieve/contracts';
import { confidenceScore, notFound } from '../confidence/score';
import {
  latestPeriod,
  type Period,
  parsePeriod,
  periodFit,
  periodSpans,
  splitDataPoint,
} from '../lexicon/periods';
import {
  dateAtStart,
  firstNumber,
  isCurrencyOnly,
  isUnitSuffixOnly,
  isValueText,
  numberAtStart,
  numbersIn,
  phraseAtStart,
  skipLeadIn,
} from '../lexicon/value-tokens';
import { foldSpelling, type Token, tokenize } from '../lexicon/words';
import {
  askedName,
  combine,
  type DerivedAsk,
  derivedAsk,
  periodBefore,
  printsDerived,
  printsShare,
  relate,
  type ShareAsk,
  shareAsk,
  yearOfItem,
} from '../match/derived';
import { isChangeBefore, type ProseFigure, proseFigures, sentenceAround } from '../match/prose';
import { allTableItems, confidenceOf, matchTables, spelledOut } from '../match/table-match';
import { lineAnchor } from '../model/anchor';
import type { Box, LayoutPage } from '../model/layout';
import { formatLocation, sourceUrlOf } from '../model/location';
import type {
  ExtractedDocument,
  ExtractedItem,
  ExtractionOptions,
  ExtractionProvider,
  ExtractionResult,
  SourceLocation,
  TextCell,
  TextLine,
} from '../model/types';
import { withOcrConfidence } from '../ocr/ocr-layout';
import { looksLikeInvoice, readsAsInvoicePage } from '../receipts/invoice-detect';
import { extractInvoiceFields, INVOICE_DEFAULT_FIELDS, invoiceFieldOf } from '../receipts/invoice-fields';
import { looksLikeReceipt } from '../receipts/receipt-detect';
import {
  extractReceiptFields,
  fitsReceiptField,
  RECEIPT_DEFAULT_FIELDS,
  RECEIPT_DOCUMENT_TYPES,
} from '../receipts/receipt-fields';
import { columnHeaderPath } from '../tables/table-builder';

/**
 * The default provider: offline and deterministic (DESIGN §3). For each data point it finds the
 * line whose label matches the data point's name (case, underscores, plurals aside), takes the
 * value after the label (same line, next table cell, the cell below a header, or the next line),
 * normalises it per the formatting guidelines with the scale the document states nearby, and
 * rates how sure it is:
 *
 *   exact label at the start of its line or cell, clean value beside it   0.97
 *   label with extra words / prose mention                                ~0.85–0.9
 *   value from the next line or under a header                            ~0.85–0.9
 *   several candidates disagreeing                                        × 0.85
 *   nothing found                                                         value null, 0.2
 */

const MAX_CONFIDENCE = 0.97;
const SCALE_LOOKBACK_LINES = 40;
const MAX_ALL_ITEMS = 300;

// ---------------------------------------------------------------------------------------------
// Words and labels

/** "total_revenue", "Total revenue", "totalRevenue" → ["total", "revenue"]. */
export function labelStems(dataPoint: string): string[] {
  return tokenize(spaced(dataPoint)).map((t) => t.stem);
}

/** "gross_margin", "grossMargin" → "gross margin": whole words to test. */
function spaced(dataPoint: string): string {
  return dataPoint.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-./]+/g, ' ');
}

type MatchKind = 'exact' | 'gapped' | 'unordered';
interface LabelMatch {
  kind: MatchKind;
  first: number;
  last: number;
  /** Character offsets of the matched label in the text. */
  start: number;
  end: number;
}

function findLabel(tokens: Token[], label: string[]): LabelMatch | null {
  if (label.length === 0 || tokens.length === 0) return null;
  const make = (kind: MatchKind, first: number, last: number): LabelMatch => ({
    kind,
    first,
    last,
    start: tokens[first]?.start ?? 0,
    end: tokens[last]?.end ?? 0,
  });
  for (let i = 0; i + label.length <= tokens.length; i++) {
    if (label.every((s, j) => tokens[i + j]?.stem === s)) return make('exact', i, i + label.length - 1);
  }
  if (label.length < 2) return null;
  // In order, at most two extra words in between ("Total net revenues").
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]?.stem !== label[0]) continue;
    let j = i;
    let gaps = 0;
    let matched = 1;
    while (matched < label.length && j + 1 < tokens.length && gaps <= 2) {
      j += 1;
      if (tokens[j]?.stem === label[matched]) matched += 1;
      else gaps += 1;
    }
    if (matched === label.length && gaps <= 2) return make('gapped', i, j);
  }
  // Any order within a short window ("Revenue, total").
  const window = label.length + 2;
  for (let i = 0; i < tokens.length; i++) {
    const slice = tokens.slice(i, i + window);
    const stems = slice.map((t) => t.stem);
    if (label.every((s) => stems.includes(s))) {
      const positions = label.map((s) => i + stems.indexOf(s));
      return make('unordered', Math.min(...positions), Math.max(...positions));
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// What the data point expects

type Expectation = 'date' | 'number' | 'any';

function expectationOf(dataPoint: string): Expectation {
  const words = spaced(dataPoint).toLowerCase();
  if (/\b(?:date|dated|day|as of|period end|expiry|expiration|maturity)\b|\bon$/.test(words)) return 'date';
  // "Effective date", but "Effective tax rate" is a figure.
  if (/\beffective\b/.test(words) && !/\b(?:rates?|yields?|interest|percent(?:age)?)\b/.test(words))
    return 'date';
  if (
    /\b(?:revenues?|sales|income|profits?|loss(?:es)?|expenditures?|spending|outlays?|headcount|margins?|ratios?|rates?|amounts?|totals?|prices?|costs?|expenses?|eps|earnings|assets|liabilities|equity|cash|debt|balances?|counts?|employees|shares|percent(?:age)?|pct|growth|yields?|fees?|tax(?:es)?|payments?|rent|salary|volume|quantity|ebitda|capex|dividends?|spend|budget|value)\b/.test(
      words,
    ) ||
    /^(?:number|num|no) of\b/.test(words)
  ) {
    return 'number';
  }
  return 'any';
}

function fitsExpectation(value: NormalisedValue, expectation: Expectation): boolean {
  if (value === null) return false;
  if (expectation === 'number') return typeof value === 'number';
  if (expectation === 'date') return typeof value === 'string' && /^\d{8}$/.test(value);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Document structure: blocks (page, sheet, crawled page) and merged symbol cells

function blockKey(location: SourceLocation): string {
  return `${location.page ?? ''}|${location.sheet ?? ''}|${location.url ?? ''}`;
}

/** "$" | "1,234.5" → "$1,234.5"; "45" | "%" → "45%" (EDGAR tables put symbols in their own cells). */
export function mergeSymbolCells(cells: TextCell[]): TextCell[] {
  const merged: TextCell[] = [];
  let pendingPrefix = '';
  for (const cell of cells) {
    if (isCurrencyOnly(cell.text)) {
      pendingPrefix += cell.text.trim();
      continue;
    }
    const previous = merged.at(-1);
    if (isUnitSuffixOnly(cell.text) && previous && pendingPrefix === '') {
      merged[merged.length - 1] = { ...previous, text: `${previous.text}${cell.text.trim()}` };
      continue;
    }
    merged.push(pendingPrefix ? { ...cell, text: `${pendingPrefix}${cell.text}` } : cell);
    pendingPrefix = '';
  }
  return merged;
}

class DocumentIndex {
  readonly lines: TextLine[];
  private readonly scaleCache = new Map<number, Scale | undefined>();
  private readonly lowerCache: string[] = [];
  private readonly tokenCache = new Map<string, Token[]>();
  private readonly cellCache = new Map<number, TextCell[] | undefined>();
  private readonly sectionCache = new Map<string, Period | undefined>();
  private readonly spanCache = new Map<string, ReturnType<typeof periodSpans>>();
  private readonly proseCache = new Map<string, ProseReading | undefined>();

  constructor(readonly doc: ExtractedDocument) {
    this.lines = doc.lines;
  }

  /** Cheap pre-check: every label stem (less its last letter) occurs in the line's text. */
  mayContain(index: number, label: string[]): boolean {
    this.lowerCache[index] ??= foldSpelling((this.lines[index]?.text ?? '').toLowerCase());
    const lower = this.lowerCache[index] as string;
    return label.every((stem) => lower.includes(stem.slice(0, Math.max(1, stem.length - 1))));
  }

  tokens(text: string): Token[] {
    let tokens = this.tokenCache.get(text);
    if (!tokens) {
      tokens = tokenize(text);
      this.tokenCache.set(text, tokens);
    }
    return tokens;
  }

  /** The line's cells with symbol-only cells merged, or undefined when it is not a table row. */
  cells(index: number): TextCell[] | undefined {
    if (!this.cellCache.has(index)) {
      const cells = this.lines[index]?.cells;
      this.cellCache.set(index, cells ? mergeSymbolCells(cells) : undefined);
    }
    return this.cellCache.get(index);
  }

  /** The scale stated on the line or in the lines above it within its block ("(in millions)"). */
  scaleFor(index: number): Scale | undefined {
    if (this.scaleCache.has(index)) return this.scaleCache.get(index);
    const line = this.lines[index];
    let scale: Scale | undefined;
    if (line) {
      const key = blockKey(line.location);
      for (let i = index; i >= 0 && i >= index - SCALE_LOOKBACK_LINES; i--) {
        const other = this.lines[i];
        if (!other || blockKey(other.location) !== key) break;
        scale = detectScale(other.text);
        if (scale) break;
      }
    }
    this.scaleCache.set(index, scale);
    return scale;
  }

  /**
   * The period the section holding a line is about: the latest named by a heading-like line (no
   * cells, a dozen words at most) within the 15 lines above it ("Fiscal 2024 Compared to Fiscal 2023").
   */
  sectionPeriod(index: number, worded = false): Period | undefined {
    const key = `${index}|${worded}`;
    if (this.sectionCache.has(key)) return this.sectionCache.get(key);
    const line = this.lines[index];
    let found: Period | undefined;
    for (let i = index - 1; line && !found && i >= 0 && i >= index - 15; i--) {
      const above = this.lines[i] as TextLine;
      if (blockKey(above.location) !== blockKey(line.location)) break;
      // A heading names periods, not figures ("share was 44.8p (2023: 47.9p)." ends a paragraph).
      if (
        above.cells ||
        this.tokens(above.text).length > 12 ||
        /[$€£¥₹]\s?\d|\d[.,]\d|\d\s?%/.test(above.text) ||
        // `worded`: a heading in words ("Full Year 2024 Highlights"), not a row of years.
        (worded && !/\p{L}{3,}/u.test(above.text.replace(/\b(?:FY|Q[1-4]|H[12])\b/g, '')))
      )
        continue;
      found = latestPeriod(
        this.periodSpans(above.text)
          .map((s) => s.period)
          .filter((p) => p.years.length > 0),
      );
    }
    this.sectionCache.set(key, found);
    return found;
  }

  private reportPeriod: { period?: Period } | undefined;

  /** The latest year the document's tables head a column with: the year a report is about. */
  documentPeriod(): Period | undefined {
    if (!this.reportPeriod) {
      const periods = (this.doc.layout ?? []).flatMap((page) =>
        page.tables.flatMap((table) =>
          Array.from({ length: table.columnCount - table.labelColumns }, (_, k) =>
            parsePeriod(columnHeaderPath(table, table.labelColumns + k).join(' ')),
          ),
        ),
      );
      const latest = latestPeriod(periods.filter((p): p is Period => (p?.years.length ?? 0) > 0));
      this.reportPeriod = latest ? { period: { years: latest.years.slice(-1) } } : {};
    }
    return this.reportPeriod.period;
  }

  /** The sentence holding a label on a line (see proseReading), read once per line and label. */
  proseReading(lineIndex: number, label: string[]): ProseReading | undefined {
    const key = `${lineIndex}|${label.join(' ')}`;
    if (!this.proseCache.has(key)) this.proseCache.set(key, proseReading(this, lineIndex, label));
    return this.proseCache.get(key);
  }

  /** The periods a text names (see periodSpans), read once per text. */
  periodSpans(text: string): ReturnType<typeof periodSpans> {
    let spans = this.spanCache.get(text);
    if (!spans) {
      spans = periodSpans(text);
      this.spanCache.set(text, spans);
    }
    return spans;
  }

  /**
   * Whether line `i`'s sentence runs on into the next line (a paragraph wrapped on a page): the
   * next starts in lower case ("… and capital" / "expenditures totaled …"), or line `i` is set
   * the full width of the text around it and ends no sentence. A heading, a list item or an HTML
   * block does not run on.
   */
  runsOn(i: number): boolean {
    const line = this.lines[i];
    const next = this.lines[i + 1];
    if (!line || !next || line.cells || next.cells || blockKey(line.location) !== blockKey(next.location))
      return false;
    if (/[.!?:;]\s*$/.test(line.text)) return false;
    if (/^\p{Ll}/u.test(next.text.trim())) return true;
    // A figure at the end and a capital after it: items of a list ("… $198.4 million in 2023" /
    // "Free cash flow of $302 million"), not a sentence going on.
    if (/\d%?\s*$/.test(line.text) && /^\p{Lu}/u.test(next.text.trim())) return false;
    // Markup's lines span the page (no positions): each is a block of its own.
    const placed = (box?: Box): box is Box => !!box && (box[0] > 0 || box[2] < 1);
    if (!placed(line.box) || !placed(next.box)) return false;
    // The foot of a column running on at the head of the next one, to its right and higher up.
    const nextColumn = next.box[0] > line.box[2] && next.box[1] < line.box[1] - 0.1;
    if (Math.abs(line.box[0] - next.box[0]) > 0.01 && !nextColumn) return false;
    let right = 0;
    for (let j = Math.max(0, i - 3); j <= i + 3; j++) {
      const near = this.lines[j];
      if (
        near?.box &&
        !near.cells &&
        blockKey(near.location) === blockKey(line.location) &&
        Math.abs(near.box[0] - line.box[0]) <= 0.01
      )
        right = Math.max(right, near.box[2]);
    }
    // The line ends where the next one's first word would not have fitted ("…of approximately" / "15%.").
    const nextText = next.text.trim();
    const firstWord = (nextText.split(/\s+/)[0] ?? '').length + 1;
    const fits = ((next.box[2] - next.box[0]) * firstWord) / Math.max(nextText.length, 1);
    return right - line.box[2] < Math.max(0.03, fits) && line.box[2] - line.box[0] > (nextColumn ? 0.3 : 0.4);
  }

  /** The next line of the same block, if any. */
  nextInBlock(index: number): { line: TextLine; index: number } | null {
    const line = this.lines[index];
    const next = this.lines[index + 1];
    if (!line || !next || blockKey(line.location) !== blockKey(next.location)) return null;
    return { line: next, index: index + 1 };
  }
}

// ---------------------------------------------------------------------------------------------
// Candidates

type How = 'same-line' | 'next-cell' | 'below-header' | 'next-line';

interface Candidate {
  score: number;
  raw: string;
  value: NormalisedValue;
  lineIndex: number;
  location: SourceLocation;
  sourceText: string;
}

/** Figures only a percentage can be ("Operating margin", "Market share"); "Earnings per share" is not one. */
const PERCENT_ONLY =
  /\b(?:margins?|rates?|ratios?|percent(?:age)?|pct|growth|yields?|return on|ro[aei]|market share|share of)\b/i;
/** Words of figures that may be percentages (whole words: "operations" holds no ratio). */
const RATIO_WORDS =
  /\b(?:margins?|rates?|ratios?|percent(?:age)?|pct|growth|yields?|shares?|change|returns?|ro[aei]|split|weight(?:ing)?s?|conversion|utili[sz]ation|occupancy|churn|retention)\b/i;
const isRatio = (dataPoint: string) => RATIO_WORDS.test(spaced(dataPoint));
/** A data point that is a change from the year before ("Revenue growth", "EBITDA YoY"). */
const ASKS_CHANGE = /\b(?:growth|yoy|y\/y|year[\s-](?:on|over)[\s-]year)\b/i;
/** A data point asking the change of an item ("Change in net revenue"; not "Net change in cash"). */
const CHANGE_OF = /^\s*(?:change|increase|decrease)\s+in\s+/i;
/** Asked as a percentage: "% change", "growth", "percentage change". */
const ASKS_PERCENT = /%|\bpercent(?:age)?\b|\bpct\b|\bgrowth\b|\byoy\b|\by\/y\b/i;

const HOW_FACTOR: Record<How, number> = {
  'same-line': 1,
  'next-cell': 1,
  'below-header': 0.93,
  'next-line': 0.88,
};
const KIND_FACTOR: Record<MatchKind, number> = { exact: 1, gapped: 0.87, unordered: 0.8 };

/** The value written at the start of `text`, as the data point expects it. */
function valueAtStart(
  text: string,
  expectation: Expectation,
  /** A figure, not a ratio, is wanted: "increased 12% to $4.2 billion" gives the $4.2 billion. */
  skipPercent = false,
): { raw: string; clean: boolean } | null {
  let rest = skipLeadIn(text);
  // "Revenue for the year: $5 million": a colon soon after the label starts the value.
  const colon = rest.indexOf(':');
  if (colon > 0 && colon < 40 && !numberAtStart(rest) && !dateAtStart(rest))
    rest = skipLeadIn(rest.slice(colon + 1));
  if (rest === '') return null;
  const date = dateAtStart(rest);
  if (date) return { raw: date, clean: true };
  const number = numberAtStart(rest);
  if (number) return { raw: number, clean: true };
  if (expectation === 'date') {
    const later = findDate(rest.slice(0, 80));
    if (later) return { raw: later.text, clean: false };
  }
  if (expectation === 'number') {
    const window = rest.slice(0, 80);
    const later = firstNumber(window);
    const change = later && isChangeBefore(rest.slice(0, later.index));
    if (later && (change || (skipPercent && /%$/.test(later.token)))) {
      // The change is said before the figure: take the figure after it, if the sentence goes on
      // to one ("expanded 80 basis points to 18.6%" is a margin of 18.6%).
      const after = rest.slice(later.index + later.token.length, later.index + later.token.length + 60);
      const sentence = after.split(/(?<=[.;])\s/)[0] ?? after;
      const figure = numbersIn(sentence).find((n) => !/^(?:19|20)\d{2}$/.test(n.token));
      if (figure && !(skipPercent && /%$/.test(figure.token))) return { raw: figure.token, clean: false };
      // "grew by $240 million", "was up 120 basis points": a change, and the sentence gives no level.
      if (!skipPercent || !/%$/.test(later.token)) return null;
    }
    if (later) return { raw: later.token, clean: false };
    return null;
  }
  const phrase = phraseAtStart(rest);
  return phrase ? { raw: phrase, clean: true } : null;
}

function isLabelFirst(tokens: Token[], match: LabelMatch): boolean {
  // Leading list markers ("1.", "a)", "•") do not count.
  const before = tokens.slice(0, match.first);
  return before.every((t) => /^(?:\d{1,2}|[a-z]|[ivx]+)$/.test(t.stem)) && before.length <= 1;
}

function coverage(tokens: Token[], match: LabelMatch, labelEnd: number): number {
  const inLabel = tokens.filter((t) => t.end <= labelEnd).length;
  const matched = match.last - match.first + 1;
  return inLabel === 0 ? 1 : Math.min(1, matched / inLabel);
}

function candidatesForLine(
  index: DocumentIndex,
  lineIndex: number,
  dataPoint: string,
  label: string[],
  expectation: Expectation,
  /** The data point's label without its period, and the period, when it names one. */
  prose?: { labels: ProseLabel[]; period?: Period },
): Candidate[] {
  const line = index.lines[lineIndex] as TextLine;
  const found: Candidate[] = [];
  const add = (
    how: How,
    labelFactor: number,
    raw: string,
    clean: boolean,
    location: SourceLocation,
    sourceText: string,
  ) => {
    // A table's "(in thousands)" above is no scale of "560 employees" in the sentence under it.
    const scale =
      /per share|per unit|\beps\b/i.test(`${line.text} ${dataPoint}`) || isHeadcount(dataPoint)
        ? undefined
        : index.scaleFor(lineIndex);
    // The year asked ("Revenue 2023") is never its own answer.
    if (/^(?:19|20)\d{2}$/.test(raw.trim()) && prose?.period?.years.includes(Number(raw))) return;
    const value = normaliseValue(raw, { dataPoint, ...(scale ? { scale } : {}) });
    if (value === null) return;
    let typeFactor = fitsExpectation(value, expectation) ? 1 : 0.75;
    // A percentage for a figure that is not a ratio ("Total revenue growth was 12%").
    if (isPercentText(raw) && !isRatio(dataPoint)) typeFactor *= 0.8;
    const score = labelFactor * HOW_FACTOR[how] * typeFactor * (clean ? 1 : 0.85);
    found.push({ score, raw, value, lineIndex, location, sourceText });
  };

  const cells = index.cells(lineIndex);
  // The label on the line, or starting on it and running on to the next ("… and capital" /
  // "expenditures totaled …").
  // The label as a sentence may name it: spelled out, else as asked ("EBIT margin increased…").
  for (const { label: proseLabel, changes } of cells && cells.length > 1 ? [] : (prose?.labels ?? [])) {
    if (
      !index.mayContain(lineIndex, proseLabel) &&
      !(index.runsOn(lineIndex) && index.mayContain(lineIndex, proseLabel.slice(0, 1)))
    )
      continue;
    const read = proseCandidate(index, lineIndex, dataPoint, {
      label: proseLabel,
      period: prose?.period,
      changes,
    });
    if (read === undefined) continue;
    if (read) add('same-line', read.factor, read.raw, false, line.location, read.sentence);
    return found;
  }
  if (!index.mayContain(lineIndex, label)) return found;
  if (cells && cells.length > 1) {
    cells.forEach((cell, c) => {
      const tokens = index.tokens(cell.text);
      const match = findLabel(tokens, label);
      if (!match) return;
      const afterLabel = cell.text.slice(match.end);
      const cellCoverage = coverage(tokens, match, afterLabel.trim() ? match.end : cell.text.length);
      const labelFactor =
        KIND_FACTOR[match.kind] * (cellCoverage >= 1 ? 1 : 0.9) * (isLabelFirst(tokens, match) ? 1 : 0.9);
      const cellLocation = (column: string) => ({ ...line.location, column });

      if (line.isHeader) {
        // The value sits in this column of the rows below.
        let rows = 0;
        let firstBelow: { line: TextLine; cell: TextCell; lineIndex: number } | null = null;
        for (let i = lineIndex + 1; i < index.lines.length; i++) {
          const below = index.lines[i] as TextLine;
          if (blockKey(below.location) !== blockKey(line.location) || below.isHeader) break;
          const belowCell = below.cells?.find((b) => b.column === cell.column);
          if (!belowCell) continue;
          rows += 1;
          firstBelow ??= { line: below, cell: belowCell, lineIndex: i };
        }
        if (firstBelow && (cellCoverage >= 1 || match.kind === 'exact')) {
          const factor = labelFactor * (rows === 1 ? 1 : 0.82);
          const location = { ...firstBelow.line.location, column: firstBelow.cell.column };
          add('below-header', factor, firstBelow.cell.text, true, location, firstBelow.line.text);
        }
      }
      // A header row may really be a label/value pair ("Company | Acme"): read it so, less surely.
      const headerFactor = line.isHeader ? 0.8 : 1;
      const inCell = afterLabel.trim() ? valueAtStart(afterLabel, expectation) : null;
      if (inCell) {
        add(
          'same-line',
          labelFactor * headerFactor,
          inCell.raw,
          inCell.clean,
          cellLocation(cell.column),
          line.text,
        );
        return;
      }
      const next = cells.slice(c + 1).find((n) => n.text.trim() !== '');
      if (next) {
        const value = valueAtStart(next.text, expectation);
        if (value) {
          const clean = value.clean && isValueText(next.text);
          add(
            'next-cell',
            labelFactor * headerFactor,
            value.raw,
            clean,
            cellLocation(next.column),
            line.text,
          );
        }
      }
    });
    if (found.length > 0 || line.isHeader) return found;
  }

  const tokens = index.tokens(line.text);
  const match = findLabel(tokens, label);
  if (!match) return found;
  const rest = line.text.slice(match.end);
  const colon = /^[^:]{0,40}:/.exec(rest);
  const labelEnd = colon ? match.end + colon[0].length : match.end;
  const labelFactor =
    KIND_FACTOR[match.kind] *
    (coverage(tokens, match, labelEnd) >= 1 ? 1 : 0.9) *
    (isLabelFirst(tokens, match) ? 1 : 0.9);
  const value = valueAtStart(rest, expectation, !isRatio(dataPoint));
  if (value) {
    add('same-line', labelFactor, value.raw, value.clean, line.location, line.text);
    return found;
  }
  // Nothing after the label: the value may be the next line ("Report date:" / "March 5, 2024").
  if (skipLeadIn(rest).trim() === '') {
    const next = index.nextInBlock(lineIndex);
    if (next && !/^[^:]{1,60}:\s*\S/.test(next.line.text)) {
      const nextValue = valueAtStart(next.line.text, expectation);
      if (nextValue) {
        add(
          'next-line',
          labelFactor,
          nextValue.raw,
          nextValue.clean,
          next.line.location,
          `${line.text}\n${next.line.text}`,
        );
      }
    }
  }
  return found;
}

/** Verbs a sentence states a line item's level or change with. */
const STATES =
  /\b(?:was|were|is|totall?ed|amounted|reached|increased|decreased|rose|fell|grew|declined|improved|expanded|contracted)\b/i;

/** A sentence read for one label: its figures by period, and how well the label is placed. */
interface ProseReading {
  sentence: string;
  figures: ProseFigure[];
  /** The changes it states, by period ("grew 9.6% to £4,812m"): what a growth asks for. */
  changes: ProseFigure[];
  labelFactor: number;
  /** Long enough to be about its section's period when it names none. */
  wordy: boolean;
}

/**
 * The sentence holding `label` that starts on this line, read (undefined when the line holds
 * none: a row of figures that lost its table, "Revenue 4,200 3,960", is not one). One reading
 * serves every data point with that label.
 */
function proseReading(index: DocumentIndex, lineIndex: number, label: string[]): ProseReading | undefined {
  const line = index.lines[lineIndex] as TextLine;
  // A sentence may run over the lines of a page before and after this one.
  let text = line.text;
  let lineStart = 0;
  for (let i = lineIndex - 1; i >= lineIndex - 3 && index.runsOn(i); i--) {
    const previous = index.lines[i] as TextLine;
    text = `${previous.text} ${text}`;
    lineStart += previous.text.length + 1;
  }
  for (let i = lineIndex; i < lineIndex + 3 && text.length < 800 && index.runsOn(i); i++)
    text += ` ${(index.lines[i + 1] as TextLine).text}`;
  const tokens = index.tokens(text);
  const match = findLabel(tokens, label);
  if (!match || match.start < lineStart || match.start >= lineStart + line.text.length) return undefined;
  const { sentence, start } = sentenceAround(text, match.start);
  // No figure but years: nothing to read (and no need to look for periods).
  if (!numbersIn(sentence).some((n) => !/^(?:19|20)\d{2}$/.test(n.token))) return undefined;
  const at = { start: match.start - start, end: match.end - start };
  const words = `${sentence.slice(0, at.start)} ${sentence.slice(at.end)}`.match(
    /\b(?!(?:million|billion|thousand|[mb]n|m|k)\b)\p{L}{2,}/giu,
  );
  if (!words && !/\(\s*[^()]{2,24}:\s*[^()]*\d[^()]*\)/.test(sentence)) return undefined;
  // Only a sentence (four words or more besides the label, or a verb saying what the item did:
  // "Net income increased $38 million, or 9%, to $452 million") speaks of its section's period.
  const wordy = (words?.length ?? 0) >= 4 || ((words?.length ?? 0) >= 2 && STATES.test(sentence));
  // The period an earlier sentence of the paragraph opens with ("Fiscal 2024 was another year of
  // strong execution. Revenue rose 5% to $12.4 billion…"), else the section heading's.
  // Last, the year the document's tables are about ("Free cash flow was £251.3m, up from £219.8m
  // in the prior year" in a review whose tables head 2024 and 2023).
  // A short item giving one figure ("Free cash flow of $302 million") is about the period its
  // heading names ("Full Year 2024 Highlights"), when a heading in words names one.
  const oneFigure = numbersIn(sentence).filter((n) => !/^(?:19|20)\d{2}$/.test(n.token)).length === 1;
  const context = wordy
    ? (openingPeriod(index, text.slice(0, start)) ?? index.sectionPeriod(lineIndex) ?? index.documentPeriod())
    : oneFigure
      ? index.sectionPeriod(lineIndex, true)
      : undefined;
  const lead = tokens.filter((t) => t.start >= start && t.end <= match.start).length;
  return {
    sentence: sentence.trim(),
    figures: proseFigures(sentence, at, context, index.periodSpans(sentence)),
    changes: proseFigures(sentence, at, context, index.periodSpans(sentence), 'changes'),
    labelFactor: KIND_FACTOR[match.kind] * (lead === 0 ? 1 : 0.95),
    wordy,
  };
}

/**
 * The latest period the sentences of `text` open with ("Fiscal 2024 was…", "In 2024, …", "During
 * the third quarter of 2024, …"): what a paragraph is about. A year named later in a sentence may
 * be the one compared with ("… up from $3.9 billion in 2023").
 */
function openingPeriod(index: DocumentIndex, text: string): Period | undefined {
  const opening: Period[] = [];
  let from = 0;
  while (from < text.length) {
    const { sentence, start } = sentenceAround(text, from);
    const lead = /^\s*(?:(?:in|during|for|over|throughout)\s+)?(?:the\s+)?/i.exec(sentence)?.[0].length ?? 0;
    const first = index.periodSpans(sentence)[0];
    if (
      first &&
      first.start <= lead + 30 &&
      first.period.years.length > 0 &&
      !/\d/.test(sentence.slice(0, first.start))
    )
      opening.push(first.period);
    from = Math.max(from + 1, start + sentence.length + 2);
  }
  return latestPeriod(opening);
}

/**
 * The figure a sentence gives for the period asked ("…was $4.2 billion, compared to $3.96 billion
 * in fiscal 2023" asked for 2023): undefined when the line holds no such sentence (read it as a
 * labelled line), null when the sentence says nothing for that period.
 */
function proseCandidate(
  index: DocumentIndex,
  lineIndex: number,
  dataPoint: string,
  /** `changes`: the sentence's changes are asked for ("Revenue growth" of "revenue grew 12%"). */
  prose: { label: string[]; period?: Period | undefined; changes: boolean },
): { raw: string; factor: number; sentence: string } | null | undefined {
  const reading = index.proseReading(lineIndex, prose.label);
  if (!reading) return undefined;
  // "Change in net revenue" is the amount ("increased by $132.4 million, or 6.4%"), unless a
  // percentage is asked.
  const amountChange = prose.changes && CHANGE_OF.test(dataPoint) && !ASKS_PERCENT.test(dataPoint);
  const kindFits = (prose.changes ? reading.changes : reading.figures).filter((f) =>
    f.percent ? isRatio(dataPoint) && !amountChange : !PERCENT_ONLY.test(spaced(dataPoint)),
  );
  // The section's period is for data points that ask one.
  const figures = kindFits.filter((f) => !f.fromContext || prose.period);
  // No period asked of a sentence giving one level ("…, and operating margin expanded 80 basis
  // points to 18.6%"): that level, though the label wraps onto the next line.
  const only = kindFits.length === 1 && !prose.period ? (kindFits[0] as ProseFigure) : undefined;
  if (only && figures.length <= 1)
    return { raw: only.token, factor: reading.labelFactor, sentence: reading.sentence };
  if (figures.length === 0 || !figures.some((f) => f.period)) {
    // A sentence that ties none of its figures to a period says nothing of the one asked, though
    // another sentence on its line names it ("… 44.8p (2023: 47.9p). Free cash flow was £251.3m").
    const sentenceYears = index.periodSpans(reading.sentence).some((s) => s.period.years.length > 0);
    return prose.period && reading.wordy && !sentenceYears ? null : undefined;
  }
  let best: { raw: string; fit: number; fromContext: boolean } | null = null;
  if (prose.period) {
    for (const f of figures) {
      const fit = periodFit(prose.period, f.period);
      if (fit > 0 && fit > (best?.fit ?? 0)) best = { raw: f.token, fit, fromContext: !!f.fromContext };
    }
    if (!best) return null;
  } else {
    // No period asked: the sentence's latest ("£1,532.4m revenue (2023: £1,445.7m)", "from $3.9
    // billion in 2023 to $4.2 billion in 2024"), when it compares periods at all.
    const year = (f: (typeof figures)[number]) => f.period?.years.at(-1) ?? 0;
    const latest = Math.max(...figures.map(year));
    if (figures.every((f) => year(f) === latest)) return undefined;
    const f = figures.find((d) => year(d) === latest) as (typeof figures)[number];
    best = { raw: f.token, fit: 1, fromContext: false };
  }
  const factor = reading.labelFactor * best.fit * (best.fromContext ? 0.9 : 1);
  return { raw: best.raw, factor, sentence: reading.sentence };
}

function itemFrom(doc: ExtractedDocument, candidate: Candidate, confidence: number): ExtractedItem {
  const item: ExtractedItem = {
    value: candidate.value,
    location: formatLocation(candidate.location),
    source_text: candidate.sourceText,
    source_url: sourceUrlOf(doc, candidate.location),
    confidence: Math.round(confidence * 1000) / 1000,
  };
  const anchor = lineAnchor(doc, doc.lines[candidate.lineIndex], candidate.location, candidate.raw);
  if (anchor) item.anchor = anchor;
  return item;
}

/** The best candidate for one data point, and how sure we are of it. */
export function extractDataPoint(
  doc: ExtractedDocument,
  dataPoint: string,
  index = new DocumentIndex(doc),
): ExtractedItem {
  const fromLines = extractFromLines(doc, dataPoint, index);
  const fromTables = doc.layout ? matchTables(doc.layout, dataPoint) : { candidates: [] };
  const best = fromTables.candidates[0];
  if (!best) return fromLines.item;
  const ocr = doc.layout?.find((p) => p.number === best.table.page)?.ocrConfidence;
  const confidence = Math.min(confidenceOf(best, fromTables, ocr), best.cell.confidence ?? 1);
  // A labelled line outside the tables ("Total revenue: $5 million") beats a table only when
  // it is surer; a table row read as a line never does (the table knows its periods and scale).
  const line = fromLines.line;
  if (
    line &&
    best.score < 0.8 &&
    fromLines.item.value !== null &&
    fromLines.item.confidence > confidence + 0.02 &&
    !insideTable(doc, line)
  )
    return fromLines.item;
  return { ...best.item, confidence };
}

/**
 * A data point as asked: a figure the document prints, or one computed from the figures it prints
 * for each period (derived.ts) when it asks for a change, growth, average or sum and the document
 * does not print that figure itself.
 */
function answer(doc: ExtractedDocument, name: string, index: DocumentIndex): ExtractedItem {
  const share = shareAsk(name);
  if (share) return answerShare(doc, name, share, index);
  const direct = extractDataPoint(doc, name, index);
  const ask = derivedAsk(name);
  if (!ask) return direct;
  const top = doc.layout ? matchTables(doc.layout, name).candidates[0] : undefined;
  const section =
    top && top.item.value === direct.value ? (top.table.rowLabels[top.cell.row]?.section ?? []) : [];
  if (printsDerived(ask, direct, section)) {
    // A sentence's growth the table's own two years contradict is of something else: "Cloud
    // Services revenue grew 22.6%" asked the revenue's growth, which the table puts at 9.5%.
    // (A table cell's anchor names its row; a sentence's does not.)
    const fromTable =
      ask.op === 'growth' && !direct.anchor?.row_label ? computed(doc, ask, index) : undefined;
    const contradicted =
      typeof fromTable?.value === 'number' &&
      typeof direct.value === 'number' &&
      Math.abs(fromTable.value - direct.value) > 0.0051;
    return contradicted && fromTable ? fromTable : direct;
  }
  if ((ask.op === 'change' || ask.op === 'decrease') && ask.word !== 'change') {
    // "Increase in backlog 2019" of a table with a "Change" column: that column, as asked.
    const asChange = extractDataPoint(
      doc,
      ['change in', ask.item, ...ask.periods.slice(-1)].join(' '),
      index,
    );
    if (typeof asChange.value === 'number' && printsDerived(ask, asChange))
      return ask.op === 'decrease' ? { ...asChange, value: -asChange.value } : asChange;
  }
  return computed(doc, ask, index) ?? notFound();
}

/** The figure asked computed from the item's figure for each period, when the document gives them. */
function computed(doc: ExtractedDocument, ask: DerivedAsk, index: DocumentIndex): ExtractedItem | undefined {
  let periods = ask.periods;
  if (periods.length === 1 && periods[0]) periods = [periodBefore(periods[0]), periods[0]];
  if (periods.length === 0 && (ask.op === 'change' || ask.op === 'decrease' || ask.op === 'growth')) {
    // "Revenue growth": the latest year the document gives the item for, on the year before.
    const year = yearOfItem(extractDataPoint(doc, ask.item, index));
    if (year) periods = [periodBefore(year), year];
  }
  if (periods.length === 0 && ask.op === 'average') periods = yearsOfRow(doc, ask.item);
  const parts = periods.map((period) => extractDataPoint(doc, `${ask.item} ${period}`, index));
  return combine(ask.op, parts);
}

/** The years of the row that answers an item, each once ("Share-based payments" under 2019 and 2018). */
function yearsOfRow(doc: ExtractedDocument, item: string): string[] {
  const candidates = doc.layout ? matchTables(doc.layout, item).candidates : [];
  const top = candidates[0];
  if (!top) return [];
  const years = candidates
    .filter((c) => c.table === top.table && c.cell.row === top.cell.row)
    .map((c) => yearOfItem(c.item));
  // Quarters or halves of one year, or a column of no year: no mean of years to take.
  if (years.some((y) => !y) || new Set(years).size !== years.length) return [];
  return (years as string[]).sort();
}

/**
 * A share or ratio of two line items: printed (a "% of total" column), else the part over the whole
 * of one column. The part is read in the whole's table first ("What proportion of total income
 * before income taxes was foreign?": that table's Foreign line, not the tax provision's); a ratio's
 * two items may stand in different tables, for the same year. Never the part's level instead.
 */
function answerShare(
  doc: ExtractedDocument,
  name: string,
  ask: ShareAsk,
  index: DocumentIndex,
): ExtractedItem {
  const direct = extractDataPoint(doc, name, index);
  const computed = doc.layout ? computeShare(doc.layout, ask) : undefined;
  if (!computed) return printsShare(direct) || inShareTable(doc, name, direct) ? direct : notFound();
  // A "% of total" column the reader took (labelled or not) agrees with the division, as printed.
  const printed =
    typeof direct.value === 'number' && Math.abs(direct.value - Number(computed.value)) <= 0.006;
  return printed ? direct : computed;
}

/** Whether a figure comes from a table of shares ("… expressed as a percentage of net sales"). */
function inShareTable(doc: ExtractedDocument, name: string, item: ExtractedItem): boolean {
  const top = doc.layout ? matchTables(doc.layout, name).candidates[0] : undefined;
  if (!top || typeof item.value !== 'number' || top.item.value !== item.value) return false;
  const context = [top.table.title ?? '', ...top.table.context].join(' ');
  return top.table.columnUnits[top.cell.column] === 'percent' || /\bpercentages? of\b|% of\b/i.test(context);
}

function computeShare(layout: LayoutPage[], ask: ShareAsk): ExtractedItem | undefined {
  const at = (item: string) => (ask.period ? `${item} ${ask.period}` : item);
  const wholeMatch = matchTables(layout, at(ask.whole));
  const whole = wholeMatch.candidates[0];
  if (!whole) return undefined;
  const partMatch = matchTables(layout, at(ask.part));
  let part = partMatch.candidates.find(
    (c) => c.table === whole.table && c.cell.column === whole.cell.column && c.cell.row !== whole.cell.row,
  );
  if (!part && ask.op === 'ratio') {
    const first = partMatch.candidates[0];
    if (first && first.table !== whole.table && yearOfItem(first.item) === yearOfItem(whole.item))
      part = first;
  }
  if (!part) return undefined;
  const sure = (c: typeof whole, m: typeof wholeMatch) => ({
    ...c.item,
    confidence: confidenceOf(c, m, layout.find((p) => p.number === c.table.page)?.ocrConfidence),
  });
  return relate(ask.op, sure(part, partMatch), sure(whole, wholeMatch));
}

/** A count of people, which no stated scale multiplies ("Staff costs" is an amount). */
function isHeadcount(dataPoint: string): boolean {
  return (
    /\b(?:employees|headcount|personnel|staff|FTEs?|full[-\s]time\s+equivalents?)\b/i.test(dataPoint) &&
    !/\b(?:costs?|expenses?|benefits?|compensation|salar(?:y|ies)|wages|pay|remuneration|pensions?)\b/i.test(
      dataPoint,
    )
  );
}

function insideTable(doc: ExtractedDocument, line: TextLine): boolean {
  const box = line.box;
  if (!box) return false;
  const page = doc.layout?.find(
    (p) => p.number === (line.location.page ?? 1) && (p.url ?? undefined) === (line.location.url ?? p.url),
  );
  return !!page?.tables.some((t) => box[1] >= t.box[1] - 0.002 && box[3] <= t.box[3] + 0.002);
}

/** A label to look for in sentences, and whether their changes or their levels answer. */
interface ProseLabel {
  label: string[];
  changes: boolean;
}

/**
 * The labels sentences may name a data point by: spelled out ("SG&A" asked of "Selling, general and
 * administrative expenses were …"), else as asked ("EBIT margin increased…"). A growth is the
 * figure a sentence names it by ("Organic sales growth was 6.1%"), else the change it states of
 * the item ("revenue grew 12%").
 */
function proseLabels(bare: string): ProseLabel[] {
  const forms = (text: string) => {
    const spelled = labelStems(spelledOut(text));
    const asked = labelStems(text);
    return asked.join(' ') === spelled.join(' ') ? [spelled] : [spelled, asked];
  };
  const labels = forms(bare).map((label) => ({ label, changes: false }));
  // Earnings per share as releases say it: "…, or $1.08 per diluted share".
  const perShare = /\b(?:(diluted|basic)\s+)?(?:eps|earnings\s+per\s+(?:common\s+)?share)\b/i.exec(
    spelledOut(bare),
  );
  if (perShare) labels.push({ label: labelStems(`per ${perShare[1] ?? 'diluted'} share`), changes: false });
  // "Change in net revenue": the change a sentence states of net revenue.
  const item = bare.replace(new RegExp(ASKS_CHANGE.source, 'gi'), ' ').replace(CHANGE_OF, '').trim();
  if (item === bare.trim() || item === '') return labels;
  return [...labels, ...forms(item).map((label) => ({ label, changes: true }))];
}

function extractFromLines(
  doc: ExtractedDocument,
  dataPoint: string,
  index: DocumentIndex,
): { item: ExtractedItem; line?: TextLine } {
  const label = labelStems(dataPoint);
  if (label.length === 0) return { item: notFound() };
  const expectation = expectationOf(dataPoint);
  const { label: bare, period } = splitDataPoint(dataPoint);
  // Sentences name line items in full ("SG&A" asked of "Selling, general and administrative expenses were …").
  const prose =
    expectation !== 'date' ? { labels: proseLabels(bare), ...(period ? { period } : {}) } : undefined;
  const candidates: Candidate[] = [];
  index.lines.forEach((_, i) => {
    candidates.push(...candidatesForLine(index, i, dataPoint, label, expectation, prose));
  });
  if (candidates.length === 0) return { item: notFound() };
  // Best score first; ties go to the earliest line (stable sort).
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0] as Candidate;
  let confidence = MAX_CONFIDENCE * best.score;
  const rival = candidates.find(
    (c) => c !== best && c.score >= best.score - 0.05 && !sameValue(c.value, best.value),
  );
  if (rival) confidence *= 0.85;
  return {
    item: itemFrom(doc, best, Math.max(0.3, Math.min(MAX_CONFIDENCE, confidence))),
    ...(index.lines[best.lineIndex] ? { line: index.lines[best.lineIndex] } : {}),
  };
}

function sameValue(a: NormalisedValue, b: NormalisedValue): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  return String(a).toLowerCase() === String(b).toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Everything labelled (empty data_points)

export function snakeCase(label: string): string {
  return label
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
    .replace(/_+$/, '');
}

function isLabelText(text: string): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 80 || !/^[\p{L}(]/u.test(t)) return false;
  if (/https?:|www\./i.test(t) || isValueText(t)) return false;
  return t.split(/\s+/).length <= 8;
}

/** Every "Label: value" line and label/value table row, keyed by the snake-cased label. */
export function extractAll(
  doc: ExtractedDocument,
  index = new DocumentIndex(doc),
): Record<string, ExtractedItem> {
  const result: Record<string, ExtractedItem> = {};
  const put = (
    label: string,
    raw: string,
    lineIndex: number,
    location: SourceLocation,
    sourceText: string,
    confidence: number,
  ) => {
    const key = snakeCase(label);
    if (!key || key in result || Object.keys(result).length >= MAX_ALL_ITEMS) return;
    const line = index.lines[lineIndex] as TextLine;
    const scale = /per share|per unit|\beps\b/i.test(line.text) ? undefined : index.scaleFor(lineIndex);
    const value = normaliseValue(raw, { dataPoint: key, ...(scale ? { scale } : {}) });
    if (value === null) return;
    const candidate: Candidate = { score: 1, raw, value, lineIndex, location, sourceText };
    result[key] = itemFrom(
      doc,
      candidate,
      typeof value === 'string' && !/^\d{8}$/.test(value) ? confidence * 0.95 : confidence,
    );
  };

  index.lines.forEach((line, i) => {
    if (line.isHeader) return;
    const cells = index.cells(i);
    if (cells && cells.length >= 2) {
      const [labelCell, valueCell, ...others] = cells;
      if (!labelCell || !valueCell || !isLabelText(labelCell.text)) return;
      const inLabel = /^(.{2,60}?):\s*(\S.*)$/.exec(labelCell.text);
      if (inLabel?.[1] && inLabel[2] && cells.length === 2 && !isValueText(valueCell.text)) {
        put(inLabel[1], inLabel[2], i, { ...line.location, column: labelCell.column }, line.text, 0.9);
        return;
      }
      const label = labelCell.text.replace(/[:\s]+$/, '');
      const allValues = others.every((o) => isValueText(o.text));
      if (others.length === 0)
        put(label, valueCell.text, i, { ...line.location, column: valueCell.column }, line.text, 0.9);
      else if (isValueText(valueCell.text) && allValues) {
        // A row of figures (several periods): the first column is usually the latest.
        put(label, valueCell.text, i, { ...line.location, column: valueCell.column }, line.text, 0.8);
      }
      return;
    }
    const m = /^\s*(?:[-•*]\s*)?([\p{L}(][^:]{1,79}?)\s*:(?!\/\/)\s*(\S.{0,199})$/u.exec(line.text);
    if (!m?.[1] || !m[2] || !isLabelText(m[1])) return;
    const value = valueAtStart(m[2], expectationOf(m[1]));
    if (value) put(m[1], value.raw, i, line.location, line.text, value.clean ? 0.9 : 0.82);
  });
  return result;
}

// ---------------------------------------------------------------------------------------------

export class HeuristicProvider implements ExtractionProvider {
  readonly name = 'heuristic';

  async extract(
    doc: ExtractedDocument,
    dataPoints: string[],
    options: ExtractionOptions,
  ): Promise<ExtractionResult> {
    const index = new DocumentIndex(doc);
    const wanted = dataPoints.map((d) => d.trim()).filter((d) => d !== '');
    const result: Record<string, ExtractedItem> = {};
    // Receipts, slips and leases (and a receipt sent as another type): the fields receipt-fields
    // knows first, the label matcher the rest.
    const isReceipt = RECEIPT_DOCUMENT_TYPES.has(options.documentType) || looksLikeReceipt(doc);
    // An invoice (by its content, whatever its type): the invoice reader's fields win over both.
    // A till receipt that calls itself a tax invoice keeps the receipt reader's fields, the invoice
    // reader filling the rest.
    const isInvoice = looksLikeInvoice(doc);
    const asked = wanted.map(askedName);
    const receipt = isReceipt
      ? extractReceiptFields(doc, wanted.length ? asked : RECEIPT_DEFAULT_FIELDS)
      : {};
    if (isInvoice) {
      const invoice = extractInvoiceFields(doc, wanted.length ? asked : INVOICE_DEFAULT_FIELDS);
      if (!looksLikeReceipt(doc) || readsAsInvoicePage(doc)) {
        // The invoice reader's fields win; where it found nothing (a currency only the shop's
        // country implies, a receipt number it has no label for) the receipt reader's answer stays.
        for (const [name, item] of Object.entries(invoice))
          if (item.value !== null || !receipt[name] || receipt[name]?.value === null) receipt[name] = item;
      } else for (const [name, item] of Object.entries(invoice)) receipt[name] ??= item;
    }
    if (wanted.length === 0) {
      // Labelled lines in reading order first (as before), then every table cell as
      // "<row label> <column header>"; a receipt's own fields win over both.
      Object.assign(result, extractAll(doc, index), receipt);
      for (const { key, item } of allTableItems(doc.layout ?? [])) {
        const name = snakeCase(key);
        if (name && !(name in result) && Object.keys(result).length < MAX_ALL_ITEMS) result[name] = item;
      }
    } else {
      for (const dataPoint of wanted) {
        const name = askedName(dataPoint);
        result[dataPoint] = receipt[name] ?? withOcrConfidence(doc, answer(doc, name, index));
        // A receipt field receipt-fields looked for and could not find: only a value of its kind.
        if (isReceipt && !receipt[name] && !fitsReceiptField(name, result[dataPoint]?.value ?? null))
          result[dataPoint] = notFound();
        // An invoice field the invoice reader looked for and could not find: not another label's value.
        if (isInvoice && !receipt[name] && invoiceFieldOf(name)) result[dataPoint] = notFound();
      }
    }
    return { result, confidence_score: confidenceScore(result), provider: this.name };
  }
}
