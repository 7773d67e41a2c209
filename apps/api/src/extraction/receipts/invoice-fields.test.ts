import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { invoiceLabelsIn } from '../lexicon/invoice-labels';
import { layoutPageFromWords, textLinesFromLayout } from '../model/layout-builder';
import type { ExtractedDocument } from '../model/types';
import { loadBytes } from '../pipeline';
import { HeuristicProvider } from '../providers/heuristic';
import { looksLikeInvoice, readsAsInvoicePage } from './invoice-detect';
import { extractInvoiceFields, invoiceFieldOf } from './invoice-fields';
import { datesIn } from './invoice-text';
import { extractReceiptFields } from './receipt-fields';

/** A run of text on an A4 page: x and y in points from the top-left, optional size and bold. */
type Run = [x: number, y: number, text: string, size?: number, bold?: boolean];

/** A one-page PDF with a text layer, drawn at the given places (as an invoice program would). */
async function pagePdf(runs: Run[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  for (const [x, y, text, size = 10, isBold = false] of runs)
    page.drawText(text, { x, y: 842 - y, size, font: isBold ? bold : font });
  return doc.save();
}

const FIELDS = [
  'Invoice number',
  'Invoice date',
  'Due date',
  'Vendor',
  'Customer',
  'Subtotal',
  'Tax',
  'Total',
  'Currency',
];

async function answers(runs: Run[], documentType = 'pdf', fields = FIELDS) {
  const doc = await loadBytes(await pagePdf(runs), { contentType: 'application/pdf' });
  const { result } = await new HeuristicProvider().extract(doc, fields, { documentType });
  return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.value]));
}

// Written by hand for these tests: one invoice page per language.
const ENGLISH: Run[] = [
  [40, 50, 'Copperleaf Studio Ltd', 16, true],
  [40, 68, '14 Wharf Road'],
  [40, 82, 'Bristol BS1 4RN'],
  [400, 50, 'INVOICE', 20, true],
  [400, 80, 'Invoice No.:'],
  [480, 80, '000318'],
  [400, 95, 'Order Date:'],
  [480, 95, '02/04/2024'],
  [400, 110, 'Invoice Date:'],
  [480, 110, '15/04/2024'],
  [400, 125, 'Due Date:'],
  [480, 125, '15/05/2024'],
  [40, 150, 'Bill To:', 10, true],
  [40, 165, 'ATTN: Priya Shah'],
  [40, 180, 'Fairview Dental Group Ltd'],
  [40, 195, '3 Elm Court'],
  [40, 210, 'Leeds LS2 7EW'],
  [40, 260, 'Description', 10, true],
  [330, 260, 'Qty', 10, true],
  [480, 260, 'Amount', 10, true],
  [40, 278, 'Brand identity package'],
  [330, 278, '1'],
  [480, 278, '2,400.00'],
  [380, 320, 'Subtotal'],
  [480, 320, '£2,400.00'],
  [380, 335, 'VAT 20%'],
  [480, 335, '£480.00'],
  [380, 350, 'Total Due', 10, true],
  [480, 350, '£2,880.00', 10, true],
];

const GERMAN: Run[] = [
  [360, 50, 'Schreinerei Vogt GmbH', 14, true],
  [40, 110, 'Schreinerei Vogt GmbH · Sägewerkstraße 4 · 79098 Freiburg', 7],
  [40, 130, 'Gasthaus zur Linde'],
  [40, 144, 'Herrn Markus Brenner'],
  [40, 158, 'Dorfstraße 17'],
  [40, 172, '79199 Kirchzarten'],
  [360, 130, 'Kundennummer:'],
  [450, 130, '40117'],
  [360, 144, 'Bestelldatum:'],
  [450, 144, '03.06.2024'],
  [40, 220, 'Rechnung Nr. 2024-0153 vom 21.06.2024', 13, true],
  [40, 260, 'Eichentisch, massiv'],
  [470, 260, '2.850,00 €'],
  [360, 300, 'Nettobetrag'],
  [470, 300, '2.850,00 €'],
  [360, 315, 'zzgl. 19 % MwSt.'],
  [470, 315, '541,50 €'],
  [360, 330, 'Gesamtbetrag', 10, true],
  [470, 330, '3.391,50 €', 10, true],
  [40, 370, 'Zahlbar ohne Abzug, fällig am 05.07.2024.'],
];

