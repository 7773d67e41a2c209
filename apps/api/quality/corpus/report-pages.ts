import {
  type ColumnModel,
  type CorpusCase,
  caseTypeOf,
  type HeaderCell,
  type PageModel,
  type RowModel,
  type TableModel,
} from './report-model';

/**
 * Generated report pages in many layouts (US 10-K statements, IFRS/UK notes with £m and
 * 31 March, quarterly tables, segment tables, multi-row headers, wrapped labels, note columns,
 * two tables per page, tables split over pages), each with the data points an analyst would ask
 * and the values they stand for. Deterministic for a seed.
 */

export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

const COMPANIES = [
  'Halvorsen Industries',
  'Northgate Bancorp',
  'Pemberton Retail plc',
  'Aurora Semiconductor',
  'Kestrel Logistics',
  'Meridian Health Group',
  'Tidewater Energy',
  'Blackwood Capital',
  'Orchid Foods Ltd',
  'Sable Networks Inc.',
  'Granite Insurance',
  'Lumen Pharmaceuticals',
  'Cobalt Mining Corp',
  'Harbour Property Trust',
  'Vantage Media',
  'Ironbridge Holdings plc',
  'Jade River Holdings Ltd',
  'Quill Software',
  'Redfern Utilities',
  'Solstice Airlines',
];
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

type NegStyle = 'paren' | 'minus';
interface Style {
  neg: NegStyle;
  decimals: number;
  /** Scale multiplier applied to printed figures. */
  multiplier: number;
  dash: string;
}

function group(n: number, decimals: number): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A printed figure and the value it stands for in units. */
function figure(
  r: Rng,
  style: Style,
  magnitude: number,
  opts: { negative?: boolean; exempt?: boolean; decimals?: number } = {},
) {
  const decimals = opts.decimals ?? style.decimals;
  const raw = Math.round(magnitude * (0.3 + r.next() * 1.7) * 10 ** decimals) / 10 ** decimals;
  const printed = group(raw, decimals);
  const text = opts.negative ? (style.neg === 'paren' ? `(${printed})` : `-${printed}`) : printed;
  const units = Number((raw * (opts.exempt ? 1 : style.multiplier)).toPrecision(12));
  return { text, value: opts.negative ? -units : units };
}

interface LineSpec {
  label: string;
  indent?: number;
  kind?: 'heading' | 'data' | 'total';
  magnitude?: number;
  negative?: boolean;
  exempt?: 'per share' | 'percent' | 'share count';
  dash?: boolean;
  names?: string[];
  wrapAt?: number;
  dollar?: boolean;
  decimals?: number;
}

function rowsFrom(
  r: Rng,
  specs: LineSpec[],
  style: Style,
  columns: number,
  headings: string[] = [],
): RowModel[] {
  const rows: RowModel[] = [];
  for (const spec of specs) {
    const kind = spec.kind ?? 'data';
    if (kind === 'heading') {
      rows.push({
        label: spec.label,
        indent: spec.indent ?? 0,
        kind,
        cells: Array(columns).fill(''),
        expected: Array(columns).fill(null),
        names: [],
        tags: [],
      });
      continue;
    }
    const cells: string[] = [];
    const expected: (number | null)[] = [];
    const tags: string[] = [];
    const withSign = r.chance(0.5);
    for (let c = 0; c < columns; c++) {
      if (spec.dash && c === columns - 1) {
        cells.push(style.dash);
        // A dash prints nothing for the period, i.e. 0; "n/a" is no figure at all.
        expected.push(/^n\/?a$/i.test(style.dash) ? null : 0);
        continue;
      }
      if (spec.exempt === 'percent') {
        const v = Math.round((2 + r.next() * 40) * 10) / 10;
        cells.push(withSign ? `${v}%` : `${v}`);
        expected.push(Number((v / 100).toPrecision(10)));
        continue;
      }
      if (spec.exempt === 'per share') {
        const f = figure(r, style, spec.magnitude ?? 3, {
          negative: spec.negative,
          exempt: true,
          decimals: 2,
        });
        cells.push(f.text);
        expected.push(f.value);
        continue;
      }
      const f = figure(r, style, spec.magnitude ?? 500, { negative: spec.negative, decimals: spec.decimals });
      cells.push(f.text);
      expected.push(f.value);
    }
    if (spec.negative) tags.push('negative');
    if (spec.dash) tags.push('dash blank');
    if (spec.exempt) tags.push(spec.exempt);
    if (spec.wrapAt) tags.push('wrapped label');
    if (spec.dollar) tags.push('dollar cell');
    // A percentage row printed without "%" says so in its label, as reports do.
    let printedLabel =
      spec.exempt === 'percent' && !withSign && !/%/.test(spec.label) ? `${spec.label} (%)` : spec.label;
    // Footnote marks that reports print on labels, not in what analysts ask.
    const mark = r.next();
    if (kind === 'data' && !spec.wrapAt) {
      if (mark < 0.05) printedLabel = `${printedLabel} (1)`;
      else if (mark < 0.08) printedLabel = `${printedLabel}*`;
      else if (mark < 0.1) printedLabel = `${printedLabel}(a)`;
      if (mark < 0.1) tags.push('footnote mark');
    }
    rows.push({
      label: printedLabel,
      ...(spec.wrapAt ? { wrapAt: spec.wrapAt } : {}),
      indent: spec.indent ?? 1,
      kind,
      cells,
      expected,
      names: spec.names ?? [spec.label],
      ...(spec.dollar ? { dollar: true } : {}),
      tags,
    });
  }
  void headings;
  return rows;
}

function scaleStyle(r: Rng, choices: [string, number][]): { text: string; multiplier: number } {
  const [text, multiplier] = r.pick(choices);
  return { text, multiplier };
}

function endOfMonth(month: number, year: number) {
  const day = month === 2 && year % 4 === 0 ? 29 : (MONTH_DAYS[month - 1] as number);
  return day;
}

