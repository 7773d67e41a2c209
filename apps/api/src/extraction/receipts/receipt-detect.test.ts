import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../model/types';
import { HeuristicProvider } from '../providers/heuristic';
import { looksLikeReceipt } from './receipt-detect';

/** A one-page PDF's text, a line per line. */
const pdfText = (text: string): ExtractedDocument => ({
  kind: 'pdf',
  layout: [],
  lines: text
    .trim()
    .split('\n')
    .map((line, i) => ({ text: line.trim(), location: { page: 1, line: i + 1 } })),
});

const TILL_RECEIPT = pdfText(`
CUSTOMER COPY
EMPIRE SUPERMARKET INC.
133 MARKET STREET
BOSTON, MA 02108
Tel: 03-9077 9941
12/22/17 20:14:35
Receipt No: T11075469
Cashier: JOHN
SALE AMOUNT 353.85
CARD 353.85
APPR CODE: 100831
THANK YOU
`);

const STATEMENT = pdfText(`
Summary of results
2024 2023
Revenue 4,021.25 3,811.02
Cost of sales (2,392.40) (2,260.70)
Tax (112.55) (98.10)
Total 1,516.30 1,452.22
Cash paid to suppliers 1,204.50 998.00
`);

const PROSE = pdfText(`
Liquidity. Total cash and equivalents rose to $4.21 billion at the end of the period, after tax payments
of $0.35 billion and dividends paid to shareholders of $0.12 billion; the card business grew its items
sold by 6% while unit prices held steady across the store network and the outlet channel overall.
Management expects the balance to remain above $3.50 billion through the next two quarters ahead.
`);

describe('a receipt sent as another type', () => {
  it('is read by the receipt reader: a scanned slip submitted as a PDF answers its company, date and total', async () => {
    const { result } = await new HeuristicProvider().extract(TILL_RECEIPT, ['Company', 'Date', 'Total'], {
      documentType: 'pdf',
    });
    expect(Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.value]))).toEqual({
      Company: 'EMPIRE SUPERMARKET INC.',
      Date: '20171222',
      Total: 353.85,
    });
  });

  it('is not seen in a statement with a line of years, nor in prose about cash, tax and totals', () => {
    expect(looksLikeReceipt(TILL_RECEIPT)).toBe(true);
    expect(looksLikeReceipt(STATEMENT)).toBe(false);
    expect(looksLikeReceipt(PROSE)).toBe(false);
    // A long document is no receipt whatever its lines say.
    expect(looksLikeReceipt({ ...TILL_RECEIPT, layout: [{}, {}, {}] as never })).toBe(false);
  });
});
