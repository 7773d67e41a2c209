import type { Scale } from '@sieve/contracts';
import type { ColumnUnit } from '../model/layout';
import { currencyAlternation } from './currencies';

/**
 * The scale a report states for its figures, as it writes it: "in thousands", "(in millions,
 * except per share data)", "$'000", "$000", "€m", "£m", "US$ million", "RMB'000", "(Dollars in
 * millions)", "shares in thousands", "%". Per table (caption, title, header cells) and per column.
 */

const WORD_SCALE: Record<string, Scale> = {
  thousand: 'thousands',
  thousands: 'thousands',
  million: 'millions',
  millions: 'millions',
  billion: 'billions',
  billions: 'billions',
  lakh: 'lakhs',
  lakhs: 'lakhs',
  lac: 'lakhs',
  lacs: 'lakhs',
  crore: 'crores',
  crores: 'crores',
};

/** A scale word as a data point states it for its answer ("in millions", "$m", "'000"). */
export const SCALE_WORD = "(?:thousands?|millions?|billions?|crores?|lakhs?|mn|bn|m|k|'000)";

// The currencies a scale may be written against ("$m", "RMB'000", "£bn"), and "US" of "US m".
const CURRENCY = `(?:${currencyAlternation({
  codes: [
    'USD',
    'AUD',
    'CAD',
    'NZD',
    'HKD',
    'SGD',
    'CNY',
    'MYR',
    'BRL',
    'INR',
    'JPY',
    'CHF',
    'SEK',
    'NOK',
    'DKK',
    'ZAR',
    'EUR',
    'GBP',
  ],
})}|US)`;

// "$'000", "£'000", "RMB'000", "$000", "€000s", "('000)", "000s"
const THOUSANDS_MARK = new RegExp(
  String.raw`(?:^|[\s(])(?:${CURRENCY}\s?)?['’‘]?000['’]?s?(?=$|[\s),;])`,
  'i',
);
// "€m", "£m", "$m", "US$m", "£bn", "$bn", "€k", "RMBm" — as a cell or a word
const SYMBOL_SCALE = new RegExp(
  String.raw`(?:^|[\s(])${CURRENCY}\s?(m|mn|mm|bn|k|cr|mio|mrd|tsd)(?=$|[\s),;.])`,
  'i',
);
// The multiple before the currency, as continental reports write it: "TEUR", "kEUR", "T€",
// "MSEK", "mEUR", "Mio. €", "Mrd. EUR", "Tsd. €".
const PREFIX_SCALE =
  /(?:^|[\s(])(T|k|M|m|Mio\.?|Mrd\.?|Tsd\.?)\s?(?:EUR|USD|SEK|NOK|DKK|CHF|GBP|€|\$|£)(?=$|[\s),;.])/;
// "in thousands", "in millions of dollars", "(Dollars in millions)", "US$ million", "€ millions",
// "(thousands of dollars)", "amounts in billions", "(₹ in crore)", "Rs. in lakhs"
const WORD_PATTERN =
  /\b(?:in\s+)?(thousands?|millions?|billions?|lakhs?|lacs?|crores?)\b(?:\s+of\s+(?:[a-z.$€£₹]+\s?)+)?/i;

function symbolScale(unit: string): Scale | undefined {
  const u = unit.toLowerCase();
  if (u === 'k') return 'thousands';
  if (u === 'm' || u === 'mn' || u === 'mm') return 'millions';
  if (u === 'bn' || u === 'b') return 'billions';
  if (u === 'cr') return 'crores';
  if (u === 't' || u.startsWith('tsd')) return 'thousands';
  if (u.startsWith('mio')) return 'millions';
  if (u.startsWith('mrd')) return 'billions';
  return undefined;
}

