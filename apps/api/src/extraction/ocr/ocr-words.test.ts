import { describe, expect, it } from 'vitest';
import { correctOcrWords } from './ocr-words';

describe('correctOcrWords', () => {
  it('undoes one letter slip in the words of shop names and addresses', () => {
    expect(correctOcrWords('PERMIAGAAN SUNRISE WINIMARKET')).toBe('PERNIAGAAN SUNRISE MINIMARKET');
    expect(correctOcrWords('NO 49-G JUN BESAR 16/2, SEXSYEN 13, PUSAT EANDAR PUCHONCG')).toBe(
      'NO 49-G JLN BESAR 16/2, SEKSYEN 13, PUSAT BANDAR PUCHONG',
    );
    expect(correctOcrWords('KEDAL MUTIARA HOME DECO, BANDAR BARU BANGT')).toBe(
      'KEDAI MUTIARA HOME DECO, BANDAR BARU BANGI',
    );
  });

  it('reads an M OCR split into two letters as the M, before a letter lost or added', () => {
    expect(correctOcrWords('DAMANSARA UTARNA')).toBe('DAMANSARA UTAMA');
    expect(correctOcrWords('TINN DESA JAYA')).toBe('TMN DESA JAYA');
  });

  it('leaves names it does not know, words of other letters, digits and lower case as read', () => {
    for (const name of [
      'SANYU STATIONERY SHOP',
      'TAN WOON YANN',
      'UNIHAKKA INTERNATIONAL SDN BHD',
      'YONGFATT ENTERPRISE',
      'BOOK STORY',
      'OJC MARKETING',
      'B1166 Johar Bahru',
      // Real words a letter from a vocabulary word, by a letter OCR does not take for it, or by a plural.
      'RESTORAN NASI KANDAR',
      'BAKERS',
      'TRADER',
      'SUPPLIER',
      'SERVICE',
    ])
      expect(correctOcrWords(name)).toBe(name);
  });

  it('leaves a word two vocabulary words are equally near', () => {
    // "PANANG" is one letter from PENANG, PINANG and PAHANG alike; "KAJANG" is itself a word.
    expect(correctOcrWords('PANANG KAJANG')).toBe('PANANG KAJANG');
    expect(correctOcrWords('PENANC')).toBe('PENANG');
  });
});

describe("a page's time cap", () => {
  it('is a minute on an idle machine and stretches with the load, up to five minutes', async () => {
    const { pageTimeoutMs } = await import('./worker-pool');
    expect(pageTimeoutMs(0.5, 2)).toBe(60_000);
    expect(pageTimeoutMs(6, 2)).toBe(180_000);
    expect(pageTimeoutMs(28, 2)).toBe(300_000);
  });
});
