import ExcelJS from 'exceljs';
import { rng } from './report-pages';

/**
 * Generated spreadsheets for `pnpm quality`'s grid suite (DESIGN §11, issue 37): workbooks and CSV
 * exports as finance teams send them. One and two header rows (years over regions, or regions
 * over years, merged, repeated or written once), row labels under sections with totals, years
 * and quarters as rows, units in the headers ("Revenue ($m)", "USD thousands", "Gross margin
 * (%)"), a title line above the grid, several sheets behind a cover sheet. Each document comes with
 * the data points an analyst would ask ("Revenue East 2023", "Q3 2024 Net sales", "Units sold
 * Widget A 2023"), the values they stand for (units applied, percentages as decimals) and the cell
 * each value sits in (sheet, 1-based row, column letter). Deterministic for a seed.
 */

type Rng = ReturnType<typeof rng>;

/** A number as stored (XLSX) and as printed (CSV, and the XLSX number format). */
export interface GridNumber {
  value: number;
  text: string;
  format: string;
}
export type GridCell = string | GridNumber | null;

export interface GridSheet {
  name: string;
  rows: GridCell[][];
  /** Header cells merged across columns (XLSX): 1-based row, first and last column numbers. */
  merges: { row: number; from: number; to: number }[];
  /** Whether this sheet holds asked values (a cover sheet does not). */
  hasData: boolean;
}

export interface GridCase {
  dataPoint: string;
  expected: number;
  caseType: string;
  sheet: string;
  row: number;
  column: string;
}

export interface GridDocument {
  id: string;
  kind: string;
  company: string;
  sheets: GridSheet[];
  cases: GridCase[];
}

export function columnLetter(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

const COMPANIES = [
  'Halvorsen Industries',
  'Northgate Retail',
  'Aurora Devices',
  'Kestrel Logistics',
  'Orchid Foods',
  'Tidewater Energy',
  'Lindqvist Tools',
  'Marlow & Finch',
];

/** A unit as written in a header, and what it multiplies. */
interface Unit {
  text: string;
  scale: number;
}
const MONEY_UNITS: Unit[] = [
  { text: '($m)', scale: 1e6 },
  { text: '($ in millions)', scale: 1e6 },
  { text: '(USD thousands)', scale: 1e3 },
  { text: '($000)', scale: 1e3 },
  { text: '(€k)', scale: 1e3 },
  { text: '(EUR m)', scale: 1e6 },
  { text: '', scale: 1 },
];

function number(r: Rng, lo: number, hi: number, decimals: number, style: 'plain' | 'grouped'): GridNumber {
  const value = Number((lo + r.next() * (hi - lo)).toFixed(decimals));
  return printed(value, decimals, style, r.chance(0.5));
}

function printed(value: number, decimals: number, style: 'plain' | 'grouped', parens: boolean): GridNumber {
  const grouped = style === 'grouped';
  const abs = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: grouped,
  });
  const text = value < 0 ? (parens ? `(${abs})` : `-${abs}`) : abs;
  const body = `${grouped ? '#,##0' : '0'}${decimals ? `.${'0'.repeat(decimals)}` : ''}`;
  return { value, text, format: value < 0 && parens ? `${body};(${body})` : body };
}

function years(r: Rng, count: number): number[] {
  const last = r.pick([2023, 2024, 2025]);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** "2023", "FY2023" or "FY 2023" as a column header; asked as "2023". */
function yearHeader(year: number, style: number): string {
  return [`${year}`, `FY${year}`, `FY ${year}`, `${year}`][style] ?? `${year}`;
}

/** Case types, most specific first. */
const CASE_ORDER = [
  'second sheet',
  // A count in a table whose header states a currency unit: the unit is not applied to it.
  'count',
  'two header rows',
  'section row label',
  'total row',
  'total column',
  'quarter rows',
  'years as rows',
  'percent',
  'unit in header',
  'title above grid',
  'one header row',
];
function caseType(tags: string[]): string {
  return CASE_ORDER.find((t) => tags.includes(t)) ?? 'one header row';
}

interface Built {
  sheet: GridSheet;
  cases: GridCase[];
}

/** Cells of a body row: a label, then numbers. */
type Row = GridCell[];

/** A title line and a blank row above the grid, as exports from reporting tools start. */
function titled(r: Rng, company: string, what: string): { rows: Row[]; tags: string[] } {
  if (!r.chance(0.4)) return { rows: [], tags: [] };
  return { rows: [[`${company} — ${what}`], []], tags: ['title above grid'] };
}

function sample<T>(r: Rng, items: T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length)
    out.push(pool.splice(Math.floor(r.next() * pool.length), 1)[0] as T);
  return out;
}

