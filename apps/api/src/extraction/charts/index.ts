import sharp from 'sharp';
import type { LayoutPage, LayoutTable } from '../model/layout';
import type { ExtractedDocument } from '../model/types';
import { ocrImage } from '../ocr/ocr';
import { type ChartWord, chartWords, cx, cy, parseNumber } from './axis';
import { readBars } from './bars';
import { agreement, chartTable } from './chart-table';
import { readLines } from './lines';
import { readPie } from './pies';
import { blobHeight, blobWidth, decodeRgb, distance, fillRatio, saturation, textImage } from './pixels';
import { rereadDisagreements, rereadSeriesNames } from './reread';
import { type ChartReading, findTitle, makeScene, ruleColours, type Scene } from './scene';

/**
 * The chart reader (a stage beside the table readers): an image of a bar, line or pie chart and
 * its OCR'd words → a layout table of the values it shows, on the image's page. Pies are tried
 * first (a disc is unmistakable), then bars (filled rectangles), then lines.
 */

export const CHART_NOT_READ =
  'The chart could not be read: no bars, lines or pie slices with values were found (3D or heavily styled charts are not read)';

export interface ChartResult {
  table?: LayoutTable;
  reading?: ChartReading;
  note?: string;
}

export async function readChart(bytes: Uint8Array, page: LayoutPage): Promise<ChartResult> {
  const raster = await decodeRgb(bytes);
  const first = makeScene(raster, chartWords(page.words, raster.width, raster.height));
  const scene = await rereadText(first);
  // Bars first when they are solid blocks (a seam between stacked segments runs like a line);
  // else lines first (a line's markers are small rectangles too).
  const bars = readBars(scene);
  const solid = bars && solidBars(bars, scene.textHeight);
  const readers = solid ? [readPie, () => bars, readLines] : [readPie, readLines, () => bars];
  let reading: ChartReading | undefined;
  for (const read of readers) {
    const r = read(scene);
    if (r?.marks.some((m) => m.measured !== undefined || m.printed)) {
      reading = r;
      break;
    }
  }
  if (!reading) return { note: CHART_NOT_READ };
  const markColour = marksOf.get(raster) ?? [];
  const onMark = (x: number, y: number) => !!markColour[scene.labels[y * raster.width + x] ?? -1];
  await rereadDisagreements(reading, raster, agreement(reading), onMark, scene.background);
  await rereadSeriesNames(reading, raster, onMark, scene.background);
  const plotTop = Math.min(...reading.marks.map((m) => m.box[1]));
  const title = findTitle(scene, plotTop, reading.used);
  const table = chartTable(reading, raster, page.number, title?.text);
  return table ? { table, reading } : { reading, note: CHART_NOT_READ };
}

/**
 * The chart's words read again from its text alone (marks, gridlines and background wiped, white
 * text on bars turned black), sparse text mode: a value printed on a coloured bar or a tick on a
 * dark chart reads there as on paper. The first reading gives the text's height.
 */
/** Which palette colours are marks (bars, lines, slices, rules), per chart read. */
const marksOf = new WeakMap<object, boolean[]>();

