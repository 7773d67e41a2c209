import { ENGLISH_MONTH_WORD } from '../lexicon/month-names';
import { tokenize } from '../lexicon/words';
import { YEAR } from '../lexicon/years';

/** "2025E", "FY25F": an estimate's year. */
const ESTIMATE_YEAR = new RegExp(String.raw`\b(${YEAR}|FY\s?\d{2,4})[EFPB]\b`, 'gi');
/** A period word in a label: "2024", "2024A", "FY24", "Q3", "H1 2024". */
const PERIOD_WORD = new RegExp(String.raw`\b${YEAR}A?\b|\b(?:FY|Q[1-4]|H[12])\s?'?\d{0,4}A?\b`, 'gi');

/**
 * The words of a label as the table matcher compares them (table-match.ts): stop words dropped,
 * abbreviations spelled out, synonyms grouped, periods and dates taken out; and what a word a row
 * has and the data point lacks costs.
 */

const STOP = new Set([
  'of',
  'and',
  'the',
  'for',
  'in',
  'to',
  'on',
  'at',
  'from',
  'a',
  'an',
  'by',
  'with',
  'as',
  'per',
  'value',
  'amount',
]);
const KEEP_SHORT = new Set(['per']);
/** A column header that names the whole rather than a part ("Total", "Consolidated", "Group total"). */
export const WHOLE_WORDS = new Set(['total', 'consolidated', 'group', 'combined', 'actual', 'reported']);
/** A column of what was planned, not what happened ("Budget 2024", "Target", "Forecast"): only when asked. */
export const PLAN_WORDS = new Set([
  'budget',
  'plan',
  'target',
  'forecast',
  'guidance',
  'outlook',
  'estimate',
  'projected',
  'projection',
]);
/** Words that introduce a period in a data point's name; they count when a row has them, else they are not missing. */
export const SOFT = new Set([
  'beginning',
  'opening',
  'closing',
  'year',
  'ended',
  'ending',
  'end',
  'period',
  'fiscal',
  'month',
  'quarter',
  'three',
  'six',
  'nine',
  'twelve',
]);

/** A label without its list number ("1.", "(a)") and footnote marks ("Revenue (1)", "Revenue¹", "Revenue*"). */
function cleanLabel(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(/^\s*(?:\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})[.)]|\d{1,2}\.\d{1,2})\s+/i, '')
      // How the line enters the sum, not its name: "Less: provision for …", "Add: other income".
      .replace(/^\s*(?:less|add|plus|deduct)\b\s*:?\s+(?=\S)/i, '')
      .replace(/(\p{L}{3,})\d\b/gu, '$1')
      // How a line is computed ("Total income (I + II)", "Profit before tax (III - IV)"): no words.
      .replace(/\s*\((?:[ivx]{1,4}|[a-h]|\d{1,2})(?:\s*[-+±=]\s*(?:[ivx]{1,4}|[a-h]|\d{1,2}))+\)/gi, ' ')
      .replace(/\s*(?:\((?:\d{1,2}|[a-z]|[ivx]{2,4})\)|\*+|†|‡)(?=\s|$|,|:)/gi, ' ')
      // A reference to the notes: "Revenue (Note 3)", "Inventories [note 14]", "(notes 5 and 6)".
      .replace(/\s*[[(]\s*notes?\s+\d{1,2}[a-z]?(?:(?:\s*[,&]\s*|\s+and\s+)\d{1,2}[a-z]?)*\s*[\])]/gi, ' ')
  );
}

/** Words reports use for the same line item ("Turnover" for revenue, "profit" for income). */
const SYNONYM_GROUPS = [
  ['revenue', 'turnover', 'sale'],
  ['income', 'profit', 'earning'],
  ['shareholder', 'stockholder'],
  ['borrowing', 'debt'],
  ['tax', 'taxation'],
  ['pension', 'retirement'],
  ['change', 'growth'],
];
export function synonymsOf(word: string): string[] {
  return SYNONYM_GROUPS.find((g) => g.includes(word))?.filter((w) => w !== word) ?? [];
}

