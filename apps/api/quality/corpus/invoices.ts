/**
 * The invoice corpus of `pnpm quality` (issue 39): invoices generated from a seed in English,
 * German, French and Spanish, in a dozen layouts (header blocks left or right, label-value pairs or
 * a strip of labels over values, totals as a table or as lines, the vendor at the top, in a sender
 * line or only in the footer, bill-to beside ship-to, an order date near the invoice date), each
 * locale's date and number formats (1,234.56 / 1.234,56 / 1 234,56 / 1'234.56) and currencies
 * (€, $, £, CHF). Written as HTML; the suite prints it to PDF with Chromium and scans some of the
 * PDFs. Each invoice carries its truth. Made up here, never taken from a public collection.
 */

export type InvoiceLang = 'en' | 'de' | 'fr' | 'es';
export type InvoiceLocale = 'en-US' | 'en-GB' | 'en-IE' | 'de-DE' | 'de-AT' | 'de-CH' | 'fr-FR' | 'es-ES';
export const INVOICE_LAYOUTS = [
  'classic',
  'mirrored',
  'letter',
  'footer-vendor',
  'strip',
  'stacked',
  'parties',
  'modern',
  'lines',
  'sidebar',
  'three-columns',
  'centred',
] as const;
export type InvoiceLayout = (typeof INVOICE_LAYOUTS)[number];

export interface InvoiceTruth {
  invoiceNumber: string;
  /** YYYYMMDD */
  invoiceDate: string;
  dueDate: string | null;
  vendor: string;
  customer: string;
  subtotal: number;
  tax: number;
  total: number;
  currency: string;
  /** The item table's rows (generated invoices; the hand-written ones leave it out). */
  items?: { description: string; quantity: number; unit_price: number; amount: number }[];
}

export interface InvoiceSpec {
  id: string;
  lang: InvoiceLang;
  locale: InvoiceLocale;
  layout: InvoiceLayout | 'hand';
  html: string;
  truth: InvoiceTruth;
}

// ---------------------------------------------------------------------------------------------
// Seeded choices

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}
type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const LANG_OF: Record<InvoiceLocale, InvoiceLang> = {
  'en-US': 'en',
  'en-GB': 'en',
  'en-IE': 'en',
  'de-DE': 'de',
  'de-AT': 'de',
  'de-CH': 'de',
  'fr-FR': 'fr',
  'es-ES': 'es',
};
const CURRENCY_OF: Record<InvoiceLocale, string> = {
  'en-US': 'USD',
  'en-GB': 'GBP',
  'en-IE': 'EUR',
  'de-DE': 'EUR',
  'de-AT': 'EUR',
  'de-CH': 'CHF',
  'fr-FR': 'EUR',
  'es-ES': 'EUR',
};
const TAX_RATE: Record<InvoiceLocale, number[]> = {
  'en-US': [6.25, 7, 8.25, 8.875],
  'en-GB': [20],
  'en-IE': [23],
  'de-DE': [19, 7],
  'de-AT': [20],
  'de-CH': [8.1],
  'fr-FR': [20, 10],
  'es-ES': [21, 10],
};

// ---------------------------------------------------------------------------------------------
// Names and places

const COMPANY_STEMS = [
  'Northwind',
  'Bluebird',
  'Kestrel',
  'Lindenhof',
  'Sonnenberg',
  'Marchetti',
  'Belvedere',
  'Quartz',
  'Harbourside',
  'Atelier Mistral',
  'Altamira',
  'Fenwick',
  'Oakridge',
  'Rheinblick',
  'Les Ateliers Roussel',
  'Ibérica Solar',
  'Brightwater',
  'Vogel & Partner',
  'Nordlicht',
  'Sierra Norte',
  'Cobalt',
  'Greywell',
  'Aurora',
  'Maison Dufour',
  'Tecnomar',
  'Halden',
  'Pinewood',
  'Stellar',
];
const TRADES: Record<InvoiceLang, string[]> = {
  en: ['Consulting', 'Logistics', 'Design Studio', 'Software', 'Supplies', 'Engineering', 'Print Works'],
  de: ['Haustechnik', 'Logistik', 'Beratung', 'Elektrobau', 'Druckerei', 'Softwarehaus', 'Bürobedarf'],
  fr: ['Conseil', 'Logistique', 'Imprimerie', 'Informatique', 'Services', 'Menuiserie', 'Bureautique'],
  es: ['Consultores', 'Logística', 'Informática', 'Suministros', 'Ingeniería', 'Imprenta', 'Servicios'],
};
const FORMS: Record<InvoiceLocale, string[]> = {
  'en-US': ['Inc.', 'LLC', 'Corp.', 'Co.'],
  'en-GB': ['Ltd', 'Limited', 'LLP', 'plc'],
  'en-IE': ['Ltd', 'Limited', 'DAC'],
  'de-DE': ['GmbH', 'GmbH & Co. KG', 'AG', 'e.K.', 'UG (haftungsbeschränkt)'],
  'de-AT': ['GmbH', 'KG', 'OG'],
  'de-CH': ['AG', 'GmbH', 'Sàrl'],
  'fr-FR': ['SARL', 'SAS', 'SA', 'EURL'],
  'es-ES': ['S.L.', 'S.A.', 'S.L.U.', 'S.Coop.'],
};
const PEOPLE = [
  'Anna Becker',
  'James Whitfield',
  'Claire Martin',
  'Lucía Fernández',
  'Thomas Weber',
  'Sophie Laurent',
  'Miguel Ortega',
  'Emily Carter',
  'Jonas Schulz',
  'Camille Bernard',
  'Elena Ruiz',
  'Oliver Grant',
];
const STREETS: Record<InvoiceLocale, string[]> = {
  'en-US': ['1200 Market Street, Suite 400', '77 Lake Shore Drive', '350 Fifth Avenue', '18 Elm Road'],
  'en-GB': ['14 Kingsway', '3 Harbour Lane', '220 High Street', 'Unit 5, Riverside Park'],
  'en-IE': ['12 Dawson Street', '4 Quay Road', 'Unit 9, Park West'],
  'de-DE': ['Hauptstraße 12', 'Lindenallee 5a', 'Industriestr. 48', 'Am Markt 3'],
  'de-AT': ['Mariahilfer Straße 88', 'Bahnhofplatz 2', 'Grazer Gasse 14'],
  'de-CH': ['Bahnhofstrasse 21', 'Seefeldstrasse 7', 'Rue du Rhône 40'],
  'fr-FR': ['12 rue de la République', '45 avenue Victor Hugo', '8 boulevard Voltaire', '3 place du Marché'],
  'es-ES': ['Calle Mayor 14', 'Avenida de la Constitución 22', 'Paseo de Gracia 101', 'Calle Alcalá 7'],
};
const CITIES: Record<InvoiceLocale, string[]> = {
  'en-US': ['San Francisco, CA 94103', 'Chicago, IL 60601', 'New York, NY 10118', 'Austin, TX 78701'],
  'en-GB': ['London WC2B 6UN', 'Bristol BS1 4DJ', 'Leeds LS1 5AB', 'Manchester M1 2HF'],
  'en-IE': ['Dublin 2, D02 X285', 'Cork T12 K8AF', 'Galway H91 E2K3'],
  'de-DE': ['10115 Berlin', '80331 München', '50667 Köln', '20095 Hamburg'],
  'de-AT': ['1060 Wien', '8010 Graz', '5020 Salzburg'],
  'de-CH': ['8001 Zürich', '3011 Bern', '4051 Basel'],
  'fr-FR': ['75011 Paris', '69002 Lyon', '13001 Marseille', '33000 Bordeaux'],
  'es-ES': ['28013 Madrid', '08008 Barcelona', '41001 Sevilla', '46002 Valencia'],
};
const ITEMS: Record<InvoiceLang, string[]> = {
  en: [
    'Consulting hours',
    'Website maintenance',
    'Office chairs',
    'Printer toner',
    'Delivery',
    'Licence fee',
  ],
  de: ['Beratungsstunden', 'Wartung Heizungsanlage', 'Büromaterial', 'Montage', 'Anfahrt', 'Softwarelizenz'],
  fr: ['Prestation de conseil', 'Maintenance site web', 'Fournitures de bureau', 'Installation', 'Transport'],
  es: ['Horas de consultoría', 'Mantenimiento web', 'Material de oficina', 'Instalación', 'Transporte'],
};

