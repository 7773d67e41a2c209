import { describe, expect, it } from 'vitest';
import { layoutPageFromWords, textLinesFromLayout } from '../model/layout-builder';
import type { ExtractedDocument } from '../model/types';
import { HeuristicProvider } from '../providers/heuristic';
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
    // The owner on the name's own line, "OWNED" read short: the owner's name without the phrase.
    const ownBy = receipt(`
OLD ASIA
OWN BY: DAPUR MAJU SDN BHD
(458592-T)
LG226, LGF, 1 UTAMA SHOPPING CENTRE
`);
    expect(values(ownBy, ['Company']).Company).toBe('DAPUR MAJU SDN BHD');
    // A line starting with "&" continues the one above.
    const ampersand = receipt(`
THE TEA HOUSE
& CAKE SHOP (M) SDN. BHD.
Company No. :441970-H
`);
    expect(values(ampersand, ['Company']).Company).toBe('THE TEA HOUSE & CAKE SHOP (M) SDN. BHD.');
    // The registration number on the name's own line, and "GST Registration" no name.
    const numbered = receipt(`
Dion Estates Sdn Bhd (Co. No:20154-T)
(GST Registration Ho : 000850247680)
Menara Dion #02-03, Level 2,
50250 Kuala Lumpur.
`);
    expect(values(numbered, ['Company']).Company).toBe('Dion Estates SDN BHD');
    // A slip whose name is only a logo: its registration line is no company named "Company".
    const logoOnly = receipt(`
Company No :256628-W
LOT 26151 BANDAR SG LONG,
43000 KAJANG, SELANGOR
`);
    expect(values(logoOnly, ['Company']).Company).not.toBe('Company');
    // Thermal print's "SUN BHD", "SIN BHD" and braces for brackets are the company form misread.
    const misread = (name: string) => values(receipt(`${name}\nNO 3, JALAN MAWAR 2\n`), ['Company']).Company;
    expect(misread('SUBANG WELLNESS SIN BHD')).toBe('SUBANG WELLNESS SDN BHD');
    expect(misread('FOUR SEASONS PIE SUN BHD')).toBe('FOUR SEASONS PIE SDN BHD');
    expect(misread('MEDIK {SP} SDN. BHD.')).toBe('MEDIK (SP) SDN. BHD.');
    // The slip's title above the name ("Cash Sale") is no part of it.
    const titled = receipt(`
Cash Sale
KEDAI RUNCIT MAWAR HOLDINGS
SDN. BHD.
249336-T
NO.17, JALAN BESAR,
39100 BRINCHANG,
Date : 06/02/2018
`);
    expect(values(titled, ['Company']).Company).toBe('KEDAI RUNCIT MAWAR HOLDINGS SDN. BHD.');
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

  it('reads the tax from a GST summary table when no line names it with its amount', () => {
    const summary = (rows: string) =>
      receipt(`
SYARIKAT KENANGA HARMONY STATIONERY SDN BHD
DATE : 01-JUL-2016
TOTAL (RM)      78.34
ROUNDING      0.01
TOTAL PAYABLE      78.35
GST SUMMARY      AMOUNT (RM)      TAX (RM)
${rows}
THANK YOU. PLEASE COME AGAIN
`);
    expect(
      values(summary('SR @ 6%      73.91      4.43\nZR @ 0%      0.00      0.00'), ['Tax', 'Total']),
    ).toEqual({
      Tax: 4.43,
      Total: 78.35,
    });
    // Tax-inclusive amounts; column titles on their own line.
    const inclusive = receipt(`
GST Summary
Amount(RM)      Tax(RM)
S @ 6%      18.55      1.05
`);
    expect(values(inclusive, ['Tax'])).toEqual({ Tax: 1.05 });
    // A misread figure (7.22 read as 122) is not the tax of its row: no value rather than a wrong one.
    expect(values(summary('SR @ 6%      120.27      122'), ['Tax'])).toEqual({});
    expect(values(summary('SR @ 6%      120.27      122\nZR @ 0%      0.00      0.00'), ['Tax'])).toEqual({});
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

  it('takes the currency from the shop’s country when no amount carries one, over a lone misread sign', () => {
    // Before: a Malaysian receipt printing no "RM" had no currency, and a speck read "$" beside
    // a figure made it US dollars.
    const plain = receipt(`
PACIFIC PHARMACY SDN. BHD.
NO 56, JALAN MERDEKA 19, TAMAN DAYA,
50450 KUALA LUMPUR.
SUBTOTAL      752.04
GRAND TOTAL      797.15
`);
    expect(values(plain, ['Currency'])).toEqual({ Currency: 'MYR' });
    expect(extractReceiptFields(plain, ['Currency']).Currency?.confidence).toBeLessThan(0.85);
    const speck = receipt(`
KEDAI EMPIRE PHOENIX ELECTRICAL (M) SDN. BHD.
NO 28-G, PERSIARAN SAGU 19/8, 43300 SERI KEMBANGAN, SELANGOR.
BATTERY AA      1x3620      $36.20
TOTAL INCL. GST      495.35
`);
    expect(values(speck, ['Currency'])).toEqual({ Currency: 'MYR' });
    const euroSpeck = receipt(`
KENANGA SUNRISE STATIONERY SDN BHD
LOT 39, 124 & €3 JALAN PUTERI 9/1, 40150 SHAH ALAM, SELANGOR
TOTAL      215.10
`);
    expect(values(euroSpeck, ['Currency'])).toEqual({ Currency: 'MYR' });
    const singapore = receipt(`
ORCHARD BAKERY PTE LTD
31 ORCHARD ROAD SINGAPORE 238801
TOTAL      12.40
`);
    expect(values(singapore, ['Currency'])).toEqual({ Currency: 'SGD' });
    const dollars = receipt(`
CORNER DELI
46 BROADWAY PORTLAND, OR 97205
TOTAL      $12.40
CASH      $20.00
`);
    expect(values(dollars, ['Currency'])).toEqual({ Currency: 'USD' });
  });

  it('starts the address after a registration number OCR misread, and ends it at a misread title', () => {
    // Before: "{627E89-M)" (a brace for the bracket, an E for a 1) began the address, as did the
    // name's last line "SUPERMARKET(3030754)" where the first was lost; the address ran on into
    // "SIMPLED TAX IWWOICE".
    const misread = receipt(`
KEDAI EMPIRE PHOENIX ELECTRICAL
(M) SDN.
{627E89-M)
NO 28-G, PERSIARAN SAGU 19/8,
PUSAT BANDAR PUCHONG,
43300 SERI KEMBANGAN, SELANGOR.
HP 03-6574 8221
`);
    expect(values(misread, ['Address']).Address).toBe(
      'NO 28-G, PERSIARAN SAGU 19/8, PUSAT BANDAR PUCHONG, 43300 SERI KEMBANGAN, SELANGOR.',
    );
    const nameLost = receipt(`
MAJU
SUPERMARKET(3030754)
JALAN PUTERI 3/8,
BANDAR BARU BANGI,
43000 KAJANG, SELANGOR.
SIMPLED TAX IWWOICE
No: 71368158
`);
    expect(values(nameLost, ['Address']).Address).toBe(
      'JALAN PUTERI 3/8, BANDAR BARU BANGI, 43000 KAJANG, SELANGOR.',
    );
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

  it('reads a name whose branch in brackets has a line of its own, or that OCR split at wide gaps', () => {
    const branch = receipt(`
RESTORAN ALPINE TRADING
(KAWASAN PERINDUSTRIAN BALAKONG)
ENTERPRISE
(850704-W)
NO 67, LORONG PUTERI 16,
47100 PUCHONG, SELANGOR.
`);
    expect(values(branch, ['Company']).Company).toBe(
      'RESTORAN ALPINE TRADING (KAWASAN PERINDUSTRIAN BALAKONG) ENTERPRISE',
    );
    const split = receipt(`
KEDAI MUTIARA HOME   DECO   (SEKSYEN
13)
(M) SDN. BHD.
(391158-K)
LOT 97, JALAN KPH 18,
43000 KAJANG, SELANGOR.
`);
    expect(values(split, ['Company']).Company).toBe('KEDAI MUTIARA HOME DECO (SEKSYEN 13) (M) SDN. BHD.');
    // A title on the name's line is still not part of it.
    const titled = receipt(`
Golden Mart Ltd      TAX INVOICE
12 High Street
`);
    expect(values(titled, ['Company']).Company).toBe('Golden Mart Ltd');
  });

  it('joins a name over two lines on a skewed scan, where some of its words have taller boxes', () => {
    // Words at their place on a 600 × 900 px image; the skew makes "KEDAI" and "LOTUS" twice as tall.
    const rows: [string, number, number][][] = [
      [
        ['KEDAI', 200, 26],
        ['LOTUS', 254, 26],
        ['PHARMACY', 308, 12],
      ],
      [
        ['(M)', 240, 16],
        ['SDN', 276, 12],
        ['BHD', 312, 12],
      ],
      [['(906827-D)', 250, 15]],
      [
        ['NO', 150, 12],
        ['21,', 177, 12],
        ['JALAN', 213, 12],
        ['TAMPOI', 267, 12],
        ['5,', 330, 12],
      ],
      [
        ['81100', 180, 12],
        ['JOHOR', 234, 12],
        ['BAHRU,', 288, 12],
        ['JOHOR.', 351, 12],
      ],
    ];
    const words = rows.flatMap((row, i) =>
      row.map(([text, x, h]) => {
        const y = 40 + i * 30;
        const box: [number, number, number, number] = [
          x / 600,
          (y + 12 - h) / 900,
          (x + text.length * 9) / 600,
          (y + 12) / 900,
        ];
        return { text, box, confidence: 0.93 };
      }),
    );
    const page = layoutPageFromWords({ number: 1, source: 'ocr', width: 600, height: 900, words });
    const doc: ExtractedDocument = { kind: 'image', lines: textLinesFromLayout([page]), layout: [page] };
    expect(values(doc, ['Company']).Company).toBe('KEDAI LOTUS PHARMACY (M) SDN BHD');
  });

  it('joins the start of a name read unsure when the line below plainly continues it', () => {
    const line = (texts: [string, number][], y: number) =>
      texts.map(([text, confidence], i) => ({
        text,
        confidence,
        box: [(150 + i * 100) / 600, y / 900, (150 + i * 100 + text.length * 9) / 600, (y + 14) / 900] as [
          number,
          number,
          number,
          number,
        ],
      }));
    const words = [
      ...line(
        [
          ['KEDAI', 0.6],
          ['STARLIGHT', 0.93],
          ['MINIMARKET', 0.45],
        ],
        40,
      ),
      ...line(
        [
          ['(SEKSYEN', 0.68],
          ['13)', 0.96],
          ['ENTERPRISE', 0.95],
        ],
        70,
      ),
      ...line([['(998969-P)', 0.8]], 100),
      ...line(
        [
          ['NO', 0.9],
          ['12,', 0.9],
          ['JALAN', 0.9],
          ['SAGU', 0.9],
        ],
        130,
      ),
    ];
    const page = layoutPageFromWords({ number: 1, source: 'ocr', width: 600, height: 900, words });
    const doc: ExtractedDocument = { kind: 'image', lines: textLinesFromLayout([page]), layout: [page] };
    expect(values(doc, ['Company']).Company).toBe('KEDAI STARLIGHT MINIMARKET (SEKSYEN 13) ENTERPRISE');
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

  it('reads a labelled date OCR misread: a separator read as a space, a 0 read as 6, digits doubled after the year', () => {
    const spaced = receipt(`
KEDAI MAJU JAYA SDN BHD
DATE: 10.03 2016 11:10:42
`);
    const sixForZero = receipt(`
KEDAI MAJU JAYA SDN BHD
DATE: 28-61-17 18:39
`);
    const doubled = receipt(`
Jaya Mutiara Mart CORP
Invoice Date:      05/21/201821
`);
    expect(values(spaced, ['Date']).Date).toBe('20160310');
    expect(values(sixForZero, ['Date']).Date).toBe('20170128');
    // The last digits of the year doubled: the date is still the one labelled.
    expect(values(doubled, ['Date']).Date).toBe('20180521');
  });

  it('reads a date OCR lost a separator of, or put a speck into, less surely; a date as printed comes first', () => {
    const lost = receipt(`
KEDAI EMPIRE PHOENIX ELECTRICAL SDN BHD
Invoice No: 31438680      15/0516
TOTAL      RM 495.35
`);
    const speck = receipt(`
EMPIRE BOOKSTORE LTD
DATE: 27-3JUL-2016 20:28:18
`);
    const both = receipt(`
KEDAI MAJU JAYA SDN BHD
Ref 11/0716
DATE: 12/07/2016
`);
    const found = extractReceiptFields(lost, ['Date']).Date;
    expect(found?.value).toBe('20160515');
    expect(found?.confidence).toBeLessThan(0.85);
    expect(values(speck, ['Date']).Date).toBe('20160727');
    expect(values(both, ['Date']).Date).toBe('20160712');
    // A phone number is no date, and does not make the printed date read month first.
    const phone = receipt(`
SUNRISE MAPLE MART PLC
PHONE: 07-2700 3990
10/02/2023 15:46
GRAND TOTAL      £233.58
`);
    expect(values(phone, ['Date']).Date).toBe('20230210');
    // A price per litre is no date.
    const fuel = receipt(`
PETRON JAYA SDN BHD
RON95 2.0550      RM 41.10
`);
    expect(values(fuel, ['Date']).Date ?? null).toBeNull();
  });

  it('reads a date whose year OCR misread with a 6, 8 or 9 for its 0, or whose leading 0 became a sign', () => {
    const named = receipt(`
KEDAI LOTUS PHARMACY (M) SDN BHD
BILL NO: 65604091      ©9-APR-2617
`);
    const spaced = receipt(`
SYARIKAT LUCKY ENTERPRISE
Date: 21 JUL 2818
`);
    const numeric = receipt(`
SYARIKAT LUCKY ENTERPRISE
DATE: 15/05/2916 17:01
`);
    expect(values(named, ['Date']).Date).toBe('20170409');
    expect(values(spaced, ['Date']).Date).toBe('20180721');
    expect(values(numeric, ['Date']).Date).toBe('20160515');
  });

  it('reads a day OCR misread with a 3 for its 0, and takes no phone number or unit number for a date', () => {
    const threeForZero = receipt(`
KEDAI BUNGA MEKAR SDN BHD
Do: No      Date:      32/04/2018
`);
    expect(values(threeForZero, ['Date']).Date).toBe('20180402');
    // A phone's groups run on past what looks like a year: the date is the one printed below.
    const phone = receipt(`
RELAIS DES PINS
Tel. :      06.21.94.55.31
Le 14/03/2018 a 09:12
`);
    expect(values(phone, ['Date']).Date).toBe('20180314');
    // "1.1-0448" is a unit number (a year 448 is none): the address keeps that line.
    const unit = receipt(`
KEDAI KECANTIKAN MAWAR
UNIT 1.1-0448, MAWAR MEGAMALL,
93350 KUCHING, SARAWAK.
`);
    expect(values(unit, ['Address']).Address).toBe('UNIT 1.1-0448, MAWAR MEGAMALL, 93350 KUCHING, SARAWAK.');
  });

  it('reads a company form OCR slipped on, initials with a digit for a letter, and no speck after the form', () => {
    const cases: [string, string][] = [
      ['SAUJANA MAJU SONBID', 'SAUJANA MAJU SDN BHD'],
      ['KEDAI RUNCIT MAJU 5/8', 'KEDAI RUNCIT MAJU S/B'],
      ['MR. K.1.T. (M) SDN BHD', 'MR. K.I.T. (M) SDN BHD'],
      // A speck standing apart after the company form is no part of the name.
      ['SAUJANA PRINT SDN BHD      bh', 'SAUJANA PRINT SDN BHD'],
      // The registration number OCR split, and the "BHD." lost: SDN is never printed alone.
      ['RIANG HOLDINGS SDN.      (3 14425-T)', 'RIANG HOLDINGS SDN. BHD.'],
    ];
    for (const [printed, name] of cases) {
      const doc = receipt(`
${printed}
NO 12, JALAN MAWAR 3,
43000 KAJANG, SELANGOR
TOTAL      RM 9.00
`);
      expect(values(doc, ['Company']).Company).toBe(name);
    }
  });

  it('reads an unlabelled date with a 0 read as 8 beside a four-digit year, and a date whose label ends on a look-alike', () => {
    const eights = receipt(`
KEDAI BUKU CERIA SDN BHD
CASH1 H18-82      17/83/2817 21:35
`);
    expect(values(eights, ['Date']).Date).toBe('20170317');
    const glued = receipt(`
KEDAI ROTI SEDAP S/B
Inv No      :6KJ30785499      Date:D3/02/17 19:46
`);
    expect(values(glued, ['Date']).Date).toBe('20170203');
  });

  it('takes no return-policy or feedback line for the company, and drops the numbers after its form', () => {
    const policy = receipt(`
Goods Sold Are Not Returnable.
For feedback or complaint, please call:
KEDAI RUNCIT SENANG SDN BHD
NO 3, JALAN MAWAR 2,
43000 KAJANG, SELANGOR
`);
    expect(values(policy, ['Company']).Company).toBe('KEDAI RUNCIT SENANG SDN BHD');
    const trailing = receipt(`
ROTI MANIS BAKERY S/B 112233-U      (5X9)
LOT 7, JALAN MAWAR 2,
`);
    expect(values(trailing, ['Company']).Company).toBe('ROTI MANIS BAKERY S/B');
  });

  it('reads a total labelled "Due" or only "inclusive GST", never the subtotal', () => {
    const due = receipt(`
KEDAI ROTI SEDAP S/B
SCONE      1      7.50
Due      7.50
Fay      20.00
Change      12.50
`);
    expect(values(due, ['Total']).Total).toBe(7.5);
    const inclusive = receipt(`
KEDAI UBAT SIHAT SDN BHD
Subtotal:      281.00
Rounding Adj :      0.00
Tox! inclusive GST.      217.00
`);
    expect(values(inclusive, ['Total']).Total).toBe(217);
  });

  it('reads a date whose separator OCR lost beside a four-digit year, and section codes OCR slipped on', () => {
    const lost = receipt(`
KEDAI KRAF INDAH
Date :      1604/2018 16.34
`);
    expect(values(lost, ['Date']).Date).toBe('20180416');
    const sections = receipt(`
KEDAI UBAT SIHAT SDN BHD
NO 7, JALAN MELATI US/M, SEKSYEN US,
40150 SHAH ALAM, SELANGOR
`);
    expect(values(sections, ['Address']).Address).toBe(
      'NO 7, JALAN MELATI U5/M, SEKSYEN U5, 40150 SHAH ALAM, SELANGOR',
    );
    const dollar = receipt(`
KEDAI UBAT SIHAT SDN BHD
12 JALAN $517/42 TAMAN MELATI
47400 PETALING JAYA
`);
    expect(values(dollar, ['Address']).Address).toBe('12 JALAN SS17/42 TAMAN MELATI 47400 PETALING JAYA');
    // …and read as 5: "JALAN 5521/60", "Jln S521/35".
    const five = receipt(`
KEDAI UBAT SIHAT SDN BHD
No.41G, Jln S521/60, Damansara Utama,
47400 PETALING JAYA
`);
    expect(values(five, ['Address']).Address).toBe(
      'No.41G, Jln SS21/60, Damansara Utama, 47400 PETALING JAYA',
    );
  });

  it('reads a name after a logo garble, with P read as F, and an S/B OCR slipped on before its number', () => {
    const garble = receipt(`
. gg)
MAJU BEKALAN SDN BHD
NO 3, JALAN MAWAR 2,
`);
    expect(values(garble, ['Company']).Company).toBe('MAJU BEKALAN SDN BHD');
    const pf = receipt(`
FERNIAGAAN SENANG HATI
NO 3, JALAN MAWAR 2,
`);
    expect(values(pf, ['Company']).Company).toBe('PERNIAGAAN SENANG HATI');
    const sb = receipt(`
3
POSTE; 11g
88 KEDAI MART 5/8 (S12345-X)
LOT 12, JALAN ANGSA,
`);
    expect(values(sb, ['Company']).Company).toBe('88 KEDAI MART S/B');
  });

  it('takes no rate for an amount, and reads an amount whose RM OCR glued to it', () => {
    const doc = receipt(`
PARKING MAJU SDN BHD
Parking Fee      RMD. 84
GST(Included)      6.00      %
Total      fTMM1.00
Paid      M1.00
`);
    expect(values(doc, ['Total']).Total).toBe(1);
  });

  it('puts back a year OCR misread outside the GST era on a Malaysian GST receipt, and takes no date years ahead', () => {
    const era = receipt(`
KEDAI PERKAKAS JAYA SDN BHD
(GST ID No :000123456789)
14-02-13 15:12 SH01 ZJ86
Total Incl. GST@6%      RM 12.60
`);
    const found = extractReceiptFields(era, ['Date']).Date;
    expect(found?.value).toBe('20180214');
    expect(found?.confidence).toBeLessThan(0.85);
    // A 6 read as 4 ("17-04-14" on a GST receipt is 2016); a 0 read as C ("2C18").
    const four = receipt(`
KEDAI PERKAKAS JAYA SDN BHD
(GST ID No :000123456789)
17-04-14 14:02 SH01 T3
`);
    expect(values(four, ['Date']).Date).toBe('20160417');
    const letter = receipt(`
KEDAI PERKAKAS JAYA SDN BHD
Date : 17/06/2C18 7:36:12 PM
`);
    expect(values(letter, ['Date']).Date).toBe('20180617');
    // Without GST the year stands as printed.
    const plain = receipt(`
KEDAI PERKAKAS JAYA
14-02-13 15:12
`);
    expect(values(plain, ['Date']).Date).toBe('20130214');
    const ahead = receipt(`
KEDAI PERKAKAS JAYA SDN BHD
N4-Fd 27 Marsh 2042
`);
    expect(values(ahead, ['Date']).Date ?? null).toBeNull();
  });

  it('reads a French street line as the start of an address', () => {
    const doc = receipt(`
RELAIS DES PINS
AUTOROUTE FES TAZA
35000 FES
Tel. : 06.21.94.55.31
`);
    expect(values(doc, ['Address']).Address).toBe('AUTOROUTE FES TAZA 35000 FES');
  });

  it('checks the total against cash less change, and takes the total that agrees', () => {
    // The grand total's 2 read as 8; cash less change says 25.95, which the nett total shows.
    const doc = receipt(`
GOLDEN MART SDN BHD
SUB TOTAL      24.50
GST 6%      1.47
TOTAL      85.97
NETT TOTAL      25.95
CASH      50.00
CHANGE      24.05
`);
    expect(values(doc, ['Total'])).toEqual({ Total: 25.95 });
    const sure = extractReceiptFields(doc, ['Total']).Total?.confidence ?? 0;
    // Arithmetic that disagrees makes the total less sure.
    const disagreeing = receipt(`
GOLDEN MART SDN BHD
NETT TOTAL      25.95
CASH      50.00
CHANGE      4.05
`);
    expect(extractReceiptFields(disagreeing, ['Total']).Total?.confidence ?? 1).toBeLessThan(sure);
  });

  it('reads an address printed at the foot when nothing under the name is one', () => {
    const foot = receipt(`
THE NOODLE KITCHEN
BUKIT INDAH
GST Reg No: 001403346944
Tax Invoice
1 ICE LEMON TEA      RM 4.50
TOTAL      RM 4.50
TEL:07-2343 111
NO 35,JALAN INDAH 15/2,BUKIT INDAH
81200 JOHOR BAHRU. JOHOR
`);
    expect(values(foot, ['Address']).Address).toBe(
      'NO 35,JALAN INDAH 15/2,BUKIT INDAH 81200 JOHOR BAHRU. JOHOR',
    );
  });

  it('takes what cash less change paid when the receipt prints that sum elsewhere too', () => {
    // The total's label unreadable: the subtotal that cash less change agrees on, not the GST
    // summary's taxable amount.
    const garbled = receipt(`
KEDAI SAYUR MURNI
1 TAUHU      3.10
1 SAYUR      9.80
SUBTOTAL:      12.90
CASH      20.00
CASH CHANGE      7.10
GST Summary      Amount (RM)      Tax (RM)
SR (6%)      2.83      0.17
ZRL (0%)      10.07      0.00
`);
    expect(values(garbled, ['Total'])).toEqual({ Total: 12.9 });
    // No total label and cash less change alone: what was paid, over the largest price printed.
    const onlyCash = receipt(`
KEDAI RUNCIT MAJU
1) SAJI MINYAK 5KG
18      22.90 -      2.91) =      19.99
ROUNALAG      0.01
CASH      20.00
CHANGE      0.00
`);
    expect(values(onlyCash, ['Total'])).toEqual({ Total: 20 });
    // No total label and no cash less change: the largest amount with cents, not a barcode.
    const barcode = receipt(`
KEDAI RUNCIT MAJU
KACANG GORENG      4.20
TERUNG PENDEK      3.15
£556524004265      #3      21.60
Tetal      Sales
`);
    expect(values(barcode, ['Total'])).toEqual({ Total: 21.6 });
    // The net total's 8 read as 3; the subtotal and cash less change agree on 85.20.
    const misread = receipt(`
KEDAI PAPAN MAJU
Subtotal      85.20
Net Total      35.20
Cash      100.20
CHANGE      15.00
`);
    expect(values(misread, ['Total'])).toEqual({ Total: 85.2 });
    // A leading digit gained ("553.20" for 53.20): cash less change says which.
    const gained = receipt(`
KEDAI RUNCIT ABC
Total Incl. GST      RM 553.20
CASH      RM 100.20
CHANGE      RM 47.00
`);
    expect(values(gained, ['Total'])).toEqual({ Total: 53.2 });
    // Without a second witness, a total that merely differs from cash less change stays.
    const alone = receipt(`
KEDAI RUNCIT ABC
Total Incl. GST      RM 25.50
CASH      RM 50.00
CHANGE      RM 24.60
`);
    expect(values(alone, ['Total'])).toEqual({ Total: 25.5 });
  });

  it('takes the total payable over a larger total of supplies, and not what was tendered', () => {
    const returns = receipt(`
ROTI SEGAR BAKERIES SDN BHD
Total 0% supplies:      26.61
Total 6% supplies (Inc. GST):      -3.08
Total supplies:      26.61
Total Payable:      23.53
`);
    expect(values(returns, ['Total'])).toEqual({ Total: 23.53 });
    // "Total Paid" is the note handed over; the total with its rounding is what was owed.
    const paid = receipt(`
BAKERY HOUSE SDN BHD
Total (Incl GST, 0%)      RM14.18
Rounding      RM0.02
Total Paid      RM20.20
Change      RM6.00
`);
    expect(values(paid, ['Total'])).toEqual({ Total: 14.2 });
    // The tax the total includes, printed under it, is not the total.
    const within = receipt(`
KEDAI ALATAN RUMAH
Total Incl. GST@6%      <RM_34.80
CASH      RM 100.00
CHANGE      RM 65.20
GST @6% included in total      RM 1.97
`);
    expect(values(within, ['Total'])).toEqual({ Total: 34.8 });
  });

  it('applies a rounding adjustment printed under the total when the rounded total was not read', () => {
    const doc = receipt(`
SYARIKAT MAJU SUPERMARKET S/B
GRAND TOTAL      599.53
ROUNDING ADJ      0.02
THANK YOU
`);
    expect(values(doc, ['Total'])).toEqual({ Total: 599.55 });
    // Printed above the total, the adjustment is already in it.
    const above = receipt(`
SYARIKAT MAJU SUPERMARKET S/B
ROUNDING ADJ      -0.02
TOTAL      25.95
`);
    expect(values(above, ['Total'])).toEqual({ Total: 25.95 });
  });

  it('reads a labelled total whose decimal point OCR lost, on a receipt that prints cents', () => {
    const doc = receipt(`
KEDAI MAJU JAYA SDN BHD
MILO 1KG      18.90
ROTI GARDENIA      5.60
GST 6%      1.47
TOTAL PAYABLE      2597
`);
    expect(values(doc, ['Total'])).toEqual({ Total: 25.97 });
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

  it('reads a total labelled in Malay, not the cash paid (tunai) or the change (baki)', () => {
    // Before: no line said "total", so the largest amount below the items was taken: the cash.
    const doc = receipt(`
KEDAI RUNCIT MAJU JAYA
NO 12, JALAN BESAR, 43000 KAJANG, SELANGOR
TARIKH: 12/03/2019
GULA PASIR 1KG      2.90
MINYAK MASAK 2KG      11.50
JUMLAH BESAR      14.40
TUNAI      50.00
BAKI      35.60
`);
    expect(values(doc, ['Total']).Total).toBe(14.4);
  });

  it('reads the number of a receipt printed after a bare "No:" (a short one only under the title), or with its C read as "€", but not a phone number', () => {
    // Before: "No: INV65888696" under "SIMPLIFIED TAX INVOICE" and "Invoice Number: €S57327128"
    // gave no receipt number.
    const bare = receipt(`
ROYAL PHARMACY SDN. BHD.
TEL: 06-4799 6401
SIMPLIFIED TAX INVOICE
No: INV65888696
GRAND TOTAL      742.80
`);
    expect(values(bare, ['Receipt number'])).toEqual({ 'Receipt number': 'INV65888696' });
    const euro = receipt(`
Harmony Hardware LLC      Invoice
256 Oak Avenue      Invoice Number:      €S57327128
TOTAL      647.16
`);
    expect(values(euro, ['Receipt number'])).toEqual({ 'Receipt number': 'CS57327128' });
    const phone = receipt(`
KEDAI MAJU
No: 07-3507405 Tel
TOTAL      12.00
`);
    expect(values(phone, ['Receipt number'])['Receipt number'] ?? null).toBeNull();
    // A short number right under the receipt's title (before: none).
    const cashBill = receipt(`
MEGAH HARDWARE TRADING
CASH BILL
No: 12045      27 NOV 2026
TOTAL      103.00
`);
    expect(values(cashBill, ['Receipt number'])).toEqual({ 'Receipt number': '12045' });
    const unlabelled = receipt(`
MEGAH HARDWARE TRADING
No: 12045      27 NOV 2026
TOTAL      103.00
`);
    expect(values(unlabelled, ['Receipt number'])['Receipt number'] ?? null).toBeNull();
    // A shop lot opening the address is no receipt number (before: "28-G").
    const lot = receipt(`
SYARIKAT RIVERSIDE KITCHEN SDN. BHD.
NO. 28-G, LORONG BESAR 5/6,
50450 KUALA LUMPUR
BILL NO: INV33349748
TOTAL      19.95
`);
    expect(values(lot, ['Receipt number'])).toEqual({ 'Receipt number': 'INV33349748' });
  });

  it('reads the tax from "Total GST", and from a summary row whose amount lost its decimal point', () => {
    // Before: "Total GST 6.07" was passed over as a total line, and "SR @ 6%  10123  6.07" failed
    // its check (6% of 10,123), so both gave no tax.
    const labelled = receipt(`
KEDAI BRIGHT CEDAR STATIONERY (M) SDN. BHD.
TOTAL SALES (EXCL GST)      101.23
Total GST      6.07
TOTAL SALES (INCL GST)      107.30
`);
    expect(values(labelled, ['Tax', 'Total'])).toEqual({ Tax: 6.07, Total: 107.3 });
    const summary = receipt(`
KEDAI BRIGHT CEDAR STATIONERY (M) SDN. BHD.
TOTAL SALES (INCL GST)      107.30
GST SUMMARY      AMOUNT(RM)      TAX(RM)
SR @ 6%      10123      6.07
`);
    expect(values(summary, ['Tax'])).toEqual({ Tax: 6.07 });
  });

  it('ends the address at its postcode and town, keeping only a region or a country after them', () => {
    // Before: a branch name, an order note or a stray figure printed under the address ran on
    // into it ("… 56000 KUALA LUMPUR, MALAYSIA AEON SHAH ALAM", "… 81750 MASAI JOHOR CARRY OUT").
    const branch = receipt(`
SUN VICTORY SDN BHD
NO 8, JALAN 7/118B,
DESA TUN RAZAK
56000 KUALA LUMPUR,
MALAYSIA
AEON SHAH ALAM
TOTAL      27.53
`);
    expect(values(branch, ['Address'])).toEqual({
      Address: 'NO 8, JALAN 7/118B, DESA TUN RAZAK 56000 KUALA LUMPUR, MALAYSIA',
    });
    const note = receipt(`
RESTORAN PERMAS SDN BHD
NO.12, JALAN PERMAS JAYA 10,
BANDAR BARU PERMAS JAYA,
81750 MASAI JOHOR
CARRY OUT TIMED
TOTAL      3.90
`);
    expect(values(note, ['Address'])).toEqual({
      Address: 'NO.12, JALAN PERMAS JAYA 10, BANDAR BARU PERMAS JAYA, 81750 MASAI JOHOR',
    });
    const district = receipt(`
KEDAI BUNGA SDN BHD
NO.17, JALAN BESAR,
39100 BRINCHANG,
CAMERON HIGHLANDS, PAHANG
TOTAL      5.00
`);
    expect(values(district, ['Address'])).toEqual({
      Address: 'NO.17, JALAN BESAR, 39100 BRINCHANG, CAMERON HIGHLANDS, PAHANG',
    });
    // A five-digit lot number is no postcode: the lines after it are still the address.
    const lot = receipt(`
GOLDEN MART SDN BHD
LOT 12345, JALAN KPB 6,
KAWASAN PERINDUSTRIAN BALAKONG
43300 SERI KEMBANGAN
SELANGOR D.E.
TOTAL      8.00
`);
    expect(values(lot, ['Address'])).toEqual({
      Address: 'LOT 12345, JALAN KPB 6, KAWASAN PERINDUSTRIAN BALAKONG 43300 SERI KEMBANGAN SELANGOR D.E.',
    });
    // A region's name wrapped by a narrow till: its last word is still the address's.
    const wrapped = receipt(`
RESTORAN HILLTOP SDN BHD
NO 100, PERSIARAN TAMPOI 10,
50450 KUALA LUMPUR, W.P. KUALA
LUMPUR.
OUTLET BANGSAR
TOTAL      8.00
`);
    expect(values(wrapped, ['Address'])).toEqual({
      Address: 'NO 100, PERSIARAN TAMPOI 10, 50450 KUALA LUMPUR, W.P. KUALA LUMPUR.',
    });
  });

  it('ends the address at a phone number printed without its label or at a registration id', () => {
    // Before: the phone line, "SIRET …" and "USt-IdNr. …" ran on into the address (and with them
    // the ticket line or the first item).
    const us = receipt(`
GREENLEAF MARKET
1420 W MAIN ST
SPRINGFIELD, IL 62704
(217) 555-0142
TOTAL      27.53
`);
    expect(values(us, ['Address'])).toEqual({ Address: '1420 W MAIN ST SPRINGFIELD, IL 62704' });
    const french = receipt(`
SUPERMARCHE LE PANIER SARL
12 rue de la République
69002 LYON
SIRET 123 456 789 00012
Pommes 1kg      2,99 €
`);
    expect(values(french, ['Address'])).toEqual({ Address: '12 rue de la République 69002 LYON' });
    const german = receipt(`
Bäckerei Müller GmbH
Hauptstraße 12
80331 München
USt-IdNr. DE123456789
Roggenbrot 750g      3,95
`);
    expect(values(german, ['Address'])).toEqual({ Address: 'Hauptstraße 12 80331 München' });
  });

  it('joins a company form on the next line to a name holding a trade word', () => {
    // Before: "TRADING" counted as the name's suffix, and "SDN BHD" was left off.
    const doc = receipt(`
TRADING SUPPLIES ENGINEERING
SDN BHD (544321-T)
PT 1234, JALAN SG 3/2,
68100 BATU CAVES, SELANGOR
`);
    expect(values(doc, ['Company', 'Address'])).toEqual({
      Company: 'TRADING SUPPLIES ENGINEERING SDN BHD',
      Address: 'PT 1234, JALAN SG 3/2, 68100 BATU CAVES, SELANGOR',
    });
  });

  it('ends a till receipt’s address at its fields, and passes over a speck left of it or on a line of its own', () => {
    // Words placed on a 600 × 900 px scan, 9 px a character; each row is [text, x].
    const scan = (rows: [string, number][][]) => {
      const words = rows.flatMap((row, i) =>
        row.map(([text, x]) => {
          const y = 40 + i * 30;
          const box: [number, number, number, number] = [
            x / 600,
            y / 900,
            (x + text.length * 9) / 600,
            (y + 14) / 900,
          ];
          return { text, box, confidence: 0.93 };
        }),
      );
      const page = layoutPageFromWords({ number: 1, source: 'ocr', width: 600, height: 900, words });
      return { kind: 'image', lines: textLinesFromLayout([page]), layout: [page] } as ExtractedDocument;
    };
    // Before: "Bill No" and "Date" were passed over as an invoice's right-hand fields, and the
    // items below them ran on into the address.
    const till = scan([
      [['KEDAI MAKAN SRI MELATI', 60]],
      [['NO 3, JALAN BESAR,', 60]],
      [['81700 PASIR GUDANG, JOHOR', 60]],
      [['Bill No : 38211', 60]],
      [['Date : 12-03-2018', 60]],
      [
        ['NASI LEMAK AYAM', 40],
        ['2', 300],
        ['13.00', 480],
      ],
    ]);
    expect(values(till, ['Address'])).toEqual({ Address: 'NO 3, JALAN BESAR, 81700 PASIR GUDANG, JOHOR' });
    // An invoice's fields at the right of its address lines are still passed over.
    const invoice = scan([
      [['HARMONY HARDWARE LLC', 40]],
      [
        ['256 Oak Avenue', 40],
        ['Invoice No: 4471', 400],
      ],
      [['Invoice Date: 03/02/2024', 400]],
      [['Portland, OR 97201', 40]],
    ]);
    expect(values(invoice, ['Address'])).toEqual({ Address: '256 Oak Avenue Portland, OR 97201' });
    // Before: "3" read from the paper's edge led the line and ended the address with it.
    const speck = scan([
      [['SWC ENTERPRISE SDN BHD', 120]],
      [['NO. 5-7, JALAN MUTIARA EMAS 9/3,', 120]],
      [['81100 JOHOR BAHRU, JOHOR', 120]],
      [
        ['3', 20],
        ['TEL: 07-3612 880', 120],
      ],
    ]);
    expect(values(speck, ['Address'])).toEqual({
      Address: 'NO. 5-7, JALAN MUTIARA EMAS 9/3, 81100 JOHOR BAHRU, JOHOR',
    });
    // Before: a "1" read from the paper's edge on a line of its own ended the address.
    const edge = scan([
      [['THE OLD BELL INN', 200]],
      [['3 Church Lane, Ludlow', 180]],
      [['SY8 1AQ', 220]],
      [['1', 520]],
      [['VAT Reg: 987 6543 21', 160]],
    ]);
    expect(values(edge, ['Address'])).toEqual({ Address: '3 Church Lane, Ludlow SY8 1AQ' });
  });

  it('reads a receipt number in brackets, glued to its label, or labelled in German or French', () => {
    // Before: each of these gave no receipt number.
    const cases: [string, string][] = [
      ['Invoice No :      (CS00012345', 'CS00012345'],
      ['Receipt#:85912/104/T0311', '85912/104/T0311'],
      ['Rechnung Nr. 2026-08817', '2026-08817'],
      ['Beleg-Nr. 4711      27.11.2026 09:12', '4711'],
      ['Ticket n° 0452 - Caisse 2', '0452'],
    ];
    for (const [line, number] of cases) {
      const doc = receipt(`KEDAI MAJU\n${line}\nTOTAL      12.00`);
      expect(values(doc, ['Receipt number']), line).toEqual({ 'Receipt number': number });
    }
  });

  it('reads the tax a total says it includes', () => {
    // Before: "… included in total" was passed over as a total line, and no tax was read.
    const doc = receipt(`
MYDIN MART MAJU (M) SDN BHD
NETT TOTAL      52.30
GST @ 6% included in total      2.96
`);
    expect(values(doc, ['Tax', 'Total'])).toEqual({ Tax: 2.96, Total: 52.3 });
  });

  it('reads a tax or total whose decimal point OCR read as a colon, and "S$$" as S$', () => {
    // Before: faint print read "GST 9%  1:12" and "Total  S$$10.30", and gave no tax and the
    // largest item as the total.
    const doc = receipt(`
KOPI CORNER FOOD PTE. LTD.
Chicken Rice      4.50
Fishball Noodle      5.80
GST 9%      1:12
Total      S$$10.30
`);
    expect(values(doc, ['Tax', 'Total'])).toEqual({ Tax: 1.12, Total: 10.3 });
    const colon = receipt(`
KOPI CORNER FOOD PTE. LTD.
Chicken Rice      4.50
Fishball Noodle      5.80
GST 9%      0.92
TOTAL      11:22
`);
    expect(values(colon, ['Total'])).toEqual({ Total: 11.22 });
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

  it('takes no total for the tax when the tax line itself was not read', async () => {
    // Before: with its GST summary lost to OCR, "Total Inclusive GST: 233.70" answered Tax 233.7
    // (and "Total Excl. GST 1535.55" Tax 1535.55).
    for (const line of ['Total Inclusive GST:      233.70', 'Total Excl. GST      220.47']) {
      const doc = receipt(`
GOLDEN EMPIRE HARDWARE (M) SDN BHD
TAX INVOICE
PAINT BRUSH 2IN      1 x 220.47      220.47 SR
${line}
TOTAL (RM)      233.70
`);
      const { result } = await new HeuristicProvider().extract(doc, ['Total', 'Tax'], {
        documentType: 'receipt_mapping',
      });
      expect(result.Total?.value, line).toBe(233.7);
      expect(result.Tax?.value ?? null, line).toBeNull();
    }
    // A tax label with its amount lost: the total under it is not the tax (before: 330.3).
    const lost = receipt(`
ALPINE FURNITURE CORP
209 OAK AVENUE
DENVER, CO 80202
Sub Total      305.13
SALES TAX
GRAND TOTAL      $330.30
`);
    const answered = await new HeuristicProvider().extract(lost, ['Total', 'Tax'], {
      documentType: 'receipt_mapping',
    });
    expect(answered.result.Total?.value).toBe(330.3);
    expect(answered.result.Tax?.value ?? null).toBeNull();
    // A tax line the reader does not know still answers, below a third of the total.
    const levy = receipt(`
GOLDEN EMPIRE HARDWARE (M) SDN BHD
PAINT BRUSH 2IN      1 x 220.47      220.47
Tax      13.23
TOTAL (RM)      233.70
`);
    const { result } = await new HeuristicProvider().extract(levy, ['Tax'], {
      documentType: 'receipt_mapping',
    });
    expect(result.Tax?.value).toBe(13.23);
  });
});