/** A line that states the units and nothing else ("US$ millions", "€'000", "SEK million", "MSEK"). */
export function isScaleOnly(text: string): boolean {
  return (
    text
      .replace(
        /\b(?:in|of|amounts?|figures?|all|currency|dollars|euros?|pounds?|rupees|yen|yuan|francs?|kronor|kroner|US|[TkMm]?(?:USD|EUR|GBP|INR|SEK|NOK|DKK|CHF|JPY|CNY|RMB|HKD|SGD|CAD|AUD|ZAR|BRL|MYR)|Rs|RM|thousands?|millions?|billions?|crores?|lakhs?|mn|bn|m|k|Mio|Mrd|Tsd)\b|[$€£¥₹'’()\s,.0]/gi,
        '',
      )
      .trim() === ''
  );
}

/** Units of money, with or without a multiple: "£m", "EUR bn", "TEUR", "$ thousands", "£". */
function isMoneyUnit(text: string): boolean {
  return (
    isScaleOnly(text) &&
    /[$€£¥₹]|[A-Z]{3}|\b(?:thousands?|millions?|billions?|crores?|lakhs?|mn|bn)\b/.test(text)
  );
}

/** A unit a row's figures are in: "EUR m", "TEUR", "%", "FTE", "x", "pp". */
export function isUnitText(text: string): boolean {
  const t = text.trim();
  if (t === '' || t.length > 12) return false;
  if (/^(?:%|pp|%-?points?|x|times|FTEs?|number|no\.?|days|bps|pcs|tonnes?|MWh|GWh)$/i.test(t)) return true;
  return isMoneyUnit(t);
}

/**
 * The units a row's label states at its end ("Revenue (£m)", "Free cash flow, $ thousands",
 * "Share price (£)"): their scale (undefined for money in units), or undefined when it states none.
 */
export function labelUnits(label: string): { scale: Scale | undefined } | undefined {
  const stated = /(?:\(([^()]{1,30})\)|,\s*([^,()]{1,25}))\s*$/.exec(label);
  const units = (stated?.[1] ?? stated?.[2])?.trim();
  return units && isMoneyUnit(units) ? { scale: detectScaleText(units) } : undefined;
}

/** The scale stated by a caption, title, note or header text; undefined when it states none. */
export function detectScaleText(text: string): Scale | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t === '') return undefined;
  const symbol = SYMBOL_SCALE.exec(t);
  if (symbol?.[1]) return symbolScale(symbol[1]);
  const prefix = PREFIX_SCALE.exec(t);
  if (prefix?.[1]) return symbolScale(prefix[1].replace(/\.$/, ''));
  if (THOUSANDS_MARK.test(t)) return 'thousands';
  // A scale word only counts where it qualifies figures: "in millions", "(millions)", "$ millions",
  // "Dollars in millions" — not prose such as "millions of customers".
  const word = WORD_PATTERN.exec(t);
  if (word?.[1]) {
    const scale = WORD_SCALE[word[1].toLowerCase()];
    const before = t.slice(0, word.index).trimEnd();
    const hasIn = /^in\s/i.test(word[0]);
    const qualifies =
      hasIn ||
      /(?:^|\()\s*$/.test(before) ||
      new RegExp(`${CURRENCY}\\s*$`, 'i').test(before) ||
      /\b(?:dollars|euros|pounds|amounts|figures|currency|yen|rupees|francs)\s*$/i.test(before) ||
      t.length <= 24;
    // "in millions of new devices", "thousands of customers": a quantity in prose, not units.
    const after = /\s+of\s+.*$/i.exec(word[0])?.[0] ?? t.slice(word.index + word[0].length);
    const ofThings =
      /^\s+of\s+(?!(?:the\s+)?(?:u\.?s\.?\s+|us\s+|canadian\s+|australian\s+|hong\s+kong\s+|new\s+taiwan\s+|singapore\s+)?(?:dollars?|euros?|pounds?|sterling|yen|yuan|renminbi|rupees?|francs?|won|krona|kronor|kroner|reais|pesos?|rand|ringgit|currency|units|shares)\b|[$€£¥₹])/i.test(
        after,
      ) && !/^\s+of\s+[A-Z]{3}\b/.test(after);
    if (scale && qualifies && !ofThings) return scale;
  }
  return undefined;
}

/**
 * The scale a table states for share counts when it differs ("shares in thousands", "in millions,
 * except shares in thousands"); undefined when the table's own scale applies.
 */
