/**
 * The words invoices label their fields with, in English, German, French and Spanish (issue 39):
 * one table, one matcher. A label names what the value beside or below it is — the invoice's
 * number, its date, the due date, the parties, the amounts — and also what must never be taken
 * for them: an order or delivery date, a customer or order number, the ship-to address, an amount
 * already paid. The longest label wins where several start at one place ("Total HT" is the net,
 * not the total; "Kundennummer" is a number, not the customer).
 *
 * Phrases are written folded (lower case, accents dropped, "ß" as "ss"); `foldLabel` folds a text
 * the same way, keeping its length so offsets stay those of the printed text.
 */

export type InvoiceLabel =
  /** The document's own title ("INVOICE", "Rechnung", "Facture", "Factura"). */
  | 'title'
  | 'invoice_number'
  /** A bare "No." / "Nr." / "#": the invoice's number only beside the title or in its block. */
  | 'number'
  | 'invoice_date'
  /** A bare "Date" / "Datum" / "Fecha": the invoice's date when nothing names it better. */
  | 'date'
  /** "vom" / "du" / "de fecha" / "dated" after the number in a headline ("Rechnung Nr. 12 vom …"). */
  | 'dated'
  | 'due_date'
  | 'other_date'
  | 'other_number'
  | 'vendor'
  | 'customer'
  | 'ship_to'
  | 'subtotal'
  | 'tax'
  | 'total'
  /** Amounts that are not the invoice's total: paid, deposit, discount, shipping, rounding. */
  | 'other_amount';