/** Abbreviations analysts and reports use, spelled out ("Diluted EPS", "SG&A", "PP&E"). */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bEPS\b/gi, 'earnings per share'],
  [/\bDPS\b/gi, 'dividend per share'],
  [/\bPP&E\b/gi, 'property plant and equipment'],
  [/\bSG&A\b/gi, 'selling general and administrative'],
  [/\bR&D\b/gi, 'research and development'],
  [/\bD&A\b/gi, 'depreciation and amortization'],
  [/\bCOGS\b/gi, 'cost of goods sold'],
  [/\bcapex\b/gi, 'capital expenditure'],
  [/\bopex\b/gi, 'operating expenses'],
  [/\bEBIT\b/g, 'operating income'],
  [/\bPBT\b/g, 'profit before tax'],
  [/\bPAT\b/g, 'profit after tax'],
  [/\bNPAT\b/g, 'net profit after tax'],
  [/\bFCF\b/gi, 'free cash flow'],
  [/\bROCE\b/gi, 'return on capital employed'],
  [/\bROIC\b/gi, 'return on invested capital'],
  [/\bRoTE\b/gi, 'return on tangible equity'],
  [/\bROE\b/gi, 'return on equity'],
  // "CET1": its 1 is taken for a footnote mark before this.
  [/\bCET(?:\s?1)?\b/gi, 'common equity tier 1'],
  [/\bNII\b/g, 'net interest income'],
  [/\bNIM\b/g, 'net interest margin'],
  [/\bAUM\b/gi, 'assets under management'],
  [/\bARPU\b/g, 'average revenue per user'],
  [/\bROA\b/gi, 'return on assets'],
  [/\bNCI\b/gi, 'non-controlling interests'],
  [/\bGWP\b/g, 'gross written premiums'],
  [/\bNEP\b/g, 'net earned premiums'],
  [/\bTNAV\b/g, 'tangible net asset value'],
  [/\bNAV\b/g, 'net asset value'],
  [/\bNTA\b/g, 'net tangible assets'],
  [/\bBVPS\b/g, 'book value per share'],
  [/\bAFFO\b/g, 'adjusted funds from operations'],
  [/\bFFO\b/g, 'funds from operations'],
  [/\bNOI\b/g, 'net operating income'],
  [/\bRWAs?\b/g, 'risk-weighted assets'],
  [/\bNPLs?\b/g, 'non-performing loans'],
  [/\bLCR\b/g, 'liquidity coverage ratio'],
  [/\bLTV\b/g, 'loan to value'],
];

/**
 * Line items reports name in different words, each put one way ("Purchase of property, plant and
 * equipment" is capital expenditure; "Net (decrease)/increase in cash" a net change in cash).
 */
