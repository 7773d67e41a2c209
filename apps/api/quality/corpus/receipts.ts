import sharp, { type OverlayOptions } from 'sharp';

/**
 * The receipt and invoice corpus of `pnpm quality` (DESIGN §11): shop receipts, card slips and
 * invoices generated from a seed (many shops, countries, currencies, date formats, label wordings,
 * thermal-print and invoice layouts, fonts), rendered to images with sharp's text renderer (Pango,
 * no browser needed) and then degraded the way scans and phone photos are: blur, noise, rotation
 * up to 5°, low contrast, faded print, JPEG artefacts. Each sample carries the truth.
 */

export type ReceiptKind = 'thermal' | 'invoice' | 'card-slip';
/**
 * 'classic': the first generator's layouts. 'my-gst': Malaysian GST-era till receipts the way real
 * scans look (brand or logo above the legal name, names over two lines, registration number and
 * GST ID under it, long addresses with or without commas, GST summary tables, rounding, dot-matrix
 * and condensed print, faded thermal paper, uneven light, 150 dpi).
 */
export type ReceiptStyle = 'classic' | 'my-gst';

export interface ReceiptTruth {
  company: string;
  address: string;
  /** YYYYMMDD */
  date: string;
  time: string;
  total: number;
  tax: number | null;
  currency: string | null;
  receiptNumber: string;
  cardLastFour: string | null;
  /** The items as printed: each one's description (cut where the paper cut it) and amount. */
  items: PrintedItem[];
}

export interface PrintedItem {
  description: string;
  amount: number;
}

export interface ReceiptSpec {
  id: string;
  kind: ReceiptKind;
  style: ReceiptStyle;
  locale: Locale;
  truth: ReceiptTruth;
  /** Printed lines top to bottom (thermal / card slip), or positioned runs (invoice). */
  layout: Run[];
  pageWidth: number;
  font: string;
  fontSize: number;
  degrade: Degradation;
}

export interface Degradation {
  angle: number;
  blur: number;
  contrast: number;
  noise: number;
  jpegQuality: number;
  ink: string;
  /** Final pixels per point (≈ dpi / 72). */
  scale: number;
  /** Light falling unevenly: a gradient across the slip, or a shadow over part of it. */
  light?: 'gradient' | 'shadow';
  /** Print broken into dots like a dot-matrix or worn thermal head. */
  dots?: boolean;
}

/** A run of text placed at (x, y) in points; `align` right puts its right edge at x. */
export interface Run {
  text: string;
  x: number;
  y: number;
  bold?: boolean;
  size?: number;
  align?: 'left' | 'right' | 'centre';
}

type Locale = 'my' | 'sg' | 'uk' | 'us' | 'de' | 'au';

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
const between = (r: Rand, lo: number, hi: number) => lo + r() * (hi - lo);
const int = (r: Rand, lo: number, hi: number) => Math.floor(between(r, lo, hi + 1));

const NAME_WORDS = [
  'GOLDEN',
  'SUNRISE',
  'MAJU',
  'JAYA',
  'HARMONY',
  'EVERGREEN',
  'PACIFIC',
  'ORCHID',
  'LUCKY',
  'UNITED',
  'RIVERSIDE',
  'HILLTOP',
  'CROWN',
  'EMPIRE',
  'SILVER',
  'PHOENIX',
  'LOTUS',
  'MERIDIAN',
  'ALPINE',
  'CEDAR',
  'BRIGHT',
  'NORTHERN',
  'ROYAL',
  'OCEAN',
  'PRIME',
  'GREENLEAF',
  'STARLIGHT',
  'MAPLE',
  'KENANGA',
  'MUTIARA',
] as const;
const TRADES = [
  'MART',
  'BOOKSTORE',
  'HARDWARE',
  'TRADING',
  'RESTAURANT',
  'BAKERY',
  'STATIONERY',
  'PHARMACY',
  'CAFE',
  'SUPERMARKET',
  'ELECTRICAL',
  'FURNITURE',
  'MINIMARKET',
  'FOOD COURT',
  'HOME DECO',
  'KITCHEN',
] as const;
const SUFFIX: Record<Locale, readonly string[]> = {
  my: ['SDN BHD', 'SDN. BHD.', 'ENTERPRISE', 'TRADING', 'SDN BHD'],
  sg: ['PTE LTD', 'PTE. LTD.'],
  uk: ['LTD', 'LIMITED', 'PLC'],
  us: ['INC', 'INC.', 'LLC', 'CORP'],
  de: ['GMBH', 'GMBH & CO. KG'],
  au: ['PTY LTD'],
};
const STREETS: Record<Locale, readonly string[]> = {
  my: ['JALAN MERDEKA', 'JALAN SAGU', 'JALAN IMPIAN', 'JALAN KENARI', 'JALAN PERMAS', 'JALAN TUN RAZAK'],
  sg: ['ORCHARD ROAD', 'TAMPINES STREET', 'JURONG WEST AVENUE', 'ANG MO KIO AVENUE'],
  uk: ['HIGH STREET', 'STATION ROAD', 'CHURCH LANE', 'MARKET SQUARE', 'VICTORIA ROAD'],
  us: ['MAIN STREET', 'OAK AVENUE', 'PINE STREET', 'MARKET STREET', 'BROADWAY'],
  de: ['HAUPTSTRASSE', 'BAHNHOFSTRASSE', 'MARKTPLATZ', 'SCHULSTRASSE'],
  au: ['GEORGE STREET', 'COLLINS STREET', 'KING STREET'],
};
const TOWNS: Record<Locale, readonly string[]> = {
  my: [
    '81100 JOHOR BAHRU, JOHOR',
    '43000 KAJANG, SELANGOR',
    '50450 KUALA LUMPUR',
    '47301 PETALING JAYA, SELANGOR',
    '10200 GEORGETOWN, PENANG',
  ],
  sg: ['SINGAPORE 238801', 'SINGAPORE 520123', 'SINGAPORE 640456'],
  uk: ['LONDON SW1A 1AA', 'MANCHESTER M1 2AB', 'LEEDS LS1 4DY', 'BRISTOL BS1 5TR'],
  us: [
    'SAN FRANCISCO, CA 94105',
    'AUSTIN, TX 78701',
    'DENVER, CO 80202',
    'PORTLAND, OR 97205',
    'BOSTON, MA 02108',
  ],
  de: ['10115 BERLIN', '80331 MUENCHEN', '50667 KOELN', '20095 HAMBURG'],
  au: ['SYDNEY NSW 2000', 'MELBOURNE VIC 3000', 'BRISBANE QLD 4000'],
};
const CURRENCY: Record<Locale, { code: string; symbol: string; suffix?: boolean; comma?: boolean }> = {
  my: { code: 'MYR', symbol: 'RM' },
  sg: { code: 'SGD', symbol: 'S$' },
  uk: { code: 'GBP', symbol: '£' },
  us: { code: 'USD', symbol: '$' },
  de: { code: 'EUR', symbol: 'EUR', suffix: true, comma: true },
  au: { code: 'AUD', symbol: '$' },
};
const TAX: Record<Locale, { label: string; rate: number; inclusive: boolean }> = {
  my: { label: 'GST 6%', rate: 0.06, inclusive: false },
  sg: { label: 'GST 7%', rate: 0.07, inclusive: false },
  uk: { label: 'VAT 20%', rate: 0.2, inclusive: true },
  us: { label: 'SALES TAX', rate: 0.0825, inclusive: false },
  de: { label: 'MWST 19%', rate: 0.19, inclusive: true },
  au: { label: 'GST', rate: 0.1, inclusive: true },
};
const ITEMS = [
  'MILO 1KG',
  'ROTI GARDENIA',
  'MINERAL WATER 1.5L',
  'A4 PAPER 80GSM',
  'BALL PEN BLUE',
  'EXERCISE BOOK',
  'NASI LEMAK',
  'TEH TARIK',
  'KOPI O',
  'CHICKEN RICE',
  'SCREWDRIVER SET',
  'LED BULB 9W',
  'EXTENSION CORD',
  'PAINT BRUSH 2IN',
  'GLUE STICK',
  'FILE FOLDER',
  'SHAMPOO 400ML',
  'TOOTHPASTE',
  'RICE 5KG',
  'COOKING OIL 2KG',
  'SUGAR 1KG',
  'EGGS GRADE A',
  'DETERGENT 3KG',
  'CABLE TIES',
  'MASKING TAPE',
  'CAPPUCCINO',
  'CROISSANT',
  'SANDWICH',
  'ORANGE JUICE',
  'NOTEBOOK A5',
  'STAPLER',
  'PRINTER INK',
  'USB CABLE',
  'BATTERY AA 4PK',
] as const;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const TOTAL_LABELS: Record<ReceiptKind, readonly string[]> = {
  thermal: ['TOTAL', 'GRAND TOTAL', 'TOTAL AMOUNT', 'NET TOTAL', 'AMOUNT DUE', 'TOTAL DUE', 'Total'],
  'card-slip': ['TOTAL', 'AMOUNT', 'SALE AMOUNT', 'TOTAL AMOUNT'],
  invoice: ['Total', 'Amount Due', 'Total Due', 'Balance Due', 'Grand Total', 'Invoice Total'],
};
const FONTS = [
  'DejaVu Sans Mono',
  'DejaVu Sans Mono',
  'DejaVu Sans Mono Bold',
  'DejaVu Sans Condensed',
  'DejaVu Serif',
];

