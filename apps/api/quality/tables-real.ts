import { execFileSync } from 'node:child_process';
import { HeuristicProvider, loadBytes } from '../src/extraction';
import { askOrThrow, type QualityReader, qualityReader } from './api-harness';
import { isCorrect, type QualityCase, type QualitySuiteReport } from './types';

/**
 * The `tables-real` suite of `pnpm quality` (issue 38): real annual-report tables of the TAT-QA
 * train split (CC BY 4.0), read at run time from the fetched mirror (`TATQA_MIRROR`, the bare git
 * directory) and never stored. Each table with its paragraphs becomes a report page, read as HTML
 * and as Chromium's print of it to PDF; each question the dataset answers with one numeric table
 * cell becomes a data point "<row label> <column header>", expected to be the cell scaled by the
 * dataset's annotated scale (a percentage as a decimal). Every tenth table is kept apart as the
 * check set (`held-apart`); the rest is for development (`train-dev`).
 *
 * Making documents, submitting them and scoring are three separate steps: `tatqaPages` →
 * `renderRealPage` → a `Submit`: through the API as a requester sends pages (a `website` request for
 * the HTML, a `pdf` upload for its print), or in this thread with QUALITY_MODE=inprocess.
 *
 *   TATQA_MIRROR=/work/.mirror/NExTplusplus+TAT-QA/repo QUALITY_SUITES=tables-real pnpm quality
 *   TATQA_SHARE=held-apart|train-dev|all (default all)   TATQA_TABLES=200 (first N tables)
 *   TATQA_HAND=1: the hand-written tables of corpus/real-like-tables.ts instead (no dataset)
 */

export const TATQA_TRAIN_PATH = 'dataset_raw/tatqa_dataset_train.json';

interface TatqaQuestion {
  uid: string;
  question: string;
  answer: unknown;
  answer_type: string;
  answer_from: string;
  scale: string;
}

export interface TatqaRecord {
  table: { uid: string; table: string[][] };
  paragraphs: { uid: string; order: number; text: string }[];
  questions: TatqaQuestion[];
}

export interface RealCase {
  dataPoint: string;
  expected: number;
  /** What the data point tests, for the breakdowns. */
  caseTypes: Record<string, string>;
}

export interface RealPage {
  id: string;
  share: 'train-dev' | 'held-apart';
  html: string;
  cases: RealCase[];
}

/** One document asked for its data points; answers by data point. */
export type Submit = (
  doc: { id: string; bytes: Uint8Array; contentType: string },
  dataPoints: string[],
) => Promise<Record<string, { value: unknown; confidence: number; source_text?: string | null } | undefined>>;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SCALE_FACTOR: Record<string, number> = {
  '': 1,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  percent: 0.01,
};

/** A cell's printed number: "$ 1,234.5", "(12)", "-3.4 %", "12.3%"; a dash is 0; else undefined. */
export function cellNumber(text: string): number | undefined {
  // "$1.2 billion", "12.3m": the figure; the dataset's scale says what it is in.
  const t = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*(?:thousands?|millions?|billions?|bn|m|k)$/i, '');
  if (/^[$€£]?\s*[-–—−]+$/.test(t) || /^nil$/i.test(t)) return 0;
  const m = /^(\()?\s*(-|−|–)?\s*(?:US\$|\$|€|£)?\s*(\()?\s*(-)?([\d,]*\.?\d+)\s*(%)?\s*(\))?\s*(%)?$/.exec(
    t,
  );
  if (!m?.[5] || !/^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$|^\.\d+$/.test(m[5])) return undefined;
  const n = Number(m[5].replace(/,/g, ''));
  const negative = (!!(m[1] || m[3]) && !!m[7]) || !!m[2] || !!m[4];
  return negative ? -n : n;
}

function isFigure(text: string) {
  return cellNumber(text) !== undefined && !/^\s*[-–—−]+\s*$/.test(text);
}

