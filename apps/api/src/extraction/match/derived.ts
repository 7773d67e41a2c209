import { derivedConfidence } from '../confidence/probability';
import { YEAR } from '../lexicon/years';
import type { ExtractedItem } from '../model/types';

/** "… in 2019", "… for fiscal 2019": the period a question ends with. */
const QUESTION_PERIOD = new RegExp(
  String.raw`\s+(?:in|for|during)\s+(?=(?:(?:fiscal|FY|financial\s+year|calendar|year)\s*)?${YEAR}\s*$)`,
  'i',
);
const YEARS_IN = new RegExp(String.raw`(?<!\d)${YEAR}(?!\d)`, 'g');

/**
 * Data points asked as questions, and figures a document implies rather than prints.
 *
 * Requesters ask in their own words: "What was the net income in 2018?" names the same figure as
 * "Net income 2018", and the question's words are not words a row must explain. An analyst also
 * asks for what a table gives only in two cells: "Change in revenue from 2018 to 2019", "Revenue
 * growth 2019", "Average total assets for 2018 and 2019". Those are computed from the figures the
 * document prints for each period, by the same reader, and reported with both sources; a figure
 * the document prints itself (a "Change" column, an "Average total assets" row, a sentence's
 * growth) is preferred to a computed one.
 */

const QUESTION_LEAD = new RegExp(
  [
    String.raw`^(?:please\s+)?`,
    String.raw`(?:what(?:'s|\s+(?:is|was|were|are|will\s+be|has\s+been|had\s+been|would\s+be))?`,
    String.raw`|which(?:\s+(?:is|was|were|are))?`,
    String.raw`|(?:by\s+)?how\s+(?:much|many)(?:\s+(?:is|was|were|are|did|does|do|has|had|have))?`,
    // Imperatives that name no line item ("State income taxes", "List price" are items).
    String.raw`|(?:give|provide|find|extract|tell)(?:\s+(?:me|us))?)\s+`,
    String.raw`(?:(?:the|a|an)\s+)?`,
    String.raw`(?:(?:value|amount|figure|number|level|total\s+amount)\s+of\s+(?:the\s+)?)?`,
    String.raw`(?:(?:company|group|firm|entity|business)(?:'s|’s)\s+|its\s+|their\s+)?`,
  ].join(''),
  'i',
);
const QUESTION_TAIL =
  /\s*(?:,?\s*(?:respectively|as reported|as stated|according to the (?:table|report|statement|document)|in the (?:table|report|statement|document)|for the (?:company|group)|reported|recorded))*\s*\?*\s*$/i;

// Not "share" or "portion" first: "Share of profit of associates", "Current portion of debt" are lines.
const SHARE_WORD = '(?:proportion|percentage|percent|fraction)';
const SHARE_LEAD = new RegExp(String.raw`^(?:${SHARE_WORD}|portion|share)\s+of\b`, 'i');

/**
 * The data point a question names: "What was the company's net income in 2018?" → "net income in
 * 2018"; "How many shares were outstanding in 2019?" → "shares outstanding in 2019". Anything that
 * is not a question is returned as it is.
 */
export function askedName(dataPoint: string): string {
  const text = dataPoint.trim();
  const lead = QUESTION_LEAD.exec(text);
  if (!lead && !/\?\s*$/.test(text)) return text;
  let name = text.slice(lead?.[0].length ?? 0).replace(QUESTION_TAIL, '');
  // "shares were outstanding", "revenue was in 2019": the verb of the question, not the name; in
  // "What proportion of total revenue was subscription revenue?" it parts the whole from the part.
  if (lead && !SHARE_LEAD.test(name)) name = name.replace(/\s+(?:is|was|were|are)\b/gi, '');
  // "How many employees did the company have at 30 June 2019?": the employees at 30 June 2019.
  name = name.replace(
    /\s+(?:did|does|do|has|have|had)\s+(?:the\s+)?(?:company|group|firm|entity|business|we|it|they)\s+(?:have|has|had|employ|record|report|recognise|recognize|pay|paid)\b/i,
    '',
  );
  // "effective tax rate in 2019": a sentence says "effective tax rate was 17.0% in 2019", so the
  // word before the one period asked is the question's, not the item's.
  name = name.replace(QUESTION_PERIOD, ' ');
  return name.trim() || text;
}

