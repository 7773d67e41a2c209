import { printedCurrency } from '../lexicon/currencies';
import { dollarOf, MALAYSIAN_REGION, SINGAPORE_PLACE } from '../lexicon/places';
import type { ExtractedDocument, ExtractedItem } from '../model/types';
import { type CompanyHit, cleanName, findAddress, findCompany, STREET_WORD } from './company-address';
import { datesIn, findDate, findTime } from './dates';
import {
  type Found,
  item,
  labelText,
  letterCount,
  linesOf,
  lineText,
  type Money,
  moneyIn,
  type RLine,
  type RWord,
  round2,
} from './receipt-lines';
import { findSubtotal, findTax, findTotal } from './totals';

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

/** A data point as words: camel case and separators to spaces, lower case ("InvoiceNo." → "invoice no"). */
export function phrase(dataPoint: string): string {
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

/** The most of a receipt's total its tax can be: 27 % charged on top is 21 % of the total. */
const MAX_TAX_SHARE = 0.3;

/**
 * Whether a value another matcher found has the kind this receipt field needs (a date for Date, …).
 * A tax is also less than a third of the receipt's total: a line that names the tax and a total
 * ("Total Inclusive GST: 233.70", "Total Excl. GST 1535.55") gives the total's figure, not the tax.
 */
export function fitsReceiptField(
  dataPoint: string,
  value: string | number | null,
  doc?: ExtractedDocument,
): boolean {
  const field = receiptFieldOf(dataPoint);
  if (!field || value === null) return true;
  switch (field) {
    case 'date':
      return typeof value === 'string' && /^\d{8}$/.test(value);
    case 'tax': {
      if (typeof value !== 'number') return false;
      const lines = doc ? linesOf(doc) : [];
      const total = findTotal(lines)?.value;
      return typeof total !== 'number' || value < MAX_TAX_SHARE * total;
    }
    case 'total':
    case 'subtotal':
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
// Currency, card, number, items

// A symbol counts next to an amount (OCR turns specks into "£" and "€"); a code counts anywhere.
const AMOUNT_AFTER = String.raw`\s?-?\d`;
// The currencies a receipt may be in, the likeliest first where a receipt shows two; a bare "$" is
// the country's dollar (below). OCR reads "S$" as "$$".
const OCR_SGD = new RegExp(String.raw`\$\$${AMOUNT_AFTER}`);
const CURRENCIES: [RegExp, string][] = [
  'MYR',
  'SGD',
  'AUD',
  'HKD',
  'CAD',
  'GBP',
  'EUR',
  'INR',
  'JPY',
  'USD',
].flatMap((code): [RegExp, string][] =>
  code === 'SGD'
    ? [
        [printedCurrency(code), code],
        [OCR_SGD, code],
      ]
    : [[printedCurrency(code), code]],
);

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
  const dollarCode = dollarOf(text);
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
  [new RegExp(`\\bSDN\\.?\\s*BHD\\b|${MALAYSIAN_REGION.source}`, 'i'), 'MYR'],
  [SINGAPORE_PLACE, 'SGD'],
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
      // the receipt, unless the line is a phone, fax or registration number's, or an address's
      // ("NO. 28-G, LORONG BESAR 5/6,": a shop lot).
      const bare =
        /^\s*no\.?\s*[:#]\s*$|^\s*no\.\s*$/i.test(lineText(line.words.slice(0, i))) &&
        !/\b(?:tel|phone|fax|reg|gst|co|company|roc)\b/i.test(line.text) &&
        !STREET_WORD.test(line.text);
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

export { fixDigits, parseAmount } from './receipt-lines';
