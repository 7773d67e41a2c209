import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { reportHtml, reportPdf, reportPositionedHtml } from '../../../quality/corpus/render-report';
import type { PageModel, RowModel, TableModel } from '../../../quality/corpus/report-model';
import { HeuristicProvider } from '../providers/heuristic';
import { loadHtml } from '../readers/html';
import { closePdfWorkers, loadPdf } from '../readers/pdf';
import { loadText } from '../readers/text';
import { columnHeaderPath } from '../tables/table-builder';
import type { LayoutTable, LayoutWord } from './layout';
import { layoutPageFromWords, signed, textLinesFromLayout } from './layout-builder';
import type { ExtractedDocument } from './types';

/**
 * The layout model on report tables drawn at known positions (pdf-lib) and written as markup:
 * columns from positions, headers, labels, sections, scale, periods and continued tables.
 */

afterAll(() => closePdfWorkers());

function row(label: string, cells: string[], extra: Partial<RowModel> = {}): RowModel {
  return { label, indent: 1, kind: 'data', cells, expected: [], names: [label], tags: [], ...extra };
}
const heading = (label: string, indent = 0): RowModel => row(label, ['', ''], { kind: 'heading', indent });

function page(
  table: Partial<TableModel> & Pick<TableModel, 'rows'>,
  extra: Partial<PageModel> = {},
): PageModel {
  return {
    id: 'test',
    kind: 'test',
    company: 'Acme',
    heading: 'Acme Corporation',
    tables: [
      {
        title: 'Consolidated balance sheets',
        headerRows: [
          [
            { text: '2019', span: 1 },
            { text: '2018', span: 1 },
          ],
        ],
        columns: [],
        hasNoteColumn: false,
        tags: [],
        ...table,
      },
    ],
    ...extra,
  };
}

async function read(model: PageModel): Promise<ExtractedDocument> {
  return loadPdf(await reportPdf(model));
}

async function ask(doc: ExtractedDocument, dataPoints: string[]) {
  const { result } = await new HeuristicProvider().extract(doc, dataPoints, { documentType: 'pdf' });
  return Object.fromEntries(dataPoints.map((d) => [d, result[d]?.value ?? null]));
}

function firstTable(doc: ExtractedDocument): LayoutTable {
  const table = doc.layout?.flatMap((p) => p.tables)[0];
  if (!table) throw new Error('no table read');
  return table;
}

const rowNames = (t: LayoutTable) => t.rowLabels.filter((l) => l && !l.isHeading).map((l) => l?.name);

describe('tables from positions (PDF)', () => {
  it('finds the columns with an empty cell, a $ cell and a note column', async () => {
    const doc = await read(
      page({
        scaleText: '(in millions)',
        hasNoteColumn: true,
        rows: [
          row('Revenue', ['1,234', '1,100'], { note: '3', dollar: true }),
          row('Other income', ['', '45'], { note: '4' }),
          row('Net income', ['310', '290'], { dollar: true }),
        ],
      }),
    );
    const table = firstTable(doc);
    expect(table.noteColumns).toEqual([1]);
    expect(columnHeaderPath(table, 2)).toEqual(['2019']);
    expect(columnHeaderPath(table, 3)).toEqual(['2018']);
    expect(rowNames(table)).toEqual(['Revenue', 'Other income', 'Net income']);
    expect(
      await ask(doc, ['Revenue 2019', 'Other income 2019', 'Other income 2018', 'Net income 2018']),
    ).toEqual({
      'Revenue 2019': 1_234_000_000,
      'Other income 2019': null,
      'Other income 2018': 45_000_000,
      'Net income 2018': 290_000_000,
    });
  });

  it('reads a two-row header, a period over a year, and takes the latest period when none is named', async () => {
    const doc = await read(
      page({
        scaleText: '(In thousands)',
        headerRows: [
          [{ text: 'December 31,', span: 2 }],
          [
            { text: '2019', span: 1 },
            { text: '2018', span: 1 },
          ],
        ],
        rows: [
          row('Cash and cash equivalents', ['5,000', '4,000'], { dollar: true }),
          row('Inventories', ['700', '650']),
        ],
      }),
    );
    const table = firstTable(doc);
    expect(columnHeaderPath(table, 1)).toEqual(['December 31,', '2019']);
    expect(columnHeaderPath(table, 2)).toEqual(['December 31,', '2018']);
    const { result } = await new HeuristicProvider().extract(
      doc,
      ['Inventories December 31, 2018', 'Inventories'],
      {
        documentType: 'pdf',
      },
    );
    expect(result['Inventories December 31, 2018']?.value).toBe(650_000);
    expect(result.Inventories?.value).toBe(700_000);
    // The latest period was assumed: surer when it is named.
    expect(result.Inventories?.confidence).toBeLessThan(
      result['Inventories December 31, 2018']?.confidence ?? 0,
    );
    expect(result.Inventories?.anchor?.column_label).toBe('December 31, 2019');
  });

  it('joins a wrapped label and names a bare "Total" by its section', async () => {
    const doc = await read(
      page({
        scaleText: '(in thousands)',
        rows: [
          heading('Deferred charges and other assets:'),
          row('Deferred financing costs', ['120', '100']),
          row('Long-term prepaid expenses and other deferred charges, net of amortization', ['80', '60'], {
            wrapAt: 5,
          }),
          row('Total', ['200', '160'], { kind: 'total' }),
          row('Goodwill', ['900', '900'], { indent: 0 }),
        ],
      }),
    );
    const table = firstTable(doc);
    expect(rowNames(table)).toEqual([
      'Deferred financing costs',
      'Long-term prepaid expenses and other deferred charges, net of amortization',
      'Total Deferred charges and other assets',
      'Goodwill',
    ]);
    expect(
      await ask(doc, [
        'Long-term prepaid expenses and other deferred charges, net of amortization 2019',
        'Total deferred charges and other assets 2018',
      ]),
    ).toEqual({
      'Long-term prepaid expenses and other deferred charges, net of amortization 2019': 80_000,
      'Total deferred charges and other assets 2018': 160_000,
    });
  });

  it('takes the scale from a caption and from a £m header, and reads negatives in parentheses', async () => {
    const caption = await read(
      page({
        scaleText: '(Dollars in millions, except per share data)',
        rows: [row('Net loss', ['(12.5)', '(3.0)']), row('Loss per share', ['(0.45)', '(0.11)'])],
      }),
    );
    expect(firstTable(caption).scale).toBe('millions');
    expect(await ask(caption, ['Net loss 2019', 'Loss per share 2019'])).toEqual({
      'Net loss 2019': -12_500_000,
      'Loss per share 2019': -0.45,
    });
    const pounds = await read(
      page({
        headerRows: [
          [
            { text: '31 March 2019', span: 1 },
            { text: '31 March 2018', span: 1 },
          ],
          [
            { text: '£m', span: 1 },
            { text: '£m', span: 1 },
          ],
        ],
        rows: [row('Operating profit', ['412.3', '398.0'])],
      }),
    );
    expect(firstTable(pounds).columnUnits.slice(1)).toEqual(['millions', 'millions']);
    expect(await ask(pounds, ['Operating profit year ended 31 March 2018'])).toEqual({
      'Operating profit year ended 31 March 2018': 398_000_000,
    });
  });

  it('carries a table continued on the next page: its header, scale and section', async () => {
    const rows = [
      heading('Current liabilities:'),
      row('Accounts payable', ['300', '280']),
      row('Accrued expenses', ['120', '110']),
      row('Deferred revenue', ['90', '85']),
      row('Total', ['510', '475'], { kind: 'total' }),
    ];
    const doc = await read(
      page(
        {
          scaleText: '(in millions)',
          headerRows: [
            [{ text: 'Year ended December 31,', span: 2 }],
            [
              { text: '2019', span: 1 },
              { text: '2018', span: 1 },
            ],
          ],
          rows,
        },
        { splitAfterRows: 3, repeatHeaderOnSplit: false },
      ),
    );
    const second = doc.layout?.[1]?.tables[0];
    expect(second?.continuedFrom).toBe(1);
    expect(second?.scale).toBe('millions');
    expect(await ask(doc, ['Deferred revenue 2018', 'Total current liabilities 2019'])).toEqual({
      'Deferred revenue 2018': 85_000_000,
      'Total current liabilities 2019': 510_000_000,
    });
    const { result } = await new HeuristicProvider().extract(doc, ['Deferred revenue 2018'], {
      documentType: 'pdf',
    });
    expect(result['Deferred revenue 2018']?.anchor?.page).toBe(2);
  });

  it('gives each value a box inside its printed cell and the row and column it came from', async () => {
    const doc = await read(
      page({ scaleText: '(in millions)', rows: [row('Total revenue', ['1,482.7', '1,300.1'])] }),
    );
    const { result } = await new HeuristicProvider().extract(doc, ['Total revenue 2018'], {
      documentType: 'pdf',
    });
    const item = result['Total revenue 2018'];
    expect(item?.value).toBe(1_300_100_000);
    expect(item?.source_text).toContain('Total revenue');
    expect(item?.anchor).toMatchObject({ page: 1, row_label: 'Total revenue', column_label: '2018' });
    const [x0, y0, x1, y1] = item?.anchor?.box ?? [0, 0, 0, 0];
    // The 2018 column is the right one of two, right of the labels, in the upper part of the page.
    expect(x0).toBeGreaterThan(0.5);
    expect(x1).toBeLessThan(0.95);
    expect(y0).toBeLessThan(y1);
    expect(item?.location).toBe('page 1 · Consolidated balance sheets · Total revenue · 2018');
  });
});

describe('tables from markup (HTML)', () => {
  it('reads EDGAR-style tables: $ and ) in cells of their own, spacer columns, spans', async () => {
    const model = page({
      scaleText: '(in thousands)',
      headerRows: [
        [{ text: 'December 31,', span: 2 }],
        [
          { text: '2019', span: 1 },
          { text: '2018', span: 1 },
        ],
      ],
      rows: [
        heading('Current assets:'),
        row('Cash', ['1,000', '900'], { dollar: true }),
        row('Receivables', ['(25)', '40']),
        row('Total', ['975', '940'], { kind: 'total', dollar: true }),
      ],
    });
    const doc = loadHtml(reportHtml(model, 'edgar'));
    const table = firstTable(doc);
    expect(table.columnCount).toBe(3);
    expect(columnHeaderPath(table, 2)).toEqual(['December 31,', '2018']);
    expect(await ask(doc, ['Cash 2019', 'Receivables 2019', 'Total current assets 2018'])).toEqual({
      'Cash 2019': 1_000_000,
      'Receivables 2019': -25_000,
      'Total current assets 2018': 940_000,
    });
  });
});

describe('filings as EDGAR’s generators set them (inline XBRL)', () => {
  const statement = page({
    title: 'CONSOLIDATED STATEMENTS OF OPERATIONS',
    scaleText:
      '(In millions, except number of shares, which are reflected in thousands, and per-share amounts)',
    headerRows: [
      [{ text: 'Years ended', span: 2 }],
      [
        { text: 'September 30, 2023', span: 1 },
        { text: 'September 24, 2022', span: 1 },
      ],
    ],
    rows: [
      heading('Net sales:'),
      row('Products', ['298,085', '316,199'], { dollar: true }),
      row('Services', ['85,200', '78,129']),
      row('Total net sales', ['383,285', '394,328'], { kind: 'total', indent: 2 }),
      row('Other income/(expense), net', ['(565)', '(334)'], { indent: 0 }),
      heading('Earnings per share:'),
      row('Basic', ['6.16', '6.15'], { dollar: true }),
      row('Diluted', ['6.13', '6.11'], { dollar: true }),
      heading('Shares used in computing earnings per share:'),
      row('Basic', ['15,744,231', '16,215,963']),
      row('Diluted', ['15,812,547', '16,325,819']),
    ],
  });

  it('reads a table whose labels span three grid columns, and the share counts’ own scale', async () => {
    // Each label is set over three grid columns and no single-column cell marks the label column:
    // read as before, the table had no label column and was dropped (no answers at all).
    const doc = loadHtml(reportHtml(statement, 'filing'));
    const table = firstTable(doc);
    expect(table.shareScale).toBe('thousands');
    expect(columnHeaderPath(table, 1)).toEqual(['Years ended', 'September 30, 2023']);
    expect(
      await ask(doc, [
        'Total net sales 2023',
        'Products revenue 2022',
        'Other income/(expense), net 2022',
        'Diluted earnings per share 2023',
        'Diluted shares 2022',
      ]),
    ).toEqual({
      'Total net sales 2023': 383_285_000_000,
      // "revenue" is the section's "Net sales"
      'Products revenue 2022': 316_199_000_000,
      'Other income/(expense), net 2022': -334_000_000,
      'Diluted earnings per share 2023': 6.13,
      // The shares' "Diluted", not the per-share one above it
      'Diluted shares 2022': 16_325_819_000,
    });
  });

  it('reads a data point that states the units it wants, since answers are full figures', async () => {
    const doc = loadHtml(reportHtml(statement, 'filing'));
    expect(
      await ask(doc, [
        'Total net sales (USD millions) 2022',
        'Services net sales in millions 2023',
        'Products ($m)',
      ]),
    ).toEqual({
      'Total net sales (USD millions) 2022': 394_328_000_000,
      'Services net sales in millions 2023': 85_200_000_000,
      'Products ($m)': 298_085_000_000,
    });
  });

  it('joins a "$" set in its own narrow column to the figure after it, not the one before', async () => {
    // A PDF printed from such a filing: the second column's "$" sits closer to the first
    // column's figure than the gap between segments.
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const pdfPage = pdf.addPage([612, 792]);
    const right = (text: string, x: number, y: number) =>
      pdfPage.drawText(text, { x: x - font.widthOfTextAtSize(text, 9), y, size: 9, font });
    right('2023', 470, 700);
    right('2022', 560, 700);
    const lines: [string, string, string, boolean][] = [
      ['Cash and cash equivalents', '29,965', '23,646', true],
      ['Marketable securities', '31,590', '24,658', false],
      ['Total assets', '352,583', '352,755', true],
    ];
    lines.forEach(([label, a, b, dollar], i) => {
      const y = 680 - i * 14;
      pdfPage.drawText(label, { x: 72, y, size: 9, font });
      if (dollar) {
        pdfPage.drawText('$', { x: 400, y, size: 9, font });
        pdfPage.drawText('$', { x: 474, y, size: 9, font });
      }
      right(a, 470, y);
      right(b, 560, y);
    });
    const doc = await loadPdf(await pdf.save());
    expect(rowNames(firstTable(doc))).toEqual([
      'Cash and cash equivalents',
      'Marketable securities',
      'Total assets',
    ]);
    expect(await ask(doc, ['Cash and cash equivalents', 'Total assets 2022'])).toEqual({
      'Cash and cash equivalents': 29_965,
      'Total assets 2022': 352_755,
    });
  });

  it('tells current from non-current, and reads a stock line described after its comma', () => {
    // IFRS order: the non-current assets first.
    const balance = page({
      scaleText: '(In millions; shares in thousands)',
      rows: [
        heading('Non-current assets:'),
        row('Marketable securities', ['100,544', '120,805']),
        row('Total non-current assets', ['209,017', '217,350'], { kind: 'total' }),
        heading('Current assets:'),
        row('Marketable securities', ['31,590', '24,658']),
        row(
          'Common stock and additional paid-in capital, $0.00001 par value: 50,400,000 shares authorized; 15,550,061 and 15,943,425 shares issued and outstanding, respectively',
          ['73,812', '64,849'],
        ),
      ],
    });
    return expect(
      ask(loadHtml(reportHtml(balance, 'filing')), [
        'Current marketable securities 2019',
        'Non-current marketable securities 2018',
        'Common stock and additional paid-in capital 2019',
      ]),
    ).resolves.toEqual({
      'Current marketable securities 2019': 31_590_000_000,
      'Non-current marketable securities 2018': 120_805_000_000,
      // An amount in millions: the shares are only described
      'Common stock and additional paid-in capital 2019': 73_812_000_000,
    });
  });
});

/** A page drawn line by line: each item is text placed by its left edge, or by its right edge with `right`. */
async function drawn(lines: { y: number; items: { text: string; x: number; right?: boolean }[] }[]) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([612, 792]);
  for (const { y, items } of lines)
    for (const { text, x, right } of items)
      sheet.drawText(text, { x: right ? x - font.widthOfTextAtSize(text, 8) : x, y, size: 8, font });
  return loadPdf(await pdf.save());
}

/** A line for `drawn`: a label at `labelX` (none when empty) and texts right-aligned at `xs` (an empty one draws nothing). */
function rowAt(y: number, label: string, texts: string[], xs: number[], labelX = 80) {
  return {
    y,
    items: [
      ...(label ? [{ text: label, x: labelX }] : []),
      ...texts.flatMap((text, i) => (text ? [{ text, x: xs[i] as number, right: true }] : [])),
    ],
  };
}

describe('the title of a table under a paragraph', () => {
  it('is the heading above the paragraph, not the paragraph’s last line', async () => {
    for (const runOn of ['driven by', 'driven by the']) {
      const doc = await drawn([
        { y: 752, items: [{ text: 'Segment results', x: 80 }] },
        {
          y: 740,
          items: [
            {
              text: `Net sales increased $412 million, or 7%, to $6,318 million in 2024 compared with 2023, ${runOn}`,
              x: 80,
            },
          ],
        },
        { y: 730, items: [{ text: 'growth in Services.', x: 80 }] },
        rowAt(712, '', ['2024', '2023'], [440, 500]),
        rowAt(700, 'Products', ['4,102', '3,998'], [440, 500]),
        rowAt(688, 'Services', ['2,216', '1,908'], [440, 500]),
      ]);
      expect(firstTable(doc).title, runOn).toBe('Segment results');
    }
  });
});

describe('a table set tight (cells a word space apart)', () => {
  it('splits the figures a PDF reader ran together, and the first figure from its label', async () => {
    // Helvetica 8 pt: "Total net sales" ends 3.6 pt before "$6,318", and each figure ends 4.5 pt
    // before the next: the PDF reader joins each row into one run ("Total net sales $6,318
    // $5,906"), which read as a label with no figures, or one figure.
    const doc = await drawn([
      { y: 740, items: [{ text: 'Net sales (in millions)', x: 80 }] },
      rowAt(724, '', ['2024', '2023'], [160, 189]),
      rowAt(712, 'Products', ['$4,102', '$3,998'], [160, 189]),
      rowAt(700, 'Services', ['2,216', '1,908'], [160, 189]),
      rowAt(688, 'Total net sales', ['$6,318', '$5,906'], [160, 189]),
      { y: 664, items: [{ text: 'Net sales rose in 2024 by 7 percent, on 1 234 new accounts.', x: 80 }] },
      { y: 640, items: [{ text: 'Balances at December 31 2024', x: 80 }] },
      {
        y: 620,
        items: [
          { text: '31 March 2024', x: 250 },
          { text: '31 March 2023', x: 305 },
        ],
      },
    ]);
    expect(
      await ask(doc, ['Products 2024', 'Services 2023', 'Total net sales 2023', 'Total net sales 2024']),
    ).toEqual({
      'Products 2024': 4_102_000_000,
      'Services 2023': 1_908_000_000,
      'Total net sales 2023': 5_906_000_000,
      'Total net sales 2024': 6_318_000_000,
    });
    // A sentence, a number grouped by a space and a date stay whole; dates set tight are two.
    const segments = (start: string) =>
      doc.layout?.[0]?.lines.find((l) => l.text.startsWith(start))?.segments.map((s) => s.text);
    expect(segments('Net sales rose')).toHaveLength(1);
    expect(segments('Balances')).toEqual(['Balances at December 31 2024']);
    expect(segments('31 March')).toEqual(['31 March 2024', '31 March 2023']);
  });
});

