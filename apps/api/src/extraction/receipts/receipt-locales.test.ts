import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrWorkers } from '../ocr/worker-pool';
import { extractFromSource } from '../pipeline';
import { HeuristicProvider } from '../providers/heuristic';

/** A thermal receipt as a ~170 dpi scan: monospaced print, a white margin. */
async function scan(lines: string[]): Promise<Buffer> {
  const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const markup = `<span foreground="#111111">${lines.map(escapeXml).join('\n')}</span>`;
  return sharp({ text: { text: markup, font: 'DejaVu Sans Mono 9', dpi: 170, rgba: true } })
    .flatten({ background: '#ffffff' })
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const provider = new HeuristicProvider();
const deps = { allowPrivateFetch: false, secBaseUrl: 'http://127.0.0.1:9', secUserAgent: 'test', provider };

afterAll(() => closeOcrWorkers());

describe('receipts in other languages', { timeout: 240_000 }, () => {
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
    const { tasks } = await extractFromSource(
      { kind: 'file', bytes: jpg, contentType: 'image/jpeg' },
      { dataPoints: ['Total', 'Date', 'Company', 'Tax'], documentType: 'receipt_mapping' },
      deps,
    );
    const result = tasks[0]?.result.result ?? {};
    expect(result.Total?.value).toBe(9.5);
    expect(result.Date?.value).toBe('20240314');
    // Read again with the German model: the umlaut as printed.
    expect(result.Company?.value).toBe('Bäckerei Brotzeit GmbH');
    expect(result.Tax?.value).toBe(0.94);
  });
});