export async function rereadText(scene: Scene): Promise<Scene> {
  const th = scene.textHeight;
  const rules = ruleColours(scene);
  const solid = new Set<number>();
  for (const b of scene.blobs) {
    if (blobWidth(b) >= th * 1.2 && blobHeight(b) >= th * 1.2 && fillRatio(b) >= 0.5) solid.add(b.colour);
  }
  const markColour = scene.palette.map((c, i) => saturation(c) >= 30 || solid.has(i) || rules.has(i));
  marksOf.set(scene.raster, markColour);
  const rects = scene.blobs.filter(
    (b) => markColour[b.colour] && fillRatio(b) >= 0.8 && blobWidth(b) >= th && blobHeight(b) >= th,
  );
  // Axis lines with their ticks are long combs of the text's colour: no ink (a tick beside "160" reads as "1604").
  const combs = scene.blobs.filter(
    (b) => !markColour[b.colour] && Math.max(blobWidth(b), blobHeight(b)) >= th * 4,
  );
  const labels = Int16Array.from(scene.labels);
  for (const b of combs) {
    for (let y = b.y0; y <= b.y1; y++)
      for (let x = b.x0; x <= b.x1; x++)
        if (labels[y * scene.raster.width + x] === b.colour) labels[y * scene.raster.width + x] = -2;
  }
  const inside = (x: number, y: number) => rects.some((b) => x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1);
  const png = await textImage(scene.raster, labels, markColour, scene.background, inside);
  const ocr = await ocrImage(png, { pageSegMode: '11' });
  const second = chartWords(ocr.words, scene.raster.width, scene.raster.height);
  // Each reading misses some words the other has: the text image's first, then the page's.
  const overlaps = (a: ChartWord, b: ChartWord) =>
    Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0;
  // Where both read a word, the surer reading; symbols (a legend's dot read as "®") are no words, a
  // unit is ("(%)," in a title).
  const sure = (w: ChartWord) => /[\p{L}\p{N}%$€£¥]/u.test(w.text) && w.y1 - w.y0 < th * 3;
  // A swatch or a bar's end read as letters ("[EEN") lies on a mark's colour: no word.
  const onMark = (w: ChartWord) => {
    let mark = 0;
    let all = 0;
    for (let y = Math.max(0, Math.floor(w.y0)); y < Math.min(scene.raster.height, Math.ceil(w.y1)); y++) {
      for (let x = Math.max(0, Math.floor(w.x0)); x < Math.min(scene.raster.width, Math.ceil(w.x1)); x++) {
        const l = scene.labels[y * scene.raster.width + x] ?? -1;
        all++;
        if (l >= 0 && markColour[l]) mark++;
      }
    }
    return all > 0 && mark / all > 0.4;
  };
  const firstWords = scene.words.filter((w) => sure(w) && !onMark(w));
  const words = [
    ...second.filter(
      (w) => sure(w) && !firstWords.some((o) => overlaps(o, w) && o.confidence > w.confidence + 0.1),
    ),
    ...firstWords.filter(
      (w) => !second.some((o) => sure(o) && overlaps(o, w) && o.confidence + 0.1 >= w.confidence),
    ),
  ];
  const ticks = await rereadTickColumn(scene, labels, markColour, png);
  if (ticks) {
    const inBox = (w: ChartWord) =>
      cx(w) >= ticks.box[0] && cx(w) <= ticks.box[2] && cy(w) >= ticks.box[1] && cy(w) <= ticks.box[3];
    const before = words.filter((w) => inBox(w) && w.number !== undefined).length;
    const after = ticks.words.filter((w) => w.number !== undefined).length;
    // More numbers read there (or as many, and a column of them): the ticks as read alone, and the
    // first reading's words where the second has none (a column of category labels stays as read).
    if (after > before || (after === before && after >= 2)) {
      const overlaps = (a: ChartWord, b: ChartWord) =>
        Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0;
      return makeSceneWords(scene, [
        ...words.filter((w) => !inBox(w) || !ticks.words.some((t) => overlaps(t, w))),
        ...ticks.words.filter(
          (t) => t.number !== undefined || !words.some((w) => inBox(w) && overlaps(t, w)),
        ),
      ]);
    }
  }
  return makeSceneWords(scene, words);
}

/**
 * The tick labels of a vertical value axis read once more on their own: the column of text just
 * left of the plot (up to a gap that parts it from a rotated axis title), enlarged, one block of
 * lines. Small single digits beside an axis title read as letters on the whole chart; alone they
 * read as numbers.
 */
