import type { LayoutPage, LayoutTable } from '../model/layout';
import type { ExtractedDocument } from '../model/types';
import { chartWords } from './axis';
import { readBars } from './bars';
import { chartTable } from './chart-table';
import { readLines } from './lines';
import { readPie } from './pies';
import { decodeRgb } from './pixels';
import { type ChartReading, findTitle, makeScene } from './scene';

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
  const words = chartWords(page.words, raster.width, raster.height);
  const scene = makeScene(raster, words);
  const readers = [readPie, readBars, readLines];
  let reading: ChartReading | undefined;
  for (const read of readers) {
    const r = read(scene);
    if (r && r.marks.some((m) => m.measured !== undefined || m.printed)) {
      reading = r;
      break;
    }
  }
  if (!reading) return { note: CHART_NOT_READ };
  const plotTop = Math.min(...reading.marks.map((m) => m.box[1]), ...[...reading.used].map((w) => w.y0));
  const title = findTitle(scene, plotTop, reading.used);
  const table = chartTable(reading, raster, page.number, title?.text);
  return table ? { table, reading } : { reading, note: CHART_NOT_READ };
}

/**
 * A document read as a chart (`chart_data_extraction`): each image page gets the table its chart
 * shows; a chart that cannot be read says so in the document's notes.
 */
export async function addChartTables(doc: ExtractedDocument): Promise<void> {
  if (doc.kind !== 'image' || !doc.image || !doc.layout?.[0]) return;
  const page = doc.layout[0];
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
