import { ENGLISH_MONTH_PREFIXES, ENGLISH_MONTH_WORD } from '../lexicon/month-names';
import { type Period, parsePeriod, periodSpans } from '../lexicon/periods';
import { YEAR } from '../lexicon/years';

const HAS_YEAR = new RegExp(YEAR);
/** "at December 31, 2022", "as of 30 June 2024": the date a balance is struck at. */
const BALANCE_AT = new RegExp(String.raw`\b(?:at|as\s+(?:at|of))\s+(.*\b${YEAR})\b`, 'i');

/**
 * What a row's name says besides its item: a date it is struck at, whether it is an opening or
 * closing balance, the year of the section heading over it, the owners a profit is attributed to.
 */

/** A date in a line's name: "at 31 December", "as of January 1, 2024". */
export const DATE_IN_NAME = new RegExp(
  String.raw`\b(?:(?:at|as\s+(?:at|of)|on)\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+${ENGLISH_MONTH_WORD}|${ENGLISH_MONTH_WORD}\s+\d{1,2}(?:st|nd|rd|th)?)(?:,?\s*${YEAR})?`,
  'gi',
);

/** The day and month a line is dated by without a year ("Outstanding at 30 June" → 30, 6). */
export function dayMonthOf(name: string): { day: number; month: number } | undefined {
  const date = name.match(DATE_IN_NAME)?.at(-1);
  if (!date || HAS_YEAR.test(date)) return undefined;
  const day = Number(/\d{1,2}/.exec(date)?.[0]);
  const month =
    ENGLISH_MONTH_PREFIXES.findIndex((m) =>
      date
        .toLowerCase()
        .replace(/\bsept\b/, 'sep')
        .includes(m),
    ) + 1;
  return day && month ? { day, month } : undefined;
}

/** Whether a name is of a balance at the start or the end of a period ("at 1 January", "end of year"). */
export function balanceOf(name: string): 'opening' | 'closing' | undefined {
  if (/\b(?:beginning|opening|start)\b/i.test(name)) return 'opening';
  if (/\b(?:end|closing|year[\s-]end)\b/i.test(name)) return 'closing';
  const date = name.match(DATE_IN_NAME)?.at(-1);
  if (!date) return undefined;
  return /\b1(?:st)?\s+jan|jan[a-z]*\.?\s+1(?:st)?\b/i.test(date) ? 'opening' : 'closing';
}

/**
 * "Owners of the parent" under "Attributable to:" (after the profit for the year) is the profit
 * attributable to them; under "Net income attributable to:", the same.
 */
export function attributedName(name: string, section: string[]): string {
  const heading = section.at(-1)?.replace(/[\s:]+$/, '');
  if (!heading || !/\battributable\s+to$/i.test(heading)) return name;
  return /\b(?:profit|income|earnings|loss)\b/i.test(heading)
    ? `${heading} ${name}`
    : `Profit ${heading} ${name}`;
}

/** The date a line's balance is struck at ("Outstanding at December 31, 2022", "Balance as of 30 June 2024"). */
export function balanceDate(name: string): Period | undefined {
  const at = BALANCE_AT.exec(name)?.[1];
  const period = at ? parsePeriod(at) : undefined;
  return period?.years.length === 1 && period.day !== undefined ? period : undefined;
}

/** The years of the nearest section heading that is nothing but a period ("2022", "Fiscal 2022:"). */
export function yearOfSection(section: string[]): number[] | undefined {
  for (const heading of [...section].reverse()) {
    const spans = periodSpans(heading);
    if (spans.length === 0) continue;
    const rest = spans.reduceRight((t, sp) => t.slice(0, sp.start) + t.slice(sp.end), heading);
    if (/\p{L}{2,}/u.test(rest.replace(/\b(?:quarters?|unaudited)\b/gi, ''))) continue;
    const years = parsePeriod(heading)?.years;
    if (years?.length) return years;
  }
  return undefined;
}
