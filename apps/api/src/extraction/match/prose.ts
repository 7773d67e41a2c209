import { latestPeriod, type Period, periodSpans } from '../lexicon/periods';
import { numbersIn } from '../lexicon/value-tokens';

/**
 * The figures a sentence gives for the line item it is about, each with the period the sentence
 * ties it to — how reports compare years in words:
 *
 *   "Revenue for fiscal 2024 was $4.2 billion, compared to $3.96 billion in fiscal 2023."
 *   "Net income increased 8% to $512 million from $474 million in the prior year."  (year: 2024)
 *   "Net sales were $8.1 billion and $7.6 billion for 2024 and 2023, respectively."
 *   "Revenue £1,532.4m (2023: £1,445.7m)"
 *
 * Changes ("increased $38 million", "up 8%") are not levels and are left out; so is whatever the
 * sentence goes on to say of another item ("…, while operating income rose to $600 million").
 */
export interface ProseFigure {
  token: string;
  /** Offset in the text given. */
  index: number;
  period?: Period;
  /** A percentage or basis points: a ratio's value, or a change. */
  percent: boolean;
  /** The period is the one the text around the sentence names (a section heading), not the sentence. */
  fromContext?: boolean;
}

const CHANGE_BEFORE =
  /\b(?:increased|decreased|rose|fell|grew|declined|dropped|climbed|improved|jumped|slipped|expanded|contracted|widened|narrowed|gained|advanced|eased|surged|up|down|higher|lower|increases?|decreases?|rise|decline|growth|reduction|improvement|change|by|or)\s*(?:of\s+)?(?:approximately\s+|about\s+)?$/i;
/** Whether a figure after `text` is a change ("increased by", "up", "an increase of"), not a level. */
export function isChangeBefore(text: string): boolean {
  return CHANGE_BEFORE.test(text);
}
const CHANGE_AFTER =
  /^\s*,?\s*(?:or\s+[\d.,]+\s*%\s*,?\s*)?(?:higher|lower|more|less|above|below|increase|decrease)\b/i;
