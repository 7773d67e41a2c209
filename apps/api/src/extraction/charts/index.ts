import type { LayoutPage, LayoutTable } from '../model/layout';
import type { ExtractedDocument } from '../model/types';
import { ocrImage } from '../ocr/ocr';
import { type ChartWord, chartWords } from './axis';
import { readBars } from './bars';
import { agreement, chartTable } from './chart-table';
import { readLines } from './lines';
import { readPie } from './pies';
import { blobHeight, blobWidth, decodeRgb, fillRatio, saturation, textImage } from './pixels';
import { rereadDisagreements } from './reread';
import { type ChartReading, findTitle, makeScene, type Scene } from './scene';

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
  const readers = [readPie, readLines, readBars];
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

async function rereadText(scene: Scene): Promise<Scene> {
  const th = scene.textHeight;
  const pixels = new Map<number, number>();
  const ruled = new Map<number, number>();
  const solid = new Set<number>();
  for (const b of scene.blobs) {
    pixels.set(b.colour, (pixels.get(b.colour) ?? 0) + b.count);
    const long = Math.max(blobWidth(b), blobHeight(b));
    if (long >= Math.max(40, th * 4) && Math.min(blobWidth(b), blobHeight(b)) <= 3)
      ruled.set(b.colour, (ruled.get(b.colour) ?? 0) + b.count);
    if (blobWidth(b) >= th * 1.2 && blobHeight(b) >= th * 1.2 && fillRatio(b) >= 0.5) solid.add(b.colour);
  }
  const markColour = scene.palette.map(
    (c, i) => saturation(c) >= 30 || solid.has(i) || (ruled.get(i) ?? 0) > (pixels.get(i) ?? 1) * 0.5,
  );
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
  // Where both read a word, the surer reading; symbols (a legend's dot read as "®") are no words.
  const sure = (w: ChartWord) => /[\p{L}\p{N}]/u.test(w.text) && w.y1 - w.y0 < th * 3;
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
  return makeSceneWords(scene, words);
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
