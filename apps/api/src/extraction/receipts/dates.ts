import { monthNumber, RECEIPT_MONTH_LANGUAGES } from '../lexicon/month-names';
import { MALAYSIAN_REGION } from '../lexicon/places';
import { OCR_YEAR, YEAR } from '../lexicon/years';
import { CONTACT, type Found, fixDigits, labelText, type RLine, type RWord } from './receipt-lines';

/** A labelled date with a digit or two OCR doubled after its year ("05/21/201821"). */
const DOUBLED_AFTER_YEAR = new RegExp(String.raw`^(\d{1,2}[-/.]\d{1,2}[-/.]${YEAR})\d{1,2}$`);
const BARE_OCR_YEAR = new RegExp(`^${OCR_YEAR}$`);
/** "Mar-2018", "Apr2018", "Mar.18": a month with its year. */
const MONTH_YEAR = new RegExp(String.raw`^(\p{L}{3,10})\.?(?:[-/.,]?(${OCR_YEAR})|[-/.,](\d{2}))$`, 'u');

/** A receipt's date and time. */

// ---------------------------------------------------------------------------------------------
// Dates and times

/** The month a name or abbreviation means: "MAR", "March", "Mac", "März", "févr.", "Agosto". */
export function monthOf(word: string): number | undefined {
  const name = word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/0/g, 'o')
    .replace(/\.$/, '');
  // English names also by their first three letters ("SEPT", "Sept.", "December").
  return monthNumber(name, RECEIPT_MONTH_LANGUAGES);
}

export const US_STATE =
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC)\.?,? \d{5}(?:-\d{4})?\b/;