export type DerivedOp = 'change' | 'decrease' | 'growth' | 'average' | 'sum';

export interface DerivedAsk {
  op: DerivedOp;
  /** The line item, without the period: "net sales". */
  item: string;
  /** The word that asked it ("change", "increase", "average" …), lower case. */
  word: string;
  /** The periods as asked ("2018", "fiscal 2019", "FY2020"), earliest first; one for a change on the year before. */
  periods: string[];
}

const PERIOD = String.raw`(?:(?:fiscal|FY|financial\s+year|calendar|year)\s*)?${YEAR}`;
const PERIOD_RE = new RegExp(PERIOD, 'gi');
const YEAR_OF = new RegExp(YEAR);

function opOf(word: string, relative: boolean): DerivedOp {
  const w = word.toLowerCase();
  if (relative || /^growth/.test(w)) return 'growth';
  if (/^(?:decrease|decline|reduction|drop|fall)/.test(w)) return 'decrease';
  return 'change';
}

const CHANGE_WORD = '(?:change|increase|decrease|difference|growth|variation|movement|decline|reduction)';
const RELATIVE = String.raw`(?:percentage|percent|per\s+cent|%|relative|rate\s+of)`;

/**
 * "X in 2018 and 2019", "X from 2017 to 2019", "X between 2018 and 2019", "X for 2018, 2019": the
 * item and its periods, earliest first; `range` when two periods are a span's ends ("2017-2019",
 * "from 2017 to 2019", "2017 through 2019").
 */
function periodsOf(text: string): { item: string; periods: string[]; range: boolean } | undefined {
  const m = new RegExp(
    String.raw`^(.*?)\s*(?:,|\bfor\b|\bin\b|\bover\b|\bbetween\b|\b(from)\b|\bduring\b)?\s*(?:the\s+(?:years?|periods?)\s+)?(${PERIOD}(?:\s*(?:,|\band\b|\bto\b|-|–|\bthrough\b|\bvs\.?|\bversus\b)\s*${PERIOD})+)\s*$`,
    'i',
  ).exec(text);
  if (!m?.[1] || !m[3]) return undefined;
  const periods = [...m[3].matchAll(PERIOD_RE)].map((p) => p[0]);
  const years = periods.map((p) => Number(YEAR_OF.exec(p)?.[0]));
  if (new Set(years).size !== years.length) return undefined;
  const order = periods.map((p, i) => ({ p, y: years[i] ?? 0 })).sort((a, b) => a.y - b.y);
  const range =
    periods.length === 2 && (Boolean(m[2]) || /\d\s*(?:-|–|\bto\b|\bthrough\b)\s*\D*\d/i.test(m[3]));
  return { item: m[1].trim(), periods: order.map((o) => o.p), range };
}

/** Every period of a span, in the first one's form: "FY2017", "FY2019" → FY2017, FY2018, FY2019. */
function spanOf(periods: string[]): string[] {
  const [first, last] = periods;
  const from = Number(YEAR_OF.exec(first ?? '')?.[0]);
  const to = Number(YEAR_OF.exec(last ?? '')?.[0]);
  if (!first || !(to > from) || to - from > 20) return periods;
  return Array.from({ length: to - from + 1 }, (_, i) => first.replace(YEAR_OF, String(from + i)));
}

/**
 * What a data point asks to compute, if anything: "Change in net sales from 2018 to 2019",
 * "Percentage change in gross profit between 2018 and 2019", "Revenue growth 2019" (on 2018),
 * "Average total assets for 2018 and 2019", "Sum of dividends paid in 2018 and 2019".
 */
