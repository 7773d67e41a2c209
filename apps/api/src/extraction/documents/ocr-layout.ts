import type { ExtractedDocument, ExtractedItem, TextCell, TextLine } from '../types';
import { type LayoutLine, type LayoutPage, type LayoutSegment, type LayoutWord, unionBox } from './layout';

/**
 * OCR words → a layout page (lines split into segments at wide gaps) and the legacy text lines the
 * providers read. A small stand-in used until the shared layout builder (layout-builder.ts) reads
 * OCR pages too; it has no table detection.
 */

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Words whose vertical centres fall within half a word height share a line, read left to right. */
export function groupOcrLines(words: LayoutWord[], pageAspect: number): LayoutLine[] {
  const sorted = [...words].sort((a, b) => (a.box[1] + a.box[3]) / 2 - (b.box[1] + b.box[3]) / 2);
  const rows: LayoutWord[][] = [];
  for (const word of sorted) {
    const centre = (word.box[1] + word.box[3]) / 2;
    const height = word.box[3] - word.box[1];
    const row = rows.at(-1);
    if (row) {
      const rowBox = unionBox(row.map((w) => w.box));
      const rowCentre = (rowBox[1] + rowBox[3]) / 2;
      const rowHeight = median(row.map((w) => w.box[3] - w.box[1]));
      if (Math.abs(centre - rowCentre) <= Math.max(height, rowHeight) * 0.5) {
        row.push(word);
        continue;
      }
    }
    rows.push([word]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.box[0] - b.box[0]);
    // Gaps are compared with the text height, measured in the same units (x is in page widths).
    const height = median(row.map((w) => w.box[3] - w.box[1])) * pageAspect;
    const segments: LayoutSegment[] = [];
    let current: LayoutWord[] = [];
    for (const word of row) {
      const previous = current.at(-1);
      if (previous && word.box[0] - previous.box[2] > height * 1.6) {
        segments.push(segmentOf(current));
        current = [];
      }
      current.push(word);
    }
    if (current.length) segments.push(segmentOf(current));
    return {
      text: segments.map((s) => s.text).join('  '),
      box: unionBox(row.map((w) => w.box)),
      segments,
    };
  });
}

function segmentOf(words: LayoutWord[]): LayoutSegment {
  return { text: words.map((w) => w.text).join(' '), box: unionBox(words.map((w) => w.box)), words };
}

export function ocrLayoutPage(input: {
  number: number;
  width: number;
  height: number;
  words: LayoutWord[];
  ocrConfidence?: number;
}): LayoutPage {
  const aspect = input.width > 0 ? input.height / input.width : 1;
  return {
    number: input.number,
    width: input.width,
    height: input.height,
    source: 'ocr',
    words: input.words,
    lines: groupOcrLines(input.words, aspect),
    tables: [],
    ...(input.ocrConfidence !== undefined ? { ocrConfidence: input.ocrConfidence } : {}),
  };
}

/** The legacy lines: one per layout line, with cells when it has several segments. */
export function ocrTextLines(pages: LayoutPage[]): TextLine[] {
  const lines: TextLine[] = [];
  for (const page of pages) {
    let n = 0;
    for (const line of page.lines) {
      n += 1;
      const textLine: TextLine = { text: line.text, location: { page: page.number, line: n } };
      if (line.segments.length > 1) {
        textLine.cells = line.segments.map((s, i): TextCell => ({ text: s.text, column: String(i + 1) }));
      }
      lines.push(textLine);
    }
  }
  return lines;
}

/**
 * OCR confidence feeds item confidence (DESIGN §11): an item read from an OCR'd page is only as
 * sure as the page's reading. Items from other pages are left as they are.
 */
export function withOcrConfidence(doc: ExtractedDocument, item: ExtractedItem): ExtractedItem {
  if (item.value === null || !doc.layout?.some((p) => p.source === 'ocr')) return item;
  const pageNumber = item.anchor?.page ?? Number(/page (\d+)/.exec(item.location)?.[1] ?? 1);
  const page = doc.layout.find((p) => p.number === pageNumber);
  if (page?.source !== 'ocr') return item;
  const factor = 0.55 + 0.45 * (page.ocrConfidence ?? 0);
  return { ...item, confidence: Math.round(item.confidence * factor * 1000) / 1000 };
}