export interface DateHit {
  /** Parts as printed; day and month may still be in either order. */
  y: number;
  a: number;
  b: number;
  /** 'ymd' and named months are unambiguous; 'xy' numeric dates need the locale. */
  order: 'ymd' | 'dmy' | 'mdy' | 'xy';
  words: RWord[];
  line: RLine;
  labelled: boolean;
  index: number;
  /** Read only by putting back what OCR lost: less sure, and second to any date read as printed. */
  repaired?: boolean;
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

export function validYmd(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2099 || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}${pad2(m)}${pad2(d)}`;
}

/**
 * A labelled date's day or month OCR misread with a 3, 6, 8 or 9 for its leading 0 ("28-61-17",
 * "32/02/2018"): the 0 back when the part cannot be a day or month as read.
 */
export function repairDatePart(part: string, max: number): number {
  const n = Number(part);
  if (n <= max || part.length !== 2 || !/^[3689]/.test(part)) return n;
  return Number(`0${part.slice(1)}`);
}

export const lookalikeDigits = (t: string) => t.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
/**
 * A two- or four-digit year; a four-digit one whose 0 OCR read as 6, 8 or 9 ("2818", "2617")
 * gets its 0 back: no receipt is dated in the 27th century.
 */
export const year4 = (y: string) => {
  if (y.length === 2) return 2000 + Number(y);
  const repaired = /^2[689]\d{2}$/.test(y) ? Number(`20${y.slice(2)}`) : Number(y);
  return repaired;
};

export function datesIn(line: RLine, index: number): DateHit[] {
  const hits: DateHit[] = [];
  const label = labelText(line.text);
  const labelled = /\b(?:date|dated|tarikh|datum|fecha|issued|dt)\b/.test(label);
  const words = line.words;
  const add = (
    y: number,
    a: number,
    b: number,
    order: DateHit['order'],
    taken: RWord[],
    repaired = false,
  ) => {
    // "UNIT 1.1-0448": a unit number, not a date of the year 448; no receipt is dated years ahead.
    if (y < 1990 || y > new Date().getUTCFullYear() + 1) return;
    hits.push({ y, a, b, order, words: taken, line, labelled, index, ...(repaired ? { repaired } : {}) });
  };
  for (let i = 0; i < words.length; i++) {
    // "DATE:25/12/2018": a label glued to its date.
    const raw = (words[i] as RWord).text
      .replace(/^[A-Za-z]{2,}[:.]+(?=[\dODQ]\d)/, '')
      // "17/06/2C18", "11/09/2¢17": a year's 0 read as a C or a cent sign.
      .replace(/(?<=\d[-/.]2)[C¢c](?=\d{2}$)/, '0')
      .replace(/^[^\d\p{L}]+|[^\d\p{L}]+$/gu, '');
    // "28/10/17.08:23:36", "25/12/2018(TUE)": the time or the weekday glued after the date.
    const fixed = fixDigits(raw);
    // "05.22.95.66.66": a phone number's groups go on past the year; a time glued to a date has
    // its colons ("28/10/17.08:23:36").
    if (/^\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}[-/.]\d+(?:[-/.]\d+)*$/.test(fixed)) continue;
    // A labelled date with a digit or two OCR doubled after its year ("05/21/201821").
    const token =
      /^(\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4})(?=[^\d]|$)/.exec(fixed)?.[1] ??
      (labelled ? DOUBLED_AFTER_YEAR.exec(fixed)?.[1] : undefined) ??
      fixed;
    const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(token);
    const numeric = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/.exec(token);
    // "27-3JUL-2016": a speck read as a character beside the month's name is skipped.
    const named =
      /^([\dOoIl]{1,2})[-/. ]?(?:[^\p{L}0\s](?=\p{L}{3}))?([\p{L}0]{3,10})\.?[-/. ]?([\dOoIl]{4}|[\dOoIl]{2})$/u.exec(
        raw,
      );
    if (iso) {
      add(year4(iso[1] ?? ''), Number(iso[2]), Number(iso[3]), 'ymd', [words[i] as RWord]);
      continue;
    }
    if (numeric) {
      // Unlabelled, a part is put back only beside a four-digit year ("17/83/2817": 0 read as 8),
      // and the date is then second to any read as printed.
      const a = Number(numeric[1]);
      const b = Number(numeric[2]);
      const repairs = labelled || numeric[3]?.length === 4;
      const ra = repairs ? repairDatePart(numeric[1] ?? '', 31) : a;
      const rb = repairs ? repairDatePart(numeric[2] ?? '', 31) : b;
      add(year4(numeric[3] ?? ''), ra, rb, 'xy', [words[i] as RWord], !labelled && (ra !== a || rb !== b));
      continue;
    }
    // "15/0516", "1505/16": OCR lost one separator of a two-digit year's date.
    // Not with a point: "2.0550" is a price per litre.
    // "2703/2018", "27/032018": the same with a four-digit year.
    const lost =
      /^(\d{1,2})[-/](\d{2})(\d{2})$/.exec(token) ??
      /^(\d{2})(\d{2})[-/](\d{2})$/.exec(token) ??
      /^(\d{2})(\d{2})[-/](\d{4})$/.exec(token) ??
      /^(\d{1,2})[-/](\d{2})(\d{4})$/.exec(token);
    if (
      lost &&
      // "PHONE: 07-2700 3990" is no date.
      !CONTACT.test(line.text) &&
      Number(lost[2]) >= 1 &&
      Number(lost[2]) <= 31 &&
      Number(lost[1]) <= 31 &&
      year4(lost[3] ?? '') <= new Date().getUTCFullYear() + 1
    ) {
      add(year4(lost[3] ?? ''), Number(lost[1]), Number(lost[2]), 'xy', [words[i] as RWord], true);
      continue;
    }
    // "10.03 2016": OCR read the second separator as a space.
    const split = /^(\d{1,2})[-/.](\d{1,2})$/.exec(token);
    const nextYear = fixDigits((words[i + 1]?.text ?? '').replace(/[,.]$/, ''));
    if (split && BARE_OCR_YEAR.test(nextYear)) {
      add(year4(nextYear), Number(split[1]), Number(split[2]), 'xy', [
        words[i] as RWord,
        words[i + 1] as RWord,
      ]);
      continue;
    }
    // 25-Dec-2018, 25-DEC-18, 25Dec2018
    if (named) {
      const month = monthOf(named[2] ?? '');
      if (month)
        add(year4(lookalikeDigits(named[3] ?? '')), Number(lookalikeDigits(named[1] ?? '')), month, 'dmy', [
          words[i] as RWord,
        ]);
      continue;
    }
    // 25 Dec 2018 / Dec 25, 2018 / 25 December, 2018
    const monthWord = /^(\p{L}{3,10})\.?,?$/u.exec(raw);
    const month = monthWord ? monthOf(monthWord[1] ?? '') : undefined;
    // "24 Mar-2018": the day apart, the month and year joined.
    // "03 Apr2018": the month and a four-digit year glued.
    const monthYear = MONTH_YEAR.exec(raw);
    const prevDay = fixDigits((words[i - 1]?.text ?? '').replace(/[,.]$/, ''));
    if (monthYear && monthOf(monthYear[1] ?? '') && /^\d{1,2}$/.test(prevDay)) {
      add(
        year4(monthYear[2] ?? monthYear[3] ?? ''),
        Number(prevDay),
        monthOf(monthYear[1] ?? '') ?? 0,
        'dmy',
        [words[i - 1] as RWord, words[i] as RWord],
      );
      continue;
    }
    if (month) {
      const prev = fixDigits(
        (words[i - 1]?.text ?? '').replace(/[,.]$/, '').replace(/(?:st|nd|rd|th)$/i, ''),
      );
      const next = fixDigits(
        (words[i + 1]?.text ?? '').replace(/[,.]$/, '').replace(/(?:st|nd|rd|th)$/i, ''),
      );
      const next2 = fixDigits((words[i + 2]?.text ?? '').replace(/[,.]$/, ''));
      if (/^\d{1,2}$/.test(prev) && /^(?:\d{4}|\d{2})$/.test(next)) {
        add(year4(next), Number(prev), month, 'dmy', [
          words[i - 1] as RWord,
          words[i] as RWord,
          words[i + 1] as RWord,
        ]);
      } else if (/^\d{1,2}$/.test(next) && /^\d{4}$/.test(next2)) {
        add(year4(next2), month, Number(next), 'mdy', [
          words[i] as RWord,
          words[i + 1] as RWord,
          words[i + 2] as RWord,
        ]);
      }
    }
  }
  return hits;
}

/** Whether numeric dates read day first here: the document's own dates, then its currency and address. */
export function dayFirstEvidence(hits: DateHit[], text: string): { dayFirst: boolean; sure: boolean } {
  for (const h of hits) {
    // A date read only by repairing it says nothing of how the shop writes its dates.
    if (h.order !== 'xy' || h.repaired) continue;
    if (h.a > 12 && h.b <= 12) return { dayFirst: true, sure: true };
    if (h.b > 12 && h.a <= 12) return { dayFirst: false, sure: true };
  }
  // A US address or US words: month first. Most other places: day first.
  if (US_STATE.test(text) || /\bUSD\b|\bSALES TAX\b/i.test(text)) return { dayFirst: false, sure: true };
  const dayFirstWords =
    /\bRM\s?\d|\bMYR\b|S\$|\bSGD\b|£|€|\bEUR\b|\bGBP\b|\bGST\b|\bVAT\b|\bMWST\b|\bAUD\b|\bSDN\.? BHD|\bPTE\.? LTD|\bGMBH\b|\bPTY\b|\bLTD\b/i;
  if (dayFirstWords.test(text)) return { dayFirst: true, sure: true };
  if (/\bINC\b|\bLLC\b|\$/i.test(text)) return { dayFirst: false, sure: false };
  return { dayFirst: true, sure: false };
}

export function findDate(lines: RLine[], text: string): Found | undefined {
  const hits = lines.flatMap((line, i) => datesIn(line, i));
  const usable = hits.filter(
    (h) => !/\b(?:due|expir|exp|valid|until|best before|print)/.test(labelText(h.line.text)),
  );
  if (usable.length === 0) return undefined;
  const evidence = dayFirstEvidence(hits, text);
  const resolved = usable
    .map((h) => {
      let ymd: string | null = null;
      let sure = true;
      if (h.order === 'ymd') ymd = validYmd(h.y, h.a, h.b);
      else if (h.order === 'dmy') ymd = validYmd(h.y, h.b, h.a);
      else if (h.order === 'mdy') ymd = validYmd(h.y, h.a, h.b);
      else {
        const dayFirst = h.a > 12 ? true : h.b > 12 ? false : evidence.dayFirst;
        sure = h.a > 12 || h.b > 12 || h.a === h.b || evidence.sure;
        ymd = dayFirst ? validYmd(h.y, h.b, h.a) : validYmd(h.y, h.a, h.b);
      }
      return ymd ? { hit: h, ymd, sure } : undefined;
    })
    .filter((x) => x !== undefined);
  if (resolved.length === 0) return undefined;
  for (const r of resolved) {
    const year = gstEraYear(Number(r.ymd.slice(0, 4)), text);
    if (year === undefined) continue;
    const ymd = validYmd(year, Number(r.ymd.slice(4, 6)), Number(r.ymd.slice(6, 8)));
    if (!ymd) continue;
    r.ymd = ymd;
    r.sure = false;
    r.hit = { ...r.hit, repaired: true };
  }
  const printed = resolved.filter((r) => !r.hit.repaired);
  const pool = printed.length > 0 ? printed : resolved;
  const best = pool.find((r) => r.hit.labelled) ?? (pool[0] as (typeof pool)[number]);
  const agree = pool.every((r) => r.ymd === best.ymd);
  const base =
    (best.hit.labelled ? 0.95 : 0.9) *
    (best.sure ? 1 : 0.8) *
    (agree ? 1 : 0.92) *
    (best.hit.repaired ? 0.85 : 1);
  return { value: best.ymd, line: best.hit.line, words: best.hit.words, base };
}

/** Malaysia's GST was charged from April 2015 to August 2018 (then SST). */
const GST_ERA = { from: 2015, to: 2018 };
/** A year's last digit as OCR misreads it on thermal print: 3 and 0 for 8, 1 for 7, 4 for 6. */
const YEAR_LOOKALIKE: Record<string, string> = { '3': '8', '0': '8', '1': '7', '4': '6' };

/**
 * A Malaysian receipt that charges GST was printed in the GST era: a year outside it ("2013" for
 * 2018) is put back by its last digit's look-alike when that lands inside the era, else left.
 */
export function gstEraYear(year: number, text: string): number | undefined {
  if (year >= GST_ERA.from && year <= GST_ERA.to) return undefined;
  if (!/\bGST\b/i.test(text) || !MALAYSIAN.test(text)) return undefined;
  const last = String(year).slice(-1);
  const swapped = YEAR_LOOKALIKE[last];
  if (!swapped) return undefined;
  const repaired = Number(`${String(year).slice(0, -1)}${swapped}`);
  return repaired >= GST_ERA.from && repaired <= GST_ERA.to ? repaired : undefined;
}

const MALAYSIAN = new RegExp(
  `\\bRM\\s?\\d|\\bMYR\\b|\\bSDN\\.?\\s*BHD\\b|\\bMALAYSIA\\b|${MALAYSIAN_REGION.source}`,
  'i',
);

export function findTime(lines: RLine[], date: Found | undefined): Found | undefined {
  const ordered = date ? [date.line, ...lines.filter((l) => l !== date.line)] : lines;
  for (const line of ordered) {
    for (let i = 0; i < line.words.length; i++) {
      const word = line.words[i] as RWord;
      const m = /^([01]?\d|2[0-3])[:.]([0-5]\d)(?::([0-5]\d))?$/.exec(
        fixDigits(word.text.replace(/[,;]$/, '')),
      );
      if (!m || (word.text.includes('.') && !/\btime\b/i.test(line.text))) continue;
      const meridiem = /^(am|pm)$/i.exec(line.words[i + 1]?.text ?? '');
      const value = `${m[1]}:${m[2]}${m[3] ? `:${m[3]}` : ''}${meridiem ? ` ${meridiem[1]?.toUpperCase()}` : ''}`;
      const words = meridiem ? [word, line.words[i + 1] as RWord] : [word];
      return { value, line, words, base: /\btime\b/i.test(line.text) ? 0.93 : 0.88 };
    }
  }
  return undefined;
}
