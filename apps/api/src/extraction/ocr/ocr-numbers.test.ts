import { describe, expect, it } from 'vitest';
import type { Box, LayoutWord } from '../model/layout';
import { layoutPageFromWords, textLinesFromLayout } from '../model/layout-builder';
import type { ExtractedDocument } from '../model/types';
import { HeuristicProvider } from '../providers/heuristic';
import { maskedCardNumber, repairQuarterLabels } from './ocr-numbers';

/** Words of a scanned income statement, as OCR returns them (0–1 boxes), one entry per printed line. */
const INCOME_STATEMENT: [string, string, string][] = [
  ['', '2022', '2021'],
  ['Revenue', '1,234', '1,100'],
  ['Net income', '412', '388'],
  ['Earnings per share:', '', ''],
  ['Basic', '$ 224', '$ 1.96'],
  ['Diluted', '2.20', '195'],
  ['Weighted-average shares used in computing earnings per share:', '', ''],
  ['Basic', '364', '347'],
];

/** OCR'd (or text-layer) words of a table: a label at the left, figures right-aligned at each of `rights`. */
function statement(
  source: 'ocr' | 'text',
  rows: string[][] = INCOME_STATEMENT,
  rights = [0.62, 0.78, 0.9],
): ExtractedDocument {
  const words: LayoutWord[] = [];
  const put = (text: string, x0: number, y: number) => {
    let x = x0;
    for (const part of text.split(' ')) {
      const w = part.length * 0.009;
      words.push({ text: part, box: [x, y, x + w, y + 0.012], confidence: 0.9 });
      x += w + 0.006;
    }
  };
  const right = (text: string, x1: number, y: number) =>
    put(text, x1 - (text.length * 0.009 + 0.006 * (text.split(' ').length - 1)), y);
  rows.forEach(([label, ...cells], i) => {
    const y = 0.1 + i * 0.022;
    if (label) put(label, 0.08, y);
    cells.forEach((text, c) => {
      if (text) right(text, rights[c] as number, y);
    });
  });
  const page = layoutPageFromWords({ number: 1, width: 612, height: 792, source, words, ocrConfidence: 0.9 });
  return { kind: 'pdf', lines: textLinesFromLayout([page]), layout: [page] };
}

async function ask(doc: ExtractedDocument, dataPoints: string[]) {
  const { result } = await new HeuristicProvider().extract(doc, dataPoints, { documentType: 'pdf' });
  return Object.fromEntries(dataPoints.map((d) => [d, result[d]?.value ?? null]));
}

describe('figures OCR misread', () => {
  it('gives per-share figures back the decimal point OCR dropped, from the per-share cells that kept it', async () => {
    expect(
      await ask(statement('ocr'), [
        'Basic earnings per share 2022',
        'Diluted earnings per share 2021',
        'Basic earnings per share 2021',
      ]),
    ).toEqual({
      'Basic earnings per share 2022': 2.24,
      'Diluted earnings per share 2021': 1.95,
      'Basic earnings per share 2021': 1.96,
    });
  });

  it('leaves share counts and other figures as read, and leaves text-layer pages alone', async () => {
    expect(await ask(statement('ocr'), ['Net income 2021', 'Basic weighted-average shares 2022'])).toEqual({
      'Net income 2021': 388,
      'Basic weighted-average shares 2022': 364,
    });
    expect(await ask(statement('text'), ['Basic earnings per share 2022'])).toEqual({
      'Basic earnings per share 2022': 224,
    });
  });

  it('gives amounts back the point OCR lost when the table prints one decimal throughout', async () => {
    const summary: [string, string, string][] = [
      ['', '2016', '2015'],
      ['Revenue', '12,3812', '11,002.1'],
      ['Operating profit', '412.3', '380.9'],
      ['Profit before tax', '3113', '355.5'],
      ['Taxation', '(95.0)', '(88.1)'],
      ['Employees', '5,400', '5,210'],
    ];
    expect(
      await ask(statement('ocr', summary), ['Revenue 2016', 'Profit before tax 2016', 'Taxation 2015']),
    ).toEqual({ 'Revenue 2016': 12_381.2, 'Profit before tax 2016': 311.3, 'Taxation 2015': -88.1 });
    // A text layer is read as printed.
    expect(await ask(statement('text', summary), ['Profit before tax 2016'])).toEqual({
      'Profit before tax 2016': 3113,
    });
  });
});