/** Measures down, years across, one header row; the unit in the corner cell or in each label. */
function measuresByYear(r: Rng, company: string, sheetName: string): Built {
  const ys = years(r, r.int(3, 5));
  const ystyle = r.int(0, 3);
  const unit = r.pick(MONEY_UNITS);
  const unitInCorner = unit.text !== '' && r.chance(0.5);
  const style = r.pick(['plain', 'grouped'] as const);
  const head = titled(r, company, 'key figures');
  const header: Row = [
    unitInCorner ? `Metric ${unit.text}` : r.pick(['', 'Metric', 'Item']),
    ...ys.map((y) => yearHeader(y, ystyle)),
  ];
  const measures: { label: string; kind: 'money' | 'count' | 'percent' }[] = [
    { label: 'Revenue', kind: 'money' },
    { label: 'Cost of sales', kind: 'money' },
    { label: 'Gross profit', kind: 'money' },
    { label: 'Operating expenses', kind: 'money' },
    { label: 'Operating income', kind: 'money' },
    { label: 'Net income', kind: 'money' },
    { label: 'Employees', kind: 'count' },
    { label: 'Gross margin (%)', kind: 'percent' },
  ];
  const rows: Row[] = [...head.rows, header];
  const candidates: GridCase[] = [];
  for (const m of measures) {
    const label = m.kind === 'money' && !unitInCorner && unit.text ? `${m.label} ${unit.text}` : m.label;
    const cells = ys.map(() =>
      m.kind === 'percent'
        ? number(r, 5, 60, 1, 'plain')
        : m.kind === 'count'
          ? number(r, 200, 40_000, 0, style)
          : number(r, m.label === 'Net income' ? -200 : 50, 9000, 1, style),
    );
    rows.push([label, ...cells]);
    const rowNumber = rows.length;
    ys.forEach((y, c) => {
      const cell = cells[c] as GridNumber;
      const tags = [...head.tags, 'one header row'];
      if (m.kind === 'percent') tags.push('percent');
      else if (m.kind === 'count') tags.push('count');
      else if (unit.scale !== 1) tags.push('unit in header');
      candidates.push({
        dataPoint: `${m.label.replace(' (%)', '')} ${y}`,
        expected:
          m.kind === 'percent' ? cell.value / 100 : m.kind === 'count' ? cell.value : cell.value * unit.scale,
        caseType: caseType(tags),
        sheet: sheetName,
        row: rowNumber,
        column: columnLetter(c + 2),
      });
    });
  }
  return { sheet: { name: sheetName, rows, merges: [], hasData: true }, cases: sample(r, candidates, 7) };
}