const FRENCH: Run[] = [
  [40, 50, 'Boulangerie Martin SARL', 14, true],
  [40, 66, '8 place du Marché'],
  [40, 80, '69002 Lyon'],
  [380, 50, 'FACTURE', 18, true],
  [380, 75, 'Facture n° FA-0092'],
  [380, 90, 'Date : 3 mars 2025'],
  [380, 105, 'Échéance : 2 avril 2025'],
  [40, 140, 'Client :', 10, true],
  [40, 155, 'Hôtel des Terreaux SAS'],
  [40, 170, '12 rue Constantine'],
  [40, 185, '69001 Lyon'],
  [40, 230, 'Désignation'],
  [470, 230, 'Total HT'],
  [40, 248, 'Viennoiseries (livraison hebdomadaire)'],
  [470, 248, '1 250,00'],
  [360, 290, 'Total HT'],
  [470, 290, '1 250,00 €'],
  [360, 305, 'TVA 5,5 %'],
  [470, 305, '68,75 €'],
  [360, 320, 'Montant TTC', 10, true],
  [470, 320, '1 318,75 €', 10, true],
];

const SPANISH: Run[] = [
  [40, 50, 'FACTURA', 18, true],
  [40, 75, 'Nº de factura:'],
  [140, 75, '2025/0047'],
  [40, 90, 'Fecha de pedido:'],
  [140, 90, '28/01/2025'],
  [40, 105, 'Fecha de emisión:'],
  [140, 105, '4 de febrero de 2025'],
  [40, 120, 'Vencimiento:'],
  [140, 120, '6 de marzo de 2025'],
  [40, 160, 'Vendedor', 10, true],
  [40, 175, 'Talleres Ebro S.L.'],
  [40, 190, 'Calle Alfonso I 12'],
  [40, 205, '50003 Zaragoza'],
  [320, 160, 'Cliente', 10, true],
  [320, 175, 'Construcciones Moncayo S.A.'],
  [320, 190, 'Avenida Goya 80'],
  [320, 205, '50005 Zaragoza'],
  [40, 250, 'Reparación de maquinaria'],
  [470, 250, '3.120,00 €'],
  [360, 290, 'Base imponible'],
  [470, 290, '3.120,00 €'],
  [360, 305, 'IVA 21%'],
  [470, 305, '655,20 €'],
  [360, 320, 'Importe total', 10, true],
  [470, 320, '3.775,20 €', 10, true],
];

