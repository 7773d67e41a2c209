import { encode as encodeBmp } from 'bmp-ts';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrWorkers } from '../ocr/worker-pool';
import { extractFromSource } from '../pipeline';
import { HeuristicProvider } from '../providers/heuristic';
import { scanOf } from '../testing/scan';
import { loadImage } from './image';

/** Scanner and phone formats beside the web ones: a fax's multi-page TIFF, a bitmap, a damaged HEIC. */

const coverLetter = [
  'FAX COVER SHEET',
  '',
  'To:    Accounts payable',
  'From:  Kedai Maju Jaya',
  'Pages: 2 including this one',
  '',
  'Please find our receipt attached.',
];
const receipt = [
  '     KEDAI MAJU JAYA SDN BHD',
  '   NO 12, JALAN MERDEKA 3,',
  '  TAMAN BUKIT, 43000 KAJANG.',
  '',
  'Date: 25/12/2018          14:32',
  '--------------------------------',
  'MILO 1KG                   18.90',
  'ROTI GARDENIA  2 x 2.80     5.60',
  '--------------------------------',
  'TOTAL                   RM 24.50',
  'CASH                       50.00',
  'CHANGE                     25.50',
];

const deps = {
  allowPrivateFetch: false,
  secBaseUrl: 'http://127.0.0.1:9',
  secUserAgent: 'test',
  provider: new HeuristicProvider(),
};

afterAll(() => closeOcrWorkers());

describe('image formats', { timeout: 240_000 }, () => {
  it('reads a multi-page TIFF page by page, the total anchored on the page it is printed on', async () => {
    const pages = [await scanOf(coverLetter, 'png'), await scanOf(receipt, 'png')];
    const width = Math.max(
      ...(await Promise.all(pages.map(async (p) => (await sharp(p).metadata()).width ?? 0))),
    );
    // Pages of one TIFF share a width: each page padded white to the widest.
    const even = await Promise.all(
      pages.map(async (p) => {
        const w = (await sharp(p).metadata()).width ?? width;
        return sharp(p)
          .extend({ right: width - w, background: '#ffffff' })
          .png()
          .toBuffer();
      }),
    );
    const heights = await Promise.all(even.map(async (p) => (await sharp(p).metadata()).height ?? 0));
    const pageHeight = Math.max(...heights);
    const tall = await Promise.all(
      even.map((p, i) =>
        sharp(p)
          .extend({ bottom: pageHeight - (heights[i] ?? pageHeight), background: '#ffffff' })
          .png()
          .toBuffer(),
      ),
    );
    const tiff = await sharp(tall, { join: { animated: true } })
      .tiff()
      .toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(2);

    const { tasks } = await extractFromSource(
      { kind: 'file', bytes: tiff, contentType: 'image/tiff' },
      { dataPoints: ['Total', 'Date'], documentType: 'receipt_mapping' },
      deps,
    );
    const task = tasks[0];
    expect(task?.document.layout?.map((p) => p.number)).toEqual([1, 2]);
    expect(task?.document.layout?.[0]?.words.some((w) => /COVER/.test(w.text))).toBe(true);
    const total = task?.result.result.Total;
    expect(total?.value).toBe(24.5);
    expect(total?.anchor?.page).toBe(2);
    expect(task?.result.result.Date?.value).toBe('20181225');
  });

  it('reads a Windows bitmap (BMP) receipt', async () => {
    const png = await scanOf(receipt, 'png');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // bmp-ts writes ABGR: reorder the RGBA pixels.
    const abgr = Buffer.alloc(data.length);
    for (let i = 0; i < data.length; i += 4) {
      abgr[i] = 255;
      abgr[i + 1] = data[i + 2] as number;
      abgr[i + 2] = data[i + 1] as number;
      abgr[i + 3] = data[i] as number;
    }
    const bmp = encodeBmp({ data: abgr, width: info.width, height: info.height, bitPP: 24 }).data;
    expect(bmp.subarray(0, 2).toString('latin1')).toBe('BM');
    const { tasks } = await extractFromSource(
      { kind: 'file', bytes: bmp, contentType: 'image/bmp' },
      { dataPoints: ['Total'], documentType: 'receipt_mapping' },
      deps,
    );
    expect(tasks[0]?.result.result.Total?.value).toBe(24.5);
  });

  it('says a damaged HEIC photo cannot be opened, in words a requester understands', async () => {
    // An ISO-BMFF "ftyp heic" box and nothing a decoder can use.
    const box = Buffer.alloc(32);
    box.writeUInt32BE(24, 0);
    box.write('ftypheic', 4, 'latin1');
    box.write('mif1heic', 16, 'latin1');
    await expect(loadImage(box, { mediaType: 'image/heic' })).rejects.toThrow(
      'The image file is damaged or in a form that cannot be opened',
    );
  });
});