/** Two header rows: years over regions (or regions over years), merged, repeated or written once. */
function twoHeaderRows(r: Rng, company: string, sheetName: string): Built {
  const ys = years(r, r.int(2, 3));
  const regions = sample(
    r,
    ['East', 'West', 'North', 'South', 'Europe', 'Asia Pacific', 'Americas'],
    r.int(2, 3),
  );
  const withTotal = r.chance(0.5);
  const inner = withTotal ? [...regions, 'Total'] : regions;
  const yearsOuter = r.chance(0.6);
  const outer: string[] = yearsOuter ? ys.map(String) : inner;
  const innerOf: string[] = yearsOuter ? inner : ys.map(String);
  const spread = r.pick(['merged', 'repeated', 'once'] as const);
  const unit = r.pick(MONEY_UNITS.filter((u) => u.text !== ''));
  const style = r.pick(['plain', 'grouped'] as const);
  const head = titled(r, company, 'revenue by region');
  const top: Row = [unit.text.replace(/[()]/g, '')];
  const second: Row = [''];
  const merges: GridSheet['merges'] = [];
  const topRow = head.rows.length + 1;
  for (const o of outer) {
    const first = top.length + 1;
    innerOf.forEach((i, k) => {
      top.push(spread === 'repeated' || k === 0 ? o : '');
      second.push(i);
    });
    if (spread === 'merged') merges.push({ row: topRow, from: first, to: first + innerOf.length - 1 });
  }
  const rows: Row[] = [...head.rows, top, second];
  const measures = [
    { label: 'Revenue', count: false },
    { label: 'Operating income', count: false },
    { label: 'Units sold', count: true },
    { label: 'Capital expenditure', count: false },
  ];
  const candidates: GridCase[] = [];
  for (const m of measures) {
    const byYear = ys.map(() => regions.map(() => number(r, 10, 5000, m.count ? 0 : 1, style)));
    const cells: GridCell[] = [];
    const where: { year: number; region: string; cell: GridNumber }[] = [];
    for (const [oi, o] of outer.entries())
      for (const [ii, i] of innerOf.entries()) {
        const yi = yearsOuter ? oi : ii;
        const region = yearsOuter ? i : o;
        const ri = regions.indexOf(region);
        const values = byYear[yi] as GridNumber[];
        const cell =
          ri >= 0
            ? (values[ri] as GridNumber)
            : printed(
                Number(values.reduce((a, b) => a + b.value, 0).toFixed(m.count ? 0 : 1)),
                m.count ? 0 : 1,
                style,
                false,
              );
        cells.push(cell);
        where.push({ year: ys[yi] as number, region, cell });
      }
    rows.push([m.label, ...cells]);
    const rowNumber = rows.length;
    where.forEach((w, c) => {
      const tags = [...head.tags, 'two header rows'];
      if (w.region === 'Total') tags.push('total column');
      if (m.count) tags.push('count');
      candidates.push({
        dataPoint: r.chance(0.5) ? `${m.label} ${w.region} ${w.year}` : `${w.year} ${w.region} ${m.label}`,
        expected: m.count ? w.cell.value : w.cell.value * unit.scale,
        caseType: caseType(tags),
        sheet: sheetName,
        row: rowNumber,
        column: columnLetter(c + 2),
      });
    });
  }
  return { sheet: { name: sheetName, rows, merges, hasData: true }, cases: sample(r, candidates, 8) };
}

/** Row labels under section rows, each section closed by its total; years across. */
function sections(r: Rng, company: string, sheetName: string): Built {
  const ys = years(r, r.int(2, 4));
  const ystyle = r.int(0, 3);
  const products = sample(r, ['Widget A', 'Widget B', 'Widget C', 'Services', 'Licences'], r.int(2, 4));
  const unit = r.pick(MONEY_UNITS);
  const style = r.pick(['plain', 'grouped'] as const);
  const indent = r.pick(['', '  ', '    ']);
  const head = titled(r, company, 'product lines');
  const rows: Row[] = [
    ...head.rows,
    [unit.text ? `${unit.text}` : '', ...ys.map((y) => yearHeader(y, ystyle))],
  ];
  const candidates: GridCase[] = [];
  for (const section of [
    { name: 'Revenue', total: 'Total revenue', count: false },
    { name: 'Units sold', total: 'Total units sold', count: true },
    { name: 'Gross profit', total: 'Total gross profit', count: false },
  ]) {
    rows.push([section.name, ...ys.map(() => null)]);
    const sums = ys.map(() => 0);
    for (const p of products) {
      const cells = ys.map(() => number(r, 10, 3000, section.count ? 0 : 1, style));
      cells.forEach((c, k) => {
        sums[k] = (sums[k] as number) + c.value;
      });
      rows.push([`${indent}${p}`, ...cells]);
      const rowNumber = rows.length;
      ys.forEach((y, c) => {
        const tags = [...head.tags, 'section row label', ...(section.count ? ['count'] : [])];
        candidates.push({
          dataPoint: `${section.name} ${p} ${y}`,
          expected: (cells[c] as GridNumber).value * (section.count ? 1 : unit.scale),
          caseType: caseType(tags),
          sheet: sheetName,
          row: rowNumber,
          column: columnLetter(c + 2),
        });
      });
    }
    const totals = sums.map((s) =>
      printed(Number(s.toFixed(section.count ? 0 : 1)), section.count ? 0 : 1, style, false),
    );
    rows.push([section.total, ...totals]);
    const rowNumber = rows.length;
    ys.forEach((y, c) => {
      candidates.push({
        dataPoint: `${section.total} ${y}`,
        expected: (totals[c] as GridNumber).value * (section.count ? 1 : unit.scale),
        caseType: caseType([...head.tags, 'total row', ...(section.count ? ['count'] : [])]),
        sheet: sheetName,
        row: rowNumber,
        column: columnLetter(c + 2),
      });
    });
  }
  return { sheet: { name: sheetName, rows, merges: [], hasData: true }, cases: sample(r, candidates, 9) };
}