// ---------------------------------------------------------------------------------------------
// Layouts

function usBalanceSheet(r: Rng, id: string): PageModel {
  const year = r.int(2012, 2023);
  const years = [year, year - 1];
  const fyEndMonth = r.pick([12, 12, 12, 6, 9]);
  const day = endOfMonth(fyEndMonth, year);
  const monthName = MONTH_NAMES[fyEndMonth - 1] as string;
  const scale = scaleStyle(r, [
    ['(In millions, except par value)', 1e6],
    ['(in thousands, except share data)', 1e3],
    ['(Dollars in millions)', 1e6],
    ['(In thousands)', 1e3],
  ]);
  const style: Style = {
    neg: 'paren',
    decimals: scale.multiplier === 1e6 && r.chance(0.3) ? 1 : 0,
    multiplier: scale.multiplier,
    dash: r.pick(['—', '-', '–']),
  };
  const mag = scale.multiplier === 1e6 ? 4000 : 400_000;
  const bank = r.chance(0.4);
  const specs: LineSpec[] = bank
    ? [
        { label: 'ASSETS', kind: 'heading', indent: 0 },
        { label: 'Cash and due from banks', magnitude: mag / 4, dollar: true },
        { label: 'Interest-bearing deposits with banks', magnitude: mag / 6 },
        { label: 'Securities available for sale', magnitude: mag / 2 },
        { label: 'Loans, net of allowance for loan losses of $212 and $198', magnitude: mag * 3, wrapAt: 4 },
        { label: 'Premises and equipment, net', magnitude: mag / 10 },
        { label: 'Goodwill', magnitude: mag / 12, dash: r.chance(0.3) },
        { label: 'Other assets', magnitude: mag / 8 },
        { label: 'Total assets', kind: 'total', magnitude: mag * 5, dollar: true, indent: 2 },
        { label: 'LIABILITIES AND SHAREHOLDERS’ EQUITY', kind: 'heading', indent: 0 },
        { label: 'Deposits:', kind: 'heading', indent: 1 },
        { label: 'Noninterest-bearing', magnitude: mag, indent: 2, names: ['Noninterest-bearing deposits'] },
        { label: 'Interest-bearing', magnitude: mag * 2, indent: 2, names: ['Interest-bearing deposits'] },
        {
          label: 'Total deposits',
          kind: 'total',
          magnitude: mag * 3,
          indent: 3,
          names: ['Total deposits', 'Deposits'],
        },
        { label: 'Short-term borrowings', magnitude: mag / 5 },
        { label: 'Long-term debt', magnitude: mag / 3 },
        { label: 'Accrued expenses and other liabilities', magnitude: mag / 9 },
        { label: 'Total liabilities', kind: 'total', magnitude: mag * 4, indent: 2 },
        { label: 'Accumulated other comprehensive loss', magnitude: mag / 30, negative: true, wrapAt: 3 },
        { label: 'Total shareholders’ equity', kind: 'total', magnitude: mag / 2, indent: 2 },
      ]
    : [
        { label: 'Assets', kind: 'heading', indent: 0 },
        { label: 'Current assets:', kind: 'heading', indent: 0 },
        { label: 'Cash and cash equivalents', magnitude: mag / 3, dollar: true },
        { label: 'Short-term investments', magnitude: mag / 5, dash: r.chance(0.3) },
        { label: 'Accounts receivable, net of allowances of $45 and $39', magnitude: mag / 4, wrapAt: 4 },
        { label: 'Inventories', magnitude: mag / 4 },
        { label: 'Prepaid expenses and other current assets', magnitude: mag / 12 },
        { label: 'Total current assets', kind: 'total', magnitude: mag, indent: 2 },
        { label: 'Property, plant and equipment, net', magnitude: mag / 2, indent: 0 },
        { label: 'Operating lease right-of-use assets', magnitude: mag / 8, indent: 0 },
        { label: 'Goodwill', magnitude: mag / 3, indent: 0 },
        { label: 'Deferred income taxes', magnitude: mag / 20, indent: 0 },
        { label: 'Total assets', kind: 'total', magnitude: mag * 2.5, dollar: true, indent: 1 },
        { label: 'Liabilities and stockholders’ equity', kind: 'heading', indent: 0 },
        { label: 'Current liabilities:', kind: 'heading', indent: 0 },
        { label: 'Accounts payable', magnitude: mag / 5, dollar: true },
        { label: 'Accrued compensation and benefits', magnitude: mag / 15 },
        { label: 'Current portion of long-term debt', magnitude: mag / 20 },
        { label: 'Total current liabilities', kind: 'total', magnitude: mag / 2, indent: 2 },
        { label: 'Long-term debt, less current portion', magnitude: mag / 2, indent: 0 },
        { label: 'Treasury stock, at cost', magnitude: mag / 10, negative: true, indent: 0 },
        { label: 'Total stockholders’ equity', kind: 'total', magnitude: mag, indent: 1 },
      ];
  const columns: ColumnModel[] = years.map((y, i) => ({
    periodNames: [
      `${y}`,
      `FY${y}`,
      `${monthName} ${endOfMonth(fyEndMonth, y)}, ${y}`,
      `${monthName.slice(0, 3)} ${endOfMonth(fyEndMonth, y)}, ${y}`,
      `as of ${monthName} ${endOfMonth(fyEndMonth, y)}, ${y}`,
    ],
    isLatest: i === 0,
  }));
  const twoRow = r.chance(0.7);
  const headerRows: HeaderCell[][] = twoRow
    ? [[{ text: `${monthName} ${day},`, span: 2 }], years.map((y) => ({ text: `${y}`, span: 1 }))]
    : [
        years.map((y) => ({
          text: `${monthName.slice(0, r.chance(0.5) ? 3 : 20)} ${endOfMonth(fyEndMonth, y)}, ${y}`,
          span: 1,
        })),
      ];
  const rows = rowsFrom(r, specs, style, 2);
  const table: TableModel = {
    title: 'CONSOLIDATED BALANCE SHEETS',
    scaleText: scale.text,
    headerRows,
    columns,
    rows,
    hasNoteColumn: false,
    tags: twoRow ? ['two-row header'] : ['date header'],
  };
  return {
    id,
    kind: 'us-balance-sheet',
    company: r.pick(COMPANIES),
    heading: `${bank ? 'Northgate Bancorp' : r.pick(COMPANIES)}`,
    tables: [table],
    footer: 'See accompanying notes to consolidated financial statements.',
  };
}