describe('statements as annual reports print them', () => {
  /** A row: its label, note and figures right-aligned at 440 and 500 (and 530 for a third). */
  const figures = (y: number, label: string, note: string, a: string, b: string, c?: string) => ({
    y,
    items: [
      { text: label, x: 80 },
      ...(note ? [{ text: note, x: 380, right: true }] : []),
      { text: a, x: 440, right: true },
      { text: b, x: 500, right: true },
      ...(c ? [{ text: c, x: 530, right: true }] : []),
    ],
  });

  it('reads years over "£m" with the notes heading set between them, a restated mark, pence and EPS', async () => {
    // A header cell "2023<br>£m" beside a vertically centred "Notes": the years' line comes
    // first and "2022*" read as a figure, so the header became a table of its own and the
    // statement lost its periods (no answers); "52.3p" was not a figure.
    const doc = await drawn([
      { y: 740, items: [{ text: 'Consolidated income statement', x: 72 }] },
      { y: 728, items: [{ text: 'For the year ended 31 December 2023', x: 72 }] },
      {
        y: 708,
        items: [
          { text: '2023', x: 440, right: true },
          { text: '2022*', x: 500, right: true },
        ],
      },
      { y: 702, items: [{ text: 'Notes', x: 360 }] },
      {
        y: 696,
        items: [
          { text: '£m', x: 440, right: true },
          { text: '£m', x: 500, right: true },
        ],
      },
      figures(680, 'Revenue', '2.1', '15,209', '13,891'),
      figures(668, 'Operating profit', '2.2', '2,116', '1,876'),
      { y: 656, items: [{ text: 'Earnings per share', x: 80 }] },
      figures(644, 'Basic', '2.8', '52.3p', '44.9p'),
      figures(632, 'Diluted', '2.8', '51.9p', '44.5p'),
    ]);
    const table = firstTable(doc);
    expect(table.title).toBe('Consolidated income statement');
    expect(table.noteColumns).toEqual([1]);
    expect(
      await ask(doc, ['Revenue 2023', 'Operating profit 2022', 'Diluted EPS 2023', 'Basic EPS 2022']),
    ).toEqual({
      'Revenue 2023': 15_209_000_000,
      'Operating profit 2022': 1_876_000_000,
      'Diluted EPS 2023': 51.9,
      'Basic EPS 2022': 44.9,
    });
  });

  it('reads two currencies: a wide heading over one column, and a line of units before the per-share rows', async () => {
    // "Thousands of U.S. dollars (Note 1)" is wider than its column and reached the yen 2022
    // column's zone; the "Yen | U.S. dollars" line started a table without periods.
    // Figures right-aligned at 400 and 460 (yen) and 580 (dollars).
    const yenAndDollars = (y: number, texts: [string, string, string], label?: string) => ({
      y,
      items: [
        ...(label ? [{ text: label, x: 80 }] : []),
        ...texts.map((text, i) => ({ text, x: [400, 460, 580][i] as number, right: true })),
      ],
    });
    const doc = await drawn([
      {
        y: 724,
        items: [
          { text: 'Millions of yen', x: 378 },
          { text: 'Thousands of U.S. dollars (Note 1)', x: 470 },
        ],
      },
      yenAndDollars(712, ['2023', '2022', '2023']),
      yenAndDollars(698, ['1,204,118', '1,098,442', '9,017,734'], 'Net sales'),
      yenAndDollars(684, ['88,420', '71,355', '662,175'], 'Operating income'),
      {
        y: 670,
        items: [
          { text: 'Yen', x: 420 },
          { text: 'U.S. dollars', x: 540 },
        ],
      },
      yenAndDollars(656, ['152.41', '124.77', '1.14'], 'Net income per share'),
    ]);
    expect(await ask(doc, ['Net sales 2022', 'Operating income 2023', 'Net income per share 2022'])).toEqual({
      'Net sales 2022': 1_098_442_000_000,
      'Operating income 2023': 88_420_000_000,
      'Net income per share 2022': 124.77,
    });
  });

  it('joins a label hyphenated over two lines into its word, and keeps a compound’s hyphen', async () => {
    const doc = await drawn([
      {
        y: 724,
        items: [
          { text: '2023', x: 440, right: true },
          { text: '2022', x: 500, right: true },
        ],
      },
      { y: 710, items: [{ text: 'Depreciation and amorti-', x: 80 }] },
      figures(700, 'zation', '', '1,508', '1,544'),
      { y: 686, items: [{ text: 'Repayment of short-', x: 80 }] },
      figures(676, 'term borrowings', '', '(900)', '(250)'),
    ]);
    expect(rowNames(firstTable(doc))).toEqual([
      'Depreciation and amortization',
      'Repayment of short-term borrowings',
    ]);
    expect(await ask(doc, ['Depreciation and amortization 2022'])).toEqual({
      'Depreciation and amortization 2022': 1_544,
    });
  });

  it('keeps a "Change" column apart from the period set tight before it', async () => {
    const doc = await drawn([
      { y: 740, items: [{ text: 'Group key figures', x: 72 }] },
      {
        y: 724,
        items: [
          { text: 'in € thousand', x: 80 },
          { text: 'Q3 2023', x: 440, right: true },
          { text: 'Q3 2022', x: 500, right: true },
          // Set as tight as narrow columns put it: one run with the period before it.
          { text: 'Change', x: 503 },
        ],
      },
      figures(708, 'Revenue', '', '412,775', '388,014', '6.4%'),
      figures(696, 'Net income', '', '22,904', '25,117', '-8.8%'),
    ]);
    const table = firstTable(doc);
    expect(columnHeaderPath(table, 2)).toEqual(['Q3 2022']);
    expect(await ask(doc, ['Net income Q3 2022'])).toEqual({ 'Net income Q3 2022': 25_117_000 });
  });
});

describe('statements as Indian and continental European reports print them', () => {
  const line = (y: number, label: string, ...cells: [string, number][]) => ({
    y,
    items: [
      ...(label ? [{ text: label, x: 80 }] : []),
      ...cells.map(([text, x]) => ({ text, x, right: true })),
    ],
  });

  it('reads a statement in crore: roman-numbered lines with their sums, a "Note No." column, EPS per equity share', async () => {
    // Before: no scale ("in Crore" was not one), "Profit for the year" answered by "II. Other
    // income" (the "(V - VI)" of the right line were words it lacked), the "Particulars" heading
    // between the header lines cut off "Note", and the wrapped EPS heading scaled EPS by 10⁷.
    const doc = await drawn([
      {
        y: 750,
        items: [{ text: 'STANDALONE STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED 31ST MARCH,', x: 72 }],
      },
      { y: 740, items: [{ text: '2024', x: 72 }] },
      line(726, '', ['(Rs. in Crore)', 530]),
      line(712, '', ['Note', 380], ['Year ended', 450], ['Year ended', 530]),
      { y: 706, items: [{ text: 'Particulars', x: 150 }] },
      line(700, '', ['No.', 378], ['31.03.2024', 450], ['31.03.2023', 530]),
      line(684, 'I. Revenue from operations', ['24', 376], ['12,456.78', 450], ['10,987.65', 530]),
      line(672, 'II. Other income', ['25', 376], ['234.56', 450], ['198.12', 530]),
      line(660, 'III. Total Income (I + II)', ['12,691.34', 450], ['11,185.77', 530]),
      line(648, 'IV. Total expenses', ['10,987.12', 450], ['9,765.43', 530]),
      line(636, 'V. Profit before tax (III - IV)', ['1,704.22', 450], ['1,420.34', 530]),
      line(624, 'VI. Tax expense', ['388.89', 450], ['369.12', 530]),
      line(612, 'VII. Profit for the year (V - VI)', ['1,315.33', 450], ['1,051.22', 530]),
      { y: 600, items: [{ text: 'Earnings per equity share (Face value Rs.', x: 80 }] },
      { y: 590, items: [{ text: '10 each)', x: 80 }] },
      line(578, 'Basic (Rs.)', ['31', 376], ['45.67', 450], ['36.54', 530]),
      line(566, 'Diluted (Rs.)', ['31', 376], ['45.12', 450], ['36.10', 530]),
    ]);
    const table = firstTable(doc);
    expect(table.title).toBe('STANDALONE STATEMENT OF PROFIT AND LOSS FOR THE YEAR ENDED 31ST MARCH, 2024');
    expect(table.noteColumns).toEqual([1]);
    expect(
      await ask(doc, [
        'Revenue from operations 2024',
        'Profit for the year 2023',
        'Total income 2024',
        'Basic EPS 2024',
      ]),
    ).toEqual({
      'Revenue from operations 2024': 124_567_800_000,
      'Profit for the year 2023': 10_512_200_000,
      'Total income 2024': 126_913_400_000,
      'Basic EPS 2024': 45.67,
    });
  });

  it('reads a balance sheet with "in TEUR" under its heading beside the column headings and notes in brackets', async () => {
    // Before: the scale line between the header and the rows ended the header (no periods), and
    // the notes "(8)" were read as figures (Inventories 2023 → −8,000).
    const doc = await drawn([
      { y: 740, items: [{ text: 'Consolidated statement of financial position', x: 72 }] },
      { y: 724, items: [{ text: 'ASSETS', x: 80 }] },
      line(712, '', ['Note', 380], ['31 Dec 2023', 450], ['31 Dec 2022', 530]),
      { y: 702, items: [{ text: 'in TEUR', x: 80 }] },
      line(688, 'Intangible assets', ['(5)', 380], ['45,678', 450], ['41,234', 530]),
      line(676, 'Inventories', ['(8)', 380], ['67,890', 450], ['71,234', 530]),
      line(664, 'Cash and cash equivalents', ['(10)', 380], ['34,567', 450], ['28,901', 530]),
      line(652, 'Total assets', ['338,257', 450], ['323,466', 530]),
    ]);
    expect(firstTable(doc).noteColumns).toEqual([1]);
    expect(
      await ask(doc, ['Inventories 2023', 'Cash and cash equivalents 2022', 'Total assets 2023']),
    ).toEqual({
      'Inventories 2023': 67_890_000,
      'Cash and cash equivalents 2022': 28_901_000,
      'Total assets 2023': 338_257_000,
    });
  });

  it('reads figures grouped by spaces in columns set close, a unit wrapped under its label, and a headcount', async () => {
    const doc = await drawn([
      { y: 740, items: [{ text: 'Key figures', x: 72 }] },
      line(724, 'EUR million', ['2023', 440], ['2022', 480], ['Change, %', 540]),
      // Each pair of figures arrives as one run: the columns are closer than a segment's gap.
      line(708, 'Net sales', ['12 345,6', 440], ['11 234,5', 480], ['10', 540]),
      line(696, 'Comparable EBITDA', ['2 101,4', 440], ['1 987,0', 480], ['6', 540]),
      line(684, 'Net financial items', ['-158,6', 440], ['-100,4', 480], ['58', 540]),
      { y: 674, items: [{ text: 'Return on capital employed,', x: 80 }] },
      line(668, '', ['11,2', 440], ['12,8', 480]),
      { y: 662, items: [{ text: '%', x: 80 }] },
      line(648, 'Net debt', ['3 210', 440], ['2 987', 480], ['7', 540]),
      line(636, 'Personnel at end of period', ['15 432', 440], ['14 876', 480], ['4', 540]),
    ]);
    expect(
      await ask(doc, [
        'Net sales 2023',
        'Comparable EBITDA 2022',
        'Net financial items 2023',
        'Return on capital employed 2023',
        'Net debt 2023',
        'Personnel at end of period 2023',
      ]),
    ).toEqual({
      'Net sales 2023': 12_345_600_000,
      'Comparable EBITDA 2022': 1_987_000_000,
      'Net financial items 2023': -158_600_000,
      'Return on capital employed 2023': 0.112,
      'Net debt 2023': 3_210_000_000,
      'Personnel at end of period 2023': 15_432,
    });
  });
});

describe('comparison columns beside the periods', () => {
  it('answers a change asked by name from its column, and the latest year when only the row is named', async () => {
    // "Year Ended December 31," spread over "$ Change" read as the year 2031: "Net income" took
    // the change. "% Change" was "$ Change" once "%" was dropped, and "YoY" lost to the latest
    // quarter, which had a period.
    const xs = [330, 400, 470, 540];
    const row = (y: number, label: string, cells: string[]) => rowAt(y, label, cells, xs);
    const doc = await drawn([
      { y: 750, items: [{ text: 'Results of Operations (dollars in thousands)', x: 72 }] },
      { y: 734, items: [{ text: 'Year Ended December 31,', x: 360 }] },
      row(722, '', ['2023', '2022', '$ Change', '% Change']),
      row(708, 'Revenue', ['$ 1,234,567', '$ 1,098,765', '$ 135,802', '12.4 %']),
      row(696, 'Net income', ['98,765', '60,123', '38,642', '64.3 %']),
      { y: 670, items: [{ text: 'Fourth quarter highlights (US$ in millions)', x: 72 }] },
      row(656, '', ['Q4 2023', 'Q3 2023', 'QoQ', 'YoY']),
      row(644, 'Provision for credit losses', ['412', '389', '6%', '37%']),
    ]);
    expect(
      await ask(doc, [
        'Net income',
        'Revenue % change',
        'Revenue $ change',
        'Provision for credit losses YoY',
      ]),
    ).toEqual({
      'Net income': 98_765_000,
      'Revenue % change': 0.124,
      'Revenue $ change': 135_802_000,
      'Provision for credit losses YoY': 0.37,
    });
  });
});