/** Years (or quarters) down, measures across with their units in the header cells. */
function periodsAsRows(r: Rng, company: string, sheetName: string, quarters: boolean): Built {
  const unit = r.pick(MONEY_UNITS.filter((u) => u.text !== ''));
  const style = r.pick(['plain', 'grouped'] as const);
  const head = titled(r, company, quarters ? 'quarterly results' : 'ten-year history');
  const measures = quarters
    ? [
        { label: 'Net sales', kind: 'money' as const },
        { label: 'Operating income', kind: 'money' as const },
        { label: 'Net income', kind: 'money' as const },
        { label: 'Diluted EPS ($)', kind: 'plain' as const },
      ]
    : [
        { label: 'Revenue', kind: 'money' as const },
        { label: 'Net income', kind: 'money' as const },
        { label: 'Employees', kind: 'plain' as const },
        { label: 'Gross margin (%)', kind: 'percent' as const },
      ];
  const periods: { header: string; asked: string[] }[] = [];
  if (quarters) {
    const last = r.pick([2024, 2025]);
    for (const y of [last - 1, last])
      for (const q of [1, 2, 3, 4])
        periods.push({ header: r.chance(0.5) ? `Q${q} ${y}` : `${y} Q${q}`, asked: [`Q${q} ${y}`] });
  } else {
    for (const y of years(r, r.int(5, 8))) periods.push({ header: String(y), asked: [String(y)] });
  }
  const header: Row = [
    quarters ? 'Quarter' : 'Year',
    ...measures.map((m) => (m.kind === 'money' ? `${m.label} ${unit.text}` : m.label)),
  ];
  const rows: Row[] = [...head.rows, header];
  const candidates: GridCase[] = [];
  for (const p of periods) {
    const cells = measures.map((m) =>
      m.kind === 'percent'
        ? number(r, 5, 60, 1, 'plain')
        : m.label.startsWith('Diluted')
          ? number(r, 0.1, 9, 2, 'plain')
          : m.label === 'Employees'
            ? number(r, 100, 90_000, 0, style)
            : number(r, 20, 9000, 1, style),
    );
    rows.push([p.header, ...cells]);
    const rowNumber = rows.length;
    measures.forEach((m, c) => {
      const cell = cells[c] as GridNumber;
      const name = m.label.replace(/ \((%|\$)\)$/, '');
      const tags = [...head.tags, quarters ? 'quarter rows' : 'years as rows'];
      if (m.kind === 'percent') tags.push('percent');
      candidates.push({
        dataPoint: r.chance(0.5) ? `${p.asked[0]} ${name}` : `${name} ${p.asked[0]}`,
        expected:
          m.kind === 'percent' ? cell.value / 100 : m.kind === 'money' ? cell.value * unit.scale : cell.value,
        caseType: caseType(tags),
        sheet: sheetName,
        row: rowNumber,
        column: columnLetter(c + 2),
      });
    });
  }
  return { sheet: { name: sheetName, rows, merges: [], hasData: true }, cases: sample(r, candidates, 7) };
}

