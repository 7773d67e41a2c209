import { fieldConfidence, rounded } from '../confidence/probability';
import { CURRENCY_ALONE, currencyAlternation } from '../lexicon/currencies';
import { type Box, type LayoutWord, unionBox } from '../model/layout';
import { formatLocation, sourceUrlOf } from '../model/location';
import type { ExtractedDocument, ExtractedItem, ItemAnchor } from '../model/types';

/** The lines, words and amounts of a receipt as its field finders read them, and the answer a found field becomes. */

// ---------------------------------------------------------------------------------------------
// Lines and words

export interface RWord {
  text: string;
  box?: Box;
  confidence?: number;
}

export interface RLine {
  text: string;
  page: number;
  line: number;
  words: RWord[];
  segments: RWord[][];
  box?: Box;
}

export function linesOf(doc: ExtractedDocument): RLine[] {
  const out: RLine[] = [];
  if (doc.layout?.length) {
    for (const page of doc.layout) {
      const aspect = page.width > 0 ? page.height / page.width : 1;
      page.lines.forEach((line, i) => {
        const segments = resegment(line.segments.flatMap((s) => s.words).map(toWord), aspect).filter(
          (segment) => !isSpeck(segment),
        );
        if (segments.length === 0) return;
        out.push({
          text: segments.map((segment) => lineText(segment)).join('  '),
          page: page.number,
          line: i + 1,
          words: segments.flat(),
          segments,
          box: line.box,
        });
      });
    }
    if (out.length) return out;
  }
  doc.lines.forEach((line, i) => {
    const parts = line.cells?.length ? line.cells.map((c) => c.text) : [line.text];
    const segments = parts.map((p) =>
      p
        .split(/\s+/)
        .filter(Boolean)
        .map((text) => ({ text })),
    );
    out.push({
      text: line.text,
      page: line.location.page ?? 1,
      line: line.location.line ?? i + 1,
      words: segments.flat(),
      segments,
    });
  });
  return out;
}

/**
 * A receipt's label and value are split by wide gaps; the words of a name are not, even in a
 * monospaced font whose OCR boxes leave most of a character between words. So segments here
 * break at gaps wider than ~1.6 text heights, wider than the layout's own.
 */
export function resegment(words: RWord[], aspect: number): RWord[][] {
  const heights = words
    .map((w) => (w.box ? w.box[3] - w.box[1] : 0))
    .filter((h) => h > 0)
    .sort((a, b) => a - b);
  const height = (heights[Math.floor(heights.length / 2)] ?? 0) * aspect;
  if (!height) return [words];
  const segments: RWord[][] = [];
  let current: RWord[] = [];
  for (const word of words) {
    const previous = current.at(-1);
    if (previous?.box && word.box && word.box[0] - previous.box[2] > height * 1.6) {
      segments.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length) segments.push(current);
  return segments;
}

/**
 * A speck, a fold or a paper edge read as a segment of its own ("|", "i", "—"): no letter or
 * digit, or one non-digit character read without confidence. Currency signs are kept.
 */
export function isSpeck(segment: RWord[]): boolean {
  const text = segment.map((w) => w.text).join('');
  if (/[$£€¥₹]/.test(text)) return false;
  if (!/[\p{L}\p{N}]/u.test(text)) return true;
  const confidence = segment[0]?.confidence ?? 1;
  return segment.length === 1 && /^[^\p{N}]$/u.test(text) && confidence < 0.75;
}

export function toWord(w: LayoutWord): RWord {
  return { text: w.text, box: w.box, ...(w.confidence !== undefined ? { confidence: w.confidence } : {}) };
}

export const lineText = (words: RWord[]) => words.map((w) => w.text).join(' ');

/** Letters OCR reads in place of digits, fixed only inside a token that is mostly digits. */
export function fixDigits(token: string): string {
  const digits = (token.match(/\d/g) ?? []).length;
  const lookalikes = (token.match(/[OoQDSsIl|!BZzG]/g) ?? []).length;
  if (digits < 2 || lookalikes === 0 || lookalikes > digits) return token;
  return token
    .replace(/[OoQD]/g, '0')
    .replace(/[Ss]/g, '5')
    .replace(/[Il|!]/g, '1')
    .replace(/B/g, '8')
    .replace(/[Zz]/g, '2')
    .replace(/G/g, '6');
}

/** Label text with OCR's digit-for-letter slips undone ("T0TAL" → "total", "5UBTOTAL" → "subtotal"). */
export function labelText(text: string): string {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => {
      const letters = (w.match(/[a-z]/g) ?? []).length;
      const digits = (w.match(/\d/g) ?? []).length;
      if (letters < 2 || digits === 0 || digits >= letters) return w;
      return w.replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's').replace(/8/g, 'b');
    })
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Money

