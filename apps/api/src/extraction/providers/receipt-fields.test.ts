import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../types';
import { HeuristicProvider } from './heuristic';
import { extractReceiptFields, fixDigits, parseAmount, receiptFieldOf } from './receipt-fields';

/** A receipt as text lines (what a text layer or OCR gives, cells split at wide gaps). */
function receipt(text: string): ExtractedDocument {
  return {
    kind: 'text',
    lines: text
      .trim()
      .split('\n')
      .map((line, i) => {
        const cells = line
          .trim()
          .split(/\s{3,}/)
          .filter(Boolean);
        return {
          text: cells.join('  '),
          location: { page: 1, line: i + 1 },
          ...(cells.length > 1 ? { cells: cells.map((c, j) => ({ text: c, column: String(j + 1) })) } : {}),
        };
      }),
  };
}

const values = (doc: ExtractedDocument, dataPoints: string[]) =>
  Object.fromEntries(Object.entries(extractReceiptFields(doc, dataPoints)).map(([k, v]) => [k, v.value]));

const MALAYSIAN = receipt(`
BOOK TA .K (TAMAN DAYA) SDN BHD
(789417-W)
NO.53 55,57 & 59, JALAN SAGU 18,
TAMAN DAYA,
81100 JOHOR BAHRU,
JOHOR.
TEL: 07-3507405
TAX INVOICE
DATE:05/01/2018        10:52:33
INV NO:    CS00010245
ITEM       QTY      AMOUNT
PENCIL 2B      2      2.40
EXERCISE BOOK      1      6.60
TOTAL SALES (EXCL GST)      8.49
GST 6%      0.51
ROUNDING      0.00
TOTAL:      RM9.00
CASH      10.00
CHANGE      1.00
`);