function usIncomeStatement(r: Rng, id: string): PageModel {
  const year = r.int(2012, 2023);
  const years = [year, year - 1, year - 2];
  const scale = scaleStyle(r, [
    ['(In millions, except per share data)', 1e6],
    ['(in thousands, except per share amounts)', 1e3],
    ['(Amounts in millions, except per share amounts; shares in thousands)', 1e6],
  ]);
  const shareScale = /shares in thousands/.test(scale.text) ? 1e3 : scale.multiplier;
  const style: Style = { neg: 'paren', decimals: 0, multiplier: scale.multiplier, dash: '—' };
  const mag = scale.multiplier === 1e6 ? 9000 : 900_000;
  const specs: LineSpec[] = [
    {
      label: 'Net revenues',
      magnitude: mag,
      dollar: true,
      indent: 0,
      names: ['Net revenues', 'Net revenue'],
    },
    { label: 'Cost of revenues', magnitude: mag * 0.6, indent: 0 },
    { label: 'Gross profit', magnitude: mag * 0.4, indent: 0 },
    { label: 'Operating expenses:', kind: 'heading', indent: 0 },
    { label: 'Research and development', magnitude: mag / 10 },
    { label: 'Selling, general and administrative', magnitude: mag / 6 },
    { label: 'Restructuring and other charges', magnitude: mag / 80, dash: r.chance(0.5) },
    { label: 'Total operating expenses', kind: 'total', magnitude: mag / 4, indent: 2 },
    { label: 'Operating income', magnitude: mag / 7, indent: 0 },
    { label: 'Interest expense', magnitude: mag / 90, negative: true, indent: 0 },
    { label: 'Other income (expense), net', magnitude: mag / 200, negative: r.chance(0.5), indent: 0 },
    {
      label: 'Income before provision for income taxes',
      magnitude: mag / 8,
      indent: 0,
      wrapAt: r.chance(0.5) ? 3 : undefined,
    },
    { label: 'Provision for income taxes', magnitude: mag / 40, indent: 0 },
    { label: 'Net income', magnitude: mag / 10, dollar: true, indent: 0 },
    { label: 'Earnings per share:', kind: 'heading', indent: 0 },
    {
      label: 'Basic',
      exempt: 'per share',
      magnitude: 4,
      dollar: true,
      names: ['Basic earnings per share', 'Earnings per share basic'],
    },
    {
      label: 'Diluted',
      exempt: 'per share',
      magnitude: 4,
      dollar: true,
      names: ['Diluted earnings per share', 'Earnings per share diluted'],
    },
    { label: 'Weighted-average shares used in computing earnings per share:', kind: 'heading', indent: 0 },
    {
      label: 'Basic',
      magnitude: shareScale === 1e3 ? 400_000 : 400,
      exempt: 'share count',
      names: ['Basic weighted-average shares'],
    },
    {
      label: 'Diluted',
      magnitude: shareScale === 1e3 ? 410_000 : 410,
      exempt: 'share count',
      names: ['Diluted weighted-average shares'],
    },
  ];
  const rows = rowsFrom(r, specs, style, 3);
  // Share counts use the share scale; per-share rows none (already exempt).
  for (const row of rows) {
    if (row.tags.includes('share count')) {
      row.expected = row.cells.map((c) => Number((Number(c.replace(/,/g, '')) * shareScale).toPrecision(12)));
    }
  }
  const fyEndMonth = r.pick([12, 12, 6, 9, 1]);
  const monthName = MONTH_NAMES[fyEndMonth - 1] as string;
  const columns: ColumnModel[] = years.map((y, i) => ({
    periodNames: [
      `${y}`,
      `FY${y}`,
      `FY${String(y).slice(2)}`,
      `fiscal ${y}`,
      `for the year ended ${monthName} ${endOfMonth(fyEndMonth, y)}, ${y}`,
    ],
    isLatest: i === 0,
  }));
  const headerRows: HeaderCell[][] = r.chance(0.6)
    ? [
        [{ text: `Year Ended ${monthName} ${endOfMonth(fyEndMonth, year)},`, span: 3 }],
        years.map((y) => ({ text: `${y}`, span: 1 })),
      ]
    : [[{ text: 'Fiscal Year', span: 3 }], years.map((y) => ({ text: `${y}`, span: 1 }))];
  return {
    id,
    kind: 'us-income-statement',
    company: r.pick(COMPANIES),
    heading: r.pick(COMPANIES),
    tables: [
      {
        title: r.pick(['CONSOLIDATED STATEMENTS OF OPERATIONS', 'Consolidated Statements of Income']),
        scaleText: scale.text,
        headerRows,
        columns,
        rows,
        hasNoteColumn: false,
        tags: ['two-row header'],
      },
    ],
  };
}