// ---------------------------------------------------------------------------------------------
// Numbers and dates as each locale prints them

function groups(intPart: string, sep: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

export function formatAmount(n: number, locale: InvoiceLocale, style: number): string {
  const [i = '0', f = '00'] = Math.abs(n).toFixed(2).split('.');
  let body: string;
  switch (locale) {
    case 'de-DE':
    case 'de-AT':
    case 'es-ES':
      body = `${groups(i, '.')},${f}`;
      break;
    case 'fr-FR':
      body = `${groups(i, style % 2 ? '\u202f' : ' ')},${f}`;
      break;
    case 'de-CH':
      body = `${groups(i, style % 2 ? "'" : '’')}.${f}`;
      break;
    default:
      body = `${groups(i, ',')}.${f}`;
  }
  return n < 0 ? `-${body}` : body;
}

/** The amount with its currency as the locale writes it ("$1,234.56", "1.234,56 €", "CHF 1'234.50"). */
export function money(n: number, locale: InvoiceLocale, style: number): string {
  const a = formatAmount(n, locale, style);
  switch (locale) {
    case 'en-US':
      return style % 3 === 2 ? `${a} USD` : `$${a}`;
    case 'en-GB':
      return `£${a}`;
    case 'en-IE':
      return style % 2 ? `€${a}` : `EUR ${a}`;
    case 'de-DE':
    case 'fr-FR':
    case 'es-ES':
      return style % 3 === 2 ? `${a} EUR` : `${a} €`;
    case 'de-AT':
      return style % 2 ? `€ ${a}` : `${a} €`;
    case 'de-CH':
      return `CHF ${a}`;
  }
}

const MONTH_NAMES: Record<InvoiceLang, string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
};

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(date: Date, locale: InvoiceLocale, style: number): string {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  const lang = LANG_OF[locale];
  const month = MONTH_NAMES[lang][m - 1] as string;
  const s = style % 4;
  if (s === 3) return `${y}-${pad(m)}-${pad(d)}`;
  switch (locale) {
    case 'en-US':
      return s === 0
        ? `${month} ${d}, ${y}`
        : s === 1
          ? `${pad(m)}/${pad(d)}/${y}`
          : `${month.slice(0, 3)} ${d}, ${y}`;
    case 'en-GB':
    case 'en-IE':
      return s === 0
        ? `${d} ${month} ${y}`
        : s === 1
          ? `${pad(d)}/${pad(m)}/${y}`
          : `${d} ${month.slice(0, 3)} ${y}`;
    case 'de-DE':
    case 'de-AT':
    case 'de-CH':
      return s === 0
        ? `${pad(d)}.${pad(m)}.${y}`
        : s === 1
          ? `${d}. ${month} ${y}`
          : `${pad(d)}.${pad(m)}.${String(y).slice(2)}`;
    case 'fr-FR':
      return s === 0
        ? `${pad(d)}/${pad(m)}/${y}`
        : s === 1
          ? `${d === 1 ? '1er' : d} ${month} ${y}`
          : `${pad(d)}.${pad(m)}.${y}`;
    case 'es-ES':
      return s === 0
        ? `${pad(d)}/${pad(m)}/${y}`
        : s === 1
          ? `${d} de ${month} de ${y}`
          : `${pad(d)}-${pad(m)}-${y}`;
  }
}