describe('receipt fields', () => {
  it('reads a Malaysian till receipt: company, address, day-first date, time, total, tax, number', () => {
    expect(
      values(MALAYSIAN, ['Company', 'Address', 'Date', 'Time', 'Total', 'Tax', 'Currency', 'Receipt number']),
    ).toEqual({
      Company: 'BOOK TA .K (TAMAN DAYA) SDN BHD',
      Address: 'NO.53 55,57 & 59, JALAN SAGU 18, TAMAN DAYA, 81100 JOHOR BAHRU, JOHOR.',
      Date: '20180105',
      Time: '10:52:33',
      Total: 9,
      Tax: 0.51,
      Currency: 'MYR',
      'Receipt number': 'CS00010245',
    });
  });

  it("reads the shop's own name and address, not an owner's name printed under them or a person's above", () => {
    const owner = receipt(`
SANYU STATIONERY SHOP
NO. 31G&33G, JALAN SETIA INDAH X ,U13/X
40170 SETIA ALAM
Mobile /Whatsapps : +6012-918 7937
GST ID No: 001531760640
TAX INVOICE
Owned By :
SANYU SUPPLY SDN BHD (1135772-K)
CASH SALES COUNTER
`);
    expect(values(owner, ['Company', 'Address'])).toEqual({
      Company: 'SANYU STATIONERY SHOP',
      Address: 'NO. 31G&33G, JALAN SETIA INDAH X ,U13/X 40170 SETIA ALAM',
    });
    const branch = receipt(`
MR. D.I.Y. (M) SDN BHD
(CO. REG : 860671-D)
LOT 1851-A & 1851-B, JALAN KPB 6,
KAWASAN PERINDUSTRIAN BALAKONG,
43300 SERI KEMBANGAN, SELANGOR
(GST ID NO : 000306020352)
MR DIY SHAH ALAM
TAX INVOICE
`);
    expect(values(branch, ['Address']).Address).toBe(
      'LOT 1851-A & 1851-B, JALAN KPB 6, KAWASAN PERINDUSTRIAN BALAKONG, 43300 SERI KEMBANGAN, SELANGOR',
    );
    // A person's name over a name already whole on its line; OCR's colon in the street number.
    const person = receipt(`
TAN WOON YANN
BOOK TA .K (TAMAN DAYA) SDN BHD
789417-W
NO.5: 55,57 & 59, JALAN SAGU 18,
TAMAN DAYA,
81100 JOHOR BAHRU,
JOHOR.
Document No : TD01167104
`);
    expect(values(person, ['Company', 'Address'])).toEqual({
      Company: 'BOOK TA .K (TAMAN DAYA) SDN BHD',
      Address: 'NO.5: 55,57 & 59, JALAN SAGU 18, TAMAN DAYA, 81100 JOHOR BAHRU, JOHOR.',
    });
  });

  it('takes the rounded total over the pre-rounding one, and never the tax, subtotal or cash', () => {
    const doc = receipt(`
GOLDEN MART SDN BHD
SUB TOTAL      24.50
GST 6%      1.47
TOTAL      25.97
ROUNDING ADJ      -0.02
ROUNDED TOTAL      25.95
CASH      50.00
CHANGE      24.05
`);
    expect(values(doc, ['Total amount'])).toEqual({ 'Total amount': 25.95 });
  });

  it('reads a name printed over two lines and an address without commas, as printed', () => {
    const doc = receipt(`
AIK HUAT
AIK HUAT HARDWARE
(SETIA ALAM) SDN BHD
(867388-U)
GST ID: 000123456789
LOT 1851-A JALAN KPB 6
KAWASAN PERINDUSTRIAN BALAKONG
43300 SERI KEMBANGAN SELANGOR
TEL: 03-8961 1234
TAX INVOICE
25 DEC 2018      10:32 AM
`);
    expect(values(doc, ['Company', 'Address', 'Date'])).toEqual({
      Company: 'AIK HUAT HARDWARE (SETIA ALAM) SDN BHD',
      Address: 'LOT 1851-A JALAN KPB 6 KAWASAN PERINDUSTRIAN BALAKONG 43300 SERI KEMBANGAN SELANGOR',
      Date: '20181225',
    });
    const suffixBelow = receipt(`
KEDAI BRIGHT CEDAR STATIONERY
(M) SDN. BHD.
(249810-M)
LOT 107, JALAN SETIA INDAH 20/1,
40150 SHAH ALAM, SELANGOR.
`);
    expect(values(suffixBelow, ['Company']).Company).toBe('KEDAI BRIGHT CEDAR STATIONERY (M) SDN. BHD.');
    // Three lines, a bracket broken across two, and OCR's "SON, BHB" for "SDN. BHD.".
    const threeLines = receipt(`
KEDAI MUTIARA
HOME DECO (SEKSYEN
13) SON, BHB
CO: REG 123456-X
LOT 97, JALAN KPB 18,
43000 KAJANG, SELANGOR.
`);
    expect(values(threeLines, ['Company']).Company).toBe('KEDAI MUTIARA HOME DECO (SEKSYEN 13) SDN. BHD');
  });

  it('takes the total after the rounding adjustment, however the two totals are labelled', () => {
    const doc = receipt(`
GOLDEN MART SDN BHD
TOTAL SALES (EXCL GST)      24.50
GST @6%      1.47
TOTAL INCL. GST      25.97
ROUNDING ADJ      -0.02
NETT TOTAL      25.95
CASH      50.00
CHANGE      24.05
GST SUMMARY      AMOUNT(RM)  TAX(RM)
SR @ 6%      24.50      1.47
`);
    expect(values(doc, ['Total'])).toEqual({ Total: 25.95 });
    // "Rounding Amount" is the adjustment, never the total.
    const amount = receipt(`
GOLDEN MART SDN BHD
TOTAL (RM)      26.00
Rounding Amount      0.03
`);
    expect(values(amount, ['Total'])).toEqual({ Total: 26 });
  });

  it('reads an amount OCR split at its decimal point', () => {
    const doc = receipt(`
GOLDEN MART SDN BHD
TOTAL      9 .00
`);
    // The test helper splits cells at wide gaps only: "9 .00" is two words of one cell.
    expect(values(doc, ['Total'])).toEqual({ Total: 9 });
  });

  it('reads a date with the time or the weekday glued to it', () => {
    const glued = receipt(`
KEDAI MAJU JAYA SDN BHD
DATE: 28/10/17.08:23:36 AM
TOTAL      RM 9.00
`);
    const weekday = receipt(`
KEDAI MAJU JAYA SDN BHD
Date: 25/12/2018(TUE)
TOTAL      RM 9.00
`);
    expect(values(glued, ['Date']).Date).toBe('20171028');
    expect(values(weekday, ['Date']).Date).toBe('20181225');
  });

  it('reads a labelled date OCR misread: a separator read as a space, a 0 read as 6', () => {
    const spaced = receipt(`
KEDAI MAJU JAYA SDN BHD
DATE: 10.03 2016 11:10:42
`);
    const sixForZero = receipt(`
KEDAI MAJU JAYA SDN BHD
DATE: 28-61-17 18:39
`);
    expect(values(spaced, ['Date']).Date).toBe('20160310');
    expect(values(sixForZero, ['Date']).Date).toBe('20170128');
  });

  it('reads numeric dates month-first only with US evidence', () => {
    const us = receipt(`
BRIGHT CEDAR MART INC.
148 BROADWAY
PORTLAND, OR 97205
03/05/24      10:56
TOTAL      $12.00
`);
    const uk = receipt(`
HARMONY ELECTRICAL LTD
292 HIGH STREET
MANCHESTER M1 2AB
03/05/24      10:56
TOTAL      £12.00
`);
    expect(values(us, ['Date']).Date).toBe('20240305');
    expect(values(uk, ['Date']).Date).toBe('20240503');
  });

  it('undoes OCR digit slips in amounts and dates', () => {
    expect(fixDigits('l2.5O')).toBe('12.50');
    expect(fixDigits('TOTAL')).toBe('TOTAL');
    expect(parseAmount('RM 1,234.50')).toEqual({ value: 1234.5, hasCurrency: true });
    expect(parseAmount('12,50 €')).toEqual({ value: 12.5, hasCurrency: true });
    expect(parseAmount('(0.02)')?.value).toBe(-0.02);
    expect(parseAmount('2018')).toBeNull();
    const doc = receipt(`
KEDAI MAJU JAYA SDN BHD
Date: 25/l2/2O18
T0TAL      RM 2S.95
`);
    expect(values(doc, ['Date', 'Total'])).toEqual({ Date: '20181225', Total: 25.95 });
  });

  it('matches data point names by synonym', () => {
    expect(receiptFieldOf('Merchant name')).toBe('company');
    expect(receiptFieldOf('vendor')).toBe('company');
    expect(receiptFieldOf('amount_due')).toBe('total');
    expect(receiptFieldOf('TotalAmount')).toBe('total');
    expect(receiptFieldOf('Receipt date')).toBe('date');
    expect(receiptFieldOf('card last 4')).toBe('card_last_four');
    expect(receiptFieldOf('Revenue')).toBeUndefined();
  });

  it('the heuristic provider asks receipt fields first for receipt types, the label matcher for the rest', async () => {
    const doc = receipt(`
${MALAYSIAN.lines.map((l) => l.text).join('\n')}
Member ID: 55123
`);
    const { result } = await new HeuristicProvider().extract(doc, ['Total', 'Member ID', 'Card last four'], {
      documentType: 'receipt_mapping',
    });
    expect(result.Total?.value).toBe(9);
    expect(result['Member ID']?.value).toBe('55123');
    // Asked and not on the receipt: blank, not a guess.
    expect(result['Card last four']?.value).toBeNull();
  });
});
