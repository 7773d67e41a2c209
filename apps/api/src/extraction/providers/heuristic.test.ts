import { describe, expect, it } from 'vitest';
import { extractAll, snakeCase } from '../match/labelled-items';
import { labelStems, mergeSymbolCells } from '../match/line-labels';
import type { ExtractedDocument } from '../model/types';
import { loadCsv } from '../readers/csv';
import { loadHtml } from '../readers/html';
import { loadText } from '../readers/text';
import { HeuristicProvider } from './heuristic';

const provider = new HeuristicProvider();
const options = { documentType: 'pdf' };

async function run(doc: ExtractedDocument, dataPoints: string[]) {
  return provider.extract(doc, dataPoints, options);
}

/** The values read from `text` (lines) for each data point. */
async function valuesOf(text: string, dataPoints: string[]) {
  const { result } = await run(loadText(text), dataPoints);
  return Object.fromEntries(dataPoints.map((d) => [d, result[d]?.value ?? null]));
}

/** A PDF page's lines, numbered in order, each with its box (x0, y0, x1, y1 as page fractions). */
function placedPdf(lines: [string, [number, number, number, number]][]): ExtractedDocument {
  return {
    kind: 'pdf',
    lines: lines.map(([text, box], i) => ({ text, location: { page: 1, line: i + 1 }, box })),
  };
}

