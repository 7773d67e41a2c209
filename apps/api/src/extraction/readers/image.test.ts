import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutWord } from '../model/layout';
import { contentBox, flattenBackground, removeRuleLines } from '../ocr/image-prep';
import { readingScore } from '../ocr/ocr';
import { closeOcrWorkers, ocrLangPath } from '../ocr/worker-pool';
import { extractFromSource } from '../pipeline';
import { HeuristicProvider } from '../providers/heuristic';
import { hasReadableText, loadImage } from './image';

/** A clean shop receipt, rendered as a PNG the way a flatbed scan at ~170 dpi would give it. */
async function receiptPng(): Promise<Buffer> {
  const lines = [
    '     KEDAI MAJU JAYA SDN BHD',
    '          (123456-X)',
    '   NO 12, JALAN MERDEKA 3,',
    '  TAMAN BUKIT, 43000 KAJANG.',
    '     TEL: 03-8734 1122',
    '',
    'Date: 25/12/2018          14:32',
    'Receipt No:          CS00012345',
    '--------------------------------',
    'MILO 1KG                   18.90',
    'ROTI GARDENIA  2 x 2.80     5.60',
    '--------------------------------',
    'SUB TOTAL                  24.50',
    'GST 6%                      1.47',
    'ROUNDING                   -0.02',
    'TOTAL                   RM 25.95',
    'CASH                       50.00',
    'CHANGE                     24.05',
    '',
    '          THANK YOU',
  ];
  const markup = `<span foreground="#111111">${lines.join('\n')}</span>`;
  return sharp({ text: { text: markup, font: 'DejaVu Sans Mono 9', dpi: 170, rgba: true } })
    .flatten({ background: '#ffffff' })
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' })
    .png()
    .toBuffer();
}

const provider = new HeuristicProvider();
const deps = { allowPrivateFetch: false, secBaseUrl: 'http://127.0.0.1:9', secUserAgent: 'test', provider };

afterEach(() => {
  vi.unstubAllGlobals();
});
afterAll(() => closeOcrWorkers());