type Layout = (r: Rng, company: string, sheetName: string) => Built;
const LAYOUTS: [string, Layout][] = [
  ['measures-by-year', measuresByYear],
  ['two-header-rows', twoHeaderRows],
  ['sections-and-totals', sections],
  ['years-as-rows', (r, c, s) => periodsAsRows(r, c, s, false)],
  ['quarters-as-rows', (r, c, s) => periodsAsRows(r, c, s, true)],
];
const SHEET_NAMES: Record<string, string[]> = {
  'measures-by-year': ['Key figures', 'Income statement', 'Summary'],
  'two-header-rows': ['Regions', 'Segments', 'By region'],
  'sections-and-totals': ['Products', 'Product lines'],
  'years-as-rows': ['Historical record', 'Ten-year record'],
  'quarters-as-rows': ['Quarterly', 'Quarters'],
};

/**
 * Layouts that share a workbook without making a data point mean two things ("Revenue 2023" of a
 * key-figures sheet and "Total revenue 2023" of a product sheet would, to an analyst).
 */
const WORKBOOK_PAIRS: [number, number][] = [
  [1, 4],
  [2, 4],
  [0, 4],
  [3, 1],
];

/** `count` grid documents: every sixth a workbook of several sheets behind a cover sheet. */
export function gridDocuments(count: number, seed = 3719): GridDocument[] {
  const r = rng(seed);
  const clean = (doc: GridDocument): GridDocument => ({
    ...doc,
    cases: doc.cases.map((c) => ({ ...c, expected: Number(c.expected.toPrecision(12)) })),
  });
  return Array.from({ length: count }, (_, i) => {
    const id = `grid-${String(i + 1).padStart(3, '0')}`;
    const company = r.pick(COMPANIES);
    if (i % 6 === 5) {
      const picked = (WORKBOOK_PAIRS[Math.floor(i / 6) % WORKBOOK_PAIRS.length] as [number, number]).map(
        (k) => LAYOUTS[k] as [string, Layout],
      );
      const built = picked.map(([name, layout]) => layout(r, company, r.pick(SHEET_NAMES[name] ?? ['Data'])));
      const cover: GridSheet = {
        name: 'Cover',
        rows: [
          [`${company}`],
          ['Financial data pack'],
          [],
          ['Prepared by Group Finance'],
          ['See the following sheets.'],
        ],
        merges: [],
        hasData: false,
      };
      return clean({
        id,
        kind: `workbook: ${picked.map(([n]) => n).join(' + ')}`,
        company,
        sheets: [cover, ...built.map((b) => b.sheet)],
        // The second data sheet's cases say so: a value not on the first sheet the reader meets.
        cases: built.flatMap((b, k) =>
          b.cases.map((c) => (k === 1 ? { ...c, caseType: 'second sheet' } : c)),
        ),
      });
    }
    const [name, layout] = LAYOUTS[i % LAYOUTS.length] as [string, Layout];
    const built = layout(r, company, r.pick(SHEET_NAMES[name] ?? ['Data']));
    return clean({ id, kind: name, company, sheets: [built.sheet], cases: built.cases });
  });
}

function cellText(cell: GridCell): string {
  if (cell === null) return '';
  return typeof cell === 'string' ? cell : cell.text;
}

/** One sheet as a CSV export writes it (numbers as printed, quoted where needed). */
export function gridCsv(sheet: GridSheet): string {
  const width = Math.max(...sheet.rows.map((row) => row.length));
  return sheet.rows
    .map((row) =>
      Array.from({ length: width }, (_, k) => {
        const text = cellText(row[k] ?? null);
        return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      }).join(','),
    )
    .join('\r\n');
}

/** The whole document as an .xlsx workbook: numbers stored as numbers with their formats. */
export async function gridXlsx(doc: GridDocument): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = doc.company;
  for (const sheet of doc.sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    sheet.rows.forEach((row, ri) => {
      row.forEach((cell, ci) => {
        if (cell === null || cell === '') return;
        const target = ws.getCell(ri + 1, ci + 1);
        if (typeof cell === 'string') {
          const indent = /^ +/.exec(cell)?.[0].length ?? 0;
          target.value = cell.trimStart();
          if (indent) target.alignment = { indent: Math.ceil(indent / 2) };
          return;
        }
        target.value = cell.value;
        target.numFmt = cell.format;
      });
    });
    for (const m of sheet.merges) if (m.to > m.from) ws.mergeCells(m.row, m.from, m.row, m.to);
    ws.getColumn(1).width = 32;
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
