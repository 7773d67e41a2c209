import { findDate, normaliseDate, normaliseNumber } from '@sieve/contracts';
import { currencyAlternation } from './currencies';

/**
 * Finding the value in the text that follows a label: a figure ("$1,234.5 million", "(12)",
 * "45%"), a date ("March 5, 2024"), or a short phrase.
 */

// The currencies a report's figure may start with ("$1,234", "US$ 5", "Rs. 12", "€3").
const CURRENCY = currencyAlternation({
  codes: ['USD', 'CAD', 'AUD', 'EUR', 'GBP', 'JPY', 'INR'],
  wordStart: true,
});
const WORD_UNIT = String.raw`(?:percent|per cent|bps|basis points|trillions?|billions?|millions?|thousands?|crores?|lakhs?|bn|mn|mm|tn)\b`;
const NUMBER_TOKEN = new RegExp(
  String.raw`^\(?\s*[-−+]?\s*${CURRENCY}?\s*\(?\s*[-−]?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s*\))?(?:\s?%|\s?${WORD_UNIT}|(?<=\d)[kKmMbB]\b)?(?:\s*\))?`,
  'i',
);
const NUMBER_ANYWHERE = new RegExp(NUMBER_TOKEN.source.slice(1), 'gi');

// Words between a label and its value: "Revenue was approximately $5 million".
const LEAD_IN =
  /^(?:[\s:=|\-–—.…]+|(?:was|were|is|are|of|totaled|totalled|totaling|totalling|amounted to|equal to|equalled|equaled|reached|stood at|came to|approximately|approx\.?|about|around|roughly|nearly|an estimated|estimated at|at|to|:)\b)+/i;

export function skipLeadIn(text: string): string {
  let rest = text;
  for (let i = 0; i < 10; i++) {
    const m = LEAD_IN.exec(rest);
    if (!m || m[0] === '') break;
    rest = rest.slice(m[0].length);
  }
  return rest.trimStart();
}

function balance(token: string): string {
  let t = token.trim();
  const opens = (t.match(/\(/g) ?? []).length;
  const closes = (t.match(/\)/g) ?? []).length;
  if (closes > opens) t = t.replace(/\)\s*$/, '').trim();
  if (opens > closes) t = t.replace(/^\(\s*/, '').trim();
  return t;
}

/** A figure at the very start of `text`, as written ("$1,234.5 million"), if it reads as a number. */
export function numberAtStart(text: string): string | null {
  const m = NUMBER_TOKEN.exec(text);
  if (!m) return null;
  const token = balance(m[0]);
  // A scale marker ("$000", "£'000") says how figures are written; it is not one.
  if (/^[$€£]?\s?'?000'?s?$/.test(token.trim())) return null;
  // A year-like figure followed by more text is usually part of a phrase ("2023 annual report").
  return normaliseNumber(token) === null ? null : token;
}

/** Every figure in `text`, as written, where it starts ("Q4" and "10-K" are words, not figures). */
export function numbersIn(text: string): { token: string; index: number }[] {
  const found: { token: string; index: number }[] = [];
  for (const m of text.matchAll(NUMBER_ANYWHERE)) {
    const lead = m[0].length - m[0].trimStart().length;
    const index = (m.index ?? 0) + lead;
    // Not the tail of a word or of another number ("Q4", "10-K").
    if (index > 0 && /[\p{L}\d\-/]/u.test(text[index - 1] ?? '')) continue;
    const token = balance(m[0]);
    // Where the figure itself starts: "(2023" balanced is "2023".
    if (normaliseNumber(token) !== null)
      found.push({ token, index: index + Math.max(0, m[0].trimStart().indexOf(token)) });
  }
  return found;
}

/**
 * The figure in `text` most likely to be the value: the first one with a currency, a unit,
 * separators or decimals ("$9 million" over "note 4"), else the first bare one.
 */
export function firstNumber(text: string): { token: string; index: number } | null {
  const found = numbersIn(text);
  return found.find((n) => /[$€£¥₹%,.]|[a-z]$/i.test(n.token)) ?? found[0] ?? null;
}

/** A date at the start of `text` (after the lead-in), as written. */
export function dateAtStart(text: string): string | null {
  const found = findDate(text);
  if (!found || found.index > 1) return null;
  return found.text;
}

export function isCurrencyOnly(text: string): boolean {
  return /^(?:US\$|USD|C\$|A\$|\$|€|£|¥|₹)$/i.test(text.trim());
}

export function isUnitSuffixOnly(text: string): boolean {
  return /^(?:%|\)|\)%|%\)|pts?|bps)$/i.test(text.trim());
}

/** True when the text is one value and nothing else (a table cell holding a figure or a date). */
export function isValueText(text: string): boolean {
  const t = text.trim();
  if (t === '') return false;
  if (normaliseDate(t)) return true;
  const token = numberAtStart(t);
  return token !== null && token.length >= t.length - 1;
}

/** A short phrase value: the text up to a cell break, a sentence end or 120 characters. */
export function phraseAtStart(text: string): string | null {
  const cut = text.split(/ \| | {2,}|;|\.\s|\.$|\s\(see /)[0] ?? '';
  const phrase = cut.trim().slice(0, 120).trim();
  return phrase === '' ? null : phrase;
}
