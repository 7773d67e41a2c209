import { type Box, type LayoutWord, unionBox } from '../model/layout';
import { formatLocation, sourceUrlOf } from '../model/location';
import type { ExtractedDocument, ExtractedItem, ItemAnchor } from '../model/types';
import { correctOcrWords } from '../ocr/ocr-words';

/**
 * Receipts, invoices, card slips and leases read field by field (issue 12): the merchant, its
 * address, date, time, total, tax, currency, card's last four digits, receipt or invoice number and
 * the line items, found by meaning (where they sit, what they look like) as well as by label, and
 * robust to OCR noise in digits (O/0, S/5, l/1). Data point names map to these fields by synonym
 * ("Total", "Total amount", "Amount due"; "Company", "Merchant", "Vendor"; "Date", "Receipt date").
 */

export type ReceiptField =
  | 'company'
  | 'address'
  | 'date'
  | 'time'
  | 'total'
  | 'subtotal'
  | 'tax'
  | 'currency'
  | 'card_last_four'
  | 'receipt_number'
  | 'line_items';

/** Document types whose documents are receipts, slips, statements or leases. */
export const RECEIPT_DOCUMENT_TYPES = new Set(['receipt_mapping', 'pos_mapping', 'credit_card', 'lease']);

const SYNONYMS: Record<ReceiptField, string[]> = {
  company: [
    'company',
    'company name',
    'merchant',
    'merchant name',
    'vendor',
    'vendor name',
    'store',
    'store name',
    'shop',
    'shop name',
    'seller',
    'supplier',
    'business',
    'business name',
    'retailer',
    'restaurant',
    'payee',
    'issuer',
    'landlord',
    'biller',
  ],
  address: [
    'address',
    'company address',
    'merchant address',
    'store address',
    'shop address',
    'vendor address',
    'business address',
    'location',
    'supplier address',
    'property address',
    'premises',
  ],
  date: [
    'date',
    'receipt date',
    'invoice date',
    'transaction date',
    'purchase date',
    'sale date',
    'bill date',
    'document date',
    'date of purchase',
    'issue date',
    'date issued',
    'payment date',
  ],
  time: ['time', 'transaction time', 'receipt time', 'purchase time'],
  total: [
    'total',
    'total amount',
    'amount due',
    'grand total',
    'total due',
    'amount',
    'amount paid',
    'total paid',
    'balance due',
    'total price',
    'total cost',
    'invoice total',
    'receipt total',
    'total payable',
    'amount payable',
    'net total',
    'total sales',
    'sale amount',
    'transaction amount',
    'payment amount',
    'total charged',
    'charge',
    'monthly rent',
    'rent',
  ],
  subtotal: ['subtotal', 'sub total', 'net amount', 'amount before tax'],
  tax: [
    'tax',
    'tax amount',
    'gst',
    'gst amount',
    'vat',
    'vat amount',
    'sales tax',
    'sst',
    'total tax',
    'mwst',
  ],
  currency: ['currency', 'currency code'],
  card_last_four: [
    'card last four',
    'card last 4',
    'last four',
    'last 4',
    'last four digits',
    'card number',
    'card',
    'card last four digits',
    'card ending',
    'last 4 digits',
  ],
  receipt_number: [
    'receipt number',
    'receipt no',
    'invoice number',
    'invoice no',
    'bill number',
    'bill no',
    'document number',
    'transaction number',
    'transaction id',
    'order number',
    'receipt id',
    'invoice id',
    'reference',
    'ref',
  ],
  line_items: ['line items', 'items', 'products', 'purchased items', 'item list', 'lines'],
};