const PHRASES: [RegExp, string][] = [
  [
    /\b(?:purchases?|acquisitions?|additions?|payments?|expenditures?|investments?)\s+(?:of|to|for|on|in|related\s+to)\s+(?:property,?\s+(?:plant,?\s+)?(?:and|&)\s+equipment|tangible\s+(?:fixed\s+)?assets|fixed\s+assets)\b/gi,
    'capital expenditure',
  ],
  [
    /\b(?:re)?purchases?\s+(?:of\s+)?(?:(?:own|treasury|common|ordinary)\s+)?(?:shares|stock)\b|\b(?:share|stock)\s+(?:buy-?backs?|repurchases?)\b|\bbuy-?backs?\s+of\s+(?:own\s+)?shares\b/gi,
    'share repurchase',
  ],
  [
    /\bnet\s+(?:\(?(?:increase|decrease)\)?(?:\s*(?:\/|and|or)?\s*\(?(?:increase|decrease)\)?)?|change)\s+in\b/gi,
    'net change in',
  ],
  [/\bbefore\s+(?:provision\s+for\s+)?(?:income\s+)?tax(?:es|ation)?\b/gi, 'before tax'],
  [/\bprovision\s+for\s+income\s+tax(?:es)?\b/gi, 'income tax expense'],
  [/\bpre-?tax\s+(?:income|profit|earnings)\b/gi, 'income before tax'],
  [
    /\b(?:income|profit|earnings|loss)(\s*\(\s*loss\s*\))?\s+from\s+operations\b|\boperating\s+(?:income|profit|earnings|loss)(\s*\(\s*loss\s*\))?/gi,
    'operating income$1$2',
  ],
  [
    /\b(?:net\s+)?(?:income|profit|earnings)(\s*(?:\/\s*)?\(\s*loss\s*\))?\s+for\s+the\s+(?:financial\s+)?(?:year|period)\b/gi,
    'net income$1',
  ],
  [/\b(?:net\s+)?(?:profit|income|earnings)\s+after\s+(?:income\s+)?tax(?:es|ation)?\b/gi, 'net income'],
  // A loss-making year's "Net loss" is its net income, less the sign.
  [/\bnet\s+loss(?:es)?\b(?!\s*(?:per|on|from)\b)/gi, 'net income loss'],
  // Japanese and IFRS statements: "Profit attributable to owners of parent".
  [
    /\b(?:net\s+)?(?:profit|income|earnings)\s+attributable\s+to\s+(?:the\s+)?(?:owners|shareholders|stockholders|equity\s+holders)\s+of\s+(?:the\s+)?(?:parent(?:\s+company)?|company)\b/gi,
    'net income attributable to parent',
  ],
  [/\bnet\s+(?:sales|revenues?|turnover)\b/gi, 'revenue'],
  [/\btrade\s+(?:and\s+other\s+)?receivables\b|\b(?:trade\s+)?debtors\b/gi, 'accounts receivable'],
  [/\btrade\s+(?:and\s+other\s+)?payables\b|\b(?:trade\s+)?creditors\b/gi, 'accounts payable'],
  [/\bminority\s+interests?\b/gi, 'non-controlling interests'],
  [/\b(?:share|stock)holders['’]?\s+funds\b/gi, 'shareholders equity'],
  [/\blong[-‐‑–\s]term\b/gi, 'non-current'],
  [/\bshort[-‐‑–\s]term\b/gi, 'current'],
  [/\bcost\s+of\s+(?:goods|products|merchandise)\s+sold\b/gi, 'cost of sales'],
  [
    /\bnet\s+cash\s+(?:flows?\s+)?(?:[\p{L}()/]+\s+){0,5}?(operating|investing|financing)\s+activities\b/giu,
    'net cash $1 activities',
  ],
];

/** A line's other sign in brackets: "Net income (loss)", "Other income (expense)", "(decrease)". */
export const ALTERNATIVE =
  /\(\s*(loss(?:es)?|deficit|expenses?|benefit|decrease|increase|income|profit|gains?|charge|credit)\s*\)/gi;

/** "SG&A expenses" → "selling general and administrative expenses". */
export function spelledOut(text: string): string {
  let spelled = text;
  for (const [pattern, full] of ABBREVIATIONS) spelled = spelled.replace(pattern, full);
  return spelled;
}

export function words(text: string): string[] {
  let spelled = spelledOut(cleanLabel(text));
  for (const [pattern, phrase] of PHRASES) spelled = spelled.replace(pattern, phrase);
  const joined = spelled
    .replace(/&/g, ' and ')
    .replace(/%/g, ' percent ')
    // "Non-current" is one word: it must not answer for "current", nor "current" for it.
    .replace(/\bnon[-‐‑–\s]?(current|controlling|operating|recurring|cash|gaap|interest)/gi, 'non$1');
  return tokenize(joined)
    .map((t) => (t.stem === 'percentage' ? 'percent' : t.stem))
    .filter((w) => !STOP.has(w) || KEEP_SHORT.has(w));
}

/** Words of a header or label with its periods, units and scale words removed. */
export function plainWords(text: string): string[] {
  return words(
    text
      .replace(
        /\b(?:in\s+)?(?:thousands|millions|billions|crores?|lakhs?)\b|\b[TkMm](?:EUR|USD|SEK|NOK|DKK|CHF|GBP)\b|\b(?:Mio|Mrd|Tsd)\b\.?|[$€£¥₹%]|'000|\b000s?\b|\b(?:[$€£]|US\$)?m\b|\bbn\b/gi,
        ' ',
      )
      // "2025E", "FY25F": an estimate; "2024A" the actual.
      .replace(ESTIMATE_YEAR, '$1 estimate')
      .replace(PERIOD_WORD, ' ')
      .replace(
        new RegExp(
          String.raw`\b${ENGLISH_MONTH_WORD}|\b\d{1,2}(?:st|nd|rd|th)?\b|\b(?:year|years|ended|ending|months?|three|six|nine|twelve|quarter|fiscal|as|at|of)\b`,
          'gi',
        ),
        ' ',
      ),
  );
}

/** The GAAP figure's own names ("Statutory NPAT", "Reported revenue"). */
const AS_REPORTED = new Set(words('statutory reported'));

/** The profit for the parent's owners is the net income reports mean, less its minority share. */
const ATTRIBUTION = new Set(words('attributable parent'));

/** What a word a line's name has and the data point lacks costs: "Total", "Net" and the GAAP name little. */
export function extraWordFactor(w: string): number {
  if (w === 'total' || w === 'net') return 0.93;
  if (AS_REPORTED.has(w)) return 0.95;
  if (ATTRIBUTION.has(w)) return 0.97;
  return 0.85;
}
