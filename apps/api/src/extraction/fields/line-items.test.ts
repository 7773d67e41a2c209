import { describe, expect, it } from 'vitest';
import type { Box, LayoutTable, LayoutWord } from '../model/layout';
import type { ExtractedDocument } from '../model/types';
import { loadText } from '../readers/text';
import { cells, itemColumns } from '../testing/line-items';
import { readLineItems } from './line-items';

/**
 * An OCR'd till receipt: each line's text laid out in a monospaced grid, a character 0.02 of the
 * page wide, the words at their columns (two or more spaces apart are far enough apart to be
 * columns of their own only when the gap is wide, as on a till: eight spaces here).
 */
function ocrReceipt(lines: string[], unsure: string[] = []): ExtractedDocument {
  const words: LayoutWord[] = [];
  const charWidth = 0.02;
  lines.forEach((line, row) => {
    const y = 0.02 + row * 0.012;
    for (const m of line.matchAll(/\S+/g)) {
      const x = (m.index ?? 0) * charWidth;
      const confidence = unsure.includes(m[0]) ? 0.6 : 0.9;
      words.push({ text: m[0], box: [x, y, x + m[0].length * charWidth, y + 0.01], confidence });
    }
  });
  return {
    kind: 'image',
    lines: [],
    layout: [{ number: 1, width: 500, height: 1000, source: 'ocr', words, lines: [], tables: [] }],
  };
}

