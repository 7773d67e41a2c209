import { fieldConfidence, rounded } from '../confidence/probability';
import { type InvoiceLabel, invoiceLabelOf } from '../lexicon/invoice-labels';
import { unionBox } from '../model/layout';
import { formatLocation, sourceUrlOf } from '../model/location';
import type { ExtractedDocument, ExtractedItem } from '../model/types';
import { type Found, labelsOf } from './invoice-label-values';
import { findParties } from './invoice-parties';
import { dayFirstIn, type Line, linesOf } from './invoice-text';
import { findAmounts, findCurrency, findDates, findNumber, type Reading } from './invoice-values';
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

export const LABEL_FIELD: Partial<Record<InvoiceLabel, InvoiceField>> = {
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

function item(doc: ExtractedDocument, lines: Line[], found: Found): ExtractedItem {
  const line = lines[found.seg.line] as Line;
  const words = found.words?.length ? found.words : found.seg.words;
  const confidences = words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  const confidence = fieldConfidence(found.base, confidences);
  const location = { page: line.page, line: line.number };
  const box = words.length ? unionBox(words.map((w) => w.box)) : found.seg.box;
  return {
    value: found.value,
    location: formatLocation(location),
    source_text: found.source ?? line.text,
    source_url: sourceUrlOf(doc, location),
    confidence: rounded(confidence),
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