const ymd = (date: Date) => `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------
// Labels per language (several wordings each, as real invoices vary)

const L = {
  title: {
    en: ['INVOICE', 'Invoice', 'TAX INVOICE'],
    de: ['RECHNUNG', 'Rechnung'],
    fr: ['FACTURE', 'Facture'],
    es: ['FACTURA', 'Factura'],
  },
  number: {
    en: ['Invoice No.', 'Invoice Number', 'Invoice #', 'Invoice no:'],
    de: ['Rechnungsnummer', 'Rechnung Nr.', 'Rechnungs-Nr.', 'Re.-Nr.'],
    fr: ['Facture n°', 'N° de facture', 'Numéro de facture', 'Facture N°'],
    es: ['Factura nº', 'Nº de factura', 'Número de factura', 'Factura N.º'],
  },
  date: {
    en: ['Invoice Date', 'Date', 'Date of issue', 'Issue date'],
    de: ['Rechnungsdatum', 'Datum', 'Ausstellungsdatum'],
    fr: ['Date de facture', 'Date', "Date d'émission", 'Date de facturation'],
    es: ['Fecha de factura', 'Fecha', 'Fecha de emisión', 'Fecha factura'],
  },
  due: {
    en: ['Due Date', 'Payment due', 'Due', 'Pay by'],
    de: ['Fällig am', 'Fälligkeitsdatum', 'Zahlbar bis', 'Fällig'],
    fr: ["Date d'échéance", 'Échéance', 'À payer avant le', 'Date limite de paiement'],
    es: ['Fecha de vencimiento', 'Vencimiento', 'Fecha límite de pago'],
  },
  order: {
    en: ['Order Date', 'PO Date', 'Order date'],
    de: ['Bestelldatum', 'Auftragsdatum', 'Lieferdatum'],
    fr: ['Date de commande', 'Date de livraison'],
    es: ['Fecha de pedido', 'Fecha del pedido', 'Fecha de entrega'],
  },
  orderNo: {
    en: ['PO Number', 'Order No.', 'Customer No.'],
    de: ['Kundennummer', 'Bestellnummer', 'Kunden-Nr.'],
    fr: ['N° client', 'N° de commande', 'Réf. client'],
    es: ['Nº de cliente', 'Nº de pedido', 'Ref. cliente'],
  },
  billTo: {
    en: ['Bill To', 'Billed To', 'Invoice To', 'Customer', 'Sold To'],
    de: ['Rechnungsempfänger', 'Kunde', 'Rechnungsadresse', 'Käufer'],
    fr: ['Client', 'Facturé à', 'Adresse de facturation', 'Destinataire'],
    es: ['Cliente', 'Facturar a', 'Datos del cliente', 'Facturado a'],
  },
  shipTo: {
    en: ['Ship To', 'Deliver To', 'Shipping Address'],
    de: ['Lieferadresse', 'Lieferanschrift'],
    fr: ['Livrer à', 'Adresse de livraison'],
    es: ['Enviar a', 'Dirección de entrega'],
  },
  from: {
    en: ['From', 'Seller', 'Supplier'],
    de: ['Verkäufer', 'Lieferant', 'Rechnungssteller'],
    fr: ['Vendeur', 'Fournisseur', 'Émetteur'],
    es: ['Vendedor', 'Proveedor', 'Emisor'],
  },
  buyer: {
    en: ['Buyer', 'Customer', 'Bill To'],
    de: ['Käufer', 'Kunde'],
    fr: ['Acheteur', 'Client'],
    es: ['Comprador', 'Cliente'],
  },
  item: {
    en: ['Description', 'Item'],
    de: ['Beschreibung', 'Leistung'],
    fr: ['Désignation', 'Description'],
    es: ['Concepto', 'Descripción'],
  },
  qty: { en: ['Qty', 'Quantity'], de: ['Menge', 'Anz.'], fr: ['Qté', 'Quantité'], es: ['Cant.', 'Cantidad'] },
  unit: {
    en: ['Unit price', 'Rate'],
    de: ['Einzelpreis', 'E-Preis'],
    fr: ['Prix unitaire', 'P.U. HT'],
    es: ['Precio unitario', 'Precio'],
  },
  amount: {
    en: ['Amount', 'Total'],
    de: ['Betrag', 'Gesamt'],
    fr: ['Montant HT', 'Total HT'],
    es: ['Importe', 'Total'],
  },
  subtotal: {
    en: ['Subtotal', 'Net amount', 'Total excl. VAT', 'Sub-total'],
    de: ['Zwischensumme', 'Nettobetrag', 'Summe netto', 'Netto'],
    fr: ['Total HT', 'Montant HT', 'Sous-total HT', 'Total hors taxes'],
    es: ['Base imponible', 'Subtotal', 'Importe neto', 'Total sin IVA'],
  },
  total: {
    en: ['Total', 'Total Due', 'Amount Due', 'Grand Total', 'Invoice Total', 'Balance Due'],
    de: ['Gesamtbetrag', 'Rechnungsbetrag', 'Gesamtsumme', 'Zu zahlen', 'Summe brutto', 'Endbetrag'],
    fr: ['Total TTC', 'Montant TTC', 'Net à payer', 'Montant total TTC', 'Total à payer'],
    es: ['Importe total', 'Total factura', 'Total a pagar', 'Total', 'Total (IVA incluido)'],
  },
  paid: { en: ['Amount paid'], de: ['Bereits bezahlt'], fr: ['Acompte versé'], es: ['Importe pagado'] },
  thanks: {
    en: ['Thank you for your business.', 'Payment within 30 days of invoice date.'],
    de: ['Vielen Dank für Ihren Auftrag.', 'Zahlbar innerhalb von 14 Tagen ohne Abzug.'],
    fr: ['Merci pour votre confiance.', 'Pénalités de retard : trois fois le taux d’intérêt légal.'],
    es: ['Gracias por su confianza.', 'Forma de pago: transferencia bancaria.'],
  },
  of: { en: 'dated', de: 'vom', fr: 'du', es: 'de fecha' },
};

function taxLabel(locale: InvoiceLocale, rate: number, style: number): string {
  const pct = (sep: string) => `${String(rate).replace('.', sep)}${style % 2 ? ' %' : '%'}`;
  switch (LANG_OF[locale]) {
    case 'de':
      return `${pick(() => (style % 7) / 7, ['MwSt.', 'USt.', 'zzgl. MwSt.', 'Umsatzsteuer', 'MwSt'])} ${pct(',')}`;
    case 'fr':
      return `${pick(() => (style % 5) / 5, ['TVA', 'TVA', 'Montant TVA'])} ${pct(',')}`;
    case 'es':
      return `${pick(() => (style % 5) / 5, ['IVA', 'IVA', 'Cuota IVA'])} ${pct(',')}`;
    default:
      return locale === 'en-US'
        ? `${pick(() => (style % 5) / 5, ['Sales Tax', 'Tax', 'Sales tax'])} (${pct('.')})`
        : `VAT ${style % 2 ? '@ ' : ''}${pct('.')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Content

interface Party {
  name: string;
  lines: string[];
}

interface Content {
  r: Rand;
  locale: InvoiceLocale;
  lang: InvoiceLang;
  style: number;
  vendor: Party;
  customer: Party;
  shipTo: Party;
  attn?: string;
  number: string;
  date: string;
  due: string | null;
  order: string;
  orderNo: string;
  items: { text: string; qty: number; unit: number; amount: number }[];
  subtotal: number;
  taxRate: number;
  tax: number;
  total: number;
  vatId: string;
  iban: string;
  truth: InvoiceTruth;
  /** Labels picked for this invoice. */
  l: Record<keyof typeof L, string>;
}

function invoiceNumber(r: Rand, lang: InvoiceLang, year: number): string {
  const n = int(r, 1, 9999);
  switch (int(r, 0, 6)) {
    case 0:
      return `INV-${year}-${String(n).padStart(4, '0')}`;
    case 1:
      return String(n).padStart(6, '0');
    case 2:
      return `${{ en: 'INV', de: 'RE', fr: 'F', es: 'FAC' }[lang]}${year}${String(n).padStart(5, '0')}`;
    case 3:
      return `${year}-${String(n).padStart(3, '0')}`;
    case 4:
      return `${{ en: 'A', de: 'R', fr: 'FA', es: 'A' }[lang]}/${year}/${n}`;
    case 5:
      return `${int(r, 10, 99)}${String(n).padStart(4, '0')}`;
    default:
      return `${{ en: 'INV', de: 'RG', fr: 'FAC', es: 'F' }[lang]}-${String(n).padStart(5, '0')}`;
  }
}

function company(r: Rand, locale: InvoiceLocale): string {
  const lang = LANG_OF[locale];
  const stem = pick(r, COMPANY_STEMS);
  const trade = r() < 0.6 ? ` ${pick(r, TRADES[lang])}` : '';
  return `${stem}${trade} ${pick(r, FORMS[locale])}`;
}

function party(r: Rand, locale: InvoiceLocale, person: boolean): Party {
  const name = person ? pick(r, PEOPLE) : company(r, locale);
  return { name, lines: [pick(r, STREETS[locale]), pick(r, CITIES[locale])] };
}

function makeContent(r: Rand, locale: InvoiceLocale, style: number): Content {
  const lang = LANG_OF[locale];
  const vendor = party(r, locale, false);
  // Vendors without a legal form exist too ("Studio Lumen", a sole trader).
  if (r() < 0.15) vendor.name = `${pick(r, COMPANY_STEMS)} ${pick(r, TRADES[lang])}`;
  const customer = party(r, locale, r() < 0.25);
  if (customer.name === vendor.name)
    customer.name = `${customer.name.split(' ')[0]} ${pick(r, FORMS[locale])}`;
  const shipTo =
    r() < 0.5
      ? party(r, locale, true)
      : { name: customer.name, lines: [pick(r, STREETS[locale]), pick(r, CITIES[locale])] };
  const year = int(r, 2021, 2025);
  const issued = new Date(Date.UTC(year, int(r, 0, 11), int(r, 1, 28)));
  const ordered = new Date(issued.getTime() - int(r, 2, 40) * 86_400_000);
  const due = new Date(issued.getTime() + pick(r, [7, 14, 30, 45, 60]) * 86_400_000);
  const count = int(r, 1, 5);
  const items = Array.from({ length: count }, () => {
    const qty = int(r, 1, 12);
    const unit = round2(pick(r, [1, 1, 10, 100]) * (5 + r() * 95));
    return { text: pick(r, ITEMS[lang]), qty, unit, amount: round2(qty * unit) };
  });
  const subtotal = round2(items.reduce((a, b) => a + b.amount, 0));
  const taxRate = pick(r, TAX_RATE[locale]);
  const tax = round2((subtotal * taxRate) / 100);
  const total = round2(subtotal + tax);
  const l = Object.fromEntries(
    Object.entries(L).map(([k, v]) => [
      k,
      typeof v === 'object' && !Array.isArray(v)
        ? pickLabel(r, (v as Record<InvoiceLang, string[] | string>)[lang])
        : '',
    ]),
  ) as Record<keyof typeof L, string>;
  const number = invoiceNumber(r, lang, year);
  const hasDue = r() < 0.85;
  const dateStyle = int(r, 0, 3);
  return {
    r,
    locale,
    lang,
    style,
    vendor,
    customer,
    shipTo,
    ...(r() < 0.35 ? { attn: pick(r, PEOPLE) } : {}),
    number,
    date: formatDate(issued, locale, dateStyle),
    due: hasDue ? formatDate(due, locale, dateStyle) : null,
    order: formatDate(ordered, locale, dateStyle),
    orderNo: `${int(r, 1000, 99999)}`,
    items,
    subtotal,
    taxRate,
    tax,
    total,
    vatId: {
      en: 'VAT Reg. No. GB 123 4567 89',
      de: 'USt-IdNr.: DE 812 345 678',
      fr: 'TVA intracom. : FR 12 345678901',
      es: 'CIF: B-12345678',
    }[lang],
    iban: 'IBAN: DE89 3704 0044 0532 0130 00',
    truth: {
      invoiceNumber: number,
      invoiceDate: ymd(issued),
      dueDate: hasDue ? ymd(due) : null,
      vendor: vendor.name,
      customer: customer.name,
      subtotal,
      tax,
      total,
      currency: CURRENCY_OF[locale],
      items: items.map((i) => ({
        description: i.text,
        quantity: i.qty,
        unit_price: i.unit,
        amount: i.amount,
      })),
    },
    l,
  };
}

function pickLabel(r: Rand, v: string[] | string): string {
  return typeof v === 'string' ? v : pick(r, v);
}

// ---------------------------------------------------------------------------------------------
// HTML pieces

const m = (c: Content, n: number) => money(n, c.locale, c.style);

function partyHtml(p: Party, attn?: string, bold = true): string {
  const name = bold ? `<b>${esc(p.name)}</b>` : esc(p.name);
  return [name, ...(attn ? [`${attnWord(attn)}`] : []), ...p.lines.map(esc)].join('<br>');
}
const attnWord = (who: string) => `ATTN: ${esc(who)}`;

function metaRows(c: Content, withOrder: boolean): [string, string][] {
  const rows: [string, string][] = [
    [c.l.number, c.number],
    [c.l.date, c.date],
  ];
  if (withOrder) rows.push([c.l.order, c.order]);
  if (c.due) rows.push([c.l.due, c.due]);
  if (c.r() < 0.5) rows.push([c.l.orderNo, c.orderNo]);
  return rows;
}

function metaTable(rows: [string, string][], colon: boolean, align = 'left'): string {
  return `<table class="meta" style="margin-left:${align === 'right' ? 'auto' : '0'}">${rows
    .map(([k, v]) => `<tr><td class="k">${esc(k)}${colon ? ':' : ''}</td><td class="v">${esc(v)}</td></tr>`)
    .join('')}</table>`;
}

function itemsTable(c: Content): string {
  const head = `<tr><th class="l">${esc(c.l.item)}</th><th>${esc(c.l.qty)}</th><th>${esc(c.l.unit)}</th><th>${esc(c.l.amount)}</th></tr>`;
  const rows = c.items
    .map(
      (it) =>
        `<tr><td class="l">${esc(it.text)}</td><td>${it.qty}</td><td>${esc(formatAmount(it.unit, c.locale, c.style))}</td><td>${esc(formatAmount(it.amount, c.locale, c.style))}</td></tr>`,
    )
    .join('');
  return `<table class="items">${head}${rows}</table>`;
}

function totalsRows(c: Content): [string, string][] {
  const rows: [string, string][] = [
    [c.l.subtotal, m(c, c.subtotal)],
    [taxLabel(c.locale, c.taxRate, c.style), m(c, c.tax)],
    [c.l.total, m(c, c.total)],
  ];
  return rows;
}

function totalsTable(c: Content, colon = false): string {
  const rows = totalsRows(c);
  if (c.style % 5 === 4) rows.push([c.l.paid, m(c, 0)]);
  return `<table class="totals">${rows
    .map(
      ([k, v], i) =>
        `<tr${i === 2 ? ' class="grand"' : ''}><td class="k">${esc(k)}${colon ? ':' : ''}</td><td class="v">${esc(v)}</td></tr>`,
    )
    .join('')}</table>`;
}

function totalsLines(c: Content): string {
  return `<div class="tl">${totalsRows(c)
    .map(([k, v], i) => `<p>${i === 2 ? '<b>' : ''}${esc(k)}: ${esc(v)}${i === 2 ? '</b>' : ''}</p>`)
    .join('')}</div>`;
}

function footer(c: Content, withName: boolean): string {
  const parts = [...(withName ? [c.vendor.name] : []), ...c.vendor.lines, c.vatId, c.iban];
  return `<div class="footer">${parts.map(esc).join(' · ')}</div>`;
}

function notes(c: Content): string {
  return `<p class="notes">${esc(pick(c.r, L.thanks[c.lang]))}</p>`;
}

const CSS = (font: string, size: number) => `
body{font-family:${font};font-size:${size}pt;margin:0;color:#111}
.page{padding:40px 48px;position:relative;min-height:960px}
h1{font-size:22pt;margin:0 0 8px;letter-spacing:1px} .vname{font-size:15pt;font-weight:bold}
table{border-collapse:collapse} td,th{padding:2px 6px;vertical-align:top}
table.items{width:100%;margin:18px 0} table.items th{border-bottom:1px solid #333;text-align:right}
table.items td{text-align:right} table.items .l{text-align:left}
table.totals{margin-left:auto} table.totals td.v{text-align:right;padding-left:28px} tr.grand td{font-weight:bold;border-top:1px solid #333}
table.meta td.k{padding-right:18px;color:#333}
.row{display:flex;justify-content:space-between;align-items:flex-start;gap:24px}
.lab{font-weight:bold;text-transform:none;margin-bottom:2px;color:#333}
.footer{position:absolute;bottom:36px;left:48px;right:48px;font-size:7.5pt;border-top:1px solid #999;padding-top:6px;text-align:center}
.sender{font-size:7pt;text-decoration:underline;margin-bottom:4px}
.notes{margin-top:24px;font-size:8.5pt}
.tl p{margin:2px 0;text-align:right}
.strip{width:100%;margin:16px 0} .strip th{text-align:left;border-bottom:1px solid #444;font-size:8.5pt} .strip td{padding-top:4px}
.side{width:170px;font-size:8.5pt;border-right:1px solid #ccc;padding-right:12px}
`;

function page(c: Content, body: string): string {
  const font = pick(c.r, [
    'Helvetica, Arial, sans-serif',
    'DejaVu Sans, sans-serif',
    'Georgia, serif',
    'DejaVu Serif, serif',
    'Liberation Sans, sans-serif',
  ]);
  const size = pick(c.r, [9, 9.5, 10, 10.5]);
  return `<!doctype html><html lang="${c.lang}"><head><meta charset="utf-8"><style>${CSS(font, size)}</style></head><body><div class="page">${body}</div></body></html>`;
}

// ---------------------------------------------------------------------------------------------
// Layouts

function layoutHtml(layout: InvoiceLayout, c: Content): string {
  const title = c.l.title;
  const billTo = `<div><div class="lab">${esc(c.l.billTo)}:</div>${partyHtml(c.customer, c.attn)}</div>`;
  const shipTo = `<div><div class="lab">${esc(c.l.shipTo)}:</div>${partyHtml(c.shipTo)}</div>`;
  const vendorBlock = (align = 'left') =>
    `<div style="text-align:${align}"><div class="vname">${esc(c.vendor.name)}</div>${c.vendor.lines.map(esc).join('<br>')}<br>${esc(c.vatId)}</div>`;
  switch (layout) {
    case 'classic':
      return page(
        c,
        `<div class="row">${vendorBlock()}<div><h1>${title}</h1>${metaTable(metaRows(c, c.r() < 0.5), true)}</div></div>
<div style="margin-top:28px">${billTo}</div>${itemsTable(c)}${totalsTable(c)}${notes(c)}${footer(c, true)}`,
      );
    case 'mirrored':
      return page(
        c,
        `<div class="row"><div><h1>${title}</h1>${metaTable(metaRows(c, c.r() < 0.5), false)}</div>${vendorBlock('right')}</div>
<div class="row" style="margin-top:28px">${billTo}${c.r() < 0.5 ? shipTo : ''}</div>${itemsTable(c)}${totalsTable(c, true)}${notes(c)}`,
      );
    case 'letter': {
      // A business letter: sender line over the addressee window (no label), info block right,
      // a headline "Invoice No. … of …", the vendor's details in the footer.
      const sender = `${c.vendor.name} · ${c.vendor.lines.join(' · ')}`;
      const addressee = `<div style="width:300px"><div class="sender">${esc(sender)}</div>${partyHtml(c.customer, c.attn, false)}</div>`;
      const info = metaTable(
        [
          [c.l.orderNo, c.orderNo],
          [c.l.order, c.order],
          ...(c.due ? [[c.l.due, c.due] as [string, string]] : []),
        ],
        true,
      );
      const head = `${esc(c.l.title === c.l.title.toUpperCase() ? titleCase(c.l.title) : c.l.title)} ${esc(numberWord(c))} ${esc(c.number)} ${L.of[c.lang]} ${esc(c.date)}`;
      return page(
        c,
        `<div style="text-align:right" class="vname">${esc(c.vendor.name)}</div>
<div class="row" style="margin-top:40px">${addressee}${info}</div>
<h2 style="font-size:13pt;margin-top:36px">${head}</h2>${itemsTable(c)}${c.r() < 0.5 ? totalsTable(c) : totalsLines(c)}${notes(c)}${footer(c, true)}`,
      );
    }
    case 'footer-vendor':
      return page(
        c,
        `<h1>${title}</h1>${metaTable(metaRows(c, true), true)}
<div class="row" style="margin-top:24px">${billTo}${shipTo}</div>${itemsTable(c)}${totalsTable(c)}${notes(c)}${footer(c, true)}`,
      );
    case 'strip': {
      const rows = metaRows(c, true);
      const strip = `<table class="strip"><tr>${rows.map(([k]) => `<th>${esc(k)}</th>`).join('')}</tr><tr>${rows.map(([, v]) => `<td>${esc(v)}</td>`).join('')}</tr></table>`;
      return page(
        c,
        `<div class="row">${vendorBlock()}<h1>${title}</h1></div>${strip}<div class="row">${billTo}${c.r() < 0.6 ? shipTo : ''}</div>${itemsTable(c)}${totalsTable(c)}${notes(c)}`,
      );
    }
    case 'stacked': {
      const lines = metaRows(c, c.r() < 0.5)
        .map(([k, v]) => `<p style="margin:2px 0">${esc(k)}: ${esc(v)}</p>`)
        .join('');
      return page(
        c,
        `<h1>${title}</h1>${lines}<div style="margin-top:18px"><div class="lab">${esc(c.l.from)}:</div>${partyHtml(c.vendor)}</div>
<div style="margin-top:14px">${billTo}</div>${itemsTable(c)}${totalsLines(c)}${notes(c)}`,
      );
    }
    case 'parties': {
      const seller = `<div style="border:1px solid #aaa;padding:8px;width:45%"><div class="lab">${esc(c.l.from)}</div>${partyHtml(c.vendor)}<br>${esc(c.vatId)}</div>`;
      const buyer = `<div style="border:1px solid #aaa;padding:8px;width:45%"><div class="lab">${esc(c.l.buyer)}</div>${partyHtml(c.customer, c.attn)}</div>`;
      return page(
        c,
        `<h1 style="text-align:center">${title}</h1>${metaTable(metaRows(c, c.r() < 0.5), true)}<div class="row" style="margin-top:16px">${seller}${buyer}</div>${itemsTable(c)}${totalsTable(c)}`,
      );
    }
    case 'modern': {
      const numberLine = `<div style="font-size:11pt;color:#555">${c.r() < 0.5 ? '#' : 'No. '}${esc(c.number)}</div>`;
      const dates = metaTable(
        [[c.l.date, c.date], ...(c.due ? [[c.l.due, c.due] as [string, string]] : [])],
        false,
      );
      return page(
        c,
        `<div class="row"><div><h1 style="font-size:30pt">${title}</h1>${numberLine}</div>${vendorBlock('right')}</div>
<div class="row" style="margin-top:26px">${billTo}${dates}</div>${itemsTable(c)}${totalsTable(c)}${notes(c)}`,
      );
    }
    case 'lines':
      return page(
        c,
        `<div class="vname">${esc(c.vendor.name)}</div><div>${c.vendor.lines.map(esc).join(', ')}</div>
<h1 style="margin-top:20px">${title}</h1>${metaTable(metaRows(c, true), true)}<div style="margin-top:16px">${billTo}</div>${itemsTable(c)}${totalsLines(c)}${footer(c, false)}`,
      );
    case 'sidebar': {
      const side = `<div class="side"><div class="vname" style="font-size:12pt">${esc(c.vendor.name)}</div>${c.vendor.lines.map(esc).join('<br>')}<br><br>${esc(c.vatId)}<br>${esc(c.iban)}</div>`;
      return page(
        c,
        `<div class="row" style="justify-content:flex-start">${side}<div style="flex:1"><h1>${title}</h1>${metaTable(metaRows(c, c.r() < 0.5), true)}<div style="margin-top:18px">${billTo}</div>${itemsTable(c)}${totalsTable(c)}</div></div>`,
      );
    }
    case 'three-columns':
      return page(
        c,
        `<div class="row">${vendorBlock()}<h1>${title}</h1></div><div class="row" style="margin-top:24px">${billTo}${shipTo}${metaTable(metaRows(c, true), true)}</div>${itemsTable(c)}${totalsTable(c)}${notes(c)}`,
      );
    case 'centred':
      return page(
        c,
        `<div style="text-align:center"><div class="vname" style="font-size:18pt">${esc(c.vendor.name)}</div>${c.vendor.lines.map(esc).join(' – ')}</div>
<h1 style="text-align:center;margin-top:18px">${title}</h1><div class="row">${billTo}${metaTable(metaRows(c, c.r() < 0.5), true, 'right')}</div>${itemsTable(c)}${totalsTable(c)}${footer(c, false)}`,
      );
  }
}

function titleCase(s: string): string {
  return s.charAt(0) + s.slice(1).toLowerCase();
}

function numberWord(c: Content): string {
  return { en: 'No.', de: 'Nr.', fr: 'n°', es: 'nº' }[c.lang];
}

// ---------------------------------------------------------------------------------------------

const LOCALES: InvoiceLocale[] = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'en-IE', 'de-CH', 'de-AT'];

