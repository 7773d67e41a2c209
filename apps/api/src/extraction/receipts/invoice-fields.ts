import {
  foldLabel,
  type InvoiceLabel,
  invoiceLabelOf,
  invoiceLabelsIn,
  type LabelHit,
  nearestInvoiceLabel,
} from '../lexicon/invoice-labels';
import { MONTH_NAME_PATTERN, monthNumber } from '../lexicon/month-names';
import { type Box, type LayoutWord, unionBox } from '../model/layout';
import { formatLocation, sourceUrlOf } from '../model/location';
import type { ExtractedDocument, ExtractedItem } from '../model/types';
import { phrase } from './receipt-fields';

/**
 * Invoices read field by field, whatever type they were sent as (issue 39): the invoice number,
 * its date and due date, the vendor (the issuer, never the addressee), the customer, the net, the
 * tax, the total and the currency, in English, German, French and Spanish. Labels come from the
 * vocabulary in `lexicon/invoice-labels.ts`; a value is read after its label in the same run of
 * text, in the next run on the line, or under the label (a strip of labels over values, a "Bill
 * to" heading over its block). Where no label names it, the vendor is the name the page is headed
 * or signed with (a legal form, a large type, a sender line, the footer) outside the addressee's
 * block. The net, tax and total are checked against each other.
 */

export type InvoiceField =
  | 'invoice_number'
  | 'invoice_date'
  | 'due_date'
  | 'vendor'
  | 'customer'
  | 'subtotal'
  | 'tax'
  | 'total'
  | 'currency';

/** Data point names (as asked, in English) for each field. */
const ASKED: Record<InvoiceField, string[]> = {
  invoice_number: [
    'invoice number',
    'invoice no',
    'invoice',
    'invoice id',
    'invoice ref',
    'invoice reference',
    'number',
    'document number',
    'bill number',
    'receipt number',
    'reference',
  ],
  invoice_date: [
    'invoice date',
    'date',
    'issue date',
    'date issued',
    'billing date',
    'document date',
    'date of issue',
  ],
  due_date: ['due date', 'payment due date', 'date due', 'due', 'payment due', 'due by'],
  vendor: [
    'vendor',
    'vendor name',
    'seller',
    'seller name',
    'supplier',
    'supplier name',
    'company',
    'company name',
    'merchant',
    'merchant name',
    'issuer',
    'biller',
    'payee',
    'from',
    'sender',
  ],
  customer: [
    'customer',
    'customer name',
    'client',
    'client name',
    'bill to',
    'billed to',
    'bill to name',
    'buyer',
    'buyer name',
    'recipient',
    'purchaser',
    'sold to',
    'invoice to',
    'addressee',
  ],
  subtotal: [
    'subtotal',
    'sub total',
    'net amount',
    'net total',
    'net',
    'amount before tax',
    'total before tax',
    'total excluding tax',
    'total excl tax',
    'total net',
  ],
  tax: ['tax', 'tax amount', 'vat', 'vat amount', 'sales tax', 'gst', 'total tax', 'taxes'],
  total: [
    'total',
    'total amount',
    'amount due',
    'grand total',
    'invoice total',
    'total due',
    'balance due',
    'amount payable',
    'total payable',
    'gross amount',
    'total incl tax',
    'amount',
  ],
  currency: ['currency', 'currency code'],
};

const LABEL_FIELD: Partial<Record<InvoiceLabel, InvoiceField>> = {
  invoice_number: 'invoice_number',
  invoice_date: 'invoice_date',
  due_date: 'due_date',
  vendor: 'vendor',
  customer: 'customer',
  subtotal: 'subtotal',
  tax: 'tax',
  total: 'total',
};

/** The invoice field a data point asks for ("Invoice No." → invoice_number, "Rechnungsdatum" → invoice_date). */
export function invoiceFieldOf(dataPoint: string): InvoiceField | undefined {
  const p = phrase(dataPoint);
  for (const [field, names] of Object.entries(ASKED) as [InvoiceField, string[]][])
    if (names.includes(p) || names.includes(p.replace(/s$/, ''))) return field;
  // Asked in the document's own words ("Rechnungsnummer", "Montant TTC", "Fecha de vencimiento").
  const label = invoiceLabelOf(dataPoint.replace(/[_]+/g, ' '));
  return label ? LABEL_FIELD[label.label] : undefined;
}

/** Whether a value another matcher found has the kind this invoice field needs. */
export function fitsInvoiceField(dataPoint: string, value: string | number | null): boolean {
  const field = invoiceFieldOf(dataPoint);
  if (!field || value === null) return true;
  if (field === 'invoice_date' || field === 'due_date')
    return typeof value === 'string' && /^\d{8}$/.test(value);
  if (field === 'subtotal' || field === 'tax' || field === 'total') return typeof value === 'number';
  if (field === 'currency') return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
  return typeof value === 'string';
}

// ---------------------------------------------------------------------------------------------
// Runs of text with their places

interface Seg {
  text: string;
  box?: Box;
  words: LayoutWord[];
  page: number;
  /** Index of its line in `lines`. */
  line: number;
}

interface Line {
  text: string;
  page: number;
  /** Line number on its page, 1-based (for the location). */
  number: number;
  box?: Box;
  segs: Seg[];
  height: number;
}