describe('line items on OCR-read till receipts', () => {
  it('reads the count and times sign OCR glued to the price, or read as letters', async () => {
    const doc = await loadText(
      [
        'ITEM   QTY   PRICE   TOTAL',
        'BALL PEN BLUE',
        // The amount lost: the count times the price.
        '1x57.90',
        'EXTENSION CORD',
        '1x2L08   21.08 SR',
        'ROTI GARDENIA',
        '4 xX 20.22   80.88 SR',
        'DETERGENT 3KG',
        'S$ x 61.32   306.60 SR',
        'ORANGE JUICE',
        'Sx10.27   51.35 SR',
        'FILE FOLDER 1   10.17SR',
        'TOTAL  527.26',
      ].join('\n'),
    );
    expect(cells(readLineItems(doc, itemColumns))).toEqual([
      { description: 'BALL PEN BLUE', quantity: 1, unit_price: 57.9, amount: 57.9 },
      { description: 'EXTENSION CORD', quantity: 1, unit_price: 21.08, amount: 21.08 },
      { description: 'ROTI GARDENIA', quantity: 4, unit_price: 20.22, amount: 80.88 },
      { description: 'DETERGENT 3KG', quantity: 5, unit_price: 61.32, amount: 306.6 },
      { description: 'ORANGE JUICE', quantity: 5, unit_price: 10.27, amount: 51.35 },
      { description: 'FILE FOLDER', quantity: 1, unit_price: 10.17, amount: 10.17 },
    ]);
  });

  it('keeps a name whole when its trailing count is taken off under a QTY heading ("KOPI 0 1")', async () => {
    const doc = await loadText(['ITEM   QTY   TOTAL', 'KOPI 0 1   76.05 ZR', 'TOTAL  76.05'].join('\n'));
    expect(cells(readLineItems(doc, itemColumns))).toEqual([
      { description: 'KOPI O', quantity: 1, unit_price: 76.05, amount: 76.05 },
    ]);
  });

  it('gives an amount OCR read without its decimal point its cents back', () => {
    const doc = ocrReceipt([
      'ITEM QTY PRICE          AMOUNT',
      'STAPLER 1                 237',
      'NOTEBOOK A5',
      '4564 SR',
      'GLUE STICK 2            19.80',
      'BATTERY AA 4PK',
      // Misread, not a lost point: 2 x 38.56 is not 1.12.
      '2 x 38.56                 112',
      'ROOM 101',
      'TOTAL                  144.93',
    ]);
    expect(cells(readLineItems(doc, itemColumns)).map((r) => [r.description, r.amount])).toEqual([
      ['STAPLER', 2.37],
      ['NOTEBOOK A5', 45.64],
      ['GLUE STICK', 19.8],
      ['BATTERY AA 4PK', 77.12],
    ]);
  });

  it('leaves whole amounts alone on a page that is not OCR’d or a list that prints no cents', async () => {
    const text = await loadText(
      ['ITEM        AMOUNT', 'STAPLER 1      237', 'PEN 2        19.80', 'TOTAL       256.80'].join('\n'),
    );
    expect(cells(readLineItems(text, itemColumns)).map((r) => r.amount)).toEqual([237, 19.8]);
    const whole = ocrReceipt([
      'ITEM QTY          AMOUNT',
      'STAPLER 1            237',
      'TOTAL                237',
    ]);
    expect(cells(readLineItems(whole, itemColumns)).map((r) => r.amount)).toEqual([]);
  });

  it('takes the count times the price over an amount OCR was less sure of that differs in a digit', () => {
    const doc = ocrReceipt(
      [
        'ITEM QTY PRICE          AMOUNT',
        'TOOTHPASTE',
        '3 x 35.71               187.13',
        'BALL PEN BLUE',
        '1 x 17.36                17.38',
        // Surer of the amount: the price is the misread one.
        'GLUE STICK',
        '1 x 48.71                49.71',
        // Not a digit misread but another figure: kept as read.
        'ORANGE JUICE',
        '3 x 57.18               201.38',
        'TOTAL                   455.58',
      ],
      ['187.13', '17.38', '48.71', '201.38'],
    );
    expect(cells(readLineItems(doc, itemColumns))).toEqual([
      { description: 'TOOTHPASTE', quantity: 3, unit_price: 35.71, amount: 107.13 },
      { description: 'BALL PEN BLUE', quantity: 1, unit_price: 17.36, amount: 17.36 },
      { description: 'GLUE STICK', quantity: 1, unit_price: 48.71, amount: 49.71 },
      { description: 'ORANGE JUICE', quantity: 3, unit_price: 57.18, amount: 201.38 },
    ]);
  });

  it('reads a size’s zero that OCR took for the letter O as a zero ("A4 PAPER 8OGSM")', () => {
    const doc = ocrReceipt([
      'ITEM QTY              AMOUNT',
      'A4 PAPER 8OGSM 2      111.88',
      'SHAMPOO 4O0ML 1        12.90',
      'TOTAL                 124.78',
    ]);
    expect(cells(readLineItems(doc, itemColumns)).map((r) => r.description)).toEqual([
      'A4 PAPER 80GSM',
      'SHAMPOO 400ML',
    ]);
  });

  it('reads the rows by place when the layout’s table cut the names short', () => {
    const doc = ocrReceipt([
      'Item Qty Price        AMOUNT',
      'GLUE STICK 1           24.79',
      'MINERAL WATER 1.5L 1   43.55',
      'TOTAL                  68.34',
    ]);
    // The table the layout found: its name column holds the names' first words only.
    const rows = [
      ['Item', 'Qty', 'Price', 'AMOUNT'],
      ['GLUE', '1', '', '24.79'],
      ['MINERAL', '', '', '43.55'],
    ];
    const table: LayoutTable = {
      page: 1,
      box: [0, 0.02, 0.6, 0.06],
      context: [],
      rowCount: rows.length,
      columnCount: 4,
      headerRows: 1,
      labelColumns: 1,
      cells: rows.flatMap((texts, row) =>
        texts.map((text, column) => ({
          row,
          column,
          rowSpan: 1,
          colSpan: 1,
          text,
          box: [column * 0.15, 0.02 + row * 0.012, column * 0.15 + 0.1, 0.03 + row * 0.012] as Box,
        })),
      ),
      rowLabels: [],
      columnUnits: [],
      noteColumns: [],
      origin: 'positions',
    };
    doc.layout?.[0]?.tables.push(table);
    expect(cells(readLineItems(doc, itemColumns)).map((r) => [r.description, r.amount])).toEqual([
      ['GLUE STICK', 24.79],
      ['MINERAL WATER 1.5L', 43.55],
    ]);
  });
});
