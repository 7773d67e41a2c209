/**
 * The formatting guidelines of spec 01 §5 as pure functions, shared by the API (extraction,
 * consensus) and the reviewer app:
 * - numbers in US format, no thousands separators;
 * - percentages as decimals (50% → 0.5);
 * - numbers fully expanded (100 million → 100000000; values stated "in millions" × 1,000,000);
 * - dates as YYYYMMDD;
 * - a value not found is left blank (null).
 *
 * Scaling is done on the decimal string, not with floating-point multiplication, so
 * 1234.5 in millions is exactly 1234500000 and 12.5% exactly 0.125.
 */

/** Lakhs (10⁵) and crores (10⁷) are how Indian reports state their figures ("₹ in crore"). */
export type Scale = 'units' | 'thousands' | 'lakhs' | 'millions' | 'crores' | 'billions';
export interface NormaliseHint {
  /** The data point's name; "…_date" prefers dates, identifiers ("…_id", "zip", "phone") stay text. */
  dataPoint?: string;
  /** The scale the source states for its figures ("in millions"); an explicit unit on the value wins. */
  scale?: Scale;
}
export type NormalisedValue = string | number | null;

const SCALE_EXPONENT: Record<Scale, number> = {
  units: 0,
  thousands: 3,
  lakhs: 5,
  millions: 6,
  crores: 7,
  billions: 9,
};

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** Words a source uses for "no value"; the guideline leaves those blank. */
const BLANK_WORDS = new Set([
  '',
  'n/a',
  'na',
  'n.a.',
  'none',
  'null',
  'nil',
  'not available',
  'not found',
  '-',
  '—',
  '–',
]);

// ---------------------------------------------------------------------------------------------
// Numbers

interface NumberParts {
  negative: boolean;
  /** Digits before and after the decimal point, separators removed. */
  integer: string;
  fraction: string;
  /** Power of ten stated on the value itself (million → 6, % → -2). */
  exponent: number;
  isPercent: boolean;
  /** True when the value carried its own magnitude word or suffix (so a context scale is not applied). */
  hasUnit: boolean;
}

const UNIT_EXPONENT: [RegExp, number][] = [
  [/^(?:trillions?|tn|t)$/i, 12],
  [/^(?:billions?|bn|bil|b)$/i, 9],
  [/^(?:crores?)$/i, 7],
  [/^(?:millions?|mm|mn|mil|m)$/i, 6],
  [/^(?:lakhs?|lacs?)$/i, 5],
  [/^(?:thousands?|k)$/i, 3],
];

const CURRENCY_PREFIX = /^(?:US\$|USD|EUR|GBP|JPY|CAD|AUD|INR|Rs\.?|C\$|A\$|\$|€|£|¥|₹)\s*/i;
const CURRENCY_SUFFIX = /\s*(?:USD|EUR|GBP|JPY|CAD|AUD|dollars?|euros?|pounds?|\$|€|£)$/i;