/** Words that put a figure in the year before the sentence's own ("from $3.9 billion"). */
const PRIOR_BEFORE =
  /(?:\b(?:from|compared\s+(?:to|with)|versus|vs\.?|as\s+against)|\((?:prior|previous|last)[\s-]year\s*:|\b(?:prior|previous)[\s-]year(?:\s+(?:quarter|period))?['’]s)\s*(?:approximately\s+|about\s+)?$/i;
const PRIOR_AFTER =
  /^\s*,?\s*(?:(?:in|for|during)\s+)?(?:the\s+)?(?:(?:prior|previous|preceding|comparable)\s+(?:fiscal\s+)?(?:year|period)|last\s+year|a\s+year\s+(?:ago|earlier))\b/i;
/**
 * What may stand between a figure and the period it is for: "$4.2 billion in fiscal 2024", "$3.9
 * billion at the end of fiscal 2023", "$3.9 billion at year-end 2023".
 */
const PERIOD_AFTER =
  /^[\s,]*(?:(?:in|for|during|at|on|over|as\s+(?:of|at))\s+)?(?:the\s+)?(?:(?:end|close)\s+of\s+(?:the\s+)?|year[\s-]?end\s+)?(?:first\s+|last\s+)?(?:(?:fiscal|financial|full)[\s-]+(?:year\s+)?)?$/i;
/** An aside after a figure: ", or $3.50 per diluted share,". */
const ASIDE = /^\s*,\s*or\s+[^,]{1,40},/i;
/** "(2023: $3.9 billion)", "2023 – $3.9 billion". */
const PERIOD_BEFORE = /^\s*(?::|–|—|-|was|were)\s*$/i;
/** Where the sentence turns to another item. */
const OTHER_ITEM =
  /(?:;|\b(?:while|whereas|but)\b|,?\s+and\b(?=\s+(?:[\p{L}'’-]+\s+){1,5}(?:was|were|increased|decreased|rose|fell|grew|declined|totaled|totalled|amounted)\b))/iu;

/** Full stops of abbreviations ("U.S.", "Inc.") masked, so that they end no sentence. */
function masked(text: string): string {
  return text.replace(/\b(?:U\.S|Inc|Ltd|Corp|Co|No|vs|approx)\./g, (m) => `${m.slice(0, -1)}·`);
}

/** The sentence of `text` that holds offset `at`, and where it starts. */
export function sentenceAround(text: string, at: number): { sentence: string; start: number } {
  const plain = masked(text);
  let start = 0;
  for (const m of plain.matchAll(/[.!?]\s+(?=[A-Z(“"])/g)) {
    if ((m.index ?? 0) + m[0].length > at) break;
    start = (m.index ?? 0) + m[0].length;
  }
  const end = /[.!?](?=\s+[A-Z(“"]|\s*$)/.exec(plain.slice(at));
  return { sentence: text.slice(start, end ? at + end.index : text.length), start };
}

function shifted(period: Period, years: number): Period {
  return { ...period, years: period.years.map((y) => y + years) };
}

/**
 * The figures `sentence` gives for the label at `label` (offsets in it), with their periods: those
 * after the label, and one written just before it ("£1,532.4m revenue", "$812 million of free cash
 * flow"). `context` is the period the section is about ("Fiscal 2024 compared to fiscal 2023"
 * above it), for a sentence that names none. Empty when no period is known at all.
 */
export function proseFigures(
  sentence: string,
  label: { start: number; end: number },
  context?: Period,
  spans = periodSpans(sentence),
  /** The changes the sentence states ("grew 9.6% to £4,812m" gives 9.6%) in place of its levels. */
  want: 'levels' | 'changes' = 'levels',
): ProseFigure[] {
  // Levels without any period say nothing of one; a change is read on its own ("grew 9.6%").
  if (spans.length === 0 && !context && want === 'levels') return [];
  // "(2023: …)" is a year, not a figure.
  const inSpan = (n: { index: number }) => spans.some((s) => n.index >= s.start && n.index < s.end);
  const all = numbersIn(sentence).filter((n) => !inSpan(n));
  const stop = OTHER_ITEM.exec(sentence.slice(label.end));
  const numbers = all.filter((n) => n.index >= label.end && (!stop || n.index < label.end + stop.index));
  const isChange = (n: { token: string; index: number }, from: number) =>
    CHANGE_BEFORE.test(sentence.slice(Math.max(from, n.index - 40), n.index)) ||
    CHANGE_AFTER.test(sentence.slice(n.index + n.token.length, n.index + n.token.length + 30));
  const levels = numbers.filter(
    (n, i) =>
      isChange(n, i === 0 ? label.end : (numbers[i - 1] as { index: number }).index) === (want === 'changes'),
  );
  const lead = all.filter((n) => n.index + n.token.length <= label.start).at(-1);
  const leading =
    want === 'levels' &&
    lead &&
    /^\s*(?:of\s+|in\s+)?$/i.test(sentence.slice(lead.index + lead.token.length, label.start)) &&
    // "…, or $1.08 per diluted share" says the same again per share, not a change.
    (!isChange(lead, 0) || /^per\b/i.test(sentence.slice(label.start)))
      ? lead
      : undefined;
  const percent = (token: string) => /%|percent|per cent|bps|basis points/i.test(token);
  const figures: ProseFigure[] = [...(leading ? [leading] : []), ...levels].map((n) => ({
    ...n,
    percent: percent(n.token),
  }));
  if (figures.length === 0) return [];
  // Where a figure's own words end: a leading figure's run on through the label.
  const endOf = (f: ProseFigure) => (f === figures[0] && leading ? label.end : f.index + f.token.length);

  // "$8.1 billion and $7.6 billion for 2024 and 2023, respectively".
  if (/\brespectively\b/i.test(sentence)) {
    const last = figures.at(-1) as ProseFigure;
    const later = spans.filter((s) => s.start > last.index && s.period.years.length > 0);
    if (later.length === figures.length) {
      return figures.map((f, i) => ({ ...f, period: (later[i] as (typeof spans)[number]).period }));
    }
  }

  type Span = (typeof spans)[number];
  // "(2023: £1,445.7m)": the year before the one the sentence is about.
  const isComparative = (s: Span) => sentence[s.start - 1] === '(' && /^\s*:/.test(sentence.slice(s.end));
  const own = figures.map((f): { period?: Period; earlier: boolean } => {
    const end = endOf(f);
    // "… from $1.8 billion, or $3.50 per diluted share, in 2023": the aside is skipped.
    const after = sentence.slice(end).replace(ASIDE, '');
    const gap = sentence.length - end - after.length;
    const earlier =
      PRIOR_AFTER.test(after) || PRIOR_BEFORE.test(sentence.slice(Math.max(0, f.index - 25), f.index));
    const next = spans.find(
      (s) => s.start >= end + gap && PERIOD_AFTER.test(sentence.slice(end + gap, s.start)),
    );
    if (next) return { period: next.period, earlier };
    const previous = [...spans].reverse().find((s) => s.end <= f.index);
    if (previous && PERIOD_BEFORE.test(sentence.slice(previous.end, f.index)))
      return { period: previous.period, earlier: earlier || isComparative(previous) };
    return { earlier };
  });
  // The sentence's own period: named before its first figure ("In fiscal 2024, revenue was…",
  // "Revenue for 2024 compared to 2023…": the later one), else the first figure's, else the year
  // after one it compares with ("… from $3.9 billion in 2023", "(2023: …)").
  const first = figures[0] as ProseFigure;
  const named = spans.filter((s) => s.end <= first.index && !isComparative(s)).map((s) => s.period);
  const head = own[0] as { period?: Period; earlier: boolean };
  // The year compared with: a figure's, else any "(2023: …)" in the sentence (even of an item before the label).
  const compared = own.find((o) => o.period && o.earlier)?.period ?? spans.find(isComparative)?.period;
  const said = latestPeriod(named) ?? (head.earlier ? undefined : head.period);
  const next = compared && shifted(compared, 1);
  // "Year-to-date, revenue totaled $3.52 billion versus $3.31 billion in the first nine months of
  // 2023": a period named without its year takes the year after the one compared with.
  const main = !said ? next : said.years.length > 0 || !next ? said : { ...next, ...said, years: next.years };
  const base = main ?? context;
  return figures.map((f, i) => {
    const o = own[i] as { period?: Period; earlier: boolean };
    const period = o.period ?? (base && (o.earlier ? shifted(base, -1) : base));
    if (!period) return f;
    return o.period || main ? { ...f, period } : { ...f, period, fromContext: true };
  });
}
