import { currencyAlternation, currencyIn } from '../lexicon/currencies';
import { foldLabel } from '../lexicon/invoice-labels';
import { MONTH_NAME_PATTERN, monthNumber } from '../lexicon/month-names';
import type { Box, LayoutWord } from '../model/layout';
import type { ExtractedDocument } from '../model/types';

/**
 * An invoice page as runs of text with their places (lines of segments, each with its words), and
 * the values those runs hold: amounts, currencies, dates (day or month first), document numbers.
 */

export interface Seg {
  text: string;
  box?: Box;
  words: LayoutWord[];
  page: number;
  /** Index of its line in `lines`. */
  line: number;
}

export interface Line {
  text: string;
  page: number;
  /** Line number on its page, 1-based (for the location). */
  number: number;
  box?: Box;
  segs: Seg[];
  height: number;
}

/** A page's text segments split further at the separators a sender line or footer uses ("A · B · C"). */
export function linesOf(doc: ExtractedDocument): Line[] {
  const out: Line[] = [];
  if (doc.layout?.length) {
    for (const page of doc.layout) {
      page.lines.forEach((line, i) => {
        const index = out.length;
        const segs = line.segments
          .map(
            (s): Seg => ({ text: s.text.trim(), box: s.box, words: s.words, page: page.number, line: index }),
          )
          .filter((s) => s.text !== '');
        if (!segs.length) return;
        out.push({
          text: segs.map((s) => s.text).join('  '),
          page: page.number,
          number: i + 1,
          box: line.box,
          segs,
          height: line.box[3] - line.box[1],
        });
      });
    }
    if (out.length) return out;
  }
  doc.lines.forEach((line, i) => {
    const parts = line.cells?.length ? line.cells.map((c) => c.text) : line.text.split(/\s{3,}|\t/);
    const index = out.length;
    out.push({
      text: line.text,
      page: line.location.page ?? 1,
      number: line.location.line ?? i + 1,
      segs: parts
        .filter((p) => p.trim())
        .map((p) => ({ text: p.trim(), words: [], page: line.location.page ?? 1, line: index })),
      height: 0,
    });
  });
  return out;
}

/** An amount in any of the formats invoices print: 1,234.56 · 1.234,56 · 1 234,56 · 1'234.56 · 12,50. */
const INVOICE_CURRENCY = currencyAlternation({ codes: ['EUR', 'USD', 'GBP', 'CHF'] });
const AMOUNT = new RegExp(
  String.raw`(?<![\d.,'’])(-|−)?\s?(?:(${INVOICE_CURRENCY})\s?)?(\d{1,3}(?:(?:[.,'’]|\s|\u00a0|\u202f)\d{3})+|\d+)([.,])(\d{2})(?![\d%])(?!\s?%)(?:\s?(${INVOICE_CURRENCY}))?`,
  'g',
);

export interface AmountHit {
  value: number;
  start: number;
  end: number;
  currency?: string;
}

export function amountsIn(text: string): AmountHit[] {
  const out: AmountHit[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const whole = (m[3] ?? '').replace(/[^\d]/g, '');
    // "1,234" followed by ".56": grouping and decimal marks must differ.
    const groupMark = /[.,]/.exec(m[3] ?? '')?.[0];
    if (groupMark && groupMark === m[4]) continue;
    let value = Number(`${whole}.${m[5]}`);
    if (!Number.isFinite(value)) continue;
    if (m[1]) value = -value;
    const currency = m[2] ?? m[6];
    out.push({
      value,
      start: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      ...(currency ? { currency: currencyIn(currency) ?? currency } : {}),
    });
  }
  return out;
}

