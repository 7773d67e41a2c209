import { type NormalisedValue, normalisePercent, normaliseValue, type Scale } from '@sieve/contracts';
import {
  latestPeriod,
  type Period,
  parsePeriod,
  periodFit,
  periodKey,
  periodSpans,
  splitDataPoint,
} from '../lexicon/periods';
import { detectColumnUnit, detectScaleText, isPercentLabel, labelUnits, rowKind } from '../lexicon/scale';
import { tokenize } from '../lexicon/words';
import { type ColumnUnit, cellAt, type LayoutPage, type LayoutTable, type TableCell } from '../model/layout';
import { formatLocation } from '../model/location';
import type { ExtractedItem, ItemAnchor } from '../model/types';
import { columnHeaderPath, isFigureText } from '../tables/table-builder';

/**
 * Data points read from tables the way an analyst reads them: the name is a row label plus
 * optional column qualifiers ("Deposits 2018", "Segment revenue Q4 2019"); the label is matched
 * against each row's name (a bare "Total" named by its section), with words the row does not
 * carry allowed to come from the column header, the section or the table's title; the period
 * against each column's header path (or the latest period when none is named); the figure is
 * scaled by the column's or the table's stated scale unless the row is per-share, a ratio or a
 * percentage.
 *
 * The score of a candidate is how unambiguous the match is; confidence follows from it, the
 * rivals it has and the evidence for its scale, calibrated on the quality corpus.
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
const WHOLE_WORDS = new Set(['total', 'consolidated', 'group', 'combined', 'actual', 'reported']);
/** A column of what was planned, not what happened ("Budget 2024", "Target", "Forecast"): only when asked. */
const PLAN_WORDS = new Set([
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
const SOFT = new Set([
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
function synonymsOf(word: string): string[] {
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
const ALTERNATIVE =
  /\(\s*(loss(?:es)?|deficit|expenses?|benefit|decrease|increase|income|profit|gains?|charge|credit)\s*\)/gi;

/** "SG&A expenses" → "selling general and administrative expenses". */
export function spelledOut(text: string): string {
  let spelled = text;
  for (const [pattern, full] of ABBREVIATIONS) spelled = spelled.replace(pattern, full);
  return spelled;
}

function words(text: string): string[] {
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
function plainWords(text: string): string[] {
  return words(
    text
      .replace(
        /\b(?:in\s+)?(?:thousands|millions|billions|crores?|lakhs?)\b|\b[TkMm](?:EUR|USD|SEK|NOK|DKK|CHF|GBP)\b|\b(?:Mio|Mrd|Tsd)\b\.?|[$€£¥₹%]|'000|\b000s?\b|\b(?:[$€£]|US\$)?m\b|\bbn\b/gi,
        ' ',
      )
      // "2025E", "FY25F": an estimate; "2024A" the actual.
      .replace(/\b((?:19|20)\d{2}|FY\s?\d{2,4})[EFPB]\b/gi, '$1 estimate')
      .replace(/\b(?:19|20)\d{2}A?\b|\b(?:FY|Q[1-4]|H[12])\s?'?\d{0,4}A?\b/gi, ' ')
      .replace(
        /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|\b\d{1,2}(?:st|nd|rd|th)?\b|\b(?:year|years|ended|ending|months?|three|six|nine|twelve|quarter|fiscal|as|at|of)\b/gi,
        ' ',
      ),
  );
}

export interface TableCandidate {
  score: number;
  value: NormalisedValue;
  item: ExtractedItem;
  cell: TableCell;
  table: LayoutTable;
  /** No period was named and the latest column was taken. */
  latestAssumed: boolean;
}

interface PreparedColumn {
  column: number;
  header: string;
  period: Period | undefined;
  /** The header names a year itself (not one taken from the title). */
  ownYears: boolean;
  words: string[];
  /** Its figures are percentages of revenue ("% of net sales"): a profit's share there is its margin. */
  ofRevenue: boolean;
}

interface PreparedTable {
  table: LayoutTable;
  columns: PreparedColumn[];
  titleWords: string[];
  /**
   * For each row, the words of the whole it is part of: the total that closes its rows
   * ("Subscription", "Professional services" above "Total revenue" are revenue).
   */
  wholeWords: string[][];
}

const prepared = new WeakMap<LayoutTable, PreparedTable>();

/** "% of net sales", "as a percentage of revenue", "percent of total revenues". */
const OF_REVENUE =
  /(?:%|\bper\s?cent(?:age)?)\s+of\s+(?:total\s+)?(?:net\s+)?(?:revenues?|sales|turnover)\b/i;

const CHANGE_HEADER = /Δ|\+\s*\/\s*[-–−]|\bvar\.|\bvariance\b|\bchg\b|\byoy\b|\by\/y\b/i;

function prepare(table: LayoutTable): PreparedTable {
  const cached = prepared.get(table);
  if (cached) return cached;
  const contextPeriod = [table.title ?? '', ...table.context]
    .map((t) => parsePeriod(t))
    .find((p) => p?.years.length);
  const columns: PreparedColumn[] = [];
  for (let c = table.labelColumns; c < table.columnCount; c++) {
    if (table.noteColumns.includes(c)) continue;
    const header = columnHeaderPath(table, c).join(' ');
    const own = parsePeriod(header);
    // Quarter columns under a "Fiscal 2019" that sits in the title, or a single column under "2019".
    let period = own;
    if (contextPeriod && (!own || own.years.length === 0)) {
      period = { ...(own ?? {}), years: contextPeriod.years };
    }
    // "% Change" is not "$ Change": the sign names the column when words do too. A units caption
    // over the years ("(In millions, except percentages)") names what the column is not.
    const named = header.replace(/\bexcept\b[^)]*/gi, ' ');
    const colWords = plainWords(named);
    if (
      (colWords.length > 0 && /%|\bper\s?cent\b/i.test(named)) ||
      (columnUnitOf(table, c) === 'percent' && !colWords.includes('percent'))
    )
      colWords.push('percent');
    // "Δ %", "+/-", "Var.", "Chg": the change on the year before.
    if (CHANGE_HEADER.test(header) && !colWords.includes('change')) colWords.push('change');
    const ofRevenue =
      colWords.includes('percent') &&
      (OF_REVENUE.test(header) ||
        (!/%/.test(header) && OF_REVENUE.test([table.title ?? '', ...table.context].join(' '))));
    columns.push({
      column: c,
      header,
      period,
      ownYears: Boolean(own?.years.length),
      words: colWords,
      ofRevenue,
    });
  }
  // A change column headed with no period is the latest period's change on the one before.
  const latest = latestPeriod(columns.flatMap((c) => (c.period?.years.length ? [c.period] : [])));
  for (const col of columns)
    if (latest && !col.period?.years.length && col.words.includes('change')) col.period = { ...latest };
  // A fiscal year ending in another month than December ("Year Ended January 28, 2024"): its
  // three-month columns are fiscal quarters too, the one ending in that month the fourth.
  const yearEnd = columns.find((c) => c.period?.months === 12 && c.period.month !== undefined)?.period?.month;
  if (yearEnd !== undefined && yearEnd !== 12) {
    for (const col of columns) {
      const p = col.period;
      const year = p?.years.at(-1);
      if (p?.months !== 3 || p.month === undefined || p.quarter !== undefined || year === undefined) continue;
      const back = Math.round(((yearEnd - p.month + 12) % 12) / 3);
      if (back > 3) continue;
      col.period = { ...p, fiscalQuarter: { quarter: 4 - back, year: p.month <= yearEnd ? year : year + 1 } };
    }
  }
  // Pairs of columns ("2024 £m | % of revenue | 2023 £m | % of revenue"): a heading repeated
  // without a period takes the period of the column before it.
  for (const [i, col] of columns.entries()) {
    const before = columns[i - 1];
    if (col.period?.years.length || !before?.period?.years.length || before.column !== col.column - 1)
      continue;
    if (columns.filter((o) => o.header === col.header).length >= 2) col.period = { ...before.period };
  }
  const wholeWords: string[][] = [];
  const totals = new Map<string, string[]>();
  for (let r = table.rowCount - 1; r >= table.headerRows; r--) {
    const row = table.rowLabels[r];
    if (!row || row.isHeading) continue;
    const key = row.section.join('\n');
    if (row.isTotal)
      totals.set(
        key,
        words(row.name).filter((w) => w !== 'total'),
      );
    else wholeWords[r] = totals.get(key) ?? [];
  }
  const result = { table, columns, titleWords: words(`${table.title ?? ''}`), wholeWords };
  prepared.set(table, result);
  return result;
}

function rowText(table: LayoutTable, row: number): string {
  const printed = table.rowTexts?.[row];
  if (printed) return printed;
  return table.cells
    .filter((c) => c.row === row)
    .sort((a, b) => a.column - b.column)
    .map((c) => c.text)
    .join('  ');
}

/** A spreadsheet or CSV cell's address on its anchor (row 7, column "B"). */
function withGridRef(anchor: ItemAnchor, cell: TableCell): void {
  if (!cell.gridRef) return;
  anchor.row = cell.gridRef.row;
  anchor.column = cell.gridRef.column;
}

/** A grid cell's location as a spreadsheet names it ("Sheet1!B7", "row 7, column B"). */
function gridLocation(page: LayoutPage, cell: TableCell): string | undefined {
  if (!cell.gridRef) return undefined;
  return formatLocation({
    ...(page.sheet !== undefined ? { sheet: page.sheet } : {}),
    row: cell.gridRef.row,
    column: cell.gridRef.column,
  });
}

function locationOf(page: number, table: LayoutTable, rowName: string, header: string): string {
  const onPage = pageScales.get(table);
  const scaleNote = table.scaleNote ?? (onPage && `${onPage} as the page states for all amounts`);
  return [`page ${page}`, table.title, rowName, header, scaleNote && `scale: ${scaleNote}`]
    .filter((p) => p && p.trim() !== '')
    .join(' · ');
}

/**
 * A column's unit: a header line of its own that says percent ("2019" / "% of Revenue" /
 * "(Dollars in thousands)") makes it a percentage column, whatever scale a line spanning the
 * amounts beside it gives.
 */
function columnUnitOf(table: LayoutTable, column: number): ColumnUnit | undefined {
  const own = table.columnUnits[column];
  if (own === 'percent') return own;
  return columnHeaderPath(table, column).some((part) => detectColumnUnit(part) === 'percent')
    ? 'percent'
    : own;
}

/** A row of margins, rates or returns ("Operating margin", "Effective tax rate", "Return on equity"). */
const RATIO_ROW =
  /\b(?:margins?|rates?|yields?|growth|mix)\s*:?$|\breturn\s+on\b|\bas\s+a\s+(?:%|percent(?:age)?)\s+of\b/i;

function plainNumber(text: string): number | undefined {
  const m = /^[(-−–]?\s*(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)\s*\)?$/.exec(text.trim());
  return m?.[1] ? Number(m[1].replace(/,/g, '')) : undefined;
}

/**
 * A margin, rate or return printed without "%" in a table of amounts ("Operating margin 12.3"
 * under "(in millions)"): its figures are percentages, not amounts, when none of them is more
 * than 100, none carries a currency sign, and (for a margin, which may be an amount) the
 * amounts in the table are far larger.
 */
function ratioRow(table: LayoutTable, row: number, rowName: string): boolean {
  const label = rowName.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').trim();
  // "Tax at the statutory rate" and "Foreign rate differential" are amounts of a tax reconciliation.
  if (!RATIO_ROW.test(label) || /\bper\s+share\b|\bexchange\s+rates?$|\bat\b.*\brates?$/i.test(label))
    return false;
  const own = table.cells.filter((c) => c.row === row && c.column >= table.labelColumns && c.text.trim());
  if (own.length === 0 || own.some((c) => /[$€£¥₹]/.test(c.text))) return false;
  const values = own.map((c) => plainNumber(c.text)).filter((v): v is number => v !== undefined);
  if (values.length === 0 || values.some((v) => v > 100)) return false;
  if (!/\bmargins?\b|\bmix\b/i.test(label)) return true;
  const largest = Math.max(...values);
  return table.cells.some(
    (c) =>
      c.row >= table.headerRows &&
      c.row !== row &&
      c.column >= table.labelColumns &&
      (plainNumber(c.text.replace(/[$€£¥₹\s]/g, '')) ?? 0) >= 5 * largest,
  );
}

/**
 * The scale a page states for all its figures, last in precedence after the table's own sources:
 * a note such as "All amounts are in thousands of U.S. dollars unless otherwise stated" anywhere
 * on the page, which readers apply to every table without a scale of its own.
 */
const pageScales = new WeakMap<LayoutTable, Scale | undefined>();
const PAGE_NOTE =
  /\b(?:amounts?|figures|numbers|dollars?|financial\s+(?:information|data|statements))\b[^.;]{0,80}?\bin\s+(?:thousands|millions|billions)\b/i;
function notePageScale(page: LayoutPage, table: LayoutTable): void {
  if (pageScales.has(table) || table.scale) return;
  let found: Scale | undefined;
  for (const line of page.lines) {
    const text = line.text;
    if (!PAGE_NOTE.test(text) || !/\b(?:unless|otherwise|all)\b/i.test(text)) continue;
    found = detectScaleText(text);
    if (found) break;
  }
  pageScales.set(table, found);
}

function figureValue(
  text: string,
  rowName: string,
  section: string[],
  table: LayoutTable,
  column: number,
  row?: number,
): NormalisedValue {
  const unit = columnUnitOf(table, column);
  // Pence and cents ("52.3p", "45.2c") and multiples ("12.5x") are the figure itself.
  let t = text
    .replace(/\*+$/, '')
    .trim()
    .replace(/(\d\)?)\s*(?:p|c|¢|x)$/i, '$1');
  // A negative's bracket set in a cell of its own, or lost to OCR: "(14,340" and "$ 0.11)".
  t = t.replace(/^([$€£¥₹]?\s*)(\d[\d,.]*)\)$/, '$1($2)').replace(/^([$€£¥₹]?\s*)\((\d[\d,.]*)$/, '$1($2)');
  // "4.218" among "3,977" and "12,604": a comma OCR (or a typist) read as a point, in a table
  // of whole amounts with hardly another figure with three decimals.
  if (
    /^[$€£]?\s?\(?\d{1,3}\.\d{3}\)?$/.test(t) &&
    rowKind(rowName, section) === 'amount' &&
    groupsThousandsOnly(table)
  )
    t = t.replace('.', ',');
  if (writesDecimalComma(table)) t = t.replace(/(\d)\.(?=\d{3}(?!\d))/g, '$1').replace(/(\d),(?=\d)/g, '$1.');
  const bare = t.replace(/[$€£%\s]/g, '');
  // A dash or "nil" prints nothing for the period: the figure is 0 (issue 38). "n/a", "n.m." and
  // "nm" say there is no figure at all.
  if (/^(?:[-–—−]+|nil|none)$/i.test(bare || '-')) return 0;
  if (/^(?:n\/?a|n\.[am]\.|nm)$/i.test(bare)) return null;
  const kind = rowKind(rowName, section);
  if (
    unit === 'percent' ||
    (kind === 'percent' && !/%/.test(t) && isPercentLabel(`${rowName} ${section.at(-1) ?? ''}`)) ||
    (row !== undefined && !/%/.test(t) && ratioRow(table, row, rowName))
  ) {
    return normalisePercent(/%/.test(t) ? t : `${t.replace(/[$€£]/g, '')}%`);
  }
  let scale: Scale | undefined = unit ?? table.scale ?? pageScales.get(table);
  // A row that states its own units ("Revenue (£m)", "Net debt (£bn)", "Share price (£)") in a
  // highlights table with no scale of its own, or one that differs from the table's.
  // Or the section heading over it does ("Income statement (£m)", "Balance sheet (£m)").
  const stated =
    labelUnits(rowName) ??
    [...section]
      .reverse()
      .map(labelUnits)
      .find((u) => u !== undefined);
  if (stated) scale = stated.scale;
  // A line stating its own scale in words ("Shares in thousands", "Units sold, in millions").
  const ownWords = /\bin\s+(thousands|millions|billions)\b/i.exec(rowName)?.[1]?.toLowerCase();
  if (ownWords && !stated) scale = ownWords as Scale;
  // A multiple ("2.1x" net debt to EBITDA) is a ratio whatever the table's scale.
  if (kind === 'per-share' || kind === 'percent' || /\d\)?\s*x$/i.test(text.trim())) {
    if (!titleScalesRow(table, rowName)) scale = undefined;
  } else if (kind === 'shares' && !ownWords) scale = table.shareScale ?? scale;
  return normaliseValue(t, { dataPoint: 'amount', ...(scale ? { scale } : {}) });
}

/**
 * A table titled by what its row counts, with the scale beside it ("Visitors (thousands)",
 * "Subscribers in millions"): the scale is the count's, not only the money's.
 */
function titleScalesRow(table: LayoutTable, rowName: string): boolean {
  const title = table.title ?? '';
  const name = rowName.trim().toLowerCase();
  if (!name || !/\b(?:thousands?|millions?|billions?)\b/i.test(title) || /\bexcept\b/i.test(title))
    return false;
  return title.toLowerCase().startsWith(name) && !/%|\bper\b|\bratio\b/i.test(rowName);
}

const decimalCommas = new WeakMap<LayoutTable, boolean>();

/**
 * A table that writes decimals after a comma and groups thousands with points ("4.812,3",
 * "-12,8", "6,2 %"), as continental European reports do: there "58.412" is 58,412. Only when
 * several figures say so and none is written the other way ("1,234", "14.6").
 */
/** A table of whole amounts grouped by commas ("3,977", "(8,790)"), hardly any with three decimals. */
function groupsThousandsOnly(table: LayoutTable): boolean {
  const texts = table.cells
    .filter((c) => c.column >= table.labelColumns && c.row >= table.headerRows)
    .map((c) => c.text.replace(/[$€£\s]/g, ''));
  const grouped = texts.filter((t) => /^\(?\d{1,3}(?:,\d{3})+\)?$/.test(t)).length;
  const threeDecimals = texts.filter((t) => /\d\.\d{3}(?!\d)/.test(t)).length;
  return threeDecimals <= 2 && grouped >= 3 * threeDecimals && !writesDecimalComma(table);
}

function writesDecimalComma(table: LayoutTable): boolean {
  let known = decimalCommas.get(table);
  if (known === undefined) {
    let european = 0;
    let other = 0;
    for (const cell of table.cells) {
      if (cell.row < table.headerRows || cell.column < table.labelColumns) continue;
      // "4.812,3", "-12,8", or thousands grouped by points twice over ("1.205.477").
      if (/\d\.\d{3},\d|(?<![\d.,])\d{1,3},\d{1,2}(?![\d.,])|\d\.\d{3}\.\d{3}(?![\d,])/.test(cell.text))
        european += 1;
      if (/\d,\d{3}(?!\d)|(?<![\d.,])\d+\.\d{1,2}(?![\d.,])/.test(cell.text)) other += 1;
    }
    known = european >= 2 && other === 0;
    decimalCommas.set(table, known);
  }
  return known;
}

const CURRENCY_WORD = String.raw`(?:USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|INR|US\$|Rs\.?|\$|€|£|¥|₹|dollars?|euros?|pounds?|rupees?)`;
const SCALE_WORD = "(?:thousands?|millions?|billions?|crores?|lakhs?|mn|bn|m|k|'000)";
/**
 * The units a data point states for its answer ("Net income (USD millions)", "Revenue in $m",
 * "(in thousands)"): the answer is always the full figure, so they name nothing to match.
 */
function withoutUnits(label: string): string {
  return (
    label
      .replace(
        new RegExp(
          String.raw`\(\s*(?:in\s+)?(?:${CURRENCY_WORD}\s*)?(?:${SCALE_WORD})?(?:\s+of\s+${CURRENCY_WORD})?\s*\)`,
          'gi',
        ),
        ' ',
      )
      // "… in millions", "… in USD", "… in $ thousands" at the end (before a period named last).
      .replace(
        new RegExp(
          String.raw`\bin\s+(?:${CURRENCY_WORD}(?:\s*${SCALE_WORD})?|${SCALE_WORD})(?:\s+of\s+${CURRENCY_WORD})?(?=(?:\s+(?:FY\s?)?\d{2,4})?\s*$)`,
          'i',
        ),
        ' ',
      )
      // A column's unit named with its period, as the header prints it ("Total 2019 $'000",
      // "EBITDA FY19 $m", "Revenue 2019 US$ million").
      .replace(
        new RegExp(
          String.raw`(?:^|\s)(?:${CURRENCY_WORD}\s?(?:'000|000|mn|bn|m|k|thousands?|millions?|billions?)|'000)(?=\s|$)`,
          'gi',
        ),
        ' ',
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The candidate a cell gives, if it holds a figure: its value (read by `read`), anchor and
 * location under the names it is known by. Score and period assumption are the caller's.
 */
function candidateAt(
  page: LayoutPage,
  table: LayoutTable,
  row: number,
  column: number,
  names: { rowName: string; header: string },
  read: (text: string) => NormalisedValue,
): Omit<TableCandidate, 'score' | 'latestAssumed'> | undefined {
  const cell = cellAt(table, row, column);
  if (!cell || cell.row !== row || cell.text.trim() === '' || !isFigureText(cell.text)) return undefined;
  const value = read(cell.text);
  const anchor: ItemAnchor = { page: table.page, box: cell.box, row_label: names.rowName };
  if (names.header) anchor.column_label = names.header;
  if (page.url) anchor.url = page.url;
  if (page.sheet) anchor.sheet = page.sheet;
  withGridRef(anchor, cell);
  return {
    value,
    cell,
    table,
    item: {
      value,
      location: gridLocation(page, cell) ?? locationOf(table.page, table, names.rowName, names.header),
      source_text: rowText(table, row),
      source_url: page.url ?? null,
      confidence: 0,
      anchor,
    },
  };
}

export interface TableMatch {
  /** Every figure that could answer, best first. */
  candidates: TableCandidate[];
  /**
   * The best score of a row and column that fit the data point but hold no figure in that column
   * (a scan lost it, a lone "$" is left): a lesser row answering instead is less sure.
   */
  blankScore?: number;
}

const BALANCE_SIDES = words('liabilities equity');
/**
 * Words that make a line item another one: never left unexplained by a row that lacks them. A
 * margin, rate or growth is a ratio: "EBIT margin" is never the EBIT line.
 */
const DEFINING = new Set(
  words(
    'free adjusted underlying organic diluted basic comprehensive discontinued continuing selling margin ratio rate growth change yield percentage',
  ),
);
/** Words of figures that may be percentages: only these are answered from a column of percentages. */
const RATIO_WORDS = new Set(
  words(
    'margin ratio rate growth yield percent change share return split weighting conversion utilisation utilization occupancy churn retention mix',
  ),
);
/** Words that make a line the balance an item leaves behind, not the item ("Deferred revenue"). */
const BALANCE_OF_ITEM = new Set(words('deferred unearned accrued prepaid unbilled'));
const ACTIVITIES = words('activities')[0] ?? 'activities';
/** Words of a data point asking a cash flow rather than a balance. */
const FLOW_WORDS = new Set(words('flow flows activities provided used generated'));
/** Words of a data point asking a change from the period before. */
const CHANGE_WORDS = new Set(words('change growth increase decrease variance yoy movement difference'));
/** A line of profit, whose share of revenue is a margin. */
const PROFIT_WORDS = new Set(words('income profit earnings loss ebitda ebita'));
/** The GAAP figure's own names ("Statutory NPAT", "Reported revenue"). */
const AS_REPORTED = new Set(words('statutory reported'));
/** Rows that name only which form of the section's item they give ("Basic", "Basic and diluted"). */
const QUALIFIERS = new Set(words('basic diluted'));
/** The profit for the parent's owners is the net income reports mean, less its minority share. */
const ATTRIBUTION = new Set(words('attributable parent'));

const MONTH_NAME = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
/** A date in a line's name: "at 31 December", "as of January 1, 2024". */
const DATE_IN_NAME = new RegExp(
  String.raw`\b(?:(?:at|as\s+(?:at|of)|on)\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+${MONTH_NAME}|${MONTH_NAME}\s+\d{1,2}(?:st|nd|rd|th)?)(?:,?\s*(?:19|20)\d{2})?`,
  'gi',
);

const MONTH_NUMBER = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The day and month a line is dated by without a year ("Outstanding at 30 June" → 30, 6). */
function dayMonthOf(name: string): { day: number; month: number } | undefined {
  const date = name.match(DATE_IN_NAME)?.at(-1);
  if (!date || /(?:19|20)\d{2}/.test(date)) return undefined;
  const day = Number(/\d{1,2}/.exec(date)?.[0]);
  const month =
    MONTH_NUMBER.findIndex((m) =>
      date
        .toLowerCase()
        .replace(/\bsept\b/, 'sep')
        .includes(m),
    ) + 1;
  return day && month ? { day, month } : undefined;
}

/** Whether a name is of a balance at the start or the end of a period ("at 1 January", "end of year"). */
function balanceOf(name: string): 'opening' | 'closing' | undefined {
  if (/\b(?:beginning|opening|start)\b/i.test(name)) return 'opening';
  if (/\b(?:end|closing|year[\s-]end)\b/i.test(name)) return 'closing';
  const date = name.match(DATE_IN_NAME)?.at(-1);
  if (!date) return undefined;
  return /\b1(?:st)?\s+jan|jan[a-z]*\.?\s+1(?:st)?\b/i.test(date) ? 'opening' : 'closing';
}

/** What a word a line's name has and the data point lacks costs: "Total", "Net" and the GAAP name little. */
function extraWordFactor(w: string): number {
  if (w === 'total' || w === 'net') return 0.93;
  if (AS_REPORTED.has(w)) return 0.95;
  if (ATTRIBUTION.has(w)) return 0.97;
  return 0.85;
}

/**
 * "Owners of the parent" under "Attributable to:" (after the profit for the year) is the profit
 * attributable to them; under "Net income attributable to:", the same.
 */
function attributedName(name: string, section: string[]): string {
  const heading = section.at(-1)?.replace(/[\s:]+$/, '');
  if (!heading || !/\battributable\s+to$/i.test(heading)) return name;
  return /\b(?:profit|income|earnings|loss)\b/i.test(heading)
    ? `${heading} ${name}`
    : `Profit ${heading} ${name}`;
}

/** Every table cell that could answer the data point, best first. */
export function tableCandidates(pages: LayoutPage[], dataPoint: string): TableCandidate[] {
  return matchTables(pages, dataPoint).candidates;
}

export function matchTables(pages: LayoutPage[], dataPoint: string): TableMatch {
  const { label, period } = splitDataPoint(withoutUnits(dataPoint));
  const dpWords = words(label);
  if (dpWords.length === 0) return { candidates: [] };
  const dpKind = rowKind(label, []);
  const asksRatio = dpKind === 'percent' || dpWords.some((w) => RATIO_WORDS.has(w));
  const asksChangeOnly =
    dpWords.includes('change') && !dpWords.some((w) => w !== 'change' && RATIO_WORDS.has(w));
  const asksGrowth = dpWords.includes('growth') && !dpWords.includes('change');
  const asksChange = dpWords.some((w) => CHANGE_WORDS.has(w));
  const dpBalance = balanceOf(label);
  const out: TableCandidate[] = [];
  let blankScore: number | undefined;
  for (const page of pages) {
    for (const table of page.tables) {
      notePageScale(page, table);
      const prep = prepare(table);
      if (prep.columns.length === 0) continue;
      out.push(...transposedCandidates(page, table, prep, dpWords, period));
      out.push(...balanceCandidates(page, table, prep, dpWords, period));
      // Without a named period: the latest column the table has.
      // (Estimates and budgets are no latest figure: "2025E" beside "2024A".)
      const keyed = prep.columns.filter(
        (c) => c.period && c.period.years.length > 0 && !c.words.some((w) => PLAN_WORDS.has(w)),
      );
      const latestKey = keyed.length
        ? Math.max(...keyed.map((c) => periodKey(c.period as Period)))
        : undefined;
      for (let r = table.headerRows; r < table.rowCount; r++) {
        const row = table.rowLabels[r];
        if (!row || row.isHeading) continue;
        // "Cash and cash equivalents at 31 December": the date says which balance, not what item.
        const itemName = attributedName(row.name, row.section);
        const balance = balanceOf(itemName);
        const rowWords = words(itemName.replace(DATE_IN_NAME, ' '));
        if (rowWords.length === 0) continue;
        const headWords = words(row.name.split(/[,;:(]/)[0] ?? '');
        // "Net income (loss)": the bracketed other sign is the same line, not a further word.
        const otherSign = [...row.name.matchAll(ALTERNATIVE)].flatMap((m) => words(m[1] ?? ''));
        const sectionWords = row.section.flatMap(words);
        // The total a row is part of names its item when the data point names that whole and no
        // more ("Subscription revenue" of "Subscription" above "Total revenue"; not of a row
        // above "Total cost of revenue").
        const whole = prep.wholeWords[r] ?? [];
        const wholeWords = whole.length > 0 && whole.every((w) => dpWords.includes(w)) ? whole : [];
        // "Basic" / "Diluted" under "Earnings per share": the section names the line item.
        const qualifierOnly = headWords.length > 0 && headWords.every((w) => QUALIFIERS.has(w));
        const named = (w: string) => rowWords.includes(w) || (qualifierOnly && sectionWords.includes(w));
        // Cheap reject: the row must carry at least one word of the label.
        if (!dpWords.some((w) => !SOFT.has(w) && (named(w) || synonymsOf(w).some(named)))) continue;
        // "Total liabilities and equity" is the balance sheet's other side, not its liabilities.
        if (
          BALANCE_SIDES.every((w) => rowWords.includes(w)) &&
          !BALANCE_SIDES.every((w) => dpWords.includes(w))
        )
          continue;
        // "Diluted" under "Earnings per share" is not the "Diluted shares" asked for, nor the reverse.
        const kind = rowKind(row.name, row.section);
        const kindClash =
          (dpKind === 'shares' && kind === 'per-share') || (dpKind === 'per-share' && kind === 'shares');
        // A profit's share of revenue is its margin ("Gross profit" under "% of net sales").
        const isProfit = rowWords.some((w) => PROFIT_WORDS.has(w));
        const rowYears = yearOfSection(row.section);
        const rowDate = balanceDate(row.name);
        const rowDay = dayMonthOf(row.name);
        for (const col of prep.columns) {
          // A percentage is no amount: "Net sales" of a column of shares of net sales (100.0 %).
          if (col.words.includes('percent') && !asksRatio) continue;
          const marginOfShare = col.ofRevenue && isProfit && dpWords.includes('margin');
          // Quarters across, each year's rows under a heading of the year: the heading's year. A
          // balance dated in its line ("Outstanding at December 31, 2022") is at that date.
          const colPeriod = col.ownYears
            ? col.period
            : rowDate
              ? rowDate
              : rowYears
                ? { ...(col.period ?? {}), years: rowYears }
                : col.period;
          let score = kindClash ? 0.7 : 1;
          // Beside "$ Change", "% Change" is a change asked as a percentage or a growth; "$ Change"
          // is the change asked as nothing more.
          const percentColumn = col.words.includes('percent');
          // A change column answers only a change ("% Change" is no share of revenue).
          if (col.words.includes('change') && !asksChange && !rowWords.includes('change')) continue;
          if (percentColumn && asksChangeOnly) score *= 0.8;
          if (!percentColumn && asksGrowth && col.words.includes('change')) score *= 0.9;
          let unexplained = 0;
          let inRow = 0;
          let inColumn = 0;
          let missingTotal = false;
          let redefined = false;
          let namedBySection = false;
          for (const w of dpWords) {
            if (rowWords.includes(w)) inRow += SOFT.has(w) ? 0 : 1;
            else if (qualifierOnly && !SOFT.has(w) && sectionWords.includes(w)) {
              inRow += 1;
              namedBySection = true;
            } else if (synonymsOf(w).some((x) => rowWords.includes(x))) {
              inRow += 1;
              score *= 0.92;
            } else if (SOFT.has(w)) continue;
            else if (w === 'margin' && marginOfShare) {
              score *= 0.97;
              inColumn += 1;
            } else if (col.words.includes(w)) {
              score *= 0.97;
              inColumn += 1;
            } else if (synonymsOf(w).some((x) => col.words.includes(x))) {
              // "Revenue growth" of a "Change" column.
              score *= 0.97 * 0.92;
              inColumn += 1;
            } else if (sectionWords.includes(w) || prep.titleWords.includes(w) || wholeWords.includes(w))
              score *= 0.93;
            else if (synonymsOf(w).some((x) => sectionWords.includes(x) || prep.titleWords.includes(x)))
              score *= 0.93 * 0.92;
            else if (w === 'total' && row.isTotal) score *= 0.98;
            else if (w === 'total') missingTotal = true;
            else {
              unexplained += 1;
              // "Free cash flow" is not any cash flow line, nor "Adjusted EBITDA" the EBITDA.
              if (DEFINING.has(w)) redefined = true;
            }
          }
          if (inRow === 0 || redefined) continue;
          // The balance at the end of the year, not at its start, unless the start is asked.
          if (balance === 'closing' && dpBalance === 'opening') continue;
          if (balance === 'opening' && dpBalance !== 'opening') score *= 0.9;
          // "Outstanding at 30 June 2019" asked: the line dated 30 June, not "Outstanding at 1 July".
          if (
            rowDay &&
            period?.day !== undefined &&
            (rowDay.day !== period.day || rowDay.month !== period.month)
          )
            score *= 0.85;
          // "Basic" under "Net income (loss) per share" names no net loss.
          if (namedBySection && rowKind(row.name.split(/[,;:(]/)[0] ?? '', row.section) !== dpKind) continue;
          if (namedBySection) score *= 0.97;
          if (unexplained > 0) {
            if (dpWords.filter((w) => !SOFT.has(w)).length >= 3 && unexplained === 1) score *= 0.6;
            else continue;
          }
          const extra = rowWords.filter(
            (w) =>
              !dpWords.includes(w) &&
              !synonymsOf(w).some((x) => dpWords.includes(x)) &&
              !(marginOfShare && PROFIT_WORDS.has(w)),
          );
          // "Cost of sales" is no sales figure, though "sales" is revenue.
          if (extra.includes('cost')) continue;
          // "Deferred revenue" is a liability, not revenue; "Accrued expenses" no expenses of the
          // year; the non-controlling interests' share of net income is not the net income
          // (though "Net income including non-controlling interests" is).
          if (extra.some((w) => BALANCE_OF_ITEM.has(w))) continue;
          if (extra.includes('noncontrolling') && !/\binclud/i.test(row.name)) continue;
          // "Net cash provided by operating activities" is a flow, not the cash asked for.
          if (extra.includes(ACTIVITIES) && !dpWords.some((w) => FLOW_WORDS.has(w))) continue;
          // "Total current liabilities" is not the total liabilities, nor "Current portion of
          // long-term debt" the long-term debt ("…, net of current portion" describes it only).
          if (extra.some((w) => (w === 'current' || w === 'noncurrent') && headWords.includes(w))) continue;
          // Nor are sales between segments ("Intersegment revenue") a segment's revenue.
          if (extra.some((w) => /^inter-?(?:segment|company)$/.test(w))) continue;
          // "Total equity" asked of a balance sheet printing one "Equity" line: that line, less
          // surely; never a line with other words ("Other equity").
          if (missingTotal) {
            if (extra.length > 0) continue;
            score *= 0.9;
          }
          // "Total deposits" for "Deposits": close; "Deposits with banks": further. A description
          // after the label's first comma ("Common stock, $0.01 par value: 400 shares authorized")
          // costs no more than one extra word.
          let tail = 1;
          for (const w of extra) {
            const factor = otherSign.includes(w)
              ? 0.98
              : qualifierOnly && QUALIFIERS.has(w)
                ? 0.95
                : extraWordFactor(w);
            if (headWords.includes(w)) score *= factor;
            else tail *= factor;
          }
          score *= Math.max(tail, 0.85);
          // "Income before income taxes" is neither the income nor the income tax asked for.
          if (extra.includes('before')) score *= 0.8;
          // Column header words the data point does not name ("Company" beside "Group"): the
          // first such column is the consolidated one by convention; later ones fall behind. A
          // "Total" / "Consolidated" column (after the segments) is the whole, named or not.
          const colExtra = col.words.filter((w) => !dpWords.includes(w) && !rowWords.includes(w));
          const whole = colExtra.length > 0 && colExtra.every((w) => WHOLE_WORDS.has(w));
          if (colExtra.some((w) => PLAN_WORDS.has(w))) score *= 0.6;
          if (colExtra.length > 0 && prep.columns.length > 1 && !whole) {
            score *= 0.97;
            const samePeriodBefore = prep.columns.some(
              (o) =>
                o.column < col.column &&
                o.period &&
                col.period &&
                periodKey(o.period) === periodKey(col.period) &&
                o.words.join() !== col.words.join(),
            );
            if (samePeriodBefore) score *= 0.88;
          }

          let latestAssumed = false;
          if (period) {
            const fit = periodFit(period, colPeriod);
            if (fit === 0) continue;
            score *= fit;
          } else if (latestKey !== undefined) {
            if (col.period && col.period.years.length > 0 && periodKey(col.period) === latestKey)
              latestAssumed = true;
            // A column named by the data point's words and by no period ("YoY", "% Change").
            else if (!(inColumn > 0 && !col.period?.years.length)) score *= 0.5;
          } else if (prep.columns.length > 1) {
            // No periods at all: the first figure column, less surely.
            if (col !== prep.columns[0]) score *= 0.5;
            else latestAssumed = true;
          }
          const found = candidateAt(
            page,
            table,
            r,
            col.column,
            { rowName: row.name, header: col.header },
            (text) => figureValue(text, row.name, row.section, table, col.column, r),
          );
          if (found) out.push({ ...found, score, latestAssumed });
          else if (score > (blankScore ?? 0) && rowHasFigure(table, r) && columnHasFigure(table, col.column))
            blankScore = score;
        }
      }
    }
  }
  out.sort((a, b) => b.score - a.score);
  return { candidates: out, blankScore };
}

/** The date a line's balance is struck at ("Outstanding at December 31, 2022", "Balance as of 30 June 2024"). */
function balanceDate(name: string): Period | undefined {
  const at = /\b(?:at|as\s+(?:at|of))\s+(.*\b(?:19|20)\d{2})\b/i.exec(name)?.[1];
  const period = at ? parsePeriod(at) : undefined;
  return period?.years.length === 1 && period.day !== undefined ? period : undefined;
}

/** The years of the nearest section heading that is nothing but a period ("2022", "Fiscal 2022:"). */
function yearOfSection(section: string[]): number[] | undefined {
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

function rowHasFigure(table: LayoutTable, row: number): boolean {
  return table.cells.some((c) => c.row === row && c.column >= table.labelColumns && isFigureText(c.text));
}

function columnHasFigure(table: LayoutTable, column: number): boolean {
  return table.cells.some((c) => c.column === column && c.row >= table.headerRows && isFigureText(c.text));
}

/**
 * A table printed the other way round: periods down the label column ("2019" … "2023") and the
 * measures across the header ("Revenue ($m)", "Employees"). Undefined for ordinary tables.
 */
function transposedPeriods(table: LayoutTable, prep: PreparedTable): Map<number, Period> | undefined {
  // Columns headed with periods of their own (not the title's, which every column takes).
  if (prep.columns.some((c) => (parsePeriod(c.header)?.years.length ?? 0) > 0)) return undefined;
  const periods = new Map<number, Period>();
  // The label column's own heading may say what the dates are ("Nine months ended" / "December
  // 31, 2024", as Japanese results summaries set them).
  const stub = table.cells
    .filter((c) => c.row < table.headerRows && c.column < table.labelColumns && c.text.trim())
    .map((c) => c.text.trim())
    .join(' ');
  let body = 0;
  for (let r = table.headerRows; r < table.rowCount; r++) {
    const row = table.rowLabels[r];
    if (!row || row.isHeading) continue;
    body += 1;
    const own = parsePeriod(row.name);
    const stated = stub ? parsePeriod(`${stub} ${row.name}`) : undefined;
    const period = stated && own && stated.years.join() === own.years.join() ? stated : own;
    // The label must be the period itself, perhaps with a qualifier ("2022 restated", "FY2021").
    if (period && period.years.length > 0 && plainWords(row.name).length <= 1) periods.set(r, period);
  }
  if (body >= 2 && periods.size >= Math.max(2, Math.ceil(body * 0.6))) return periods;
  // A maturity schedule: a run of three or more years from the top, then "Thereafter" and totals
  // ("2024" … "2028", "Thereafter", "Total lease payments", "Less: imputed interest").
  const dated = [...periods.keys()];
  const firstBody = table.rowLabels.findIndex((l, r) => r >= table.headerRows && l && !l.isHeading);
  const run = dated.every((r, i) => r === firstBody + i);
  return dated.length >= 3 && run ? periods : undefined;
}

/** The unit under a measure's name ("Millions of yen", "Yen", "%", "£m"). */
const MEASURE_UNIT =
  /\b(?:in\s+)?(?:thousands|millions|billions)(?:\s+of\s+[\p{L}$€£¥₹]+)?|\b(?:yen|dollars|euros?|pounds|rupees|yuan|renminbi|francs)\b|[$€£¥₹]\s?(?:m|bn|k)?\b|%|\b(?:[$€£]|US\$)?(?:m|bn)\b/giu;

/** A note that a table's percentages are changes on the year before. */
const CHANGES_NOTE =
  /\bpercentages?\s+(?:indicate|represent|show|are)\s+(?:the\s+)?(?:year[\s-](?:on|over)[\s-]year\s+|yoy\s+)?changes?\b/i;

function transposedCandidates(
  page: LayoutPage,
  table: LayoutTable,
  prep: PreparedTable,
  dpWords: string[],
  period: Period | undefined,
): TableCandidate[] {
  const periods = transposedPeriods(table, prep);
  if (!periods) return [];
  const latestKey = Math.max(...[...periods.values()].map(periodKey));
  // Units printed in the measures' headers belong to those columns only.
  const ownUnits = table.columnUnits.some((u) => u !== undefined);
  const view: LayoutTable = ownUnits ? { ...table, scale: undefined } : table;
  const out: TableCandidate[] = [];
  // "(Percentages indicate year-on-year changes.)": each measure's "%" column is its growth.
  const changes = CHANGES_NOTE.test([table.title ?? '', ...table.context].join(' '));
  // "Net income (loss) ($ millions)": the bracketed other sign stays a word of the measure.
  const measureWords = (header: string) =>
    words(
      header
        .replace(ALTERNATIVE, ' $1 ')
        .replace(/\([^)]*\)/g, ' ')
        .replace(MEASURE_UNIT, ' '),
    );
  for (const [i, col] of prep.columns.entries()) {
    let measure = col.header.trim();
    let colWords = measureWords(measure);
    // A "%" column named by nothing else is the measure's beside it ("Net sales" over its amount
    // and its change, the heading set over the first).
    const before = prep.columns[i - 1];
    const name = (header: string) => header.replace(MEASURE_UNIT, ' ').replace(/\s+/g, ' ').trim();
    // …or by the first line of the name only ("Profit attributable to owners" over both, "of
    // parent" under it over the first).
    if (
      before &&
      before.column === col.column - 1 &&
      name(before.header) !== '' &&
      name(before.header).startsWith(name(measure))
    ) {
      colWords = measureWords(before.header);
      measure = `${name(before.header)} ${measure.slice(name(measure).length).trim()}`;
    }
    if (table.columnUnits[col.column] === 'percent') colWords.push(changes ? 'change' : 'percent');
    let score = 1;
    let inHeader = 0;
    let unexplained = 0;
    for (const w of dpWords) {
      if (colWords.includes(w)) inHeader += SOFT.has(w) ? 0 : 1;
      else if (synonymsOf(w).some((x) => colWords.includes(x))) {
        inHeader += 1;
        score *= 0.92;
      } else if (SOFT.has(w)) continue;
      else if (prep.titleWords.includes(w)) score *= 0.93;
      else unexplained += 1;
    }
    if (inHeader === 0 || unexplained > 0) continue;
    const otherSign = [...measure.matchAll(ALTERNATIVE)].flatMap((m) => words(m[1] ?? ''));
    for (const w of colWords)
      if (!dpWords.includes(w) && !synonymsOf(w).some((x) => dpWords.includes(x)))
        score *= otherSign.includes(w) ? 0.98 : extraWordFactor(w);
    // Read the other way round: a little less sure than an ordinary table.
    score *= 0.95;
    for (const [r, rowPeriod] of periods) {
      let cellScore = score;
      let latestAssumed = false;
      if (period) {
        const fit = periodFit(period, rowPeriod);
        if (fit === 0) continue;
        cellScore *= fit;
      } else if (periodKey(rowPeriod) === latestKey) latestAssumed = true;
      else cellScore *= 0.5;
      // Read across: the measure is the row asked for, the period row its column.
      const names = { rowName: measure, header: table.rowLabels[r]?.name ?? '' };
      const found = candidateAt(page, table, r, col.column, names, (text) =>
        figureValue(text, measure, [], view, col.column),
      );
      if (found) out.push({ ...found, score: cellScore, latestAssumed });
    }
  }
  return out;
}

/** Words of a balance row besides its date ("At 31 December 2023", "Balance as of December 31, 2022"). */
const BALANCE_WORDS = new Set(['balance', 'closing', 'opening', 'end', 'at']);

interface BalancePeriod {
  period: Period;
  /** A balance at a date; otherwise a movement of the year that ends at the next balance. */
  balance: boolean;
}

/**
 * A statement of changes in equity: the components across the header ("Share capital", "Retained
 * earnings", "Total equity"), balances down the side at dates ("At 31 December 2023") and the
 * year's movements between them. Undefined for other tables.
 */
function balancePeriods(table: LayoutTable, prep: PreparedTable): Map<number, BalancePeriod> | undefined {
  // Columns headed with periods of their own (not the title's, which every column takes).
  if (prep.columns.some((c) => (parsePeriod(c.header)?.years.length ?? 0) > 0)) return undefined;
  const balances: [number, Period][] = [];
  for (let r = table.headerRows; r < table.rowCount; r++) {
    const row = table.rowLabels[r];
    if (!row || row.isHeading) continue;
    const period = parsePeriod(row.name);
    if (
      period?.years.length === 1 &&
      period.day !== undefined &&
      plainWords(row.name).every((w) => BALANCE_WORDS.has(w))
    )
      balances.push([r, period]);
  }
  if (balances.length < 2) return undefined;
  const periods = new Map<number, BalancePeriod>();
  for (const [r, period] of balances) periods.set(r, { period, balance: true });
  for (let b = 1; b < balances.length; b++) {
    const [from] = balances[b - 1] as [number, Period];
    const [to, closing] = balances[b] as [number, Period];
    for (let r = from + 1; r < to; r++) {
      const row = table.rowLabels[r];
      if (row && !row.isHeading)
        periods.set(r, { period: { years: closing.years, months: 12 }, balance: false });
    }
  }
  return periods;
}

function balanceCandidates(
  page: LayoutPage,
  table: LayoutTable,
  prep: PreparedTable,
  dpWords: string[],
  period: Period | undefined,
): TableCandidate[] {
  const periods = balancePeriods(table, prep);
  if (!periods) return [];
  const latestKey = Math.max(...[...periods.values()].map((p) => periodKey(p.period)));
  // Movements asked without a component are the whole's: the last "Total" column.
  const totalColumn = [...prep.columns].reverse().find((c) => c.words.includes('total'));
  const out: TableCandidate[] = [];
  for (const col of prep.columns) {
    for (const [r, { period: rowPeriod, balance }] of periods) {
      const row = table.rowLabels[r];
      if (!row) continue;
      const rowWords = balance ? [] : words(row.name);
      // Read across a statement's two axes: less sure than an ordinary table.
      let score = 0.9;
      let inRow = 0;
      let inColumn = 0;
      let unexplained = 0;
      for (const w of dpWords) {
        if (rowWords.includes(w)) inRow += 1;
        else if (col.words.includes(w)) inColumn += 1;
        else if (synonymsOf(w).some((x) => rowWords.includes(x) || col.words.includes(x))) {
          inRow += 1;
          score *= 0.92;
        } else if (SOFT.has(w) || (balance && BALANCE_WORDS.has(w))) continue;
        else unexplained += 1;
      }
      if (unexplained > 0) continue;
      if (balance ? inColumn === 0 : inRow === 0) continue;
      if (inColumn === 0 && col !== totalColumn) continue;
      for (const w of rowWords)
        if (!dpWords.includes(w) && !synonymsOf(w).some((x) => dpWords.includes(x))) score *= 0.85;
      for (const w of col.words)
        if (!dpWords.includes(w) && !rowWords.includes(w)) score *= w === 'total' ? 0.97 : 0.85;
      let latestAssumed = false;
      if (period) {
        const fit = periodFit(period, rowPeriod);
        if (fit === 0) continue;
        score *= fit;
        // A year names its closing balance, not the opening one dated its first day.
        if (balance && period.day === undefined && rowPeriod.day === 1) score *= 0.8;
      } else if (periodKey(rowPeriod) === latestKey) latestAssumed = true;
      else score *= 0.5;
      // A column of share counts or ratios says what its figures are ("Common Stock Shares").
      const kindFrom =
        rowKind(col.header, []) === 'amount' || /\bamounts?\b/i.test(col.header) ? row.name : col.header;
      const found = candidateAt(
        page,
        table,
        r,
        col.column,
        { rowName: row.name, header: col.header },
        (text) => figureValue(text, kindFrom, row.section, table, col.column),
      );
      if (found) out.push({ ...found, score, latestAssumed });
    }
  }
  return out;
}

function same(a: NormalisedValue, b: NormalisedValue): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  return a === b;
}

/**
 * Confidence from the match: the score, discounted for a rival reading with another value and
 * for an assumed period, then mapped through the calibration measured on the quality corpus.
 */
export function confidenceOf(best: TableCandidate, match: TableMatch, ocrConfidence?: number): number {
  const all = match.candidates;
  const rival = all.find((c) => c !== best && c.score >= best.score * 0.92 && !same(c.value, best.value));
  let raw = best.score;
  if (rival) raw *= 0.8 - Math.min(0.2, (rival.score / best.score - 0.92) * 2);
  // A better-named row is there but empty in this column: this answer may be the row below it.
  if (match.blankScore !== undefined && match.blankScore > best.score) raw *= 0.7;
  if (best.latestAssumed) raw *= 0.96;
  // The table states two scales: the nearest was applied, but this amount may be off by a power of ten.
  if (
    best.table.scaleNote &&
    typeof best.value === 'number' &&
    best.value !== 0 &&
    best.table.columnUnits[best.cell.column] === undefined &&
    rowKind(best.item.anchor?.row_label ?? '', []) === 'amount'
  )
    raw *= 0.85;
  if (ocrConfidence !== undefined) raw *= Math.min(1, 0.5 + ocrConfidence / 2);
  return calibrate(raw);
}

/** Raw match score → probability right, from reliability on the quality corpus (pnpm quality). */
export function calibrate(raw: number): number {
  const points: [number, number][] = [
    [0, 0.3],
    [0.5, 0.6],
    [0.7, 0.8],
    [0.85, 0.9],
    [0.95, 0.94],
    [0.99, 0.985],
    [1, 0.99],
  ];
  const x = Math.max(0, Math.min(1, raw));
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i] as [number, number];
    const [x0, y0] = points[i - 1] as [number, number];
    if (x <= x1) return Math.round((y0 + ((x - x0) / (x1 - x0)) * (y1 - y0)) * 1000) / 1000;
  }
  return 0.99;
}

/** Every figure of every table as "<row label> <column header>" (extract everything). */
export function allTableItems(pages: LayoutPage[]): { key: string; item: ExtractedItem }[] {
  const out: { key: string; item: ExtractedItem }[] = [];
  for (const page of pages) {
    for (const table of page.tables) {
      notePageScale(page, table);
      const prep = prepare(table);
      for (let r = table.headerRows; r < table.rowCount; r++) {
        const row = table.rowLabels[r];
        if (!row || row.isHeading) continue;
        for (const col of prep.columns) {
          const cell = cellAt(table, r, col.column);
          if (!cell || cell.row !== r || !isFigureText(cell.text)) continue;
          const value = figureValue(cell.text, row.name, row.section, table, col.column, r);
          const anchor: ItemAnchor = { page: table.page, box: cell.box, row_label: row.name };
          if (col.header) anchor.column_label = col.header;
          if (page.url) anchor.url = page.url;
          if (page.sheet) anchor.sheet = page.sheet;
          withGridRef(anchor, cell);
          out.push({
            key: `${row.name} ${col.header}`.trim(),
            item: {
              value,
              location: gridLocation(page, cell) ?? locationOf(table.page, table, row.name, col.header),
              source_text: rowText(table, r),
              source_url: page.url ?? null,
              confidence: calibrate(col.header ? 0.97 : 0.9),
              anchor,
            },
          });
        }
      }
    }
  }
  return out;
}
