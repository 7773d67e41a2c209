import type { ExtractedDocument } from '../model/types';

/**
 * Whether a document reads as a till receipt or a bill whatever type it was submitted as: a scanned
 * receipt sent as a "pdf" or with a custom prompt is still answered by the receipt reader
 * (company, address, date, total …) rather than by the table matcher, which finds next to nothing
 * on one.
 *
 * A receipt is short (one or two pages), has a line naming the amount due or paid with an amount
 * on it, and speaks of paying for goods (cash, change, card, tax, items, the receipt or invoice itself)
 * in at least two of the three ways below; a report page that has a "Total" row does not, and one
 * naming its periods or its scale ("Year ended", "in millions", "Consolidated", a line of years)
 * never counts.
 */
const TOTAL = /\b(?:total|amount|balance|to pay|jumlah|summe|gesamtbetrag|montant|totaal|importe)\b/i;
const AMOUNT = /\d[.,]\d\d\b/;
const PAYMENT =
  /\b(?:cash|change|tender(?:ed)?|visa|master ?card|amex|debit|credit card|card|eftpos|tunai|baki|paid|payment)\b/i;
const TAX = /\b(?:gst|vat|sst|sales tax|tax|mwst|tva|iva|ppn)\b/i;
const SALE =
  /\b(?:receipt|invoice|cashier|till|thank you|terima kasih|qty|quantity|subtotal|sub total|rounding|item|items|table|server|bill|member|store|shop|outlet|price|unit)\b/i;
const REPORT =
  /\b(?:in (?:millions|thousands|billions)|years? ended|months ended|quarter ended|consolidated|balance sheets?|statements? of|fiscal (?:year )?\d{4}|annual report)\b/i;

/** What a receipt arrives as: a scan or photo, a PDF, plain text (an e-mailed receipt as HTML too). */
const RECEIPT_KINDS = new Set<ExtractedDocument['kind']>(['image', 'pdf', 'text', 'html']);

/** Distinct years a line names on their own: a header of periods names two or more, a receipt one (a date's year is part of the date). */
function yearsIn(line: string): number {
  return new Set(line.match(/(?<![\w/.-])(?:19[89]\d|20[0-4]\d)(?![\w/.-])/g) ?? []).size;
}

export function looksLikeReceipt(doc: ExtractedDocument): boolean {
  if (!RECEIPT_KINDS.has(doc.kind) || (doc.layout?.length ?? 1) > 2) return false;
  const lines = doc.lines.map((l) => l.text.replace(/\s+/g, ' ').trim());
  if (lines.length < 4 || lines.some((l) => REPORT.test(l) || yearsIn(l) >= 2)) return false;
  // A receipt's lines are short; a page of prose is not one, whatever it says about cash and tax.
  const lengths = lines.map((l) => l.length).sort((a, b) => a - b);
  if ((lengths[Math.floor(lengths.length / 2)] ?? 0) > 48) return false;
  if (!lines.some((l) => AMOUNT.test(l) && (TOTAL.test(l) || PAYMENT.test(l)))) return false;
  const kinds = [PAYMENT, TAX, SALE].filter((kind) => lines.some((l) => kind.test(l)));
  return kinds.length >= 2;
}