describe('scanned key figures OCR misread in their headings and points', () => {
  const scanned = (rows: string[][]) => statement('ocr', rows);

  it('reads "Sm" as "$m", "2023!" as the year with its footnote, and "159%" beside "16.2%" as 15.9%', async () => {
    // Before: "Sm" set no scale, "2023!" was no year, and a margin of 159% was read as printed.
    const doc = scanned([
      ['', 'FY24', '2023!'],
      ['', 'Sm', 'Sm'],
      ['Revenue', '8,412.6', '7,905.1'],
      ['Operating profit', '1,091.9', '1,010.7'],
      ['EBITDA margin', '16.2%', '159%'],
    ]);
    expect(await ask(doc, ['Revenue FY2024', 'Operating profit 2023', 'EBITDA margin 2023'])).toEqual({
      'Revenue FY2024': 8_412_600_000,
      'Operating profit 2023': 1_010_700_000,
      'EBITDA margin 2023': 0.159,
    });
  });

  it('takes a line of years with a "Δ %" read as "8%" for the header, its "2023¹" read "2023!"', async () => {
    // Before: the stray figure and the footnoted year made the header line a row of figures: no
    // column had a year.
    const doc = scanned([
      ['in EUR million', '2023!', '2024', '8%'],
      ['Revenue', '13,902', '14,655', '5.4'],
      ['Net financial debt', '3,410', '3,122', '-8.4'],
      ['Employees', '61,220', '63,104', '3.1'],
    ]);
    expect(await ask(doc, ['Revenue 2024', 'Net financial debt 2023'])).toEqual({
      'Revenue 2024': 14_655_000_000,
      'Net financial debt 2023': 3_410_000_000,
    });
  });

  it('reads "milion" as million, and percentages as printed where no cell of their size kept its point', async () => {
    const doc = scanned([
      ['Free cash flow of $302 milion'],
      ['', '2024', '2023'],
      ['Operating margin', '159%', '154%'],
      ['Volume change', '2.1%', '125%'],
      ['Revenue', '1,402', '1,388'],
    ]);
    expect(await ask(doc, ['Free cash flow', 'Operating margin 2024', 'Volume change 2023'])).toEqual({
      'Free cash flow': 302_000_000,
      'Operating margin 2024': 1.59,
      // 12.5% would not be of the size of 2.1%: 125% stands.
      'Volume change 2023': 1.25,
    });
  });
});

describe('quarter headings OCR read with a zero', () => {
  const word = (text: string, x: number, y = 0.2) => ({ text, box: [x, y, x + 0.02, y + 0.012] as Box });
  it('reads "01 02 03 04" over figures as Q1–Q4, and "01" beside "Q2" as Q1', () => {
    const all = [word('01', 0.5), word('02', 0.6), word('03', 0.7), word('04', 0.8), word('Full', 0.85)];
    expect(repairQuarterLabels(all)).toBe(4);
    expect(all.map((w) => w.text)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Full']);
    const mixed = [word('01', 0.5), word('Q2', 0.6), word('Q3', 0.7), word('04', 0.8)];
    repairQuarterLabels(mixed);
    expect(mixed.map((w) => w.text)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('leaves figures alone: two digits on their own line, or not rising', () => {
    const figures = [word('01', 0.5), word('04', 0.6), word('02', 0.7), word('Q2', 0.5, 0.5)];
    expect(repairQuarterLabels(figures)).toBe(0);
    expect(figures.map((w) => w.text)).toEqual(['01', '04', '02', 'Q2']);
  });
});

describe('masked card numbers', () => {
  it('reads the stars OCR took for letters and the 1 it took for a bracket', () => {
    // Before: "*kkkkkkkkkkk]234" came back at confidence 0 and was dropped, losing the last four.
    expect(maskedCardNumber('*kkkkkkkkkkk]234')).toBe('************1234');
    expect(maskedCardNumber('kkokkkkkxkkkxk]234')).toBe('**************1234');
    expect(maskedCardNumber('XXXXXXXX9876')).toBe('********9876');
    // Letters alone, or fewer than two digits after the run, are not a card number.
    expect(maskedCardNumber('kkkkkkkk1234')).toBeUndefined();
    expect(maskedCardNumber('xxxxxxxxllll')).toBeUndefined();
    expect(maskedCardNumber('SUBTOTAL')).toBeUndefined();
  });
});
