import { ENGLISH_MONTH_NAME, englishMonth } from './month-names';
import { YEAR } from './years';

/**
 * Periods as reports and analysts write them: a year ("2019", "FY19", "Fiscal 2019"), a date
 * ("December 31, 2019", "Dec 28, 2019", "31 March 2019"), a quarter ("Q4 2019", "4Q19", "Fourth
 * quarter"), a half ("H1 2019"), a range ("2018/2019", "2018/19", "Year-ended 31 March 2019") and a
 * duration ("Three months ended"). A data point's name is a row label plus such qualifiers; a
 * column's header path states its period.
 */

export interface Period {
  /** Every year named (a range names two), ascending. */
  years: number[];
  quarter?: number;
  half?: number;
  month?: number;
  day?: number;
  /** Length of the period in months ("three months ended" → 3, "year ended" → 12). */
  months?: number;
  /** From the start of the year to a date: "YTD", "year to date". */
  toDate?: boolean;
  /**
   * The year a period's end date falls in when its fiscal-year name says another: "FY2023 (Year
   * ended March 31, 2024)" is fiscal 2023 (`years`), ending in 2024 (`endYear`).
   */
  endYear?: number;
  /**
   * The fiscal quarter a three-month column is, where its table shows the fiscal year ends in
   * another month than December ("Three Months Ended January 28, 2024" beside "Year Ended
   * January 28, 2024" is Q4 of fiscal 2024).
   */
  fiscalQuarter?: { quarter: number; year: number };
  /** Named as a fiscal period ("Q4 FY2024", "fiscal 2024"). */
  fiscal?: boolean;
}

/** "2024A", "FY25E": a year marked actual, estimated, forecast, projected or budget. */
const MARKED_YEAR = new RegExp(String.raw`\b((?:FY\s?)?(?:${YEAR}|\d{2}))[AEFPB]\b`, 'gi');
/** "2018/2019", "2018/19", "2018-19", "2018–2019", "FY2018/19". */
const YEAR_RANGE = new RegExp(String.raw`\b(?:FY\s?)?(${YEAR})\s*[/–—-]\s*(${YEAR}|\d{2})\b`, 'i');
const FISCAL_YEAR = new RegExp(String.raw`\bfiscal(?:\s+year)?\s+(${YEAR})\b`, 'i');
/** A year standing alone, not part of an amount ("$2019", "2019.5"). */
const PLAIN_YEAR = new RegExp(String.raw`(?<![\d.,$€£])\b(${YEAR})\b(?![.,]\d)`);
/** "Q42023", "H12024": a quarter or half written against its year. */
const QUARTER_GLUED_YEAR = new RegExp(String.raw`\b([QH][1-4])(${YEAR})\b`, 'g');
/** "income2023": a word written against a year. */
const LETTER_GLUED_YEAR = new RegExp(String.raw`(\p{L})(${YEAR})\b`, 'gu');

/** An English month name, captured ("June", "Sept."). */
const MONTH = String.raw`(${ENGLISH_MONTH_NAME})\.?`;
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
};
const DURATIONS: Record<string, number> = {
  three: 3,
  six: 6,
  nine: 9,
  twelve: 12,
  '3': 3,
  '6': 6,
  '9': 9,
  '12': 12,
};

function fullYear(text: string): number {
  const n = Number(text);
  if (text.length === 2) return n < 70 ? 2000 + n : 1900 + n;
  return n;
}

const plausibleYear = (n: number) => n >= 1950 && n <= 2099;

interface Found {
  start: number;
  end: number;
}