describe('HeuristicProvider', () => {
  it('matches labels regardless of case, underscores, camelCase and plurals', async () => {
    const doc = loadText('TOTAL REVENUES: $5 million');
    for (const dataPoint of ['total_revenue', 'Total revenue', 'totalRevenue', 'total-revenues']) {
      const { result } = await run(doc, [dataPoint]);
      expect(result[dataPoint]).toMatchObject({ value: 5000000, confidence: 0.97, location: 'line 1' });
    }
  });

  it('rates a fuzzy label lower than an exact one, and prefers the exact one', async () => {
    const fuzzy = await run(loadText('Total net revenues: $5 million'), ['total_revenue']);
    expect(fuzzy.result.total_revenue?.value).toBe(5000000);
    expect(fuzzy.result.total_revenue?.confidence).toBeLessThan(0.9);
    expect(fuzzy.result.total_revenue?.confidence).toBeGreaterThan(0.75);

    const both = await run(loadText('Total net revenues: $5 million\nTotal revenue: $7 million'), [
      'total_revenue',
    ]);
    expect(both.result.total_revenue).toMatchObject({ value: 7000000, location: 'line 2' });
  });

  it('finds a line spelt the British way under its American name', async () => {
    const doc = loadText('Depreciation and amortisation: £96.4 million\nLabour costs: £12.0 million');
    const { result } = await run(doc, ['Depreciation and amortization', 'Labor costs']);
    expect(result['Depreciation and amortization']?.value).toBe(96_400_000);
    expect(result['Labor costs']?.value).toBe(12_000_000);
  });

  it('reads a value from prose, with less confidence', async () => {
    const { result } = await run(loadText('In 2023, total revenue was approximately $1.2 billion.'), [
      'total_revenue',
    ]);
    expect(result.total_revenue?.value).toBe(1200000000);
    expect(result.total_revenue?.confidence).toBeLessThan(0.9);
  });

  it('takes the value from the next line when the label line has none', async () => {
    const { result } = await run(loadText('Report date:\nMarch 5, 2024\nPrepared by: Finance'), [
      'report_date',
    ]);
    expect(result.report_date).toMatchObject({
      value: '20240305',
      location: 'line 2',
      source_text: 'Report date:\nMarch 5, 2024',
    });
    expect(result.report_date?.confidence).toBeLessThan(0.9);
    expect(result.report_date?.confidence).toBeGreaterThan(0.8);
  });

  it('reads the cell under a matching header (one-record tables)', async () => {
    const doc = loadCsv('company,total_revenue,gross_margin\nAcme,1234500000,45%\n');
    const { result } = await run(doc, ['total_revenue', 'gross_margin']);
    expect(result.total_revenue).toMatchObject({
      value: 1234500000,
      location: 'row 2, column B',
      source_text: 'Acme | 1234500000 | 45%',
    });
    expect(result.gross_margin?.value).toBe(0.45);
    expect(result.total_revenue?.confidence).toBeGreaterThan(0.85);

    const many = await run(loadCsv('company,total_revenue\nAcme,1\nBeta,2\n'), ['total_revenue']);
    expect(many.result.total_revenue?.value).toBe(1);
    expect(many.result.total_revenue?.confidence).toBeLessThan(0.85);
  });

  it('applies the scale stated on the line or in a header above, but not to per-share figures or percentages', async () => {
    const sameLine = await run(loadText('Revenue (in thousands): 1,234'), ['revenue']);
    expect(sameLine.result.revenue?.value).toBe(1234000);

    const html = loadHtml(`<table>
      <tr><td>(In millions, except per share amounts)</td></tr>
      <tr><td>Net income</td><td>$</td><td>96,995</td></tr>
      <tr><td>Diluted earnings per share</td><td>$</td><td>6.13</td></tr>
      <tr><td>Operating margin</td><td>29.8</td><td>%</td></tr></table>`);
    const { result } = await run(html, ['net_income', 'diluted_earnings_per_share', 'operating_margin']);
    expect(result.net_income?.value).toBe(96995000000);
    expect(result.diluted_earnings_per_share?.value).toBe(6.13);
    expect(result.operating_margin?.value).toBe(0.298);
  });

  it('keeps scales to their page: a header on page 1 does not scale page 2', async () => {
    const doc: ExtractedDocument = {
      kind: 'pdf',
      lines: [
        { text: '(in millions)', location: { page: 1, line: 1 } },
        { text: 'Total revenue: 12', location: { page: 2, line: 1 } },
      ],
    };
    expect((await run(doc, ['total_revenue'])).result.total_revenue?.value).toBe(12);
  });

  it('reads text values and identifiers as text', async () => {
    const { result } = await run(loadText('Company name: Acme Corp. All rights reserved\nZip code: 02134'), [
      'company_name',
      'zip_code',
    ]);
    expect(result.company_name?.value).toBe('Acme Corp');
    expect(result.zip_code?.value).toBe('02134');
  });

  it('leaves what it cannot find blank, and scores the task by its weakest item', async () => {
    const doc = loadText('Total revenue: $5 million');
    const { result, confidence_score } = await run(doc, ['total_revenue', 'headcount']);
    expect(result.headcount).toEqual({
      value: null,
      location: '',
      source_text: '',
      source_url: null,
      confidence: 0.2,
    });
    expect(confidence_score).toBeCloseTo(Math.log(0.2), 4);

    const nothing = await run(doc, ['headcount']);
    expect(nothing.confidence_score).toBe(-10);
    const image = await run({ kind: 'image', lines: [], image: { mediaType: 'image/png', base64: '' } }, [
      'total_revenue',
    ]);
    expect(image.result.total_revenue?.value).toBeNull();
  });

  it('is less sure when equally good lines disagree', async () => {
    const { result } = await run(loadText('Total revenue: $5 million\nTotal revenue: $6 million'), [
      'total_revenue',
    ]);
    expect(result.total_revenue).toMatchObject({ value: 5000000, location: 'line 1' });
    expect(result.total_revenue?.confidence).toBeLessThan(0.85);
    const agreeing = await run(loadText('Total revenue: $5 million\nTotal revenue: $5.0 million'), [
      'total_revenue',
    ]);
    expect(agreeing.result.total_revenue?.confidence).toBe(0.97);
  });

  it('wants a number for figures and a date for dates', async () => {
    const { result } = await run(
      loadText('Total revenue: see note 4 where it is $9 million\nReport date: to be confirmed'),
      ['total_revenue', 'report_date'],
    );
    expect(result.total_revenue?.value).toBe(9000000);
    expect(result.total_revenue?.confidence).toBeLessThan(0.97);
    // "to be confirmed" is not a date: kept as found text, but rated low.
    expect(result.report_date?.confidence).toBeLessThan(0.8);
  });

  it('does not take a growth percentage for the figure itself', async () => {
    const { result } = await run(
      loadText('Total revenue growth was 12% this year.\nTotal revenue: $5 million'),
      ['total_revenue'],
    );
    expect(result.total_revenue).toMatchObject({ value: 5000000, location: 'line 2' });
  });

  it('takes the figure a sentence gives after the change ("increased 12% to $4.2 billion")', async () => {
    const { result } = await run(
      loadText('Total revenue for fiscal 2023 increased 12% to $4.2 billion, up from $3.75 billion.'),
      ['Total revenue'],
    );
    expect(result['Total revenue']?.value).toBe(4_200_000_000);
  });

  it('answers each year a sentence compares, the sentence wrapped over lines as on a PDF page', async () => {
    const doc = loadText(
      [
        'Results of Operations',
        'Revenue for fiscal 2024 was $4.2 billion, compared to $3.96 billion in fiscal 2023, an increase of 6%. The',
        'increase was driven by volumes. Cash flow from operating activities was $702 million in fiscal 2024, and capital',
        'expenditures totaled $188 million, down from $240 million in fiscal 2023.',
        'Interest expense was $52 million, $61 million and $64 million in 2024, 2023 and 2022, respectively.',
      ].join('\n'),
    );
    const asked = {
      'Revenue 2024': 4_200_000_000,
      'Revenue FY2023': 3_960_000_000,
      'Capital expenditures 2024': 188_000_000,
      'Capital expenditures 2023': 240_000_000,
      'Interest expense 2022': 64_000_000,
      'Interest expense 2023': 61_000_000,
    };
    const { result } = await run(doc, Object.keys(asked));
    for (const [dataPoint, value] of Object.entries(asked)) {
      expect(result[dataPoint], dataPoint).toMatchObject({ value });
      // Prose is never as sure as a table.
      expect(result[dataPoint]?.confidence, dataPoint).toBeLessThan(0.85);
    }
    expect(result['Capital expenditures 2024']?.location).toBe('line 3');
  });

  it('reads an effective tax rate as a figure, an effective date as a date', async () => {
    // Before: "effective" made "Effective tax rate" a date, and the sentence gave nothing.
    const values = await valuesOf(
      'The effective tax rate was 21.0% and 24.5% for 2019 and 2018, respectively.\nEffective date: March 1, 2020',
      ['Effective tax rate 2018', 'Effective date'],
    );
    expect(values).toEqual({ 'Effective tax rate 2018': 0.245, 'Effective date': '20200301' });
  });

  it('takes a sentence that names no year as about the year its section heading names, less surely', async () => {
    const doc = loadText(
      'Fiscal 2024 Compared to Fiscal 2023\nNet income increased to $431 million from $388 million a year ago, on higher sales.',
    );
    const { result } = await run(doc, ['Net income 2024', 'Net income 2023', 'Net income 2022']);
    expect(result['Net income 2024']?.value).toBe(431_000_000);
    expect(result['Net income 2023']?.value).toBe(388_000_000);
    expect(result['Net income 2023']?.confidence).toBeLessThan(0.75);
    expect(result['Net income 2022']?.value).toBeNull();
  });

  it('takes the year an earlier sentence of the paragraph names, and a period said as "at the end of"', async () => {
    // Before: "Operating margin 2024" and both years of net debt had no answer, and "Operating
    // margin" read the change, 80 basis points.
    const doc = loadText(
      [
        'Message from our CEO',
        'Fiscal 2024 was another year of strong execution. Revenue rose 5% to $12.4 billion, and operating',
        'margin expanded 80 basis points to 18.6%. We returned $1.1 billion to shareholders, while net debt fell',
        'to $3.2 billion from $3.9 billion at the end of fiscal 2023.',
      ].join('\n'),
    );
    const asked = {
      'Operating margin 2024': 0.186,
      'Operating margin': 0.186,
      'Net debt 2024': 3_200_000_000,
      'Net debt 2023': 3_900_000_000,
      'Operating margin 2023': null,
    };
    const { result } = await run(doc, Object.keys(asked));
    for (const [dataPoint, value] of Object.entries(asked))
      expect(result[dataPoint]?.value, dataPoint).toBe(value);
  });

  it('reads a margin that widened to a level as that level, one that only widened as nothing, and a year-end figure', async () => {
    expect(
      await valuesOf(
        'Gross margin widened 120 basis points to 41.5%.\nEBITDA margin was up 90 bps.\nNet debt fell to $3.2 billion from $3.9 billion at the end of fiscal 2023.',
        ['Gross margin', 'EBITDA margin', 'Net debt 2023'],
      ),
    ).toEqual({ 'Gross margin': 0.415, 'EBITDA margin': null, 'Net debt 2023': 3_900_000_000 });
  });

  it('takes no year from the last line of a paragraph as if it were a heading', async () => {
    // Before: "share was 44.8p (2023: 47.9p)." was taken for a heading naming 2023, so the free
    // cash flow of the year (£251.3m, "up from £219.8m in the prior year") was given for 2023.
    const doc = loadText(
      [
        'Adjusted earnings per share rose 9% to 61.3p (2023: 56.2p) and basic earnings per',
        'share was 44.8p (2023: 47.9p).',
        'Free cash flow was £251.3m, up from £219.8m in the prior year, a cash conversion of 96%.',
      ].join('\n'),
    );
    const { result } = await run(doc, ['Free cash flow 2023']);
    expect(result['Free cash flow 2023']?.value).toBeNull();
    // Nor from a comparative earlier in the paragraph: only a period a sentence opens with.
    for (const opening of [
      'Basic EPS 44.8p (2023: 47.9p).',
      'Our teams delivered strong results despite a difficult comparison with 2023.',
    ]) {
      const paragraph = loadText(`${opening} Free cash flow was £251.3m, up from £219.8m in the prior year.`);
      const { result: read } = await run(paragraph, ['Free cash flow 2023']);
      expect(read['Free cash flow 2023']?.value, opening).toBeNull();
    }
  });

  it('takes a sentence naming no year as about the year the document’s tables lead with', async () => {
    const doc = loadHtml(`<h2>Chief Financial Officer's review</h2>
      <p>Free cash flow was £251.3m, up from £219.8m in the prior year, a cash conversion of 96%.</p>
      <table><tr><td>Summary income statement</td><td>2024 £m</td><td>2023 £m</td></tr>
        <tr><td>Revenue</td><td>2,318.6</td><td>2,158.9</td></tr>
        <tr><td>Profit before tax</td><td>288.1</td><td>301.5</td></tr></table>`);
    const { result } = await run(doc, ['Free cash flow 2024', 'Free cash flow 2023', 'Free cash flow 2022']);
    expect(result['Free cash flow 2024']?.value).toBe(251_300_000);
    expect(result['Free cash flow 2023']?.value).toBe(219_800_000);
    expect(result['Free cash flow 2022']?.value).toBeNull();
    expect(result['Free cash flow 2024']?.confidence).toBeLessThan(0.8);
  });

  it('follows a sentence from the foot of one column to the head of the next', async () => {
    const doc = placedPdf([
      ['Free cash flow was £251.3m, up from £219.8m in the prior year,', [0.045, 0.8, 0.473, 0.812]],
      ['a cash conversion of 96%. Net debt at 31 December 2024 was', [0.045, 0.814, 0.464, 0.826]],
      ['£612.4m (2023: £688.0m), representing leverage of 1.2x', [0.518, 0.1, 0.896, 0.112]],
      ['adjusted EBITDA (2023: 1.5x).', [0.518, 0.114, 0.722, 0.126]],
    ]);
    const { result } = await run(doc, ['Net debt 2024', 'Net debt 2023']);
    expect(result['Net debt 2024']?.value).toBe(612_400_000);
    expect(result['Net debt 2023']?.value).toBe(688_000_000);
  });

  it('reads a cash conversion given as a percentage as the ratio it is', async () => {
    // Before: "a cash conversion of 96%" was passed over: a percentage was read only for names
    // with "margin", "rate", "ratio" and the like.
    const doc =
      loadHtml(`<p>Free cash flow was £251.3m, up from £219.8m in the prior year, a cash conversion of 96%.</p>
      <table><tr><td></td><td>2024 £m</td><td>2023 £m</td></tr><tr><td>Revenue</td><td>2,318.6</td><td>2,158.9</td></tr></table>`);
    const { result } = await run(doc, ['Cash conversion 2024']);
    expect(result['Cash conversion 2024']?.value).toBe(0.96);
  });

  it('gives no figure for a year a sentence does not speak of, nor a change as a level', async () => {
    const doc = loadText(
      'Revenue grew by $240 million in 2024.\nRevenue was $4.2 billion in 2024 and $3.9 billion in 2023.',
    );
    const { result } = await run(doc, ['Revenue 2022', 'Revenue 2024']);
    expect(result['Revenue 2022']?.value).toBeNull();
    expect(result['Revenue 2024']).toMatchObject({ value: 4_200_000_000, location: 'line 2' });
  });

  it('follows a sentence onto the next line of a PDF paragraph, but not past a heading or a short line', async () => {
    const doc = placedPdf([
      ['Revenue for fiscal 2024 was $4.2 billion, up 6% compared to', [0.08, 0.1, 0.9, 0.12]],
      ['$3.96 billion in fiscal 2023. Orders were strong.', [0.08, 0.12, 0.6, 0.14]],
      ['Net income for fiscal 2024 was $431 million', [0.08, 0.16, 0.55, 0.18]],
      ['$388 million fiscal 2023 restated, see note 4', [0.08, 0.18, 0.6, 0.2]],
    ]);
    const { result } = await run(doc, ['Revenue 2023', 'Net income 2023']);
    expect(result['Revenue 2023']).toMatchObject({ value: 3_960_000_000, location: 'page 1, line 1' });
    // Line 3 is not set the width of the paragraph: line 4 is something else.
    expect(result['Net income 2023']?.value).toBeNull();
  });

  it('follows a PDF sentence onto the next line when that line’s first word would not have fitted', async () => {
    // Before: "approximately" ended 0.035 short of the paragraph's right edge, so "15%." on the
    // next line was taken for another paragraph and the outlook's margin had no figure.
    const doc = placedPdf([
      ['Outlook', [0.06, 0.08, 0.14, 0.1]],
      [
        'For fiscal 2025 we expect revenue growth of 7% to 9%, and the board continues to',
        [0.06, 0.1, 0.815, 0.12],
      ],
      ['target an operating margin and a cash conversion each of approximately', [0.06, 0.12, 0.78, 0.14]],
      ['15%. The dividend policy is unchanged.', [0.06, 0.14, 0.42, 0.16]],
    ]);
    const { result } = await run(doc, ['Operating margin 2025']);
    expect(result['Operating margin 2025']?.value).toBe(0.15);
  });

  it('answers a growth with the change a sentence states, and a growth the sentence names with its level', async () => {
    // Before: "Revenue growth 2024" was looked for as a line named "revenue growth" (none), and a
    // change was never an answer; "Net income increased $38 million, or 9%, to $452 million",
    // too short to be about its paragraph's year, gave no 2024 figure at all.
    const text = [
      'Fiscal 2024 compared with fiscal 2023',
      'In fiscal 2024, revenue grew 12% to $4.2 billion, while operating income rose 8% to $610 million.',
      'Net income increased $38 million, or 9%, to $452 million.',
      'Organic sales growth was 6.1% for the year, compared with 4.8% in fiscal 2023.',
    ].join('\n');
    expect(
      await valuesOf(text, [
        'Revenue growth 2024',
        'Revenue 2024',
        'Operating income growth FY2024',
        'Net income growth 2024',
        'Net income 2024',
        'Net income 2023',
        'Organic sales growth 2023',
      ]),
    ).toEqual({
      'Revenue growth 2024': 0.12,
      'Revenue 2024': 4_200_000_000,
      'Operating income growth FY2024': 0.08,
      'Net income growth 2024': 0.09,
      'Net income 2024': 452_000_000,
      'Net income 2023': null,
      'Organic sales growth 2023': 0.048,
    });
    // A bulleted change with no period, asked with none.
    expect(await valuesOf('• Gross written premiums up 9.6% to £4,812m', ['GWP growth'])).toEqual({
      'GWP growth': 0.096,
    });
  });

  it('reads a release’s highlights under headings that name their periods, each item on its own line', async () => {
    // Before: "Free cash flow of $302 million", too short to be about its heading's year, had no
    // 2024 figure, and on the PDF page it ran on from the item above ("… $198.4 million in
    // 2023"), so "Free cash flow 2023" read $302 million; "$1.08 per diluted share" was no EPS.
    const doc = placedPdf([
      ['Fourth Quarter 2024 Highlights', [0.05, 0.1, 0.3, 0.12]],
      ['Net income of $64.2 million, or $1.08 per diluted share', [0.1, 0.12, 0.5, 0.14]],
      ['Full Year 2024 Highlights', [0.05, 0.16, 0.25, 0.18]],
      ['Total revenue of $4.31 billion, up 5% from $4.10 billion in 2023', [0.1, 0.18, 0.56, 0.2]],
      ['Net income of $231.0 million compared with $198.4 million in 2023', [0.1, 0.2, 0.59, 0.22]],
      ['Free cash flow of $302 million', [0.1, 0.22, 0.32, 0.24]],
    ]);
    const { result } = await run(doc, ['Free cash flow 2024', 'Free cash flow 2023', 'Diluted EPS Q4 2024']);
    expect(result['Free cash flow 2024']?.value).toBe(302_000_000);
    expect(result['Free cash flow 2023']?.value).toBeNull();
    expect(result['Diluted EPS Q4 2024']?.value).toBe(1.08);
    // A row of years above is no heading naming the item's period.
    const underYears = placedPdf([
      ['2024 2023', [0.6, 0.1, 0.9, 0.12]],
      ['Free cash flow of $302 million', [0.1, 0.14, 0.32, 0.16]],
    ]);
    const years = await run(underYears, ['Free cash flow 2024']);
    expect(years.result['Free cash flow 2024']?.value).toBeNull();
  });

  it('reads highlights written figure first, each list item on its own', async () => {
    const doc = loadHtml(
      `<h2>2024 highlights</h2><ul>
        <li>£1,532.4m revenue, up 6% (2023: £1,445.7m)</li>
        <li>£245.1m adjusted operating profit (2023: £224.9m)</li>
        <li>We generated $812 million of free cash flow in 2024, compared with $640 million in 2023</li>
      </ul>`,
    );
    const asked = {
      Revenue: 1_532_400_000,
      'Revenue 2024': 1_532_400_000,
      'Revenue 2023': 1_445_700_000,
      'Adjusted operating profit': 245_100_000,
      'Adjusted operating profit 2024': 245_100_000,
      'Free cash flow 2024': 812_000_000,
      'Free cash flow 2023': 640_000_000,
    };
    const { result } = await run(doc, Object.keys(asked));
    for (const [dataPoint, value] of Object.entries(asked))
      expect(result[dataPoint], dataPoint).toMatchObject({ value });
    expect(result['Revenue 2024']?.location).toBe('line 2');
  });

  it.each<[string, string, Record<string, number | null>]>([
    [
      'reads a line item asked by its abbreviation from a sentence that spells it out',
      'Selling, general and administrative expenses were $742 million and $705 million for fiscal 2024 and 2023, respectively.',
      { 'SG&A 2023': 705_000_000, 'SG&A expenses 2024': 742_000_000 },
    ],
    [
      'never answers a data point with the year it asks for',
      'Paragraph 2023 discusses operations, revenue recognition and other matters in 2023.',
      { 'Revenue 2023': null },
    ],
    [
      'reads per-share figures and spending in sentences as figures',
      'Basic earnings per share increased by 10% to 41.2 pence (2023: 37.5 pence).\nCapital expenditure for the year amounted to €412 million (previous year: €380 million).',
      { 'Basic earnings per share 2023': 37.5, 'Capital expenditure': 412_000_000 },
    ],
    [
      'answers a figure asked without a year with the latest a sentence gives, never a change',
      'Revenue grew by $240 million in 2024.\nOperating income increased from $3.9 billion in 2023 to $4.2 billion in 2024.',
      { Revenue: null, 'Operating income': 4_200_000_000 },
    ],
    [
      'reads Indian figures in crore, "as against" the year before ("operations" is no ratio)',
      'Revenue from operations for FY 2023-24 stood at ₹ 12,345 crore as against ₹ 11,234 crore in FY 2022-23.',
      {
        'Revenue from operations FY2024': 123_450_000_000,
        'Revenue from operations FY2023': 112_340_000_000,
      },
    ],
    [
      'takes a short sentence under a quarter’s heading as about that quarter',
      'Third Quarter 2024 Results\nOperating margin expanded 150 basis points to 21.5%.',
      { 'Operating margin Q3 2024': 0.215, 'Operating margin Q3 2023': null },
    ],
  ])('%s', async (_name, text, expected) => {
    expect(await valuesOf(text, Object.keys(expected))).toEqual(expected);
  });

  it('reads label/value rows of a CSV without a header row', async () => {
    const doc = loadCsv('Company,Acme Corp\nTotal revenue,1234\n', { hasHeaders: false });
    const { result } = await run(doc, ['company', 'total_revenue']);
    expect(result.company?.value).toBe('Acme Corp');
    expect(result.total_revenue?.value).toBe(1234);
  });

  // Its speed is measured in `pnpm bench` (extraction), not asserted here.
  it('finds a figure deep in a long filing among twenty data points', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      i === 15_000
        ? 'Total revenue: $1,234.5 million'
        : `Paragraph ${i} discusses operations, revenue recognition and other matters.`,
    );
    const doc = loadText(lines.join('\n'));
    const dataPoints = ['total_revenue', ...Array.from({ length: 19 }, (_, i) => `metric_${i}`)];
    const { result } = await run(doc, dataPoints);
    expect(result.total_revenue?.value).toBe(1234500000);
    expect(result.metric_3?.value ?? null).toBeNull();
  });

  it('is deterministic', async () => {
    const doc = loadText('Total revenue: $5 million\nGross margin: 45%');
    expect(await run(doc, ['total_revenue', 'gross_margin'])).toEqual(
      await run(doc, ['total_revenue', 'gross_margin']),
    );
  });
});