const pad2 = (n: number) => String(n).padStart(2, '0');

function formatMoney(amount: number, locale: Locale, withSymbol: boolean): string {
  const c = CURRENCY[locale];
  let text = amount.toFixed(2);
  if (c.comma) text = text.replace('.', ',');
  if (!withSymbol) return text;
  return c.suffix ? `${text} ${c.symbol}` : locale === 'my' ? `RM ${text}` : `${c.symbol}${text}`;
}

/** The date as the shop prints it, with the locale's field order. */
function formatDate(r: Rand, y: number, m: number, d: number, locale: Locale): string {
  const yy = pad2(y % 100);
  const mon = MONTHS[m - 1] as string;
  const monTitle = mon.charAt(0) + mon.slice(1).toLowerCase();
  const dayFirst = [
    `${pad2(d)}/${pad2(m)}/${y}`,
    `${pad2(d)}-${pad2(m)}-${yy}`,
    `${pad2(d)}/${pad2(m)}/${yy}`,
    `${y}-${pad2(m)}-${pad2(d)}`,
    `${d} ${monTitle} ${y}`,
    `${pad2(d)}-${mon}-${y}`,
    `${pad2(d)} ${mon} ${y}`,
  ];
  if (locale === 'us') {
    return pick(r, [
      `${pad2(m)}/${pad2(d)}/${y}`,
      `${pad2(m)}/${pad2(d)}/${yy}`,
      `${monTitle} ${d}, ${y}`,
      `${y}-${pad2(m)}-${pad2(d)}`,
    ]);
  }
  if (locale === 'de')
    return pick(r, [
      `${pad2(d)}.${pad2(m)}.${y}`,
      `${pad2(d)}.${pad2(m)}.${yy}`,
      `${y}-${pad2(m)}-${pad2(d)}`,
    ]);
  return pick(r, dayFirst);
}

// ---------------------------------------------------------------------------------------------
// Content

interface Content {
  company: string;
  regNo: string | null;
  addressLines: string[];
  phone: string;
  title: string | null;
  dateText: string;
  time: string;
  receiptLabel: string;
  receiptNumber: string;
  cashier: string;
  items: { name: string; qty: number; unit: number; amount: number }[];
  subtotal: number;
  tax: number;
  taxLabel: string;
  taxInclusive: boolean;
  rounding: number;
  total: number;
  totalLabel: string;
  card: string | null;
  cash: number | null;
}