async function rereadTickColumn(
  scene: Scene,
  labels: Int16Array,
  markColour: boolean[],
  textPng: Buffer,
): Promise<{ box: [number, number, number, number]; words: ChartWord[] } | undefined> {
  const { width, height } = scene.raster;
  const th = scene.textHeight;
  // The plot: where the large regions of mark colours lie (bars, lines, gridlines).
  const big = scene.blobs.filter(
    (b) => markColour[b.colour] && (blobWidth(b) >= th * 2 || blobHeight(b) >= th * 2) && b.count >= 30,
  );
  if (big.length === 0) return undefined;
  const px0 = Math.min(...big.map((b) => b.x0));
  const py0 = Math.min(...big.map((b) => b.y0));
  const py1 = Math.max(...big.map((b) => b.y1));
  if (px0 < th * 1.5 || py1 - py0 < th * 4) return undefined;
  const ink = (x: number, y: number) => {
    const l = labels[y * width + x] ?? -1;
    if (l === -2 || (l >= 0 && markColour[l])) return false;
    const i = (y * width + x) * 3;
    const c: [number, number, number] = [
      scene.raster.data[i] ?? 0,
      scene.raster.data[i + 1] ?? 0,
      scene.raster.data[i + 2] ?? 0,
    ];
    return distance(c, scene.background) >= 90;
  };
  const top = Math.max(0, Math.floor(py0 - th * 2.5));
  const bottom = Math.min(height - 1, Math.ceil(py1 + th * 1.5));
  // Ink of text in a column: runs no longer than a letter (an axis line or a bar's edge runs on).
  const columnInk = (x: number) => {
    let run = 0;
    let text = false;
    for (let y = top; y <= bottom + 1; y++) {
      if (y <= bottom && ink(x, y)) run++;
      else {
        if (run > 0 && run <= th * 1.5) text = true;
        run = 0;
      }
    }
    return text;
  };
  let right = -1;
  for (let x = px0 - 1; x >= 0 && x >= px0 - th * 2; x--) {
    if (columnInk(x)) {
      right = x;
      break;
    }
  }
  if (right < 0) return undefined;
  let left = right;
  let gap = 0;
  for (let x = right - 1; x >= 0; x--) {
    if (columnInk(x)) {
      left = x;
      gap = 0;
    } else if (++gap >= Math.max(3, th * 0.45)) break;
  }
  const box: [number, number, number, number] = [
    Math.max(0, left - 2),
    top,
    Math.min(width, right + 3),
    bottom + 1,
  ];
  // The text image is twice the chart's size: back to it, with a white margin (the engine enlarges narrow images).
  try {
    const crop = await sharp(textPng)
      .extract({
        left: box[0] * 2,
        top: box[1] * 2,
        width: (box[2] - box[0]) * 2,
        height: (box[3] - box[1]) * 2,
      })
      .resize({ width: box[2] - box[0] })
      .extend({ top: 16, bottom: 16, left: 16, right: 16, background: { r: 255, g: 255, b: 255 } })
      .png()
      .toBuffer();
    const meta = await sharp(crop).metadata();
    const ocr = await ocrImage(crop, { pageSegMode: '6' });
    const cw = meta.width ?? 1;
    const ch = meta.height ?? 1;
    const scale = (box[2] - box[0]) / (cw - 32);
    const words: ChartWord[] = ocr.words
      .filter((w) => w.text.trim() !== '')
      .map((w) => ({
        text: w.text.trim(),
        x0: box[0] + (w.box[0] * cw - 16) * scale,
        y0: box[1] + (w.box[1] * ch - 16) * scale,
        x1: box[0] + (w.box[2] * cw - 16) * scale,
        y1: box[1] + (w.box[3] * ch - 16) * scale,
        confidence: w.confidence ?? 1,
      }));
    for (const w of words) {
      const n = parseNumber(w.text.replace(/[-–—_]+$/, ''));
      if (n) {
        w.number = n.value;
        w.percent = n.percent;
      }
    }
    return { box, words };
  } catch {
    return undefined;
  }
}

function makeSceneWords(scene: Scene, words: ReturnType<typeof chartWords>): Scene {
  const heights = words
    .filter((w) => w.confidence >= 0.5)
    .map((w) => w.y1 - w.y0)
    .sort((a, b) => a - b);
  return { ...scene, words, textHeight: heights[Math.floor(heights.length / 2)] ?? scene.textHeight };
}

/**
 * A document read as a chart (`chart_data_extraction`): each image page gets the table its chart
 * shows; a chart that cannot be read says so in the document's notes.
 */
export async function addChartTables(doc: ExtractedDocument): Promise<void> {
  if (doc.kind !== 'image' || !doc.image || !doc.layout?.[0]) return;
  const page = doc.layout[0];
  // A chart scanned sideways was read upright; its pixels are not: not read as a chart.
  if (page.turn) {
    doc.notes = [...(doc.notes ?? []), CHART_NOT_READ];
    return;
  }
  const bytes = Buffer.from(doc.image.base64, 'base64');
  let result: ChartResult;
  try {
    result = await readChart(bytes, page);
  } catch {
    result = { note: CHART_NOT_READ };
  }
  if (result.table) page.tables = [result.table, ...page.tables];
  if (result.note) doc.notes = [...(doc.notes ?? []), result.note];
}

/** At least two bars, most of them thicker than the text and longer than two lines of it. */
function solidBars(reading: ChartReading, th: number): boolean {
  const big = reading.marks.filter((m) => {
    const w = m.box[2] - m.box[0];
    const h = m.box[3] - m.box[1];
    return Math.min(w, h) >= th && Math.max(w, h) >= th * 2;
  });
  return big.length >= 2 && big.length >= reading.marks.length * 0.5;
}