/** Every period expression in a text, with the spans it covers (so a data point's label is what is left). */
function scan(raw: string): { period: Period; spans: Found[] } {
  // "2024A", "FY25E": a year marked actual or estimated (the mark a space, offsets kept).
  const text = raw.replace(MARKED_YEAR, (all, year: string) =>
    /^(?:FY|\d{4})/i.test(year) ? `${year} ` : all,
  );
  const period: Period = { years: [] };
  const spans: Found[] = [];
  const taken = (start: number, end: number) => spans.some((s) => start < s.end && end > s.start);
  const take = (re: RegExp, on: (m: RegExpExecArray) => boolean) => {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (let m = g.exec(text); m !== null; m = g.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken(start, end)) continue;
      if (on(m)) spans.push({ start, end });
    }
  };
  const addYear = (y: number) => {
    if (plausibleYear(y) && !period.years.includes(y)) period.years.push(y);
  };

  // Dates: "December 31, 2019", "Dec. 28 2019", "31 March 2019", "31-Mar-2019", ISO, numeric;
  // "Jun 30,2016" too (OCR drops the space after a comma).
  take(new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|\s+)(\d{4})\b`, 'i'), (m) => {
    period.month = englishMonth(m[1] ?? '');
    period.day = Number(m[2]);
    addYear(Number(m[3]));
    return true;
  });
  take(new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?[\s-]+${MONTH}[\s,-]+(\d{4}|\d{2})\b`, 'i'), (m) => {
    period.month = englishMonth(m[2] ?? '');
    period.day = Number(m[1]);
    addYear(fullYear(m[3] ?? ''));
    return true;
  });
  take(/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => {
    period.month = Number(m[2]);
    period.day = Number(m[3]);
    addYear(Number(m[1]));
    return true;
  });
  take(/\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/, (m) => {
    const a = Number(m[1]);
    const b = Number(m[2]);
    // Month first unless the first part cannot be a month.
    if (a > 12) {
      period.day = a;
      period.month = b;
    } else {
      period.month = a;
      period.day = b;
    }
    addYear(Number(m[3]));
    return true;
  });
  // A day without its year ("Year Ended December 31," over the years' line; "as of June 30"):
  // not the month and a two-digit year.
  take(
    new RegExp(
      String.raw`(?:(?<=\b(?:ended|ending|as\s+(?:of|at)|at)\s+)${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?![\s,'’-]*\d)|\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?(?=\s*,(?!\s*\d)))`,
      'i',
    ),
    (m) => {
      const day = Number(m[2] ?? m[4]);
      if (day < 1 || day > 31) return false;
      period.month = englishMonth(m[1] ?? m[3] ?? '');
      period.day = day;
      return true;
    },
  );
  // Month and year: "March 2019", "Mar-19".
  take(new RegExp(String.raw`\b${MONTH}[\s,'’-]+(\d{4}|\d{2})\b`, 'i'), (m) => {
    period.month = englishMonth(m[1] ?? '');
    addYear(fullYear(m[2] ?? ''));
    return true;
  });
  // Quarters: "Q4 2019", "Q4 FY19", "Q4'19", "4Q19", "4Q 2019", "fourth quarter", "Q4".
  take(/\bQ([1-4])(?:\s*(?:FY|F)?\s*['’-]?\s*(\d{4}|\d{2}))?\b/i, (m) => {
    period.quarter = Number(m[1]);
    if (/F/i.test(m[0])) period.fiscal = true;
    if (m[2]) addYear(fullYear(m[2]));
    period.months ??= 3;
    return true;
  });
  take(/\b([1-4])Q\s*['’]?(\d{4}|\d{2})?\b/i, (m) => {
    period.quarter = Number(m[1]);
    if (m[2]) addYear(fullYear(m[2]));
    period.months ??= 3;
    return true;
  });
  take(/\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\b/i, (m) => {
    period.quarter = ORDINALS[(m[1] ?? '').toLowerCase()];
    period.months ??= 3;
    return true;
  });
  // Halves: "H1 2019", "1H19", "first half".
  take(/\bH([12])(?:\s*(?:FY)?\s*['’-]?\s*(\d{4}|\d{2}))?\b|\b([12])H\s*['’]?(\d{4}|\d{2})?\b/i, (m) => {
    period.half = Number(m[1] ?? m[3]);
    const y = m[2] ?? m[4];
    if (y) addYear(fullYear(y));
    period.months ??= 6;
    return true;
  });
  take(/\b(first|second)\s+half\b/i, (m) => {
    period.half = m[1]?.toLowerCase() === 'first' ? 1 : 2;
    period.months ??= 6;
    return true;
  });
  take(/\b(?:YTD|year[\s-]+to[\s-]+date)\b/i, () => {
    period.toDate = true;
    return true;
  });
  // Durations: "Three months ended", "Twelve Months Ended", "Year ended", "Nine-month period".
  take(/\b(three|six|nine|twelve|3|6|9|12)[\s-]+months?\b/i, (m) => {
    period.months = DURATIONS[(m[1] ?? '').toLowerCase()];
    return true;
  });
  // "9M 2023", "9M23", "6M": months to a date, as key-figure tables head their columns.
  take(/\b(3|6|9|12)M\s*['’]?(\d{4}|\d{2})?\b/, (m) => {
    period.months = DURATIONS[m[1] ?? ''];
    if (m[2]) addYear(fullYear(m[2]));
    return true;
  });
  take(/\b(?:fiscal\s+)?years?[\s-]+end(?:ed|ing)\b/i, () => {
    period.months ??= 12;
    return true;
  });
  // "Quarter ended 31.03.2025", "Half year ended 30.09.2024" (as Indian results head columns).
  take(/\b(?:quarters?|half[\s-]+years?)[\s-]+end(?:ed|ing)\b/i, (m) => {
    period.months ??= /^half/i.test(m[0]) ? 6 : 3;
    return true;
  });
  // Ranges: "2018/2019", "2018/19", "2018-19", "2018–2019", "FY2018/19".
  let range = false;
  take(YEAR_RANGE, (m) => {
    const a = Number(m[1]);
    const bText = m[2] ?? '';
    const b = bText.length === 2 ? Math.floor(a / 100) * 100 + Number(bText) : Number(bText);
    if (!(b === a + 1)) return false;
    addYear(a);
    addYear(b);
    range = true;
    return true;
  });
  // Fiscal years: "FY19", "FY 2019", "FY2019", "F2019", "Fiscal 2019", "fiscal year 2019".
  let fiscal: number | undefined;
  take(/\b(?:FY|F)\s?['’]?(\d{4}|\d{2})\b/i, (m) => {
    fiscal = fullYear(m[1] ?? '');
    addYear(fiscal);
    period.months ??= 12;
    return true;
  });
  take(FISCAL_YEAR, (m) => {
    fiscal = Number(m[1]);
    addYear(fiscal);
    period.months ??= 12;
    return true;
  });
  // Plain years, and "'19".
  take(PLAIN_YEAR, (m) => {
    addYear(Number(m[1]));
    return true;
  });
  take(/['’](\d{2})\b/, (m) => {
    addYear(fullYear(m[1] ?? ''));
    return true;
  });
  // A fiscal year named beside the date it ends on, in the next calendar year: one period, not
  // a range ("FY2023 (Year ended March 31, 2024)", as Japanese and Indian reports head columns).
  if (fiscal !== undefined) period.fiscal = true;
  if (
    fiscal !== undefined &&
    !range &&
    period.month !== undefined &&
    period.years.length === 2 &&
    period.years.includes(fiscal + 1)
  ) {
    period.years = [fiscal];
    period.endYear = fiscal + 1;
  }
  period.years.sort((a, b) => a - b);
  return { period, spans };
}

function isEmpty(p: Period): boolean {
  return (
    p.years.length === 0 &&
    p.quarter === undefined &&
    p.half === undefined &&
    p.month === undefined &&
    p.months === undefined &&
    !p.toDate
  );
}

/** A date standing alone: "At 31 December 2024", "At December 31, 2024", "31 March 2024". */
const DATE_LINE = new RegExp(
  String.raw`^\(?(?:at\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}|${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?)\s+${YEAR}\)?$`,
  'i',
);

/** A line that only says which period a table covers ("For the year ended 31 December 2023", "As at 30 June 2024", "At 31 March 2024"). */
export function isPeriodStatement(text: string): boolean {
  const t = text.trim();
  return (
    /^\(?(?:for\s+the\s+)?(?:(?:fiscal\s+)?years?|(?:three|six|nine|twelve)\s+months|quarters?|periods?|half[-\s]years?)\s+ended\b|^\(?as\s+(?:at|of)\s+\S/i.test(
      t,
    ) || DATE_LINE.test(t)
  );
}

/** The period a text states, or undefined. */
export function parsePeriod(text: string): Period | undefined {
  const { period } = scan(text);
  return isEmpty(period) ? undefined : period;
}

/**
 * Each period a text names, where it names it: "to $4.2 billion in fiscal 2024 from $3.9 billion
 * in fiscal 2023" → fiscal 2024, fiscal 2023. Pieces of one period ("fourth quarter of 2024", "year
 * ended December 31, 2024") are one; "2024 and 2023" are two. A figure is not a period ("$9M").
 */
export function periodSpans(text: string): { start: number; end: number; period: Period }[] {
  const pieces = scan(text)
    .spans.filter((s) => !/[$€£¥₹]\s?$/.test(text.slice(Math.max(0, s.start - 2), s.start)))
    .sort((a, b) => a.start - b.start)
    .map((s) => ({ ...s, period: scan(text.slice(s.start, s.end)).period }));
  const out: { start: number; end: number; period: Period }[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    const between = last ? text.slice(last.end, piece.start) : '';
    if (
      last &&
      /^[\s,]*(?:of\s+)?(?:the\s+)?(?:fiscal\s+(?:year\s+)?)?$/i.test(between) &&
      (last.period.years.length === 0 || piece.period.years.length === 0)
    ) {
      last.end = piece.end;
      last.period = scan(text.slice(last.start, last.end)).period;
    } else out.push(piece);
  }
  return out.filter((s) => !isEmpty(s.period));
}

/** Of several periods, the one ending in the latest year (the first of equals). */
export function latestPeriod(periods: Period[]): Period | undefined {
  return periods.reduce<Period | undefined>(
    (a, b) => (a && (b.years.at(-1) ?? 0) <= (a.years.at(-1) ?? 0) ? a : b),
    undefined,
  );
}

/** A data point's name split into its label words and its period qualifiers. */
export function splitDataPoint(name: string): { label: string; period?: Period; periodText: string } {
  // "net_income_2023", "netIncome2023": words and year apart.
  const text = name
    .replace(/_/g, ' ')
    .replace(/([a-z])(?=[A-Z][a-z]|(?:Q[1-4]|H[12]|FY)\d)/g, '$1 ')
    .replace(QUARTER_GLUED_YEAR, '$1 $2')
    .replace(LETTER_GLUED_YEAR, (all, letter: string, year: string) =>
      /^(?:F|Y)$/i.test(letter) ? all : `${letter} ${year}`,
    );
  const { period, spans } = scan(text);
  if (isEmpty(period)) return { label: text.trim(), periodText: '' };
  let label = '';
  let last = 0;
  const pieces: string[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    label += `${text.slice(last, span.start)} `;
    pieces.push(text.slice(span.start, span.end));
    last = span.end;
  }
  label += text.slice(last);
  // Words that introduce the period ("as of", "for the year ended") stay: the matcher treats
  // them as optional, since they are part of some labels ("Profit for the year").
  label = label
    // The month a Japanese fiscal year ends, left after its year ("FY2024/3").
    .replace(/(^|\s)\/\s?\d{1,2}(?=\s|$)/g, ' ')
    .replace(/\s*[,;:()\-–]+\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { label, period, periodText: pieces.join(' ') };
}

/**
 * How well a column's period fits the one a data point asks for: 1 exact, less for partial fits,
 * 0 when they contradict.
 */
export function periodFit(wanted: Period, column: Period | undefined): number {
  if (!column) return 0;
  // "Q4 FY2024" asked of the quarter that ends the fiscal year.
  const fq = column.fiscalQuarter;
  if (
    fq &&
    wanted.quarter === fq.quarter &&
    wanted.years.at(-1) === fq.year &&
    wanted.years.length === 1 &&
    wanted.month === undefined
  )
    // Said as a fiscal quarter, surely; else the calendar quarter comes first ("Q4 2024").
    return wanted.fiscal ? 0.97 : 0.85;
  let score = 1;
  if (wanted.years.length > 0) {
    if (column.years.length === 0) return 0;
    const wantedEnd = wanted.years.at(-1) as number;
    const columnEnd = column.years.at(-1) as number;
    if (wanted.years.length === column.years.length) {
      if (!wanted.years.every((y, i) => column.years[i] === y)) {
        // "2024" asked of "FY2023 (Year ended March 31, 2024)": the year it ends in, if no column
        // is named for 2024.
        if (!(wanted.years.length === 1 && column.endYear === wantedEnd)) return 0;
        score *= 0.85;
      }
    } else if (wanted.years.length === 1 && column.years.length === 2) {
      // "2019" asked of a "2018/19" column: the fiscal year ending in 2019.
      if (columnEnd !== wantedEnd) return 0;
      score *= 0.9;
    } else if (wanted.years.length === 2 && column.years.length === 1) {
      if (columnEnd !== wantedEnd) return 0;
      score *= 0.9;
    } else if (!wanted.years.includes(columnEnd)) return 0;
  }
  if (wanted.quarter !== undefined) {
    // "Three months ended June 27" is the second (calendar) quarter.
    const quarter =
      column.quarter ??
      (column.month !== undefined && column.months === 3 ? Math.ceil(column.month / 3) : undefined);
    if (quarter !== wanted.quarter) return 0;
    if (column.quarter === undefined) score *= 0.93;
  } else if (column.quarter !== undefined && wanted.half === undefined) {
    // A year asked of a quarter column: only if nothing better exists.
    score *= 0.5;
  }
  if (wanted.half !== undefined) {
    if (column.half !== undefined && column.half !== wanted.half) return 0;
    if (column.half === undefined) score *= column.months === 6 ? 0.9 : 0.5;
  } else if (column.half !== undefined) score *= 0.5;
  if (wanted.month !== undefined) {
    if (column.month !== undefined && column.month !== wanted.month) return 0;
    if (wanted.day !== undefined && column.day !== undefined && column.day !== wanted.day) return 0;
    if (column.month === undefined) score *= 0.9;
  }
  if (
    wanted.months !== undefined &&
    column.months !== undefined &&
    wanted.months !== column.months &&
    !(wanted.quarter !== undefined && column.months === 3)
  )
    return 0;
  if (wanted.months !== undefined && column.months === undefined && wanted.months !== 12) score *= 0.8;
  if (wanted.toDate && !column.toDate) {
    // The year to date is the columns' months from January: nine of them beside the quarter's three.
    if (column.months === undefined || column.months >= 12) score *= 0.3;
    else if (column.months <= 3) score *= 0.5;
  } else if (
    wanted.months === undefined &&
    wanted.quarter === undefined &&
    column.months !== undefined &&
    column.months < 12 &&
    column.quarter === undefined
  )
    score *= 0.6;
  return score;
}

/** A sortable key: later periods sort higher. */
export function periodKey(p: Period): number {
  const year = p.years.at(-1) ?? 0;
  const month = p.month ?? (p.quarter ? p.quarter * 3 : p.half ? p.half * 6 : 12);
  const day = p.day ?? 31;
  // At the same end date a full year ranks above the quarter that ends it.
  const length = p.months ?? (p.quarter ? 3 : p.half ? 6 : 12);
  return (year * 10_000 + month * 100 + day) * 100 + length;
}