export function derivedAsk(name: string): DerivedAsk | undefined {
  const text = name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^the\s+/i, '');
  // "Average X for 2018 and 2019", "Sum of X in 2018 and 2019"
  const agg = /^(average|mean|sum|total)\s+(?:of\s+(?:the\s+)?)?(.+)$/i.exec(text);
  if (agg?.[1] && agg[2]) {
    const parts = periodsOf(agg[2]);
    const op = /^(?:sum|total)$/i.test(agg[1]) ? 'sum' : 'average';
    // "Total X in 2018 and 2019" only as a sum of named years; "Total assets 2019" is a line.
    // "Average X from 2017 to 2019" is of the three years; a change is of its span's ends.
    if (parts && parts.periods.length >= 2 && parts.item)
      return {
        op,
        word: agg[1].toLowerCase(),
        item: parts.item,
        periods: parts.range ? spanOf(parts.periods) : parts.periods,
      };
    // "What is the average share-based payments?": over the years the table gives, unless the
    // document prints a line so named ("Average selling price"), which answers first.
    if (op === 'average' && !YEAR_OF.test(agg[2]))
      return { op, word: agg[1].toLowerCase(), item: agg[2], periods: [] };
    // "Total employee benefits expense growth 2019": a line's change, read below.
    if (op !== 'sum' || !/\btotal\b/i.test(agg[1])) return undefined;
  }
  // "(Percentage) change in X from 2018 to 2019", "Growth rate of X 2019"
  const lead = new RegExp(
    String.raw`^(?:(${RELATIVE})\s+)?(${CHANGE_WORD})(?:\s+rate)?\s+(?:in|of)\s+(?:the\s+)?(.+)$`,
    'i',
  ).exec(text);
  // "X (percentage) change from 2018 to 2019", "X growth 2019", "X growth rate in 2019"
  const tail = new RegExp(
    String.raw`^(.+?)\s+(?:(?:year[\s-](?:on|over)[\s-]year|yoy|annual)\s+)?(?:(${RELATIVE})\s+)?(${CHANGE_WORD})(?:\s+rate)?(?:\s+(.*))?$`,
    'i',
  ).exec(text);
  let op: DerivedOp;
  let rest: string;
  let word: string;
  if (lead?.[2] && lead[3]) {
    op = opOf(lead[2], Boolean(lead[1]));
    word = lead[2].toLowerCase();
    rest = lead[3];
  } else if (tail?.[1] && tail[3]) {
    op = opOf(tail[3], Boolean(tail[2]));
    word = tail[3].toLowerCase();
    rest = `${tail[1]} ${tail[4] ?? ''}`.trim();
  } else return undefined;
  // "change in the percentage of total revenue from Europe" is of that percentage, in points.
  if (/%|\bpercent/i.test(rest) && !/^(?:the\s+)?percent(?:age)?\s+of\b/i.test(rest) && op !== 'growth') {
    // "change in X (%)": a relative change.
    op = 'growth';
    rest = rest.replace(/\(?\s*(?:%|in\s+percent(?:age)?|percent(?:age)?)\s*\)?/gi, ' ').trim();
  }
  const parts = periodsOf(rest);
  if (parts?.item && parts.periods.length === 2)
    return { op, word, item: parts.item, periods: parts.periods };
  const single = new RegExp(String.raw`^(.*?)\s*(?:\b(?:in|for|during|of)\b\s*)?(${PERIOD})\s*$`, 'i').exec(
    rest,
  );
  if (single?.[1] && single[2]) return { op, word, item: single[1].trim(), periods: [single[2]] };
  if (rest && !YEAR_OF.test(rest)) return { op, word, item: rest, periods: [] };
  return undefined;
}

/** The period before one asked ("2019" → "2018", "FY2020" → "FY2019"). */
export function periodBefore(period: string): string {
  return period.replace(YEAR_OF, (y) => String(Number(y) - 1));
}

/** The year a found figure is for, from its column or row heading. */
export function yearOfItem(item: ExtractedItem): string | undefined {
  const labels = [item.anchor?.column_label, item.anchor?.row_label, item.location].filter(Boolean).join(' ');
  const years = labels.match(YEARS_IN);
  return years?.[0];
}

const LABELLED_CHANGE =
  /\b(?:change[ds]?|increase[ds]?|decrease[ds]?|growth|grew|rose|fell|declined|variance|variation|difference|movements?)\b|Δ|%\s*chg|\byoy\b/i;

/\b(?:change|increase|decrease|growth|variance|variation|difference|movement|grew|rose|fell|declined)\b|Δ|%\s*chg|\byoy\b/i;
const LABELLED_AVERAGE = /\baverage\b|\bmean\b/i;

/**
 * Whether the figure found for the whole data point is the one asked, printed by the document: the
 * table reader answers a growth only from a change column or row, or a sentence's stated change;
 * a change, an increase or an average it may answer with a level, so that one counts only where
 * its row, its column or the section its row sits in names it so (or, read from a sentence, the
 * sentence speaks of a change).
 */