function makeContent(r: Rand, kind: ReceiptKind, locale: Locale): Content {
  const trade = pick(r, TRADES);
  const words = [pick(r, NAME_WORDS), ...(r() < 0.5 ? [pick(r, NAME_WORDS)] : [])];
  let company = `${[...new Set(words)].join(' ')} ${trade} ${pick(r, SUFFIX[locale])}`;
  if (kind === 'invoice' && r() < 0.6) company = titleCase(company);
  const number = int(r, 1, 299);
  const street = pick(r, STREETS[locale]);
  const town = pick(r, TOWNS[locale]);
  let addressLines: string[];
  if (locale === 'my') {
    const taman = `TAMAN ${pick(r, ['DAYA', 'MOLEK', 'UNIVERSITI', 'SRI GADING', 'MELAWATI'])}`;
    addressLines = [`NO ${number}, ${street} ${int(r, 1, 20)},`, `${taman},`, `${town}.`];
    if (r() < 0.4) addressLines = [`NO ${number}, ${street} ${int(r, 1, 20)}, ${taman},`, `${town}.`];
  } else if (locale === 'de') {
    addressLines = [`${street} ${number}`, town];
  } else {
    addressLines = [`${number} ${street}`, town];
  }
  if (kind === 'invoice' && company !== company.toUpperCase()) addressLines = addressLines.map(titleCase);

  const y = int(r, 2016, 2025);
  const m = int(r, 1, 12);
  const d = int(r, 1, 28);
  const hh = int(r, 8, 21);
  const mi = int(r, 0, 59);
  const time = r() < 0.7 ? `${pad2(hh)}:${pad2(mi)}` : `${pad2(hh)}:${pad2(mi)}:${pad2(int(r, 0, 59))}`;

  const count = kind === 'card-slip' ? 0 : int(r, 2, kind === 'invoice' ? 6 : 8);
  const items = Array.from({ length: count }, () => {
    const qty = r() < 0.6 ? 1 : int(r, 2, 6);
    const unit = Math.round(between(r, 0.8, kind === 'invoice' ? 400 : 60) * 100) / 100;
    return { name: pick(r, ITEMS), qty, unit, amount: Math.round(qty * unit * 100) / 100 };
  });
  const tax = TAX[locale];
  let subtotal = items.reduce((s, i) => s + i.amount, 0);
  if (kind === 'card-slip') subtotal = Math.round(between(r, 5, 900) * 100) / 100;
  subtotal = Math.round(subtotal * 100) / 100;
  const taxAmount =
    Math.round((tax.inclusive ? subtotal - subtotal / (1 + tax.rate) : subtotal * tax.rate) * 100) / 100;
  const gross = Math.round((tax.inclusive ? subtotal : subtotal + taxAmount) * 100) / 100;
  // Malaysian and Singapore cash totals round to 5 sen.
  const rounds = (locale === 'my' || locale === 'sg') && kind === 'thermal';
  const total = rounds ? Math.round(gross * 20) / 20 : gross;
  const rounding = Math.round((total - gross) * 100) / 100;
  const paysByCard = kind === 'card-slip' || r() < 0.35;
  const card = paysByCard ? String(int(r, 1000, 9999)) : null;
  const cash = paysByCard ? null : Math.ceil(total / 10) * 10 + (r() < 0.3 ? 10 : 0);

  return {
    company,
    regNo:
      locale === 'my' && r() < 0.7
        ? `(${int(r, 100000, 999999)}-${pick(r, ['A', 'K', 'P', 'X', 'W'])})`
        : null,
    addressLines,
    phone: `${pick(r, ['TEL', 'Tel', 'PHONE', 'Tel No'])}: ${pick(r, ['03-', '07-', '+44 20 ', '(415) ', '030 '])}${int(r, 1000, 9999)} ${int(r, 1000, 9999)}`,
    title:
      kind === 'invoice'
        ? pick(r, ['INVOICE', 'TAX INVOICE', 'Invoice'])
        : kind === 'card-slip'
          ? pick(r, ['SALE', 'CUSTOMER COPY', 'CARDHOLDER COPY'])
          : r() < 0.5
            ? pick(r, ['TAX INVOICE', 'RECEIPT', 'CASH RECEIPT', 'SIMPLIFIED TAX INVOICE'])
            : null,
    dateText: formatDate(r, y, m, d, locale),
    time: r() < 0.2 ? `${pad2(((hh + 11) % 12) + 1)}:${pad2(mi)} ${hh < 12 ? 'AM' : 'PM'}` : time,
    receiptLabel:
      kind === 'invoice'
        ? pick(r, ['Invoice No', 'Invoice #', 'Invoice Number'])
        : pick(r, ['Receipt No', 'RECEIPT #', 'Bill No', 'Doc No', 'INV NO', 'Trans No']),
    receiptNumber: `${pick(r, ['', 'CS', 'INV', 'R', 'T', 'OR'])}${int(r, 10000, 99999999)}`,
    cashier: pick(r, ['ANNE', 'SITI', 'JOHN', 'MEI LING', 'RAVI', '01', 'KASSE 2']),
    items,
    subtotal,
    tax: taxAmount,
    taxLabel: tax.inclusive ? `${tax.label} INCL.` : tax.label,
    taxInclusive: tax.inclusive,
    rounding,
    total,
    totalLabel: pick(r, TOTAL_LABELS[kind]),
    card,
    cash,
  };
}