function phrase(dataPoint: string): string {
  return dataPoint
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-./#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The receipt field a data point asks for, if it is one ("Total amount" → total). */
export function receiptFieldOf(dataPoint: string): ReceiptField | undefined {
  const p = phrase(dataPoint);
  for (const [field, names] of Object.entries(SYNONYMS) as [ReceiptField, string[]][]) {
    if (names.includes(p) || names.includes(p.replace(/s$/, ''))) return field;
  }
  return undefined;
}

/** Whether a value another matcher found has the kind this receipt field needs (a date for Date, …). */
export function fitsReceiptField(dataPoint: string, value: string | number | null): boolean {
  const field = receiptFieldOf(dataPoint);
  if (!field || value === null) return true;
  switch (field) {
    case 'date':
      return typeof value === 'string' && /^\d{8}$/.test(value);
    case 'total':
    case 'subtotal':
    case 'tax':
      return typeof value === 'number';
    case 'company':
    case 'address':
      return typeof value === 'string' && letterCount(value) >= 3;
    case 'card_last_four':
      return /^\d{4}$/.test(String(value));
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Lines and words

interface RWord {
  text: string;
  box?: Box;
  confidence?: number;
}

interface RLine {
  text: string;
  page: number;
  line: number;
  words: RWord[];
  segments: RWord[][];
  box?: Box;
}

function linesOf(doc: ExtractedDocument): RLine[] {
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
function resegment(words: RWord[], aspect: number): RWord[][] {
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
function isSpeck(segment: RWord[]): boolean {
  const text = segment.map((w) => w.text).join('');
  if (/[$£€¥₹]/.test(text)) return false;
  if (!/[\p{L}\p{N}]/u.test(text)) return true;
  const confidence = segment[0]?.confidence ?? 1;
  return segment.length === 1 && /^[^\p{N}]$/u.test(text) && confidence < 0.75;
}

function toWord(w: LayoutWord): RWord {
  return { text: w.text, box: w.box, ...(w.confidence !== undefined ? { confidence: w.confidence } : {}) };
}

const lineText = (words: RWord[]) => words.map((w) => w.text).join(' ');

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
function labelText(text: string): string {
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

const CURRENCY_WORD =
  /^(?:RM|MYR|S\$|SGD|A\$|AUD|US\$|USD|\$|£|GBP|€|EUR|EURO|¥|JPY|INR|₹|Rs\.?|CHF|NZD|HKD|HK\$|IDR|Rp|PHP|₱|THB|฿|CAD|C\$)$/i;
const CURRENCY_PREFIX = /^(?:RM|MYR|S\$|SGD|A\$|AUD|US\$|USD|\$|£|GBP|€|EUR|¥|₹|Rs\.?|HK\$|C\$|Rp|₱|฿)/i;
const CURRENCY_SUFFIX = /(?:€|EUR|£|\$|RM)$/i;

interface Money {
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
function joinSplitAmounts(words: RWord[]): RWord[] {
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
function moneyIn(lineWords: RWord[]): Money[] {
  const words = joinSplitAmounts(lineWords);
  const found: Money[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as RWord;
    // "TOTAL:9.00", "RM:12.50": a label glued to its amount.
    const text = word.text.replace(/^[A-Za-z][A-Za-z ]*[:=]/, '').replace(/^[*:=]+|[*]+$/g, '');
    if (/%$/.test(text)) continue;
    const parsed = parseAmount(text);
    if (!parsed) continue;
    const before = words[i - 1];
    const withCurrency = before && CURRENCY_WORD.test(before.text.replace(/[:.]$/, '').trim());
    const after = words[i + 1];
    const currencyAfter = after && /^(?:€|EUR|RM)$/i.test(after.text);
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

interface Found {
  value: string | number;
  line: RLine;
  /** The words that hold the value (their boxes anchor the item). */
  words: RWord[];
  sourceText?: string;
  /** How sure the rule is, before OCR confidence. */
  base: number;
}

function item(doc: ExtractedDocument, found: Found): ExtractedItem {
  const boxes = found.words.map((w) => w.box).filter((b): b is Box => b !== undefined);
  const confidences = found.words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  const ocr = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : 1;
  const confidence = Math.max(0.3, Math.min(0.97, found.base * (0.55 + 0.45 * ocr)));
  const location = { page: found.line.page, line: found.line.line };
  const result: ExtractedItem = {
    value: found.value,
    location: formatLocation(location),
    source_text: found.sourceText ?? found.line.text,
    source_url: sourceUrlOf(doc, location),
    confidence: Math.round(confidence * 1000) / 1000,
  };
  const box = boxes.length ? unionBox(boxes) : found.line.box;
  if (box) {
    const anchor: ItemAnchor = { page: found.line.page, box };
    result.anchor = anchor;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Total, subtotal, tax

const TOTAL_EXCLUDE =
  /sub[\s-]?tota|\bexcl|before (?:tax|gst|vat)|total (?:qty|quantity|items?|item\(s\)|pcs|units|savings?|discounts?|points?|weight|count|no)|no\.? of items|\bqty\b|items? count|\bchange\b|\bcash\b|\btunai\b|\bbaki\b|\btender|\bsaving|you saved|\bdiscount|\bpoints?\b|\bdeposit|\bcredit limit|\btip\b|\bchange due/;
const TOTAL_ROUNDED =
  /rounded total|total rounded|total after rounding|total \(?rounded|rounded (?:total|amount)|rounding total|nett? total after/;
/** The rounding adjustment's own line ("ROUNDING ADJ -0.02", "Rounding Amount 0.02"). */
const ROUNDING_ADJUSTMENT =
  /^\W*round(?:ing)?\b(?!.*\btotal\b)|\bround(?:ing)?[\s.]*(?:adj|adjustment|amount|amt)\b/;
const TOTAL_STRONG =
  /grand total|amount due|total due|balance due|total payable|amount payable|amount to pay|invoice total|total amount|net total|nett total|total \(?incl|total inclusive|total sales \(?incl|total to pay|total \((?:rm|usd|\$|myr|sgd)|total (?:rm|usd|myr|sgd|eur|gbp)\b|please pay|amount \(?(?:rm|usd|\$|myr)|jumlah (?:besar|perlu dibayar|bayaran|keseluruhan)|total ttc|net (?:à|a) payer|total a pagar|gesamtbetrag|zu zahlen|te betalen/;
const TOTAL_PLAIN =
  /\btotal\b|\btota1\b|\bt0tal\b|\bsumme\b|\bgesamt|\bbetrag\b|\btotal:|\bjumlah\b|\btotaal\b|\bimporte\b|\bmontant\b/;
const AMOUNT_ONLY =
  /^(?:sale |purchase |transaction |payment )?amount\b|\bamt\b|\bpayment\b|\bvisa\b|\bmastercard\b|\bdebit\b|\bcredit card\b/;

/** Whether the receipt prints its amounts with two decimals ("12.50", "9,00"), as most do. */
function printsCents(lines: RLine[]): boolean {
  let cents = 0;
  for (const line of lines) for (const word of line.words) if (/\d[.,]\d{2}$/.test(word.text)) cents++;
  return cents >= 3;
}

/**
 * A total whose decimal point OCR lost ("TOTAL 32262" for 322.62) or read as a colon, as it does
 * on faint thermal print ("GST 9%  1:12"): the line's last figure.
 */
function amountWithoutPoint(words: RWord[]): Money | undefined {
  const index = words.length - 1;
  const word = words[index];
  const text = word ? fixDigits(word.text) : '';
  const m = /^(?:RM)?(\d{3,7})$/i.exec(text) ?? /^(?:RM)?(\d{1,5}):(\d{2})$/i.exec(text);
  if (!m || !word) return undefined;
  const value = m[2] === undefined ? Number(m[1]) / 100 : Number(`${m[1]}.${m[2]}`);
  return { value, words: [word], hasCurrency: /^RM/i.test(word.text), index };
}

/** What cash paid less the change given back says the total was ("CASH 50.00 / CHANGE 24.05"). */
function paidInCash(lines: RLine[]): number | undefined {
  let cash: number | undefined;
  let change: number | undefined;
  for (const line of lines) {
    const label = labelText(line.text);
    const amount = moneyIn(line.words).at(-1)?.value;
    if (amount === undefined) continue;
    if (/\bchange\b|\bbaki\b/.test(label)) change ??= amount;
    else if (/\b(?:cash|tender|tendered|tunai)\b/.test(label)) cash ??= amount;
  }
  if (cash === undefined || change === undefined || change < 0 || change >= cash) return undefined;
  return round2(cash - change);
}

/** Whether an amount is a whole number of 5-cent steps (what a rounding adjustment rounds to). */
const fiveCents = (n: number) => Math.abs(n * 20 - Math.round(n * 20)) < 1e-6;

function findTotal(lines: RLine[]): Found | undefined {
  const candidates: {
    money: Money;
    line: RLine;
    priority: number;
    order: number;
    pointLost?: boolean;
  }[] = [];
  const cents = printsCents(lines);
  lines.forEach((line, order) => {
    const label = labelText(line.text);
    if (TOTAL_EXCLUDE.test(label) && !TOTAL_ROUNDED.test(label) && !/total \(?incl/.test(label)) return;
    if (ROUNDING_ADJUSTMENT.test(label) && !TOTAL_ROUNDED.test(label)) return;
    if (/\b(?:gst|vat|tax|mwst|sst)\b/.test(label) && !/\bincl|inclusive|total/.test(label)) return;
    let priority = 0;
    if (TOTAL_ROUNDED.test(label)) priority = 1;
    else if (TOTAL_STRONG.test(label)) priority = 0.95;
    else if (TOTAL_PLAIN.test(label)) priority = 0.9;
    else if (AMOUNT_ONLY.test(label)) priority = 0.75;
    if (priority === 0) return;
    let money = moneyIn(line.words).filter((m) => m.value > 0);
    let valueLine = line;
    // The value on the next line ("TOTAL" / "RM 25.95").
    if (money.length === 0) {
      const next = lines[order + 1];
      if (
        next &&
        next.page === line.page &&
        /^[^a-z]*$/i.test(next.text.replace(/RM|USD|EUR|MYR|SGD/gi, ''))
      ) {
        money = moneyIn(next.words).filter((m) => m.value > 0);
        valueLine = next;
      }
    }
    const last = money.at(-1);
    if (last) candidates.push({ money: last, line: valueLine, priority, order });
    else if (cents && priority >= 0.9) {
      // "TOTAL PAYABLE 32260" on a receipt whose other amounts print their cents: 322.60.
      const lost = amountWithoutPoint(line.words);
      if (lost && lost.value > 0)
        candidates.push({ money: lost, line, priority: priority - 0.05, order, pointLost: true });
    }
  });
  if (candidates.length > 0) {
    // A rounded total is what was paid: labelled so, or the total that is another total plus the
    // rounding adjustment ("TOTAL 25.97 / ROUNDING ADJ -0.02 / NETT TOTAL 25.95").
    const rounding = roundingAdjustment(lines);
    const adjustment = rounding?.value;
    if (adjustment !== undefined) {
      const roundedBy = (adj: number) =>
        candidates.filter((c) =>
          candidates.some((o) => o !== c && Math.abs(round2(o.money.value + adj) - c.money.value) < 0.005),
        );
      // An adjustment printed without its sign may go either way.
      let after = roundedBy(adjustment);
      if (after.length === 0 && adjustment > 0) after = roundedBy(-adjustment);
      for (const c of after) c.priority = 1;
    }
    // Otherwise the largest labelled total (the tax-inclusive grand total is the largest of a
    // receipt's totals), and the lowest one of those.
    const rounded = candidates.filter((c) => c.priority === 1);
    const pool = rounded.length ? rounded : candidates.filter((c) => c.priority >= 0.9);
    const ranked = (pool.length ? pool : candidates).sort(
      (a, b) => b.money.value - a.money.value || b.order - a.order,
    );
    let best = ranked[0] as (typeof candidates)[number];
    const same = (a: number, b: number) => Math.abs(a - b) < 0.005;
    // Cash less change is what was paid: a labelled total that says so wins over one misread.
    const paid = paidInCash(lines);
    if (paid !== undefined && !same(best.money.value, paid)) {
      const agrees = candidates.find((c) => c.priority >= 0.9 && same(c.money.value, paid));
      if (agrees) best = agrees;
    }
    let value = round2(best.money.value);
    // "GRAND TOTAL 599.53 / ROUNDING ADJ 0.02" and the rounded total under it not read: the
    // adjustment printed below the total brings it to what was paid (a whole number of 5 sen).
    let adjusted = false;
    if (rounding && rounded.length === 0 && rounding.order > best.order && !fiveCents(value)) {
      const signs = rounding.value > 0 ? [rounding.value, -rounding.value] : [rounding.value];
      const to = signs.map((adj) => round2(value + adj)).find(fiveCents);
      if (to !== undefined) {
        value = to;
        adjusted = true;
      }
    }
    const agreeing = candidates.filter((c) => same(c.money.value, value)).length;
    // Arithmetic that agrees (cash less change) makes the total surer; arithmetic that does not,
    // less sure.
    const arithmetic = paid === undefined ? 1 : same(paid, value) ? 1.04 : 0.9;
    const base =
      (best.priority >= 0.9 ? 0.93 : 0.8) *
      (agreeing > 1 ? 1.04 : 1) *
      arithmetic *
      (best.pointLost || adjusted ? 0.85 : 1);
    return { value, line: best.line, words: best.money.words, base };
  }
  // No total label could be read: the largest amount in the lower part, not cash or change.
  const lower = lines.slice(Math.floor(lines.length * 0.35));
  let best: { money: Money; line: RLine } | undefined;
  for (const line of lower) {
    if (
      /\b(?:cash|change|tender|tendered|paid|balance|rounding|saving|discount|qty)\b/.test(
        labelText(line.text),
      )
    )
      continue;
    for (const money of moneyIn(line.words)) {
      if (money.value > 0 && (!best || money.value > best.money.value)) best = { money, line };
    }
  }
  return best
    ? { value: round2(best.money.value), line: best.line, words: best.money.words, base: 0.6 }
    : undefined;
}

/** The non-zero rounding adjustment a receipt prints, if any, and the index of its line. */
function roundingAdjustment(lines: RLine[]): { value: number; order: number } | undefined {
  for (const [order, line] of lines.entries()) {
    const label = labelText(line.text);
    if (!ROUNDING_ADJUSTMENT.test(label) || TOTAL_ROUNDED.test(label)) continue;
    const money = moneyIn(line.words).at(-1);
    if (money && money.value !== 0 && Math.abs(money.value) < 0.1) return { value: money.value, order };
  }
  return undefined;
}

function findSubtotal(lines: RLine[]): Found | undefined {
  for (const line of lines) {
    const label = labelText(line.text);
    if (!/sub[\s-]?total|total (?:sales )?\(?excl|\bnet amount\b|amount before tax/.test(label)) continue;
    const money = moneyIn(line.words).at(-1);
    if (money) return { value: round2(money.value), line, words: money.words, base: 0.9 };
  }
  return undefined;
}

function findTax(lines: RLine[]): Found | undefined {
  for (const line of lines) {
    const label = labelText(line.text);
    if (!/\b(?:gst|vat|tax|mwst|sst|ust|hst|pst)\b|\bservice tax\b/.test(label)) continue;
    // "Total incl. GST" is the total; "Total GST" (and "GST total") the tax.
    const taxTotal =
      /^(?:total\s+(?:gst|vat|tax|sst)|(?:gst|vat|tax|sst)\s+total)\b(?!.*\b(?:incl|excl|sales))/.test(label);
    if (/tax invoice|\b(?:id|reg|regn|registration|no)\b|\bexcl|invoice/.test(label)) continue;
    // "GST @ 6% included in total 2.96" is the tax the total holds.
    if (/\btotal\b/.test(label) && !taxTotal && !/\bincl(?:uded|\.)? in (?:the )?total\b/.test(label))
      continue;
    // "GST 6%  1.47": the amount, not the rate.
    const money = moneyIn(line.words).filter((m) => m.value >= 0);
    const last = money.at(-1);
    if (last) return { value: round2(last.value), line, words: last.words, base: 0.88 };
    // "GST 9%  1:12": its point read as a colon, on a receipt that prints cents.
    const lost = printsCents(lines) ? amountWithoutPoint(line.words) : undefined;
    if (lost && /:/.test(lost.words[0]?.text ?? ''))
      return { value: round2(lost.value), line, words: lost.words, base: 0.75 };
  }
  return taxFromSummary(lines);
}

/**
 * The tax from a summary table when no line names it with its amount: "GST SUMMARY  AMOUNT(RM)
 * TAX(RM)" over a row per rate ("SR @ 6%  73.91  4.43", "ZR @ 0%  0.00  0.00"): the rows' sum.
 * Each row's last amount must be its rate of the one before (taxable or tax-inclusive, to the
 * cent): a table with a misread row gives no value rather than a wrong one.
 */
function taxFromSummary(lines: RLine[]): Found | undefined {
  const header = lines.findIndex((line) => {
    const label = labelText(line.text);
    return /\b(?:gst|vat|tax|sst)\b/.test(label) && /\bsummary\b/.test(label);
  });
  if (header < 0) return undefined;
  const rows: Money[] = [];
  let rowLine: RLine | undefined;
  for (const line of lines.slice(header + 1, header + 6)) {
    const rate = /(\d{1,2}(?:\.\d+)?)\s*%/.exec(line.text);
    const money = moneyIn(line.words).filter((m) => m.value >= 0);
    if (!rate) {
      // The column titles on their own line ("AMOUNT (RM)  TAX (RM)") come before the rows.
      if (money.length === 0 && rows.length === 0) continue;
      break;
    }
    let [amount, tax] = money.slice(-2);
    if (money.length === 1) {
      // An amount whose decimal point OCR lost ("SR @ 6%  10123  6.07"): its digits are cents.
      tax = amount;
      const at = tax?.words[0] ? line.words.indexOf(tax.words[0]) : -1;
      const before = at > 0 ? line.words[at - 1] : undefined;
      amount =
        tax && before && /^\d{3,7}$/.test(before.text)
          ? { value: Number(before.text) / 100, words: [before], hasCurrency: false, index: at - 1 }
          : undefined;
    }
    if (!amount || !tax) return undefined;
    const r = Number(rate[1]) / 100;
    const taxValue = tax.value;
    const fits = (expected: number) => Math.abs(expected - taxValue) <= 0.011;
    if (!fits(amount.value * r) && !fits((amount.value * r) / (1 + r))) return undefined;
    rows.push(tax);
    rowLine ??= line;
  }
  if (!rowLine) return undefined;
  const total = rows.reduce((sum, m) => sum + m.value, 0);
  return { value: round2(total), line: rowLine, words: rows.flatMap((m) => m.words), base: 0.85 };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------
// Dates and times

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  januar: 1,
  februar: 2,
  marz: 3,
  mai: 5,
  juni: 6,
  juli: 7,
  okt: 10,
  dez: 12,
};

const US_STATE =
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC)\.?,? \d{5}(?:-\d{4})?\b/;

interface DateHit {
  /** Parts as printed; day and month may still be in either order. */
  y: number;
  a: number;
  b: number;
  /** 'ymd' and named months are unambiguous; 'xy' numeric dates need the locale. */
  order: 'ymd' | 'dmy' | 'mdy' | 'xy';
  words: RWord[];
  line: RLine;
  labelled: boolean;
  index: number;
  /** Read only by putting back what OCR lost: less sure, and second to any date read as printed. */
  repaired?: boolean;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function validYmd(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2099 || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}${pad2(m)}${pad2(d)}`;
}

/**
 * A labelled date's day or month OCR misread with a 6, 8 or 9 for its leading 0 ("28-61-17"):
 * the 0 back when the part cannot be a day or month as read.
 */
function repairDatePart(part: string, max: number): number {
  const n = Number(part);
  if (n <= max || part.length !== 2 || !/^[689]/.test(part)) return n;
  return Number(`0${part.slice(1)}`);
}

const lookalikeDigits = (t: string) => t.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
/**
 * A two- or four-digit year; a four-digit one whose 0 OCR read as 6, 8 or 9 ("2818", "2617")
 * gets its 0 back: no receipt is dated in the 27th century.
 */
const year4 = (y: string) => {
  if (y.length === 2) return 2000 + Number(y);
  const repaired = /^2[689]\d{2}$/.test(y) ? Number(`20${y.slice(2)}`) : Number(y);
  return repaired;
};

function datesIn(line: RLine, index: number): DateHit[] {
  const hits: DateHit[] = [];
  const label = labelText(line.text);
  const labelled = /\b(?:date|dated|tarikh|datum|fecha|issued|dt)\b/.test(label);
  const words = line.words;
  const add = (y: number, a: number, b: number, order: DateHit['order'], taken: RWord[], repaired = false) =>
    hits.push({ y, a, b, order, words: taken, line, labelled, index, ...(repaired ? { repaired } : {}) });
  for (let i = 0; i < words.length; i++) {
    // "DATE:25/12/2018": a label glued to its date.
    const raw = (words[i] as RWord).text
      .replace(/^[A-Za-z]{2,}[:.]+(?=\d)/, '')
      .replace(/^[^\dA-Za-z]+|[^\dA-Za-z]+$/g, '');
    // "28/10/17.08:23:36", "25/12/2018(TUE)": the time or the weekday glued after the date.
    const fixed = fixDigits(raw);
    // A labelled date with a digit or two OCR doubled after its year ("05/21/201821").
    const token =
      /^(\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4})(?=[^\d]|$)/.exec(fixed)?.[1] ??
      (labelled ? /^(\d{1,2}[-/.]\d{1,2}[-/.](?:19|20)\d{2})\d{1,2}$/.exec(fixed)?.[1] : undefined) ??
      fixed;
    const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(token);
    const numeric = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/.exec(token);
    // "27-3JUL-2016": a speck read as a character beside the month's name is skipped.
    const named =
      /^([\dOoIl]{1,2})[-/. ]?(?:[^A-Za-z0\s](?=[A-Za-z]{3}))?([A-Za-z0]{3,9})\.?[-/. ]?([\dOoIl]{4}|[\dOoIl]{2})$/.exec(
        raw,
      );
    if (iso) {
      add(year4(iso[1] ?? ''), Number(iso[2]), Number(iso[3]), 'ymd', [words[i] as RWord]);
      continue;
    }
    if (numeric) {
      add(
        year4(numeric[3] ?? ''),
        labelled ? repairDatePart(numeric[1] ?? '', 31) : Number(numeric[1]),
        labelled ? repairDatePart(numeric[2] ?? '', 31) : Number(numeric[2]),
        'xy',
        [words[i] as RWord],
      );
      continue;
    }
    // "15/0516", "1505/16": OCR lost one separator of a two-digit year's date.
    // Not with a point: "2.0550" is a price per litre.
    const lost = /^(\d{1,2})[-/](\d{2})(\d{2})$/.exec(token) ?? /^(\d{2})(\d{2})[-/](\d{2})$/.exec(token);
    if (
      lost &&
      // "PHONE: 07-2700 3990" is no date.
      !CONTACT.test(line.text) &&
      Number(lost[2]) >= 1 &&
      Number(lost[2]) <= 31 &&
      Number(lost[1]) <= 31 &&
      year4(lost[3] ?? '') <= new Date().getUTCFullYear() + 1
    ) {
      add(year4(lost[3] ?? ''), Number(lost[1]), Number(lost[2]), 'xy', [words[i] as RWord], true);
      continue;
    }
    // "10.03 2016": OCR read the second separator as a space.
    const split = /^(\d{1,2})[-/.](\d{1,2})$/.exec(token);
    const nextYear = fixDigits((words[i + 1]?.text ?? '').replace(/[,.]$/, ''));
    if (split && /^(?:19|20|2[689])\d{2}$/.test(nextYear)) {
      add(year4(nextYear), Number(split[1]), Number(split[2]), 'xy', [
        words[i] as RWord,
        words[i + 1] as RWord,
      ]);
      continue;
    }
    // 25-Dec-2018, 25-DEC-18, 25Dec2018
    if (named) {
      const name = (named[2] ?? '').toLowerCase().replace(/0/g, 'o');
      const month = MONTHS[name] ?? MONTHS[name.slice(0, 3)];
      if (month)
        add(year4(lookalikeDigits(named[3] ?? '')), Number(lookalikeDigits(named[1] ?? '')), month, 'dmy', [
          words[i] as RWord,
        ]);
      continue;
    }
    // 25 Dec 2018 / Dec 25, 2018 / 25 December, 2018
    const monthWord = /^([A-Za-z]{3,9})\.?,?$/.exec(raw);
    const month = monthWord
      ? (MONTHS[(monthWord[1] ?? '').toLowerCase()] ?? MONTHS[(monthWord[1] ?? '').toLowerCase().slice(0, 3)])
      : undefined;
    if (month) {
      const prev = fixDigits(
        (words[i - 1]?.text ?? '').replace(/[,.]$/, '').replace(/(?:st|nd|rd|th)$/i, ''),
      );
      const next = fixDigits(
        (words[i + 1]?.text ?? '').replace(/[,.]$/, '').replace(/(?:st|nd|rd|th)$/i, ''),
      );
      const next2 = fixDigits((words[i + 2]?.text ?? '').replace(/[,.]$/, ''));
      if (/^\d{1,2}$/.test(prev) && /^(?:\d{4}|\d{2})$/.test(next)) {
        add(year4(next), Number(prev), month, 'dmy', [
          words[i - 1] as RWord,
          words[i] as RWord,
          words[i + 1] as RWord,
        ]);
      } else if (/^\d{1,2}$/.test(next) && /^\d{4}$/.test(next2)) {
        add(year4(next2), month, Number(next), 'mdy', [
          words[i] as RWord,
          words[i + 1] as RWord,
          words[i + 2] as RWord,
        ]);
      }
    }
  }
  return hits;
}

/** Whether numeric dates read day first here: the document's own dates, then its currency and address. */
function dayFirstEvidence(hits: DateHit[], text: string): { dayFirst: boolean; sure: boolean } {
  for (const h of hits) {
    // A date read only by repairing it says nothing of how the shop writes its dates.
    if (h.order !== 'xy' || h.repaired) continue;
    if (h.a > 12 && h.b <= 12) return { dayFirst: true, sure: true };
    if (h.b > 12 && h.a <= 12) return { dayFirst: false, sure: true };
  }
  // A US address or US words: month first. Most other places: day first.
  if (US_STATE.test(text) || /\bUSD\b|\bSALES TAX\b/i.test(text)) return { dayFirst: false, sure: true };
  const dayFirstWords =
    /\bRM\s?\d|\bMYR\b|S\$|\bSGD\b|£|€|\bEUR\b|\bGBP\b|\bGST\b|\bVAT\b|\bMWST\b|\bAUD\b|\bSDN\.? BHD|\bPTE\.? LTD|\bGMBH\b|\bPTY\b|\bLTD\b/i;
  if (dayFirstWords.test(text)) return { dayFirst: true, sure: true };
  if (/\bINC\b|\bLLC\b|\$/i.test(text)) return { dayFirst: false, sure: false };
  return { dayFirst: true, sure: false };
}

function findDate(lines: RLine[], text: string): Found | undefined {
  const hits = lines.flatMap((line, i) => datesIn(line, i));
  const usable = hits.filter(
    (h) => !/\b(?:due|expir|exp|valid|until|best before|print)/.test(labelText(h.line.text)),
  );
  if (usable.length === 0) return undefined;
  const evidence = dayFirstEvidence(hits, text);
  const resolved = usable
    .map((h) => {
      let ymd: string | null = null;
      let sure = true;
      if (h.order === 'ymd') ymd = validYmd(h.y, h.a, h.b);
      else if (h.order === 'dmy') ymd = validYmd(h.y, h.b, h.a);
      else if (h.order === 'mdy') ymd = validYmd(h.y, h.a, h.b);
      else {
        const dayFirst = h.a > 12 ? true : h.b > 12 ? false : evidence.dayFirst;
        sure = h.a > 12 || h.b > 12 || h.a === h.b || evidence.sure;
        ymd = dayFirst ? validYmd(h.y, h.b, h.a) : validYmd(h.y, h.a, h.b);
      }
      return ymd ? { hit: h, ymd, sure } : undefined;
    })
    .filter((x) => x !== undefined);
  if (resolved.length === 0) return undefined;
  const printed = resolved.filter((r) => !r.hit.repaired);
  const pool = printed.length > 0 ? printed : resolved;
  const best = pool.find((r) => r.hit.labelled) ?? (pool[0] as (typeof pool)[number]);
  const agree = pool.every((r) => r.ymd === best.ymd);
  const base =
    (best.hit.labelled ? 0.95 : 0.9) *
    (best.sure ? 1 : 0.8) *
    (agree ? 1 : 0.92) *
    (best.hit.repaired ? 0.85 : 1);
  return { value: best.ymd, line: best.hit.line, words: best.hit.words, base };
}

function findTime(lines: RLine[], date: Found | undefined): Found | undefined {
  const ordered = date ? [date.line, ...lines.filter((l) => l !== date.line)] : lines;
  for (const line of ordered) {
    for (let i = 0; i < line.words.length; i++) {
      const word = line.words[i] as RWord;
      const m = /^([01]?\d|2[0-3])[:.]([0-5]\d)(?::([0-5]\d))?$/.exec(
        fixDigits(word.text.replace(/[,;]$/, '')),
      );
      if (!m || (word.text.includes('.') && !/\btime\b/i.test(line.text))) continue;
      const meridiem = /^(am|pm)$/i.exec(line.words[i + 1]?.text ?? '');
      const value = `${m[1]}:${m[2]}${m[3] ? `:${m[3]}` : ''}${meridiem ? ` ${meridiem[1]?.toUpperCase()}` : ''}`;
      const words = meridiem ? [word, line.words[i + 1] as RWord] : [word];
      return { value, line, words, base: /\btime\b/i.test(line.text) ? 0.93 : 0.88 };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Company and address

const LEGAL_SUFFIX =
  /\b(?:SDN\.?\s*BHD\.?|BHD\.?|S\/B|BERHAD|PTE\.?\s*LTD\.?|PTY\.?\s*LTD\.?|LTD\.?|LIMITED|PLC|LLC|L\.L\.C\.|INC\.?|INCORPORATED|CORP\.?|CORPORATION|CO\.?,? LTD|COMPANY|GMBH|G\.M\.B\.H\.|AG|KG|S\.?A\.?R\.?L\.?|S\.?A\.?|S\.?R\.?L\.?|B\.?V\.?|N\.?V\.?|OY|AB|ENTERPRISES?|TRADING|HOLDINGS?)(?=$|[\s.,)(&])/i;
/** The legal suffixes that are a company's form, not a word of its trade ("TRADING", "ENTERPRISE"). */
const COMPANY_FORM =
  /\b(?:SDN\.?\s*BHD|BHD|S\/B|BERHAD|PTE\.?\s*LTD|PTY\.?\s*LTD|LTD|LIMITED|PLC|LLC|INC|CORP|CORPORATION|GMBH)\b/i;
const NOT_COMPANY =
  /^(?:tax invoice|simplified tax invoice|invoice|receipt|cash receipt|official receipt|sales receipt|customer copy|merchant copy|cardholder copy|sale|welcome|welcome to|thank you|copy|duplicate|original|bill|cash bill|tax receipt|quotation|statement|order)\b|^\W*$/i;
const CONTACT =
  /\b(?:tel|phone|fax|hp|mobile|email|e-mail|www\.|http|website|gst\s*(?:id|reg|no)|sst\s*(?:id|no)|reg(?:istration)?\.?\s*no|co\.?:?\s*(?:reg|no)|company\s*no|vat\s*(?:no|reg)|abn|acn|uen|siret|siren|ust-?id(?:nr)?|st(?:euer)?-?nr|tin)\b|@/i;
/** A phone number on a line of its own, under a short label or none ("(217) 555-0142", "Ph 330-555-0177"). */
const PHONE_LINE = /^(?:ph|tel|t)?\.?:?\s*\+?\(?\d{2,4}\)?[\s.-]?\d{3,4}[\s.-]\d{4}$/i;
/** "(627189-M)", also as OCR reads it: "(627E89-M)", a digit taken for a letter. */
const REG_NUMBER =
  /^\(?\s*(?:co\.?\s*(?:no|reg)\.?:?\s*)?(?:\d{3,}|(?=(?:[A-Z]*\d){4})[\dA-Z]{5,9})[-\s]?[A-Z]?\s*\)?\.?$/i;
const ADDRESS_WORD =
  /\b(?:no\.?\s*\d|lot|jalan|jln|lorong|taman|tmn|bandar|kampung|kg|persiaran|lebuh|street|st\.|road|rd\.?|avenue|ave\.?|lane|drive|blvd|boulevard|way|square|place|court|floor|suite|unit|level|block|blk|building|plaza|mall|centre|center|park|strasse|straße|platz|weg|allee|\d{4,6})\b/i;

const STREET_WORD = /\b(?:lot|jalan|jln|lorong|taman|tmn|persiaran|lebuh|street|road|avenue)\b/i;

/** A price printed with a decimal point ("12.50", "RM9.00"); "55,57" in an address is not one. */
function hasPrice(words: RWord[]): boolean {
  return words.some((w) =>
    /^(?:RM|\$|£|€|S\$)?-?\d{1,3}(?:,\d{3})*\.\d{2}$/i.test(w.text.replace(/^[A-Za-z ]+:/, '')),
  );
}

function letterCount(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/** OCR's usual slips in a Malaysian legal suffix: "SON BHD", "SDN, BHB", "SDH. BHD.", "(My", "SIB". */
function normaliseLegalSuffix(text: string): string {
  return text
    .replace(
      /\bS[DO0QE][NHM]([.,]?)(\s*)B[HN][DO0B]([.,]?)(?=[\s)]|$)/gi,
      (_m, a: string, gap: string, b: string) => `SDN${a ? '.' : ''}${gap}BHD${b ? '.' : ''}`,
    )
    .replace(/\(M[y\]}|]?(?=\s+SDN)/g, '(M)')
    .replace(/\bS[I1l|]B\b/g, 'S/B');
}

function cleanName(text: string): string {
  return normaliseLegalSuffix(correctOcrWords(text))
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/^(?:owned|operated|managed)\s+by\b\s*:?\s*/i, '')
    .replace(/[\s,;:*_~-]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

interface CompanyHit {
  found: Found;
  lineIndex: number;
}

/** Text that can be (part of) a name: not a title, a phone, a registration number or a stray sign. */
function namePart(text: string): boolean {
  return (
    letterCount(text) + (text.match(/\d/g)?.length ?? 0) >= 1 &&
    !NOT_COMPANY.test(text) &&
    !CONTACT.test(text) &&
    !REG_NUMBER.test(text)
  );
}

function findCompany(lines: RLine[]): CompanyHit | undefined {
  const top = lines.filter((l) => l.page === (lines[0]?.page ?? 1)).slice(0, 12);
  const firstValueLine = top.findIndex(
    (l) =>
      datesIn(l, 0).length > 0 ||
      hasPrice(l.words) ||
      /\b(?:date|cashier|receipt no|invoice no)\b/i.test(l.text),
  );
  const limit = firstValueLine > 0 ? firstValueLine : top.length;
  // The name heads the receipt: a name printed after the address or the phone number ("Owned By :"
  // / "SANYU SUPPLY SDN BHD" under the shop's own name and address) is the owner, not the shop.
  const headerEnd = top.findIndex(
    (l, i) =>
      i > 0 &&
      (CONTACT.test(l.text) ||
        (ADDRESS_WORD.test(l.text) && /\d/.test(l.text) && !LEGAL_SUFFIX.test(l.text))),
  );
  const candidates: { text: string; words: RWord[]; index: number; score: number }[] = [];
  for (let i = 0; i < limit; i++) {
    const line = top[i] as RLine;
    // The name is the first segment (an invoice prints "INVOICE" on the same line, far right).
    for (const [j, first] of line.segments.slice(0, 2).entries()) {
      let segment = first;
      if (letterCount(cleanName(lineText(segment))) < 3 || !namePart(cleanName(lineText(segment)))) continue;
      // A centred name OCR split at a wide gap ("KEDAI MUTIARA HOME || DECO || (SEKSYEN") is one
      // name; a title, a number or a phone beside it is not part of it.
      for (const more of line.segments.slice(j + 1)) {
        const part = cleanName(lineText(more));
        if (!namePart(part) || hasPrice(more) || datesIn({ ...line, words: more }, 0).length) break;
        segment = [...segment, ...more];
      }
      const text = cleanName(lineText(segment));
      let score = 0.7 - i * 0.04;
      if (LEGAL_SUFFIX.test(text)) score += 0.4;
      if (headerEnd > 0 && i > headerEnd) score -= 0.5;
      if (ADDRESS_WORD.test(text) && !LEGAL_SUFFIX.test(text)) score -= 0.45;
      if (/\d/.test(text) && !LEGAL_SUFFIX.test(text)) score -= 0.15;
      const boxHeight = segment[0]?.box ? segment[0].box[3] - segment[0].box[1] : 0;
      if (boxHeight) score += Math.min(0.1, boxHeight * 2);
      // A logo or a smudge read as text: low confidence, few letters among the characters.
      const confidence = meanConfidence(segment);
      if (confidence < 0.7) score -= 0.7 - confidence;
      if (letterCount(text) / text.replace(/\s/g, '').length < 0.6) score -= 0.3;
      candidates.push({ text, words: segment, index: i, score });
      break;
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.index - b.index);
  const best = candidates[0];
  if (!best) return undefined;
  const title = /\s+(?:simplified\s+)?(?:tax\s+)?(?:invoice|receipt)\s*$/i.exec(best.text);
  let text = title ? best.text.slice(0, title.index) : best.text;
  text = stripRegNumber(text);
  let words = title ? best.words.slice(0, text.split(/\s+/).length) : best.words;
  let first = best.index;
  let last = best.index;
  const candidateAt = (i: number) => candidates.find((c) => c.index === i);
  // The smallest height of a line's words ("(M)" is taller than "SDN." by its parentheses, and a
  // word on a skewed scan by the slope); a brand printed large is large in every word.
  const heightOf = (words: RWord[]) => {
    const wordy = words.filter((w) => (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2);
    const hs = (wordy.length ? wordy : words)
      .map((w) => (w.box ? w.box[3] - w.box[1] : 0))
      .filter((h) => h > 0);
    return hs.length ? Math.min(...hs) : 0;
  };
  const sameSize = (a: RWord[], b: RWord[]) => {
    const ha = heightOf(a);
    const hb = heightOf(b);
    return !ha || !hb || (ha / hb > 0.7 && ha / hb < 1.45);
  };
  // A name printed over two lines: "GOLDEN MART" / "SDN BHD", "AIK HUAT HARDWARE" / "(SETIA ALAM)
  // SDN BHD", or "SYARIKAT PERNIAGAAN" / "GIN KEE SDN BHD" (the same size, not a brand repeated).
  // "13) (M) SDN BHD": the text before a ")" opened on the line above is inside it too.
  const outsideParens = (t: string) => t.replace(/^[^(]*\)/, '').replace(/\([^)]*\)?/g, '');
  // The suffix (or a branch in brackets and the suffix) on the next line: "GOLDEN MART" / "SDN BHD",
  // "RESTORAN ALPINE TRADING" / "(KAWASAN PERINDUSTRIAN BALAKONG) ENTERPRISE".
  const next = candidateAt(best.index + 1);
  if (
    next &&
    LEGAL_SUFFIX.test(next.text) &&
    !ADDRESS_WORD.test(outsideParens(next.text)) &&
    !/\d/.test(outsideParens(next.text)) &&
    // "TRADING SUPPLIES ENGINEERING" / "SDN BHD": a name's trade word is no company form.
    (!COMPANY_FORM.test(text) || /^\(/.test(next.text) || /\([^)]*$/.test(text))
  ) {
    text = `${text} ${stripRegNumber(next.text)}`;
    words = [...words, ...next.words];
    last = next.index;
  }
  // A branch in brackets on a line of its own and the suffix on the next: "RESTORAN ALPINE
  // TRADING" / "(KAWASAN PERINDUSTRIAN BALAKONG)" / "ENTERPRISE".
  const branch = candidateAt(last + 1);
  const suffix = candidateAt(last + 2);
  if (
    branch &&
    suffix &&
    /^\([^()\d]*\)$/.test(branch.text) &&
    LEGAL_SUFFIX.test(suffix.text) &&
    letterCount(suffix.text.replace(new RegExp(LEGAL_SUFFIX.source, 'gi'), '').replace(/\(M\)/g, '')) === 0
  ) {
    text = `${text} ${branch.text} ${stripRegNumber(suffix.text)}`;
    words = [...words, ...branch.words, ...suffix.words];
    last = suffix.index;
  }
  // The start of the name on the lines above (up to two): "SYARIKAT PERNIAGAAN" / "GIN KEE SDN BHD",
  // "KEDAI MUTIARA HOME DECO (SEKSYEN" / "13) (M) SDN. BHD." — the same size, not a brand repeated.
  for (let k = 0; k < 3 && !title; k++) {
    const above = top[first - 1];
    const closing = above && cleanName(above.text);
    // "13)": the end of a bracket opened on the line above it, too short to be a candidate.
    if (!candidateAt(first - 1) && closing && /^[\p{L}\p{N}\s-]{1,12}\)$/u.test(closing) && first - 1 > 0) {
      text = `${closing} ${text}`;
      words = [...above.words, ...words];
      first -= 1;
      continue;
    }
    const previous = candidateAt(first - 1);
    if (!previous) break;
    const continues =
      /^\(|^(?:SDN|BHD|PTE|LTD|S\/B)\b|^[^(]*\)/i.test(text) || /\([^)]*$/.test(previous.text);
    const joins =
      !LEGAL_SUFFIX.test(previous.text) &&
      !/\d/.test(outsideParens(previous.text)) &&
      sameSize(previous.words, words) &&
      // A logo read as letters is read unsure; a name the line below plainly continues, less so.
      meanConfidence(previous.words) >= (continues ? 0.6 : 0.7) &&
      (continues ||
        (previous.text.split(/\s+/).length <= 4 &&
          !containsWords(text, previous.text) &&
          // A name already whole on its line ("BOOK TA .K (TAMAN DAYA) SDN BHD") has no start above
          // it: the line there is a header (the owner's or a person's name), not the name's start.
          nameWords(text) <= 2));
    if (!joins) break;
    text = `${previous.text} ${text}`;
    words = [...previous.words, ...words];
    first = previous.index;
  }
  const line = top[first] as RLine;
  const hasSuffix = LEGAL_SUFFIX.test(text);
  return {
    found: { value: text, line, words, base: hasSuffix ? 0.92 : 0.72 },
    lineIndex: lines.indexOf(top[last] as RLine),
  };
}

/** Words of a name outside brackets and before its legal suffix: "GIN KEE SDN BHD" has 2. */
function nameWords(text: string): number {
  const head = text.replace(/\([^)]*\)?/g, ' ').split(LEGAL_SUFFIX)[0] ?? '';
  return head.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
}

function meanConfidence(words: RWord[]): number {
  const known = words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
}

/** Whether most words of `part` already appear in `text` (a brand line above its legal name). */
function containsWords(text: string, part: string): boolean {
  const have = new Set(text.toUpperCase().split(/[^A-Z0-9]+/));
  const words = part
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  return words.filter((w) => have.has(w)).length >= Math.ceil(words.length / 2);
}

/** "… SDN BHD (81109-A)", "… CO. REG NO 12345-X": the registration number is not the name. */
function stripRegNumber(text: string): string {
  return (
    text
      .replace(
        /\s*\(?\s*(?:co\.?\s*)?(?:reg(?:istration)?\.?\s*)?(?:no\.?\s*:?\s*)?\d{4,}[-\s]?[A-Z]?\s*\)?\s*$/i,
        '',
      )
      .trim() || text
  );
}

function findAddress(lines: RLine[], company: CompanyHit | undefined): Found | undefined {
  const start = company ? company.lineIndex + 1 : 0;
  const parts: { text: string; words: RWord[]; line: RLine }[] = [];
  for (let i = start; i < Math.min(lines.length, start + 8); i++) {
    const line = lines[i] as RLine;
    // The left-hand block only (an invoice prints its number and date on the right); a lone
    // character set apart before it is a speck or the paper's edge.
    const lone =
      line.segments.length > 1 && (line.segments[0] ?? []).map((w) => w.text).join('').length === 1;
    const segment = line.segments[lone ? 1 : 0] ?? [];
    const part = { ...line, words: segment };
    const text = cleanAddressPart(lineText(segment));
    if (!text) continue;
    // A line of one character ("1", "3.") is a speck or the paper's edge, not a line of the address.
    if (text.length <= 2 && /^[^\p{L}\p{N}]*[\p{L}\p{N}][^\p{L}\p{N}]*$/u.test(text)) continue;
    // "(GST ID NO : 000306020352)" under the address ends it; a bracketed line before it is skipped.
    if (parts.length > 0 && /^\(.*\)$/.test(text) && CONTACT.test(text)) break;
    if (REG_NUMBER.test(text) || /^\(.*\)$/.test(text) || (/^(?:SDN|BHD)/i.test(text) && parts.length === 0))
      continue;
    // The name's last line, its registration number after it ("SUPERMARKET(3030754)").
    if (parts.length === 0 && stripRegNumber(text) !== text && !ADDRESS_WORD.test(stripRegNumber(text)))
      continue;
    // An invoice's right-hand fields ("Invoice No", "Due Date") sit between the address lines; on
    // a till receipt the same fields start at or left of the address's margin, below it.
    if (/^(?:invoice|receipt|bill|due|date|order|ref|po\b|account|customer|page)/i.test(text)) {
      const x = segment[0]?.box?.[0];
      const margin = Math.min(...parts.map((p) => p.words[0]?.box?.[0] ?? Number.POSITIVE_INFINITY));
      if (parts.length > 0 && x !== undefined && x <= margin + 0.02) break;
      continue;
    }
    // A colon is a label's ("Cashier: …"), unless the line names a street ("NO.5: 55,57 & 59, JALAN …").
    const labelled = /:/.test(text) && !STREET_WORD.test(text);
    if (
      CONTACT.test(text) ||
      PHONE_LINE.test(text) ||
      NOT_COMPANY.test(text) ||
      // The receipt's title, misread ("SIMPLED TAX IWWOICE"): no address says tax or invoice.
      /\b(?:tax|invoice|receipt)\b/i.test(text) ||
      datesIn(part, 0).length > 0 ||
      hasPrice(segment) ||
      labelled
    ) {
      if (parts.length > 0) break;
      continue;
    }
    if (/^[-=_*.\s]+$/.test(text)) break;
    if (parts.length === 0 && !ADDRESS_WORD.test(text) && !/\d/.test(text)) continue;
    parts.push({ text, words: segment, line });
    if (parts.length >= 5) break;
  }
  if (parts.length === 0) return undefined;
  // The lines joined as printed: a space between them, the commas the shop printed kept, none added.
  const value = parts.map((p) => p.text).join(' ');
  return {
    value,
    line: (parts[0] as (typeof parts)[number]).line,
    words: parts.flatMap((p) => p.words),
    sourceText: parts.map((p) => p.line.text).join('\n'),
    base: ADDRESS_WORD.test(value) ? 0.82 : 0.65,
  };
}

function cleanAddressPart(text: string): string {
  return correctOcrWords(text)
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Currency, card, number, items

// A symbol counts next to an amount (OCR turns specks into "£" and "€"); a code counts anywhere.
const AMOUNT_AFTER = String.raw`\s?-?\d`;
const CURRENCIES: [RegExp, string][] = [
  [new RegExp(String.raw`\bRM${AMOUNT_AFTER}|\bMYR\b|\(RM\)|\bRM\b`), 'MYR'],
  [new RegExp(String.raw`S\$${AMOUNT_AFTER}|\$\$${AMOUNT_AFTER}|\bSGD\b`), 'SGD'],
  [new RegExp(String.raw`A\$${AMOUNT_AFTER}|\bAUD\b`), 'AUD'],
  [new RegExp(String.raw`HK\$${AMOUNT_AFTER}|\bHKD\b`), 'HKD'],
  [new RegExp(String.raw`C\$${AMOUNT_AFTER}|\bCAD\b`), 'CAD'],
  [new RegExp(String.raw`£${AMOUNT_AFTER}|\bGBP\b`), 'GBP'],
  [new RegExp(String.raw`€${AMOUNT_AFTER}|\d\s?€|\bEUR\b|\bEURO\b`), 'EUR'],
  [new RegExp(String.raw`₹${AMOUNT_AFTER}|\bINR\b|\bRs\.?${AMOUNT_AFTER}`), 'INR'],
  [new RegExp(String.raw`¥${AMOUNT_AFTER}|\bJPY\b`), 'JPY'],
  [/\bUSD\b|US\$/, 'USD'],
];

function findCurrency(lines: RLine[], text: string): Found | undefined {
  const country = countryCurrency(lines);
  // A sign seen once where the country says otherwise is a speck OCR read ("€3 JALAN …").
  const once = (pattern: RegExp, code: string) =>
    !!country && country.value !== code && lines.filter((l) => pattern.test(l.text)).length === 1;
  for (const [pattern, code] of CURRENCIES) {
    const line = lines.find((l) => pattern.test(l.text));
    if (line && !(SIGN_ONLY.has(code) && once(pattern, code))) {
      const words = line.words.filter((w) => pattern.test(w.text) || pattern.test(`${w.text} 1`));
      return { value: code, line, words: words.length ? words : line.words, base: 0.9 };
    }
  }
  const sign = new RegExp(String.raw`\$${AMOUNT_AFTER}`);
  const dollar = lines.find((l) => sign.test(l.text));
  const dollarCode = /\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT) \d{4}\b|\bABN\b/.test(text) ? 'AUD' : 'USD';
  if (dollar && !once(sign, dollarCode))
    return {
      value: dollarCode,
      line: dollar,
      words: dollar.words.filter((w) => w.text.includes('$')),
      base: 0.8,
    };
  // No money printed with a sign or a code: the country the shop is in says it, less surely.
  return country;
}

/** Currencies found by a sign alone, which OCR can make of a speck. */
const SIGN_ONLY = new Set(['GBP', 'EUR', 'JPY']);

/** The currency of the country a receipt's shop names (a company form, a state), if any. */
function countryCurrency(lines: RLine[]): Found | undefined {
  for (const [pattern, code] of COUNTRY_CURRENCIES) {
    const line = lines.find((l) => pattern.test(l.text));
    if (line) return { value: code, line, words: line.words.filter((w) => pattern.test(w.text)), base: 0.6 };
  }
  return undefined;
}

/** What names a shop's country on its receipt: a company form, a state, a postcode's shape. */
const COUNTRY_CURRENCIES: [RegExp, string][] = [
  [
    /\bSDN\.?\s*BHD\b|\b(?:SELANGOR|JOHOR|KUALA LUMPUR|PULAU PINANG|PENANG|PERAK|KEDAH|MELAKA|PAHANG|KELANTAN|TERENGGANU|NEGERI SEMBILAN|SABAH|SARAWAK|PUTRAJAYA)\b/i,
    'MYR',
  ],
  [/\bPTE\.?\s*LTD\b|\bSINGAPORE\s+\d{6}\b/i, 'SGD'],
];

function findCardLastFour(lines: RLine[]): Found | undefined {
  for (const line of lines) {
    const t = line.text;
    const m =
      /(?:[*xX#•.]{2,}[\s-]?){1,4}[*xX#•.]*\s?(\d{4})\b/.exec(t) ??
      /\b(?:ending(?:\s+in)?|last\s*4|last\s*four|card\s*(?:no|number|#)\.?:?)\s*[*xX#•.\s-]*(\d{4})\b/i.exec(
        t,
      );
    if (!m?.[1]) continue;
    if (/\b(?:tel|phone|fax|gst|reg)\b/i.test(t)) continue;
    const words = line.words.filter((w) => w.text.includes(m[1] as string));
    return { value: m[1], line, words: words.length ? words : line.words, base: 0.9 };
  }
  return undefined;
}

const NUMBER_LABEL =
  /\b(?:receipt|invoice|inv|bill|doc(?:ument)?|trans(?:action)?|txn|order|check|chk|ticket|ref(?:erence)?|slip|cs|no\.? resit|beleg|bon|rechnung|quittung|facture)[\s-]*(?:no|num|number|nbr|nr|n[°º®]|#|id)?\.?\s*[:#]?\s*$/i;
/** A label and its number OCR read as one word, no space printed between them ("Receipt#:85912/104"). */
const GLUED_NUMBER = /^(.*?(?:no|nr|#)\.?[:#]?)([A-Z0-9][A-Z0-9\-/]*)$/i;

function findReceiptNumber(lines: RLine[]): Found | undefined {
  for (const [index, line] of lines.entries()) {
    // Right under the receipt's title ("CASH BILL" / "No: 12045"), a bare "No:" is its number even
    // when short.
    const underTitle =
      /^(?:cash bill|bill|receipt|cash receipt|official receipt|invoice|tax invoice|simplified tax invoice)$/i.test(
        lines[index - 1]?.text.trim() ?? '',
      );
    for (let i = 0; i < line.words.length; i++) {
      const word = line.words[i] as RWord;
      const glued = GLUED_NUMBER.exec(word.text);
      let before = lineText(line.words.slice(Math.max(0, i - 3), i));
      let read = word.text;
      if (
        glued?.[1] &&
        glued[2] &&
        /[A-Z]{2}/i.test(glued[1]) &&
        NUMBER_LABEL.test(`${before} ${glued[1]}`)
      ) {
        before = `${before} ${glued[1]}`;
        read = glued[2];
      }
      // A line of its own opening with a bare "No:" ("No: INV65888696" under "TAX INVOICE") numbers
      // the receipt, unless the line is a phone, fax or registration number's.
      const bare =
        /^\s*no\.?\s*[:#]\s*$|^\s*no\.\s*$/i.test(lineText(line.words.slice(0, i))) &&
        !/\b(?:tel|phone|fax|reg|gst|co|company|roc)\b/i.test(line.text);
      if (!NUMBER_LABEL.test(before) && !bare) continue;
      // OCR reads a C as "€" ("€S57327128"), and a bracket into the number ("(CS00012345").
      const token = read.replace(/^[:#([]+|[.,;)\]]+$/g, '').replace(/^€(?=[A-Z0-9])/, 'C');
      if (!/\d/.test(token) || token.length < 3 || !/^[A-Z0-9][A-Z0-9\-/]*$/i.test(token)) continue;
      const digits = token.replace(/\D/g, '').length;
      if (bare && !(/[A-Z]/i.test(token) || digits >= 6 || (underTitle && digits >= 4))) continue;
      if (datesIn({ ...line, words: [word] }, 0).length) continue;
      return { value: token, line, words: [word], base: 0.88 };
    }
  }
  return undefined;
}

function findLineItems(lines: RLine[], total: Found | undefined): Found | undefined {
  const end = total ? lines.indexOf(total.line) : lines.length;
  const items: { description: string; quantity: number | null; unit_price: number | null; amount: number }[] =
    [];
  const used: RLine[] = [];
  let pendingName: RLine | undefined;
  for (let i = 0; i < Math.max(0, end); i++) {
    const line = lines[i] as RLine;
    const label = labelText(line.text);
    if (/total|subtotal|\b(?:gst|vat|tax|rounding|cash|change|date|time|tel|phone)\b/.test(label)) {
      pendingName = undefined;
      continue;
    }
    const money = moneyIn(line.words);
    const amount = money.at(-1);
    const head = amount ? lineText(line.words.slice(0, money[0]?.index ?? 0)) : '';
    const qtyMatch = /^(\d{1,3})\s*[xX@*]\s*$/.exec(head) ?? /^(\d{1,3})\s*[xX@*]/.exec(head);
    if (!amount) {
      pendingName = letterCount(line.text) >= 3 ? line : undefined;
      continue;
    }
    let description = head.replace(/\s+\d{1,3}\s*$/, '').trim();
    let quantity: number | null = qtyMatch ? Number(qtyMatch[1]) : null;
    const trailingQty = /\s(\d{1,3})$/.exec(head);
    if (quantity === null && trailingQty) quantity = Number(trailingQty[1]);
    if ((letterCount(description) < 2 || qtyMatch) && pendingName) description = cleanName(pendingName.text);
    if (letterCount(description) < 2) continue;
    const unit =
      money.length >= 2 ? (money.at(-2) as Money).value : quantity ? round2(amount.value / quantity) : null;
    items.push({ description, quantity, unit_price: unit, amount: round2(amount.value) });
    used.push(line);
    pendingName = undefined;
  }
  if (items.length === 0) return undefined;
  const first = used[0] as RLine;
  return {
    value: JSON.stringify(items),
    line: first,
    words: used.flatMap((l) => l.words),
    sourceText: used.map((l) => l.text).join('\n'),
    base: 0.7,
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * The receipt fields the data points ask for, as items; a data point this module does not know,
 * or a field it cannot find, is left out (the general label matcher takes it).
 */
export function extractReceiptFields(
  doc: ExtractedDocument,
  dataPoints: string[],
): Record<string, ExtractedItem> {
  const wanted = dataPoints
    .map((d) => ({ dataPoint: d, field: receiptFieldOf(d) }))
    .filter((w): w is { dataPoint: string; field: ReceiptField } => w.field !== undefined);
  if (wanted.length === 0) return {};
  const lines = linesOf(doc);
  if (lines.length === 0) return {};
  const text = lines.map((l) => l.text).join('\n');
  const cache = new Map<ReceiptField, Found | undefined>();
  let company: CompanyHit | undefined | null = null;
  const companyHit = () => {
    if (company === null) company = findCompany(lines);
    return company;
  };
  const find = (field: ReceiptField): Found | undefined => {
    if (cache.has(field)) return cache.get(field);
    let found: Found | undefined;
    switch (field) {
      case 'company':
        found = companyHit()?.found;
        break;
      case 'address':
        found = findAddress(lines, companyHit());
        break;
      case 'date':
        found = findDate(lines, text);
        break;
      case 'time':
        found = findTime(lines, find('date'));
        break;
      case 'total':
        found = findTotal(lines);
        break;
      case 'subtotal':
        found = findSubtotal(lines);
        break;
      case 'tax':
        found = findTax(lines);
        break;
      case 'currency':
        found = findCurrency(lines, text);
        break;
      case 'card_last_four':
        found = findCardLastFour(lines);
        break;
      case 'receipt_number':
        found = findReceiptNumber(lines);
        break;
      case 'line_items':
        found = findLineItems(lines, find('total'));
        break;
    }
    cache.set(field, found);
    return found;
  };
  const result: Record<string, ExtractedItem> = {};
  for (const { dataPoint, field } of wanted) {
    const found = find(field);
    if (found) result[dataPoint] = item(doc, found);
  }
  return result;
}

/** The standard fields, for a receipt request that names no data points. */
export const RECEIPT_DEFAULT_FIELDS: string[] = [
  'company',
  'address',
  'date',
  'time',
  'total',
  'tax',
  'currency',
  'card_last_four',
  'receipt_number',
];