/** `count` generated invoices, every layout and locale in turn, the same for the same seed. */
export function invoiceSpecs(count = 96, seed = 39_2024): InvoiceSpec[] {
  const specs: InvoiceSpec[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng(seed + i * 7919);
    const locale = LOCALES[i % LOCALES.length] as InvoiceLocale;
    const layout = INVOICE_LAYOUTS[
      Math.floor(i / LOCALES.length + i) % INVOICE_LAYOUTS.length
    ] as InvoiceLayout;
    const c = makeContent(r, locale, int(r, 0, 20));
    specs.push({
      id: `inv-${String(i).padStart(3, '0')}-${locale}-${layout}`,
      lang: c.lang,
      locale,
      layout,
      html: layoutHtml(layout, c),
      truth: c.truth,
    });
  }
  return specs;
}

// ---------------------------------------------------------------------------------------------
// Written by hand: one per language, each with its own quirks.

const HAND_CSS = CSS('Helvetica, Arial, sans-serif', 10);
const hand = (lang: InvoiceLang, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${HAND_CSS}</style></head><body><div class="page">${body}</div></body></html>`;

export const HAND_INVOICES: InvoiceSpec[] = [
  {
    id: 'hand-en-attn',
    lang: 'en',
    locale: 'en-US',
    layout: 'hand',
    // The addressee block names a person to attend; an order date sits above the invoice date.
    html: hand(
      'en',
      `<div class="row"><div><h1>INVOICE</h1><div>Invoice # 004211</div></div>
<div style="text-align:right"><b>Redwood Analytics LLC</b><br>901 Mission Street<br>San Francisco, CA 94103<br>billing@redwood.example</div></div>
<div class="row" style="margin-top:30px"><div><div class="lab">BILL TO</div>ATTN: Maria Gomez<br>Harbor Freight Partners Inc.<br>55 Pier Road<br>Oakland, CA 94607</div>
<table class="meta"><tr><td class="k">Order Date</td><td>09/28/2024</td></tr><tr><td class="k">Invoice Date</td><td>10/03/2024</td></tr><tr><td class="k">Terms</td><td>Net 30</td></tr><tr><td class="k">Due Date</td><td>11/02/2024</td></tr></table></div>
<table class="items"><tr><th class="l">Description</th><th>Hours</th><th>Rate</th><th>Amount</th></tr>
<tr><td class="l">Data pipeline audit</td><td>12</td><td>150.00</td><td>1,800.00</td></tr>
<tr><td class="l">Dashboard build</td><td>20</td><td>125.00</td><td>2,500.00</td></tr></table>
<table class="totals"><tr><td>Subtotal</td><td class="v">$4,300.00</td></tr><tr><td>Sales Tax (8.625%)</td><td class="v">$370.88</td></tr>
<tr class="grand"><td>Balance Due</td><td class="v">$4,670.88</td></tr></table>`,
    ),
    truth: {
      invoiceNumber: '004211',
      invoiceDate: '20241003',
      dueDate: '20241102',
      vendor: 'Redwood Analytics LLC',
      customer: 'Harbor Freight Partners Inc.',
      subtotal: 4300,
      tax: 370.88,
      total: 4670.88,
      currency: 'USD',
    },
  },
  {
    id: 'hand-de-vom',
    lang: 'de',
    locale: 'de-DE',
    layout: 'hand',
    // "Rechnung Nr. … vom …" as a headline; Verkäufer / Kunde; the net and the VAT in a list.
    html: hand(
      'de',
      `<div style="text-align:right" class="vname">Elektro Hoffmann GmbH</div>
<div class="row" style="margin-top:30px"><div><div class="lab">Verkäufer</div>Elektro Hoffmann GmbH<br>Werkstraße 9<br>04109 Leipzig</div>
<div><div class="lab">Kunde</div>Bäckerei Schneider KG<br>z. Hd. Herrn Jürgen Schneider<br>Marktplatz 2<br>04109 Leipzig</div></div>
<h2 style="margin-top:28px;font-size:13pt">Rechnung Nr. 2024-0815 vom 14.11.2024</h2>
<p>Lieferdatum: 02.11.2024 · Kundennummer: 10233</p>
<table class="items"><tr><th class="l">Leistung</th><th>Menge</th><th>Einzelpreis</th><th>Gesamt</th></tr>
<tr><td class="l">Austausch Sicherungskasten</td><td>1</td><td>1.240,00</td><td>1.240,00</td></tr>
<tr><td class="l">Arbeitszeit Geselle</td><td>6</td><td>58,50</td><td>351,00</td></tr></table>
<div class="tl"><p>Nettobetrag: 1.591,00 €</p><p>zzgl. 19 % MwSt.: 302,29 €</p><p><b>Gesamtbetrag: 1.893,29 €</b></p></div>
<p>Zahlbar ohne Abzug, fällig am 28.11.2024.</p>
<div class="footer">Elektro Hoffmann GmbH · Werkstraße 9 · 04109 Leipzig · USt-IdNr. DE 298 765 432 · Amtsgericht Leipzig HRB 12345</div>`,
    ),
    truth: {
      invoiceNumber: '2024-0815',
      invoiceDate: '20241114',
      dueDate: '20241128',
      vendor: 'Elektro Hoffmann GmbH',
      customer: 'Bäckerei Schneider KG',
      subtotal: 1591,
      tax: 302.29,
      total: 1893.29,
      currency: 'EUR',
    },
  },
  {
    id: 'hand-fr-ttc',
    lang: 'fr',
    locale: 'fr-FR',
    layout: 'hand',
    // Spaces group the thousands; "Facture n° … du …"; the client named after its label.
    html: hand(
      'fr',
      `<div class="row"><div><div class="vname">Atelier Lumière SARL</div>27 rue des Tanneurs<br>67000 Strasbourg<br>SIRET 812 345 678 00019</div>
<div><h1>FACTURE</h1><div>Facture n° FA-2023-0098 du 7 mars 2023</div><div>Date de commande : 20 février 2023</div><div>Échéance : 6 avril 2023</div></div></div>
<div style="margin-top:26px"><div class="lab">Client :</div>Librairie des Quais SAS<br>12 quai Saint-Michel<br>75005 Paris</div>
<table class="items"><tr><th class="l">Désignation</th><th>Qté</th><th>P.U. HT</th><th>Total HT</th></tr>
<tr><td class="l">Éclairage vitrine LED</td><td>4</td><td>312,50</td><td>1 250,00</td></tr>
<tr><td class="l">Pose et raccordement</td><td>1</td><td>480,00</td><td>480,00</td></tr></table>
<table class="totals"><tr><td>Total HT</td><td class="v">1 730,00 €</td></tr><tr><td>TVA 20 %</td><td class="v">346,00 €</td></tr><tr class="grand"><td>Montant TTC</td><td class="v">2 076,00 €</td></tr></table>`,
    ),
    truth: {
      invoiceNumber: 'FA-2023-0098',
      invoiceDate: '20230307',
      dueDate: '20230406',
      vendor: 'Atelier Lumière SARL',
      customer: 'Librairie des Quais SAS',
      subtotal: 1730,
      tax: 346,
      total: 2076,
      currency: 'EUR',
    },
  },
  {
    id: 'hand-es-iva',
    lang: 'es',
    locale: 'es-ES',
    layout: 'hand',
    html: hand(
      'es',
      `<h1>FACTURA</h1><table class="meta"><tr><td class="k">Nº de factura</td><td>A-000317</td></tr><tr><td class="k">Fecha de pedido</td><td>02/05/2024</td></tr><tr><td class="k">Fecha de emisión</td><td>15/05/2024</td></tr><tr><td class="k">Vencimiento</td><td>14/06/2024</td></tr></table>
<div class="row" style="margin-top:24px"><div><div class="lab">Emisor</div>Reformas Castilla S.L.<br>Calle Toledo 41<br>28005 Madrid<br>CIF B-87654321</div>
<div><div class="lab">Cliente</div>Clínica Dental Sonrisa S.L.P.<br>Avenida de América 10<br>28028 Madrid</div></div>
<table class="items"><tr><th class="l">Concepto</th><th>Cant.</th><th>Precio</th><th>Importe</th></tr>
<tr><td class="l">Pintura sala de espera</td><td>1</td><td>2.150,00</td><td>2.150,00</td></tr>
<tr><td class="l">Material</td><td>1</td><td>389,40</td><td>389,40</td></tr></table>
<table class="totals"><tr><td>Base imponible</td><td class="v">2.539,40 €</td></tr><tr><td>IVA 21%</td><td class="v">533,27 €</td></tr><tr class="grand"><td>Importe total</td><td class="v">3.072,67 €</td></tr></table>`,
    ),
    truth: {
      invoiceNumber: 'A-000317',
      invoiceDate: '20240515',
      dueDate: '20240614',
      vendor: 'Reformas Castilla S.L.',
      customer: 'Clínica Dental Sonrisa S.L.P.',
      subtotal: 2539.4,
      tax: 533.27,
      total: 3072.67,
      currency: 'EUR',
    },
  },
  {
    id: 'hand-en-gb-footer',
    lang: 'en',
    locale: 'en-GB',
    layout: 'hand',
    // The vendor only in the footer; "Invoice to" beside "Deliver to".
    html: hand(
      'en',
      `<h1>Invoice</h1><p>Invoice number: 0000451<br>Tax point / invoice date: 3 June 2024<br>Payment due: 3 July 2024</p>
<div class="row" style="margin-top:20px"><div><div class="lab">Invoice to</div>Marlow &amp; Finch Ltd<br>Attn: Accounts Payable<br>8 Canal Street<br>Nottingham NG1 7EH</div><div><div class="lab">Deliver to</div>Sarah Okafor<br>Marlow &amp; Finch Warehouse<br>Unit 2, Trent Park<br>Nottingham NG2 3AB</div></div>
<table class="items"><tr><th class="l">Item</th><th>Qty</th><th>Price</th><th>Net</th></tr><tr><td class="l">Oak shelving units</td><td>6</td><td>210.00</td><td>1,260.00</td></tr></table>
<table class="totals"><tr><td>Total net</td><td class="v">£1,260.00</td></tr><tr><td>VAT 20%</td><td class="v">£252.00</td></tr><tr class="grand"><td>Total to pay</td><td class="v">£1,512.00</td></tr></table>
<div class="footer">Hartley Joinery Limited · Registered in England No. 08123456 · 41 Mill Lane, Derby DE1 1AA · VAT No. GB 284 1234 56</div>`,
    ),
    truth: {
      invoiceNumber: '0000451',
      invoiceDate: '20240603',
      dueDate: '20240703',
      vendor: 'Hartley Joinery Limited',
      customer: 'Marlow & Finch Ltd',
      subtotal: 1260,
      tax: 252,
      total: 1512,
      currency: 'GBP',
    },
  },
];