function cleanSpaces(raw: string): string {
  return raw
    .replace(/[\u00a0\u2007\u2009\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function parseNumberParts(raw: string): NumberParts | null {
  let s = cleanSpaces(raw).replace(/[\u2212\u2012\u2013\u2014](?=\s*[\d.$€£(])/g, '-');
  if (s === '') return null;
  let negative = false;
  let exponent = 0;
  let isPercent = false;
  let hasUnit = false;

  // Sign and accounting parentheses may sit outside or inside the currency symbol: -$5, $(5), ($5).
  const unwrap = () => {
    let changed = true;
    while (changed) {
      changed = false;
      const paren = /^\((.*)\)(%?)$/.exec(s);
      if (paren) {
        negative = !negative;
        s = `${paren[1]?.trim() ?? ''}${paren[2] ?? ''}`;
        changed = true;
      }
      if (/^[-+]/.test(s)) {
        if (s.startsWith('-')) negative = !negative;
        s = s.slice(1).trim();
        changed = true;
      }
      const currency = CURRENCY_PREFIX.exec(s);
      if (currency) {
        s = s.slice(currency[0].length);
        changed = true;
      }
    }
  };
  unwrap();
  s = s.replace(CURRENCY_SUFFIX, '');

  const percent = /\s*(?:%|percent|per cent|pct\.?)$/i.exec(s);
  if (percent) {
    s = s.slice(0, percent.index).trim();
    exponent -= 2;
    isPercent = true;
    hasUnit = true;
  } else {
    const bps = /\s*(?:bps|basis points?)$/i.exec(s);
    if (bps) {
      s = s.slice(0, bps.index).trim();
      exponent -= 4;
      isPercent = true;
      hasUnit = true;
    }
  }
  if (!isPercent) {
    const unit = /([a-z]+)\.?$/i.exec(s);
    if (unit?.[1]) {
      const word = unit[1];
      const match = UNIT_EXPONENT.find(([pattern]) => pattern.test(word));
      if (!match) return null;
      s = s.slice(0, unit.index).trim();
      exponent += match[1];
      hasUnit = true;
    }
    s = s.replace(CURRENCY_SUFFIX, '');
  }
  // A sign or parentheses can also sit inside the unit: ($1.2) million, (12.5)%.
  unwrap();

  const digits = splitDigits(s);
  if (!digits) return null;
  return { negative, ...digits, exponent: exponent + digits.exponent, isPercent, hasUnit };
}

/** The digits of a bare number in any of the separator conventions a source may use. */
function splitDigits(s: string): { integer: string; fraction: string; exponent: number } | null {
  const plain = /^(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(s);
  if (plain) return { integer: plain[1] ?? '', fraction: plain[2] ?? '', exponent: Number(plain[3] ?? 0) };
  const leadingPoint = /^\.(\d+)$/.exec(s);
  if (leadingPoint) return { integer: '0', fraction: leadingPoint[1] ?? '', exponent: 0 };
  // US: 1,234,567.89
  const us = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/.exec(s);
  if (us) return { integer: (us[1] ?? '').replace(/,/g, ''), fraction: us[2] ?? '', exponent: 0 };
  // SI grouping with spaces: 1 234 567.8
  const si = /^(\d{1,3}(?: \d{3})+)(?:[.,](\d+))?$/.exec(s);
  if (si) return { integer: (si[1] ?? '').replace(/ /g, ''), fraction: si[2] ?? '', exponent: 0 };
  // European: 1.234.567,89 (a single "1.234" stays the US decimal 1.234)
  const eu = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d+))?$/.exec(s);
  if (eu && (eu[2] !== undefined || /\..*\./.test(s))) {
    return { integer: (eu[1] ?? '').replace(/\./g, ''), fraction: eu[2] ?? '', exponent: 0 };
  }
  // European decimal comma: 1,5 / 12,25 (three digits after a comma are a thousands group)
  const comma = /^(\d+),(\d{1,2}|\d{4,})$/.exec(s);
  if (comma) return { integer: comma[1] ?? '', fraction: comma[2] ?? '', exponent: 0 };
  return null;
}

/** Moves the decimal point of integer.fraction by `shift` places and returns the exact number. */
function shiftDecimal(integer: string, fraction: string, shift: number, negative: boolean): number {
  const digits = `${integer}${fraction}`.replace(/^0+(?=\d)/, '');
  const point = digits.length - fraction.length + shift;
  let text: string;
  if (point <= 0) {
    text = `0.${'0'.repeat(-point)}${digits}`;
  } else if (point >= digits.length) {
    text = `${digits}${'0'.repeat(point - digits.length)}`;
  } else {
    text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return Number.NaN;
  // No negative zero: "(0)" is 0.
  return negative && value !== 0 ? -value : value;
}

/**
 * A number in US format, fully expanded: "1,234.50" → 1234.5, "(1,234)" → -1234, "$1.2 billion" →
 * 1200000000, "$3.4M" → 3400000, "5k" → 5000, "45%" → 0.45. `scale` applies when the value has no
 * unit of its own ("1,234.5" in millions → 1234500000). Not a number → null.
 */
export function normaliseNumber(raw: string, scale?: Scale): number | null {
  const parts = parseNumberParts(raw);
  if (!parts) return null;
  const contextShift = !parts.hasUnit && scale ? SCALE_EXPONENT[scale] : 0;
  const value = shiftDecimal(parts.integer, parts.fraction, parts.exponent + contextShift, parts.negative);
  return Number.isFinite(value) ? value : null;
}

/**
 * A percentage as a decimal: "45%" → 0.45, "12.5 percent" → 0.125, "25 bps" → 0.0025. A bare
 * number is taken as already decimal ("0.45" → 0.45). Not a number → null.
 */
export function normalisePercent(raw: string): number | null {
  const parts = parseNumberParts(raw);
  if (!parts) return null;
  if (parts.hasUnit && !parts.isPercent) return null;
  const value = shiftDecimal(parts.integer, parts.fraction, parts.exponent, parts.negative);
  return Number.isFinite(value) ? value : null;
}

/** True when the text states a percentage ("45%", "12.5 percent", "25 bps"). */
export function isPercentText(raw: string): boolean {
  return parseNumberParts(raw)?.isPercent ?? false;
}

/**
 * The scale a text states for its figures: "(in millions)", "$ in thousands", "Dollars in
 * billions", "(In millions, except per share amounts)". Undefined when it states none.
 */
export function detectScale(text: string): Scale | undefined {
  const m =
    /\bin\s+(?:[$€£₹]\s?|rs\.?\s|inr\s)?(thousands|millions|billions|crores?|lakhs?|lacs)\b/i.exec(text) ??
    /\(\s*(?:[$€£₹]|usd|inr|rs\.?|dollars|rupees|amounts)?\s*(thousands|millions|billions|crores?|lakhs?|lacs|000s|000's)\b/i.exec(
      text,
    );
  if (!m?.[1]) return undefined;
  const word = m[1].toLowerCase();
  if (word.startsWith('000')) return 'thousands';
  if (word.startsWith('crore')) return 'crores';
  if (word.startsWith('lakh') || word === 'lacs') return 'lakhs';
  return word as Scale;
}

// ---------------------------------------------------------------------------------------------
// Dates

function isValidDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return false;
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  if (!Number.isInteger(day) || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

function ymd(year: number, month: number, day: number): string | null {
  if (!isValidDate(year, month, day)) return null;
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

function expandYear(year: string): number {
  const n = Number(year);
  if (year.length === 2) return n < 50 ? 2000 + n : 1900 + n;
  return n;
}

function monthNumber(word: string): number | undefined {
  return MONTHS[word.toLowerCase().replace(/\.$/, '')];
}

/**
 * A date as YYYYMMDD: "March 5, 2024", "Mar. 5, 2024", "5 March 2024", "2024-03-05",
 * "03/05/2024" (US month first; day first only when the first part cannot be a month),
 * "5-Mar-24", "20240305". Not a whole, valid date → null.
 */
export function normaliseDate(raw: string): string | null {
  let s = cleanSpaces(raw)
    .replace(/^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i, '')
    .replace(/(\d)(?:st|nd|rd|th)\b/gi, '$1');
  s = s.replace(/\s*,\s*/g, ' ').trim();

  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (compact) return ymd(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  const iso =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
      s,
    );
  if (iso) return ymd(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(s);
  if (numeric) {
    const first = Number(numeric[1]);
    const second = Number(numeric[2]);
    const year = expandYear(numeric[3] ?? '');
    // US order (month/day) unless the first part cannot be a month.
    if (first > 12 && second <= 12) return ymd(year, second, first);
    return ymd(year, first, second);
  }
  const monthFirst = /^([a-z]+)\.? (\d{1,2}) (\d{4})$/i.exec(s);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1] ?? '');
    return month ? ymd(Number(monthFirst[3]), month, Number(monthFirst[2])) : null;
  }
  const dayFirst = /^(\d{1,2}) (?:of )?([a-z]+)\.? (\d{4})$/i.exec(s);
  if (dayFirst) {
    const month = monthNumber(dayFirst[2] ?? '');
    return month ? ymd(Number(dayFirst[3]), month, Number(dayFirst[1])) : null;
  }
  const dashed = /^(\d{1,2})[- ]([a-z]{3,9})\.?[- ](\d{4}|\d{2})$/i.exec(s);
  if (dashed) {
    const month = monthNumber(dashed[2] ?? '');
    return month ? ymd(expandYear(dashed[3] ?? ''), month, Number(dashed[1])) : null;
  }
  return null;
}

const DATE_IN_TEXT = new RegExp(
  [
    String.raw`\b\d{4}-\d{1,2}-\d{1,2}\b`,
    String.raw`\b\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})\b`,
    String.raw`\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+\d{4}\b`,
    String.raw`\b\d{1,2}-(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*-(?:\d{4}|\d{2})\b`,
  ].join('|'),
  'gi',
);

/** The first valid date inside a longer text ("As of March 5, 2024, …"), with where it stands. */
export function findDate(text: string): { text: string; index: number; value: string } | null {
  for (const m of text.matchAll(DATE_IN_TEXT)) {
    const value = normaliseDate(m[0]);
    if (value) return { text: m[0], index: m.index ?? 0, value };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Values

export function isDateDataPoint(name: string): boolean {
  return /(?:^|[^a-z])(?:date|dated|day|as[ _-]?of)(?:$|[^a-z])|(?:^| )on$|(?:^|[^a-z])(?:period[ _-]?end|expir\w*|effective)(?:$|[^a-z])/i.test(
    splitWords(name),
  );
}

/**
 * Identifiers keep their exact text: leading zeros and digit groups matter. A data point is one
 * when its name says so: receipt, invoice, order and document numbers ("… number", "… no", "… #"),
 * ids and codes, card digits ("card last four"), account and tax ids, phone numbers, postcodes.
 * Amounts named after an account ("accounts receivable") are not: only the name's ending or an
 * identifier word counts. The apps group digits of numbers only, never of these (issue 40).
 */
export function isIdentifierDataPoint(name: string): boolean {
  const words = splitWords(name);
  return (
    /(?:^| )(?:id|ids|identifier|number|num|nbr|no|code|ref|reference|#)$/i.test(words) ||
    /(?:^| )(?:zip|zipcode|postcode|postal|phone|telephone|mobile|fax|ticker|cusip|isin|iban|swift|bic|sku|ein|ssn|cik|tin|vin|upc|ean|gtin|pin)(?: |$)/i.test(
      words,
    ) ||
    /(?:^| )(?:last (?:four|4|digits)|card (?:digits|ending|last))(?: |$)/i.test(words) ||
    /(?:^| )(?:receipt|invoice|order|document|account|acct|tax|vat|card|policy|serial|tracking) ?#/i.test(
      words,
    )
  );
}

function splitWords(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s.:]+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * One value per the guidelines: blank → null, dates → "YYYYMMDD", percentages → decimals,
 * numbers → fully expanded numbers (the hint's scale applied when the value has no unit of its
 * own), anything else → the text with its whitespace collapsed.
 */
export function normaliseValue(
  raw: string | number | null | undefined,
  hint: NormaliseHint = {},
): NormalisedValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const text = cleanSpaces(raw);
  if (BLANK_WORDS.has(text.toLowerCase())) return null;
  const dataPoint = hint.dataPoint ?? '';

  if (dataPoint && isIdentifierDataPoint(dataPoint)) return text;

  const wantsDate = dataPoint !== '' && isDateDataPoint(dataPoint);
  if (wantsDate) {
    const date = normaliseDate(text) ?? findDate(text)?.value;
    if (date) return date;
  }
  // Eight bare digits are a date only when nothing says the value is a figure.
  if (!/^\d{8}$/.test(text) || wantsDate || dataPoint === '') {
    const date = normaliseDate(text);
    if (date) return date;
  }
  const number = normaliseNumber(text, hint.scale);
  if (number !== null) return number;
  return text;
}

// ---------------------------------------------------------------------------------------------
// Agreement (consensus)

function comparable(value: unknown, hint: NormaliseHint): NormalisedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // An identifier read as a number compares as its digits ("4421" and 4421 agree; "0042" not).
    return hint.dataPoint && isIdentifierDataPoint(hint.dataPoint) ? String(value) : value;
  }
  if (typeof value === 'string') return normaliseValue(value, hint);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && 'value' in value)
    return comparable((value as { value: unknown }).value, hint);
  return JSON.stringify(value);
}

/**
 * Whether two values say the same thing once normalised: numbers within 1e-9 relative, text
 * ignoring case and spacing, both blank. "45%" agrees with 0.45 and "$1,234" with 1234. Given the
 * data point's name, an identifier compares as text: "0042" and "42" are two card endings.
 */
export function valuesAgree(a: unknown, b: unknown, dataPoint?: string): boolean {
  const hint: NormaliseHint = dataPoint ? { dataPoint } : {};
  const x = comparable(a, hint);
  const y = comparable(b, hint);
  if (x === null || y === null) return x === y;
  if (typeof x === 'number' && typeof y === 'number') {
    return Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
  }
  if (typeof x !== typeof y) return false;
  return cleanSpaces(String(x)).toLowerCase() === cleanSpaces(String(y)).toLowerCase();
}
