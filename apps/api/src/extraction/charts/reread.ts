import sharp from 'sharp';
import { ocrImage } from '../ocr/ocr';
import { parseNumber } from './axis';
import type { Raster } from './pixels';
import type { ChartReading } from './scene';

/**
 * A printed value the mark contradicts is read once more, alone and enlarged (one line of text):
 * in a crowded chart the recogniser drops a digit ("35" read "3") that it reads on its own. The
 * second reading is kept only when the mark agrees with it.
 */

const SCALE = 4;
const PAD = 3;

export async function rereadDisagreements(
  reading: ChartReading,
  raster: Raster,
  agrees: (printed: number, measured: number) => boolean,
  onMark: (x: number, y: number) => boolean,
  background: [number, number, number],
): Promise<void> {
  for (const m of reading.marks) {
    const w = m.printed;
    if (!w || w.number === undefined || m.measured === undefined) continue;
    if (agrees(w.number, m.measured)) continue;
    // Wider than the word: a digit it dropped lies beside it.
    const side = Math.ceil(w.y1 - w.y0);
    try {
      const png = await cropAlone(
        raster,
        [w.x0 - side, w.y0 - PAD, w.x1 + side, w.y1 + PAD],
        onMark,
        background,
      );
      if (!png) continue;
      const ocr = await ocrImage(png, { pageSegMode: '7' });
      const text = ocr.words.map((x) => x.text).join('');
      const n = parseNumber(text);
      if (n && agrees(n.value, m.measured)) {
        w.text = text;
        w.number = n.value;
        w.percent = n.percent;
      }
    } catch {
      // The first reading stands.
    }
  }
}

/**
 * A region of the chart alone, enlarged for one line of text: the marks wiped (a line crossing
 * "35" reads as "SY"), grey, stretched to full contrast, on a white margin.
 */
async function cropAlone(
  raster: Raster,
  region: [number, number, number, number],
  onMark: (x: number, y: number) => boolean,
  background: [number, number, number],
): Promise<Buffer | undefined> {
  const left = Math.max(0, Math.floor(region[0]));
  const top = Math.max(0, Math.floor(region[1]));
  const width = Math.min(raster.width - left, Math.ceil(region[2]) - left);
  const height = Math.min(raster.height - top, Math.ceil(region[3]) - top);
  if (width < 4 || height < 4) return undefined;
  const crop = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = ((top + y) * raster.width + left + x) * 3;
      const o = (y * width + x) * 3;
      const wipe = onMark(left + x, top + y);
      for (let c = 0; c < 3; c++) crop[o + c] = wipe ? (background[c] as number) : (raster.data[i + c] ?? 0);
    }
  }
  return sharp(crop, { raw: { width, height, channels: 3 } })
    .resize({ width: width * SCALE, kernel: 'cubic' })
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: { r: 255, g: 255, b: 255 } })
    .grayscale()
    .normalise()
    .png()
    .toBuffer();
}

/**
 * Legend names read once more, each alone and enlarged: "2009" beside a swatch reads as "2008"
 * among the chart's other words. The second reading is kept when it is as sure and as long.
 */
export async function rereadSeriesNames(
  reading: ChartReading,
  raster: Raster,
  onMark: (x: number, y: number) => boolean,
  background: [number, number, number],
): Promise<void> {
  for (const s of reading.series) {
    if (!s.name || !s.box) continue;
    const [x0, y0, x1, y1] = s.box;
    const pad = Math.ceil((y1 - y0) * 0.3);
    try {
      const png = await cropAlone(raster, [x0 - pad, y0 - pad, x1 + pad, y1 + pad], onMark, background);
      if (!png) continue;
      const ocr = await ocrImage(png, { pageSegMode: '7' });
      const text = ocr.words
        .map((x) => x.text)
        .join(' ')
        .trim();
      const sure = ocr.words.every((x) => (x.confidence ?? 0) >= 0.8);
      if (text && sure && text.replace(/\s/g, '').length >= s.name.replace(/\s/g, '').length) s.name = text;
    } catch {
      // The first reading stands.
    }
  }
}
