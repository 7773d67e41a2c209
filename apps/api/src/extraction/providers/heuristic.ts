import { confidenceScore, notFound } from '../confidence/score';
import { answer } from '../match/data-point';
import { askedName } from '../match/derived';
import { DocumentIndex } from '../match/document-index';
import { extractAll, MAX_ALL_ITEMS, snakeCase } from '../match/labelled-items';
import { allTableItems } from '../match/table-match';
import type {
  ExtractedDocument,
  ExtractedItem,
  ExtractionOptions,
  ExtractionProvider,
  ExtractionResult,
} from '../model/types';
import { withOcrConfidence } from '../ocr/ocr-layout';
import { looksLikeInvoice, readsAsInvoicePage } from '../receipts/invoice-detect';
import { extractInvoiceFields, INVOICE_DEFAULT_FIELDS, invoiceFieldOf } from '../receipts/invoice-fields';
import { looksLikeReceipt } from '../receipts/receipt-detect';
import {
  extractReceiptFields,
  fitsReceiptField,
  RECEIPT_DEFAULT_FIELDS,
  RECEIPT_DOCUMENT_TYPES,
} from '../receipts/receipt-fields';

/**
 * The default provider: offline and deterministic (DESIGN §3). A receipt's or invoice's fields come
 * from their readers (receipts/); every other data point from the table matcher or a labelled line
 * (match/data-point.ts). A line answer takes the value after the label (same line, next table
 * cell, the cell below a header, or the next line), normalised with the scale the document states
 * nearby; how sure each answer is comes from confidence/probability.ts, as for every answerer.
 */

export class HeuristicProvider implements ExtractionProvider {
  readonly name = 'heuristic';

  async extract(
    doc: ExtractedDocument,
    dataPoints: string[],
    options: ExtractionOptions,
  ): Promise<ExtractionResult> {
    const index = new DocumentIndex(doc);
    const wanted = dataPoints.map((d) => d.trim()).filter((d) => d !== '');
    const result: Record<string, ExtractedItem> = {};
    // Receipts, slips and leases (and a receipt sent as another type): the fields receipt-fields
    // knows first, the label matcher the rest.
    const isReceipt = RECEIPT_DOCUMENT_TYPES.has(options.documentType) || looksLikeReceipt(doc);
    // An invoice (by its content, whatever its type): the invoice reader's fields win over both.
    // A till receipt that calls itself a tax invoice keeps the receipt reader's fields, the invoice
    // reader filling the rest.
    const isInvoice = looksLikeInvoice(doc);
    const asked = wanted.map(askedName);
    const receipt = isReceipt
      ? extractReceiptFields(doc, wanted.length ? asked : RECEIPT_DEFAULT_FIELDS)
      : {};
    if (isInvoice) {
      const invoice = extractInvoiceFields(doc, wanted.length ? asked : INVOICE_DEFAULT_FIELDS);
      if (!looksLikeReceipt(doc) || readsAsInvoicePage(doc)) {
        // The invoice reader's fields win; where it found nothing (a currency only the shop's
        // country implies, a receipt number it has no label for) the receipt reader's answer stays.
        for (const [name, item] of Object.entries(invoice))
          if (item.value !== null || !receipt[name] || receipt[name]?.value === null) receipt[name] = item;
      } else for (const [name, item] of Object.entries(invoice)) receipt[name] ??= item;
    }
    if (wanted.length === 0) {
      // Labelled lines in reading order first (as before), then every table cell as
      // "<row label> <column header>"; a receipt's own fields win over both.
      Object.assign(result, extractAll(doc, index), receipt);
      for (const { key, item } of allTableItems(doc.layout ?? [])) {
        const name = snakeCase(key);
        if (name && !(name in result) && Object.keys(result).length < MAX_ALL_ITEMS) result[name] = item;
      }
    } else {
      for (const dataPoint of wanted) {
        const name = askedName(dataPoint);
        result[dataPoint] = receipt[name] ?? withOcrConfidence(doc, answer(doc, name, index));
        // A receipt field receipt-fields looked for and could not find: only a value of its kind.
        if (isReceipt && !receipt[name] && !fitsReceiptField(name, result[dataPoint]?.value ?? null, doc))
          result[dataPoint] = notFound();
        // An invoice field the invoice reader looked for and could not find: not another label's value.
        if (isInvoice && !receipt[name] && invoiceFieldOf(name)) result[dataPoint] = notFound();
      }
    }
    return { result, confidence_score: confidenceScore(result), provider: this.name };
  }
}