// OCR on a shared 2-core machine: a first worker start plus a page can take a few seconds.
describe('OCR of images', { timeout: 240_000 }, () => {
  it('reads a PNG receipt: merchant, date and total, each anchored to its words', async () => {
    const png = await receiptPng();
    const { tasks } = await extractFromSource(
      { kind: 'file', bytes: png, contentType: 'image/png' },
      { dataPoints: ['Merchant', 'Receipt date', 'Total amount'], documentType: 'receipt_mapping' },
      deps,
    );
    const result = tasks[0]?.result.result ?? {};
    expect(result.Merchant?.value).toBe('KEDAI MAJU JAYA SDN BHD');
    expect(result['Receipt date']?.value).toBe('20181225');
    // The rounded total, not the subtotal, the tax or the cash handed over.
    expect(result['Total amount']?.value).toBe(25.95);

    const merchant = result.Merchant?.anchor;
    const total = result['Total amount']?.anchor;
    expect(merchant?.page).toBe(1);
    // Boxes are 0–1 of the image: the name sits at the top, the total in the lower half, right side.
    expect(merchant?.box[1]).toBeLessThan(0.15);
    expect(total?.box[1]).toBeGreaterThan(0.6);
    expect(total?.box[0]).toBeGreaterThan(0.5);
    for (const v of total?.box ?? []) expect(v).toBeGreaterThanOrEqual(0);
    expect(result['Total amount']?.source_text).toMatch(/TOTAL/);
    expect(result['Total amount']?.location).toMatch(/^page 1, line \d+$/);
    // OCR confidence feeds item confidence: a clean scan is sure, but never certain.
    expect(result['Total amount']?.confidence).toBeGreaterThan(0.8);
    expect(result['Total amount']?.confidence).toBeLessThan(0.97);
  });

  it('fails a blank image with a readable note instead of an empty "completed" result', async () => {
    const blank = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#fdfdfd' } })
      .jpeg()
      .toBuffer();
    const doc = await loadImage(blank, { mediaType: 'image/jpeg' });
    expect(doc.lines).toEqual([]);
    expect(doc.notes).toEqual([
      'The image has no text that could be read (it may be blank, too blurred or too small)',
    ]);
    await expect(
      extractFromSource(
        { kind: 'file', bytes: blank },
        { dataPoints: ['Total'], documentType: 'receipt_mapping' },
        deps,
      ),
    ).rejects.toThrow('The image has no text that could be read');
  });

  it('runs with no network: the language data comes from the installed package', async () => {
    const langPath = ocrLangPath();
    expect(langPath.split(path.sep)).toContain('node_modules');
    expect(langPath).toMatch(/@tesseract\.js-data[/\\]eng[/\\]4\.0\.0_best_int$/);
    // A directory on disk, not a URL: tesseract.js reads the model with fs, never fetches it.
    expect(existsSync(path.join(langPath, 'eng.traineddata.gz'))).toBe(true);
    await closeOcrWorkers(); // a fresh worker must load the model now, with fetch refused
    const fetch = vi.fn(() => Promise.reject(new Error('network is off in this test')));
    vi.stubGlobal('fetch', fetch);
    const doc = await loadImage(await receiptPng(), { mediaType: 'image/png' });
    expect(doc.lines.map((l) => l.text).join('\n')).toMatch(/KEDAI\s+MAJU\s+JAYA/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads an invoice's address set beside its number and date at another line pitch, scanned tilted", async () => {
    const text = async (markup: string, font: string, spacing = 0) =>
      (await sharp({ text: { text: markup, font, dpi: 200, rgba: true, spacing } })
        .png()
        .toBuffer()) as Buffer;
    const name = await text('<b>Harmony Hardware LLC</b>', 'DejaVu Sans 15');
    const address = await text('256 Oak Avenue\nAustin, TX 78701\nTel: (415) 2944 3394', 'DejaVu Sans 10');
    // The right-hand block's lines fall between the address's lines.
    const fields = await text(
      'Invoice Number:   CS57327128\nInvoice Date:   Jan 24, 2022\nDue Date:   On receipt',
      'DejaVu Sans 10',
      4,
    );
    const page = await sharp({ create: { width: 1600, height: 700, channels: 3, background: '#ffffff' } })
      .composite([
        { input: name, left: 100, top: 80 },
        { input: address, left: 100, top: 160 },
        { input: fields, left: 900, top: 175 },
      ])
      .png()
      .toBuffer();
    const tilted = await sharp(page)
      .rotate(-3.5, { background: '#ffffff' })
      .blur(0.8)
      .jpeg({ quality: 55 })
      .toBuffer();
    const doc = await loadImage(tilted, { mediaType: 'image/jpeg' });
    const { result } = await provider.extract(doc, ['Company', 'Address', 'Date', 'Receipt number'], {
      documentType: 'receipt_mapping',
    });
    expect(result.Company?.value).toBe('Harmony Hardware LLC');
    expect(result.Address?.value).toBe('256 Oak Avenue Austin, TX 78701');
    expect(result.Date?.value).toBe('20220124');
    expect(result['Receipt number']?.value).toBe('CS57327128');
  });

  it('reads a receipt scanned sideways or upside down as it is printed, its boxes on the upright page', async () => {
    const png = await receiptPng();
    const { width = 0, height = 0 } = await sharp(png).metadata();
    for (const angle of [90, 180]) {
      const turned = await sharp(png).rotate(angle).jpeg({ quality: 85 }).toBuffer();
      const doc = await loadImage(turned, { mediaType: 'image/jpeg' });
      const { result } = await provider.extract(doc, ['Company', 'Date', 'Total'], {
        documentType: 'receipt_mapping',
      });
      expect(result.Company?.value).toBe('KEDAI MAJU JAYA SDN BHD');
      expect(result.Date?.value).toBe('20181225');
      expect(result.Total?.value).toBe(25.95);
      // The page is the upright receipt: the name at its top, the total in its lower half.
      expect([doc.layout?.[0]?.width, doc.layout?.[0]?.height]).toEqual([width, height]);
      expect(result.Company?.anchor?.box[1]).toBeLessThan(0.15);
      expect(result.Total?.anchor?.box[1]).toBeGreaterThan(0.6);
      // The reviewer sees the image as stored: there each box lies on the turned receipt.
      const { tasks } = await extractFromSource(
        { kind: 'file', bytes: turned, contentType: 'image/jpeg' },
        { dataPoints: ['Company', 'Total'], documentType: 'receipt_mapping' },
        deps,
      );
      const shown = tasks[0]?.result.result ?? {};
      const company = shown.Company?.anchor?.box ?? [0, 0, 0, 0];
      const total = shown.Total?.anchor?.box ?? [0, 0, 0, 0];
      if (angle === 90) {
        // Turned a quarter clockwise, the receipt's top (its name) is at the right of the image.
        expect(company[0]).toBeGreaterThan(0.85);
        expect(total[2]).toBeLessThan(0.4);
      } else {
        // Upside down, the name is at the bottom and the total above the middle.
        expect(company[3]).toBeGreaterThan(0.85);
        expect(total[1]).toBeLessThan(0.4);
      }
    }
  });

  it('reads a small receipt in the middle of an A4 flatbed scan, and one photographed on a dark table', async () => {
    const png = await receiptPng();
    // The slip at about 90 dpi on a page scanned at 300: its print is small on a sea of white.
    const small = await sharp(png).resize({ width: 240 }).png().toBuffer();
    const { height: smallHeight = 0 } = await sharp(small).metadata();
    const a4 = await sharp({ create: { width: 2480, height: 3508, channels: 3, background: '#ffffff' } })
      .composite([{ input: small, left: 1075, top: 900 }])
      .jpeg({ quality: 80 })
      .toBuffer();
    const { width = 0, height = 0 } = await sharp(png).metadata();
    const wood = await sharp({
      create: {
        width: width + 400,
        height: height + 300,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 70, sigma: 18 },
      },
    })
      .tint('#6b4a2b')
      .png()
      .toBuffer();
    const table = await sharp(wood)
      .composite([{ input: png, left: 180, top: 140 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    for (const [bytes, slip] of [
      [a4, [1075 / 2480, 900 / 3508, (1075 + 240) / 2480, (900 + smallHeight) / 3508]],
      [
        table,
        [
          180 / (width + 400),
          140 / (height + 300),
          (180 + width) / (width + 400),
          (140 + height) / (height + 300),
        ],
      ],
    ] as const) {
      const doc = await loadImage(bytes, { mediaType: 'image/jpeg' });
      const { result } = await provider.extract(doc, ['Company', 'Date', 'Total'], {
        documentType: 'receipt_mapping',
      });
      expect(result.Company?.value).toBe('KEDAI MAJU JAYA SDN BHD');
      expect(result.Date?.value).toBe('20181225');
      expect(result.Total?.value).toBe(25.95);
      // Boxes are shares of the whole scan or photo, on the slip where it lies.
      const box = result.Total?.anchor?.box ?? [0, 0, 0, 0];
      expect(box[0]).toBeGreaterThan(slip[0]);
      expect(box[2]).toBeLessThan(slip[2]);
      expect(box[1]).toBeGreaterThan(slip[1]);
      expect(box[3]).toBeLessThan(slip[3]);
    }
  });

  it('reads a receipt photographed in uneven light (a shadow darkening one side)', async () => {
    const png = await receiptPng();
    const { width = 0, height = 0 } = await sharp(png).metadata();
    const shadow = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#6a6a6a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    const shaded = await sharp(png)
      .composite([{ input: Buffer.from(shadow), blend: 'multiply' }])
      .linear(0.7, 40)
      .jpeg({ quality: 70 })
      .toBuffer();
    const doc = await loadImage(shaded, { mediaType: 'image/jpeg' });
    const { result } = await provider.extract(doc, ['Company', 'Total'], { documentType: 'receipt_mapping' });
    expect(result.Company?.value).toBe('KEDAI MAJU JAYA SDN BHD');
    expect(result.Total?.value).toBe(25.95);
  });

  it('reads dot-matrix print (strokes broken into dots by a grid of paper) at 150 dpi', async () => {
    const lines = [
      '  SYARIKAT MAJU JAYA SDN BHD',
      '     NO 12, JALAN MERDEKA 3,',
      '',
      'DATE: 14/08/2017        11:05',
      'ITEM                   AMOUNT',
      'MILO 1KG                18.90',
      'ROTI GARDENIA            5.60',
      'SUB TOTAL               24.50',
      'GST 6%                   1.47',
      'TOTAL                   25.97',
      'CASH                    50.00',
    ];
    const markup = `<span foreground="#222222">${lines.join('\n')}</span>`;
    const text = await sharp({ text: { text: markup, font: 'DejaVu Sans Mono 9', dpi: 150, rgba: true } })
      .flatten({ background: '#ffffff' })
      .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
      .png()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = text.info;
    // The pins leave paper between their dots: every fourth row and column of pixels is blank.
    const grid = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        grid.fill(y % 4 === 3 || x % 4 === 3 ? 255 : 0, p, p + 3);
        grid[p + 3] = 255;
      }
    const dotted = await sharp(text.data)
      .composite([{ input: grid, raw: { width, height, channels: 4 }, blend: 'lighten' }])
      .jpeg({ quality: 75 })
      .toBuffer();
    const doc = await loadImage(dotted, { mediaType: 'image/jpeg' });
    const { result } = await provider.extract(doc, ['Company', 'Date', 'Total'], {
      documentType: 'receipt_mapping',
    });
    expect(result.Company?.value).toBe('SYARIKAT MAJU JAYA SDN BHD');
    expect(result.Date?.value).toBe('20170814');
    expect(result.Total?.value).toBe(25.97);
  });
});

describe('uneven light', () => {
  it('divides out a background that darkens across the page and keeps the ink dark', () => {
    const width = 480;
    const height = 240;
    const gray = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const paper = 240 - Math.round((x / width) * 140); // 240 on the left, 100 on the right
        const ink = y % 24 < 4 && x % 12 < 6;
        gray[y * width + x] = ink ? Math.round(paper * 0.25) : paper;
      }
    expect(flattenBackground(gray, width, height)).toBe(true);
    const paperLeft = gray[10 * width + 8] as number;
    const paperRight = gray[10 * width + 470] as number;
    const inkRight = gray[1 * width + 458] as number;
    expect(Math.abs(paperLeft - paperRight)).toBeLessThan(20);
    expect(paperRight - inkRight).toBeGreaterThan(120);
  });

  it('leaves an evenly lit page as it is', () => {
    const gray = new Uint8Array(200 * 200).fill(235);
    for (let i = 0; i < gray.length; i += 7) gray[i] = 30;
    const before = Uint8Array.from(gray);
    expect(flattenBackground(gray, 200, 200)).toBe(false);
    expect(gray).toEqual(before);
  });
});

describe('content on a large background', () => {
  const page = (background: (x: number, y: number) => number) => {
    const gray = new Uint8Array(400 * 300);
    for (let y = 0; y < 300; y++) for (let x = 0; x < 400; x++) gray[y * 400 + x] = background(x, y);
    return gray;
  };
  const slip = (gray: Uint8Array, paper: number) => {
    for (let y = 60; y < 240; y++)
      for (let x = 150; x < 250; x++) gray[y * 400 + x] = (y % 6 < 2 && x % 5 < 3) || paper < 0 ? 20 : paper;
  };

  it('finds a slip of ink on white, and a white slip on a dark table', () => {
    const white = page(() => 250);
    slip(white, 250);
    white[5 * 400 + 7] = 30; // a speck of dust on the glass
    expect(contentBox(white, 400, 300)).toMatchObject({ left: 150, top: 60, width: 98, height: 176 });
    const table = page((x, y) => 70 + ((x * 7 + y * 13) % 23));
    slip(table, 245);
    expect(contentBox(table, 400, 300)).toMatchObject({ left: 150, top: 60, width: 100, height: 180 });
  });

  it('finds none on a border that is no even background', () => {
    const cluttered = page((x, y) => (((x >> 3) + (y >> 3)) % 2 ? 240 : 40));
    expect(contentBox(cluttered, 400, 300)).toBeUndefined();
  });
});

describe('rule lines', () => {
  it('whitens a rule under a heading and a border down the page, and keeps the letters', () => {
    const width = 800;
    const height = 400;
    const gray = new Uint8Array(width * height).fill(245);
    const ink = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) gray[y * width + x] = 20;
    };
    // Letters: strokes 4 px wide, 30 px tall, bars up to 24 px long.
    for (let k = 0; k < 8; k++) {
      ink(100 + k * 40, 100, 104 + k * 40, 130);
      ink(100 + k * 40, 100, 124 + k * 40, 104);
    }
    ink(90, 134, 500, 137); // the rule just under them, touching nothing
    ink(700, 20, 703, 380); // a column border
    const whitened = removeRuleLines(gray, width, height);
    expect(whitened).toBe(410 * 3 + 360 * 3);
    expect(gray[135 * width + 300]).toBe(245);
    expect(gray[200 * width + 701]).toBe(245);
    expect(gray[115 * width + 102]).toBe(20);
    expect(gray[101 * width + 120]).toBe(20);
  });
});

