import type { PreparedImage, Rectangle } from './image-prep';
import { type OcrWorkerPool, pool, type TesseractWord } from './worker-pool';

/**
 * Weak regions read again: stretches of a page the engine read at low confidence, read on their
 * own, the surer reading kept.
 */

/** Words below this (0–100) are a weak reading worth a second look. */
const WEAK_WORD_CONFIDENCE = 50;
/** Regions read again per page at most (each costs a fraction of a page read). */
const MAX_REREADS = 6;
/**
 * …on a page this large (a letter page at 300 dpi) only this many: the engine prepares the whole
 * page again for each (≈ 0.7 s here), and a page must stay under 4 s.
 */
const MAX_REREADS_LARGE = 1;
const LARGE_PAGE_PIXELS = 4_000_000;
/** Pages with more weak words than this share are poor images, not poor lines. */
const MAX_WEAK_SHARE = 0.2;
/** A weak region larger than this share of the page is a poor image, not a poor line. */
const MAX_REGION_SHARE = 0.25;

/**
 * Reading the whole page as one block (mode 6) keeps a receipt's amounts on their lines, but where
 * two blocks sit side by side with lines at different heights (an invoice's address beside its
 * number and date), it cuts across their lines and reads garbage at low confidence, or nothing. Such
 * weak stretches are read again on their own, and the second reading replaces the first where it is
 * more confident: "Ee oe Eau Sol" (0–14 %) becomes "Austin, TX 78701 / Tel: (415) 2944 3394" (96 %).
 */
export async function rereadWeakRegions(
  prepared: PreparedImage,
  words: TesseractWord[],
  pageSegMode: string,
  timeoutMs: number,
  recogniser: OcrWorkerPool = pool,
): Promise<TesseractWord[]> {
  const regions = weakRegions(words, prepared.preparedWidth, prepared.preparedHeight);
  if (regions.length === 0) return words;
  let result = words;
  const large = prepared.preparedWidth * prepared.preparedHeight > LARGE_PAGE_PIXELS;
  for (const region of regions.slice(0, large ? MAX_REREADS_LARGE : MAX_REREADS)) {
    let again: TesseractWord[];
    try {
      again = (await recogniser.recognize(prepared.png, pageSegMode, timeoutMs, region)).words;
    } catch {
      continue;
    }
    const inside = (w: TesseractWord) => {
      const cx = (w.bbox.x0 + w.bbox.x1) / 2;
      const cy = (w.bbox.y0 + w.bbox.y1) / 2;
      return (
        cx >= region.left &&
        cx <= region.left + region.width &&
        cy >= region.top &&
        cy <= region.top + region.height
      );
    };
    const before = result.filter(inside);
    const after = again.filter((w) => w.text.trim() && inside(w));
    // Kept only when it says clearly more and loses nothing read with some confidence (a second
    // reading that drops a word can look surer than the first).
    const sure = (list: TesseractWord[], min: number) =>
      list.reduce((sum, w) => sum + (w.confidence >= min ? alnum(w.text) * (w.confidence / 100) : 0), 0);
    const characters = (list: TesseractWord[], min: number) =>
      list.reduce((sum, w) => sum + (w.confidence >= min ? alnum(w.text) : 0), 0);
    if (sure(after, 60) <= sure(before, 60) * 1.1 || characters(after, 0) < 0.9 * characters(before, 30))
      continue;
    result = [...result.filter((w) => !inside(w)), ...after];
  }
  if (result === words) return words;
  // Reading order as the engine gives it: top to bottom, then left to right within a line.
  return result.sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0);
}

function alnum(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/**
 * Clusters of weak words (near each other within about a line height), each grown by a margin
 * into a rectangle of the page; the largest clusters first.
 */
export function weakRegions(words: TesseractWord[], width: number, height: number): Rectangle[] {
  const weak = words.filter((w) => w.confidence < WEAK_WORD_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text));
  // A page read poorly all over (faded, dotted print) is not helped by reading parts of it again.
  if (weak.length < 2 || weak.length > MAX_WEAK_SHARE * words.length) return [];
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const lineHeight = heights[Math.floor(heights.length / 2)] ?? 20;
  const boxes = weak.map((w) => ({ ...w.bbox }));
  // Merge boxes on a line (within a few word gaps of each other, not across a column's gutter) and
  // on lines next to each other, until none are left to merge.
  const gapX = lineHeight * 2.5;
  const gapY = lineHeight / 2;
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < boxes.length && !merged; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as (typeof boxes)[number];
        const b = boxes[j] as (typeof boxes)[number];
        if (a.x0 - gapX > b.x1 || b.x0 - gapX > a.x1 || a.y0 - gapY > b.y1 || b.y0 - gapY > a.y1) continue;
        boxes[i] = {
          x0: Math.min(a.x0, b.x0),
          y0: Math.min(a.y0, b.y0),
          x1: Math.max(a.x1, b.x1),
          y1: Math.max(a.y1, b.y1),
        };
        boxes.splice(j, 1);
        merged = true;
        break;
      }
  }
  // Grown along their lines over the words read well there ("PHONE: (415) 5574 1180" whose end
  // would otherwise be cut off), up to a column's gutter.
  for (const box of boxes) {
    let grown = true;
    while (grown) {
      grown = false;
      for (const w of words) {
        const cy = (w.bbox.y0 + w.bbox.y1) / 2;
        if (cy < box.y0 || cy > box.y1 || (w.bbox.x0 >= box.x0 && w.bbox.x1 <= box.x1)) continue;
        if (w.bbox.x0 - gapX > box.x1 || box.x0 - gapX > w.bbox.x1) continue;
        box.x0 = Math.min(box.x0, w.bbox.x0);
        box.x1 = Math.max(box.x1, w.bbox.x1);
        grown = true;
      }
    }
  }
  const margin = Math.round(lineHeight * 0.4);
  // A word whose centre falls inside the grown box is read again whole, or it would be cut.
  for (const box of boxes) {
    for (const w of words) {
      const cx = (w.bbox.x0 + w.bbox.x1) / 2;
      const cy = (w.bbox.y0 + w.bbox.y1) / 2;
      if (cx < box.x0 - margin || cx > box.x1 + margin || cy < box.y0 - margin || cy > box.y1 + margin)
        continue;
      box.x0 = Math.min(box.x0, w.bbox.x0);
      box.x1 = Math.max(box.x1, w.bbox.x1);
      box.y0 = Math.min(box.y0, w.bbox.y0);
      box.y1 = Math.max(box.y1, w.bbox.y1);
    }
  }
  return boxes
    .map((b) => {
      const left = Math.max(0, Math.floor(b.x0 - margin));
      const top = Math.max(0, Math.floor(b.y0 - margin));
      return {
        left,
        top,
        width: Math.min(width, Math.ceil(b.x1 + margin)) - left,
        height: Math.min(height, Math.ceil(b.y1 + margin)) - top,
      };
    })
    .filter((r) => r.width * r.height <= MAX_REGION_SHARE * width * height && r.height >= lineHeight * 0.8)
    .sort((a, b) => b.width * b.height - a.width * a.height);
}
