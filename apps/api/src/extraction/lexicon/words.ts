/** Words as the providers compare them: lower case, plurals folded ("liabilities" → "liability"). */

export interface Token {
  stem: string;
  start: number;
  end: number;
}

/** British spellings as the American ones, so either finds the other ("amortisation", "labour", "programme"). */
const SPELLINGS: [RegExp, string][] = [
  [/(\p{L}{3,})is(ations?|e|es|ed|ing)\b/gu, '$1iz$2'],
  [/\b(lab|fav|col|behavi|hon|neighb)our/gu, '$1or'],
  [/\bprogramme/gu, 'program'],
  [/\blicence/gu, 'license'],
  [/\bdefence/gu, 'defense'],
  [/\bcentre/gu, 'center'],
];
/** Lower-case text with British spellings folded into American ones. */
export function foldSpelling(lower: string): string {
  let out = lower;
  for (const [pattern, us] of SPELLINGS) out = out.replace(pattern, us);
  return out;
}

export function stem(word: string): string {
  const w = foldSpelling(word.toLowerCase());
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) {
    return w.slice(0, -1);
  }
  return w;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = m.index ?? 0;
    tokens.push({ stem: stem(m[0]), start, end: start + m[0].length });
  }
  return tokens;
}

/**
 * Words of figures that may be percentages ("Operating margin", "Market share", "ROE"): only a
 * data point holding one is answered from a percentage, in a table or on a line. Whole words
 * ("operations" holds no ratio), compared as stems.
 */
export const RATIO_WORDS: readonly string[] = [
  'margin',
  'ratio',
  'rate',
  'growth',
  'yield',
  'percent',
  'percentage',
  'pct',
  'change',
  'share',
  'return',
  'split',
  'weight',
  'weighting',
  'conversion',
  'utilization',
  'occupancy',
  'churn',
  'retention',
  'mix',
  'roa',
  'roe',
  'roi',
];
const RATIO_STEMS = new Set(RATIO_WORDS.map(stem));

/** Whether a word (or its stem) is one of RATIO_WORDS ("margins", "utilisation"). */
export function isRatioWord(word: string): boolean {
  return RATIO_STEMS.has(stem(word));
}