export function detectShareScale(text: string): Scale | undefined {
  // "shares in thousands", "share data are in millions", "(In millions, except number of shares,
  // which are reflected in thousands, and per-share amounts)"; not "per share amounts in millions".
  const m =
    /(?<!\bper[\s-])\bshares?\b(?:(?!\bper[\s-]share|thousands|millions|billions)[^.;]){0,45}?\b(thousands|millions|billions)\b/i.exec(
      text,
    );
  if (m?.[1]) return WORD_SCALE[m[1].toLowerCase()];
  // "(In thousands, except share and per share data)", "except shares": share counts are printed
  // in full. Not "except per share data", which exempts per-share amounts only.
  if (/\bexcept\b[^.;)]*?(?<!\bper[\s-])\bshares?\b(?![\s-]*(?:price|based))/i.test(text)) return 'units';
  return undefined;
}

/** A column header's own unit: "£m", "$000", "%", "(in millions)". */
export function detectColumnUnit(text: string): ColumnUnit | undefined {
  const t = text.trim();
  // "%", "(%)", "Change, %", "% change", "per cent".
  if (/^\(?%\)?$|\(%\)|(?:^|[\s,])%\)?$|^%\s|\bper\s?cent\b|^percent(?:age)?$/i.test(t)) return 'percent';
  return detectScaleText(t);
}

export type RowKind = 'per-share' | 'percent' | 'shares' | 'amount';

/** "per share", "per equity share" (Indian statements), "per ordinary share", "EPS", "dividends per …". */
const PER_SHARE =
  /\bper\s+(?:(?:equity|ordinary|common)\s+)?(?:share|unit|ads|adr)\b|\beps\b|earnings\s+per|dividends?\s+per|\b(?:je|pro)\s+aktie\b|\bpar\s+action\b|\bpor\s+acci[oó]n\b|\bper\s+(?:aktie|aandeel|azione)\b/i;

/**
 * What a row's figures are, from its label and, for a generic label ("Basic", "Diluted"), the
 * heading it sits under ("Earnings per share:", "Weighted-average shares outstanding:").
 */
/** The rate a line of amounts was paid at, in brackets ("Dividends declared ($1.20 per share)"). */
const RATE_ASIDE =
  /\(\s*[$€£¥]?\s?\d[\d.,]*\s*(?:cents?|p)?\s+(?:per|a)\s+(?:common\s+|ordinary\s+)?share\s*\)/gi;

export function rowKind(label: string, section: string[]): RowKind {
  const own = label.replace(RATE_ASIDE, ' ').trim();
  if (isPercentLabel(own)) return 'percent';
  if (PER_SHARE.test(own)) return 'per-share';
  if (isShareCount(own)) return 'shares';
  if (isScaleExempt(own)) return 'percent';
  const heading = section.at(-1) ?? '';
  if (own.split(/\s+/).length <= 3) {
    if (/\b(?:weighted[-\s]average|shares\s+outstanding|number\s+of\s+shares|shares\s+used)\b/i.test(heading))
      return 'shares';
    if (PER_SHARE.test(heading)) return 'per-share';
    if (isPercentLabel(heading)) return 'percent';
    // "Widget A" under "Units sold", "UK" under "Stores": a count by what the heading counts.
    if (isHeadcount(heading) || isCountOf(heading)) return 'percent';
  }
  return 'amount';
}

/** Rows whose figures a table scale does not touch: per-share amounts, ratios, percentages, counts of days. */
export function isScaleExempt(label: string): boolean {
  return (
    PER_SHARE.test(label) ||
    isRateLabel(label) ||
    /\bratio\b|\(x\)|\bmultiple\b|%|\bpercent|\bpercentage\b|\bbasis points\b|\bdays\b|\btimes\b|\bpence\b|\bcents\b|\byield\b|\bheadcount\b|\bnumber of\b|\bFTEs?\b|\bfull[-\s]time equivalents?\b/i.test(
      label,
    ) ||
    isHeadcount(label) ||
    isCountOf(label)
  );
}

/** Things counted, not amounts: a line whose last word is one ("Active customers", "Stores at year end"). */
const COUNTED =
  /\b(?:customers|clients|subscribers|members|users|stores|shops|restaurants|branches|outlets|offices|countries|vehicles|aircraft|vessels|patients|students|hotels|visitors|subscriptions|households|connections|installations|franchisees|dealers|distributors|suppliers|units|orders|shipments|transactions|deliveries|passengers|tickets)\b/i;
