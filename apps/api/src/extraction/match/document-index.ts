import { detectScale, type Scale } from '@sieve/contracts';
import { latestPeriod, type Period, parsePeriod, periodSpans } from '../lexicon/periods';
import { foldSpelling, type Token, tokenize } from '../lexicon/words';
import type { Box } from '../model/layout';
import type { ExtractedDocument, TextCell, TextLine } from '../model/types';
import { columnHeaderPath } from '../tables/table-builder';
import { type ProseReading, proseReading } from './line-answers';
import { blockKey, mergeSymbolCells } from './line-labels';

const SCALE_LOOKBACK_LINES = 40;

export class DocumentIndex {
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