describe('every labelled value (empty data points)', () => {
  it('extracts "Label: value" lines and label/value table rows, snake-cased', async () => {
    const doc = loadHtml(`<h1>Highlights for 2023</h1>
      <p>Total revenue: $1,234.5 million</p>
      <p>This sentence has no label.</p>
      <p>See https://example.com: for details</p>
      <table><tr><td>Gross margin</td><td>45%</td></tr>
      <tr><td>Net sales</td><td>$</td><td>383,285</td><td>394,328</td></tr>
      <tr><td>Report date</td><td>March 5, 2024</td></tr>
      <tr><td>Total revenue</td><td>$1</td></tr></table>`);
    const { result, confidence_score } = await run(doc, []);
    expect(Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.value]))).toEqual({
      total_revenue: 1234500000,
      gross_margin: 0.45,
      net_sales: 383285,
      report_date: '20240305',
    });
    expect(result.net_sales?.confidence).toBe(0.8);
    expect(confidence_score).toBeCloseTo(Math.log(0.8), 4);
  });

  it('finds nothing in prose', () => {
    expect(extractAll(loadText('Nothing here is labelled.\nNor here.'))).toEqual({});
  });
});

describe('helpers', () => {
  it('labelStems and snakeCase', () => {
    expect(labelStems('Total_Revenues')).toEqual(['total', 'revenue']);
    expect(labelStems('numberOfEmployees')).toEqual(['number', 'of', 'employee']);
    expect(snakeCase('Total revenue (USD)')).toBe('total_revenue_usd');
    expect(snakeCase('Café Größe')).toBe('cafe_grosse');
  });

  it('merges currency and percent cells into their figures', () => {
    expect(
      mergeSymbolCells([
        { text: 'Net sales', column: '1' },
        { text: '$', column: '2' },
        { text: '383,285', column: '3' },
        { text: '29.8', column: '4' },
        { text: '%', column: '5' },
      ]).map((c) => c.text),
    ).toEqual(['Net sales', '$383,285', '29.8%']);
  });
});