function ifrsNote(r: Rng, id: string): PageModel {
  const year = r.int(2013, 2023);
  const currency = r.pick([
    ['£m', 1e6, '£'],
    ['€m', 1e6, '€'],
    ["£'000", 1e3, '£'],
    ['$m', 1e6, '$'],
  ] as const);
  const style: Style = {
    neg: r.pick(['paren', 'minus'] as const),
    decimals: currency[1] === 1e6 && r.chance(0.5) ? 1 : 0,
    multiplier: currency[1],
    dash: '–',
  };
  const mag = currency[1] === 1e6 ? 300 : 300_000;
  const march = r.chance(0.6);
  const fourCols = r.chance(0.35);
  const yearsCols = [year, year - 1];
  const noteCol = !fourCols && r.chance(0.7);
  const specs: LineSpec[] = [
    { label: 'Revenue', magnitude: mag * 10, indent: 0 },
    { label: 'Cost of sales', magnitude: mag * 6, negative: true, indent: 0 },
    { label: 'Gross profit', magnitude: mag * 4, indent: 0 },
    { label: 'Distribution costs', magnitude: mag, negative: true, indent: 0 },
    { label: 'Administrative expenses', magnitude: mag, negative: true, indent: 0 },
    { label: 'Other operating income', magnitude: mag / 10, indent: 0, dash: r.chance(0.4) },
    { label: 'Operating profit', magnitude: mag * 2, indent: 0 },
    { label: 'Finance income', magnitude: mag / 20, indent: 0 },
    { label: 'Finance costs', magnitude: mag / 5, negative: true, indent: 0 },
    {
      label: 'Share of post-tax profits of joint ventures',
      magnitude: mag / 15,
      indent: 0,
      wrapAt: r.chance(0.5) ? 4 : undefined,
    },
    { label: 'Profit before taxation', magnitude: mag * 1.8, indent: 0 },
    { label: 'Taxation', magnitude: mag / 3, negative: true, indent: 0 },
    { label: 'Profit for the year', magnitude: mag * 1.4, indent: 0 },
    { label: 'Basic earnings per share (pence)', exempt: 'per share', magnitude: 30, indent: 0 },
  ];
  const nCols = fourCols ? 4 : 2;
  const rows = rowsFrom(r, specs, style, nCols);
  const notes = ['3', '4', '', '5', '5', '6', '', '7', '7', '14', '', '8', '', '9'];
  if (noteCol)
    rows.forEach((row, i) => {
      if (notes[i]) {
        row.note = notes[i];
        row.tags.push('note column');
      }
    });
  const dateText = (y: number) => (march ? `31 March ${y}` : `${y}`);
  const columns: ColumnModel[] = [];
  let headerRows: HeaderCell[][];
  if (fourCols) {
    for (const q of ['Group', 'Company'])
      for (const y of yearsCols)
        columns.push({
          periodNames: march ? [`31 March ${y}`, `${y}`, `FY${y}`] : [`${y}`, `FY${y}`],
          qualifier: q === 'Company' ? 'Company' : undefined,
          isLatest: y === year,
        });
    headerRows = [
      [
        { text: 'Group', span: 2 },
        { text: 'Company', span: 2 },
      ],
      [...yearsCols, ...yearsCols].map((y) => ({ text: dateText(y), span: 1 })),
      Array.from({ length: 4 }, () => ({ text: currency[0], span: 1 })),
    ];
  } else {
    for (const y of yearsCols)
      columns.push({
        periodNames: march
          ? [`31 March ${y}`, `${y}`, `year ended 31 March ${y}`, `${y - 1}/${String(y).slice(2)}`]
          : [`${y}`, `FY${y}`, `FY ${y}`],
        isLatest: y === year,
      });
    headerRows = r.chance(0.5)
      ? [
          yearsCols.map((y) => ({ text: dateText(y), span: 1 })),
          yearsCols.map(() => ({ text: currency[0], span: 1 })),
        ]
      : [yearsCols.map((y) => ({ text: `${dateText(y)} ${currency[0]}`, span: 1 }))];
  }
  const title = march
    ? `Consolidated income statement for the year ended 31 March ${year}`
    : `Consolidated income statement`;
  return {
    id,
    kind: 'ifrs-uk',
    company: r.pick(COMPANIES),
    heading: r.pick(COMPANIES),
    intro: 'The notes on pages 92 to 140 form part of these financial statements.',
    tables: [
      {
        title,
        headerRows,
        columns,
        rows,
        hasNoteColumn: noteCol,
        tags: [fourCols ? 'column qualifier' : 'two-row header'],
      },
    ],
  };
}