describe('choosing between two readings of an image', () => {
  const word = (text: string, confidence: number): LayoutWord => ({
    text,
    confidence,
    box: [0, 0, 0.1, 0.01],
  });
  it('prefers a few surely read words to many specks read as letters', () => {
    const specks = { words: Array.from({ length: 60 }, () => word('lI', 0.35)) };
    const read = { words: [word('TOTAL', 0.91), word('25.97', 0.88), word('SYARIKAT', 0.8)] };
    expect(readingScore(read)).toBeGreaterThan(readingScore(specks));
  });
  it('prefers the reading that kept more of the page at the same confidence', () => {
    const whole = { words: [word('TOTAL', 0.9), word('25.97', 0.9), word('CASH', 0.9)] };
    const half = { words: [word('TOTAL', 0.95)] };
    expect(readingScore(whole)).toBeGreaterThan(readingScore(half));
  });
});

describe('what counts as text', () => {
  const word = (text: string, confidence: number): LayoutWord => ({
    text,
    box: [0, 0, 0.1, 0.02],
    confidence,
  });
  it('takes grain read as hundreds of unsure marks, a few of them sure by chance, for no text', () => {
    const grain = [
      ...Array.from({ length: 440 }, (_, i) => word(['Aa', 'RD', 'Se', 'Ny', 'Lo'][i % 5] as string, 0.3)),
      ...['RAA', 'TOMA', 'RINT', 'PNTa', 'ATA'].map((t) => word(t, 0.7)),
    ];
    expect(hasReadableText(grain)).toBe(false);
  });
  it('takes a faint receipt with a third of its words read surely for text', () => {
    const faint = [
      ...Array.from({ length: 30 }, () => word('JALAN', 0.7)),
      ...Array.from({ length: 60 }, () => word('Rd', 0.4)),
    ];
    expect(hasReadableText(faint)).toBe(true);
  });
});