/** A currency printed before or after an amount in the same word ("RM12.50", "12,50€"). */
const CURRENCY_PREFIX = new RegExp(`^${currencyAlternation()}`, 'i');
const CURRENCY_SUFFIX = new RegExp(`${currencyAlternation()}$`, 'i');

export interface Money {
  value: number;
  words: RWord[];
  hasCurrency: boolean;
  index: number;
}

/** "12.50", "RM12.50", "1,234.50", "1.234,50", "12,50", "-0.02", "(0.02)", "$ 9.00" → the number. */
export function parseAmount(raw: string): { value: number; hasCurrency: boolean } | null {
  let s = raw.trim();
  let negative = false;
  let hasCurrency = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (/^[-−–]/.test(s)) {
    negative = true;
    s = s.slice(1);
  }
  // OCR doubles or garbles symbols: "$$364.20" (S$), "RM:12.50".
  s = s.replace(/^S?\$\$/i, 'S$').replace(/^(RM|\$|£|€)[:.]?(?=\d)/i, '$1');
  const prefix = CURRENCY_PREFIX.exec(s);
  if (prefix) {
    hasCurrency = true;
    s = s.slice(prefix[0].length).trim();
  }
  const suffix = CURRENCY_SUFFIX.exec(s);
  if (suffix && suffix.index > 0) {
    hasCurrency = true;
    s = s.slice(0, suffix.index).trim();
  }
  if (/^[-−–]/.test(s)) {
    negative = true;
    s = s.slice(1);
  }
  s = s.replace(/[:;]$/, '');
  if (/-$/.test(s)) {
    // "12.50-" (a credit on some tills)
    negative = true;
    s = s.slice(0, -1);
  }
  s = fixDigits(s);
  const us = /^(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})$/.exec(s);
  const eu = /^(\d{1,3}(?:[.\s]\d{3})+|\d+),(\d{2})$/.exec(s);
  const whole = hasCurrency ? /^(\d{1,3}(?:,\d{3})+|\d+)$/.exec(s) : null;
  let value: number | null = null;
  if (us) value = Number(`${us[1]?.replace(/,/g, '')}.${us[2]}`);
  else if (eu) value = Number(`${eu[1]?.replace(/[.\s]/g, '')}.${eu[2]}`);
  else if (whole) value = Number(whole[1]?.replace(/,/g, ''));
  if (value === null || !Number.isFinite(value)) return null;
  return { value: negative ? -value : value, hasCurrency };
}