describe('invoices sent as a plain pdf', () => {
  it('a bare "$" is the dollar of the place the invoice names', async () => {
    const invoice = (place: string): Run[] => [
      [40, 50, 'Tallwood Supplies', 16, true],
      [40, 68, '12 George Street'],
      [40, 82, place],
      [400, 50, 'INVOICE', 20, true],
      [400, 80, 'Invoice No.:'],
      [480, 80, '5512'],
      [300, 300, 'Subtotal'],
      [480, 300, '$100.00'],
      [300, 315, 'Total Due'],
      [480, 315, '$110.00'],
    ];
    const currency = async (place: string) => (await answers(invoice(place), 'pdf', ['Currency'])).Currency;
    expect(await currency('Sydney NSW 2000')).toBe('AUD');
    expect(await currency('Singapore 520123')).toBe('SGD');
    expect(await currency('Austin, TX 78701')).toBe('USD');
  });

  it('an English invoice page answers every field from the invoice reader', async () => {
    expect(await answers(ENGLISH)).toEqual({
      'Invoice number': '000318',
      'Invoice date': '20240415',
      'Due date': '20240515',
      Vendor: 'Copperleaf Studio Ltd',
      Customer: 'Fairview Dental Group Ltd',
      Subtotal: 2400,
      Tax: 480,
      Total: 2880,
      Currency: 'GBP',
    });
  });

  it('a German invoice ("Rechnung Nr. … vom …", sender line, MwSt, fällig am) answers every field', async () => {
    expect(await answers(GERMAN)).toEqual({
      'Invoice number': '2024-0153',
      'Invoice date': '20240621',
      'Due date': '20240705',
      Vendor: 'Schreinerei Vogt GmbH',
      Customer: 'Gasthaus zur Linde',
      Subtotal: 2850,
      Tax: 541.5,
      Total: 3391.5,
      Currency: 'EUR',
    });
  });

  it('a French invoice (Facture n°, Total HT, TVA, Montant TTC, spaces between thousands) answers every field', async () => {
    expect(await answers(FRENCH)).toEqual({
      'Invoice number': 'FA-0092',
      'Invoice date': '20250303',
      'Due date': '20250402',
      Vendor: 'Boulangerie Martin SARL',
      Customer: 'Hôtel des Terreaux SAS',
      Subtotal: 1250,
      Tax: 68.75,
      Total: 1318.75,
      Currency: 'EUR',
    });
  });

  it('a Spanish invoice (Nº de factura, Base imponible, IVA, Importe total, Vendedor / Cliente) answers every field', async () => {
    expect(await answers(SPANISH)).toEqual({
      'Invoice number': '2025/0047',
      'Invoice date': '20250204',
      'Due date': '20250306',
      Vendor: 'Talleres Ebro S.L.',
      Customer: 'Construcciones Moncayo S.A.',
      Subtotal: 3120,
      Tax: 655.2,
      Total: 3775.2,
      Currency: 'EUR',
    });
  });

  it('answers the same as a receipt_mapping or custom_prompt request', async () => {
    const asPdf = await answers(GERMAN);
    expect(await answers(GERMAN, 'receipt_mapping')).toEqual(asPdf);
    expect(await answers(GERMAN, 'custom_prompt')).toEqual(asPdf);
  });

  it('never takes the vendor from the "Bill to" block, even when only the addressee has a legal form', async () => {
    const runs: Run[] = [
      [40, 50, 'INVOICE', 20, true],
      [40, 75, 'Invoice # 7781'],
      [40, 90, 'Date: March 4, 2024'],
      [40, 130, 'Bill to:', 10, true],
      [40, 145, 'ATTN: Dana Reyes'],
      [40, 160, 'Globex Industries Inc.'],
      [40, 175, '500 Harbor Blvd'],
      [40, 250, 'Consulting'],
      [470, 250, '$900.00'],
      [380, 300, 'Total'],
      [470, 300, '$900.00'],
      [40, 780, 'Maple & Finch Design · 22 Orchard St · Portland, OR 97204', 8],
    ];
    const got = await answers(runs, 'pdf', ['Vendor', 'Customer', 'Invoice date', 'Total']);
    expect(got).toEqual({
      Vendor: 'Maple & Finch Design',
      Customer: 'Globex Industries Inc.',
      'Invoice date': '20240304',
      Total: 900,
    });
  });

  it('never takes an order date for the invoice date, above or beside it', async () => {
    const runs: Run[] = [
      [40, 50, 'Invoice', 20, true],
      [40, 80, 'Order date'],
      [160, 80, 'Invoice date'],
      [280, 80, 'Delivery date'],
      [40, 95, '2024-01-05'],
      [160, 95, '2024-01-19'],
      [280, 95, '2024-01-12'],
      [40, 120, 'Invoice number: INV-0042'],
      [380, 300, 'Total'],
      [470, 300, '€ 120.00'],
    ];
    expect(await answers(runs, 'pdf', ['Invoice date', 'Invoice number', 'Total'])).toEqual({
      'Invoice date': '20240119',
      'Invoice number': 'INV-0042',
      Total: 120,
    });
    const german: Run[] = [
      [40, 50, 'Rechnung', 20, true],
      [40, 80, 'Bestellung vom 02.02.2024'],
      [40, 95, 'Rechnungsnummer: 5512'],
      [40, 110, 'Datum: 09.02.2024'],
      [380, 300, 'Summe'],
      [470, 300, '80,00 €'],
    ];
    expect(await answers(german, 'pdf', ['Invoice date'])).toEqual({ 'Invoice date': '20240209' });
  });
});