function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b([a-z])/g, (c) => c.toUpperCase())
    .replace(/\b(Sdn|Bhd|Ltd|Llc|Inc|Plc|Gmbh|Pte|Pty|Corp|Kg|Co)\b/g, (w) => w.toUpperCase())
    .replace(/\bGMBH\b/g, 'GmbH')
    .replace(/\b(Ca|Tx|Co|Or|Ma|Nsw|Vic|Qld|Sw1a|M1|Ls1|Bs1|1aa|2ab|4dy|5tr)\b/g, (w) => w.toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// Layouts (positions in points; receipts ~ 42 mono characters wide)

function thermalLayout(
  r: Rand,
  c: Content,
  locale: Locale,
  kind: ReceiptKind,
  fontSize: number,
): { runs: Run[]; width: number; items: PrintedItem[] } {
  const charW = fontSize * 0.6;
  const cols = kind === 'card-slip' ? 32 : int(r, 34, 42);
  const printed: PrintedItem[] = [];
  const width = cols * charW + 24;
  const runs: Run[] = [];
  let y = 12;
  const lh = fontSize * 1.35;
  // A line wider than the paper wraps at a space (it used to be dropped, leaving the truth unprinted).
  const centre = (text: string, bold = false) => {
    let rest = text;
    while (rest) {
      let line = rest;
      const cut = line.lastIndexOf(' ', cols - 1);
      if (line.length > cols - 1 && cut > 0) line = line.slice(0, cut);
      rest = rest.slice(line.length).trim();
      runs.push({ text: line, x: width / 2, y, align: 'centre', bold });
      y += lh;
    }
  };
  const left = (text: string) => {
    runs.push({ text, x: 12, y });
    y += lh;
  };
  const pair = (label: string, value: string, bold = false) => {
    runs.push({ text: label, x: 12, y, bold });
    runs.push({ text: value, x: width - 12, y, align: 'right', bold });
    y += lh;
  };
  const rule = () => left('-'.repeat(cols));
  if (r() < 0.3 && c.title) centre(c.title);
  centre(c.company, true);
  if (c.regNo) centre(c.regNo);
  for (const a of c.addressLines) centre(a);
  centre(c.phone);
  if (locale === 'my' && r() < 0.6) centre(`GST ID: ${int(r, 100000, 999999)}${int(r, 100000, 999999)}`);
  y += lh * 0.4;
  if (c.title && !runs.some((x) => x.text === c.title)) centre(c.title, true);
  const dateLabel = pick(r, ['Date', 'DATE', 'Date/Time', 'Tarikh', '']);
  if (dateLabel === '' || r() < 0.35) pair(`${dateLabel ? `${dateLabel}: ` : ''}${c.dateText}`, c.time);
  else {
    pair(`${dateLabel}:`, c.dateText);
    pair('Time:', c.time);
  }
  pair(`${c.receiptLabel}:`, c.receiptNumber);
  if (r() < 0.6) left(`Cashier: ${c.cashier}`);
  rule();
  const money = (n: number) => formatMoney(n, locale, false);
  if (c.items.length) {
    pair('ITEM   QTY', 'AMOUNT');
    rule();
    for (const item of c.items) {
      const name = item.name.length > cols - 16 ? item.name.slice(0, cols - 16) : item.name;
      printed.push({ description: name, amount: item.amount });
      if (item.qty > 1) {
        left(name);
        pair(`  ${item.qty} x ${money(item.unit)}`, money(item.amount));
      } else pair(name, money(item.amount));
    }
    rule();
    pair(
      pick(r, [
        'SUBTOTAL',
        'Sub Total',
        'SUB-TOTAL',
        ...(locale === 'my' || locale === 'sg' ? ['TOTAL SALES (EXCL GST)'] : []),
      ]),
      money(c.subtotal),
    );
    if (!c.taxInclusive) pair(c.taxLabel, money(c.tax));
    if (c.rounding !== 0 || (locale === 'my' && r() < 0.5))
      pair(pick(r, ['ROUNDING', 'Rounding Adj', 'ROUNDING ADJUSTMENT']), money(c.rounding));
  }
  const withSymbol = r() < 0.5;
  pair(c.totalLabel, formatMoney(c.total, locale, withSymbol), true);
  if (c.taxInclusive && c.items.length) pair(`${c.taxLabel}`, money(c.tax));
  if (c.cash !== null) {
    pair('CASH', money(c.cash));
    pair('CHANGE', money(Math.round((c.cash - c.total) * 100) / 100));
  }
  if (c.card) {
    pair(pick(r, ['VISA', 'MASTERCARD', 'CARD']), money(c.total));
    left(pick(r, [`CARD NO: ************${c.card}`, `XXXX XXXX XXXX ${c.card}`, `Card ending ${c.card}`]));
    if (kind === 'card-slip') {
      left(`APPR CODE: ${int(r, 100000, 999999)}`);
      left('SIGNATURE NOT REQUIRED');
    }
  }
  y += lh * 0.5;
  centre(
    pick(r, [
      'THANK YOU',
      'THANK YOU. PLEASE COME AGAIN',
      'GOODS SOLD ARE NOT RETURNABLE',
      'Have a nice day!',
    ]),
  );
  return { runs: runs.map((run) => ({ ...run, size: fontSize })), width: Math.ceil(width), items: printed };
}

function invoiceLayout(
  r: Rand,
  c: Content,
  locale: Locale,
): { runs: Run[]; width: number; items: PrintedItem[] } {
  const width = 520;
  const runs: Run[] = [];
  const printed: PrintedItem[] = [];
  const money = (n: number) => formatMoney(n, locale, false);
  let y = 24;
  runs.push({ text: c.company, x: 32, y, bold: true, size: 15 });
  runs.push({ text: c.title ?? 'INVOICE', x: width - 32, y, align: 'right', bold: true, size: 16 });
  y += 22;
  for (const a of c.addressLines) {
    runs.push({ text: a, x: 32, y, size: 9.5 });
    y += 13;
  }
  runs.push({ text: c.phone, x: 32, y, size: 9.5 });
  const rightLabels: [string, string][] = [
    [`${c.receiptLabel}:`, c.receiptNumber],
    [`${pick(r, ['Invoice Date', 'Date', 'Date of issue'])}:`, c.dateText],
  ];
  if (r() < 0.5) rightLabels.push(['Due Date:', pick(r, ['On receipt', '30 days'])]);
  let ry = 50;
  for (const [label, value] of rightLabels) {
    runs.push({ text: label, x: width - 150, y: ry, size: 9.5, align: 'right' });
    runs.push({ text: value, x: width - 32, y: ry, size: 9.5, align: 'right' });
    ry += 14;
  }
  y = Math.max(y, ry) + 26;
  runs.push({ text: 'Bill To:', x: 32, y, bold: true, size: 9.5 });
  runs.push({
    text: pick(r, ['Acme Holdings', 'J. Smith', 'Northwind Traders', 'Tan Ah Kow']),
    x: 90,
    y,
    size: 9.5,
  });
  y += 26;
  const cols = [32, 300, 380, width - 32];
  runs.push({ text: 'Description', x: cols[0] as number, y, bold: true, size: 9.5 });
  runs.push({ text: 'Qty', x: cols[1] as number, y, bold: true, size: 9.5, align: 'right' });
  runs.push({ text: 'Unit Price', x: (cols[2] as number) + 40, y, bold: true, size: 9.5, align: 'right' });
  runs.push({ text: 'Amount', x: cols[3] as number, y, bold: true, size: 9.5, align: 'right' });
  y += 18;
  for (const item of c.items) {
    runs.push({ text: titleCase(item.name), x: cols[0] as number, y, size: 9.5 });
    printed.push({ description: titleCase(item.name), amount: item.amount });
    runs.push({ text: String(item.qty), x: cols[1] as number, y, size: 9.5, align: 'right' });
    runs.push({ text: money(item.unit), x: (cols[2] as number) + 40, y, size: 9.5, align: 'right' });
    runs.push({ text: money(item.amount), x: cols[3] as number, y, size: 9.5, align: 'right' });
    y += 15;
  }
  y += 12;
  const pair = (label: string, value: string, bold = false) => {
    runs.push({ text: label, x: 380, y, size: 10, bold, align: 'right' });
    runs.push({ text: value, x: width - 32, y, size: 10, bold, align: 'right' });
    y += 16;
  };
  pair('Subtotal', money(c.subtotal));
  pair(c.taxInclusive ? `${c.taxLabel}` : c.taxLabel, money(c.tax));
  pair(c.totalLabel, formatMoney(c.total, locale, true), true);
  y += 20;
  runs.push({
    text: pick(r, [
      'Thank you for your business.',
      'Payment within 30 days.',
      'Please quote the invoice number.',
    ]),
    x: 32,
    y,
    size: 9,
  });
  return { runs, width, items: printed };
}

// ---------------------------------------------------------------------------------------------
// Malaysian GST-era till receipts, as real scans show them

const MY_PREFIX = ['SYARIKAT', 'KEDAI', 'RESTORAN', 'PERNIAGAAN', ''] as const;
const MY_SUFFIX = ['SDN BHD', 'SDN. BHD.', '(M) SDN. BHD.', '(M) SDN BHD', 'ENTERPRISE', 'TRADING', 'S/B'];
const MY_AREAS = [
  'TAMAN DAYA',
  'TAMAN MOLEK',
  'BANDAR BARU BANGI',
  'KAWASAN PERINDUSTRIAN BALAKONG',
  'TAMAN SRI GADING',
  'SEKSYEN 13',
  'PUSAT BANDAR PUCHONG',
];
const MY_TOWNS = [
  ['81100', 'JOHOR BAHRU', 'JOHOR'],
  ['43300', 'SERI KEMBANGAN', 'SELANGOR'],
  ['43000', 'KAJANG', 'SELANGOR'],
  ['47100', 'PUCHONG', 'SELANGOR'],
  ['50450', 'KUALA LUMPUR', 'W.P. KUALA LUMPUR'],
  ['40150', 'SHAH ALAM', 'SELANGOR D.E.'],
  ['14000', 'BUKIT MERTAJAM', 'PULAU PINANG'],
] as const;
const MY_TOTAL_LABELS = [
  'TOTAL',
  'TOTAL (RM)',
  'TOTAL INCL. GST',
  'TOTAL SALES (INCL GST)',
  'NETT TOTAL',
  'GRAND TOTAL',
  'TOTAL AMOUNT',
  'Total Inclusive GST:',
];

interface MyGstReceipt {
  runs: Run[];
  width: number;
  company: string;
  address: string;
  dateText: string;
  time: string;
  total: number;
  tax: number;
  receiptNumber: string;
  card: string | null;
  items: PrintedItem[];
  fontSize: number;
}

/** Splits a long name at a word boundary so that the second line holds at least the suffix. */
function splitName(name: string, suffix: string): [string, string] {
  const head = name.slice(0, name.length - suffix.length).trim();
  const words = head.split(' ');
  if (words.length >= 3 && /^\(/.test(suffix) === false) {
    const cut = Math.ceil(words.length / 2);
    return [words.slice(0, cut).join(' '), `${words.slice(cut).join(' ')} ${suffix}`];
  }
  return [head, suffix];
}

function myGstReceipt(r: Rand): MyGstReceipt {
  const fontSize = Math.round(between(r, 7.5, 9.5) * 2) / 2;
  const charW = fontSize * 0.6;
  const cols = int(r, 36, 46);
  const width = cols * charW + 24;
  const runs: Run[] = [];
  let y = 10;
  const lh = fontSize * 1.3;
  // A line wider than the paper wraps at a space, as a till prints it (the truth joins lines with a space).
  const centre = (text: string, options: { bold?: boolean; size?: number } = {}) => {
    const size = options.size ?? fontSize;
    const fits = Math.floor((cols * fontSize) / size) - 2;
    let rest = text;
    while (rest) {
      let line = rest;
      const cut = line.lastIndexOf(' ', fits);
      if (line.length > fits && cut > 0) line = line.slice(0, cut);
      rest = rest.slice(line.length).trim();
      runs.push({ text: line, x: width / 2, y, align: 'centre', bold: options.bold ?? false, size });
      y += size * 1.3;
    }
  };
  const left = (text: string) => {
    runs.push({ text, x: 10, y, size: fontSize });
    y += lh;
  };
  const pair = (label: string, value: string, bold = false) => {
    runs.push({ text: label, x: 10, y, bold, size: fontSize });
    runs.push({ text: value, x: width - 10, y, align: 'right', bold, size: fontSize });
    y += lh;
  };
  const rule = (ch = '-') => left(ch.repeat(cols));

  const brandWords = [pick(r, NAME_WORDS), ...(r() < 0.6 ? [pick(r, NAME_WORDS)] : [])];
  const brand = [...new Set(brandWords)].join(' ');
  const trade = pick(r, TRADES);
  const prefix = pick(r, MY_PREFIX);
  const suffix = pick(r, MY_SUFFIX);
  const branch = r() < 0.25 ? ` (${pick(r, MY_AREAS)})` : '';
  const company = `${prefix ? `${prefix} ` : ''}${brand} ${trade}${branch} ${suffix}`;

  // Above the name: a logo (drawn as symbols OCR reads as noise), the brand in large type, or nothing.
  const top = r();
  if (top < 0.3) centre(pick(r, ['◆◆◆', '✿ ✿', '▲▼▲', '❖', '☘ ☘ ☘', '⬤⬤']), { size: fontSize * 2.4 });
  else if (top < 0.55) centre(`${brand}${pick(r, ['', ` ${trade}`])}`, { bold: true, size: fontSize * 1.8 });
  if (r() < 0.2) centre(pick(r, ['TAX INVOICE', 'WELCOME']), {});

  const regNo = `${int(r, 100000, 1299999)}-${pick(r, ['A', 'K', 'P', 'X', 'W', 'U', 'D', 'M'])}`;
  const regInline = r() < 0.3;
  const nameLines = company.length > cols - 2 || r() < 0.3 ? splitName(company, suffix) : [company];
  for (const [j, part] of nameLines.entries()) {
    const last = j === nameLines.length - 1;
    centre(last && regInline ? `${part} (${regNo})` : part, { bold: true });
  }
  if (!regInline) centre(pick(r, [`(${regNo})`, `CO. REG: ${regNo}`, `Company No. ${regNo}`]));
  if (r() < 0.7)
    centre(`GST ${pick(r, ['ID', 'REG NO', 'ID NO'])}: 00${int(r, 1000, 9999)}${int(r, 100000, 999999)}`);

  // The address: 2–4 lines, commas at line ends or not, postcode + town + state last.
  const [postcode, town, state] = pick(r, MY_TOWNS);
  const number = pick(r, ['NO', 'NO.', 'LOT', 'NO ']).trim();
  const street = `${pick(r, ['JALAN', 'JLN', 'LORONG', 'PERSIARAN'])} ${pick(r, ['SAGU', 'KPB', 'IMPIAN EMAS', 'PUTERI', 'SETIA INDAH', 'TAMPOI', 'BESAR'])} ${int(r, 1, 20)}${r() < 0.3 ? `/${int(r, 1, 9)}` : ''}`;
  const unit = `${number} ${int(r, 1, 120)}${r() < 0.3 ? `, ${int(r, 1, 120)} & ${int(r, 1, 120)}` : ''}${r() < 0.3 ? `-G` : ''}`;
  const area = pick(r, MY_AREAS);
  const commas = r() < 0.6;
  const c = commas ? ',' : '';
  let addressLines = [
    `${unit}${c} ${street}${c}`,
    `${area}${c}`,
    `${postcode} ${town}${c} ${state}${commas && !state.endsWith('.') ? '.' : ''}`,
  ];
  const addressShape = r();
  if (addressShape < 0.3) addressLines = [`${unit}${c} ${street}${c} ${area}${c}`, addressLines[2] as string];
  else if (addressShape < 0.55)
    addressLines = [
      `${unit}${c}`,
      `${street}${c}`,
      `${area}${c}`,
      `${postcode} ${town}${c}`,
      `${state}${commas && !state.endsWith('.') ? '.' : ''}`,
    ];
  for (const a of addressLines) centre(a);
  const tel = `${pick(r, ['TEL', 'Tel', 'TEL NO', 'H/P'])}: 0${int(r, 3, 9)}-${int(r, 1000, 9999)} ${int(r, 1000, 9999)}`;
  centre(r() < 0.4 ? `${tel}  FAX: 0${int(r, 3, 9)}-${int(r, 1000, 9999)} ${int(r, 1000, 9999)}` : tel);
  y += lh * 0.3;
  centre(pick(r, ['TAX INVOICE', 'SIMPLIFIED TAX INVOICE', 'CASH SALES', 'RECEIPT']), { bold: r() < 0.5 });

  const yr = int(r, 2015, 2018);
  const m = int(r, 1, 12);
  const d = int(r, 1, 28);
  const mon = MONTHS[m - 1] as string;
  const dateText = pick(r, [
    `${pad2(d)}/${pad2(m)}/${yr}`,
    `${pad2(d)}-${pad2(m)}-${pad2(yr % 100)}`,
    `${pad2(d)}/${pad2(m)}/${pad2(yr % 100)}`,
    `${d} ${mon} ${yr}`,
    `${pad2(d)}-${mon}-${yr}`,
    `${pad2(d)}.${pad2(m)}.${yr}`,
  ]);
  const hh = int(r, 8, 22);
  const mi = int(r, 0, 59);
  const time =
    r() < 0.3
      ? `${pad2(((hh + 11) % 12) + 1)}:${pad2(mi)}:${pad2(int(r, 0, 59))} ${hh < 12 ? 'AM' : 'PM'}`
      : `${pad2(hh)}:${pad2(mi)}${r() < 0.5 ? `:${pad2(int(r, 0, 59))}` : ''}`;
  const receiptNumber =
    `${pick(r, ['CS', 'INV', 'OR', 'T', ''])}${pick(r, ['', '-'])}${int(r, 10000, 99999999)}`.replace(
      /^-/,
      '',
    );
  const numberLabel = pick(r, [
    'INVOICE NO',
    'Invoice No',
    'RECEIPT NO',
    'BILL NO',
    'DOC NO',
    'No',
    'CS NO',
    'Receipt #',
  ]);
  const layoutChoice = r();
  if (layoutChoice < 0.35) {
    pair(`${numberLabel}: ${receiptNumber}`, '');
    left(`DATE: ${dateText} ${time}`);
  } else if (layoutChoice < 0.7) {
    pair(`${pick(r, ['Date', 'DATE', 'Tarikh'])} : ${dateText}`, `${pick(r, ['Time', 'TIME'])} : ${time}`);
    pair(
      `${numberLabel} : ${receiptNumber}`,
      `${pick(r, ['Cashier', 'CASHIER', 'Counter'])}: ${int(r, 1, 9)}`,
    );
  } else {
    pair(`${numberLabel}: ${receiptNumber}`, dateText);
    pair(
      `${pick(r, ['CASHIER', 'Salesperson', 'Operator'])}: ${pick(r, ['ANNE', 'SITI', 'MEI LING', 'RAVI', 'ADMIN'])}`,
      time,
    );
  }
  rule(pick(r, ['-', '=', '-']));
  pair(
    pick(r, ['ITEM          QTY  PRICE', 'DESCRIPTION  QTY  U/PRICE', 'Item  Qty  Price']),
    pick(r, ['AMOUNT', 'TOTAL', 'AMT(RM)']),
  );
  rule();

  // Items: long receipts too; a code line above some names; a GST code after each amount.
  const count = r() < 0.25 ? int(r, 12, 24) : int(r, 1, 8);
  let subtotal = 0;
  let qtyTotal = 0;
  const printed: PrintedItem[] = [];
  const gstCoded = r() < 0.7;
  for (let i = 0; i < count; i++) {
    const name = pick(r, ITEMS);
    const qty = r() < 0.6 ? 1 : int(r, 2, 6);
    const unitPrice = Math.round(between(r, 0.8, 80) * 100) / 100;
    const amount = Math.round(qty * unitPrice * 100) / 100;
    subtotal += amount;
    qtyTotal += qty;
    const code = gstCoded ? ` ${pick(r, ['SR', 'SR', 'ZR'])}` : '';
    if (r() < 0.3) left(`${int(r, 100000000, 999999999)}${int(r, 1000, 9999)}`);
    if (r() < 0.5) {
      left(name);
      pair(`  ${qty} x ${unitPrice.toFixed(2)}`, `${amount.toFixed(2)}${code}`);
      printed.push({ description: name, amount });
    } else {
      pair(`${name.slice(0, cols - 18)} ${qty}`, `${amount.toFixed(2)}${code}`);
      printed.push({ description: name.slice(0, cols - 18), amount });
    }
  }
  subtotal = Math.round(subtotal * 100) / 100;
  rule();
  if (r() < 0.6) left(`${pick(r, ['TOTAL QTY', 'Total Qty', 'ITEM(S)', 'No. of Items'])}: ${qtyTotal}`);
  // GST 6 % on top (2015–2018), or prices inclusive of it.
  const inclusive = r() < 0.5;
  const tax = Math.round((inclusive ? subtotal - subtotal / 1.06 : subtotal * 0.06) * 100) / 100;
  const gross = Math.round((inclusive ? subtotal : subtotal + tax) * 100) / 100;
  const total = Math.round(gross * 20) / 20;
  const rounding = Math.round((total - gross) * 100) / 100;
  const withRm = (n: number) => (r() < 0.3 ? `RM${n.toFixed(2)}` : n.toFixed(2));
  if (!inclusive) {
    pair(
      pick(r, ['TOTAL SALES (EXCL GST)', 'Sub Total', 'SUBTOTAL', 'Total Excl. GST']),
      subtotal.toFixed(2),
    );
    pair(pick(r, ['GST @6%', 'GST 6%', 'Total GST', 'GST Payable']), tax.toFixed(2));
  }
  const totalLabel = pick(r, MY_TOTAL_LABELS);
  if (rounding !== 0 || r() < 0.4) {
    const adjLabel = pick(r, ['ROUNDING ADJ', 'Rounding Adjustment', 'ROUNDING', 'Rounding Adj']);
    const shape = r();
    if (shape < 0.5) {
      pair(totalLabel, gross.toFixed(2), true);
      pair(adjLabel, rounding.toFixed(2));
      pair(
        pick(r, ['NETT TOTAL', 'TOTAL AFTER ROUNDING', 'Rounded Total', 'TOTAL PAYABLE', 'NET TOTAL (RM)']),
        withRm(total),
        true,
      );
    } else {
      pair(adjLabel, rounding.toFixed(2));
      pair(totalLabel, withRm(total), true);
    }
  } else pair(totalLabel, withRm(total), true);
  const paysByCard = r() < 0.25;
  const card = paysByCard ? String(int(r, 1000, 9999)) : null;
  if (card) {
    pair(pick(r, ['VISA', 'MASTER', 'CREDIT CARD']), total.toFixed(2));
    left(`CARD NO: ************${card}`);
  } else {
    const cash = Math.ceil(total / 10) * 10 + (r() < 0.3 ? 50 : 0);
    pair(pick(r, ['CASH', 'Cash', 'CASH TENDERED', 'Tendered']), cash.toFixed(2));
    pair(pick(r, ['CHANGE', 'Change', 'CHANGE DUE']), (Math.round((cash - total) * 100) / 100).toFixed(2));
  }
  if (r() < 0.7) {
    rule();
    pair('GST SUMMARY', 'AMOUNT(RM)  TAX(RM)');
    const base = Math.round((gross - tax) * 100) / 100;
    pair('SR @ 6%', `${base.toFixed(2)}     ${tax.toFixed(2)}`);
    if (r() < 0.5) pair('ZR @ 0%', '0.00     0.00');
  }
  y += lh * 0.4;
  centre(pick(r, ['THANK YOU. PLEASE COME AGAIN', 'THANK YOU', 'TERIMA KASIH']));
  if (r() < 0.6)
    centre(
      pick(r, ['GOODS SOLD ARE NOT RETURNABLE', 'GOODS SOLD ARE NOT REFUNDABLE', 'PRICE INCLUSIVE OF GST']),
    );
  // Truth: the name as printed over its lines; the address lines joined with a space as printed.
  return {
    runs,
    width: Math.ceil(width),
    company: nameLines.join(' '),
    address: addressLines.join(' '),
    dateText,
    time,
    total,
    tax,
    receiptNumber,
    card,
    items: printed,
    fontSize,
  };
}

// ---------------------------------------------------------------------------------------------

const LOCALES: readonly Locale[] = ['my', 'my', 'my', 'sg', 'uk', 'us', 'us', 'de', 'au'];

/** `count` receipts, invoices and card slips, the same for the same seed. */
export function receiptSpecs(count = 160, seed = 20_181_225): ReceiptSpec[] {
  const specs: ReceiptSpec[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng(seed + i * 7919);
    const kind: ReceiptKind = i % 5 === 3 ? 'invoice' : i % 9 === 4 ? 'card-slip' : 'thermal';
    if (kind === 'thermal' && (i % 5 === 1 || i % 5 === 2)) {
      specs.push(myGstSpec(r, i));
      continue;
    }
    const locale = pick(r, LOCALES);
    const c = makeContent(r, kind, locale);
    const font =
      kind === 'invoice' ? pick(r, ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Condensed']) : pick(r, FONTS);
    const fontSize = kind === 'invoice' ? 10 : Math.round(between(r, 8, 10) * 2) / 2;
    const { runs, width, items } =
      kind === 'invoice' ? invoiceLayout(r, c, locale) : thermalLayout(r, c, locale, kind, fontSize);
    // The address as printed: its lines joined with a space, the printed commas kept.
    const address = c.addressLines.join(' ');
    specs.push({
      id: `receipt-${String(i + 1).padStart(3, '0')}`,
      kind,
      style: 'classic',
      locale,
      layout: runs,
      pageWidth: width,
      font,
      fontSize,
      truth: {
        company: c.company,
        address,
        date: dateTruth(c.dateText, locale),
        time: c.time,
        total: c.total,
        tax: c.items.length ? c.tax : null,
        // Only what the receipt prints can be read from it.
        currency: runs.some((run) => run.text.includes(CURRENCY[locale].symbol))
          ? CURRENCY[locale].code
          : null,
        receiptNumber: c.receiptNumber,
        // Invoices do not print how they were paid.
        cardLastFour: kind === 'invoice' ? null : c.card,
        items,
      },
      degrade: {
        angle: r() < 0.7 ? between(r, -5, 5) : 0,
        blur: r() < 0.6 ? between(r, 0.3, 0.9) : 0,
        contrast: r() < 0.4 ? between(r, 0.45, 0.8) : 1,
        noise: r() < 0.5 ? between(r, 0.0005, 0.004) : 0,
        jpegQuality: int(r, 35, 85),
        ink: kind === 'invoice' ? '#111111' : pick(r, ['#000000', '#222222', '#3a3a3a', '#555555']),
        // ≈ 150–220 dpi
        scale: between(r, 2.1, 3.0),
      },
    });
  }
  return specs;
}

const MY_GST_FONTS = [
  'DejaVu Sans Mono',
  'Liberation Mono',
  'DejaVu Sans Condensed',
  'Liberation Sans Narrow',
  'DejaVu Sans Mono Bold',
  'DejaVu Sans',
];

function myGstSpec(r: Rand, i: number): ReceiptSpec {
  const receipt = myGstReceipt(r);
  const faded = r() < 0.45;
  return {
    id: `receipt-${String(i + 1).padStart(3, '0')}`,
    kind: 'thermal',
    style: 'my-gst',
    locale: 'my',
    layout: receipt.runs,
    pageWidth: receipt.width,
    font: pick(r, MY_GST_FONTS),
    fontSize: receipt.fontSize,
    truth: {
      company: receipt.company,
      address: receipt.address,
      date: dateTruth(receipt.dateText.replace(/^(\d{2})\.(\d{2})\./, '$1/$2/'), 'my'),
      time: receipt.time,
      total: receipt.total,
      tax: receipt.tax,
      currency: 'MYR',
      receiptNumber: receipt.receiptNumber,
      cardLastFour: receipt.card,
      items: receipt.items,
    },
    degrade: {
      angle: r() < 0.6 ? between(r, -3, 3) : 0,
      blur: r() < 0.5 ? between(r, 0.3, 0.8) : 0,
      contrast: faded ? between(r, 0.45, 0.75) : r() < 0.3 ? between(r, 0.7, 0.9) : 1,
      noise: r() < 0.5 ? between(r, 0.0005, 0.003) : 0,
      jpegQuality: int(r, 40, 85),
      ink: faded ? pick(r, ['#5a5a5a', '#6e6e6e', '#7a7a7a']) : pick(r, ['#000000', '#202020', '#333333']),
      // ≈ 150–180 dpi, what a shop receipt scanned for expenses usually is.
      scale: between(r, 2.05, 2.5),
      ...(r() < 0.5 ? { light: r() < 0.5 ? ('gradient' as const) : ('shadow' as const) } : {}),
      ...(r() < 0.25 ? { dots: true } : {}),
    },
  };
}

function dateTruth(text: string, locale: Locale): string {
  const months = MONTHS.map((m) => m.toLowerCase());
  const lower = text.toLowerCase();
  let y = 0;
  let m = 0;
  let d = 0;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(lower);
  const num = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(lower);
  const named = /(\d{1,2})?[ -]?([a-z]{3})[a-z]*[ -]?(\d{1,2})?,?[ -](\d{4})/.exec(lower);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (num) {
    const a = Number(num[1]);
    const b = Number(num[2]);
    y = Number(num[3]);
    if (y < 100) y += 2000;
    [m, d] = locale === 'us' ? [a, b] : [b, a];
  } else if (named) {
    m = months.indexOf(named[2] as string) + 1;
    d = Number(named[1] ?? named[3]);
    y = Number(named[4]);
  }
  return `${y}${pad2(m)}${pad2(d)}`;
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Renders a spec to degraded JPEG bytes, as a scanner or a phone would give it. */
export async function renderReceipt(spec: ReceiptSpec): Promise<Buffer> {
  const { degrade } = spec;
  const s = degrade.scale;
  const dpi = Math.round(72 * s);
  const height = Math.ceil((Math.max(...spec.layout.map((run) => run.y)) + 40) * s);
  const width = Math.ceil(spec.pageWidth * s);
  const composites: OverlayOptions[] = [];
  for (const run of spec.layout) {
    if (!run.text.trim()) continue;
    const markup = `<span foreground="${degrade.ink}">${escapeMarkup(run.text)}</span>`;
    const draw = (size: number) =>
      sharp({
        text: {
          text: markup,
          font: `${spec.font}${run.bold && !spec.font.includes('Bold') ? ' Bold' : ''} ${size}`,
          dpi,
          rgba: true,
        },
      })
        .png()
        .toBuffer({ resolveWithObject: true });
    const size = run.size ?? spec.fontSize;
    let rendered = await draw(size);
    // A line wider than the paper is printed smaller, as a till condenses it (it used to be left
    // out, and its text was in the truth but not on the page).
    if (rendered.info.width > width) rendered = await draw((size * width * 0.97) / rendered.info.width);
    const w = rendered.info.width;
    let left = Math.round(run.x * s);
    if (run.align === 'right') left -= w;
    if (run.align === 'centre') left -= Math.round(w / 2);
    left = Math.max(0, Math.min(width - w, left));
    const top = Math.max(0, Math.round(run.y * s));
    if (w > width || top + rendered.info.height > height) continue;
    composites.push({ input: rendered.data, left, top });
  }
  const paper = spec.kind === 'invoice' ? '#ffffff' : '#fbfaf5';
  let image = sharp({ create: { width, height, channels: 3, background: paper } }).composite(composites);
  let bytes: Buffer = await image.png().toBuffer();
  if (degrade.dots) bytes = await dotMatrix(bytes, width, height);
  if (degrade.noise > 0) bytes = await addSpecks(bytes, width, height, degrade.noise, spec.id);
  if (degrade.light) bytes = await unevenLight(bytes, width, height, degrade.light);
  image = sharp(bytes);
  if (degrade.angle !== 0) image = image.rotate(degrade.angle, { background: paper });
  if (degrade.blur > 0) image = image.blur(degrade.blur);
  if (degrade.contrast < 1) image = image.linear(degrade.contrast, 255 * (1 - degrade.contrast) * 0.85);
  return image.jpeg({ quality: degrade.jpegQuality }).toBuffer();
}

/** Strokes broken into dots: every fourth row and column of pixels is paper. */
async function dotMatrix(png: Buffer, width: number, height: number): Promise<Buffer> {
  const mask = Buffer.alloc(width * height * 4, 0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const gap = y % 4 === 3 || x % 4 === 3;
      mask[p] = mask[p + 1] = mask[p + 2] = gap ? 255 : 0;
      mask[p + 3] = 255;
    }
  return sharp(png)
    .composite([{ input: mask, raw: { width, height, channels: 4 }, blend: 'lighten' }])
    .png()
    .toBuffer();
}

/** Light falling unevenly on the slip: darker towards one side, or a soft shadow over a corner. */
async function unevenLight(
  png: Buffer,
  width: number,
  height: number,
  kind: 'gradient' | 'shadow',
): Promise<Buffer> {
  const svg =
    kind === 'gradient'
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#8c8c8c"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="g" cx="0.15" cy="0.3" r="0.6"><stop offset="0" stop-color="#7a7a7a"/><stop offset="1" stop-color="#ffffff"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(png)
    .composite([{ input: Buffer.from(svg), blend: 'multiply' }])
    .png()
    .toBuffer();
}

/** Dark and light specks (dust, thermal paper grain), seeded by the sample id. */
async function addSpecks(
  png: Buffer,
  width: number,
  height: number,
  density: number,
  id: string,
): Promise<Buffer> {
  const r = rng([...id].reduce((h, ch) => h * 31 + ch.charCodeAt(0), 7));
  const noise = Buffer.alloc(width * height * 4, 0);
  const count = Math.floor(width * height * density);
  for (let i = 0; i < count; i++) {
    const p = Math.floor(r() * width * height) * 4;
    const dark = r() < 0.6;
    noise[p] = noise[p + 1] = noise[p + 2] = dark ? int(r, 40, 140) : 255;
    noise[p + 3] = 255;
  }
  return sharp(png)
    .composite([{ input: noise, raw: { width, height, channels: 4 } }])
    .png()
    .toBuffer();
}