function quarterly(r: Rng, id: string): PageModel {
  const year = r.int(2014, 2023);
  const scale = scaleStyle(r, [
    ['(in millions)', 1e6],
    ['(Unaudited, in thousands)', 1e3],
    ['($ in millions)', 1e6],
  ]);
  const style: Style = {
    neg: 'paren',
    decimals: scale.multiplier === 1e6 ? 1 : 0,
    multiplier: scale.multiplier,
    dash: '—',
  };
  const mag = scale.multiplier === 1e6 ? 2500 : 250_000;
  const byDates = r.chance(0.4);
  const specs: LineSpec[] = [
    { label: 'Segment revenue', magnitude: mag, indent: 0, names: ['Segment revenue', 'Revenue'] },
    { label: 'Gross margin', magnitude: mag * 0.4, indent: 0 },
    {
      label: 'Gross margin percentage',
      exempt: 'percent',
      indent: 0,
      names: ['Gross margin percentage', 'Gross margin %'],
    },
    { label: 'Operating expenses', magnitude: mag * 0.25, indent: 0 },
    { label: 'Operating income (loss)', magnitude: mag * 0.1, negative: r.chance(0.3), indent: 0 },
    { label: 'Net income', magnitude: mag * 0.08, indent: 0 },
    { label: 'Diluted net income per share', exempt: 'per share', magnitude: 1, indent: 0 },
  ];
  const columns: ColumnModel[] = [];
  let headerRows: HeaderCell[][];
  if (byDates) {
    // Four quarter-ends, latest first: "Dec 28, 2019".
    const ends = [
      [12, 28 - r.int(0, 3)],
      [9, 28 - r.int(0, 3)],
      [6, 29 - r.int(0, 3)],
      [3, 30 - r.int(0, 3)],
    ] as const;
    for (const [i, [m, d]] of ends.entries()) {
      const mn = MONTH_NAMES[m - 1] as string;
      columns.push({
        periodNames: [`${mn} ${d}, ${year}`, `${mn.slice(0, 3)} ${d}, ${year}`, `Q${4 - i} ${year}`],
        isLatest: i === 0,
      });
    }
    headerRows = [
      [{ text: 'Three Months Ended', span: 4 }],
      ends.map(([m, d]) => ({ text: `${(MONTH_NAMES[m - 1] as string).slice(0, 3)} ${d},`, span: 1 })),
      ends.map(() => ({ text: `${year}`, span: 1 })),
    ];
  } else {
    for (let q = 1; q <= 4; q++)
      columns.push({
        periodNames: [
          `Q${q} ${year}`,
          `Q${q} FY${String(year).slice(2)}`,
          `${q}Q${String(year).slice(2)}`,
          `${['first', 'second', 'third', 'fourth'][q - 1]} quarter ${year}`,
        ],
        isLatest: false,
      });
    columns.push({ periodNames: [`FY${year}`, `${year}`, `fiscal ${year}`], isLatest: true });
    headerRows = [
      [{ text: `Fiscal ${year}`, span: 5 }],
      ['Q1', 'Q2', 'Q3', 'Q4', 'Full year'].map((t) => ({ text: t, span: 1 })),
    ];
  }
  const rows = rowsFrom(r, specs, style, columns.length);
  for (const row of rows) if (row.kind === 'data') row.tags.push('quarter');
  return {
    id,
    kind: 'quarterly',
    company: r.pick(COMPANIES),
    heading: 'Quarterly financial data',
    tables: [
      {
        title: 'Selected Quarterly Financial Data',
        scaleText: scale.text,
        headerRows,
        columns,
        rows,
        hasNoteColumn: false,
        tags: ['two-row header'],
      },
    ],
  };
}

function segmentTable(r: Rng, id: string): PageModel {
  const year = r.int(2013, 2023);
  const years = [year, year - 1];
  const scale = scaleStyle(r, [
    ['(in millions)', 1e6],
    ['US$ million', 1e6],
    ["RMB'000", 1e3],
    ['(Dollars in thousands)', 1e3],
  ]);
  const style: Style = { neg: 'paren', decimals: 0, multiplier: scale.multiplier, dash: '—' };
  const mag = scale.multiplier === 1e6 ? 3000 : 3_000_000;
  const segments = r.pick([
    ['Consumer Banking', 'Commercial Banking', 'Wealth Management', 'Corporate and Other'],
    ['Americas', 'Europe', 'Asia Pacific', 'Rest of world'],
    ['Semiconductors', 'Display Products', 'Services'],
  ]);
  const specs: LineSpec[] = [{ label: 'Revenue:', kind: 'heading', indent: 0 }];
  for (const s of segments)
    specs.push({ label: s, magnitude: mag / segments.length, names: [`${s} revenue`] });
  specs.push({
    label: 'Total revenue',
    kind: 'total',
    magnitude: mag,
    indent: 2,
    names: ['Total revenue', 'Total segment revenue'],
  });
  specs.push({ label: 'Operating income (loss):', kind: 'heading', indent: 0 });
  for (const s of segments)
    specs.push({
      label: s,
      magnitude: mag / segments.length / 6,
      negative: s.startsWith('Corporate') || s.startsWith('Rest'),
      names: [`${s} operating income`],
    });
  specs.push({
    label: 'Total',
    kind: 'total',
    magnitude: mag / 6,
    indent: 2,
    names: ['Total operating income'],
  });
  const rows = rowsFrom(r, specs, style, 2);
  for (const row of rows)
    if (row.kind !== 'heading' && row.label !== 'Total revenue')
      row.tags.push(row.label === 'Total' ? 'total under section' : 'section qualifier');
  const columns: ColumnModel[] = years.map((y, i) => ({
    periodNames: [`${y}`, `FY${y}`],
    isLatest: i === 0,
  }));
  return {
    id,
    kind: 'segment',
    company: r.pick(COMPANIES),
    heading: 'Segment information',
    intro: 'The Company reports its results in the segments below; corporate costs are not allocated.',
    tables: [
      {
        title: 'Segment results',
        scaleText: scale.text,
        headerRows: [years.map((y) => ({ text: `${y}`, span: 1 }))],
        columns,
        rows,
        hasNoteColumn: false,
        tags: [],
      },
    ],
  };
}

