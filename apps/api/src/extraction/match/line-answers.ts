import { findDate, isPercentText, type NormalisedValue, normaliseValue } from '@sieve/contracts';
import { lineConfidence, rounded } from '../confidence/probability';
import { notFound } from '../confidence/score';
import { latestPeriod, type Period, periodFit, splitDataPoint } from '../lexicon/periods';
import {
  dateAtStart,
  firstNumber,
  isValueText,
  numberAtStart,
  numbersIn,
  phraseAtStart,
  skipLeadIn,
} from '../lexicon/value-tokens';
import { isRatioWord, type Token, tokenize } from '../lexicon/words';
import { isYear } from '../lexicon/years';
import { lineAnchor } from '../model/anchor';
import { formatLocation, sourceUrlOf } from '../model/location';
import type { ExtractedDocument, ExtractedItem, SourceLocation, TextCell, TextLine } from '../model/types';
import type { DocumentIndex } from './document-index';
import { spelledOut } from './label-words';
import {
  blockKey,
  type Expectation,
  expectationOf,
  findLabel,
  fitsExpectation,
  type LabelMatch,
  labelStems,
  type MatchKind,
  spaced,
} from './line-labels';
import { isChangeBefore, type ProseFigure, proseFigures, sentenceAround } from './prose';

/**
 * Answers from the document's text lines: a labelled value on the same line, in the next cell,
 * under a header or on the next line, or a figure a sentence states; each candidate scored by how
 * it was found, the best taken and its confidence lowered when another value rivals it.
 */

type How = 'same-line' | 'next-cell' | 'below-header' | 'next-line';

export interface Candidate {
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
/** A data point whose figure may be a percentage (lexicon/words.ts RATIO_WORDS). */
const isRatio = (dataPoint: string) => tokenize(spaced(dataPoint)).some((t) => isRatioWord(t.stem));
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
export function valueAtStart(
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
      const figure = numbersIn(sentence).find((n) => !isYear(n.token));
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
    if (isYear(raw.trim()) && prose?.period?.years.includes(Number(raw))) return;
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
export interface ProseReading {
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
export function proseReading(
  index: DocumentIndex,
  lineIndex: number,
  label: string[],
): ProseReading | undefined {
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
  if (!numbersIn(sentence).some((n) => !isYear(n.token))) return undefined;
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
  const oneFigure = numbersIn(sentence).filter((n) => !isYear(n.token)).length === 1;
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

export function itemFrom(doc: ExtractedDocument, candidate: Candidate, confidence: number): ExtractedItem {
  const item: ExtractedItem = {
    value: candidate.value,
    location: formatLocation(candidate.location),
    source_text: candidate.sourceText,
    source_url: sourceUrlOf(doc, candidate.location),
    confidence: rounded(confidence),
  };
  const anchor = lineAnchor(doc, doc.lines[candidate.lineIndex], candidate.location, candidate.raw);
  if (anchor) item.anchor = anchor;
  return item;
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

export function extractFromLines(
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
  const rival = candidates.find(
    (c) => c !== best && c.score >= best.score - 0.05 && !sameValue(c.value, best.value),
  );
  return {
    item: itemFrom(doc, best, lineConfidence(best.score, rival !== undefined)),
    ...(index.lines[best.lineIndex] ? { line: index.lines[best.lineIndex] } : {}),
  };
}

function sameValue(a: NormalisedValue, b: NormalisedValue): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  return String(a).toLowerCase() === String(b).toLowerCase();
}