describe('what reads as an invoice', () => {
  const page = (text: string): ExtractedDocument => ({
    kind: 'pdf',
    layout: [],
    lines: text
      .trim()
      .split('\n')
      .map((line, i) => ({ text: line.trim(), location: { page: 1, line: i + 1 } })),
  });

  it('an invoice by its title or number label and its amounts, not a statement with a Total row', () => {
    expect(looksLikeInvoice(page('Facture\nFacture n° 12\nClient : Dupont\nTotal TTC 120,00 €'))).toBe(true);
    expect(
      looksLikeInvoice(page('Acme\nRechnungsnummer: 2024-7\nKunde: Müller\nGesamtbetrag: 99,00 €')),
    ).toBe(true);
    expect(
      looksLikeInvoice(
        page(
          'Summary of results\n2024 2023\nRevenue 4,021.25 3,811.02\nTotal 1,516.30 1,452.22\nInvoice discounting 12.00 10.00',
        ),
      ),
    ).toBe(false);
    expect(looksLikeInvoice(page('Price list\nChairs 12.00\nTables 40.00\nTotal 52.00'))).toBe(false);
  });

  it('a till receipt that calls itself a tax invoice stays with the receipt reader', async () => {
    const slip = page(`
KEDAI RUNCIT MAJU JAYA
NO 3 JALAN MERANTI, 43000 KAJANG
TAX INVOICE
Invoice No: CS00012345
Date: 12/03/2018
2 x TEH TARIK 3.00
Total Sales (Inclusive of GST): 7.42
CASH 7.42
Change 0.00
GST Summary Amount Tax
SR @ 6% 7.00 0.42
Total: 7.00 0.42
`);
    expect(looksLikeInvoice(slip)).toBe(true);
    expect(readsAsInvoicePage(slip)).toBe(false);
    const fields = ['Company', 'Date', 'Total', 'Invoice number'];
    const { result } = await new HeuristicProvider().extract(slip, fields, {
      documentType: 'receipt_mapping',
    });
    const receipt = extractReceiptFields(slip, fields);
    for (const field of ['Company', 'Date', 'Total'])
      expect(result[field]?.value).toEqual(receipt[field]?.value ?? null);
  });

  it('takes no logo OCR read unsure as the vendor of a scanned invoice', () => {
    // Each line's words: text, confidence, and the line's top and text height in pixels of 600 × 900.
    const line = (y: number, size: number, words: [string, number][]) => {
      let x = 100;
      return words.map(([text, confidence]) => {
        const width = text.length * size * 0.6;
        const box: [number, number, number, number] = [x / 600, y / 900, (x + width) / 600, (y + size) / 900];
        x += width + size * 0.6;
        return { text, confidence, box };
      });
    };
    const words = [
      ...line(20, 30, [
        ['fd', 0.52],
        ['OL', 0.58],
      ]),
      ...line(70, 30, [
        ['PIZZA', 0.95],
        ['PALACE', 0.95],
      ]),
      ...line(120, 12, [
        ['TAX', 0.96],
        ['INVOICE', 0.96],
      ]),
      ...line(150, 12, [
        ['No.12,', 0.93],
        ['Jalan', 0.93],
        ['Permas', 0.93],
        ['10,', 0.93],
      ]),
      ...line(170, 12, [
        ['81750', 0.94],
        ['Masai', 0.94],
        ['Johor', 0.94],
      ]),
      ...line(200, 12, [
        ['Invoice', 0.9],
        ['No:', 0.9],
        ['6224', 0.9],
      ]),
      ...line(220, 12, [
        ['Date:', 0.9],
        ['17/04/18', 0.9],
      ]),
      ...line(250, 12, [
        ['Grand', 0.93],
        ['Total:', 0.93],
        ['25.60', 0.93],
      ]),
    ];
    const page = layoutPageFromWords({ number: 1, source: 'ocr', width: 600, height: 900, words });
    const doc: ExtractedDocument = { kind: 'image', lines: textLinesFromLayout([page]), layout: [page] };
    expect(extractInvoiceFields(doc, ['vendor']).vendor?.value).toBe('PIZZA PALACE');
  });

  it('labels in four languages, the longest label winning ("Total HT" is the net, "Kundennummer" no customer)', () => {
    const labels = (text: string) => invoiceLabelsIn(text).map((h) => h.label);
    expect(labels('Total HT')).toEqual(['subtotal']);
    expect(labels('Kundennummer: 10233')).toEqual(['other_number']);
    expect(labels('Fecha de vencimiento')).toEqual(['due_date']);
    expect(labels('Bestelldatum')).toEqual(['other_date']);
    expect(labels('Rechnung Nr. 12 vom 01.02.2024')).toEqual(['invoice_number', 'dated']);
    // A till's tax invoice: the sales before GST are the net, "of" inside the total's label no date.
    expect(labels('Total Sales (Excluding GST)  82.50')).toEqual(['subtotal']);
    expect(labels('Total Sales (Inclusive of GST) :  87.45')).toEqual(['total']);
    expect(labels('Total GST  4.95')).toEqual(['tax']);
    expect(invoiceFieldOf('Rechnungsnummer')).toBe('invoice_number');
    expect(invoiceFieldOf('vendor_name')).toBe('vendor');
  });

  it('dates in each language and order', () => {
    const ymd = (text: string, dayFirst = true) => datesIn(text, dayFirst)[0]?.ymd;
    expect(ymd('5. März 2024')).toBe('20240305');
    expect(ymd('1er mars 2024')).toBe('20240301');
    expect(ymd('6 de marzo de 2025')).toBe('20250306');
    expect(ymd('March 5, 2024')).toBe('20240305');
    expect(ymd('03/05/2024', false)).toBe('20240305');
    expect(ymd('05.03.24', false)).toBe('20240305');
  });
});