/** A page's text segments split further at the separators a sender line or footer uses ("A · B · C"). */
function linesOf(doc: ExtractedDocument): Line[] {
  const out: Line[] = [];
  if (doc.layout?.length) {
    for (const page of doc.layout) {
      page.lines.forEach((line, i) => {
        const index = out.length;
        const segs = line.segments
          .map(
            (s): Seg => ({ text: s.text.trim(), box: s.box, words: s.words, page: page.number, line: index }),
          )
          .filter((s) => s.text !== '');
        if (!segs.length) return;
        out.push({
          text: segs.map((s) => s.text).join('  '),
          page: page.number,
          number: i + 1,
          box: line.box,
          segs,
          height: line.box[3] - line.box[1],
        });
      });
    }
    if (out.length) return out;
  }
  doc.lines.forEach((line, i) => {
    const parts = line.cells?.length ? line.cells.map((c) => c.text) : line.text.split(/\s{3,}|\t/);
    const index = out.length;
    out.push({
      text: line.text,
      page: line.location.page ?? 1,
      number: line.location.line ?? i + 1,
      segs: parts
        .filter((p) => p.trim())
        .map((p) => ({ text: p.trim(), words: [], page: line.location.page ?? 1, line: index })),
      height: 0,
    });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values

/** An amount in any of the formats invoices print: 1,234.56 · 1.234,56 · 1 234,56 · 1'234.56 · 12,50. */
const AMOUNT =
  /(?<![\d.,'’])(-|−)?\s?(?:(€|\$|£|CHF|EUR|USD|GBP|US\$)\s?)?(\d{1,3}(?:(?:[.,'’]|\s|\u00a0|\u202f)\d{3})+|\d+)([.,])(\d{2})(?![\d%])(?!\s?%)(?:\s?(€|EUR|CHF|USD|GBP|\$|£))?/g;

interface AmountHit {
  value: number;
  start: number;
  end: number;
  currency?: string;
}

function amountsIn(text: string): AmountHit[] {
  const out: AmountHit[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const whole = (m[3] ?? '').replace(/[^\d]/g, '');
    // "1,234" followed by ".56": grouping and decimal marks must differ.
    const groupMark = /[.,]/.exec(m[3] ?? '')?.[0];
    if (groupMark && groupMark === m[4]) continue;
    let value = Number(`${whole}.${m[5]}`);
    if (!Number.isFinite(value)) continue;
    if (m[1]) value = -value;
    const currency = m[2] ?? m[6];
    out.push({
      value,
      start: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      ...(currency ? { currency: currencyCode(currency) ?? currency } : {}),
    });
  }
  return out;
}

const CURRENCY_SIGNS: [RegExp, string][] = [
  [/€|\bEUR\b|\bEuro?s?\b/i, 'EUR'],
  [/£|\bGBP\b/, 'GBP'],
  [/\bCHF\b|\bSFr\.?|\bFr\.\s?\d/, 'CHF'],
  [/\bCAD\b|C\$/, 'CAD'],
  [/\bAUD\b|A\$/, 'AUD'],
  [/\bUSD\b|US\$/, 'USD'],
  [/\$/, 'USD'],
];

function currencyCode(text: string): string | undefined {
  for (const [pattern, code] of CURRENCY_SIGNS) if (pattern.test(text)) return code;
  return undefined;
}

interface DateHit {
  ymd: string;
  start: number;
  end: number;
  /** The day and month were given as numbers in an order only the document's locale tells. */
  ambiguous: boolean;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
function validYmd(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2099 || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}${pad2(m)}${pad2(d)}`;
}
const year4 = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

const NAMED_DMY = new RegExp(
  String.raw`(?<!\d)(\d{1,2})(?:er|st|nd|rd|th)?\.?\s?(?:de\s)?[-\s]?(${MONTH_NAME_PATTERN})\.?[-\s,]\s?(?:de\s)?(\d{4}|\d{2})(?!\d)`,
  'g',
);
const NAMED_MDY = new RegExp(
  String.raw`(?<![\p{L}])(${MONTH_NAME_PATTERN})\.?\s(\d{1,2})(?:st|nd|rd|th)?,?\s(\d{4})(?!\d)`,
  'gu',
);
const ISO = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g;
const NUMERIC = /(?<![\d.,/])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[.,]\d)/g;

/** Every date in a text, with its place (folded text, month names in four languages). */
export function datesIn(text: string, dayFirst: boolean): DateHit[] {
  const folded = foldLabel(text);
  const hits: DateHit[] = [];
  const add = (ymd: string | null, m: RegExpMatchArray, ambiguous = false) => {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (ymd && !hits.some((h) => start < h.end && end > h.start)) hits.push({ ymd, start, end, ambiguous });
  };
  for (const m of folded.matchAll(ISO)) add(validYmd(Number(m[1]), Number(m[2]), Number(m[3])), m);
  for (const m of folded.matchAll(NAMED_DMY)) {
    const month = monthNumber(m[2] ?? '');
    if (month) add(validYmd(year4(m[3] ?? ''), month, Number(m[1])), m);
  }
  for (const m of folded.matchAll(NAMED_MDY)) {
    const month = monthNumber(m[1] ?? '');
    if (month) add(validYmd(Number(m[3]), month, Number(m[2])), m);
  }
  for (const m of folded.matchAll(NUMERIC)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = year4(m[4] ?? '');
    // A dotted date is day first everywhere it is written.
    const first = m[2] === '.' ? true : a > 12 ? true : b > 12 ? false : dayFirst;
    add(first ? validYmd(y, b, a) : validYmd(y, a, b), m, m[2] !== '.' && a <= 12 && b <= 12 && a !== b);
  }
  return hits.sort((x, y) => x.start - y.start);
}

/** Whether numeric dates read day first here: the document's own dates, its words and its money. */
function dayFirstIn(text: string): boolean {
  for (const m of text.matchAll(NUMERIC)) {
    if (m[2] === '.') continue;
    if (Number(m[1]) > 12 && Number(m[3]) <= 12) return true;
    if (Number(m[3]) > 12 && Number(m[1]) <= 12) return false;
  }
  const folded = foldLabel(text);
  if (/\b(?:rechnung|facture|factura|mwst|ust|tva|iva|vat|gst)\b|€|£|\bchf\b|\beur\b|\bgbp\b/.test(folded))
    return true;
  if (/\$|\busd\b|\b[A-Z]{2} \d{5}\b/.test(text)) return false;
  return true;
}

const ID_TOKEN = /^[A-Z0-9][A-Z0-9\-/._]*$/i;
const NUMBER_WORD = /^(?:no|nr|n°|nº|n\.º|n|#|number|nummer|numero|num|:|-)\.?:?$/i;

/** The invoice number at the start of a label's value ("# 00123", "Nr. R/2023/1139 vom …"). */
function numberAt(
  text: string,
  dayFirst: boolean,
): { value: string; start: number; end: number } | undefined {
  let offset = 0;
  const tokens = text.split(/(\s+)/);
  for (const token of tokens) {
    const here = offset;
    offset += token.length;
    if (/^\s*$/.test(token)) continue;
    if (NUMBER_WORD.test(token)) continue;
    const t = token.replace(/^[:#(]+/, '').replace(/[.,;:)]+$/, '');
    if (!t || !/\d/.test(t) || !ID_TOKEN.test(t) || t.length > 30) return undefined;
    if (datesIn(t, dayFirst).some((d) => d.start === 0 && d.end >= t.length - 1)) return undefined;
    const start = here + token.indexOf(t);
    return { value: t, start, end: start + t.length };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Labels and the values they lead to

/** Labels that are common words: they count only where they open their run of text. */
const WEAK = new Set([
  'to',
  'from',
  'date',
  'datum',
  'fecha',
  'dated',
  'due',
  'tax',
  'net',
  'netto',
  'neto',
  'base',
  'summe',
  'suma',
  'gesamt',
  'brutto',
  'total',
  'customer',
  'client',
  'cliente',
  'kunde',
  'paid',
  'issued',
  'vence',
  'of',
  'du',
  'vom',
  'de fecha',
  'payee',
  'vat',
  'ust',
  'ust.',
  'iva',
  'tva',
  'mwst',
  'mwst.',
  'zzgl.',
  'shipping',
  'discount',
  'deposit',
  'rounding',
  'payments',
]);

interface Found {
  value: string | number;
  seg: Seg;
  /** Words that hold the value, when known (for the anchor). */
  words?: LayoutWord[];
  base: number;
  source?: string;
}

interface LabelAt {
  hit: LabelHit;
  seg: Seg;
  /** Text after the label up to the next label in the same run. */
  after: string;
  afterStart: number;
  /** The label opens its run of text. */
  opens: boolean;
}

/** Every label on every run, with the text that follows it in that run. */
function labelsOf(lines: Line[]): LabelAt[] {
  const out: LabelAt[] = [];
  for (const line of lines) {
    for (const seg of line.segs) {
      const hits = invoiceLabelsIn(seg.text);
      if (!hits.length) {
        const near = nearestInvoiceLabel(seg.text);
        if (near) hits.push(near);
      }
      hits.forEach((hit, k) => {
        const lead = seg.text.slice(0, hit.start);
        const opens = /^[\s\-–•*(]*$/.test(lead) || /[:;|]\s*$/.test(lead);
        const previous = hits[k - 1];
        // "vom", "du", "de fecha": only right after a number's label and its number.
        if (
          hit.label === 'dated' &&
          previous?.label !== 'invoice_number' &&
          previous?.label !== 'number' &&
          previous?.label !== 'title'
        )
          return;
        if (
          WEAK.has(hit.phrase) &&
          !opens &&
          hit.label !== 'dated' &&
          !(previous && seg.text.slice(previous.end, hit.start).trim().length > 0)
        )
          return;
        const next = hits[k + 1];
        const rawAfter = seg.text.slice(hit.end, next ? next.start : undefined);
        const lead2 = /^[\s:#.\-–)]*/.exec(rawAfter)?.[0].length ?? 0;
        out.push({ hit, seg, after: rawAfter.slice(lead2).trim(), afterStart: hit.end + lead2, opens });
      });
    }
  }
  return out;
}

function isLabelOnly(text: string): boolean {
  return invoiceLabelOf(text) !== undefined;
}

/** The next run right of a segment on its line. */
function rightOf(lines: Line[], seg: Seg): Seg | undefined {
  const line = lines[seg.line];
  if (!line) return undefined;
  const i = line.segs.indexOf(seg);
  return line.segs[i + 1];
}

/** The runs under a segment (its column: overlapping it across), nearest first, within a few lines. */
function below(lines: Line[], seg: Seg, maxLines = 6): Seg[] {
  const out: Seg[] = [];
  const line = lines[seg.line];
  if (!line) return out;
  let lastY = line.box?.[3] ?? 0;
  const height = line.height || 0.012;
  for (let i = seg.line + 1; i < lines.length && i <= seg.line + maxLines; i++) {
    const next = lines[i] as Line;
    if (next.page !== seg.page) break;
    if (next.box && line.box && next.box[1] - lastY > height * 2.6) break;
    const under = next.segs.filter((s) => {
      if (!s.box || !seg.box) return next.segs.indexOf(s) === line.segs.indexOf(seg);
      const overlap = Math.min(s.box[2], seg.box[2]) - Math.max(s.box[0], seg.box[0]);
      return overlap > 0 || Math.abs(s.box[0] - seg.box[0]) < 0.02;
    });
    if (under.length === 0) continue;
    // The run nearest the label's left edge.
    under.sort(
      (a, b) =>
        Math.abs((a.box?.[0] ?? 0) - (seg.box?.[0] ?? 0)) - Math.abs((b.box?.[0] ?? 0) - (seg.box?.[0] ?? 0)),
    );
    out.push(under[0] as Seg);
    lastY = next.box?.[3] ?? lastY;
  }
  return out;
}

const ATTENTION =
  /^(?:attn|attention|att|z\.?\s?hd|zu händen|zh|c\/o|à l'attention|a l'attention|a\/a|a la atención|at\.|herrn?|frau|firma|m\.|mme|mr\.?|mrs\.?|ms\.?|sr\.?|sra\.?|d\.|dña\.?)(?!\p{L})[.:]?/iu;
const LEGAL_FORM =
  /(?:^|[\s,])(?:gmbh|ag|kg|ohg|ug|e\.\s?k\.|gbr|mbh|ltd\.?|limited|llc|llp|plc|inc\.?|corp\.?|corporation|co\.|company|sarl|sàrl|sas|sasu|sa|eurl|sci|s\.\s?l\.?|s\.\s?l\.\s?u\.?|s\.\s?a\.?|s\.\s?l\.\s?p\.?|s\.\s?coop\.?|sl|bv|nv|oy|ab|srl|s\.r\.l\.|spa|pty|og|dac)(?=$|[\s,.)])/i;
const ADDRESS_LIKE =
  /^\d+[a-z]?\s+\p{L}|\b\d{4,5}\s+\p{L}|\b(?:street|st\.|road|rd\.|avenue|ave\.|lane|drive|suite|unit|straße|strasse|str\.|weg|allee|platz|gasse|rue|avenue|boulevard|bd|place|quai|calle|avenida|paseo|plaza|c\/)\b|\b[A-Z]{1,2}\d{1,2}[A-Z]?\s?\d[A-Z]{2}\b|, [A-Z]{2} \d{5}/iu;
/** A street with its house number last ("Hauptstraße 12", "Calle Mayor 14"), however OCR spelt the street. */
const STREET_NUMBER_LAST = /^\p{L}[\p{L}\s.'-]*\s\d{1,4}\s?[a-z]?$/u;
const CONTACT =
  /@|https?:|www\.|(?<!\p{L})(?:tel|phone|fax|telefon|tél|email|e-mail|iban|bic|swift)(?!\p{L})|\+\d{2}/iu;

const isLegalFormOnly = (text: string) =>
  LEGAL_FORM.test(text) && text.replace(LEGAL_FORM, '').trim().length <= 2;

/** A name a party could be: letters, not a label, a value, an address or a contact line. */
function nameText(text: string): string | undefined {
  const t = text.replace(/^[\s:–-]+|[\s,;:]+$/g, '').trim();
  if (!t || (t.match(/\p{L}/gu) ?? []).length < 3) return undefined;
  if (isLabelOnly(t) || CONTACT.test(t) || ATTENTION.test(t)) return undefined;
  if (/^\d/.test(t) && !LEGAL_FORM.test(t)) return undefined;
  if ((ADDRESS_LIKE.test(t) || STREET_NUMBER_LAST.test(t)) && !LEGAL_FORM.test(t)) return undefined;
  if (amountsIn(t).length || /\d{2}[./-]\d{2}[./-]\d{2,4}/.test(t)) return undefined;
  return t;
}

/** The name a party block opens with, after an "ATTN:" or a salutation line. */
function partyName(segs: Seg[]): { name: string; seg: Seg } | undefined {
  for (const seg of segs.slice(0, 3)) {
    const text = seg.text.replace(ATTENTION, '').trim();
    if (ATTENTION.test(seg.text) && text && /:/.test(seg.text.slice(0, 14))) continue;
    if (ATTENTION.test(seg.text) && !text) continue;
    if (ATTENTION.test(seg.text) && /^(?:attn|attention|att|z\.?\s?hd|c\/o|a\/a)/i.test(seg.text)) continue;
    const name = nameText(ATTENTION.test(seg.text) ? text : seg.text);
    if (name) return { name, seg };
    if (isLabelOnly(seg.text)) return undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------

interface Reading {
  lines: Line[];
  labels: LabelAt[];
  dayFirst: boolean;
  text: string;
}

interface ValueText {
  text: string;
  seg: Seg;
  start: number;
}

/**
 * Where a label's value may be, in order: after it in its run, in the next run on the line
 * (unless that is a label itself), under it (a strip of labels over values). The caller takes the
 * first that reads as the value it wants.
 */
function labelValueTexts(r: Reading, at: LabelAt): ValueText[] {
  const out: ValueText[] = [];
  if (at.after) out.push({ text: at.after, seg: at.seg, start: at.afterStart });
  const right = rightOf(r.lines, at.seg);
  if (
    right &&
    !isLabelOnly(right.text) &&
    !invoiceLabelsIn(right.text).some((h) => h.start === 0 && !WEAK.has(h.phrase))
  )
    out.push({ text: right.text, seg: right, start: 0 });
  const under = below(r.lines, at.seg, 2)[0];
  if (under && !isLabelOnly(under.text)) out.push({ text: under.text, seg: under, start: 0 });
  return out;
}

function wordsIn(seg: Seg, start: number, end: number): LayoutWord[] {
  if (!seg.words.length) return [];
  // Words are joined by single spaces in the run's text.
  const picked: LayoutWord[] = [];
  let offset = 0;
  for (const w of seg.words) {
    const at = seg.text.indexOf(w.text, offset);
    if (at < 0) continue;
    offset = at + w.text.length;
    if (at < end && offset > start) picked.push(w);
  }
  return picked;
}

function findNumber(r: Reading): Found | undefined {
  const found: Found[] = [];
  for (const at of r.labels) {
    const strong = at.hit.label === 'invoice_number';
    // "INVOICE No. 123", or "Rechnung" | "Nr." | "R/2023/1139" in runs of their own.
    const line = r.lines[at.seg.line] as Line;
    const runBefore = line.segs[line.segs.indexOf(at.seg) - 1];
    const afterTitle =
      at.hit.label === 'number' &&
      r.labels.some(
        (t) =>
          t.hit.label === 'title' &&
          ((t.seg === at.seg && t.hit.end <= at.hit.start) || (t.seg === runBefore && t.after === '')),
      );
    // A misread number word before the title in a short run ("Ne de factura" | "004418").
    const inShortRun = at.hit.label === 'title' && !at.opens && at.seg.text.length <= 20 && at.after === '';
    // "INVOICE" then "# 00123" / "No. 123" on its own line right under it.
    const underTitle =
      at.hit.label === 'number' &&
      at.opens &&
      r.labels.some(
        (t) =>
          t.hit.label === 'title' &&
          t.seg.page === at.seg.page &&
          at.seg.line > t.seg.line &&
          closeUnder(t.seg, at.seg, at.seg.line - t.seg.line),
      );
    const titleValue = at.hit.label === 'title' && at.opens && at.after !== '';
    if (!strong && !afterTitle && !underTitle && !titleValue && !inShortRun) continue;
    let v: ValueText | undefined;
    let n: ReturnType<typeof numberAt>;
    for (const option of labelValueTexts(r, at)) {
      n = numberAt(option.text, r.dayFirst);
      v = option;
      if (n) break;
    }
    if (!n || !v) continue;
    found.push({
      value: n.value,
      seg: v.seg,
      words: wordsIn(v.seg, v.start + n.start, v.start + n.end),
      base: strong
        ? v.seg === at.seg || v.seg.line === at.seg.line
          ? 0.95
          : 0.92
        : titleValue || inShortRun
          ? 0.8
          : 0.88,
    });
  }
  found.sort((a, b) => b.base - a.base);
  return found[0];
}

/** A run right under another (a title and its number): overlapping it across, within about two of its lines. */
function closeUnder(upper: Seg, lower: Seg, linesApart: number): boolean {
  if (!upper.box || !lower.box) return linesApart <= 2;
  const overlap = Math.min(upper.box[2], lower.box[2]) - Math.max(upper.box[0], lower.box[0]);
  return overlap > 0 && lower.box[1] - upper.box[3] < (upper.box[3] - upper.box[1]) * 2.5;
}

function findDates(r: Reading): { invoice?: Found; due?: Found } {
  const byLabel = (labels: InvoiceLabel[], base: number): Found[] => {
    const out: Found[] = [];
    for (const at of r.labels) {
      if (!labels.includes(at.hit.label)) continue;
      let v: ValueText | undefined;
      let d: DateHit | undefined;
      for (const option of labelValueTexts(r, at)) {
        // The date opens the value ("fällig am 28.11.2024", "Due: March 5, 2024").
        // A speck or two OCR read before it ("Fecha límite de pago: pa 21/03/2025") is skipped.
        const lead =
          /^(?:am|le|el|on|the|du|del|au|bis|zum|:)?\s*(?:[^\s\d]{1,3}\s+)?/i.exec(option.text)?.[0].length ??
          0;
        d = datesIn(option.text, r.dayFirst).find((h) => h.start <= lead + 1);
        v = option;
        if (d) break;
      }
      if (!d || !v) continue;
      out.push({
        value: d.ymd,
        seg: v.seg,
        words: wordsIn(v.seg, v.start + d.start, v.start + d.end),
        base: base * (d.ambiguous ? 0.93 : 1),
      });
    }
    return out;
  };
  const invoice =
    byLabel(['invoice_date'], 0.95)[0] ??
    byLabel(['dated'], 0.93)[0] ??
    byLabel(['date'], 0.9)[0] ??
    undefinedDate(r);
  const due = byLabel(['due_date'], 0.94)[0];
  return { ...(invoice ? { invoice } : {}), ...(due ? { due } : {}) };
}

/** No label names the invoice's date: the first date the document prints that no other label claims. */
function undefinedDate(r: Reading): Found | undefined {
  for (const line of r.lines) {
    for (const seg of line.segs) {
      const hits = datesIn(seg.text, r.dayFirst);
      if (!hits.length) continue;
      const labels = invoiceLabelsIn(seg.text);
      const leftLabel = (line.segs[line.segs.indexOf(seg) - 1]?.text ?? '').trim();
      const claimed = [...labels, ...invoiceLabelsIn(leftLabel)].some(
        (h) => h.label === 'due_date' || h.label === 'other_date',
      );
      if (claimed) continue;
      const d = hits[0] as DateHit;
      return { value: d.ymd, seg, words: wordsIn(seg, d.start, d.end), base: 0.7 };
    }
  }
  return undefined;
}

interface AmountFound extends Found {
  value: number;
  label: LabelHit;
  strength: number;
  currency?: string;
}

/** The amount a totals label leads to: the last one right of it on its line. */
function amountsByLabel(r: Reading, label: InvoiceLabel): AmountFound[] {
  const out: AmountFound[] = [];
  for (const at of r.labels) {
    if (at.hit.label !== label) continue;
    const line = r.lines[at.seg.line] as Line;
    const start = line.segs.indexOf(at.seg);
    const candidates: { seg: Seg; hit: AmountHit }[] = [];
    const sameRun = amountsIn(
      at.seg.text.slice(0, at.hit.end + at.after.length + (at.afterStart - at.hit.end)),
    ).filter((h) => h.start >= at.hit.end);
    for (const h of sameRun) candidates.push({ seg: at.seg, hit: h });
    const nextLabelInRun = invoiceLabelsIn(at.seg.text).some(
      (h) => h.start > at.hit.end && h.label !== label && h.label !== 'tax',
    );
    if (!nextLabelInRun) {
      for (const seg of line.segs.slice(start + 1)) {
        // Another label further right starts another pair ("Net 100.00   VAT 20.00").
        if (invoiceLabelsIn(seg.text).some((h) => h.start === 0 && LABEL_FIELD[h.label] && h.label !== label))
          break;
        for (const h of amountsIn(seg.text)) candidates.push({ seg, hit: h });
      }
    }
    const last = candidates.at(-1);
    if (!last) continue;
    const phraseLength = at.hit.phrase.length;
    out.push({
      value: last.hit.value,
      seg: last.seg,
      words: wordsIn(last.seg, last.hit.start, last.hit.end),
      base: 0.93,
      label: at.hit,
      strength: WEAK.has(at.hit.phrase) ? 1 : phraseLength >= 9 ? 3 : 2,
      ...(last.hit.currency ? { currency: last.hit.currency } : {}),
    });
  }
  return out;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 0.011 + Math.abs(b) * 1e-6;

function findAmounts(r: Reading): { subtotal?: Found; tax?: Found; total?: Found; currency?: string } {
  const totals = amountsByLabel(r, 'total');
  const subtotals = amountsByLabel(r, 'subtotal');
  const taxes = amountsByLabel(r, 'tax');
  // The three that add up: net + tax = total.
  for (const t of totals)
    for (const s of subtotals)
      for (const x of taxes)
        if (near(s.value + x.value, t.value) && t.value > 0) {
          const agreed = (f: AmountFound): Found => ({ ...f, base: 0.97 });
          return {
            subtotal: agreed(s),
            tax: agreed(x),
            total: agreed(t),
            currency: t.currency ?? s.currency ?? x.currency,
          };
        }
  // Otherwise: the strongest label; the lowest on the page among equals; the largest as the total.
  const best = (list: AmountFound[]) =>
    [...list].sort((a, b) => b.strength - a.strength || b.seg.line - a.seg.line)[0];
  const total = [...totals].sort(
    (a, b) => b.strength - a.strength || b.value - a.value || b.seg.line - a.seg.line,
  )[0];
  const subtotal = best(subtotals.filter((s) => !total || s.value <= total.value));
  const tax = best(taxes.filter((x) => !total || x.value < total.value));
  const checked = (f: AmountFound | undefined, base: number): Found | undefined =>
    f ? { ...f, base } : undefined;
  // One of the three unreadable (a total's amount lost to a scan): the other two give it, less surely.
  const computed = (value: number, from: AmountFound): Found => ({
    ...from,
    value: Math.round(value * 100) / 100,
    words: [],
    base: 0.8,
  });
  const totalsLabelled = r.labels.some((l) => l.hit.label === 'total');
  return {
    ...(subtotal
      ? { subtotal: checked(subtotal, 0.88) }
      : total && tax
        ? { subtotal: computed(total.value - tax.value, total) }
        : {}),
    ...(tax
      ? { tax: checked(tax, 0.86) }
      : total && subtotal && total.value > subtotal.value && r.labels.some((l) => l.hit.label === 'tax')
        ? { tax: computed(total.value - subtotal.value, total) }
        : {}),
    ...(total
      ? { total: checked(total, total.strength >= 2 ? 0.9 : 0.85) }
      : subtotal && tax && totalsLabelled
        ? { total: computed(subtotal.value + tax.value, tax) }
        : {}),
    ...((total ?? subtotal)?.currency ? { currency: (total ?? subtotal)?.currency } : {}),
  };
}

function findCurrency(
  r: Reading,
  fromTotal: string | undefined,
  total: Found | undefined,
): Found | undefined {
  if (fromTotal && total) return { value: fromTotal, seg: total.seg, words: total.words ?? [], base: 0.95 };
  // Codes and signs anywhere, most frequent first.
  const counts = new Map<string, { n: number; seg: Seg }>();
  for (const line of r.lines)
    for (const seg of line.segs)
      for (const h of amountsIn(seg.text))
        if (h.currency) {
          const c = counts.get(h.currency) ?? { n: 0, seg };
          c.n += 1;
          counts.set(h.currency, c);
        }
  const top = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)[0];
  if (top) return { value: top[0], seg: top[1].seg, base: 0.88 };
  for (const line of r.lines) {
    const m = /\b(?:currency|währung|devise|moneda)\b[:\s]*([A-Z]{3})\b/i.exec(line.text);
    if (m?.[1]) return { value: m[1].toUpperCase(), seg: line.segs[0] as Seg, base: 0.9 };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The parties

interface Parties {
  vendor?: Found;
  customer?: Found;
}

/** The segments that belong to a labelled party block (bill-to, ship-to): never the vendor. */
function blockUnder(r: Reading, at: LabelAt): Seg[] {
  const segs: Seg[] = [];
  if (at.after) segs.push({ ...at.seg, text: at.after });
  else {
    const right = rightOf(r.lines, at.seg);
    if (right && at.seg.box && right.box && right.box[0] - at.seg.box[2] < 0.15 && !isLabelOnly(right.text))
      segs.push(right);
  }
  segs.push(...below(r.lines, at.seg, 6).filter((s) => !isLabelOnly(s.text)));
  return segs;
}

function findParties(r: Reading): Parties {
  const taken = new Set<Seg>();
  const takenText = new Set<string>();
  let customer: Found | undefined;
  let vendor: Found | undefined;
  for (const at of r.labels) {
    if (at.hit.label !== 'customer' && at.hit.label !== 'ship_to' && at.hit.label !== 'vendor') continue;
    // "Customer No." is a number's label (the vocabulary says so); a bare "Customer" may open a block.
    const block = blockUnder(r, at);
    const blockEnd = block.findIndex(
      (s, i) => i > 0 && invoiceLabelsIn(s.text).some((h) => h.start === 0 && !WEAK.has(h.phrase)),
    );
    const own = blockEnd > 0 ? block.slice(0, blockEnd) : block;
    const name = partyName(own);
    if (at.hit.label !== 'vendor') for (const s of own.slice(0, 5)) taken.add(s);
    if (!name) continue;
    if (at.hit.label === 'customer' && !customer)
      customer = { value: name.name, seg: name.seg, base: WEAK.has(at.hit.phrase) ? 0.9 : 0.93 };
    else if (at.hit.label === 'vendor' && !vendor) vendor = { value: name.name, seg: name.seg, base: 0.93 };
    if (at.hit.label !== 'vendor') takenText.add(foldLabel(name.name));
  }
  // The page's addressee when no label names it: the block under a sender line ("Acme GmbH · Street · City").
  if (!customer) {
    for (const line of r.lines) {
      const seg = line.segs[0];
      if (
        !seg ||
        !/\s[·|•]\s|\s[-–]\s.*\d/.test(line.text) ||
        !LEGAL_FORM.test(seg.text.split(/\s[·|•–-](?:\s|$)/)[0] ?? '')
      )
        continue;
      if (line.box && line.box[1] > 0.45) continue;
      const block = below(r.lines, seg, 5);
      const name = partyName(block);
      if (name && !invoiceLabelsIn(name.name).length) {
        customer = { value: name.name, seg: name.seg, base: 0.85 };
        for (const s of block) taken.add(s);
        takenText.add(foldLabel(name.name));
        break;
      }
    }
  }
  if (!vendor) vendor = guessVendor(r, taken, takenText);
  return { ...(vendor ? { vendor } : {}), ...(customer ? { customer } : {}) };
}

/**
 * The issuer no label names: the name with a legal form, in large type, at the top of the page,
 * or the first part of a sender or footer line ("Acme GmbH · Hauptstr. 1 · …"), outside the
 * addressee's blocks. A name printed twice (letterhead and footer) is surer.
 */
function guessVendor(r: Reading, taken: Set<Seg>, takenText: Set<string>): Found | undefined {
  const heights = r.lines
    .map((l) => l.height)
    .filter((h) => h > 0)
    .sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 0;
  const counts = new Map<string, number>();
  const candidates: { name: string; seg: Seg; score: number }[] = [];
  for (const line of r.lines) {
    for (const seg of line.segs) {
      const parts = seg.text.split(/\s+[·|•]\s+|\s+[–-]\s+(?=.*\d)/);
      const first = parts[0] ?? '';
      for (const part of parts.length > 1 ? [first] : [seg.text]) {
        let name = nameText(part);
        if (!name || isLegalFormOnly(name)) continue;
        // A name wrapped before its legal form ("Harbourside Conseil" / "SAS").
        const wrapped = below(r.lines, seg, 2)[0];
        if (parts.length === 1 && wrapped && isLegalFormOnly(wrapped.text) && !LEGAL_FORM.test(name))
          name = `${name} ${wrapped.text.trim()}`;
        counts.set(foldLabel(name), (counts.get(foldLabel(name)) ?? 0) + 1);
        if (taken.has(seg) || takenText.has(foldLabel(name))) continue;
        if (invoiceLabelsIn(name).some((h) => h.label !== 'customer' && !WEAK.has(h.phrase))) continue;
        if (invoiceLabelOf(name)) continue;
        let score = 0;
        if (LEGAL_FORM.test(name)) score += 3;
        const top = line.box ? line.box[1] : 0;
        if (line.page === 1 && top < 0.2) score += 1.5;
        if (line.page === 1 && r.lines.findIndex((l) => l.page === 1) === seg.line) score += 1;
        if (median && line.height > median * 1.3 && parts.length === 1) score += 1.5;
        if (parts.length > 1) score += 0.5;
        // A sender or footer line: the name, then its address or its numbers ("Acme · 22 Orchard St · …").
        if (
          parts.length > 2 &&
          parts.slice(1).some((p) => ADDRESS_LIKE.test(p) || STREET_NUMBER_LAST.test(p) || CONTACT.test(p))
        )
          score += 1.5;
        if (line.box && line.box[1] > 0.8) score += 0.5;
        const next = below(r.lines, seg, 2).map((s) => s.text);
        if (next.some((t) => ADDRESS_LIKE.test(t))) score += 0.5;
        if (line.segs.length > 2 && parts.length === 1) score -= 1.5;
        if (score >= 2.5) candidates.push({ name, seg, score });
      }
    }
  }
  for (const c of candidates) if ((counts.get(foldLabel(c.name)) ?? 0) > 1) c.score += 1;
  candidates.sort((a, b) => b.score - a.score || a.seg.line - b.seg.line);
  const best = candidates[0];
  if (!best) return undefined;
  const rival = candidates[1];
  const clear = !rival || best.score - rival.score >= 1 || foldLabel(rival.name) === foldLabel(best.name);
  return { value: best.name, seg: best.seg, base: (best.score >= 5 ? 0.92 : 0.86) * (clear ? 1 : 0.9) };
}

// ---------------------------------------------------------------------------------------------

function item(doc: ExtractedDocument, lines: Line[], found: Found): ExtractedItem {
  const line = lines[found.seg.line] as Line;
  const words = found.words?.length ? found.words : found.seg.words;
  const confidences = words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  const ocr = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : 1;
  const confidence = Math.max(0.3, Math.min(0.97, found.base * (confidences.length ? 0.55 + 0.45 * ocr : 1)));
  const location = { page: line.page, line: line.number };
  const box = words.length ? unionBox(words.map((w) => w.box)) : found.seg.box;
  return {
    value: found.value,
    location: formatLocation(location),
    source_text: found.source ?? line.text,
    source_url: sourceUrlOf(doc, location),
    confidence: Math.round(confidence * 1000) / 1000,
    ...(box ? { anchor: { page: line.page, box } } : {}),
  };
}

/** The fields an invoice request names no data points for. */
export const INVOICE_DEFAULT_FIELDS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'vendor',
  'customer',
  'subtotal',
  'tax',
  'total',
  'currency',
];

/**
 * The invoice fields the data points ask for, as items; a data point that names no invoice field,
 * or a field not found, is left out (the other readers take it).
 */
export function extractInvoiceFields(
  doc: ExtractedDocument,
  dataPoints: string[],
): Record<string, ExtractedItem> {
  const wanted = dataPoints
    .map((d) => ({ dataPoint: d, field: invoiceFieldOf(d) }))
    .filter((w): w is { dataPoint: string; field: InvoiceField } => w.field !== undefined);
  if (!wanted.length) return {};
  const lines = linesOf(doc);
  if (!lines.length) return {};
  const text = lines.map((l) => l.text).join('\n');
  const r: Reading = { lines, labels: labelsOf(lines), dayFirst: dayFirstIn(text), text };
  const cache = new Map<string, unknown>();
  const once = <T>(key: string, f: () => T): T => {
    if (!cache.has(key)) cache.set(key, f());
    return cache.get(key) as T;
  };
  const amounts = () => once('amounts', () => findAmounts(r));
  const dates = () => once('dates', () => findDates(r));
  const parties = () => once('parties', () => findParties(r));
  const result: Record<string, ExtractedItem> = {};
  for (const { dataPoint, field } of wanted) {
    let found: Found | undefined;
    switch (field) {
      case 'invoice_number':
        found = once('number', () => findNumber(r));
        break;
      case 'invoice_date':
        found = dates().invoice;
        break;
      case 'due_date':
        found = dates().due;
        break;
      case 'vendor':
        found = parties().vendor;
        break;
      case 'customer':
        found = parties().customer;
        break;
      case 'subtotal':
      case 'tax':
      case 'total':
        found = amounts()[field];
        break;
      case 'currency':
        found = once('currency', () => findCurrency(r, amounts().currency, amounts().total));
        break;
    }
    if (found) result[dataPoint] = item(doc, lines, found);
  }
  return result;
}