const TABLE: Record<InvoiceLabel, string[]> = {
  title: [
    'invoice',
    'tax invoice',
    'commercial invoice',
    'vat invoice',
    'sales invoice',
    'rechnung',
    'facture',
    'factura',
    'factura simplificada',
  ],
  invoice_number: [
    // en
    'invoice no',
    'invoice number',
    'invoice nr',
    'invoice #',
    'invoice id',
    'invoice ref',
    'invoice reference',
    'inv no',
    'inv #',
    'inv number',
    'tax invoice no',
    'tax invoice number',
    'bill no',
    'bill number',
    // de
    'rechnung nr',
    'rechnung-nr',
    'rechnungs-nr',
    'rechnungsnr',
    'rechnungsnummer',
    'rechnung nummer',
    're-nr',
    're.-nr',
    're nr',
    'rg-nr',
    'rg.-nr',
    'beleg-nr',
    'belegnummer',
    // fr
    'facture n°',
    'facture no',
    'facture n',
    'facture numero',
    'facture #',
    'n° de facture',
    'no de facture',
    'numero de facture',
    'n° facture',
    // es
    'factura nº',
    'factura n°',
    'factura no',
    'factura n.º',
    'factura num',
    'factura numero',
    'factura #',
    'nº de factura',
    'n° de factura',
    'n.º de factura',
    'numero de factura',
    'num. factura',
    'nº factura',
    'no. de factura',
  ],
  number: ['no', 'nr', 'n°', 'nº', 'n.º', '#', 'number', 'nummer', 'numero', 'num'],
  invoice_date: [
    'invoice date',
    'date of invoice',
    'invoice dated',
    'date issued',
    'issue date',
    'issued',
    'issued on',
    'date of issue',
    'billing date',
    'bill date',
    'tax point',
    'tax point date',
    'tax point / invoice date',
    'rechnungsdatum',
    'rechnungs-datum',
    'datum der rechnung',
    'ausstellungsdatum',
    'ausgestellt am',
    'date de facture',
    'date de facturation',
    "date d'emission",
    'date de la facture',
    'fecha de factura',
    'fecha factura',
    'fecha de emision',
    'fecha de expedicion',
    'fecha de la factura',
  ],
  date: ['date', 'datum', 'fecha', 'dated'],
  dated: ['vom', 'du', 'de fecha', 'dated', 'of'],
  due_date: [
    'due date',
    'date due',
    'due',
    'due on',
    'due by',
    'payment due',
    'payment due date',
    'pay by',
    'payable by',
    'payable on',
    'faellig',
    'fallig',
    'fallig am',
    'fallig bis',
    'falligkeit',
    'falligkeitsdatum',
    'zahlbar bis',
    'zahlbar bis zum',
    'zahlungsziel',
    'echeance',
    "date d'echeance",
    'date echeance',
    'a payer avant le',
    'payable avant le',
    'payable le',
    'date limite de paiement',
    'date limite de reglement',
    'vencimiento',
    'fecha de vencimiento',
    'fecha vencimiento',
    'fecha limite de pago',
    'pagar antes del',
    'vence',
  ],
  other_date: [
    'order date',
    'date of order',
    'date ordered',
    'po date',
    'purchase order date',
    'delivery date',
    'date of delivery',
    'ship date',
    'shipping date',
    'date shipped',
    'service date',
    'service period',
    'date of supply',
    'bestelldatum',
    'bestellung vom',
    'auftragsdatum',
    'auftrag vom',
    'lieferdatum',
    'leistungsdatum',
    'liefertermin',
    'leistungszeitraum',
    'date de commande',
    'commande du',
    'date de livraison',
    'livraison le',
    'date de prestation',
    'fecha de pedido',
    'fecha del pedido',
    'pedido del',
    'fecha de entrega',
    'fecha de servicio',
    'printed',
    'print date',
  ],
  other_number: [
    'order no',
    'order number',
    'order #',
    'po number',
    'po no',
    'po #',
    'purchase order',
    'purchase order no',
    'customer no',
    'customer number',
    'customer id',
    'customer #',
    'account no',
    'account number',
    'client no',
    'client id',
    'vat no',
    'vat number',
    'vat reg no',
    'vat reg. no',
    'tax id',
    'company no',
    'registered in england no',
    'kundennummer',
    'kunden-nr',
    'kundennr',
    'kd-nr',
    'kd.-nr',
    'bestellnummer',
    'bestell-nr',
    'auftragsnummer',
    'auftrags-nr',
    'lieferschein-nr',
    'lieferscheinnummer',
    'ust-idnr',
    'ust-id',
    'steuernummer',
    'steuer-nr',
    'n° client',
    'no client',
    'numero client',
    'ref. client',
    'reference client',
    'n° de commande',
    'numero de commande',
    'bon de commande',
    'siret',
    'siren',
    'tva intracom',
    'tva intracommunautaire',
    'n° tva',
    'nº de cliente',
    'n° de cliente',
    'numero de cliente',
    'ref. cliente',
    'nº de pedido',
    'n° de pedido',
    'numero de pedido',
    'nif',
    'cif',
    'iban',
    'bic',
    'swift',
  ],
  vendor: [
    'from',
    'seller',
    'vendor',
    'supplier',
    'issued by',
    'bill from',
    'billed by',
    'sold by',
    'payee',
    'verkaufer',
    'lieferant',
    'rechnungssteller',
    'absender',
    'leistungserbringer',
    'vendeur',
    'fournisseur',
    'emetteur',
    'prestataire',
    'vendedor',
    'proveedor',
    'emisor',
    'emisora',
  ],
  customer: [
    'bill to',
    'billed to',
    'billing to',
    'invoice to',
    'invoiced to',
    'sold to',
    'customer',
    'client',
    'buyer',
    'purchaser',
    'to',
    'billing address',
    'rechnungsempfanger',
    'rechnungsadresse',
    'rechnungsanschrift',
    'kunde',
    'kaufer',
    'empfanger',
    'auftraggeber',
    'facture a',
    'facturer a',
    'adresse de facturation',
    'destinataire',
    'acheteur',
    'cliente',
    'facturar a',
    'facturado a',
    'datos del cliente',
    'comprador',
    'destinatario',
  ],
  ship_to: [
    'ship to',
    'shipped to',
    'deliver to',
    'delivered to',
    'delivery address',
    'shipping address',
    'consignee',
    'lieferadresse',
    'lieferanschrift',
    'versand an',
    'lieferung an',
    'livrer a',
    'livre a',
    'adresse de livraison',
    'enviar a',
    'direccion de envio',
    'direccion de entrega',
    'entregar a',
  ],
  subtotal: [
    'subtotal',
    'sub total',
    'sub-total',
    'net amount',
    'net total',
    'total net',
    'net',
    'amount before tax',
    'total before tax',
    'total excl. vat',
    'total excl vat',
    'total excluding vat',
    'total excluding tax',
    'total excl. tax',
    'total excl. gst',
    'total excl gst',
    'total excluding gst',
    'total exclusive gst',
    'total before gst',
    'total sales (excluding gst)',
    'total sales excluding gst',
    'total sales (excl gst)',
    'total sales (excl. gst)',
    'total sales excl gst',
    'zwischensumme',
    'nettobetrag',
    'netto',
    'summe netto',
    'gesamt netto',
    'nettosumme',
    'rechnungsbetrag netto',
    'warenwert',
    'total ht',
    'montant ht',
    'sous-total',
    'sous total',
    'sous-total ht',
    'total hors taxes',
    'montant hors taxes',
    'base imponible',
    'base',
    'importe neto',
    'total neto',
    'neto',
    'total sin iva',
    'suma',
  ],
  tax: [
    'tax',
    'vat',
    'sales tax',
    'gst',
    'hst',
    'tax amount',
    'vat amount',
    'total tax',
    'total vat',
    'total gst',
    'mwst',
    'mwst.',
    'zzgl. mwst',
    'zzgl. mwst.',
    'zzgl. ust',
    'zzgl. ust.',
    'zzgl.',
    'ust',
    'ust.',
    'mehrwertsteuer',
    'umsatzsteuer',
    'tva',
    'montant tva',
    'total tva',
    'iva',
    'cuota iva',
    'total iva',
    'impuestos',
  ],
  total: [
    'total',
    'total due',
    'amount due',
    'balance due',
    'grand total',
    'invoice total',
    'total amount',
    'total amount due',
    'amount payable',
    'total payable',
    'total to pay',
    'please pay',
    'total incl. vat',
    'total incl vat',
    'total including vat',
    'total (incl. vat)',
    'total incl. gst',
    'total incl gst',
    'total including gst',
    'total inclusive gst',
    'total inclusive of gst',
    'total sales (inclusive of gst)',
    'total sales inclusive of gst',
    'total sales (inclusive gst)',
    'total sales inclusive gst',
    'total sales (incl gst)',
    'total sales (incl. gst)',
    'total sales incl gst',
    'gesamtbetrag',
    'gesamtsumme',
    'rechnungsbetrag',
    'rechnungssumme',
    'endbetrag',
    'zu zahlen',
    'zahlbetrag',
    'summe brutto',
    'gesamt brutto',
    'bruttobetrag',
    'brutto',
    'summe',
    'gesamt',
    'total ttc',
    'montant ttc',
    'montant total ttc',
    'montant total',
    'net a payer',
    'total a payer',
    'montant a payer',
    'importe total',
    'total factura',
    'total a pagar',
    'importe a pagar',
    'total (iva incluido)',
    'total iva incluido',
  ],
  other_amount: [
    'amount paid',
    'paid',
    'payments',
    'payment received',
    'deposit',
    'discount',
    'shipping',
    'rounding',
    'bereits bezahlt',
    'bezahlt',
    'anzahlung',
    'rabatt',
    'skonto',
    'versandkosten',
    'acompte',
    'acompte verse',
    'deja paye',
    'remise',
    'frais de port',
    'importe pagado',
    'pagado',
    'anticipo',
    'descuento',
    'gastos de envio',
  ],
};