describe('a statement of changes in equity', () => {
  it('reads a PDF with the title centred on the page over the columns, and labels wrapped around their figures', async () => {
    // Before: the page's centred title was read as a column heading (no title, its words in every
    // column), and the year under "Balance as of" / "December 31," became a section of its own.
    const xs = [200, 280, 470, 540];
    const figures = (y: number, texts: string[], label = '') => rowAt(y, label, texts, xs, 72);
    const balance = (y: number, year: string, texts: string[]) => [
      { y: y + 10, items: [{ text: 'Balance as of', x: 72 }] },
      figures(y, texts, 'December 31,'),
      { y: y - 10, items: [{ text: year, x: 72 }] },
    ];
    const doc = await drawn([
      { y: 750, items: [{ text: "CONSOLIDATED STATEMENTS OF STOCKHOLDERS' EQUITY", x: 191 }] },
      { y: 738, items: [{ text: '(in thousands)', x: 282 }] },
      figures(720, ['Common Stock', 'Paid-in Capital', 'Retained Earnings', 'Total Equity']),
      ...balance(696, '2022', ['45', '535,801', '153,086', '683,501']),
      figures(672, ['', '', '61,234', '61,234'], 'Net income'),
      ...balance(650, '2023', ['45', '515,801', '214,320', '723,623']),
    ]);
    expect(firstTable(doc).title).toBe("CONSOLIDATED STATEMENTS OF STOCKHOLDERS' EQUITY");
    expect(
      await ask(doc, ['Total equity 2023', 'Retained earnings as of December 31, 2022', 'Net income 2023']),
    ).toEqual({
      'Total equity 2023': 723_623_000,
      'Retained earnings as of December 31, 2022': 153_086_000,
      'Net income 2023': 61_234_000,
    });
  });

  it('reads balances at their dates and the year’s movements under each component', async () => {
    // Before: no column has a period, so nothing was answered.
    const figures = (label: string, cells: string[]) =>
      `<tr><td>${label}</td>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
    const doc = loadHtml(`<h3>Consolidated statement of changes in equity</h3><table>
      <tr><td></td><td>Share capital £m</td><td>Retained earnings £m</td><td>Total equity £m</td></tr>
      ${figures('At 1 January 2023', ['125.0', '1,204.5', '1,329.5'])}
      ${figures('Profit for the year', ['–', '245.1', '245.1'])}
      ${figures('Dividends paid', ['–', '(98.4)', '(98.4)'])}
      ${figures('At 31 December 2023', ['125.0', '1,351.2', '1,476.2'])}
      ${figures('Profit for the year', ['–', '267.3', '267.3'])}
      ${figures('Dividends paid', ['–', '(104.7)', '(104.7)'])}
      ${figures('At 31 December 2024', ['125.0', '1,513.8', '1,638.8'])}
    </table>`);
    expect(
      await ask(doc, [
        'Total equity 2024',
        'Retained earnings at 31 December 2023',
        'Share capital at 1 January 2023',
        'Dividends paid 2023',
        'Profit for the year 2024',
      ]),
    ).toEqual({
      'Total equity 2024': 1_638_800_000,
      'Retained earnings at 31 December 2023': 1_351_200_000,
      'Share capital at 1 January 2023': 125_000_000,
      'Dividends paid 2023': -98_400_000,
      'Profit for the year 2024': 267_300_000,
    });
  });
});

describe('a segment note printed as one block per year', () => {
  const segments = ['Americas', 'Europe', 'Asia Pacific', 'Total'];
  const blocks: [string, [string, string[]][]][] = [
    [
      '2023',
      [
        ['Net revenue', ['4,512', '2,103', '1,877', '8,492']],
        ['Operating income', ['1,021', '402', '318', '1,741']],
      ],
    ],
    [
      '2022',
      [
        ['Net revenue', ['4,101', '2,055', '1,702', '7,858']],
        ['Operating income', ['955', '388', '290', '1,633']],
      ],
    ],
  ];
  const asked = ['Europe operating income 2022', 'Asia Pacific net revenue 2023', 'Net revenue 2022'];
  // The whole is the "Total" column when no segment is named (it took the first segment's).
  const expected = {
    'Europe operating income 2022': 388_000_000,
    'Asia Pacific net revenue 2023': 1_877_000_000,
    'Net revenue 2022': 7_858_000_000,
  };

  it('reads each year’s block of a markup table under its own headers', async () => {
    // Before: the 2022 block's header rows were read as rows of the 2023 table; no 2022 answers.
    const cells = (texts: string[]) => texts.map((t) => `<td>${t}</td>`).join('');
    const html = `<h3>Note 4. Segment information</h3><p>(in millions)</p><table>${blocks
      .map(
        ([year, rows]) =>
          `<tr><td></td><td colspan="4">Year ended December 31, ${year}</td></tr><tr><td></td>${cells(segments)}</tr>${rows
            .map(([label, figures]) => `<tr>${cells([label, ...figures])}</tr>`)
            .join('')}`,
      )
      .join('<tr><td colspan="5"></td></tr>')}</table>`;
    expect(await ask(loadHtml(html), asked)).toEqual(expected);
  });

  it('gives the second block of a PDF the title and scale printed over the first', async () => {
    // Before: the 2022 block, a table of its own with nothing above it but figures, had no scale.
    const xs = [330, 400, 470, 540];
    const lines: Parameters<typeof drawn>[0] = [
      { y: 740, items: [{ text: 'Note 4. Segment information (in millions)', x: 72 }] },
    ];
    const below = (gap: number) => (lines.at(-1)?.y ?? 0) - gap;
    for (const [year, rows] of blocks) {
      lines.push({ y: below(20), items: [{ text: `Year ended December 31, ${year}`, x: 380 }] });
      lines.push(rowAt(below(12), '', segments, xs));
      for (const [label, figures] of rows) lines.push(rowAt(below(12), label, figures, xs));
    }
    expect(await ask(await drawn(lines), asked)).toEqual(expected);
  });
});

describe('two tables side by side', () => {
  it('reads each table on its own, under its own heading', async () => {
    // Before: each line ran across both tables (one table, the right-hand heading over all its
    // columns, its labels read as figures' neighbours): no answers from the right-hand table.
    const side = (x: number, label: string, a: string, b: string) => [
      { text: label, x },
      { text: a, x: x + 170, right: true },
      { text: b, x: x + 220, right: true },
    ];
    const doc = await drawn([
      { y: 740, items: [{ text: 'Financial highlights', x: 40 }] },
      {
        y: 722,
        items: [
          { text: 'Income statement (US$m)', x: 40 },
          { text: 'Balance sheet (US$m)', x: 330 },
        ],
      },
      {
        y: 708,
        items: [...side(40, '', '2023', '2022'), ...side(330, '', '2023', '2022')].filter((i) => i.text),
      },
      {
        y: 696,
        items: [...side(40, 'Revenue', '4,521', '4,102'), ...side(330, 'Total assets', '12,345', '11,876')],
      },
      {
        y: 684,
        items: [...side(40, 'EBITDA', '1,234', '1,101'), ...side(330, 'Net debt', '2,109', '2,456')],
      },
      {
        y: 672,
        items: [...side(40, 'Net profit', '567', '498'), ...side(330, 'Total equity', '6,789', '6,234')],
      },
    ]);
    expect(await ask(doc, ['Revenue 2023', 'Total assets 2023', 'Net debt 2022'])).toEqual({
      'Revenue 2023': 4_521_000_000,
      'Total assets 2023': 12_345_000_000,
      'Net debt 2022': 2_456_000_000,
    });
  });
});

describe('a page laid out with a table around its content', () => {
  it('reads the data table inside the layout table, with its title above it', async () => {
    const doc = loadHtml(`<table width="100%"><tr>
      <td valign="top"><a href="/">Home</a><br><a href="/ir">Investors</a></td>
      <td valign="top"><h2>Five-year financial summary</h2>
        <table><tr><th>($ thousands)</th><th>2023</th><th>2022</th></tr>
          <tr><td>Total revenue</td><td>512,004</td><td>488,120</td></tr>
          <tr><td>Net earnings</td><td>61,300</td><td>58,022</td></tr></table>
      </td></tr></table>`);
    expect(firstTable(doc).title).toBe('Five-year financial summary');
    expect(await ask(doc, ['Total revenue 2023', 'Net earnings 2022'])).toEqual({
      'Total revenue 2023': 512_004_000,
      'Net earnings 2022': 58_022_000,
    });
  });
});

describe('tables built of <div>s, as investor-relations sites set them', () => {
  it('reads rows and cells named by ARIA roles or by CSS display, with the scale above', async () => {
    const aria = loadHtml(`<h2>Financial highlights</h2><p>US$ millions</p>
      <div role="table">
        <div role="row"><div role="columnheader"></div><div role="columnheader">FY2024</div><div role="columnheader">FY2023</div></div>
        <div role="row"><div role="rowheader">Revenue</div><div role="cell">8,412</div><div role="cell">7,905</div></div>
        <div role="row"><div role="rowheader">Net income</div><div role="cell">902</div><div role="cell">(45)</div></div>
      </div>`);
    expect(firstTable(aria).title).toBe('Financial highlights');
    expect(await ask(aria, ['Revenue FY2024', 'Net income 2023'])).toEqual({
      'Revenue FY2024': 8_412_000_000,
      'Net income 2023': -45_000_000,
    });
    const css = loadHtml(`<p>(in thousands)</p>
      <div style="display: table">
        <div style="display: table-header-group"><div style="display:table-row"><span style="display:table-cell"></span><span style="display:table-cell">2024</span><span style="display:table-cell">2023</span></div></div>
        <div style="display:table-row"><span style="display:table-cell">Deposits</span><span style="display:table-cell">1,250</span><span style="display:table-cell">1,100</span></div>
      </div>`);
    expect(await ask(css, ['Deposits 2023'])).toEqual({ 'Deposits 2023': 1_100_000 });
  });

  it('reads rows of <div>s a style sheet lays out (flex, grid), with headings and wrapped headers', async () => {
    // Before: no role or inline style said "table", so every figure was a line of its own and
    // nothing was answered.
    const doc = loadHtml(`<style>.tr{display:flex}.td{flex:1}</style>
      <h3>Balance sheet</h3>
      <div class="t">
        <div class="thead"><div class="tr"><div class="td">EUR million</div>
          <div class="td"><div>31 Dec</div><div>2024</div></div><div class="td"><div>31 Dec</div><div>2023</div></div></div></div>
        <div class="tbody">
          <div class="tr"><div class="td"><strong>Assets</strong></div></div>
          <div class="tr"><div class="td">Inventories</div><div class="td">845.2</div><div class="td">790.4</div></div>
          <div class="tr"><div class="td">Cash and cash equivalents</div><div class="td">402.6</div><div class="td">377.8</div></div>
          <div class="tr"><div class="td">Total assets</div><div class="td">5,376.0</div><div class="td">5,158.6</div></div>
          <div class="tr"><div class="td"><strong>Liabilities</strong></div></div>
          <div class="tr"><div class="td">Trade payables</div><div class="td">733.4</div><div class="td">702.2</div></div>
        </div>
      </div>
      <p>Figures are audited.</p>
      <h3>Key figures</h3>
      <ul>
        <li><span></span><span>2024</span><span>2023</span><span>Change</span></li>
        <li><span>Revenue (USD m)</span><span>3,287</span><span>3,050</span><span>8%</span></li>
        <li><span>Employees</span><span>12,480</span><span>11,905</span><span>5%</span></li>
      </ul>`);
    expect(doc.layout?.[0]?.tables.map((t) => t.title)).toEqual(['Balance sheet', 'Key figures']);
    expect(firstTable(doc).rowLabels[1]).toMatchObject({ name: 'Assets', isHeading: true });
    expect(
      await ask(doc, [
        'Total assets 2024',
        'Inventories 2023',
        'Trade payables 2023',
        'Revenue 2024',
        'Employees 2023',
      ]),
    ).toEqual({
      'Total assets 2024': 5_376_000_000,
      'Inventories 2023': 790_400_000,
      'Trade payables 2023': 702_200_000,
      'Revenue 2024': 3_287_000_000,
      'Employees 2023': 11_905,
    });
  });

  it('reads a CSS grid of cells with no row elements, a heading spanning the grid', async () => {
    // Before: the cells of "grid-template-columns: minmax(220px, 3fr) repeat(3, 1fr)" were each a
    // line of their own; nothing was answered.
    const doc = loadHtml(`<style>.fin{display:grid;grid-template-columns:minmax(220px,3fr) repeat(3, 1fr)}
      .fin .full{grid-column:1 / -1}</style>
      <h3>Segment results (USD millions)</h3>
      <div class="fin"><div></div><div>FY2024</div><div>FY2023</div><div>Change</div>
        <div class="full">Industrial</div>
        <div>Revenue</div><div>3,120</div><div>2,940</div><div>6%</div>
        <div>Operating profit</div><div>412</div><div>377</div><div>9%</div>
        <div class="full">Consumer</div>
        <div>Revenue</div><div>1,392</div><div>1,316</div><div>6%</div></div>`);
    expect(
      await ask(doc, [
        'Industrial operating profit FY2023',
        'Consumer revenue FY2024',
        'Consumer revenue change',
      ]),
    ).toEqual({
      'Industrial operating profit FY2023': 377_000_000,
      'Consumer revenue FY2024': 1_392_000_000,
      'Consumer revenue change': 0.06,
    });
  });

  it('leaves prose, menus and forms of <div>s as text', () => {
    const doc = loadHtml(`<div class="nav"><div><a>Investors</a><a>Results</a></div>
        <div><a>Reports</a><a>2024</a></div><div><a>Contact</a><a>Careers</a></div></div>
      <div class="cards"><div><p>Revenue rose <b>8%</b> to <b>$3.3bn</b>.</p></div>
        <div><h4>Margin</h4><p>14.2%</p></div><div><h4>Employees</h4><p>12,480</p></div></div>`);
    expect(doc.layout?.[0]?.tables).toEqual([]);
    expect(doc.lines.map((l) => l.text)).toContain('Revenue rose 8% to $3.3bn.');
    // A filing's sentences cut into spans (as inline XBRL sets them), headings between them.
    const filing = loadHtml(`<body>
      <div><span>Results of Operations</span></div>
      <div><span>Net sales</span><span> were $</span><span>4,200</span><span> million, up </span><span>12</span><span>%.</span></div>
      <div><span>Gross margin</span><span> was </span><span>41.2</span><span>%.</span></div>
      <div><span>Operating expenses</span><span> rose to $</span><span>1,020</span><span> million.</span></div>
    </body>`);
    expect(filing.layout?.[0]?.tables).toEqual([]);
  });
});

describe('tables printed the other way round (years down the side)', () => {
  // Measures across the top with their units on a line of their own, one row per year.
  const record = page({
    title: 'Financial record',
    headerRows: [
      [
        { text: '2021', span: 1 },
        { text: '2022', span: 1 },
        { text: '2023', span: 1 },
      ],
    ],
    rows: [
      row('Revenue', ['1,020.5', '1,150.0', '1,422.8']),
      row('Operating profit', ['120.1', '(14.3)', '188.0']),
      row('Basic earnings per share', ['12.10', '9.84', '15.02']),
      row('Employees', ['5,400', '5,600', '6,300']),
    ],
    transposedUnits: ['£m', '£m', 'pence', ''],
  });
  const asked = ['Revenue 2022', 'Operating profit 2022', 'Basic earnings per share 2023', 'Employees 2021'];
  const expected = {
    'Revenue 2022': 1_150_000_000,
    'Operating profit 2022': -14_300_000,
    'Basic earnings per share 2023': 15.02,
    'Employees 2021': 5400,
  };

  it('reads each measure under its stacked header in a PDF, scaled by its own unit', async () => {
    const doc = await read(record);
    const table = firstTable(doc);
    expect(columnHeaderPath(table, 2)).toEqual(['Operating', 'profit', '£m']);
    expect(await ask(doc, asked)).toEqual(expected);
  });

  it('reads the same table from markup, and the latest year when none is named', async () => {
    const doc = loadHtml(reportHtml(record, 'clean'));
    expect(await ask(doc, [...asked, 'Revenue'])).toEqual({ ...expected, Revenue: 1_422_800_000 });
  });
});

describe('pages set in columns', () => {
  it('reads a table set beside a column of prose one column at a time', async () => {
    for (const side of ['left', 'right'] as const) {
      const model = page(
        {
          title: 'Summary income statement',
          headerRows: [
            [
              { text: '2023', span: 1 },
              { text: '2022', span: 1 },
            ],
            [
              { text: '£m', span: 1 },
              { text: '£m', span: 1 },
            ],
          ],
          rows: [
            row('Revenue', ['2,345.6', '2,101.2'], { indent: 0 }),
            row('Operating profit', ['412.3', '380.9'], { indent: 0 }),
            row('Taxation', ['(95.0)', '(88.1)'], { indent: 0 }),
            row('Profit for the year', ['295.2', '267.4'], { indent: 0 }),
          ],
        },
        {
          sideProse: {
            side,
            paragraphs: [
              'Group revenue grew in the year, driven by volume growth in all regions and favourable pricing, while operating profit rose on cost discipline.',
              'Net debt at the year end was lower than the prior year, reflecting strong cash conversion and disciplined capital allocation across the Group.',
            ],
          },
        },
      );
      const doc = await read(model);
      // No line mixes the commentary with the table.
      expect(doc.layout?.[0]?.lines.some((l) => /Revenue/.test(l.text) && /Group revenue/.test(l.text))).toBe(
        false,
      );
      expect(await ask(doc, ['Operating profit 2022', 'Taxation 2023', 'Profit for the year 2023'])).toEqual({
        'Operating profit 2022': 380_900_000,
        'Taxation 2023': -95_000_000,
        'Profit for the year 2023': 295_200_000,
      });
    }
  });
});

describe('tables typed in fixed-width text', () => {
  const typed = [
    '                 CONSOLIDATED STATEMENTS OF OPERATIONS',
    '               (In thousands, except per share amounts)',
    '',
    '                                       Year Ended December 31,',
    '                                   --------------------------------',
    '                                      1998        1997        1996',
    '                                   ----------  ----------  ----------',
    'Net sales........................  $  612,345  $  540,210  $  498,765',
    'Cost of sales....................     401,234     360,111     333,222',
    'Interest expense, net............      (4,321)     (5,432)     (6,543)',
    'Net income per share - basic.....  $     1.23  $     0.78  $     0.70',
  ].join('\n');
  const expected = {
    'Net sales 1998': 612_345_000,
    'Cost of sales 1997': 360_111_000,
    'Interest expense net 1996': -6_543_000,
    'Net income per share basic 1997': 0.78,
  };

  it('reads the columns of a <pre> block in HTML', async () => {
    const doc = loadHtml(`<html><body><p>Item 8.</p><pre>${typed}</pre></body></html>`);
    expect(await ask(doc, Object.keys(expected))).toEqual(expected);
  });

  it('reads the columns of a plain-text filing', async () => {
    const doc = loadText(typed);
    expect(await ask(doc, Object.keys(expected))).toEqual(expected);
  });
});

describe('HTML converted from PDF (text placed by position, no tables)', () => {
  const model = page({
    scaleText: '(in thousands)',
    headerRows: [
      [
        { text: '2019', span: 1 },
        { text: '2018', span: 1 },
      ],
    ],
    rows: [
      heading('Current assets:'),
      row('Cash and cash equivalents', ['1,000', '900'], { dollar: true }),
      row('Receivables', ['(25)', '40']),
      row('Total', ['975', '940'], { kind: 'total', dollar: true }),
      row('Goodwill', ['1,210', '1,180'], { indent: 0 }),
    ],
  });
  const asked = [
    'Cash and cash equivalents 2019',
    'Receivables 2019',
    'Total current assets 2018',
    'Goodwill',
  ];
  const expected = {
    'Cash and cash equivalents 2019': 1_000_000,
    'Receivables 2019': -25_000,
    'Total current assets 2018': 940_000,
    Goodwill: 1_210_000,
  };

  it.each([
    ['a placed element per run (pdftohtml)', 0],
    ['placement by classes (pdf2htmlEX)', 1],
    ['a line per element with spacers between its runs', 2],
  ])('reads the table from %s', async (_, style) => {
    const html = await reportPositionedHtml(model, style);
    expect(html).not.toContain('<table');
    const doc = loadHtml(html);
    expect(await ask(doc, asked)).toEqual(expected);
  });

  it('takes a run’s size from the <span> inside it, as PyMuPDF writes them (pt)', async () => {
    // Before: the <p> stated no size, so each run was taken as 16 px tall and "2024" over
    // "$'000" (12 pt apart, "Note" centred beside them) became one word "$'0002024": no column
    // had a year.
    const at = (top: number, left: number, text: string) =>
      `<p style="position:absolute;white-space:pre;margin:0;padding:0;top:${top}pt;left:${left}pt"><span style="font-family:Helvetica;font-size:9.0pt">${text}</span></p>`;
    const html = `<div id="page0" style="position:relative;width:669.8pt;height:948pt">
      ${at(33.8, 33.8, 'Consolidated statement of financial position')}${at(64.5, 33.8, 'As at 31 December 2024')}
      ${at(93.8, 471, 'Note')}${at(87.8, 540, '2024')}${at(99.8, 537.8, "$'000")}${at(87.8, 609.8, '2023')}${at(99.8, 606.8, "$'000")}
      ${at(115.5, 39, 'Current assets')}
      ${at(131.2, 39, 'Inventories')}${at(131.2, 482.2, '16')}${at(131.2, 532.5, '98,441')}${at(131.2, 601.5, '91,027')}
      ${at(146.2, 39, 'Cash and cash equivalents')}${at(146.2, 482.2, '18')}${at(146.2, 532.5, '67,302')}${at(146.2, 601.5, '82,650')}
      ${at(161.2, 39, 'Total assets')}${at(161.2, 520.5, '1,585,271')}${at(161.2, 589.5, '1,556,028')}
      </div>`;
    expect(await ask(loadHtml(html), ['Inventories 2023', 'Total assets 2024'])).toEqual({
      'Inventories 2023': 91_027_000,
      'Total assets 2024': 1_585_271_000,
    });
  });

  it("reads a block of lines pdftohtml joins into one element with <br>, each line at the class's line height", async () => {
    // Before: "Non-current assets<br>Property, plant and equipment" was one line above the row's
    // figures, so the figures had no label and "Property, plant and equipment 2024" no answer.
    const at = (top: number, left: number, cls: string, text: string) =>
      `<p style="position:absolute;top:${top}px;left:${left}px;white-space:nowrap" class="${cls}">${text}</p>`;
    const html = `<style>.ft10{font-size:13px}.ft13{font-size:13px;line-height:20px}</style>
      <div id="page1-div" style="position:relative;width:893px;height:1264px;">
      ${at(45, 45, 'ft10', '<b>Statement of financial position</b>')}
      ${at(86, 45, 'ft10', "In $'000")}
      ${at(125, 720, 'ft10', '<b>2024</b>')}${at(125, 813, 'ft10', '<b>2023</b>')}
      ${at(154, 52, 'ft13', '<b>Non-current assets<br/></b>Property, plant and equipment')}
      ${at(174, 702, 'ft10', '845,210')}${at(174, 794, 'ft10', '801,334')}
      ${at(194, 52, 'ft10', 'Goodwill')}${at(194, 702, 'ft10', '310,000')}${at(194, 794, 'ft10', '310,000')}
      ${at(214, 52, 'ft13', '<b>Current assets<br/></b>Inventories<br/>Cash and cash equivalents')}
      ${at(234, 710, 'ft10', '98,441')}${at(234, 802, 'ft10', '91,027')}
      ${at(254, 710, 'ft10', '67,302')}${at(254, 802, 'ft10', '82,650')}
      </div>`;
    const doc = loadHtml(html);
    expect(
      await ask(doc, [
        'Property, plant and equipment 2024',
        'Goodwill 2023',
        'Inventories 2023',
        'Cash 2024',
      ]),
    ).toEqual({
      'Property, plant and equipment 2024': 845_210_000,
      'Goodwill 2023': 310_000_000,
      'Inventories 2023': 91_027_000,
      'Cash 2024': 67_302_000,
    });
  });
});

describe('markup without a declared charset', () => {
  it('is read as UTF-8 when it is UTF-8 (€, −), as Windows-1252 otherwise', async () => {
    const html = `<table><tr><td></td><td>2023 € million</td></tr>
      <tr><td>Cost of sales</td><td>−7,001.2</td></tr><tr><td>Café revenue</td><td>12.5</td></tr></table>`;
    const doc = loadHtml(Buffer.from(html, 'utf8'));
    expect(await ask(doc, ['Cost of sales 2023'])).toEqual({ 'Cost of sales 2023': -7_001_200_000 });
    const legacy = loadHtml(Buffer.from(html.replace(/[€−]/g, ''), 'latin1'));
    expect(legacy.lines.map((l) => l.text).join(' ')).toContain('Café revenue');
  });
});

describe('what the LLM providers read', () => {
  it('gets tables as rows of cells under their column headers, with the scale', async () => {
    const { documentText } = await import('../providers/llm-common');
    const doc = await read(
      page({
        scaleText: '(in millions)',
        headerRows: [
          [{ text: 'December 31,', span: 2 }],
          [
            { text: '2019', span: 1 },
            { text: '2018', span: 1 },
          ],
        ],
        rows: [heading('Current assets:'), row('Cash', ['5,000', '4,000'], { dollar: true })],
      }),
    );
    const text = documentText(doc);
    expect(text).toContain('figures in millions');
    expect(text).toContain('columns: (1) December 31, 2019 | (2) December 31, 2018');
    expect(text).toMatch(/\[page 1, line \d+\] Cash \(Current assets\): \(1\) \$ 5,000 \| \(2\) \$ 4,000/);
  });
});

describe('footnotes under a table', () => {
  it('keeps a footnote out of the last row’s label', async () => {
    // Before: "(1) Includes …" under the last row read as the end of its wrapped label, so the
    // answer's place was "Diluted (1) Includes stock-based compensation expense.".
    const xs = [440, 500];
    const doc = await drawn([
      { y: 750, items: [{ text: 'Consolidated statements of operations (in thousands)', x: 72 }] },
      rowAt(730, '', ['2024', '2023'], xs),
      rowAt(716, 'Revenue(1)', ['1,343,752', '1,103,123'], xs),
      rowAt(704, 'Weighted-average shares, diluted', ['136,552', '126,440'], xs),
      { y: 690, items: [{ text: '(1) Includes revenue from related parties.', x: 72 }] },
    ]);
    expect(rowNames(firstTable(doc))).toEqual(['Revenue(1)', 'Weighted-average shares, diluted']);
  });
});

describe('line items named in other words', () => {
  const statement = (title: string, rows: [string, string, string][]) =>
    loadHtml(
      `<h3>${title}</h3><table><tr><td></td><td>2024</td><td>2023</td></tr>${rows
        .map(([label, a, b]) => `<tr><td>${label}</td><td>${a}</td><td>${b}</td></tr>`)
        .join('')}</table>`,
    );

  it('finds US names in a UK cash flow statement, British spellings and all', async () => {
    // Before: no answer for capital expenditures, D&A (amortisation), share repurchases, and the
    // net change in cash; "Income before income taxes" took "Income taxes paid".
    const doc = statement('Consolidated cash flow statement (£m)', [
      ['Profit before taxation', '412.6', '388.1'],
      ['Depreciation and amortisation', '96.4', '91.0'],
      ['Income taxes paid', '(88.0)', '(80.3)'],
      ['Net cash inflow from operating activities', '412.6', '405.5'],
      ['Purchase of property, plant and equipment', '(120.4)', '(101.9)'],
      ['Net cash outflow from investing activities', '(189.7)', '(120.7)'],
      ['Purchase of own shares', '(25.1)', '(50.3)'],
      ['Net (decrease)/increase in cash and cash equivalents', '(2.4)', '58.0'],
    ]);
    expect(
      await ask(doc, [
        'Capital expenditures 2023',
        'Depreciation and amortization 2024',
        'Share repurchases 2023',
        'Net change in cash 2024',
        'Income before income taxes 2023',
        'Net cash used in investing activities 2024',
      ]),
    ).toEqual({
      'Capital expenditures 2023': -101_900_000,
      'Depreciation and amortization 2024': 96_400_000,
      'Share repurchases 2023': -50_300_000,
      'Net change in cash 2024': -2_400_000,
      'Income before income taxes 2023': 388_100_000,
      'Net cash used in investing activities 2024': -189_700_000,
    });
  });

  it('names a section’s unlabelled total, and finds US names in an IFRS balance sheet', async () => {
    // Before: the figures under "Current assets" with no label of their own were nobody's, so
    // "Total current assets" took Total assets; receivables, payables, long-term debt, pension
    // obligations and minority interest had no answer; the date under the title was the title.
    const doc = loadHtml(`<h3>Group balance sheet</h3><p>At 31 December 2024</p><table>
      <tr><td></td><td>2024 €m</td><td>2023 €m</td></tr>
      <tr><td>Current assets</td><td></td><td></td></tr>
      <tr><td>Inventories</td><td>702</td><td>655</td></tr>
      <tr><td>Trade and other receivables</td><td>910</td><td>874</td></tr>
      <tr><td></td><td>1,612</td><td>1,529</td></tr>
      <tr><td>Total assets</td><td>6,563</td><td>6,400</td></tr>
      <tr><td>Current liabilities</td><td></td><td></td></tr>
      <tr><td>Trade and other payables</td><td>(1,022)</td><td>(988)</td></tr>
      <tr><td>Borrowings</td><td>(150)</td><td>(120)</td></tr>
      <tr><td></td><td>(1,172)</td><td>(1,108)</td></tr>
      <tr><td>Non-current liabilities</td><td></td><td></td></tr>
      <tr><td>Borrowings</td><td>(1,650)</td><td>(1,700)</td></tr>
      <tr><td>Retirement benefit obligations</td><td>(112)</td><td>(130)</td></tr>
      <tr><td></td><td>(1,762)</td><td>(1,830)</td></tr>
      <tr><td>Non-controlling interests</td><td>53</td><td>52</td></tr>
    </table>`);
    expect(firstTable(doc).title).toBe('Group balance sheet');
    expect(
      await ask(doc, [
        'Total current assets 2024',
        'Total non-current liabilities 2023',
        'Accounts receivable 2024',
        'Accounts payable 2023',
        'Long-term debt 2024',
        'Short-term debt 2023',
        'Pension obligations 2024',
        'Minority interest 2023',
      ]),
    ).toEqual({
      'Total current assets 2024': 1_612_000_000,
      'Total non-current liabilities 2023': -1_830_000_000,
      'Accounts receivable 2024': 910_000_000,
      'Accounts payable 2023': -988_000_000,
      'Long-term debt 2024': -1_650_000_000,
      'Short-term debt 2023': -120_000_000,
      'Pension obligations 2024': -112_000_000,
      'Minority interest 2023': 52_000_000,
    });
  });

  it('reads a Nordic key figures table: units under the title, changes in per cent, profit after tax', async () => {
    // Before: "SEK million" was taken for the title, "Change, %" figures were read as SEK millions
    // (15 → 15,000,000) and "Net income" had no answer.
    const doc = loadHtml(`<h3>Key figures</h3><p>SEK million</p><table>
      <tr><td></td><td>2024</td><td>2023</td><td>Change, %</td></tr>
      <tr><td>Net sales</td><td>46 310</td><td>44 015</td><td>5</td></tr>
      <tr><td>Profit after tax</td><td>4 010</td><td>3 804</td><td>5</td></tr>
      <tr><td>Operating cash flow</td><td>5 880</td><td>5 120</td><td>15</td></tr>
    </table>`);
    expect(firstTable(doc).title).toBe('Key figures');
    expect(await ask(doc, ['Net income 2024', 'Operating cash flow change', 'Revenue 2023'])).toEqual({
      'Net income 2024': 4_010_000_000,
      'Operating cash flow change': 0.15,
      'Revenue 2023': 44_015_000_000,
    });
  });

  it('finds UK and analyst names in a US statement of operations', async () => {
    // Before: no answer for operating income or net sales, "Profit for the year" took gross
    // profit, "Net earnings" took "Interest income, net" and "Pre-tax income" the tax line.
    const doc = statement('Consolidated statements of operations (in thousands)', [
      ['Total revenue', '1,343,752', '1,103,123'],
      ['Gross profit', '1,004,628', '800,389'],
      ['Income (loss) from operations', '43,001', '(77,043)'],
      ['Interest income, net', '21,330', '12,004'],
      ['Income (loss) before provision for income taxes', '63,127', '(68,149)'],
      ['Provision for income taxes', '9,880', '4,102'],
      ['Net income (loss)', '53,247', '(72,251)'],
    ]);
    expect(
      await ask(doc, [
        'Operating profit 2023',
        'Net sales 2024',
        'Profit for the year 2023',
        'Net earnings 2024',
        'Pre-tax income 2024',
        'Income tax expense 2024',
      ]),
    ).toEqual({
      'Operating profit 2023': -77_043_000,
      'Net sales 2024': 1_343_752_000,
      'Profit for the year 2023': -72_251_000,
      'Net earnings 2024': 53_247_000,
      'Pre-tax income 2024': 63_127_000,
      'Income tax expense 2024': 9_880_000,
    });
  });
});

describe('an interim statement', () => {
  it('keeps an unheaded notes column out of the half-year heading spread over it', async () => {
    // Before: the notes column (4, 5) sat under "Six months to 30 June 2024" and its "4" was
    // the first half's revenue: 4 million.
    const xs = [315, 428, 575];
    const doc = await drawn([
      { y: 750, items: [{ text: 'Condensed consolidated income statement', x: 72 }] },
      rowAt(730, '', ['Six months to', 'Six months to', 'Year to'], xs),
      rowAt(720, '', ['30 June 2024', '30 June 2023', '31 December 2023'], xs),
      rowAt(710, '', ['£m', '£m', '£m'], xs),
      rowAt(696, 'Revenue', ['4', '1,532.4', '1,401.9', '2,950.3'], [200, ...xs], 72),
      rowAt(684, 'Operating profit', ['', '209.1', '174.2', '389.6'], [200, ...xs], 72),
      rowAt(672, 'Finance costs', ['5', '(18.7)', '(16.0)', '(33.4)'], [200, ...xs], 72),
    ]);
    expect(firstTable(doc).noteColumns).toHaveLength(1);
    expect(await ask(doc, ['Revenue H1 2024', 'Finance costs first half 2023'])).toEqual({
      'Revenue H1 2024': 1_532_400_000,
      'Finance costs first half 2023': -16_000_000,
    });
  });
});

describe('footnote marks and multiples beside figures', () => {
  it('drops a footnote mark set small and raised after a PDF figure', async () => {
    // Before: "1,234" and its raised "1" ran together into 1,2341 (1,234.1 million).
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const sheet = pdf.addPage([612, 792]);
    const right = (text: string, x: number, y: number, size = 8) =>
      sheet.drawText(text, { x: x - font.widthOfTextAtSize(text, size), y, size, font });
    sheet.drawText('Selected data ($ in millions)', { x: 72, y: 750, size: 8, font });
    right('2024', 300, 730);
    right('2023', 360, 730);
    sheet.drawText('Adjusted EBITDA', { x: 72, y: 716, size: 8, font });
    sheet.drawText('1', { x: 72 + font.widthOfTextAtSize('Adjusted EBITDA', 8), y: 719, size: 5, font });
    right('1,234', 300, 716);
    sheet.drawText('1', { x: 300.5, y: 719, size: 5, font });
    right('1,100', 360, 716);
    sheet.drawText('Revenue', { x: 72, y: 704, size: 8, font });
    right('5,432', 300, 704);
    sheet.drawText('(a)', { x: 300.5, y: 707, size: 5, font });
    right('5,101', 360, 704);
    const doc = await loadPdf(await pdf.save());
    expect(await ask(doc, ['Adjusted EBITDA 2024', 'Revenue 2024', 'Revenue 2023'])).toEqual({
      'Adjusted EBITDA 2024': 1_234_000_000,
      'Revenue 2024': 5_432_000_000,
      'Revenue 2023': 5_101_000_000,
    });
  });

  it('does not scale a multiple or a German EPS', async () => {
    // Before: 2.1x was 2.1 million, "Ergebnis je Aktie" 4.12 million.
    const doc = loadHtml(`<h3>Kennzahlen</h3><p>in Mio. €</p><table>
      <tr><td></td><td>2024</td><td>2023</td></tr>
      <tr><td>Umsatzerlöse</td><td>12.345,6</td><td>11.987,0</td></tr>
      <tr><td>Net debt to EBITDA</td><td>2.1x</td><td>2.4x</td></tr>
      <tr><td>Ergebnis je Aktie</td><td>4,12</td><td>3,83</td></tr>
    </table>`);
    expect(
      await ask(doc, ['Umsatzerlöse 2024', 'Net debt to EBITDA 2024', 'Ergebnis je Aktie 2023']),
    ).toEqual({
      'Umsatzerlöse 2024': 12_345_600_000,
      'Net debt to EBITDA 2024': 2.1,
      'Ergebnis je Aktie 2023': 3.83,
    });
  });
});

describe('the sentence that leads into a table', () => {
  it('is not the table’s title: the heading above it is', () => {
    // Before: the title was "The following table sets forth our results of operations …:".
    const doc = loadHtml(`<h2>Results of Operations</h2>
      <p>The following table sets forth our results of operations for the periods presented:</p>
      <table><tr><td>(in millions)</td><td>2024</td><td>2023</td></tr>
      <tr><td>Revenue</td><td>1,200</td><td>1,100</td></tr></table>`);
    expect(firstTable(doc).title).toBe('Results of Operations');
  });
});

describe('a quarterly report (10-Q)', () => {
  it('names the table after its statement, not "(Unaudited)", and reads the year to date', async () => {
    // Before: the title was "(Unaudited)" (then emptied), and "Revenue YTD 2024" had no answer.
    const doc =
      loadHtml(`<p>CONDENSED CONSOLIDATED STATEMENTS OF INCOME<br>(Unaudited)<br>(In millions)</p><table>
      <tr><td></td><td colspan="2">Three Months Ended September 30,</td><td colspan="2">Nine Months Ended September 30,</td></tr>
      <tr><td></td><td>2024</td><td>2023</td><td>2024</td><td>2023</td></tr>
      <tr><td>Net revenues</td><td>8,512</td><td>7,990</td><td>24,880</td><td>23,101</td></tr>
    </table>`);
    expect(firstTable(doc).title).toBe('CONDENSED CONSOLIDATED STATEMENTS OF INCOME');
    expect(await ask(doc, ['Revenue YTD 2024', 'Revenue Q3 2023'])).toEqual({
      'Revenue YTD 2024': 24_880_000_000,
      'Revenue Q3 2023': 7_990_000_000,
    });
  });
});

describe('dot leaders', () => {
  it('leaves the dots that lead from a label to its figures out of the label', async () => {
    // Before: the row was named "Revenue . . . . . . . ." in every answer's location.
    const doc = loadHtml(`<h3>Five-year summary</h3><table>
      <tr><td>£ million</td><td>2024</td><td>2023</td></tr>
      <tr><td>Revenue . . . . . . . . . .</td><td>1,204.5</td><td>1,150.2</td></tr>
      <tr><td>Operating profit ..........</td><td>201.3</td><td>188.7</td></tr>
    </table>`);
    expect(rowNames(firstTable(doc))).toEqual(['Revenue', 'Operating profit']);
  });
});

describe('a US balance sheet printed to PDF', () => {
  it('reads past "ASSETS" centred in the label column, and labels wrapped around figures', async () => {
    // Before: "ASSETS" set centred over the labels stopped the header from being found (no
    // periods, the title "ASSETS"); "…credit losses of $2,104 and" / "$1,876" made "$1,876" a
    // section. "Long-term debt" took the current portion.
    const xs = [450, 540];
    const doc = await drawn([
      { y: 760, items: [{ text: 'CONSOLIDATED BALANCE SHEETS', x: 250 }] },
      { y: 748, items: [{ text: '(In thousands)', x: 280 }] },
      rowAt(730, '', ['December 31,'], [480]),
      rowAt(718, '', ['2024', '2023'], xs),
      { y: 704, items: [{ text: 'ASSETS', x: 170 }] },
      rowAt(690, 'Cash and cash equivalents', ['245,118', '198,004'], xs, 72),
      {
        y: 681,
        items: [{ text: 'Accounts receivable, net of allowance for credit losses of $2,104 and', x: 72 }],
      },
      rowAt(676, '', ['312,450', '288,120'], xs),
      { y: 671, items: [{ text: '$1,876', x: 72 }] },
      rowAt(658, 'Total assets', ['1,788,447', '1,697,677'], xs, 90),
      { y: 644, items: [{ text: "LIABILITIES AND STOCKHOLDERS' EQUITY", x: 110 }] },
      rowAt(630, 'Current portion of long-term debt', ['25,000', '25,000'], xs, 72),
      rowAt(618, 'Long-term debt, net of current portion', ['450,118', '474,880'], xs, 72),
      { y: 606, items: [{ text: 'Commitments and contingencies (Note 14)', x: 72 }] },
      { y: 594, items: [{ text: "Stockholders' equity:", x: 72 }] },
      {
        y: 585,
        items: [{ text: 'Preferred stock, $0.001 par value; 10,000 shares authorized; none', x: 80 }],
      },
      rowAt(580, '', ['—', '—'], xs),
      { y: 575, items: [{ text: 'issued and outstanding', x: 80 }] },
      rowAt(562, 'Retained earnings', ['217,118', '137,025'], xs, 80),
      rowAt(550, "Total stockholders' equity", ['1,006,106', '901,246'], xs, 90),
    ]);
    expect(firstTable(doc).title).toBe('CONSOLIDATED BALANCE SHEETS');
    expect(
      await ask(doc, [
        'Total assets 2023',
        'Accounts receivable 2024',
        'Long-term debt 2024',
        'Retained earnings 2024',
        "Total stockholders' equity 2023",
      ]),
    ).toEqual({
      'Total assets 2023': 1_697_677_000,
      'Accounts receivable 2024': 312_450_000,
      'Long-term debt 2024': 450_118_000,
      'Retained earnings 2024': 217_118_000,
      "Total stockholders' equity 2023": 901_246_000,
    });
    expect(rowNames(firstTable(doc))).toContain(
      'Accounts receivable, net of allowance for credit losses of $2,104 and $1,876',
    );
  });
});

describe('a statement of stockholders’ equity printed to PDF', () => {
  it('keeps the page title out of the header, and each wrapped column heading over its own column', async () => {
    // Before: the title centred on the page headed the first columns, and "Paid-In" (the second
    // line of "Additional / Paid-In / Capital") headed "Shares" and "Amount" too, so "Common stock
    // amount" took the shares.
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const sheet = pdf.addPage([612, 792]);
    const at = (text: string, x: number, y: number, align: 'left' | 'centre' | 'right' = 'left') => {
      const w = font.widthOfTextAtSize(text, 8);
      sheet.drawText(text, {
        x: align === 'left' ? x : align === 'right' ? x - w : x - w / 2,
        y,
        size: 8,
        font,
      });
    };
    at("CONSOLIDATED STATEMENTS OF STOCKHOLDERS' EQUITY", 306, 760, 'centre');
    at('(In thousands)', 306, 750, 'centre');
    const heads = [375, 441, 507, 573];
    at('Common Stock', 276, 730, 'centre');
    const stack = (words: string[], y: number) => {
      for (const [i, t] of words.entries()) at(t, heads[i] as number, y, 'centre');
    };
    stack(['Additional', 'Accumulated', 'Retained', 'Total'], 730);
    stack(['Paid-In', 'Other', 'Earnings', "Stockholders'"], 721);
    at('Shares', 259, 712, 'centre');
    at('Amount', 328, 712, 'centre');
    stack(['Capital', 'Income (Loss)', '(Deficit)', 'Equity'], 712);
    const rights = [270, 341, 408, 473, 539, 605];
    const figures = (y: number, label: string, cells: string[]) => {
      at(label, 10, y);
      for (const [i, c] of cells.entries()) if (c) at(c, rights[i] as number, y, 'right');
    };
    figures(698, 'Balance at December 31, 2023', [
      '97,004',
      '97',
      '780,004',
      '(15,880)',
      '67,115',
      '831,336',
    ]);
    figures(686, 'Net income', ['', '', '', '', '150,003', '150,003']);
    figures(674, 'Stock-based compensation', ['', '', '21,216', '', '', '21,216']);
    figures(662, 'Balance at December 31, 2024', [
      '98,112',
      '98',
      '801,220',
      '(12,330)',
      '217,118',
      '1,006,106',
    ]);
    const doc = await loadPdf(await pdf.save());
    const table = firstTable(doc);
    expect(table.title).toBe("CONSOLIDATED STATEMENTS OF STOCKHOLDERS' EQUITY");
    expect(columnHeaderPath(table, 1)).toEqual(['Common Stock', 'Shares']);
    expect(columnHeaderPath(table, 2)).toEqual(['Common Stock', 'Amount']);
    expect(await ask(doc, ['Common stock amount 2024', 'Additional paid-in capital 2024'])).toEqual({
      'Common stock amount 2024': 98_000,
      'Additional paid-in capital 2024': 801_220_000,
    });
  });
});

describe('quarters under their years', () => {
  it('gives each year to all four quarters under it, though it is set nearer one of them', async () => {
    // Guards the rule above: a heading that heads only its own column is a word stacked with
    // others, never a year over the quarters.
    const xs = [236, 288, 339, 389, 452, 502, 555, 605];
    const quarters = ['Q1', 'Q2', 'Q3', 'Q4', 'Q1', 'Q2', 'Q3', 'Q4'];
    const doc = await drawn([
      { y: 760, items: [{ text: 'Quarterly financial data (in millions)', x: 10 }] },
      {
        y: 740,
        items: [
          { text: '2024', x: 274 },
          { text: '2023', x: 490 },
        ],
      },
      rowAt(728, '', quarters, xs),
      rowAt(
        716,
        'Net sales',
        ['2,101', '2,245', '2,310', '2,502', '1,950', '2,030', '2,118', '2,290'],
        xs,
        10,
      ),
      rowAt(704, 'Gross margin', ['840', '901', '930', '1,012', '770', '805', '842', '915'], xs, 10),
    ]);
    expect(await ask(doc, ['Net sales Q3 2024', 'Net sales Q1 2023', 'Gross margin Q4 2023'])).toEqual({
      'Net sales Q3 2024': 2_310_000_000,
      'Net sales Q1 2023': 1_950_000_000,
      'Gross margin Q4 2023': 915_000_000,
    });
  });
});

describe('a highlights table whose rows state their own units', () => {
  it('scales each row by the units in its label, and leaves multiples, pence and counts alone', async () => {
    // Before: "Revenue (£m)" 1,532.4 was read as £1,532.40, "Net debt (£bn)" as £1.20 and "ROCE"
    // had no answer.
    const doc = loadHtml(`<h2>Financial highlights</h2><table>
      <tr><td></td><td>2024</td><td>2023</td></tr>
      <tr><td>Revenue (£m)</td><td>1,532.4</td><td>1,401.9</td></tr>
      <tr><td>Net debt (£bn)</td><td>1.2</td><td>1.4</td></tr>
      <tr><td>Free cash flow, $ thousands</td><td>45,210</td><td>38,100</td></tr>
      <tr><td>Basic EPS (p)</td><td>21.4</td><td>17.8</td></tr>
      <tr><td>Return on capital employed (%)</td><td>15.3</td><td>13.9</td></tr>
      <tr><td>Employees (number)</td><td>12,450</td><td>11,980</td></tr>
    </table>
    <h2>Leverage (£m)</h2><table>
      <tr><td></td><td>2024</td><td>2023</td></tr>
      <tr><td>Gross debt</td><td>1,604</td><td>1,798</td></tr>
      <tr><td>Net debt to EBITDA (x)</td><td>2.1</td><td>2.4</td></tr>
    </table>`);
    expect(
      await ask(doc, [
        'Revenue 2024',
        'Net debt 2023',
        'Free cash flow 2024',
        'Basic EPS 2024',
        'ROCE 2024',
        'Employees 2023',
        'Net debt to EBITDA 2024',
      ]),
    ).toEqual({
      'Revenue 2024': 1_532_400_000,
      'Net debt 2023': 1_400_000_000,
      'Free cash flow 2024': 45_210_000,
      'Basic EPS 2024': 21.4,
      'ROCE 2024': 0.153,
      'Employees 2023': 11_980,
      'Net debt to EBITDA 2024': 2.1,
    });
  });
});

describe('a key figures table with a column of units', () => {
  const rows: [string, string, string, string][] = [
    ['Revenue', 'EUR m', '4,512.3', '4,201.0'],
    ['EBITDA margin', '%', '20.0', '20.1'],
    ['Earnings per share', 'EUR', '3.21', '2.98'],
    ['Employees', 'FTE', '18,230', '17,905'],
    ['Order intake', 'EUR bn', '5.1', '4.7'],
    ['Capital expenditure', 'TEUR', '310,450', '295,100'],
  ];
  const asked = [
    'Revenue 2024',
    'EBITDA margin 2023',
    'EPS 2024',
    'Employees 2023',
    'Order intake 2024',
    'Capex 2023',
  ];
  const answers = {
    'Revenue 2024': 4_512_300_000,
    'EBITDA margin 2023': 0.201,
    'EPS 2024': 3.21,
    'Employees 2023': 17_905,
    'Order intake 2024': 5_100_000_000,
    'Capex 2023': 295_100_000,
  };

  it('scales each row by its unit (HTML)', async () => {
    // Before: the units were read as words of the labels ("Revenue EUR m": 4,512.3 unscaled) and
    // "EUR" merged into EPS's figure, which then was no figure (no answer).
    const doc = loadHtml(
      `<h3>Key figures</h3><table><tr><td></td><td></td><td>2024</td><td>2023</td></tr>${rows
        .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
        .join('')}</table>`,
    );
    expect(await ask(doc, asked)).toEqual(answers);
  });

  it('scales each row by its unit (PDF)', async () => {
    const xs = [200, 360, 440];
    const doc = await drawn([
      { y: 750, items: [{ text: 'Key figures', x: 72 }] },
      rowAt(730, '', ['', '2024', '2023'], xs),
      ...rows.map(([label, unit, a, b], i) => ({
        y: 716 - i * 12,
        items: [
          { text: label, x: 72 },
          { text: unit, x: 200 },
          { text: a, x: 360, right: true },
          { text: b, x: 440, right: true },
        ],
      })),
    ]);
    expect(await ask(doc, asked)).toEqual(answers);
  });
});

describe('references to the notes in a label', () => {
  it('cost a row nothing: "Revenue (Note 3)" is as sure as "Revenue"', async () => {
    // Before: "note" and "3" counted as words the data point did not name (0.90, and 0.81 for
    // "Inventories [note 14]", against 0.99).
    const table = (label: string) =>
      loadHtml(`<h3>Balance sheet (€m)</h3><table><tr><td></td><td>2024</td><td>2023</td></tr>
        <tr><td>${label}</td><td>1,200</td><td>1,100</td></tr><tr><td>Other</td><td>5</td><td>4</td></tr></table>`);
    const sure = async (label: string, dataPoint: string) => {
      const { result } = await new HeuristicProvider().extract(table(label), [dataPoint], {
        documentType: 'pdf',
      });
      return result[dataPoint]?.confidence;
    };
    const plain = await sure('Revenue', 'Revenue 2024');
    expect(await sure('Revenue (Note 3)', 'Revenue 2024')).toBe(plain);
    expect(await sure('Revenue [notes 3 and 4]', 'Revenue 2024')).toBe(plain);
  });
});

describe('budget and actual side by side', () => {
  it('answers a year with what happened, and the budget only when asked', async () => {
    // Before: "Income 2024" took the budget, the first 2024 column, at 0.96.
    const doc = loadHtml(`<h3>Income and expenditure (£000)</h3><table>
      <tr><td></td><td>Budget 2024</td><td>Actual 2024</td><td>Actual 2023</td></tr>
      <tr><td>Income</td><td>12,000</td><td>12,450</td><td>11,800</td></tr>
      <tr><td>Surplus</td><td>800</td><td>1,400</td><td>900</td></tr>
    </table>`);
    expect(await ask(doc, ['Income 2024', 'Surplus 2024', 'Income budget 2024', 'Surplus 2023'])).toEqual({
      'Income 2024': 12_450_000,
      'Surplus 2024': 1_400_000,
      'Income budget 2024': 12_000_000,
      'Surplus 2023': 900_000,
    });
  });
});

describe('each year beside its share of revenue', () => {
  const asked = ['Revenue 2024', 'Operating profit 2023', 'Operating profit % of revenue 2024'];
  const answers = {
    'Revenue 2024': 2_450_100_000,
    'Operating profit 2023': 253_200_000,
    'Operating profit % of revenue 2024': 0.12,
  };

  it('gives "% of revenue" the year of the column before it (HTML)', async () => {
    // Before: the "% of revenue" columns had no period, so a year asked of them had no answer.
    const doc = loadHtml(`<h3>Summary income statement</h3><table>
      <tr><td></td><td>2024<br>£m</td><td>% of revenue</td><td>2023<br>£m</td><td>% of revenue</td></tr>
      <tr><td>Revenue</td><td>2,450.1</td><td>100.0</td><td>2,301.7</td><td>100.0</td></tr>
      <tr><td>Operating profit</td><td>294.0</td><td>12.0</td><td>253.2</td><td>11.0</td></tr>
    </table>`);
    expect(await ask(doc, asked)).toEqual(answers);
  });

  it('keeps each heading over its own column when "% of revenue" sits on the middle line (PDF)', async () => {
    // Before: the "% of revenue" columns took the next year and the £m columns "% of revenue"
    // as the nearest headings: "Gross profit 2023" answered 40.0 million from 2024's percentages.
    const xs = [223, 347, 419, 544];
    const doc = await drawn([
      { y: 760, items: [{ text: 'Summary income statement', x: 10 }] },
      rowAt(740, '', ['2024', '', '2023', ''], xs),
      rowAt(734, '', ['', '% of revenue', '', '% of revenue'], xs),
      rowAt(728, '', ['£m', '', '£m', ''], xs),
      rowAt(714, 'Revenue', ['2,450.1', '100.0', '2,301.7', '100.0'], xs, 10),
      rowAt(702, 'Operating profit', ['294.0', '12.0', '253.2', '11.0'], xs, 10),
    ]);
    expect(await ask(doc, asked)).toEqual(answers);
  });
});

describe('a row whose figure the scan lost', () => {
  it('leaves a lesser row answering for it unsure', async () => {
    // Before: a scan kept only the "$" of "Net revenue" 2022, and "Cost of net revenue" answered
    // "Net revenue 2022" at 0.86 (Medium) — the one Medium-band miss of the scanned suite.
    const table = (lost: string) =>
      loadHtml(`<h3>Statements of operations (in thousands)</h3><table>
        <tr><td></td><td>2023</td><td>2022</td></tr>
        <tr><td>Net revenue</td><td>$ 412,870</td><td>${lost}</td></tr>
        <tr><td>Cost of net revenue</td><td>261,330</td><td>258,609</td></tr>
        <tr><td>Gross profit</td><td>151,540</td><td>141,003</td></tr>
      </table>`);
    const answer = async (lost: string) => {
      const { result } = await new HeuristicProvider().extract(table(lost), ['Net revenue 2022'], {
        documentType: 'pdf',
      });
      return result['Net revenue 2022'];
    };
    expect((await answer('$'))?.confidence).toBeLessThan(0.85);
    // With the figure there, it answers, surely; the cost row alone is still offered, less surely.
    expect(await answer('$ 399,612')).toMatchObject({ value: 399_612_000 });
    expect((await answer('$ 399,612'))?.confidence).toBeGreaterThan(0.95);
  });

  it('does not doubt an answer when only a lesser row is empty', async () => {
    const doc = loadHtml(`<h3>Statements of operations (in thousands)</h3><table>
        <tr><td></td><td>2023</td><td>2022</td></tr>
        <tr><td>Net revenue</td><td>412,870</td><td>399,612</td></tr>
        <tr><td>Other net revenue</td><td>1,330</td><td></td></tr>
      </table>`);
    const { result } = await new HeuristicProvider().extract(doc, ['Net revenue 2022'], {
      documentType: 'pdf',
    });
    expect(result['Net revenue 2022']).toMatchObject({ value: 399_612_000 });
    expect(result['Net revenue 2022']?.confidence).toBeGreaterThan(0.95);
  });
});

describe('totals a balance sheet does not print', () => {
  const doc = () =>
    loadHtml(`<h3>Balance sheet (EUR million)</h3><table>
      <tr><td></td><td>2024</td><td>2023</td></tr>
      <tr><td>Equity</td><td>2,901.3</td><td>2,744.0</td></tr>
      <tr><td>Other equity reserves</td><td>120.0</td><td>118.5</td></tr>
      <tr><td>Borrowings</td><td>1,100.0</td><td>1,150.0</td></tr>
      <tr><td>Trade payables</td><td>733.4</td><td>702.2</td></tr>
      <tr><td>Total equity and liabilities</td><td>5,376.0</td><td>5,158.6</td></tr>
    </table>`);

  it('answers "Total equity" with the one "Equity" line, never with a line of other words', async () => {
    // Before: "Equity" was no answer for "Total equity" (no row said "total").
    const { result } = await new HeuristicProvider().extract(doc(), ['Total equity 2024'], {
      documentType: 'pdf',
    });
    expect(result['Total equity 2024']).toMatchObject({ value: 2_901_300_000 });
    expect(result['Total equity 2024']?.confidence).toBeLessThan(0.95);
  });

  it('does not answer "Total liabilities" with the other side of the balance sheet', async () => {
    // Before: "Total equity and liabilities" answered "Total liabilities" at 0.90.
    expect(await ask(doc(), ['Total liabilities 2024', 'Total equity and liabilities 2023'])).toEqual({
      'Total liabilities 2024': null,
      'Total equity and liabilities 2023': 5_158_600_000,
    });
  });
});

describe('highlights asked in analysts’ words', () => {
  it('finds DPS and "growth" in a Change column', async () => {
    // Before: no answer for either ("DPS" was not spelled out; "growth" named no column).
    const doc = loadHtml(`<h3>Income statement (€ million)</h3><table>
      <tr><th></th><th>2024</th><th>2023</th><th>Change</th></tr>
      <tr><td>Revenue</td><td>4,512</td><td>4,256</td><td>6%</td></tr>
      <tr><td>Net debt</td><td>2,104</td><td>2,311</td><td>(9)%</td></tr>
      <tr><td>Dividend per share (€)</td><td>1.40</td><td>1.30</td><td>8%</td></tr>
    </table>`);
    expect(await ask(doc, ['DPS 2024', 'Revenue growth', 'Net debt growth', 'Revenue 2023'])).toEqual({
      'DPS 2024': 1.4,
      'Revenue growth': 0.06,
      'Net debt growth': -0.09,
      'Revenue 2023': 4_256_000_000,
    });
  });
});

describe('a Japanese statement: yen for two years, U.S. dollars for one', () => {
  // "Millions of yen" centred over the cells of 2024 and 2023 (past 2024's right-aligned
  // figures), "Thousands of / U.S. dollars" over a 2024 of its own; the per-share rows under a
  // line of units ("Yen | U.S. dollars").
  const xs = [380, 461, 578];
  const lines = () => [
    { y: 760, items: [{ text: 'Consolidated Statements of Income', x: 60 }] },
    { y: 748, items: [{ text: 'Example Corporation and Consolidated Subsidiaries', x: 60 }] },
    { y: 736, items: [{ text: 'Thousands of', x: 528 }] },
    { y: 724, items: [{ text: 'Millions of yen', x: 358 }] },
    { y: 712, items: [{ text: 'U.S. dollars (Note 1)', x: 510 }] },
    rowAt(700, '', ['2024', '2023', '2024'], xs),
    rowAt(686, 'Net sales', ['1,284,512', '1,190,447', '8,483,996'], xs),
    rowAt(674, 'Operating income', ['131,198', '106,574', '866,575'], xs),
    rowAt(662, 'Profit attributable to owners of parent', ['88,305', '69,918', '583,257'], xs),
    {
      y: 648,
      items: [
        { text: 'Yen', x: 396 },
        { text: 'U.S. dollars', x: 539 },
      ],
    },
    rowAt(636, 'Net income per share — basic', ['212.45', '168.02', '1.40'], xs),
  ];

  it('gives both yen columns their scale and reads net income under its Japanese name', async () => {
    // Before: "Millions of yen" headed 2024 only, so 2023 took the dollars' thousands (1,190,447
    // thousand at 0.99); "Net income" answered with the per-share line.
    const doc = await drawn(lines());
    expect(
      await ask(doc, [
        'Net sales 2024',
        'Revenue 2023',
        'Operating income 2023',
        'Net income 2024',
        'Basic EPS 2023',
      ]),
    ).toEqual({
      'Net sales 2024': 1_284_512_000_000,
      'Revenue 2023': 1_190_447_000_000,
      'Operating income 2023': 106_574_000_000,
      'Net income 2024': 88_305_000_000,
      'Basic EPS 2023': 168.02,
    });
  });
});

describe('Japanese minus signs and fiscal years', () => {
  it('reads "△" and "▲" as minus and "FY2024/3" as fiscal 2024 (HTML and PDF)', async () => {
    // Before: "△ 48,310" was no figure, so capex had no answer and "Net cash used in investing
    // activities" answered with the operating line at 0.50; "Capex FY2024/3" kept "/3" as a word.
    const rows = [
      ['Net cash provided by operating activities', '145,220', '162,004'],
      ['Purchase of property, plant and equipment', '△ 48,310', '△52,775'],
      ['Net cash used in investing activities', '▲61,002', '▲ 70,118'],
    ];
    const asked = [
      'Capex FY2024/3',
      'Net cash used in investing activities 2023',
      'Operating cash flow 2024',
    ];
    const answers = {
      'Capex FY2024/3': -52_775_000_000,
      'Net cash used in investing activities 2023': -61_002_000_000,
      'Operating cash flow 2024': 162_004_000_000,
    };
    const html = loadHtml(`<h3>Consolidated Statements of Cash Flows (Millions of yen)</h3><table>
      <tr><td></td><td>FY2023/3</td><td>FY2024/3</td></tr>
      ${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`);
    expect(await ask(html, asked)).toEqual(answers);
    // PDF, positioned HTML and OCR words go through the layout builder's reading of signs.
    expect(['△', '48,310', '▲1,002', '△(5)', '▲', '△A'].map(signed)).toEqual([
      '−',
      '48,310',
      '−1,002',
      '−(5)',
      '−',
      '△A',
    ]);
  });
});

describe('key-figure tiles, as highlights pages set them', () => {
  const asked = ['Revenue 2024', 'Revenue 2023', 'Basic EPS 2023', 'Net debt 2024', 'Employees', 'Countries'];
  const answers = {
    'Revenue 2024': 1_532_400_000,
    'Revenue 2023': 1_445_700_000,
    'Basic EPS 2023': 35,
    'Net debt 2024': 312_000_000,
    Employees: 12_480,
    Countries: 38,
  };
  /** A line of tiles' texts, left-aligned at `xs` (for `drawn`). */
  const tileLine = (xs: number[]) => (y: number, texts: string[]) => ({
    y,
    items: texts.map((text, k) => ({ text, x: xs[k] as number })),
  });

  it('reads each tile’s figure under its name, with "(2023: …)" as the year before (HTML)', async () => {
    // Before: the tiles' <span>s ran together ("Revenue£1,532.4m+6% (2023: £1,445.7m)") and
    // nothing was answered; "Employees" (figure above its name) took the next tile's 38.
    const tile = (...parts: string[]) =>
      `<div class="tile">${parts.map((p) => `<span class="${p[0]}">${p.slice(1)}</span>`).join('')}</div>`;
    const doc = loadHtml(`<style>.tiles{display:flex} .tile .l, .n, .c{display:block}</style>
      <h2>2024 at a glance</h2>
      <div class="tiles">${tile('lRevenue', 'n£1,532.4m', 'c+6% (2023: £1,445.7m)')}${tile('lBasic EPS', 'n38.2p', 'c+9% (2023: 35.0p)')}${tile('lNet debt', 'n£312.0m', 'c(2023: £355.1m)')}</div>
      <h2>Our people</h2>
      <div class="tiles">${tile('n12,480', 'lEmployees')}${tile('n38', 'lCountries')}</div>`);
    expect(doc.lines.map((l) => l.text)).toContain('Revenue | £1,532.4m | £1,445.7m');
    expect(await ask(doc, asked)).toEqual(answers);
  });

  it('reads tiles set side by side on a PDF page, names over or under their figures', async () => {
    // Before: the names' line and the figures' line were no table ("Revenue 2024" had no answer,
    // "Countries" answered with the line below).
    const line = tileLine([60, 200, 340]);
    const doc = await drawn([
      { y: 760, items: [{ text: '2024 at a glance', x: 60 }] },
      line(740, ['Revenue', 'Basic EPS', 'Net debt']),
      line(726, ['£1,532.4m', '38.2p', '£312.0m']),
      line(714, ['+6% (2023: £1,445.7m)', '+9% (2023: 35.0p)', '(2023: £355.1m)']),
      { y: 680, items: [{ text: 'Our people', x: 60 }] },
      line(660, ['12,480', '38']),
      line(648, ['Employees', 'Countries']),
    ]);
    expect(await ask(doc, asked)).toEqual(answers);
  });

  it('reads figures written with their size in words ("$4.1 billion", "$2.3B", "SEK 4.2bn")', async () => {
    // Before: such a tile was no figure, so the row of tiles was none and "Operating income"
    // answered with the next tile's figure.
    const tile = (figure: string, name: string) =>
      `<div><span class="v">${figure}</span><span class="t">${name}</span></div>`;
    const html = loadHtml(`<style>.v, .t{display:block}</style><h2>Financial highlights 2024</h2>
      <div>${tile('$4.1 billion', 'Net revenue')}${tile('$812M', 'Operating income')}${tile('$2.3B', 'Free cash flow')}${tile('SEK 4.2bn', 'Order intake')}</div>`);
    const asked = ['Revenue 2024', 'Operating income', 'Free cash flow 2024', 'Order intake'];
    const answers = {
      'Revenue 2024': 4_100_000_000,
      'Operating income': 812_000_000,
      'Free cash flow 2024': 2_300_000_000,
      'Order intake': 4_200_000_000,
    };
    expect(await ask(html, asked)).toEqual(answers);
    const line = tileLine([60, 190, 320, 450]);
    const pdf = await drawn([
      { y: 760, items: [{ text: 'Financial highlights 2024', x: 60 }] },
      line(740, ['$4.1 billion', '$812M', '$2.3B', 'SEK 4.2bn']),
      line(726, ['Net revenue', 'Operating income', 'Free cash flow', 'Order intake']),
    ]);
    expect(await ask(pdf, asked)).toEqual(answers);
  });

  it('leaves cards that are not figures under names as text', () => {
    const doc = loadHtml(`<div class="cards"><div><h4>Our strategy</h4><p>Growth in every region.</p></div>
      <div><h4>Our people</h4><p>Read more</p></div></div>`);
    expect(doc.layout?.[0]?.tables).toEqual([]);
    expect(doc.lines.map((l) => l.text)).toEqual([
      'Our strategy',
      'Growth in every region.',
      'Our people',
      'Read more',
    ]);
  });
});

describe('a header set as a table of its own', () => {
  it('heads the table right below it, with the title and scale above', async () => {
    // Before: the one-row table of years was dropped and stopped the search for a title, so the
    // figures had no periods and no scale ("Revenue 2024" no answer, "Operating income" 1,327).
    const doc = loadHtml(`<h3>Consolidated income statement (in $ millions)</h3>
      <table><tr><td></td><td>2024</td><td>2023</td></tr></table>
      <table><tr><td>Revenue</td><td>8,412</td><td>7,905</td></tr>
        <tr><td>Net income</td><td>899</td><td>589</td></tr></table>`);
    expect(await ask(doc, ['Revenue 2024', 'Net income 2023', 'Net income'])).toEqual({
      'Revenue 2024': 8_412_000_000,
      'Net income 2023': 589_000_000,
      'Net income': 899_000_000,
    });
  });
});

describe('a fiscal year headed with the date it ends on', () => {
  it('answers "FY2024" from the column named FY2024, not the one ending in 2024', async () => {
    // Before: "FY2023 (Year ended March 31, 2024)" read as the range 2023–2024, so "Net sales
    // FY2024" took FY2023's figure and "Operating profit FY2023" had no answer.
    const doc = loadHtml(`<h3>Consolidated Financial Highlights</h3><p>(Millions of yen)</p>
      <table><tr><td></td><td>FY2023<br>(Year ended<br>March 31, 2024)</td><td>FY2024<br>(Year ended<br>March 31, 2025)</td><td>YoY change</td></tr>
        <tr><td>Net sales</td><td>1,284,551</td><td>1,352,907</td><td>+5.3%</td></tr>
        <tr><td>Operating profit</td><td>98,402</td><td>112,660</td><td>+14.5%</td></tr></table>`);
    expect(await ask(doc, ['Net sales FY2024', 'Operating profit FY2023', 'Operating profit 2025'])).toEqual({
      'Net sales FY2024': 1_352_907_000_000,
      'Operating profit FY2023': 98_402_000_000,
      // Named by the date it ends on when no column is named 2025.
      'Operating profit 2025': 112_660_000_000,
    });
  });
});

/** A page drawn with Helvetica 9 pt at given points (612 × 792): text left, centred or right-aligned at x. */
async function drawnAt(
  draw: (at: (text: string, x: number, y: number, align?: 'left' | 'centre' | 'right') => void) => void,
) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([612, 792]);
  draw((text, x, y, align = 'left') => {
    const w = font.widthOfTextAtSize(text, 9);
    sheet.drawText(text, {
      x: align === 'left' ? x : align === 'right' ? x - w : x - w / 2,
      y,
      size: 9,
      font,
    });
  });
  return loadPdf(await pdf.save());
}

describe('column headings printed to PDF around group headings', () => {
  it('keeps a year over its own figures off the column beside it headed lower down', async () => {
    // Before: "FY2024", set over its figures on the first header line, also headed the "YoY
    // change" column (whose heading sits on the second line), so "Net sales FY2024" read +5.3%.
    const doc = await drawnAt((at) => {
      at('Consolidated Financial Highlights', 40, 760);
      at('(Millions of yen)', 40, 748);
      at('FY2023', 340, 728, 'right');
      at('FY2024', 440, 728, 'right');
      at('YoY change', 530, 719, 'right');
      at('(Year ended', 340, 719, 'right');
      at('(Year ended', 440, 719, 'right');
      at('March 31, 2024)', 340, 710, 'right');
      at('March 31, 2025)', 440, 710, 'right');
      for (const [i, [label, a, b, c]] of [
        ['Net sales', '1,284,551', '1,352,907', '+5.3%'],
        ['Operating profit', '98,402', '112,660', '+14.5%'],
      ].entries()) {
        const y = 694 - i * 12;
        at(label as string, 40, y);
        at(a as string, 340, y, 'right');
        at(b as string, 440, y, 'right');
        at(c as string, 530, y, 'right');
      }
    });
    expect(columnHeaderPath(firstTable(doc), 3)).toEqual(['YoY change']);
    expect(await ask(doc, ['Net sales FY2024', 'Operating profit FY2023'])).toEqual({
      'Net sales FY2024': 1_352_907_000_000,
      'Operating profit FY2023': 98_402_000_000,
    });
  });

  it('gives a group heading and the date under it to both its columns, and leaves the title block out', async () => {
    // Before: "December 31," centred over the two columns of each group headed only the first,
    // and "Twelve Months Ended" not the last, so "Revenue 2023" had no full-year column; the
    // centred "(In thousands, except per share data)" and "(Unaudited)" under the statement's
    // name were read as column headings.
    const doc = await drawnAt((at) => {
      at('ACME INDUSTRIES, INC.', 306, 770, 'centre');
      at('CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS', 306, 759, 'centre');
      at('(In thousands, except per share data)', 306, 748, 'centre');
      at('(Unaudited)', 306, 737, 'centre');
      const rights = [312, 392, 484, 577];
      at('Three Months Ended', 318, 720, 'centre');
      at('December 31,', 318, 710, 'centre');
      at('Twelve Months Ended', 490, 720, 'centre');
      at('December 31,', 490, 710, 'centre');
      for (const [i, y] of ['2024', '2023', '2024', '2023'].entries())
        at(y, rights[i] as number, 700, 'right');
      for (const [r, [label, ...cells]] of [
        ['Revenue', '$ 412,806', '$ 377,415', '$ 1,590,112', '$ 1,442,360'],
        ['Net income', '$ 41,806', '$ 30,117', '$ 149,951', '$ 103,448'],
      ].entries()) {
        const y = 686 - r * 12;
        at(label as string, 36, y);
        for (const [i, c] of cells.entries()) at(c, rights[i] as number, y, 'right');
      }
    });
    const table = firstTable(doc);
    expect(columnHeaderPath(table, 1)).toEqual(['Three Months Ended', 'December 31,', '2024']);
    expect(columnHeaderPath(table, 2)).toEqual(['Three Months Ended', 'December 31,', '2023']);
    expect(columnHeaderPath(table, 4)).toEqual(['Twelve Months Ended', 'December 31,', '2023']);
    expect(await ask(doc, ['Revenue 2023', 'Net income Q4 2023'])).toEqual({
      'Revenue 2023': 1_442_360_000,
      'Net income Q4 2023': 30_117_000,
    });
  });
});

describe('a bank’s key figures asked by their short names', () => {
  it('answers CET1, RoTE and NII from the lines that spell them out', async () => {
    // Before: "CET1 ratio" had no answer (its "1" was taken for a footnote mark, and "CET" meant
    // nothing), nor "RoTE" or "NII".
    const doc = loadHtml(`<h3>Key figures</h3><p>EUR million</p>
      <table><tr><td></td><td>2024</td><td>2023</td></tr>
        <tr><td>Net interest income</td><td>6,412</td><td>6,087</td></tr>
        <tr><td>Return on tangible equity (%)</td><td>11.4</td><td>12.6</td></tr>
        <tr><td>Common Equity Tier 1 ratio (%)</td><td>14.8</td><td>14.2</td></tr></table>`);
    expect(await ask(doc, ['CET1 ratio 2023', 'CET 1 ratio 2024', 'RoTE 2024', 'NII 2023'])).toEqual({
      'CET1 ratio 2023': 0.142,
      'CET 1 ratio 2024': 0.148,
      'RoTE 2024': 0.114,
      'NII 2023': 6_087_000_000,
    });
  });
});

describe('figures written the continental European way', () => {
  it('reads "58.412" as 58,412 in a table whose decimals follow a comma', async () => {
    // Before: the head count "58.412" read as 58.412 though the table writes "4.812,3".
    const doc = loadHtml(`<h3>Group key figures</h3>
      <table><tr><td>in € million</td><td>Q3 2024</td><td>Q3 2023</td><td>Change</td></tr>
        <tr><td>Revenue</td><td>4.812,3</td><td>4.530,9</td><td>6,2 %</td></tr>
        <tr><td>Net income</td><td>231,4</td><td>-12,8</td><td>–</td></tr>
        <tr><td>Employees</td><td>58.412</td><td>56.901</td><td>2,7 %</td></tr></table>`);
    expect(await ask(doc, ['Revenue Q3 2024', 'Net income Q3 2023', 'Employees Q3 2024'])).toEqual({
      'Revenue Q3 2024': 4_812_300_000,
      'Net income Q3 2023': -12_800_000,
      'Employees Q3 2024': 58_412,
    });
  });

  it('keeps "1.234" a decimal where the table writes "1,234" for a thousand', async () => {
    const doc = loadHtml(`<h3>Per share data</h3>
      <table><tr><td></td><td>2024</td><td>2023</td></tr>
        <tr><td>Shares outstanding (thousands)</td><td>1,204</td><td>1,187</td></tr>
        <tr><td>Book value per share</td><td>1.234</td><td>1.25</td></tr>
        <tr><td>Dividend per share</td><td>0,42</td><td>0,40</td></tr></table>`);
    expect(await ask(doc, ['Book value per share 2024'])).toEqual({ 'Book value per share 2024': 1.234 });
  });
});

describe('a summary whose section headings state their units', () => {
  it('scales the figures under "Income statement (£m)" and "Balance sheet (£m)", not those under "Per share (pence)"', async () => {
    // Before (HTML): "Revenue 2020" read 2,104 — the "(£m)" in the section heading was not seen.
    const doc = loadHtml(`<h3>Five-year summary</h3>
      <table><tr><td></td><td>2020</td><td>2021</td></tr>
        <tr><td><b>Income statement (£m)</b></td><td></td><td></td></tr>
        <tr><td>Revenue</td><td>2,104</td><td>2,388</td></tr>
        <tr><td><b>Per share (pence)</b></td><td></td><td></td></tr>
        <tr><td>Dividend per share</td><td>4.0</td><td>7.5</td></tr>
        <tr><td><b>Balance sheet (£m)</b></td><td></td><td></td></tr>
        <tr><td>Net debt</td><td>(512)</td><td>(430)</td></tr>
        <tr><td><b>Other</b></td><td></td><td></td></tr>
        <tr><td>Average number of employees</td><td>9,840</td><td>10,112</td></tr></table>`);
    expect(
      await ask(doc, [
        'Revenue 2020',
        'Dividend per share 2021',
        'Net debt 2021',
        'Average number of employees 2020',
      ]),
    ).toEqual({
      'Revenue 2020': 2_104_000_000,
      'Dividend per share 2021': 7.5,
      'Net debt 2021': -430_000_000,
      'Average number of employees 2020': 9_840,
    });
  });
});

describe('a results statement that numbers its lines (Indian format)', () => {
  const html = `<p style="text-align:center"><b>XYZ LIMITED</b><br>Regd. Office: Mumbai 400 001<br><b>Statement of Standalone Audited Financial Results for the Quarter and Year ended 31st March, 2025</b></p>
    <p style="text-align:right">(₹ in Crore)</p>
    <table>
    <tr><td rowspan=2>Sr. No.</td><td rowspan=2>Particulars</td><td colspan=3>Quarter ended</td><td colspan=2>Year ended</td></tr>
    <tr><td>31.03.2025<br>(Audited)</td><td>31.12.2024<br>(Unaudited)</td><td>31.03.2024<br>(Audited)</td><td>31.03.2025<br>(Audited)</td><td>31.03.2024<br>(Audited)</td></tr>
    <tr><td>1</td><td>Revenue from operations</td><td>12,450.32</td><td>11,872.10</td><td>10,995.47</td><td>46,380.55</td><td>42,118.09</td></tr>
    <tr><td>2</td><td>Other income</td><td>210.14</td><td>188.62</td><td>175.30</td><td>802.41</td><td>690.12</td></tr>
    <tr><td>3</td><td>Expenses</td><td></td><td></td><td></td><td></td><td></td></tr>
    <tr><td></td><td>(a) Cost of materials consumed</td><td>6,102.88</td><td>5,890.12</td><td>5,540.03</td><td>23,004.17</td><td>21,377.60</td></tr>
    <tr><td></td><td>(b) Finance costs</td><td>188.20</td><td>192.44</td><td>201.87</td><td>770.05</td><td>812.66</td></tr>
    <tr><td>4</td><td>Net Profit for the period</td><td>1,798.72</td><td>1,643.15</td><td>1,483.66</td><td>6,600.44</td><td>5,749.31</td></tr>
    </table>`;
  const asked = {
    'Revenue from operations FY2025': 463_805_500_000,
    'Net profit FY2024': 57_493_100_000,
    'Finance costs Q4 2024': 1_924_400_000,
    'Revenue for the quarter ended 31 December 2024': 118_721_000_000,
    'Cost of materials consumed FY2025': 230_041_700_000,
  };

  it('reads the table as markup: the line numbers are no figures, and "Quarter ended" is three months', async () => {
    // Before: the column of line numbers was taken for the first figures, so the table had no
    // labels and was dropped: every answer empty. Then "Quarter ended" columns fit a year asked.
    expect(await ask(loadHtml(html), Object.keys(asked))).toEqual(asked);
  });

  it('reads it printed to PDF: labels after their numbers, the long centred title, "(a)" items under their heading', async () => {
    // Before: the numbers' column was a column of figures beside a label-less table, the title
    // (long enough to pass for prose) was "Regd. Office: …", and "(a) Cost of materials
    // consumed" was read as the end of "Expenses".
    const doc = await drawnAt((at) => {
      at('XYZ LIMITED', 306, 770, 'centre');
      at('Regd. Office: Mumbai 400 001', 306, 759, 'centre');
      at(
        'Statement of Standalone Audited Financial Results for the Quarter and Year ended 31st March, 2025',
        306,
        748,
        'centre',
      );
      at('(Rs. in Crore)', 590, 734, 'right');
      const rights = [304, 376, 448, 516, 586];
      at('Quarter ended', 376, 720, 'centre');
      at('Year ended', 551, 720, 'centre');
      at('Sr.', 30, 712);
      at('No.', 30, 704);
      at('Particulars', 116, 704);
      for (const [i, d] of ['31.03.2025', '31.12.2024', '31.03.2024', '31.03.2025', '31.03.2024'].entries())
        at(d, rights[i] as number, 704, 'right');
      for (const [i, d] of ['(Audited)', '(Unaudited)', '(Audited)', '(Audited)', '(Audited)'].entries())
        at(d, rights[i] as number, 695, 'right');
      const rows: [string, string, string[]][] = [
        ['1', 'Revenue from operations', ['12,450.32', '11,872.10', '10,995.47', '46,380.55', '42,118.09']],
        ['2', 'Other income', ['210.14', '188.62', '175.30', '802.41', '690.12']],
        ['3', 'Expenses', []],
        [
          '',
          '(a) Cost of materials consumed',
          ['6,102.88', '5,890.12', '5,540.03', '23,004.17', '21,377.60'],
        ],
        ['', '(b) Finance costs', ['188.20', '192.44', '201.87', '770.05', '812.66']],
        ['4', 'Net Profit for the period', ['1,798.72', '1,643.15', '1,483.66', '6,600.44', '5,749.31']],
      ];
      for (const [r, [n, label, cells]] of rows.entries()) {
        const y = 680 - r * 12;
        if (n) at(n, 27, y);
        at(label, 61, y);
        for (const [i, c] of cells.entries()) at(c, rights[i] as number, y, 'right');
      }
    });
    const table = firstTable(doc);
    expect(table.title).toBe(
      'Statement of Standalone Audited Financial Results for the Quarter and Year ended 31st March, 2025',
    );
    expect(rowNames(table)).toContain('(a) Cost of materials consumed');
    expect(await ask(doc, Object.keys(asked))).toEqual(asked);
  });
});

describe('amounts with an unheaded percentage-of-revenue column beside each year', () => {
  it('answers the amount surely, and the share when a percentage is asked', async () => {
    // Before: "88 %", "12", "100" under the same "2024" as the amounts were a rival column of
    // equal standing, so every amount came back Low (0.69–0.74) and "% of revenue" gave the amount.
    const doc = loadHtml(`<p><b>Results of Operations</b></p><p>(dollars in thousands)</p>
      <table><tr><td></td><td colspan=4>Year Ended December 31,</td></tr>
        <tr><td></td><td colspan=2>2024</td><td colspan=2>2023</td></tr>
        <tr><td>Subscription</td><td>$ 845,210</td><td>88 %</td><td>$ 702,118</td><td>86 %</td></tr>
        <tr><td>Professional services</td><td>115,902</td><td>12</td><td>114,330</td><td>14</td></tr>
        <tr><td>Total revenue</td><td>961,112</td><td>100</td><td>816,448</td><td>100</td></tr>
        <tr><td>Net loss</td><td>$ (39,810)</td><td>(4) %</td><td>$ (95,442)</td><td>(12) %</td></tr></table>`);
    const { result } = await new HeuristicProvider().extract(
      doc,
      ['Total revenue 2023', 'Net loss 2024', 'Subscription as a percentage of revenue 2024'],
      { documentType: 'html' },
    );
    expect(result['Total revenue 2023']).toMatchObject({ value: 816_448_000 });
    expect(result['Total revenue 2023']?.confidence).toBeGreaterThan(0.95);
    expect(result['Net loss 2024']).toMatchObject({ value: -39_810_000 });
    expect(result['Net loss 2024']?.confidence).toBeGreaterThan(0.95);
    expect(result['Subscription as a percentage of revenue 2024']?.value).toBe(0.88);
  });

  it('keeps a billions column with one margin row a column of amounts', async () => {
    const doc = loadHtml(`<h3>Highlights ($ billions)</h3>
      <table><tr><td></td><td>2024</td><td>2023</td></tr>
        <tr><td>Revenue</td><td>42.1</td><td>39.8</td></tr>
        <tr><td>Operating income</td><td>6.3</td><td>5.5</td></tr>
        <tr><td>Operating margin</td><td>15.0 %</td><td>13.8 %</td></tr></table>`);
    expect(await ask(doc, ['Revenue 2024', 'Operating margin 2023'])).toEqual({
      'Revenue 2024': 42_100_000_000,
      'Operating margin 2023': 0.138,
    });
  });
});

describe('a cash flow statement asked for items it names in other words, or not at all', () => {
  it('finds capital expenditure in "Purchases related to property and equipment", and no free cash flow', async () => {
    // Before: capital expenditures had no answer, and "Free cash flow" took the investing
    // activities' net cash (Low band, but wrong): "free" went unexplained.
    const doc = loadHtml(`<h3>Consolidated Statements of Cash Flows</h3><p>(in millions)</p>
      <table><tr><td>Fiscal Years Ended</td><td>January 28, 2024</td><td>January 29, 2023</td></tr>
        <tr><td><b>Cash flows from operating activities:</b></td><td></td><td></td></tr>
        <tr><td>Net cash provided by operating activities</td><td>28,090</td><td>5,641</td></tr>
        <tr><td><b>Cash flows from investing activities:</b></td><td></td><td></td></tr>
        <tr><td>Purchases related to property and equipment and intangible assets</td><td>(1,069)</td><td>(1,833)</td></tr>
        <tr><td>Net cash provided by (used in) investing activities</td><td>(10,566)</td><td>7,375</td></tr></table>`);
    expect(
      await ask(doc, [
        'Capital expenditures 2024',
        'Free cash flow 2024',
        'Adjusted operating cash flow 2023',
      ]),
    ).toEqual({
      'Capital expenditures 2024': -1_069_000_000,
      'Free cash flow 2024': null,
      'Adjusted operating cash flow 2023': null,
    });
  });
});

describe('a table set under a paragraph', () => {
  it('takes the heading above the paragraph for its title, not the paragraph’s lines', async () => {
    // Before: "increase of 8%." (the paragraph's last line) was the table's title.
    const doc = await drawnAt((at) => {
      at('Dividend', 40, 760);
      at('The Board is recommending a final dividend of 16.0p per share,', 40, 748);
      at('giving a total dividend for the year of 24.2p (2023: 22.5p), an', 40, 737);
      at('increase of 8%.', 40, 726);
      at('2024', 420, 708, 'right');
      at('2023', 480, 708, 'right');
      at('£m', 420, 698, 'right');
      at('£m', 480, 698, 'right');
      for (const [r, [label, a, b]] of [
        ['Revenue', '2,318.6', '2,158.9'],
        ['Profit before tax', '288.1', '301.5'],
      ].entries()) {
        const y = 684 - r * 11;
        at(label as string, 40, y);
        at(a as string, 420, y, 'right');
        at(b as string, 480, y, 'right');
      }
    });
    expect(firstTable(doc).title).toBe('Dividend');
    expect(await ask(doc, ['Revenue 2023'])).toEqual({ 'Revenue 2023': 2_158_900_000 });
  });
});

describe('fiscal quarters of a year that does not end in December', () => {
  it('answers "Q4 FY2024" from the three months that end the fiscal year', async () => {
    // Before: "Three Months Ended January 28, 2024" read only as calendar Q1 2024, so "Revenue Q4
    // FY2024" had no answer.
    const doc = loadHtml(`<h3>Condensed Consolidated Statements of Income</h3><p>(In millions)</p>
      <table><tr><td></td><td colspan=2>Three Months Ended</td><td colspan=2>Twelve Months Ended</td></tr>
        <tr><td></td><td>January 28, 2024</td><td>October 29, 2023</td><td>January 28, 2024</td><td>January 29, 2023</td></tr>
        <tr><td>Revenue</td><td>22,103</td><td>18,120</td><td>60,922</td><td>26,974</td></tr>
        <tr><td>Net income</td><td>12,285</td><td>9,243</td><td>29,760</td><td>4,368</td></tr></table>`);
    expect(
      await ask(doc, [
        'Revenue Q4 FY2024',
        'Net income Q3 FY2024',
        'Revenue fourth quarter of fiscal 2024',
        'Revenue FY2024',
      ]),
    ).toEqual({
      'Revenue Q4 FY2024': 22_103_000_000,
      'Net income Q3 FY2024': 9_243_000_000,
      'Revenue fourth quarter of fiscal 2024': 22_103_000_000,
      'Revenue FY2024': 60_922_000_000,
    });
  });
});

describe('a minus printed after the figure', () => {
  it('reads "1,204-" as −1,204, but leaves a year with a dash a year', async () => {
    // Before: "312-" was no figure, so the row had no value.
    const doc = loadHtml(`<h3>Consolidated Statements of Income</h3><p>(Millions of yen)</p>
      <table><tr><td></td><td>FY2023</td><td>FY2024</td></tr>
        <tr><td>Operating income</td><td>61,204</td><td>70,388</td></tr>
        <tr><td>Foreign exchange loss</td><td>1,204-</td><td>312-</td></tr></table>`);
    expect(await ask(doc, ['Foreign exchange loss FY2023', 'Foreign exchange loss FY2024'])).toEqual({
      'Foreign exchange loss FY2023': -1_204_000_000,
      'Foreign exchange loss FY2024': -312_000_000,
    });
    expect(['1,204-', '0.75-', '2023-', 'non-'].map(signed)).toEqual(['−1,204', '−0.75', '2023-', 'non-']);
  });
});

describe('a heading set letter-spaced', () => {
  it('reads "K E Y   F I G U R E S" as the words KEY FIGURES', async () => {
    // Before: the table's title (shown to reviewers as its place) was "K E Y  F I G U R E S".
    const doc = await drawnAt((at) => {
      // Helvetica's widths (thousandths of an em) at 9 pt, tracked 3 pt apart; a word space 6 pt more.
      const widths: Record<string, number> = {
        K: 667,
        E: 667,
        Y: 667,
        F: 611,
        I: 278,
        G: 778,
        U: 722,
        R: 722,
        S: 667,
      };
      let x = 40;
      for (const ch of 'KEY FIGURES') {
        if (ch === ' ') x += 6;
        else {
          at(ch, x, 760);
          x += ((widths[ch] ?? 600) * 9) / 1000 + 3;
        }
      }
      at('€ million', 40, 746);
      at('2024', 420, 730, 'right');
      at('2023', 500, 730, 'right');
      at('Revenue', 40, 716);
      at('8,412', 420, 716, 'right');
      at('7,905', 500, 716, 'right');
      at('EBITDA', 40, 704);
      at('1,322', 420, 704, 'right');
      at('1,198', 500, 704, 'right');
    });
    expect(firstTable(doc).title).toBe('KEY FIGURES');
    expect(doc.lines[0]?.text.replace(/\s+/g, ' ')).toBe('KEY FIGURES');
  });
});

describe('a label run into its figure', () => {
  it('gives the figure standing in a column of figures to that column', async () => {
    // Before: "Underlying EBITDA 1,102", its label reaching to a word space of the figure, was one
    // label; the row had no 2024 figure.
    const doc = await drawnAt((at) => {
      at('Financial summary (US$m)', 20, 760);
      at('2024', 150, 744);
      at('2023', 200, 744);
      at('Revenue', 40, 730);
      at('4,210', 150, 730);
      at('3,980', 200, 730);
      at('Underlying EBITDA', 68, 718);
      at('1,102', 150, 718);
      at('998', 200, 718);
      at('As at 31 December 2024', 10, 706);
      at('Net income', 40, 694);
      at('(212)', 150, 694);
      at('388', 200, 694);
    });
    expect(await ask(doc, ['Underlying EBITDA 2024', 'Underlying EBITDA 2023', 'Revenue 2024'])).toEqual({
      'Underlying EBITDA 2024': 1_102_000_000,
      'Underlying EBITDA 2023': 998_000_000,
      'Revenue 2024': 4_210_000_000,
    });
  });
});

describe('line items asked by their short names', () => {
  it('answers EBIT, PBT, PAT, opex and shareholders’ funds from the lines that name them in full', async () => {
    const doc = loadHtml(`<h3>Income statement and balance sheet (£m)</h3>
      <table><tr><td></td><td>2024</td><td>2023</td></tr>
        <tr><td>Total operating expenses</td><td>458.4</td><td>429.4</td></tr>
        <tr><td>Operating profit</td><td>209.8</td><td>157.0</td></tr>
        <tr><td>Profit before tax</td><td>191.8</td><td>135.1</td></tr>
        <tr><td>Profit after tax</td><td>149.9</td><td>103.4</td></tr>
        <tr><td>Total shareholders' equity</td><td>773.7</td><td>728.3</td></tr></table>`);
    expect(
      await ask(doc, ['EBIT 2024', 'PBT 2023', 'PAT 2024', 'Opex 2023', "Shareholders' funds 2024"]),
    ).toEqual({
      'EBIT 2024': 209_800_000,
      'PBT 2023': 135_100_000,
      'PAT 2024': 149_900_000,
      'Opex 2023': 429_400_000,
      "Shareholders' funds 2024": 773_700_000,
    });
  });
});

describe('selling, general and administrative asked of a statement that splits them', () => {
  it('gives no answer rather than the general and administrative line alone', async () => {
    // Before: "SG&A 2024" answered "General and administrative" (0.70), a part of it.
    const doc = loadHtml(`<h3>Statements of Operations (in thousands)</h3>
      <table><tr><td></td><td>2024</td><td>2023</td></tr>
        <tr><td>Sales and marketing</td><td>205,377</td><td>193,118</td></tr>
        <tr><td>General and administrative</td><td>92,640</td><td>87,221</td></tr></table>`);
    expect(await ask(doc, ['SG&A 2024', 'General and administrative 2023'])).toEqual({
      'SG&A 2024': null,
      'General and administrative 2023': 87_221_000,
    });
  });
});

describe('a Hong Kong statement of profit or loss printed to PDF', () => {
  async function statement() {
    return drawnAt((at) => {
      at('CONSOLIDATED STATEMENT OF PROFIT OR LOSS', 36, 770);
      at('For the year ended 31 December 2024', 36, 758);
      at('2024', 509, 728, 'right');
      at('2023', 578, 728, 'right');
      at('Notes', 437, 719, 'centre');
      at("RMB'000", 509, 710, 'right');
      at("RMB'000", 578, 710, 'right');
      let y = 696;
      const line = (label: string, note: string, a: string, b: string, x = 36) => {
        at(label, x, y);
        if (note) at(note, 452, y, 'right');
        if (a) at(a, 509, y, 'right');
        if (b) at(b, 578, y, 'right');
        y -= 12;
      };
      line('REVENUE', '5', '3,845,120', '3,402,877');
      line('Cost of sales', '', '(2,701,453)', '(2,398,210)');
      line('Finance costs', '7', '(44,512)', '(51,090)');
      line('PROFIT BEFORE TAX', '6', '667,802', '551,355');
      line('Income tax expense', '10', '(166,950)', '(137,839)');
      line('PROFIT FOR THE YEAR', '', '500,852', '413,516');
      line('Attributable to:', '', '', '');
      line('Owners of the parent', '', '488,310', '405,021', 44);
      line('Non-controlling interests', '', '12,542', '8,495', 44);
      // The heading wraps over two lines; its note number is centred on its height, between them.
      at('EARNINGS PER SHARE ATTRIBUTABLE TO ORDINARY', 36, y);
      at('12', 452, y - 10, 'right');
      at('EQUITY HOLDERS OF THE PARENT', 36, y - 20);
      y -= 32;
      line('Basic and diluted (RMB cents)', '', '40.69', '33.75', 44);
    });
  }

  it('heads the note column with "Notes" centred over its narrow figures, under the years', async () => {
    // Before: "Notes", wider than the note numbers set close to the figures, was no header line,
    // so the header stopped under it and the years above were lost: nothing had a 2023 column.
    const table = firstTable(await statement());
    expect(table.noteColumns).toEqual([1]);
    expect(columnHeaderPath(table, 2)).toEqual(['2024', "RMB'000"]);
    expect(columnHeaderPath(table, 3)).toEqual(['2023', "RMB'000"]);
  });

  it('reads earnings per share from the "Basic and diluted" line under its wrapped heading, and each profit by its owners', async () => {
    // Before: the note number on the heading's middle line ended the table, "EPS 2024" answered
    // "Share of profits…"-like lines or nothing (no row named the earnings), and "Profit
    // attributable to owners of the parent" answered the profit for the year.
    const doc = await statement();
    const table = firstTable(doc);
    const basic = table.rowLabels.find((l) => l?.name === 'Basic and diluted (RMB cents)');
    expect(basic?.section).toEqual([
      'EARNINGS PER SHARE ATTRIBUTABLE TO ORDINARY EQUITY HOLDERS OF THE PARENT',
    ]);
    expect(
      await ask(doc, [
        'EPS 2024',
        'Diluted EPS 2023',
        'Net income 2024',
        'Profit attributable to owners of the parent 2024',
        'Profit attributable to non-controlling interests 2023',
        'Revenue 2023',
      ]),
    ).toEqual({
      'EPS 2024': 40.69,
      'Diluted EPS 2023': 33.75,
      'Net income 2024': 500_852_000,
      'Profit attributable to owners of the parent 2024': 488_310_000,
      'Profit attributable to non-controlling interests 2023': 8_495_000,
      'Revenue 2023': 3_402_877_000,
    });
    // The owners' line is named by its heading: "Attributable to:" under the profit for the year.
    const { result } = await new HeuristicProvider().extract(
      doc,
      ['Profit attributable to owners of the parent 2024'],
      {
        documentType: 'pdf',
      },
    );
    expect(result['Profit attributable to owners of the parent 2024']?.confidence).toBeGreaterThan(0.9);
  });
});

describe('line items a statement names with words beside the one asked', () => {
  const statement =
    loadHtml(`<p>CONSOLIDATED STATEMENTS OF OPERATIONS (In thousands, except per share data)</p>
    <table><tr><td></td><td>2024</td><td>2023</td></tr>
      <tr><td>Revenue</td><td>1,245,310</td><td>1,102,447</td></tr>
      <tr><td>Income (loss) before income taxes</td><td>47,408</td><td>(11,236)</td></tr>
      <tr><td>Provision for income taxes</td><td>9,876</td><td>3,104</td></tr>
      <tr><td>Net income (loss)</td><td>37,532</td><td>(14,340)</td></tr>
      <tr><td>Net income (loss) per share attributable to common stockholders:</td><td></td><td></td></tr>
      <tr><td>Basic</td><td>0.27</td><td>(0.11)</td></tr>
      <tr><td>Diluted</td><td>0.26</td><td>(0.11)</td></tr>
      <tr><td>Weighted-average shares used in computing net income (loss) per share:</td><td></td><td></td></tr>
      <tr><td>Basic</td><td>138,204</td><td>131,776</td></tr>
      <tr><td>Diluted</td><td>145,390</td><td>131,776</td></tr></table>`);

  it('takes the tax line for the income tax, and the net loss from its line rather than a per-share one', async () => {
    // Before: "Income tax 2024" tied with "Income (loss) before income taxes" and took it, and
    // "Net loss 2023" read the basic loss per share under the "Net income (loss) per share" heading.
    expect(
      await ask(statement, ['Income tax 2024', 'Net loss 2023', 'EPS 2024', 'Diluted shares 2024']),
    ).toEqual({
      'Income tax 2024': 9_876_000,
      'Net loss 2023': -14_340_000,
      'EPS 2024': 0.27,
      'Diluted shares 2024': 145_390_000,
    });
  });

  it('takes the statutory profit for net income over the underlying one, and no margin from a profit line', async () => {
    // Before: "Net income" did not know NPAT, and "EBIT margin FY24" answered the EBIT line
    // itself, the sentence giving the margin unread (it was looked for as "operating income margin").
    const table = `<h2>Group performance summary</h2>
      <table><tr><td></td><td>FY24 $m</td><td>FY23 $m</td></tr>
        <tr><td>Underlying EBIT</td><td>1,091.9</td><td>1,010.7</td></tr>
        <tr><td>Underlying NPAT</td><td>663.5</td><td>622.4</td></tr>
        <tr><td>Statutory NPAT</td><td>622.3</td><td>622.4</td></tr></table>`;
    const doc = loadHtml(`${table}<p>Underlying EBIT margin increased 20 basis points to 13.0%.</p>`);
    expect(await ask(doc, ['Net income FY24', 'NPAT FY23', 'EBIT margin FY24', 'EBIT FY24'])).toEqual({
      'Net income FY24': 622_300_000,
      'NPAT FY23': 622_400_000,
      'EBIT margin FY24': 0.13,
      'EBIT FY24': 1_091_900_000,
    });
    expect(await ask(loadHtml(table), ['EBIT margin FY24'])).toEqual({ 'EBIT margin FY24': null });
  });

  it('reads an insurer’s key figures by their short names, a "(annualised, %)" row as a percentage', async () => {
    const doc = loadHtml(`<h3>Key performance indicators</h3>
      <table><tr><th>£m unless otherwise stated</th><th>H1 2025</th><th>H1 2024</th></tr>
        <tr><td>Gross written premiums</td><td>4,812</td><td>4,390</td></tr>
        <tr><td>Return on tangible equity (annualised, %)</td><td>19.8</td><td>16.2</td></tr>
        <tr><td>Interim dividend per share (pence)</td><td>9.2</td><td>8.7</td></tr>
        <tr><td>Tangible net asset value per share (pence)</td><td>312.4</td><td>288.9</td></tr></table>`);
    expect(await ask(doc, ['GWP H1 2024', 'RoTE H1 2025', 'TNAV per share H1 2025'])).toEqual({
      'GWP H1 2024': 4_390_000_000,
      'RoTE H1 2025': 0.198,
      'TNAV per share H1 2025': 312.4,
    });
  });
});

describe('a Japanese results summary: periods down the side, measures across', () => {
  const summary = loadHtml(`<p>Consolidated Financial Results for the Nine Months Ended December 31, 2024</p>
    <p>(1) Consolidated operating results (cumulative) (Percentages indicate year-on-year changes.)</p>
    <table>
      <tr><th></th><th colspan="2">Net sales</th><th colspan="2">Operating profit</th><th colspan="2">Profit attributable to owners of parent</th></tr>
      <tr><th>Nine months ended</th><th>Millions of yen</th><th>%</th><th>Millions of yen</th><th>%</th><th>Millions of yen</th><th>%</th></tr>
      <tr><td>December 31, 2024</td><td>412,806</td><td>6.2</td><td>38,115</td><td>12.4</td><td>27,441</td><td>11.0</td></tr>
      <tr><td>December 31, 2023</td><td>388,710</td><td>(3.1)</td><td>33,912</td><td>△5.4</td><td>24,722</td><td>△8.9</td></tr>
    </table>`);

  it('reads each measure for the nine months its row’s date ends, in millions of yen, and its "%" as the growth', async () => {
    // Before: the title's "nine months ended December 31, 2024" was taken for every column's
    // period, so the table was not read across at all; "Millions of yen" under each measure set
    // no scale; the "%" columns were not known for changes on the year before.
    expect(
      await ask(summary, [
        'Net sales 9M 2024',
        'Operating profit nine months ended December 31, 2023',
        'Operating profit growth 9M 2024',
        'Net sales growth 9M 2023',
        'Net income 9M 2024',
      ]),
    ).toEqual({
      'Net sales 9M 2024': 412_806_000_000,
      'Operating profit nine months ended December 31, 2023': 33_912_000_000,
      'Operating profit growth 9M 2024': 0.124,
      'Net sales growth 9M 2023': -0.031,
      'Net income 9M 2024': 27_441_000_000,
    });
    // Surely: the rows are nine months (their stub says so), the units no words of the measures.
    const asked = ['Net sales 9M 2024', 'Operating profit growth 9M 2024', 'Net income 9M 2024'];
    const { result } = await new HeuristicProvider().extract(summary, asked, { documentType: 'html' });
    for (const dataPoint of asked) expect(result[dataPoint]?.confidence).toBeGreaterThan(0.9);
    expect(await ask(summary, ['Net sales Q3 2024'])).toEqual({ 'Net sales Q3 2024': null });
  });
});

describe('a Japanese results summary printed to PDF from a bordered table', () => {
  async function summary() {
    return drawnAt((at) => {
      at('Consolidated operating results (cumulative)', 24, 752);
      at('(Percentages indicate year-on-year changes.)', 300, 752);
      // Each measure's name is centred over its two cells (amount and "%"), the last one's
      // wrapped round the line of the others; the label column's stub wraps too.
      at('Profit attributable to owners', 522, 736, 'centre');
      at('Net sales', 170, 726, 'centre');
      at('Operating profit', 274, 726, 'centre');
      at('Ordinary profit', 378, 726, 'centre');
      at('of parent', 509, 716, 'centre');
      at('Nine months', 36, 706);
      for (const x of [154, 258, 361]) at('Millions of', x, 706, 'centre');
      for (const x of [206, 310, 413, 564]) at('%', x, 696, 'centre');
      at('Millions of yen', 485, 696, 'centre');
      at('ended', 54, 686);
      for (const x of [154, 258, 361]) at('yen', x, 686, 'centre');
      const rights = [188, 219, 290, 322, 392, 426, 536, 585];
      const figures = (y: number, cells: string[]) => {
        for (const [i, c] of cells.entries()) if (c) at(c, rights[i] as number, y, 'right');
      };
      // A two-line date, its figures centred between its lines.
      at('December 31,', 27, 668);
      figures(660, ['412,806', '6.2', '38,115', '12.4', '40,270', '9.8', '27,441', '11.0']);
      at('2024', 27, 652);
      at('December 31,', 27, 638);
      at('2023', 27, 630);
      figures(630, ['388,710', '(3.1)', '', '', '36,676', '(2.2)', '24,722', '(8.9)']);
      // A sign set apart from its figure, the two run together with the amount before them.
      at('33,912 - 5.4', 322, 630, 'right');
    });
  }

  it('names each measure’s columns from the names centred over them, the caption and stub left out', async () => {
    // Before: the caption beside the note was taken for a header line, the wrapped "Profit
    // attributable to owners" headed every column, and rows labelled with dates were not known
    // for periods down the side.
    const table = firstTable(await summary());
    expect(columnHeaderPath(table, 1)).toEqual(['Net sales', 'Millions of', 'yen']);
    expect(columnHeaderPath(table, 2)).toEqual(['%']);
    expect(columnHeaderPath(table, 7)).toEqual([
      'Profit attributable to owners',
      'of parent',
      'Millions of yen',
    ]);
    expect(columnHeaderPath(table, 8)).toEqual(['Profit attributable to owners', '%']);
  });

  it('answers each measure and its change, the "%" columns taking the names beside them', async () => {
    expect(
      await ask(await summary(), [
        'Net sales 9M 2024',
        'Net sales growth 9M 2023',
        'Operating profit 9M 2023',
        'Net income 9M 2024',
        'Net income growth 9M 2024',
        'Operating profit growth 9M 2023',
      ]),
    ).toEqual({
      'Net sales 9M 2024': 412_806_000_000,
      'Net sales growth 9M 2023': -0.031,
      'Operating profit 9M 2023': 33_912_000_000,
      'Net income 9M 2024': 27_441_000_000,
      'Net income growth 9M 2024': 0.11,
      'Operating profit growth 9M 2023': -0.054,
    });
  });
});

describe('a key figures table with a change column headed "Δ %"', () => {
  it('reads the change as the latest year’s growth', async () => {
    // Before: "Δ %" was no change to the data point's "growth", and a column headed with no year
    // fitted no year asked.
    const doc = loadHtml(`<h2>Key figures</h2>
      <table><tr><td>in EUR million</td><td>2023</td><td>2024</td><td>Δ %</td></tr>
        <tr><td>Revenue</td><td>13,902</td><td>14,655</td><td>5.4</td></tr>
        <tr><td>Net financial debt</td><td>3,410</td><td>3,122</td><td>–8.4</td></tr></table>`);
    expect(await ask(doc, ['Revenue growth 2024', 'Revenue 2024', 'Net financial debt change 2024'])).toEqual(
      {
        'Revenue growth 2024': 0.054,
        'Revenue 2024': 14_655_000_000,
        'Net financial debt change 2024': -0.084,
      },
    );
  });
});

describe('a note column headed flush left, far short of the amounts', () => {
  it('keeps "Note No." to the note column, off the year beside it', async () => {
    // Before: "Note No.", its middle in the gutter before the first year, headed that year's
    // column too (as "Millions of yen" centred over two columns heads both).
    const doc = await drawnAt((at) => {
      at('As at', 463, 750, 'right');
      at('As at', 578, 750, 'right');
      at('Particulars', 36, 742);
      at('Note No.', 284, 742);
      at('31 March 2025', 463, 734, 'right');
      at('31 March 2024', 578, 734, 'right');
      for (const [i, [label, note, a, b]] of [
        ['Property, plant and equipment', '3', '12,408.55', '11,902.17'],
        ['Inventories', '7', '4,410.21', '4,118.93'],
        ['Trade receivables', '8', '2,905.44', '2,760.10'],
      ].entries()) {
        const y = 718 - i * 12;
        at(label as string, 36, y);
        at(note as string, 284, y);
        at(a as string, 463, y, 'right');
        at(b as string, 578, y, 'right');
      }
    });
    const table = firstTable(doc);
    expect(table.noteColumns).toEqual([1]);
    expect(columnHeaderPath(table, 2)).toEqual(['As at', '31 March 2025']);
  });
});

describe('a scanned US statement whose brackets and dollar signs OCR runs together', () => {
  it('parts "0.11)$" into the figure and the next column’s sign, and reads "0.11)" as negative', async () => {
    // Before: OCR's "0.11)$" joined the 2023 and 2022 columns into one, so nothing answered for
    // either, and the lost "(" left "$ 0.11)" a text value.
    const words: LayoutWord[] = [];
    const put = (text: string, x0: number, x1: number, y: number) =>
      words.push({ text, box: [x0, y, x1, y + 0.012], confidence: 0.9 });
    put('2024', 0.589, 0.629, 0.1);
    put('2023', 0.734, 0.774, 0.1);
    put('2022', 0.869, 0.907, 0.1);
    const rows: [string, [string, number, number][]][] = [
      [
        'Revenue',
        [
          ['$', 0.537, 0.546],
          ['1,245,310', 0.594, 0.68],
          ['$', 0.683, 0.691],
          ['1,102,447', 0.74, 0.816],
          ['$', 0.828, 0.837],
          ['987,205', 0.874, 0.939],
        ],
      ],
      [
        'Net',
        [
          ['(14,340)', 0.755, 0.823],
          ['(65,736)', 0.878, 0.945],
          ['37,532', 0.617, 0.67],
        ],
      ],
      [
        'Basic',
        [
          ['$', 0.537, 0.546],
          ['0.27', 0.637, 0.68],
          ['$', 0.683, 0.691],
          ['0.11)$', 0.776, 0.837],
          ['(0.51)', 0.899, 0.945],
        ],
      ],
      // The closing bracket in a cell of its own, lost.
      [
        'Other',
        [
          ['(2,114)', 0.621, 0.677],
          ['1,087', 0.775, 0.816],
          ['(3,390', 0.888, 0.938],
        ],
      ],
    ];
    rows.forEach(([label, cells], r) => {
      const y = 0.13 + r * 0.02;
      put(label, 0.051, 0.051 + label.length * 0.009, y);
      if (label === 'Net') put('income', 0.09, 0.14, y);
      for (const [text, x0, x1] of cells) put(text, x0, x1, y);
    });
    const page = layoutPageFromWords({ number: 1, source: 'ocr', width: 1700, height: 2200, words });
    const doc: ExtractedDocument = { kind: 'image', lines: textLinesFromLayout([page]), layout: [page] };
    expect(firstTable(doc).columnCount).toBe(4);
    expect(await ask(doc, ['Basic 2023', 'Net income 2022', 'Revenue 2022', 'Other 2022'])).toEqual({
      'Other 2022': -3_390,
      'Basic 2023': -0.11,
      'Net income 2022': -65_736,
      'Revenue 2022': 987_205,
    });
  });
});

describe('figures a scan garbles in a table of whole amounts', () => {
  it('reads "4.218" among "3,977" and "12,604" as 4,218, and answers no revenue from the cost of sales', async () => {
    // Before: the revenue of the quarter was 4.218 million, and with the revenue's 2024 figure
    // lost, "Revenue 2024" answered "Cost of sales" ("sales" being revenue).
    const doc = loadHtml(`<p>(in millions of Canadian dollars)</p>
      <table><tr><td></td><td>2024</td><td>2023</td></tr>
        <tr><td>Revenues</td><td>4.218</td><td>3,977</td></tr>
        <tr><td>Operating expenses</td><td>(2,911)</td><td>(2,804)</td></tr>
        <tr><td>Net income</td><td>1,678</td><td>1,464</td></tr>
        <tr><td>Diluted earnings per share</td><td>1.22</td><td>1.05</td></tr></table>`);
    expect(await ask(doc, ['Revenues 2024', 'Diluted EPS 2024'])).toEqual({
      'Revenues 2024': 4_218_000_000,
      'Diluted EPS 2024': 1.22,
    });
    const lost = loadHtml(`<p>(RMB'000)</p><table><tr><td></td><td>2024</td><td>2023</td></tr>
        <tr><td>Revenue</td><td></td><td>3,402,877</td></tr>
        <tr><td>Cost of sales</td><td>(2,701,453)</td><td>(2,398,210)</td></tr></table>`);
    expect(await ask(lost, ['Revenue 2024', 'Revenue 2023'])).toEqual({
      'Revenue 2024': null,
      'Revenue 2023': 3_402_877_000,
    });
  });
});

describe('years marked actual and estimated ("2024A", "2025E")', () => {
  it('reads each as its year, an estimate less surely and never as the latest figure', async () => {
    // Before: "2024A" was no period at all, so nothing in the table answered a year.
    const doc = loadHtml(`<h3>Financial summary (USD m)</h3>
      <table><tr><td></td><td>2023A</td><td>2024A</td><td>2025E</td></tr>
        <tr><td>Revenue</td><td>3,455</td><td>3,702</td><td>3,950</td></tr>
        <tr><td>EPS (USD)</td><td>1.25</td><td>1.38</td><td>1.51</td></tr></table>`);
    expect(await ask(doc, ['Revenue 2024', 'Revenue', 'EPS 2025'])).toEqual({
      'Revenue 2024': 3_702_000_000,
      Revenue: 3_702_000_000,
      'EPS 2025': 1.51,
    });
    const { result } = await new HeuristicProvider().extract(doc, ['EPS 2025', 'EPS 2024'], {
      documentType: 'html',
    });
    expect(result['EPS 2025']?.confidence).toBeLessThan(result['EPS 2024']?.confidence ?? 0);
  });
});

describe('a cash flow statement’s balances at the start and the end of the year', () => {
  it('answers cash at the end of the year from the line dated 31 December, and at its start from 1 January', async () => {
    // Before: the dates counted as words the data point lacked, so "Cash and cash equivalents"
    // took the net increase, and "Cash at end of year" the cash generated from operations.
    const doc = loadHtml(`<p>Consolidated cash flow statement for the year ended 31 December 2024</p>
      <table><tr><td></td><td>2024 £m</td><td>2023 £m</td></tr>
        <tr><td>Cash generated from operations</td><td>1,284.6</td><td>1,150.2</td></tr>
        <tr><td>Net increase in cash and cash equivalents</td><td>74.8</td><td>12.2</td></tr>
        <tr><td>Cash and cash equivalents at 1 January</td><td>512.4</td><td>500.2</td></tr>
        <tr><td>Cash and cash equivalents at 31 December</td><td>587.2</td><td>512.4</td></tr></table>`);
    expect(
      await ask(doc, [
        'Cash and cash equivalents 2024',
        'Cash at end of year 2023',
        'Cash at beginning of year 2024',
        'Net change in cash 2024',
      ]),
    ).toEqual({
      'Cash and cash equivalents 2024': 587_200_000,
      'Cash at end of year 2023': 512_400_000,
      'Cash at beginning of year 2024': 512_400_000,
      'Net change in cash 2024': 74_800_000,
    });
    // Set the other way round, the start still answers only for the start.
    const reversed = loadHtml(`<table><tr><td></td><td>2024 £m</td><td>2023 £m</td></tr>
        <tr><td>Cash and cash equivalents at 31 December</td><td>587.2</td><td>512.4</td></tr>
        <tr><td>Cash and cash equivalents at 1 January</td><td>512.4</td><td>500.2</td></tr></table>`);
    expect(await ask(reversed, ['Cash at beginning of year 2024', 'Cash and cash equivalents 2023'])).toEqual(
      {
        'Cash at beginning of year 2024': 512_400_000,
        'Cash and cash equivalents 2023': 512_400_000,
      },
    );
  });
});

describe('a statement set with open leading (rows far more than a line apart)', () => {
  it('keeps its section headings and the year header above them', async () => {
    // 8 pt type on rows 22 pt apart: "Cash flows from operating activities:" sits a row's gap
    // above the first figures, farther than a line's height; it ended the table's top, so the
    // years over it were lost and the heading became the title.
    const doc = await drawn([
      { y: 760, items: [{ text: 'CONSOLIDATED STATEMENTS OF CASH FLOWS', x: 230 }] },
      { y: 748, items: [{ text: '(In millions)', x: 285 }] },
      rowAt(720, '', ['2023', '2022'], [440, 500]),
      { y: 698, items: [{ text: 'Cash flows from operating activities:', x: 80 }] },
      rowAt(676, 'Net income', ['1,904', '1,622'], [440, 500]),
      rowAt(654, 'Depreciation and amortization', ['622', '588'], [440, 500]),
      rowAt(632, 'Net cash provided by operating activities', ['2,848', '2,455'], [440, 500]),
      { y: 610, items: [{ text: 'Cash flows from investing activities:', x: 80 }] },
      rowAt(588, 'Purchases of property and equipment', ['(702)', '(655)'], [440, 500]),
      rowAt(566, 'Net cash used in investing activities', ['(1,972)', '(625)'], [440, 500]),
    ]);
    expect(firstTable(doc).title).toBe('CONSOLIDATED STATEMENTS OF CASH FLOWS');
    expect(
      await ask(doc, ['Net cash provided by operating activities 2022', 'Capital expenditures 2023']),
    ).toEqual({
      'Net cash provided by operating activities 2022': 2_455_000_000,
      'Capital expenditures 2023': -702_000_000,
    });
  });
});

describe('a balance sheet as filings print it', () => {
  const dots = ' .'.repeat(30);
  it('reads labels run into spaced dot leaders from the text layer', async () => {
    // Before: each "." was a word of its own, the page read as mostly symbols, and it was sent
    // to OCR as a text layer that says nothing ("INVeNtories", "Total @ssets").
    const doc = await drawn([
      { y: 740, items: [{ text: 'CONSOLIDATED BALANCE SHEETS (In thousands)', x: 200 }] },
      rowAt(720, '', ['2023', '2022'], [440, 500]),
      rowAt(704, `Cash and cash equivalents${dots}`, ['1,204,556', '987,221'], [440, 500]),
      rowAt(692, `Accounts receivable, net${dots}`, ['402,118', '377,930'], [440, 500]),
      rowAt(680, `Inventories${dots}`, ['288,045', '301,662'], [440, 500]),
      rowAt(668, `Total assets${dots}`, ['3,668,425', '3,398,003'], [440, 500]),
    ]);
    expect(doc.layout?.[0]?.source).toBe('text');
    expect(rowNames(firstTable(doc))).toEqual([
      'Cash and cash equivalents',
      'Accounts receivable, net',
      'Inventories',
      'Total assets',
    ]);
    expect(await ask(doc, ['Inventories 2022', 'Total assets 2023'])).toEqual({
      'Inventories 2022': 301_662_000,
      'Total assets 2023': 3_668_425_000,
    });
  });

  it('takes "ASSETS" centred on the page under the years for a heading, not the title', async () => {
    const doc = await drawn([
      { y: 760, items: [{ text: 'CONSOLIDATED BALANCE SHEETS', x: 250 }] },
      { y: 748, items: [{ text: '(In thousands)', x: 280 }] },
      { y: 732, items: [{ text: 'December 31,', x: 445 }] },
      rowAt(720, '', ['2023', '2022'], [440, 500]),
      { y: 706, items: [{ text: 'ASSETS', x: 292 }] },
      { y: 694, items: [{ text: 'Current assets:', x: 80 }] },
      rowAt(682, 'Cash and cash equivalents', ['1,204,556', '987,221'], [440, 500]),
      rowAt(670, 'Total current assets', ['1,894,719', '1,666,813'], [440, 500]),
    ]);
    const table = firstTable(doc);
    expect(table.title).toBe('CONSOLIDATED BALANCE SHEETS');
    expect(await ask(doc, ['Total current assets 2022'])).toEqual({
      'Total current assets 2022': 1_666_813_000,
    });
  });
});

describe('quarterly data with each year’s rows under a heading of the year', () => {
  it('answers a quarter of the earlier year from the rows under its heading', async () => {
    // Before: the introduction's "December 31, 2023" dated every quarter column, and the rows
    // under "2022" answered no 2022 quarter.
    const doc =
      loadHtml(`<p>Quarterly financial data (unaudited) for the eight quarters ended December 31, 2023
      (in thousands):</p>
      <table><tr><td></td><td>First Quarter</td><td>Second Quarter</td><td>Third Quarter</td><td>Fourth Quarter</td></tr>
        <tr><td><b>2023</b></td><td></td><td></td><td></td><td></td></tr>
        <tr><td>Revenue</td><td>412,338</td><td>438,902</td><td>451,117</td><td>497,560</td></tr>
        <tr><td>Net income (loss)</td><td>(12,406)</td><td>4,881</td><td>18,230</td><td>35,902</td></tr>
        <tr><td><b>2022</b></td><td></td><td></td><td></td><td></td></tr>
        <tr><td>Revenue</td><td>355,610</td><td>371,045</td><td>389,726</td><td>420,993</td></tr>
        <tr><td>Net income (loss)</td><td>(30,118)</td><td>(22,540)</td><td>(9,871)</td><td>2,305</td></tr></table>`);
    expect(await ask(doc, ['Revenue Q1 2022', 'Net income Q2 2022', 'Revenue Q4 2023'])).toEqual({
      'Revenue Q1 2022': 355_610_000,
      'Net income Q2 2022': -22_540_000,
      'Revenue Q4 2023': 497_560_000,
    });
  });
});

describe('stock option activity printed from a table with labels centred on their figures', () => {
  it('finishes each wrapped label with its line under the figures, and scales only the shares column', async () => {
    // "Outstanding at" over the figures and "December 31, 2023" under them: the second line
    // opened a section (and at the table's foot was left out), so both balances read "Outstanding at".
    // The price column was scaled by its neighbour's "(in thousands)".
    const doc = await drawn([
      { y: 740, items: [{ text: 'Stock option activity', x: 80 }] },
      rowAt(724, '', ['Shares (in thousands)', 'Exercise Price'], [440, 520]),
      { y: 709, items: [{ text: 'Outstanding at', x: 80 }] },
      rowAt(700, '', ['6,482', '$ 41.27'], [440, 520]),
      { y: 691, items: [{ text: 'December 31, 2022', x: 80 }] },
      rowAt(678, 'Granted', ['1,104', '58.90'], [440, 520]),
      rowAt(666, 'Exercised', ['(1,390)', '29.55'], [440, 520]),
      { y: 651, items: [{ text: 'Outstanding at', x: 80 }] },
      rowAt(642, '', ['5,984', '$ 46.93'], [440, 520]),
      { y: 633, items: [{ text: 'December 31, 2023', x: 80 }] },
    ]);
    expect(rowNames(firstTable(doc))).toEqual([
      'Outstanding at December 31, 2022',
      'Granted',
      'Exercised',
      'Outstanding at December 31, 2023',
    ]);
    expect(await ask(doc, ['Options granted exercise price', 'Options exercised'])).toEqual({
      'Options granted exercise price': 58.9,
      'Options exercised': -1_390_000,
    });
  });
});

describe('an activity table with balances dated in their lines', () => {
  it('answers each balance from the line of the date asked, not the first with the words', async () => {
    // Before: the introduction's year dated every column, so both "Outstanding at" lines fitted
    // 2023 and the first (December 31, 2022) answered.
    const doc = loadHtml(`<h4>Stock Options</h4>
      <p>A summary of stock option activity for the year ended December 31, 2023 is presented below:</p>
      <table><tr><td></td><td>Number of Shares (in thousands)</td><td>Weighted-Average Exercise Price</td></tr>
        <tr><td>Outstanding at December 31, 2022</td><td>6,482</td><td>$ 41.27</td></tr>
        <tr><td>Granted</td><td>1,104</td><td>58.90</td></tr>
        <tr><td>Exercised</td><td>(1,390)</td><td>29.55</td></tr>
        <tr><td>Outstanding at December 31, 2023</td><td>5,984</td><td>$ 46.93</td></tr></table>`);
    expect(
      await ask(doc, [
        'Options outstanding at December 31, 2023',
        'Weighted-average exercise price outstanding at December 31, 2022',
      ]),
    ).toEqual({
      'Options outstanding at December 31, 2023': 5_984_000,
      'Weighted-average exercise price outstanding at December 31, 2022': 41.27,
    });
  });
});

describe('column headings set closer than a word space', () => {
  it('heads each column with its own word ("Amount Percent Amount Percent")', async () => {
    // Helvetica 8 pt: the words of the line stand 2 pt apart, one over each narrow column. Read
    // as one segment, the header line ran across the page in two segments and was taken for
    // prose: the table had no header, and no year answered.
    const xs = [400, 431, 463, 494, 526, 557];
    const doc = await drawn([
      { y: 740, items: [{ text: 'Income tax rate reconciliation (dollars in millions)', x: 60 }] },
      rowAt(724, '', ['2023', '2022', '2021'], [425, 488, 551]),
      {
        y: 712,
        items: [
          { text: 'Year Ended December 31,', x: 60 },
          { text: 'Amount Percent Amount Percent Amount Percent', x: 370 },
        ],
      },
      rowAt(
        698,
        'Income tax at statutory rate',
        ['412.6', '21.0 %', '380.1', '21.0 %', '344.8', '21.0 %'],
        xs,
        60,
      ),
      rowAt(
        686,
        'Foreign rate differential',
        ['(31.4)', '(1.6)', '(27.2)', '(1.5)', '(19.7)', '(1.2)'],
        xs,
        60,
      ),
      rowAt(
        674,
        'Provision for income taxes',
        ['402.2', '20.5 %', '362.0', '20.0 %', '341.6', '20.8 %'],
        xs,
        60,
      ),
    ]);
    expect(
      await ask(doc, ['Provision for income taxes 2021', 'Foreign rate differential percent 2023']),
    ).toEqual({
      'Provision for income taxes 2021': 341_600_000,
      'Foreign rate differential percent 2023': -0.016,
    });
  });
});

describe('a continental balance sheet of whole amounts grouped by points', () => {
  it('reads "702.441" as 702,441 where other figures group by points twice ("1.205.477")', async () => {
    // Before: with no decimal comma in the table, "702.441" read as 702.441 thousand euros.
    const doc = loadHtml(`<h3>Konzernbilanz / Consolidated balance sheet</h3>
      <table><tr><td>in TEUR</td><td>31.12.2023</td><td>31.12.2022</td></tr>
        <tr><td>Sachanlagen / Property, plant and equipment</td><td>1.205.477</td><td>1.166.032</td></tr>
        <tr><td>Vorräte / Inventories</td><td>655.019</td><td>702.441</td></tr>
        <tr><td>Summe Aktiva / Total assets</td><td>3.488.115</td><td>3.350.267</td></tr></table>`);
    expect(await ask(doc, ['Inventories 2022', 'Total assets 2023'])).toEqual({
      'Inventories 2022': 702_441_000,
      'Total assets 2023': 3_488_115_000,
    });
  });
});

describe('segments across, each with sales to customers and to other segments', () => {
  it('answers a segment’s revenue from its sales to customers, never the intersegment line', async () => {
    // Before: "Intersegment revenue" (two words) beat "Net revenue from external customers" (three
    // more) for "Asia Pacific net revenue", at 0.87.
    const doc = loadHtml(`<h3>Segment Reporting</h3><p>Year ended December 31, 2023 (in millions)</p>
      <table><tr><td></td><td>Americas</td><td>Asia Pacific</td><td>Eliminations</td><td>Consolidated</td></tr>
        <tr><td>Net revenue from external customers</td><td>6,102</td><td>2,017</td><td>—</td><td>8,119</td></tr>
        <tr><td>Intersegment revenue</td><td>214</td><td>41</td><td>(255)</td><td>—</td></tr>
        <tr><td>Operating income</td><td>1,204</td><td>298</td><td>(77)</td><td>1,425</td></tr></table>`);
    expect(await ask(doc, ['Asia Pacific net revenue 2023', 'Consolidated net revenue 2023'])).toEqual({
      'Asia Pacific net revenue 2023': 2_017_000_000,
      'Consolidated net revenue 2023': 8_119_000_000,
    });
  });
});

describe('a scanned balance sheet whose labels OCR garbles beside the dot leaders', () => {
  it('reads "Total @SSets" as Total assets, and an "8" in the column of dollar signs as "$"', async () => {
    // Before: "Total @SSets" named nothing, its "$" read "8" joined its amount into no figure, and
    // "Total assets" answered from "Total current assets".
    const words: LayoutWord[] = [];
    const put = (text: string, x0: number, x1: number, y: number) =>
      words.push({ text, box: [x0, y, x1, y + 0.012], confidence: 0.9 });
    put('2023', 0.7, 0.74, 0.1);
    put('2022', 0.85, 0.89, 0.1);
    const rows: [string[], [string, number, number][]][] = [
      [
        ['Cash'],
        [
          ['$', 0.597, 0.605],
          ['1,204,556', 0.667, 0.74],
          ['$', 0.8, 0.808],
          ['987,221', 0.838, 0.89],
        ],
      ],
      [
        ['Inventories'],
        [
          ['288,045', 0.676, 0.74],
          ['301,662', 0.838, 0.89],
        ],
      ],
      [
        ['Total', 'current', '@ssets'],
        [
          ['1,894,719', 0.667, 0.74],
          ['1,666,813', 0.828, 0.89],
        ],
      ],
      [
        ['Total', '@SSetS', '.'],
        [
          ['8', 0.597, 0.605],
          ['3,668,425', 0.667, 0.74],
          ['$', 0.8, 0.808],
          ['3,398,003', 0.828, 0.89],
        ],
      ],
    ];
    rows.forEach(([label, cells], r) => {
      const y = 0.13 + r * 0.02;
      let x = 0.05;
      for (const w of label) {
        put(w, x, x + w.length * 0.009, y);
        x += w.length * 0.009 + 0.006;
      }
      for (const [text, x0, x1] of cells) put(text, x0, x1, y);
    });
    const page = layoutPageFromWords({ number: 1, source: 'ocr', width: 1700, height: 2200, words });
    const doc: ExtractedDocument = { kind: 'image', lines: textLinesFromLayout([page]), layout: [page] };
    expect(rowNames(firstTable(doc)).some((n) => n?.startsWith('Total assets'))).toBe(true);
    expect(await ask(doc, ['Total assets 2023', 'Total current assets 2022'])).toEqual({
      'Total assets 2023': 3_668_425,
      'Total current assets 2022': 1_666_813,
    });
  });
});

describe('a lease maturity schedule: years down the side, then what follows them', () => {
  it('answers each kind of lease for the year of its line', async () => {
    // Before: with five years among nine lines (under the 60 % a table read the other way round
    // needs), no year's payment answered.
    const doc =
      loadHtml(`<p>Maturities of lease liabilities as of December 31, 2023 were as follows (in thousands):</p>
      <table><tr><td></td><td>Operating Leases</td><td>Finance Leases</td></tr>
        <tr><td>2024</td><td>48,211</td><td>3,902</td></tr>
        <tr><td>2025</td><td>44,630</td><td>3,511</td></tr>
        <tr><td>2026</td><td>39,087</td><td>2,846</td></tr>
        <tr><td>2027</td><td>31,455</td><td>1,120</td></tr>
        <tr><td>2028</td><td>26,702</td><td>640</td></tr>
        <tr><td>Thereafter</td><td>88,314</td><td>—</td></tr>
        <tr><td>Total lease payments</td><td>278,399</td><td>12,019</td></tr>
        <tr><td>Less: imputed interest</td><td>(41,870)</td><td>(806)</td></tr>
        <tr><td>Present value of lease liabilities</td><td>236,529</td><td>11,213</td></tr></table>`);
    expect(await ask(doc, ['Operating leases 2026', 'Finance leases 2024', 'Total lease payments'])).toEqual({
      'Operating leases 2026': 39_087_000,
      'Finance leases 2024': 3_902_000,
      'Total lease payments': 278_399_000,
    });
  });
});

describe('a scanned table whose OCR lost a figure after its dollar sign', () => {
  it('keeps the columns apart: the sign joins the next column’s figure, not the two columns', async () => {
    // Before: "$" (first quarter, its figure lost) + "438,902" (second quarter) made one segment
    // across both columns, the bands grew into each other and every quarter fell into one column.
    const words: LayoutWord[] = [];
    const put = (text: string, x0: number, x1: number, y: number) =>
      words.push({ text, box: [x0, y, x1, y + 0.012], confidence: 0.9 });
    for (const [text, x0, x1] of [
      ['Q1', 0.52, 0.55],
      ['Q2', 0.64, 0.67],
      ['Q3', 0.75, 0.78],
      ['Q4', 0.87, 0.9],
    ] as const)
      put(text, x0, x1, 0.1);
    const rows: [string, [string, number, number][]][] = [
      [
        'Revenue',
        [
          ['$', 0.467, 0.477],
          ['438,902', 0.617, 0.687],
          ['451,117', 0.726, 0.795],
          ['497,560', 0.836, 0.906],
        ],
      ],
      [
        'Gross',
        [
          ['301,422', 0.5, 0.569],
          ['322,051', 0.618, 0.687],
          ['333,870', 0.726, 0.795],
          ['371,214', 0.837, 0.906],
        ],
      ],
      [
        'Costs',
        [
          ['$', 0.467, 0.477],
          ['(12,406)', 0.498, 0.575],
          ['4,881', 0.639, 0.687],
          ['18,230', 0.738, 0.795],
          ['35,902', 0.848, 0.906],
        ],
      ],
    ];
    rows.forEach(([label, cells], r) => {
      const y = 0.13 + r * 0.02;
      put(label, 0.094, 0.094 + label.length * 0.009, y);
      for (const [text, x0, x1] of cells) put(text, x0, x1, y);
    });
    const page = layoutPageFromWords({ number: 1, source: 'ocr', width: 1700, height: 2200, words });
    const doc: ExtractedDocument = { kind: 'image', lines: textLinesFromLayout([page]), layout: [page] };
    expect(firstTable(doc).columnCount).toBe(5);
    expect(await ask(doc, ['Revenue Q2', 'Revenue Q4', 'Gross Q1', 'Costs Q1'])).toEqual({
      'Revenue Q2': 438_902,
      'Revenue Q4': 497_560,
      'Gross Q1': 301_422,
      'Costs Q1': -12_406,
    });
  });
});
