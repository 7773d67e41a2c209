import type { NormalisedValue } from '@sieve/contracts';
import { isCurrencyOnly, isUnitSuffixOnly } from '../lexicon/value-tokens';
import { type Token, tokenize } from '../lexicon/words';
import type { SourceLocation, TextCell } from '../model/types';

/**
 * A data point's name as the line matcher reads it: its word stems, where a line names it (exact,
 * with words between, in any order), what kind of value it expects; and a document's blocks and
 * the symbol cells ("$", "%") merged into their figures.
 */

/** "total_revenue", "Total revenue", "totalRevenue" → ["total", "revenue"]. */
export function labelStems(dataPoint: string): string[] {
  return tokenize(spaced(dataPoint)).map((t) => t.stem);
}

/** "gross_margin", "grossMargin" → "gross margin": whole words to test. */
export function spaced(dataPoint: string): string {
  return dataPoint.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-./]+/g, ' ');
}

export type MatchKind = 'exact' | 'gapped' | 'unordered';
export interface LabelMatch {
  kind: MatchKind;
  first: number;
  last: number;
  /** Character offsets of the matched label in the text. */
  start: number;
  end: number;
}

export function findLabel(tokens: Token[], label: string[]): LabelMatch | null {
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

export type Expectation = 'date' | 'number' | 'any';

export function expectationOf(dataPoint: string): Expectation {
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

export function fitsExpectation(value: NormalisedValue, expectation: Expectation): boolean {
  if (value === null) return false;
  if (expectation === 'number') return typeof value === 'number';
  if (expectation === 'date') return typeof value === 'string' && /^\d{8}$/.test(value);
  return true;
}

export function blockKey(location: SourceLocation): string {
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