function noteTable(r: Rng, subject?: string): TableModel {
  const year = r.int(2012, 2023);
  const years = [year, year - 1];
  const title =
    subject ??
    r.pick([
      'Deferred charges and other assets',
      'Accrued liabilities',
      'Other current assets',
      'Intangible assets, net',
    ]);
  const inTitle = r.chance(0.6);
  const scale = scaleStyle(r, [
    ['(in thousands)', 1e3],
    ['(in millions)', 1e6],
    ['($000)', 1e3],
  ]);
  const style: Style = { neg: 'paren', decimals: 0, multiplier: scale.multiplier, dash: '—' };
  const mag = scale.multiplier === 1e6 ? 200 : 200_000;
  const items = {
    'Deferred charges and other assets': [
      'Deferred financing costs',
      'Long-term prepaid expenses',
      'Deposits',
      'Deferred compensation plan assets',
      'Other',
    ],
    'Accrued liabilities': [
      'Accrued payroll and related costs',
      'Accrued interest',
      'Deferred revenue',
      'Accrued warranty',
      'Other',
    ],
    'Other current assets': ['Prepaid expenses', 'Income taxes receivable', 'Restricted cash', 'Other'],
    'Intangible assets, net': [
      'Customer relationships',
      'Developed technology',
      'Trade names',
      'Less: accumulated amortization',
    ],
  }[title] ?? ['Item A', 'Item B'];
  const specs: LineSpec[] = items.map((label, i) => ({
    label,
    magnitude: mag / items.length,
    indent: 0,
    negative: label.startsWith('Less'),
    dash: i === 2 && r.chance(0.3),
    names: label === 'Other' ? (/\bother\b/i.test(title) ? [] : [`Other ${title.toLowerCase()}`]) : [label],
  }));
  specs.push({
    label: 'Total',
    kind: 'total',
    magnitude: mag,
    indent: 0,
    names: [`Total ${title.toLowerCase()}`, title],
    dollar: true,
  });
  const rows = rowsFrom(r, specs, style, 2);
  for (const row of rows) if (row.label === 'Total') row.tags.push('total under section');
  for (const row of rows) if (row.label === 'Other') row.tags.push('section qualifier');
  const dateHeader = r.chance(0.5);
  const columns: ColumnModel[] = years.map((y, i) => ({
    periodNames: dateHeader ? [`December 31, ${y}`, `${y}`, `Dec 31, ${y}`] : [`${y}`, `FY${y}`],
    isLatest: i === 0,
  }));
  return {
    title: inTitle ? `${title} ${scale.text}` : title,
    ...(inTitle ? {} : { scaleText: scale.text }),
    headerRows: dateHeader
      ? [[{ text: 'December 31,', span: 2 }], years.map((y) => ({ text: `${y}`, span: 1 }))]
      : [years.map((y) => ({ text: `${y}`, span: 1 }))],
    columns,
    rows,
    hasNoteColumn: false,
    tags: dateHeader ? ['two-row header'] : [],
  };
}

function keyFigures(r: Rng, id: string): PageModel {
  const year = r.int(2014, 2023);
  const range = r.chance(0.5);
  const label = (y: number) => (range ? `${y - 1}/${String(y).slice(2)}` : `FY${y}`);
  const scale = scaleStyle(r, [
    ['€m', 1e6],
    ['US$ million', 1e6],
    ["HK$'000", 1e3],
    ['£m', 1e6],
  ]);
  const style: Style = {
    neg: 'minus',
    decimals: scale.multiplier === 1e6 ? 1 : 0,
    multiplier: scale.multiplier,
    dash: 'n/a',
  };
  const mag = scale.multiplier === 1e6 ? 5000 : 5_000_000;
  const specs: LineSpec[] = [
    { label: 'Revenue', magnitude: mag, indent: 0 },
    { label: 'EBITDA', magnitude: mag / 5, indent: 0 },
    { label: 'EBITDA margin (%)', exempt: 'percent', indent: 0, names: ['EBITDA margin'] },
    { label: 'Profit attributable to shareholders', magnitude: mag / 10, indent: 0 },
    { label: 'Capital expenditure', magnitude: mag / 12, indent: 0 },
    { label: 'Net debt', magnitude: mag / 3, indent: 0, negative: r.chance(0.3) },
    {
      label: 'Return on capital employed',
      exempt: 'percent',
      indent: 0,
      names: ['Return on capital employed', 'ROCE'].slice(0, 1),
    },
    { label: 'Dividend per share (cents)', exempt: 'per share', magnitude: 40, indent: 0 },
  ];
  const years = [year, year - 1, year - 2];
  const rows = rowsFrom(r, specs, style, 3);
  for (const row of rows) if (range) row.tags.push('range header');
  const columns: ColumnModel[] = years.map((y, i) => ({
    periodNames: range
      ? [`${y - 1}/${String(y).slice(2)}`, `${y - 1}/${y}`]
      : [`FY${y}`, `${y}`, `FY${String(y).slice(2)}`],
    isLatest: i === 0,
  }));
  return {
    id,
    kind: 'key-figures',
    company: r.pick(COMPANIES),
    heading: 'Financial highlights',
    tables: [
      {
        title: 'Key figures',
        cornerText: scale.text,
        headerRows: [years.map((y) => ({ text: label(y), span: 1 }))],
        columns,
        rows,
        hasNoteColumn: false,
        tags: [],
      },
    ],
  };
}

function twoTables(r: Rng, id: string): PageModel {
  const first = noteTable(r, 'Other current assets');
  const second = noteTable(r, 'Accrued liabilities');
  for (const row of second.rows) row.tags.push('second table');
  return {
    id,
    kind: 'two-tables',
    company: r.pick(COMPANIES),
    heading: 'Notes to the consolidated financial statements',
    intro: 'Note 7. Balance sheet components',
    tables: [first, second],
  };
}

function noteOnly(r: Rng, id: string): PageModel {
  return {
    id,
    kind: 'note',
    company: r.pick(COMPANIES),
    heading: 'Notes to consolidated financial statements',
    intro: 'The components are as follows:',
    tables: [noteTable(r)],
  };
}

function splitTable(r: Rng, id: string): PageModel {
  const page = usBalanceSheet(r, id);
  page.kind = 'split-table';
  const table = page.tables[0] as TableModel;
  const after = Math.floor(table.rows.length / 2);
  table.rows.forEach((row, i) => {
    if (i >= after) row.tags.push('continued table');
  });
  return { ...page, splitAfterRows: after, repeatHeaderOnSplit: r.chance(0.5) };
}

/**
 * A five-year summary as Asian and European reports print it: oldest year first, a restated
 * year, headings in capitals with no colon and no indent (flat), units in the label column's
 * header, figures with dot leaders in PDF.
 */