/** "9" ".00" and "9." "00": an amount OCR split at its decimal point is one word again. */
export function joinSplitAmounts(words: RWord[]): RWord[] {
  const out: RWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as RWord;
    const next = words[i + 1];
    if (
      next &&
      ((/^(?:RM|\$)?\d{1,5}$/i.test(word.text) && /^\.\d{2}$/.test(next.text)) ||
        (/^(?:RM|\$)?\d{1,5}\.$/i.test(word.text) && /^\d{2}$/.test(next.text)))
    ) {
      const merged: RWord = { text: `${word.text}${next.text}` };
      if (word.box && next.box)
        merged.box = [
          word.box[0],
          Math.min(word.box[1], next.box[1]),
          next.box[2],
          Math.max(word.box[3], next.box[3]),
        ];
      const confidence = Math.min(word.confidence ?? 1, next.confidence ?? 1);
      if (word.confidence !== undefined || next.confidence !== undefined) merged.confidence = confidence;
      out.push(merged);
      i++;
    } else out.push(word);
  }
  return out;
}

/** The amounts on a line, left to right ("RM" "25.95" is one amount). */
export function moneyIn(lineWords: RWord[]): Money[] {
  const words = joinSplitAmounts(lineWords);
  const found: Money[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as RWord;
    // "TOTAL:9.00", "RM:12.50": a label glued to its amount.
    let text = word.text.replace(/^[A-Za-z][A-Za-z ]*[:=]/, '').replace(/^[*:=]+|[*]+$/g, '');
    // "6.00 %": a rate, its sign apart.
    if (/%$/.test(text) || /^%/.test(words[i + 1]?.text ?? '')) continue;
    // "fTMM1.00", "M1.00": RM misread and glued to the amount.
    const glued = /^\p{L}{0,3}M(\d{1,6}\.\d{2})$/u.exec(text);
    if (glued?.[1]) text = `RM${glued[1]}`;
    const parsed = parseAmount(text);
    if (!parsed) continue;
    const before = words[i - 1];
    const withCurrency = before && CURRENCY_ALONE.test(before.text.replace(/[:.]$/, '').trim());
    const after = words[i + 1];
    const currencyAfter = after && CURRENCY_ALONE.test(after.text);
    found.push({
      value: parsed.value,
      words: withCurrency ? [before, word] : currencyAfter ? [word, after] : [word],
      hasCurrency: parsed.hasCurrency || Boolean(withCurrency) || Boolean(currencyAfter),
      index: i,
    });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Results

export interface Found {
  value: string | number;
  line: RLine;
  /** The words that hold the value (their boxes anchor the item). */
  words: RWord[];
  sourceText?: string;
  /** How sure the rule is, before OCR confidence. */
  base: number;
}

export function item(doc: ExtractedDocument, found: Found): ExtractedItem {
  const boxes = found.words.map((w) => w.box).filter((b): b is Box => b !== undefined);
  const confidences = found.words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  const confidence = fieldConfidence(found.base, confidences);
  const location = { page: found.line.page, line: found.line.line };
  const result: ExtractedItem = {
    value: found.value,
    location: formatLocation(location),
    source_text: found.sourceText ?? found.line.text,
    source_url: sourceUrlOf(doc, location),
    confidence: rounded(confidence),
  };
  const box = boxes.length ? unionBox(boxes) : found.line.box;
  if (box) {
    const anchor: ItemAnchor = { page: found.line.page, box };
    result.anchor = anchor;
  }
  return result;
}

export const CONTACT =
  /\b(?:tel|phone|fax|hp|mobile|email|e-mail|www\.|http|website|gst\s*(?:id|reg(?:istration)?|no)|sst\s*(?:id|no)|reg(?:istration)?\.?\s*no|co\.?:?\s*(?:reg|no)|company\s*no|vat\s*(?:no|reg)|abn|acn|uen|siret|siren|ust-?id(?:nr)?|st(?:euer)?-?nr|tin)\b|@/i;

/** A price printed with a decimal point ("12.50", "RM9.00"); "55,57" in an address is not one. */
export function hasPrice(words: RWord[]): boolean {
  return words.some((w) =>
    /^(?:RM|\$|£|€|S\$)?-?\d{1,3}(?:,\d{3})*\.\d{2}$/i.test(w.text.replace(/^[A-Za-z ]+:/, '')),
  );
}

export function letterCount(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