export function printsDerived(ask: DerivedAsk, item: ExtractedItem, section: string[] = []): boolean {
  if (item.value === null || ask.op === 'sum') return false;
  const labels = `${item.anchor?.row_label ?? ''} ${item.anchor?.column_label ?? ''}`.trim();
  if (ask.word === 'growth') return true;
  // A line naming the change of another item ("Net increase in cash" asked the change in capital
  // expenditures); a change column's row the reader matched, by its synonyms too, stands.
  const row = item.anchor?.row_label ?? '';
  if (LABELLED_CHANGE.test(row) && !sharesWord(ask.item, row)) return false;
  if (ask.op === 'average') return LABELLED_AVERAGE.test(labels);
  // "Accounts receivable" under a cash-flow statement's "Changes in operating assets and liabilities".
  if (labels && LABELLED_CHANGE.test(section.join(' '))) return true;
  return LABELLED_CHANGE.test(labels || item.source_text);
}

const MINOR_WORDS = new Set(['the', 'of', 'and', 'in', 'for', 'to', 'from', 'a', 'an', 'total', 'net']);

/** Whether a line's labels name any word of the item asked (by its first five letters: "expenses", "expense"). */
function sharesWord(item: string, labels: string): boolean {
  const stems = (text: string) =>
    text
      .toLowerCase()
      .split(/[^a-z0-9&]+/)
      .filter((w) => w && !MINOR_WORDS.has(w))
      .map((w) => w.slice(0, 5));
  const asked = stems(item);
  if (asked.length === 0) return true;
  const have = new Set(stems(labels));
  return asked.some((w) => have.has(w));
}

/**
 * The figure computed from one item per period (earliest first), or undefined when a part is
 * missing, is not a number, or the parts come from different lines.
 */
export function combine(op: DerivedOp, parts: ExtractedItem[]): ExtractedItem | undefined {
  const values = parts.map((p) => p.value);
  if (parts.length < 2 || values.some((v) => typeof v !== 'number')) return undefined;
  const numbers = values as number[];
  // The parts must be the same line item: their rows, where the reader names them, agree.
  const rows = new Set(parts.map((p) => p.anchor?.row_label?.toLowerCase().trim()).filter(Boolean));
  if (rows.size > 1) return undefined;
  const first = numbers[0] as number;
  const last = numbers[numbers.length - 1] as number;
  let value: number;
  switch (op) {
    case 'change':
      value = last - first;
      break;
    case 'decrease':
      value = first - last;
      break;
    case 'growth':
      // From a loss, or from a profit to a loss, a growth means nothing (reports print "n/m").
      if (first <= 0 || last < 0) return undefined;
      value = (last - first) / Math.abs(first);
      break;
    case 'average':
      value = numbers.reduce((a, b) => a + b, 0) / numbers.length;
      break;
    case 'sum':
      value = numbers.reduce((a, b) => a + b, 0);
      break;
  }
  const latest = parts[parts.length - 1] as ExtractedItem;
  return {
    value: op === 'growth' ? Math.round(value * 1e6) / 1e6 : Number(value.toPrecision(12)),
    location: parts.map((p) => p.location).join('; '),
    source_text: [...new Set(parts.map((p) => p.source_text))].join(' | '),
    source_url: latest.source_url,
    confidence: derivedConfidence(parts.map((p) => p.confidence)),
    ...(latest.anchor ? { anchor: latest.anchor } : {}),
  };
}

export interface ShareAsk {
  /** A share of a whole (as a decimal), or a ratio of two figures. */
  op: 'share' | 'ratio' | 'difference';
  part: string;
  whole: string;
  /** The period asked ("2019", "fiscal 2019", "December 31, 2019"), if any. */
  period?: string;
}

const DATED_PERIOD = String.raw`(?:(?:\d{1,2}\s+[a-z]{3,9}|[a-z]{3,9}\.?\s+\d{1,2}),?\s+)?${PERIOD}`;

/**
 * A share or a ratio asked of two line items: "What proportion of total revenue was subscription
 * revenue in 2019?", "Percentage of share-based payments in total employee benefits expense in
 * 2018", "Cost of sales as a percentage of net sales 2019", "Ratio of domestic to foreign income
 * in 2019". One period at most, anywhere in the question; the two items are read from it.
 */