/** Lower case, accents dropped, "ß" → "s" + one filler so offsets keep to the printed text. */
export function foldLabel(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    if (lower === 'ß') out += 's';
    else if (lower === 'º' || lower === '°') out += lower;
    else {
      const bare = lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += bare.length === 1 ? bare : lower.length === 1 ? lower : ' ';
    }
    // A character that takes two code units keeps its offsets too.
    if (ch.length === 2) out += ' ';
  }
  return out.replace(/[’`]/g, "'").replace(/\u00a0|\u202f/g, ' ');
}

interface Entry {
  label: InvoiceLabel;
  phrase: string;
  /** The phrase as a pattern: words apart by spaces, dots, hyphens; "ae" for "a" (faellig). */
  pattern: RegExp;
}

function phrasePattern(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((word) =>
      word
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        // "no" also printed "n°", "no." ; a hyphen or a point may be a space.
        .replace(/\\\./g, '\\.?')
        .replace(/-/g, '[-\\s.]?'),
    )
    .join(String.raw`[\s.:]*`);
}

const ENTRIES: Entry[] = (Object.entries(TABLE) as [InvoiceLabel, string[]][])
  .flatMap(([label, phrases]) =>
    phrases.map((phrase) => ({
      label,
      phrase,
      // Word edges: not inside a longer word (a "#" or "°" ends itself).
      // A "#" or "°" ends itself ("#INV-0042").
      pattern: new RegExp(
        `(?<![\\p{L}\\p{N}])${phrasePattern(phrase)}${/[\p{L}\p{N}.]$/u.test(phrase) ? '(?![\\p{L}\\p{N}])' : ''}`,
        'gu',
      ),
    })),
  )
  .sort((a, b) => b.phrase.length - a.phrase.length);

export interface LabelHit {
  label: InvoiceLabel;
  phrase: string;
  /** Offsets in the text given. */
  start: number;
  end: number;
}

/**
 * Every label in a text, left to right, none overlapping: at each place the longest phrase.
 * `foldLabel` is applied here; offsets are those of `text`.
 */
export function invoiceLabelsIn(text: string): LabelHit[] {
  const folded = foldLabel(text).replace(/\bfaellig/g, 'fallig ');
  const hits: LabelHit[] = [];
  for (const entry of ENTRIES) {
    entry.pattern.lastIndex = 0;
    for (const m of folded.matchAll(entry.pattern)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (hits.some((h) => start < h.end && end > h.start)) continue;
      hits.push({ label: entry.label, phrase: entry.phrase, start, end });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** The label a whole text is, if it is one and nothing else ("Bill To:", "Nettobetrag"). */
export function invoiceLabelOf(text: string): LabelHit | undefined {
  const trimmed = text.replace(/[\s:#.]+$/, '').trim();
  const hits = invoiceLabelsIn(trimmed);
  const only = hits[0];
  return hits.length === 1 && only && only.start === 0 && only.end >= trimmed.length - 1 ? only : undefined;
}

function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = row;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * A label OCR misspelt ("Rechnungsempféanger:", "Mwsst"): the one phrase of eight letters or more
 * within one edit (two from twelve letters) of a run that ends with a colon and holds no digit.
 */
export function nearestInvoiceLabel(text: string): LabelHit | undefined {
  const trimmed = text.trim();
  if (!/:$/.test(trimmed) || /\d/.test(trimmed)) return undefined;
  const folded = foldLabel(trimmed.replace(/[\s:]+$/, ''));
  if (folded.length < 8 || folded.length > 32) return undefined;
  let found: LabelHit | undefined;
  for (const entry of ENTRIES) {
    if (entry.phrase.length < 8) continue;
    const limit = entry.phrase.length >= 12 ? 2 : 1;
    if (distance(folded, entry.phrase, limit) <= limit) {
      if (found && found.label !== entry.label) return undefined;
      found ??= { label: entry.label, phrase: entry.phrase, start: 0, end: folded.length };
    }
  }
  return found;
}