function fiveYearSummary(r: Rng, id: string): PageModel {
  const last = r.int(2016, 2024);
  const years = [last - 4, last - 3, last - 2, last - 1, last];
  const scale = scaleStyle(r, [
    ["HK$'000", 1e3],
    ['RMB million', 1e6],
    ['S$m', 1e6],
    ['(in USD thousands)', 1e3],
  ]);
  const style: Style = {
    neg: r.pick(['paren', 'minus'] as const),
    decimals: scale.multiplier === 1e6 ? 1 : 0,
    multiplier: scale.multiplier,
    dash: '-',
  };
  const mag = scale.multiplier === 1e6 ? 900 : 900_000;
  const specs: LineSpec[] = [
    { label: 'RESULTS', kind: 'heading', indent: 0 },
    { label: 'Turnover', magnitude: mag * 3, indent: 0, names: ['Turnover', 'Revenue'] },
    { label: 'Profit from operations', magnitude: mag / 2, indent: 0 },
    {
      label: 'Profit attributable to owners of the Company',
      magnitude: mag / 3,
      indent: 0,
      wrapAt: r.chance(0.4) ? 4 : undefined,
    },
    { label: 'ASSETS AND LIABILITIES', kind: 'heading', indent: 0 },
    { label: 'Total assets', magnitude: mag * 8, indent: 0 },
    { label: 'Total liabilities', magnitude: mag * 5, indent: 0, negative: r.chance(0.3) },
    { label: 'Net assets', magnitude: mag * 3, indent: 0 },
    { label: 'PER SHARE DATA', kind: 'heading', indent: 0 },
    { label: 'Basic earnings per share (cents)', exempt: 'per share', magnitude: 20, indent: 0 },
    {
      label: 'Dividend per share (cents)',
      exempt: 'per share',
      magnitude: 8,
      indent: 0,
      dash: r.chance(0.3),
    },
  ];
  const rows = rowsFrom(r, specs, style, 5);
  const restated = r.chance(0.5) ? r.int(1, 3) : -1;
  const columns: ColumnModel[] = years.map((y) => ({
    periodNames: [`${y}`, `FY${y}`, `FY${String(y).slice(2)}`],
    isLatest: y === last,
  }));
  const headerRows: HeaderCell[][] = [
    years.map((y, i) => ({ text: i === restated ? `${y} (restated)` : `${y}`, span: 1 })),
  ];
  for (const row of rows) if (row.kind === 'data') row.tags.push('five-year');
  return {
    id,
    kind: 'five-year-summary',
    company: r.pick(COMPANIES),
    heading: 'Five-year financial summary',
    tables: [
      {
        title: 'Five-year financial summary',
        cornerText: scale.text,
        headerRows,
        columns,
        rows,
        hasNoteColumn: false,
        tags: [],
        dotLeaders: r.chance(0.6),
      },
    ],
  };
}

/**
 * Key figures printed the other way round, as highlights pages and some five-year records do:
 * one row per year (oldest or newest first), the measures across the top with their units on a
 * second header line.
 */
function keyFiguresByYear(r: Rng, id: string): PageModel {
  const last = r.int(2015, 2024);
  const count = r.int(3, 6);
  const years = Array.from({ length: count }, (_, i) => last - i);
  if (r.chance(0.5)) years.reverse();
  const currency = r.pick(['£m', '$m', '€m', 'US$ million', "$'000", 'RM million'] as const);
  const multiplier = /'000/.test(currency) ? 1e3 : 1e6;
  const style: Style = {
    neg: r.pick(['paren', 'minus'] as const),
    decimals: multiplier === 1e6 ? r.pick([0, 1]) : 0,
    multiplier,
    dash: '–',
  };
  const mag = multiplier === 1e6 ? 2000 : 2_000_000;
  const specs: (LineSpec & { unit: string })[] = [
    { label: 'Revenue', magnitude: mag, unit: currency, names: ['Revenue', 'Turnover'].slice(0, 1) },
    { label: 'Operating profit', magnitude: mag / 6, unit: currency },
    { label: 'Profit before tax', magnitude: mag / 7, unit: currency },
    { label: 'Net cash', magnitude: mag / 9, unit: currency, negative: r.chance(0.3) },
    {
      label: 'Basic earnings per share',
      exempt: 'per share',
      magnitude: 40,
      unit: r.pick(['pence', 'cents', '$']),
    },
    { label: 'Operating margin', exempt: 'percent', unit: '%' },
  ];
  const chosen = specs.filter((_, i) => i < 2 || r.chance(0.75));
  const rows = rowsFrom(
    r,
    chosen.map((s) => ({ ...s, indent: 0 })),
    style,
    count,
  );
  for (const row of rows) {
    row.tags.push('transposed');
    // The unit sits under the label, not in it.
    row.label = row.label.replace(/ \(%\)$/, '');
  }
  const columns: ColumnModel[] = years.map((y) => ({
    periodNames: [`${y}`, `FY${y}`],
    isLatest: y === last,
  }));
  return {
    id,
    kind: 'key-figures-by-year',
    company: r.pick(COMPANIES),
    heading: r.pick(['Financial record', 'Key figures', 'Group financial highlights']),
    tables: [
      {
        title: r.pick(['Financial record', 'Five-year record', 'Highlights']),
        ...(r.chance(0.5) ? { cornerText: 'Year' } : {}),
        headerRows: [years.map((y) => ({ text: `${y}`, span: 1 }))],
        columns,
        rows,
        hasNoteColumn: false,
        tags: [],
        transposedUnits: chosen.map((s) => s.unit),
      },
    ],
  };
}

const REVIEW_SENTENCES = [
  'Group revenue grew in the year, driven by volume growth in all regions and favourable pricing.',
  'Operating profit increased as the business benefited from operating leverage and cost discipline.',
  'Cash generation remained strong, with free cash flow funding both investment and returns to shareholders.',
  'Net debt at the year end was lower than the prior year, reflecting strong cash conversion.',
  'The Board is recommending a final dividend, bringing the total for the year to a record level.',
  'We expect continued progress next year, supported by our pipeline of new products.',
  'Input cost inflation moderated in the second half and price increases offset most of it.',
  'Our effective tax rate was broadly unchanged, and we expect it to remain so in the medium term.',
  'Capital expenditure was focused on capacity in our fastest growing markets and on digital tools.',
  'Foreign exchange movements reduced reported growth by around two percentage points.',
];