export function shareAsk(name: string): ShareAsk | undefined {
  let text = name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^(?:the|a|an)\s+/i, '');
  const dated = [...text.matchAll(new RegExp(DATED_PERIOD, 'gi'))];
  if (new Set(dated.map((d) => YEAR_OF.exec(d[0])?.[0])).size > 1) return undefined;
  const period = dated[0]?.[0];
  if (period)
    text = text
      .replace(
        new RegExp(String.raw`\s*,?\s*(?:\b(?:in|for|during|of|at|as\s+(?:of|at))\s+)?${DATED_PERIOD}`, 'gi'),
        ' ',
      )
      .replace(/\s+/g, ' ')
      .trim();
  // "was from subscription", "came from Europe": the item after the preposition.
  const item = (s: string | undefined) =>
    (s ?? '')
      .replace(/^(?:from|by|in|of)\s+/i, '')
      .replace(/^(?:the|a|an)\s+/i, '')
      .trim();
  const found = (op: ShareAsk['op'], part: string | undefined, whole: string | undefined) => {
    const [p, w] = [item(part), item(whole)];
    if (!/[a-z]/i.test(p) || !/[a-z]/i.test(w) || p.toLowerCase() === w.toLowerCase()) return undefined;
    return { op, part: p, whole: w, ...(period ? { period } : {}) };
  };
  // "proportion of total revenue was subscription revenue", "percentage of net sales was cost of sales"
  // A verb parts them, so "portion" and "share" lead here too ("what portion of revenue was …").
  const whole = new RegExp(
    String.raw`^(?:${SHARE_WORD}|portion|share)\s+of\s+(.+?)\s+(?:is|was|were|are|came\s+from|comes\s+from|represented\s+by|made\s+up\s+(?:of|by))\s+(.+)$`,
    'i',
  ).exec(text);
  if (whole) return found('share', whole[2], whole[1]);
  // "percentage of share-based payments in total employee benefits expense"
  const part = new RegExp(
    String.raw`^${SHARE_WORD}\s+of\s+(.+?)\s+(?:in|of|to|within|out\s+of)\s+(.+)$`,
    'i',
  ).exec(text);
  if (part) return found('share', part[1], part[2]);
  // "cost of sales as a percentage of net sales"
  const as = new RegExp(String.raw`^(.+?)\s+as\s+an?\s+(?:${SHARE_WORD}|share|%)\s+of\s+(.+)$`, 'i').exec(
    text,
  );
  if (as) return found('share', as[1], as[2]);
  // "difference between subscription and maintenance and support revenue"; the part is read in
  // the whole's table, so "and" within the second item is left to it.
  const difference = /^difference\s+between\s+(.+?)\s+and\s+(.+)$/i.exec(text);
  if (difference) return found('difference', difference[1], difference[2]);
  // "ratio of domestic to foreign income"
  const ratio = /^ratio\s+(?:of|between)\s+(.+?)\s+(?:to|and|vs\.?|versus|over)\s+(.+)$/i.exec(text);
  if (ratio) return found('ratio', ratio[1], ratio[2]);
  return undefined;
}

/** A figure a share asked of is printed as one: its column or row is of percentages or shares. */
export function printsShare(item: ExtractedItem): boolean {
  const labels = `${item.anchor?.row_label ?? ''} ${item.anchor?.column_label ?? ''}`;
  return (
    typeof item.value === 'number' && /%|\bpercent|\bproportion\b|\bshare\b|\bratio\b|\bmix\b/i.test(labels)
  );
}

/**
 * The share, ratio or difference of two figures of one period, as sure as the less sure of them and
 * never High.
 */
export function relate(
  op: ShareAsk['op'],
  part: ExtractedItem,
  whole: ExtractedItem,
): ExtractedItem | undefined {
  if (typeof part.value !== 'number' || typeof whole.value !== 'number') return undefined;
  if (op !== 'difference' && whole.value === 0) return undefined;
  return {
    value:
      op === 'difference'
        ? Number((part.value - whole.value).toPrecision(12))
        : Math.round((part.value / whole.value) * 1e6) / 1e6,
    location: `${part.location}; ${whole.location}`,
    source_text: [...new Set([part.source_text, whole.source_text])].join(' | '),
    source_url: whole.source_url,
    confidence: derivedConfidence([part.confidence, whole.confidence]),
    ...(part.anchor ? { anchor: part.anchor } : {}),
  };
}
