import {
  type FieldType,
  findDate,
  normaliseDate,
  normaliseNumber,
  normalisePercent,
  type ScalarFieldType,
} from '@sieve/contracts';
import { currencyIn } from '../lexicon/currencies';

/**
 * A value as its field's type says (DESIGN §13): money and numbers as numbers, percentages as
 * decimals, dates as YYYYMMDD, identifiers and text exactly as printed, booleans as true/false.
 * The extractor's own normalisers read the text; this only chooses which one applies.
 */
export type TypedValue = string | number | boolean | null;

const TRUE_WORDS = /^(?:yes|y|true|x|✓|✔|☑|paid|on|1)$/i;
const FALSE_WORDS = /^(?:no|n|false|☐|unpaid|off|0|none)$/i;

/**
 * The text a number was read from, as printed: "004817" for 4817 read from "Receipt No: 004817".
 * The source text's tokens are tried in order; the first whose digits give the same number wins.
 */
export function printedToken(value: number, sourceText: string): string | null {
  for (const token of sourceText.split(/[\s:;,#()[\]]+/)) {
    const cleaned = token.replace(/^[^\w$€£¥₹-]+|[^\w%]+$/g, '');
    if (!/\d/.test(cleaned)) continue;
    if (normaliseNumber(cleaned) === value) return cleaned;
  }
  return null;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return normaliseNumber(value);
  return null;
}

function asText(value: unknown, sourceText: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return printedToken(value, sourceText) ?? String(value);
  const text = String(value).trim();
  return text === '' ? null : text;
}

export function typedValue(type: ScalarFieldType, value: unknown, sourceText = ''): TypedValue {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'number':
    case 'money':
      return asNumber(value);
    case 'percent': {
      if (typeof value === 'number') {
        // A figure printed without its sign ("8.875" under a "%" header) is still a percentage.
        const printed = printedToken(value, sourceText);
        if (printed?.endsWith('%') || Math.abs(value) <= 1) return value;
        return value / 100;
      }
      const text = String(value);
      const decimal = normalisePercent(text);
      if (decimal === null) return null;
      return /%|percent|bps/i.test(text) || Math.abs(decimal) <= 1 ? decimal : decimal / 100;
    }
    case 'date': {
      const text = typeof value === 'number' ? String(value) : String(value).trim();
      if (/^\d{8}$/.test(text) && normaliseDate(text)) return text;
      return normaliseDate(text) ?? findDate(text)?.value ?? findDate(sourceText)?.value ?? null;
    }
    case 'identifier':
    case 'text':
      return asText(value, sourceText);
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const text = String(value).trim();
      if (TRUE_WORDS.test(text)) return true;
      if (FALSE_WORDS.test(text)) return false;
      return null;
    }
  }
}

/** The currency of a money answer: stated beside it, else the field's default. */
export function moneyCurrency(sourceText: string, fallback?: string): string | undefined {
  return currencyIn(sourceText) ?? fallback;
}

/** Whether a value already has the shape of its type (a reviewer's entry, a consensus value). */
export function fitsType(type: FieldType, value: unknown): boolean {
  if (value === null) return true;
  switch (type) {
    case 'number':
    case 'money':
    case 'percent':
      return typeof value === 'number';
    case 'date':
      return typeof value === 'string' && /^\d{8}$/.test(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'line_items':
      return Array.isArray(value);
    default:
      return typeof value === 'string';
  }
}