/** The header rows: the rows above the first one with a figure outside the label column. */
function headerRowCount(rows: string[][]): number {
  const first = rows.findIndex(
    (r, i) => r.slice(1).some((c) => isFigure(c) && !/^(?:19|20)\d{2}$/.test(c.trim())) && i > 0,
  );
  return Math.max(1, first === -1 ? 1 : first);
}

/** The column's header as an analyst names it: the header cells above, spans carried right. */
function columnHeader(rows: string[][], headers: number, column: number): string {
  const parts: string[] = [];
  for (let r = 0; r < headers; r++) {
    const text = rows[r]?.[column]?.trim() ?? '';
    if (text) parts.push(text);
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

function answerText(answer: unknown): string | undefined {
  if (Array.isArray(answer)) return answer.length === 1 ? String(answer[0]) : undefined;
  if (typeof answer === 'string' || typeof answer === 'number') return String(answer);
  return undefined;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

function periodForm(header: string): string {
  const h = header.toLowerCase();
  if (/^(?:fy\s?)?'?\d{2,4}$/.test(h.replace(/\s/g, ''))) return 'year only';
  if (/\bvs\.?\b|\bchange\b|%\s*change|\bvariance\b|\bincrease\b/.test(h)) return 'change column';
  if (/\b(?:to|through|-|–)\b.*\d{4}/.test(h) && /\d{4}.*\b(?:to|through|-|–)\b/.test(h)) return 'date range';
  if (/\bq[1-4]\b|\bquarter\b|\bmonths?\b/.test(h)) return 'quarter / months';
  if (/\bfiscal\b|\bfy\b/.test(h)) return 'fiscal year';
  if (
    /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\d{1,2}\s*,\s*\d{4}|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/.test(
      h,
    )
  )
    return /,\d{4}/.test(h) ? 'date (no space)' : 'date';
  if (/\d{4}/.test(h)) return 'year and words';
  return 'no period';
}

function scaleWhere(
  record: TatqaRecord,
  row: string[],
  headers: string[][],
  cell: string,
  scale: string,
): string {
  if (scale === '') return 'none';
  if (scale === 'percent')
    return /%/.test(cell)
      ? 'percent (cell %)'
      : /%|percent/i.test(row[0] ?? '')
        ? 'percent (row label)'
        : /%|percent/i.test(headers.flat().join(' '))
          ? 'percent (header)'
          : 'percent (other)';
  const word = /thousand|million|billion|'000|\$000|\bm\b|\bbn\b|\$m\b|€m\b|£m\b/i;
  if (word.test(cell)) return `${scale} (cell)`;
  if (word.test(row[0] ?? '')) return `${scale} (row)`;
  if (word.test(headers.flat().join(' '))) return `${scale} (header)`;
  if (record.paragraphs.some((p) => word.test(p.text))) return `${scale} (paragraph)`;
  return `${scale} (not on page)`;
}

/** The pages and data points of the train split, in dataset order. */
export function tatqaPages(records: TatqaRecord[]): RealPage[] {
  const pages: RealPage[] = [];
  for (const [index, record] of records.entries()) {
    const rows = record.table.table.map((r) => r.map((c) => String(c ?? '')));
    const headers = headerRowCount(rows);
    const cases: RealCase[] = [];
    const named = new Set<string>();
    for (const q of record.questions) {
      if (q.answer_from !== 'table' || q.answer_type !== 'span') continue;
      const answer = answerText(q.answer);
      if (answer === undefined) continue;
      // The cell printed as the answer; or, the answer written without its cell's "$" or
      // brackets ("1,234" of "$ 1,234", "-12" of "(12)"), the one cell of that number.
      const find = (same: (cell: string) => boolean) => {
        const out: [number, number][] = [];
        for (const [ri, r] of rows.entries())
          for (const [ci, c] of r.entries()) if (ri >= headers && ci > 0 && same(c)) out.push([ri, ci]);
        return out;
      };
      let hits = find((c) => norm(c) === norm(answer));
      const asNumber = cellNumber(answer);
      if (hits.length === 0 && asNumber !== undefined && /\d/.test(answer))
        hits = find((c) => cellNumber(c) === asNumber && /\d/.test(c));
      if (hits.length !== 1) continue;
      const [ri, ci] = hits[0] as [number, number];
      const cell = rows[ri]?.[ci] ?? '';
      const number = cellNumber(cell);
      if (number === undefined) continue;
      const label = norm(rows[ri]?.[0] ?? '');
      const header = columnHeader(rows, headers, ci);
      if (!label || !header) continue;
      // As a requester names it: the product takes no commas in a data point's name (they separate
      // data points), so "Year Ended December 31, 2019" is asked as "Year Ended December 31 2019".
      const dataPoint = norm(`${label} ${header}`.replace(/,/g, ' '));
      if (named.has(dataPoint)) continue;
      named.add(dataPoint);
      const factor = SCALE_FACTOR[q.scale] ?? 1;
      const expected = Number((number * factor).toPrecision(12));
      const labelRows = rows.filter((r) => norm(r[0] ?? '').toLowerCase() === label.toLowerCase()).length;
      cases.push({
        dataPoint,
        expected,
        caseTypes: {
          scale: q.scale || 'none',
          'scale stated': scaleWhere(record, rows[ri] ?? [], rows.slice(0, headers), cell, q.scale),
          row:
            q.scale === 'percent'
              ? rows.slice(headers).some((r) => r.slice(1).some((c) => isFigure(c) && !/%/.test(c)))
                ? 'percent row in table of amounts'
                : 'percent table'
              : 'amount',
          label: /\(\d\)|\(\w\)\s*$|\*$|\d$/.test(label)
            ? 'footnote mark'
            : /^(?:less|add|plus)\b/i.test(label)
              ? 'Less:/Add:'
              : /:$/.test(label)
                ? 'ends with colon'
                : label.length > 60
                  ? 'long (> 60 chars)'
                  : 'plain',
          period: periodForm(header),
          figure:
            number === 0
              ? /\d/.test(cell)
                ? 'zero'
                : 'dash'
              : /\(/.test(cell)
                ? 'negative (brackets)'
                : 'figure',
          candidates: labelRows > 1 ? 'label repeated in table' : 'one row',
        },
      });
    }
    if (cases.length === 0) continue;
    pages.push({
      id: record.table.uid,
      share: index % 10 === 9 ? 'held-apart' : 'train-dev',
      html: pageHtml(record, rows),
      cases,
    });
  }
  return pages;
}

/** The page as a report prints it: the first paragraph above the table, the others below. */
function pageHtml(record: TatqaRecord, rows: string[][]): string {
  const paragraphs = [...record.paragraphs]
    .sort((a, b) => a.order - b.order)
    .map((p) => `<p>${esc(p.text)}</p>`);
  const headers = headerRowCount(rows);
  const body = rows
    .map((r, ri) => {
      const tag = ri < headers ? 'th' : 'td';
      return `<tr>${r.map((c, ci) => `<${tag}${ci === 0 ? ' class="label"' : ''}>${esc(c)}</${tag}>`).join('')}</tr>`;
    })
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:Helvetica,Arial,sans-serif;font-size:10pt}table{border-collapse:collapse}
td,th{padding:2px 8px;text-align:right;font-weight:normal}.label{text-align:left}
</style></head><body>
${paragraphs.slice(0, 1).join('\n')}
<table>${body}</table>
${paragraphs.slice(1).join('\n')}
</body></html>`;
}

/** The train split from the mirror; undefined (with the reason) when it cannot be read. */
export function readTatqaTrain(mirror: string): { records?: TatqaRecord[]; reason?: string } {
  try {
    const text = execFileSync('git', ['--git-dir', mirror, 'show', `HEAD:${TATQA_TRAIN_PATH}`], {
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString('utf8');
    return { records: JSON.parse(text) as TatqaRecord[] };
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    const why = /bad object|could not get object|invalid object/i.test(stderr)
      ? 'the file is listed but absent from this snapshot (snapshots lack files of 4 MiB and more)'
      : stderr.split('\n')[0] || (error as Error).message.split('\n')[0];
    return { reason: `cannot read ${TATQA_TRAIN_PATH} from ${mirror}: ${why}` };
  }
}

/** In-process answering, as `quality/tables.ts` does (loadBytes + HeuristicProvider). */
export function inProcessSubmit(): Submit {
  const provider = new HeuristicProvider();
  return async (doc, dataPoints) => {
    const extracted = await loadBytes(doc.bytes, { contentType: doc.contentType });
    const { result } = await provider.extract(extracted, dataPoints, {
      documentType: doc.contentType === 'application/pdf' ? 'pdf' : 'html',
    });
    return result as Awaited<ReturnType<Submit>>;
  };
}

/**
 * Submission through the product's API (`pnpm quality`'s default mode): the page's HTML served and
 * sent as a `website` request by its URL, its PDF print uploaded as a `pdf` request.
 */
export function apiSubmit(reader: QualityReader): Submit {
  return (doc, dataPoints) =>
    askOrThrow(
      reader,
      doc.contentType === 'application/pdf'
        ? { form: 'upload', documentType: 'pdf', bytes: doc.bytes, filename: `${doc.id}.pdf` }
        : { form: 'website', html: doc.bytes, name: doc.id },
      dataPoints,
    );
}

export interface RealSuiteOptions {
  mirror?: string;
  chromiumPath?: string;
  share?: 'train-dev' | 'held-apart' | 'all';
  tables?: number;
  submit?: Submit;
  /** Records to use instead of the mirror's (the hand-written ones of `corpus/real-like-tables.ts`). */
  records?: TatqaRecord[];
}

export async function runTablesRealSuite(options: RealSuiteOptions): Promise<QualitySuiteReport | undefined> {
  if (!options.mirror && !options.records) {
    console.log('\n=== tables-real: skipped (set TATQA_MIRROR to the fetched TAT-QA git directory)');
    return undefined;
  }
  const { records, reason } = options.records
    ? { records: options.records, reason: undefined }
    : readTatqaTrain(options.mirror as string);
  if (!records) {
    console.log(`\n=== tables-real: skipped (${reason})`);
    return undefined;
  }
  const share = options.share ?? 'all';
  const pages = tatqaPages(options.tables ? records.slice(0, options.tables) : records).filter(
    (p) => share === 'all' || p.share === share,
  );
  // Through the API unless the run is in-process (QUALITY_MODE=inprocess).
  const reader = options.submit ? undefined : await qualityReader();
  const submit = options.submit ?? (reader?.mode === 'api' ? apiSubmit(reader) : inProcessSubmit());
  const cases: QualityCase[] = [];
  const documentSeconds: number[] = [];
  const forms: { form: 'html' | 'pdf'; bytes: (page: RealPage) => Promise<Uint8Array> }[] = [
    { form: 'html', bytes: async (p) => Buffer.from(p.html) },
  ];
  let close = async () => {};
  if (options.chromiumPath) {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: options.chromiumPath,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
    const tab = await browser.newPage();
    forms.push({
      form: 'pdf',
      bytes: async (p) => {
        await tab.setContent(p.html);
        return tab.pdf({
          format: 'Letter',
          margin: { top: '0.5in', bottom: '0.5in', left: '0.5in', right: '0.5in' },
        });
      },
    });
    close = () => browser.close();
  }
  try {
    for (const page of pages) {
      for (const { form, bytes } of forms) {
        const data = await bytes(page);
        const t0 = performance.now();
        let answers: Awaited<ReturnType<Submit>> = {};
        let failure: string | undefined;
        try {
          answers = await submit(
            {
              id: `${page.id}.${form}`,
              bytes: data,
              contentType: form === 'pdf' ? 'application/pdf' : 'text/html',
            },
            page.cases.map((c) => c.dataPoint),
          );
        } catch (error) {
          failure = `ERROR ${(error as Error).message}`;
        }
        documentSeconds.push((performance.now() - t0) / 1000);
        for (const c of page.cases) {
          const item = answers[c.dataPoint];
          const row: QualityCase = {
            suite: `tables-real-${form} · ${page.share}`,
            document: `${page.id}.${form}`,
            kind: c.caseTypes.row ?? '',
            caseType: c.caseTypes['scale stated'] ?? '',
            dataPoint: c.dataPoint,
            expected: c.expected,
            value: failure ?? item?.value ?? null,
            correct: !failure && isCorrect(c.expected, item?.value ?? null),
            confidence: item?.confidence ?? 0,
            hasSourceText: !!item?.source_text,
          };
          dimensions.set(row, c.caseTypes);
          cases.push(row);
        }
      }
    }
  } finally {
    await close();
  }
  return { suite: 'tables-real', cases, documentSeconds };
}

const dimensions = new WeakMap<QualityCase, Record<string, string>>();

/** Accuracy by each case dimension, form and share apart (the summary prints the whole key). */
export function printRealBreakdown(report: QualitySuiteReport) {
  const dims = new Map<string, Map<string, QualityCase[]>>();
  for (const c of report.cases) {
    for (const [dim, value] of Object.entries(dimensions.get(c) ?? {})) {
      const key = `${c.suite} :: ${value}`;
      const byDim = dims.get(dim) ?? new Map<string, QualityCase[]>();
      byDim.set(key, [...(byDim.get(key) ?? []), c]);
      dims.set(dim, byDim);
    }
  }
  for (const [dim, groups] of dims) {
    console.log(`\n  by ${dim}`);
    for (const [key, cases] of [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
      const right = cases.filter((c) => c.correct).length;
      console.log(
        `    ${key.padEnd(70)} ${String(right).padStart(5)} / ${String(cases.length).padEnd(5)} ${((100 * right) / cases.length).toFixed(1).padStart(6)} %`,
      );
    }
  }
}

/**
 * `pnpm quality`'s entry (QUALITY_SUITES=tables-real): runs the suite when TATQA_MIRROR is set,
 * prints its summary and breakdowns, writes its misses; [] when skipped.
 */
export async function tablesRealSummaries<S>(
  summarise: (report: QualitySuiteReport) => S,
  chromiumPath: string | undefined,
): Promise<S[]> {
  const share = (process.env.TATQA_SHARE ?? 'all') as RealSuiteOptions['share'];
  const hand =
    process.env.TATQA_HAND === '1' ? (await import('./corpus/real-like-tables')).REAL_LIKE_TABLES : undefined;
  const report = await runTablesRealSuite({
    ...(hand ? { records: hand } : {}),
    ...(process.env.TATQA_MIRROR ? { mirror: process.env.TATQA_MIRROR } : {}),
    ...(chromiumPath ? { chromiumPath } : {}),
    ...(share ? { share } : {}),
    ...(process.env.TATQA_TABLES ? { tables: Number(process.env.TATQA_TABLES) } : {}),
  });
  if (!report) return [];
  const summary = summarise(report);
  printRealBreakdown(report);
  const { writeFileSync, mkdirSync } = await import('node:fs');
  const path = await import('node:path');
  const out = path.resolve(import.meta.dirname, '../../../bench/results');
  mkdirSync(out, { recursive: true });
  // Misses name real data: bench/results is not committed.
  writeFileSync(
    path.join(out, 'quality-tables-real-misses.json'),
    JSON.stringify(
      report.cases.filter((c) => !c.correct).map((c) => ({ ...c, dims: dimensions.get(c) })),
      null,
      1,
    ),
  );
  return [summary];
}