/** What was done to the things counted ("Units sold", "Vehicles delivered", "Stores opened"). */
const COUNTED_DONE =
  /\s+(?:sold|shipped|delivered|produced|installed|opened|closed|served|received|processed|completed|booked)$/i;
function isCountOf(label: string): boolean {
  const own = label
    .replace(/\([^()]*\)/g, ' ')
    .replace(
      /\b(?:at|as\s+of|in)\s+(?:the\s+)?(?:end\s+of\s+(?:the\s+)?(?:year|period)|year[-\s]end|period[-\s]end)\b.*$/i,
      '',
    )
    .replace(/[\s:*,.]+$/, '')
    .trim()
    .replace(COUNTED_DONE, '');
  const last = own.split(/\s+/).at(-1) ?? '';
  // "Net revenue from external customers", "Amounts due to suppliers" are amounts.
  const money =
    /\b(?:revenues?|sales|income|receivables?|payables?|deposits?|loans?|payments?|advances?|contracts?|balances?|fees?|costs?|expenses?|amounts?|liabilit(?:y|ies)|assets?|value|cash|due|owed|credit|funding|financing|commissions?|rebates?|discounts?|incentives?|refunds?)\b/i;
  return COUNTED.test(last) && !/[$€£¥₹]/.test(label) && !money.test(own);
}

/**
 * A count of people ("Employees", "Average number of staff", "Personnel at year end"), not what
 * they are paid: "Staff costs", "Employee benefits expense", "Key management personnel
 * compensation" are amounts.
 */
function isHeadcount(label: string): boolean {
  return (
    /\b(?:employees|personnel|staff|headcount)\b/i.test(label) &&
    !/\b(?:costs?|compensation|expenses?|benefits?|salar(?:y|ies)|wages?|remuneration|pay|payroll|bonus(?:es)?|pensions?|loans?|advances?|liabilit(?:y|ies)|provisions?|accru\w*|payable|related|share[-\s]based|stock[-\s]based|options?|plans?|contributions?|welfare|training|severance|termination)\b/i.test(
      label,
    )
  );
}

/**
 * A rate is what the row states ("Effective tax rate", "Interest rate (fixed)", "Rate of
 * return"), not a word of an amount's name: "Income tax at federal statutory rate", "Foreign rate
 * differential" and "Effect of tax rate changes" are amounts of a tax reconciliation.
 */
function isRateLabel(label: string): boolean {
  const own = label
    .replace(/\([^()]*\)|\[[^\]]*\]/g, ' ')
    .replace(/[\s:*]+$/, '')
    .trim();
  if (/^rates?\s+of\b/i.test(own)) return true;
  return /\brates?$/i.test(own) && !/\bat\b.*\brates?$|\b(?:effect|impact)\s+of\b/i.test(own);
}

/** Rows counting shares (weighted average shares, shares outstanding), which may have their own scale. */
export function isShareCount(label: string): boolean {
  // "Common stock and additional paid-in capital, $0.00001 par value: 50,400,000 shares
  // authorized; …" is the stock's amount, the shares only described.
  if (
    /\bpar value\b|\bpaid[-\s]in\b|\bcapital\b|\bat cost\b|\d{1,3},\d{3}\s+(?:\w+\s+)?shares\b/i.test(label)
  )
    return false;
  return (
    /\bshares?\b/i.test(label) &&
    !/\bper\s+share\b|\bshare\s+(?:capital|premium|price|based|of)\b|\bshareholders?\b|\bstockholders?\b/i.test(
      label,
    )
  );
}

/** A label that says its figures are percentages ("Gross margin (%)", "Effective tax rate %"). */
export function isPercentLabel(label: string): boolean {
  // "(%)", "(annualised, %)", "(% of revenue)" is not one: "… %" at the end, "in %", "percent".
  return /\((?:[^()%]*,\s*)?%\)|%\s*$|\bin\s+%|\bpercent(?:age)?\b/i.test(label);
}
