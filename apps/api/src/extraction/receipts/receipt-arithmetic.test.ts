import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrWorkers } from '../ocr/worker-pool';
import { extractFromSource } from '../pipeline';
import { HeuristicProvider } from '../providers/heuristic';
import { scanOf as scan } from '../testing/scan';

/**
 * Receipts read by their own arithmetic and locale (issue 39), on receipts made by hand here and
 * rendered as scans: the tax-inclusive total over a GST summary's totals, a day-first date on a
 * Malaysian receipt, the total that tendered less change agrees on, a German receipt read with the
 * German OCR model.
 */

const provider = new HeuristicProvider();
const deps = { allowPrivateFetch: false, secBaseUrl: 'http://127.0.0.1:9', secUserAgent: 'test', provider };

async function ask(png: Buffer, dataPoints: string[]) {
  const { tasks } = await extractFromSource(
    { kind: 'file', bytes: png, contentType: 'image/jpeg' },
    { dataPoints: [...dataPoints], documentType: 'receipt_mapping' },
    deps,
  );
  return tasks[0]?.result.result ?? {};
}

afterAll(() => closeOcrWorkers());

describe('receipts read by their arithmetic', { timeout: 240_000 }, () => {
  it('answers the tax-inclusive total, not the last "Total" of the GST summary under it', async () => {
    const png = await scan([
      '      KEDAI RUNCIT SRI MAWAR',
      '          (600123-K)',
      '   LOT 7, JALAN PANDAN INDAH 4,',
      '   55100 KUALA LUMPUR.',
      '   GST ID: 001234567890',
      '',
      'Date: 03/02/2018        09:15',
      '--------------------------------',
      'TEH O AIS                  2.12',
      'ROTI BAKAR                 5.30',
      '--------------------------------',
      'Total Sales (Inclusive of GST): 7.42',
      'CASH                       7.42',
      'Change                     0.00',
      '',
      'GST Summary    Amount(RM)  Tax(RM)',
      'SR @ 6%             7.00     0.42',
      'Total:              7.00     0.42',
    ]);
    const result = await ask(png, ['Total', 'Date']);
    expect(result.Total?.value).toBe(7.42);
    // Day-first on a receipt in RM with GST: 3 February.
    expect(result.Date?.value).toBe('20180203');
  });

  it('reads 10/01/2018 day-first on a receipt with RM, GST and a Malaysian address', async () => {
    const png = await scan([
      '    SYARIKAT BUNGA RAYA SDN BHD',
      '          (81109-A)',
      '  NO 3, JALAN TEMPUA 2, TAMAN',
      '  BUKIT INDAH, 81200 JOHOR BAHRU',
      '',
      'TAX INVOICE',
      'Date: 10/01/2018     14:05:11',
      '--------------------------------',
      'BERAS 5KG              RM 18.90',
      'GST 6%                 RM  1.07',
      'TOTAL                  RM 18.90',
    ]);
    const result = await ask(png, ['Company', 'Date', 'Total']);
    expect(result.Date?.value).toBe('20180110');
    expect(result.Company?.value).toBe('SYARIKAT BUNGA RAYA SDN BHD');
    expect(result.Total?.value).toBe(18.9);
  });

  it('picks the total that cash tendered less change agrees on, and is surer for it', async () => {
    const lines = (change: string) => [
      '      RESTORAN MAJU BARU',
      '  12, JALAN SS 2/24, 47300',
      '  PETALING JAYA, SELANGOR',
      'Date: 21/05/2018        13:02',
      '--------------------------------',
      'NASI LEMAK x2             12.00',
      'TEH TARIK x2               6.00',
      'TOTAL                     18.00',
      'VOUCHER                   -5.00',
      'NET TOTAL                 13.00',
      'CASH                      20.00',
      `CHANGE                    ${change}`,
    ];
    const agreed = await ask(await scan(lines('7.00')), ['Total']);
    expect(agreed.Total?.value).toBe(13);
    // Change that agrees with no total printed: the total is answered less surely.
    const disagreed = await ask(await scan(lines('3.00')), ['Total']);
    expect(disagreed.Total?.confidence ?? 1).toBeLessThan(agreed.Total?.confidence ?? 0);
  });
});

describe('images with no text', { timeout: 240_000 }, () => {
  it('fail with their reason, whatever marks OCR reads in shapes or a gradient', async () => {
    const shapes = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><rect width="800" height="1000" fill="#fafafa"/>
      <circle cx="200" cy="180" r="70" fill="#3a6ea5"/><rect x="420" y="120" width="160" height="90" fill="#c0392b"/>
      <polygon points="120,520 300,600 160,760" fill="#27ae60"/><circle cx="600" cy="640" r="40" fill="#8e44ad"/>
      <rect x="300" y="820" width="60" height="120" fill="#2c3e50"/><rect x="520" y="400" width="14" height="200" fill="#111"/></svg>`,
    );
    const gradient = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="1000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f0e8d8"/><stop offset="1" stop-color="#405060"/></linearGradient></defs><rect width="700" height="1000" fill="url(#g)"/></svg>`,
    );
    // Asked for receipt fields, and for everything (no data points).
    for (const [svg, dataPoints] of [
      [shapes, ['Company', 'Date', 'Total']],
      [gradient, []],
    ] as const) {
      const png = await sharp(svg).png().toBuffer();
      await expect(
        extractFromSource(
          { kind: 'file', bytes: png, contentType: 'image/png' },
          { dataPoints: [...dataPoints], documentType: 'receipt_mapping' },
          deps,
        ),
      ).rejects.toThrow('The image has no text that could be read');
    }
  });

  it('reads a German receipt: "Summe" is the total, "MwSt" the tax, the date day-first', async () => {
    const jpg = await scan([
      '      Bäckerei Brotzeit GmbH',
      '     Hauptstraße 12',
      '     80331 München',
      '   USt-IdNr. DE123456789',
      '',
      'Datum: 14.03.2024   Uhrzeit: 08:12',
      '--------------------------------',
      'Laugenbrezel        2 x 0,95',
      '                        1,90 A',
      'Roggenbrot 750g         4,20 A',
      'Milchkaffee             3,40 B',
      '--------------------------------',
      'Summe EUR               9,50',
      'Gegeben BAR            20,00',
      'Rückgeld               10,50',
      '',
      'MwSt    Netto   Steuer  Brutto',
      'A  7%    5,70     0,40    6,10',
      'B 19%    2,86     0,54    3,40',
      '',
      '  Vielen Dank für Ihren Einkauf!',
    ]);
    const result = await ask(jpg, ['Total', 'Date', 'Company', 'Tax']);
    expect(result.Total?.value).toBe(9.5);
    expect(result.Date?.value).toBe('20240314');
    // Read again with the German model: the umlaut as printed.
    expect(result.Company?.value).toBe('Bäckerei Brotzeit GmbH');
    expect(result.Tax?.value).toBe(0.94);
  });
});