/**
 * A review page: paragraphs of commentary in one column and a summary table in the other, the
 * two sharing lines of the page (read one column at a time, or lines mix both).
 */
function reviewWithTable(r: Rng, id: string): PageModel {
  const year = r.int(2015, 2024);
  const scale = scaleStyle(r, [
    ['£m', 1e6],
    ['$m', 1e6],
    ['€m', 1e6],
    ["$'000", 1e3],
  ]);
  const style: Style = {
    neg: r.pick(['paren', 'minus'] as const),
    decimals: scale.multiplier === 1e6 ? 1 : 0,
    multiplier: scale.multiplier,
    dash: '–',
  };
  const mag = scale.multiplier === 1e6 ? 3000 : 3_000_000;
  const specs: LineSpec[] = [
    { label: 'Revenue', magnitude: mag, indent: 0 },
    { label: 'Operating profit', magnitude: mag / 8, indent: 0 },
    { label: 'Net finance costs', magnitude: mag / 80, negative: true, indent: 0 },
    { label: 'Profit before tax', magnitude: mag / 9, indent: 0 },
    { label: 'Taxation', magnitude: mag / 40, negative: true, indent: 0 },
    { label: 'Profit for the year', magnitude: mag / 12, indent: 0 },
    { label: 'Basic earnings per share (pence)', exempt: 'per share', magnitude: 30, indent: 0 },
    { label: 'Free cash flow', magnitude: mag / 14, indent: 0 },
  ].filter((_, i) => i < 2 || r.chance(0.8)) as LineSpec[];
  const rows = rowsFrom(r, specs, style, 2);
  for (const row of rows) row.tags.push('beside prose');
  const sentences = [...REVIEW_SENTENCES].sort(() => r.next() - 0.5);
  const paragraphs = [sentences.slice(0, 3), sentences.slice(3, 5), sentences.slice(5, 7)].map((p) =>
    p.join(' '),
  );
  return {
    id,
    kind: 'review-beside-table',
    company: r.pick(COMPANIES),
    heading: r.pick(["Chief Financial Officer's review", 'Financial review', 'Group performance']),
    sideProse: { side: r.chance(0.6) ? 'left' : 'right', paragraphs },
    tables: [
      {
        title: r.pick(['Summary income statement', 'Group results', 'Financial summary']),
        headerRows: [
          [
            { text: `${year}`, span: 1 },
            { text: `${year - 1}`, span: 1 },
          ],
          [
            { text: scale.text, span: 1 },
            { text: scale.text, span: 1 },
          ],
        ],
        columns: [
          { periodNames: [`${year}`, `FY${year}`], isLatest: true },
          { periodNames: [`${year - 1}`, `FY${year - 1}`], isLatest: false },
        ],
        rows,
        hasNoteColumn: false,
        tags: [],
      },
    ],
  };
}

const LAYOUTS = [
  fiveYearSummary,
  usBalanceSheet,
  usIncomeStatement,
  ifrsNote,
  quarterly,
  segmentTable,
  keyFigures,
  twoTables,
  noteOnly,
  splitTable,
  keyFiguresByYear,
  reviewWithTable,
];

/** `count` report pages, cycling through the layouts with varied details. */
export function reportPages(count: number, seed = 2026): PageModel[] {
  const r = rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const layout = LAYOUTS[i % LAYOUTS.length] as (r: Rng, id: string) => PageModel;
    return layout(r, `page-${String(i + 1).padStart(3, '0')}`);
  });
}

/** A data point as Sieve takes it: names hold no commas (spec 02 §5), so analysts leave them out. */
function asked(name: string): string {
  return name.replace(/,/g, '').replace(/\s+/g, ' ').trim();
}

/** The data points an analyst would ask of a page, with their expected values. */
export function casesOf(
  page: PageModel,
  r = rng(page.id.length * 7919 + Number(page.id.replace(/\D/g, ''))),
): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const [t, table] of page.tables.entries()) {
    const labelCounts = new Map<string, number>();
    for (const row of table.rows)
      for (const n of row.names)
        labelCounts.set(n.toLowerCase(), (labelCounts.get(n.toLowerCase()) ?? 0) + 1);
    // Names another table on the page shares would be ambiguous to an analyst too.
    const otherNames = new Set(
      page.tables
        .filter((_, i) => i !== t)
        .flatMap((o) => o.rows.flatMap((row) => row.names.map((n) => n.toLowerCase()))),
    );
    for (const row of table.rows) {
      if (row.kind === 'heading') continue;
      const names = row.names.filter(
        (n) => labelCounts.get(n.toLowerCase()) === 1 && !otherNames.has(n.toLowerCase()),
      );
      if (names.length === 0) continue;
      const name = r.pick(names);
      const styled = r.chance(0.2) ? name.toLowerCase() : name;
      // One named period per row, plus sometimes none (the latest).
      const c = r.int(0, table.columns.length - 1);
      const column = table.columns[c] as ColumnModel;
      const sameQualifier = table.columns.filter((o) => o.qualifier === column.qualifier);
      if (column.qualifier && !sameQualifier.length) continue;
      const periodName = r.pick(column.periodNames);
      const qualifier = column.qualifier ? `${column.qualifier} ` : '';
      const tags = [...row.tags, ...table.tags];
      if (column.qualifier) tags.push('column qualifier');
      cases.push({
        dataPoint: asked(`${qualifier}${styled} ${periodName}`),
        expected: row.expected[c] ?? null,
        caseType: caseTypeOf(tags),
      });
      if (r.chance(0.25)) {
        const latest = table.columns.findIndex((o) => o.isLatest && !o.qualifier);
        if (latest >= 0)
          cases.push({
            dataPoint: asked(styled),
            expected: row.expected[latest] ?? null,
            caseType: caseTypeOf(['latest period', ...row.tags]),
          });
      }
    }
  }
  return cases;
}