export interface DateHit {
  ymd: string;
  start: number;
  end: number;
  /** The day and month were given as numbers in an order only the document's locale tells. */
  ambiguous: boolean;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
function validYmd(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2099 || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}${pad2(m)}${pad2(d)}`;
}
const year4 = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

const NAMED_DMY = new RegExp(
  String.raw`(?<!\d)(\d{1,2})(?:er|st|nd|rd|th)?\.?\s?(?:de\s)?[-\s]?(${MONTH_NAME_PATTERN})\.?[-\s,]\s?(?:de\s)?(\d{4}|\d{2})(?!\d)`,
  'g',
);
const NAMED_MDY = new RegExp(
  String.raw`(?<![\p{L}])(${MONTH_NAME_PATTERN})\.?\s(\d{1,2})(?:st|nd|rd|th)?,?\s(\d{4})(?!\d)`,
  'gu',
);
const ISO = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g;
const NUMERIC = /(?<![\d.,/])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[.,]\d)/g;

/** Every date in a text, with its place (folded text, month names in four languages). */
export function datesIn(text: string, dayFirst: boolean): DateHit[] {
  const folded = foldLabel(text);
  const hits: DateHit[] = [];
  const add = (ymd: string | null, m: RegExpMatchArray, ambiguous = false) => {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (ymd && !hits.some((h) => start < h.end && end > h.start)) hits.push({ ymd, start, end, ambiguous });
  };
  for (const m of folded.matchAll(ISO)) add(validYmd(Number(m[1]), Number(m[2]), Number(m[3])), m);
  for (const m of folded.matchAll(NAMED_DMY)) {
    const month = monthNumber(m[2] ?? '');
    if (month) add(validYmd(year4(m[3] ?? ''), month, Number(m[1])), m);
  }
  for (const m of folded.matchAll(NAMED_MDY)) {
    const month = monthNumber(m[1] ?? '');
    if (month) add(validYmd(Number(m[3]), month, Number(m[2])), m);
  }
  for (const m of folded.matchAll(NUMERIC)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = year4(m[4] ?? '');
    // A dotted date is day first everywhere it is written.
    const first = m[2] === '.' ? true : a > 12 ? true : b > 12 ? false : dayFirst;
    add(first ? validYmd(y, b, a) : validYmd(y, a, b), m, m[2] !== '.' && a <= 12 && b <= 12 && a !== b);
  }
  return hits.sort((x, y) => x.start - y.start);
}

/** Whether numeric dates read day first here: the document's own dates, its words and its money. */
export function dayFirstIn(text: string): boolean {
  for (const m of text.matchAll(NUMERIC)) {
    if (m[2] === '.') continue;
    if (Number(m[1]) > 12 && Number(m[3]) <= 12) return true;
    if (Number(m[3]) > 12 && Number(m[1]) <= 12) return false;
  }
  const folded = foldLabel(text);
  if (/\b(?:rechnung|facture|factura|mwst|ust|tva|iva|vat|gst)\b|€|£|\bchf\b|\beur\b|\bgbp\b/.test(folded))
    return true;
  if (/\$|\busd\b|\b[A-Z]{2} \d{5}\b/.test(text)) return false;
  return true;
}

const ID_TOKEN = /^[A-Z0-9][A-Z0-9\-/._]*$/i;
const NUMBER_WORD = /^(?:no|nr|n°|nº|n\.º|n|#|number|nummer|numero|num|:|-)\.?:?$/i;

/** The invoice number at the start of a label's value ("# 00123", "Nr. R/2023/1139 vom …"). */
export function numberAt(
  text: string,
  dayFirst: boolean,
): { value: string; start: number; end: number } | undefined {
  let offset = 0;
  const tokens = text.split(/(\s+)/);
  for (const token of tokens) {
    const here = offset;
    offset += token.length;
    if (/^\s*$/.test(token)) continue;
    if (NUMBER_WORD.test(token)) continue;
    const t = token.replace(/^[:#(]+/, '').replace(/[.,;:)]+$/, '');
    if (!t || !/\d/.test(t) || !ID_TOKEN.test(t) || t.length > 30) return undefined;
    if (datesIn(t, dayFirst).some((d) => d.start === 0 && d.end >= t.length - 1)) return undefined;
    const start = here + token.indexOf(t);
    return { value: t, start, end: start + t.length };
  }
  return undefined;
}
