import { invoiceLabelOf, invoiceLabelsIn } from '../lexicon/invoice-labels';
import type { ExtractedDocument } from '../model/types';

/**
 * Whether a document reads as an invoice whatever type it was sent as (issue 39): an invoice
 * sent as a "pdf" or with a custom prompt is answered by the invoice reader. By content only:
 * a title that says it is one ("INVOICE", "Rechnung", "Facture", "Factura" as a run of its own)
 * or an invoice number's label with a number after it, and a total's, net's or tax's label on a
 * line that has an amount. Short documents only; a page that names its periods or its scale
 * ("Year ended", "in millions", a line of years) is a report, never an invoice.
 */

const REPORT =
  /\b(?:in (?:millions|thousands|billions)|years? ended|months ended|quarter ended|consolidated|balance sheets?|statements? of|fiscal (?:year )?\d{4}|annual report|notes to the)\b/i;
const AMOUNT = /\d[.,]\d\d(?!\d)/;
const INVOICE_KINDS = new Set<ExtractedDocument['kind']>(['image', 'pdf', 'text', 'html']);

/** Distinct years a line names on their own (a header of periods names two or more). */
function yearsIn(line: string): number {
  return new Set(line.match(/(?<![\w/.-])(?:19[89]\d|20[0-4]\d)(?![\w/.-])/g) ?? []).size;
}

const OWN_LABELS = new Set(['invoice_date', 'due_date', 'customer', 'ship_to']);

export function looksLikeInvoice(doc: ExtractedDocument): boolean {
  if (!INVOICE_KINDS.has(doc.kind) || (doc.layout?.length ?? 1) > 4) return false;
  const runs: string[] = [];
  if (doc.layout?.length)
    for (const page of doc.layout)
      for (const line of page.lines) runs.push(...line.segments.map((s) => s.text));
  const lines = doc.lines.map((l) => l.text.replace(/\s+/g, ' ').trim());
  if (lines.length < 4 || lines.length > 400) return false;
  if (lines.some((l) => REPORT.test(l) || yearsIn(l) >= 2)) return false;
  const texts = runs.length ? runs : lines;
  const titled = texts.some(
    (t) =>
      invoiceLabelOf(t)?.label === 'title' ||
      (/^(?:invoice|rechnung|facture|factura)\b/i.test(t.trim()) &&
        invoiceLabelsIn(t).some((h) => h.label === 'invoice_number' || h.label === 'number')),
  );
  const numbered =
    texts.some((t) =>
      invoiceLabelsIn(t).some((h) => h.label === 'invoice_number' && /\d/.test(t.slice(h.end, h.end + 40))),
    ) ||
    lines.some((l) =>
      invoiceLabelsIn(l).some((h) => h.label === 'invoice_number' && /\d/.test(l.slice(h.end, h.end + 40))),
    );
  // A title OCR could not read: the invoice's own labels say it ("Fecha de factura", "Vencimiento", "Facturado a").
  const own = new Set(
    lines.flatMap((l) =>
      invoiceLabelsIn(l)
        .filter((h) => OWN_LABELS.has(h.label) && !COMMON_WORDS.has(h.phrase) && h.phrase !== 'date')
        .map((h) => h.label),
    ),
  );
  if (!titled && !numbered && own.size < 2) return false;
  return lines.some(
    (l) =>
      AMOUNT.test(l) &&
      invoiceLabelsIn(l).some((h) => h.label === 'total' || h.label === 'subtotal' || h.label === 'tax'),
  );
}

/** Party and due-date labels no till receipt prints ("Bill to", "Ship to", "Rechnungsempfänger", "Due date"). */
const PAGE_ONLY_LABELS = new Set(['customer', 'ship_to', 'vendor', 'due_date']);
const COMMON_WORDS = new Set([
  'to',
  'from',
  'customer',
  'client',
  'cliente',
  'kunde',
  'due',
  'payee',
  'vence',
]);

/**
 * Whether an invoice reads as an invoice page rather than a till receipt that calls itself a "tax
 * invoice": it names the parties or a due date. Where a receipt is also an invoice by its words,
 * the receipt reader's fields stand unless the page says this.
 */
export function readsAsInvoicePage(doc: ExtractedDocument): boolean {
  return doc.lines.some((l) =>
    invoiceLabelsIn(l.text).some((h) => PAGE_ONLY_LABELS.has(h.label) && !COMMON_WORDS.has(h.phrase)),
  );
}
