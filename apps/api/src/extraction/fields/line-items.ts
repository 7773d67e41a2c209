import type { ColumnSpec, FieldSpec, ItemAnchor } from '@sieve/contracts';
import { CURRENCY_ALONE } from '../lexicon/currencies';
import { invoiceLabelOf } from '../lexicon/invoice-labels';
import {
  ITEM_LIST_END,
  isItemTaxCode,
  type LineItemRole,
  lineItemRole,
  productSize,
  splitGluedTaxCode,
} from '../lexicon/line-item-columns';
import { type Box, cellAt, type LayoutTable, roundBox, unionBox } from '../model/layout';
import { formatLocation } from '../model/location';
import type { ExtractedDocument, ExtractedItem } from '../model/types';
import {
  letterCount,
  linesOf,
  type Money,
  moneyIn,
  parseAmount,
  type RLine,
  type RWord,
  resegment,
  toWord,
} from '../receipts/receipt-lines';
import { columnHeaderPath } from '../tables/table-builder';
import { typedValue } from './typed-value';

/**
 * Line items (DESIGN §13): an invoice's or receipt's items as rows keyed by the requested
 * columns, each row with the box it sits in and each cell with its confidence. Read from the
 * layout model's item table when there is one (headed Description / Qty / Price / Amount in
 * the invoice reader's languages), else from a receipt's lines (words, then the amount).
 */

export type LineItemRow = Record<string, unknown> & {
  anchor?: ItemAnchor;
  confidence: Record<string, number>;
};

/** A row as it is sent: its cells in column order, then its box and its cells' confidence. */
function finished(row: LineItemRow, columns: ColumnSpec[]): LineItemRow {
  const out: Record<string, unknown> = {};
  for (const column of columns) out[column.name] = row[column.name] ?? null;
  if (row.anchor) out.anchor = row.anchor;
  out.confidence = row.confidence;
  return out as LineItemRow;
}

/** How sure a cell read from a headed table is, and one read from a receipt line. */
const TABLE_CELL_CONFIDENCE = 0.93;
const LINE_CELL_CONFIDENCE = 0.85;
/** A whole list's confidence: the weakest of its rows' cells, held below this. */
const LIST_CEILING = 0.94;

/** The role a requested column plays: from its name, else its description. */
function roleOf(column: ColumnSpec): LineItemRole | undefined {
  return lineItemRole(column.name) ?? (column.description ? lineItemRole(column.description) : undefined);
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();

/** Which table column each requested column reads: by role, else by the heading spelling the name. */
function mapColumns(table: LayoutTable, columns: ColumnSpec[]): Map<string, number> {
  const headings = Array.from({ length: table.columnCount }, (_, c) => columnHeaderPath(table, c).join(' '));
  const roles = headings.map((h) => lineItemRole(h));
  const used = new Set<number>();
  const mapped = new Map<string, number>();
  for (const column of columns) {
    const named = headings.findIndex((h, c) => !used.has(c) && h !== '' && fold(h) === fold(column.name));
    const role = roleOf(column);
    const byRole = role ? roles.findIndex((r, c) => !used.has(c) && r === role) : -1;
    const at = named >= 0 ? named : byRole;
    if (at >= 0) {
      mapped.set(column.name, at);
      used.add(at);
    }
  }
  return mapped;
}

/** The invoice labels whose row closes an item list: "Netto", "USt. 7 %", "Gesamtbetrag", "Bereits bezahlt". */
const AMOUNT_LABELS = new Set(['subtotal', 'tax', 'total', 'other_amount']);

/** A cell or a line's first segment that closes an item list: a total, a tax, a payment. */
function closesItemList(text: string): boolean {
  const label = invoiceLabelOf(text)?.label;
  return ITEM_LIST_END.test(text) || (label !== undefined && AMOUNT_LABELS.has(label));
}

function isTotalRow(table: LayoutTable, row: number): boolean {
  if (table.rowLabels[row]?.isTotal) return true;
  for (let c = 0; c < table.columnCount; c++) {
    const text = cellAt(table, row, c)?.text.trim() ?? '';
    if (text && closesItemList(text)) return true;
  }
  return false;
}

function rowsFromTable(
  table: LayoutTable,
  columns: ColumnSpec[],
  mapped: Map<string, number>,
): LineItemRow[] {
  const rows: LineItemRow[] = [];
  for (let r = table.headerRows; r < table.rowCount; r++) {
    if (isTotalRow(table, r)) {
      // Totals close the list; anything after them is not an item.
      if (rows.length) break;
      continue;
    }
    const row: LineItemRow = { confidence: {} };
    const boxes: Box[] = [];
    let filled = 0;
    for (const column of columns) {
      const at = mapped.get(column.name);
      const cell = at === undefined ? undefined : cellAt(table, r, at);
      const text = cell?.text.trim() ?? '';
      const value = text ? typedValue(column.type, text, text) : null;
      row[column.name] = value;
      row.confidence[column.name] =
        value === null ? 0 : Math.min(TABLE_CELL_CONFIDENCE, cell?.confidence ?? 1);
      if (value !== null) filled++;
      if (cell?.box && text) boxes.push(cell.box);
    }
    if (filled === 0) continue;
    // A row with no figure at all is a wrapped description: it belongs to the row above.
    const hasFigure = columns.some((c) => typeof row[c.name] === 'number');
    const previous = rows.at(-1);
    const description = columns.find((c) => roleOf(c) === 'description' || c.type === 'text');
    if (!hasFigure && previous && description && typeof row[description.name] === 'string') {
      const before = previous[description.name];
      previous[description.name] =
        typeof before === 'string' ? `${before} ${row[description.name]}` : row[description.name];
      if (previous.anchor && boxes.length)
        previous.anchor.box = roundBox(unionBox([previous.anchor.box as Box, ...boxes]));
      continue;
    }
    if (boxes.length) row.anchor = { page: table.page, box: roundBox(unionBox(boxes)), row: r + 1 };
    rows.push(row);
  }
  return rows;
}

/** The item table that heads the most requested columns (two at least, one of them a figure). */
function bestTable(doc: ExtractedDocument, columns: ColumnSpec[]) {
  let best: { table: LayoutTable; mapped: Map<string, number> } | undefined;
  for (const page of doc.layout ?? []) {
    for (const table of page.tables) {
      if (table.headerRows === 0) continue;
      const mapped = mapColumns(table, columns);
      const figures = columns.filter(
        (c) => mapped.has(c.name) && ['money', 'number', 'percent'].includes(c.type),
      ).length;
      if (mapped.size < 2 || figures === 0) continue;
      if (!best || mapped.size > best.mapped.size) best = { table, mapped };
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Receipt lines

/** A count before a description: "2 Flat white", "2x Flat white", "3 pcs Soap". */
const QTY_LEAD = /^(\d{1,3})\s*(?:x|×|@|pcs?|ea)?$/i;
/**
 * The times sign between a count and a price, as printed ("x", "×", "@") and as OCR reads a bold or
 * smudged one ("xX", "X'").
 */
const TIMES = /^(?:[x×]{1,2}|@)['’`.,:;]?$/i;
/** The count before a times sign: OCR reads a till's 5 as "S" (or "S$") and its 1 as "I", "l" or "|". */
const COUNT = /^(?:\d{1,3}|[SIl|]\$?)$/;
const countValue = (text: string) => Number(text.replace(/\$$/, '').replace('S', '5').replace(/[Il|]/, '1'));
/** A till's second line of an item: "6 x 36.28   217.68", "1x76.48 76.48 SR", "2 @ 3.50 7.00". */
const QTY_BY_PRICE = /^\s*(\d{1,3})\s*[x×@]\s*\d/i;
/** A cell worked out from others (count × unit price) keeps this share of a read one's confidence. */
const WORKED_OUT = 0.85;
/** A bare count closing a description printed under a QTY heading: "PAINT BRUSH 2IN 4". */
const TRAILING_COUNT = /^\d{1,3}$/;
/** A product code on a line of its own (an EAN above a name): neither a description nor an amount. */
const CODE_LINE = /^\s*\d{8,14}\s*$/;
/** A speck read as a word ("|", "I", "—"): before a count, no name. */
const SPECK_WORD = /^(?:[^\p{L}\p{N}]+|[Il|!])$/u;

/**
 * The words of a line before its first figure: an item's description, its count, and whether the
 * count and its times sign stand just before the figure ("EGGS GRADE A 4 x 18.43", "S$ x 61.32"),
 * which makes that figure the unit price.
 */
function describe(lead: RWord[]): { quantity: number | null; words: RWord[]; priced: boolean } {
  const n = lead.length;
  const count = lead[n - 2]?.text ?? '';
  if (n >= 2 && COUNT.test(count) && TIMES.test(lead[n - 1]?.text ?? '')) {
    // Specks before the count of a figures line ("I 1x 14.75") are no name.
    const words = lead.slice(0, -2);
    return {
      quantity: countValue(count),
      words: words.every((w) => SPECK_WORD.test(w.text)) ? [] : words,
      priced: true,
    };
  }
  const first = lead[0]?.text ?? '';
  if (n > 1 && QTY_LEAD.test(first)) {
    const start = TIMES.test(lead[1]?.text ?? '') ? 2 : 1;
    return { quantity: Number(/^\d+/.exec(first)?.[0]), words: lead.slice(start), priced: false };
  }
  return { quantity: null, words: lead, priced: false };
}

/**
 * An item's name from its words. A lone "0" after a word is the letter O that OCR read as a digit
 * ("KOPI 0" for KOPI O, "TEH 0"): no count is nought, and a count does not sit inside a name. The
 * other way round, a size's zero read as the letter O ("8OGSM") is a zero again.
 */
function itemName(words: RWord[]): string {
  return words
    .map((w, i) =>
      w.text === '0' && i > 0 && /^\p{L}+$/u.test(words[i - 1]?.text ?? '') ? 'O' : productSize(w.text),
    )
    .join(' ')
    .trim();
}

/** A word cut into pieces, each with its share of the word's box. */
function pieces(word: RWord, parts: string[]): RWord[] {
  const length = parts.join('').length;
  let at = 0;
  return parts.map((text) => {
    const piece: RWord = { text };
    if (word.box) {
      const [x0, y0, x1, y1] = word.box;
      const w = x1 - x0;
      piece.box = [x0 + (w * at) / length, y0, x0 + (w * (at + text.length)) / length, y1];
    }
    if (word.confidence !== undefined) piece.confidence = word.confidence;
    at += text.length;
    return piece;
  });
}

/**
 * A till's words with what OCR glued together parted again: a count, its times sign and the price
 * ("1x57.90", "Sx10.27", "4x"), and an amount and its tax code ("10.17SR").
 */
function tillWords(words: RWord[]): RWord[] {
  return words.flatMap((word) => {
    const counted = /^(\d{1,3}|[SIl])([x×X])(\d\S*)$/.exec(word.text) ?? /^(\d{1,3})([x×])$/.exec(word.text);
    if (counted)
      return pieces(
        word,
        counted.slice(1).filter((p): p is string => Boolean(p)),
      );
    const coded = splitGluedTaxCode(word.text);
    return coded ? pieces(word, coded) : [word];
  });
}

/**
 * "3 087,44" and "4'712.40": an amount whose digit groups are split by a thin space or an
 * apostrophe is one word again. Only inside a segment: a wide gap parts two columns.
 */
function joinDigitGroups(segment: RWord[]): RWord[] {
  const out: RWord[] = [];
  for (const word of segment) {
    const text = word.text.replace(/(\d)['’](?=\d{3}\b)/g, '$1');
    const prev = out.at(-1);
    if (prev && /^[-(]?\d{1,3}$/.test(prev.text) && /^\d{3}(?:[.,]\d{2})?\)?$/.test(text)) {
      const merged: RWord = { ...prev, text: `${prev.text} ${text}` };
      if (prev.box && word.box) merged.box = unionBox([prev.box, word.box]);
      out[out.length - 1] = merged;
    } else out.push(text === word.text ? word : { ...word, text });
  }
  return out;
}

/** How sure OCR was of a figure's words (1 for text read from a text layer). */
const moneyConfidence = (money: Money) => Math.min(...money.words.map((w) => w.confidence ?? 1));

/**
 * The amount of a line that prints its count, its unit price and its amount ("3x 35.71  187.13")
 * when the three disagree: OCR misread a digit of the price or of the amount. The count times the
 * price wins when it differs from the amount read in a digit or two, not in size, and OCR was
 * surer of the price than of the amount.
 */
function surerAmount(quantity: number, price: Money, amount: Money): number {
  const product = (Math.round(quantity * price.value * 100) / 100).toFixed(2);
  const read = amount.value.toFixed(2);
  if (product === read || product.length !== read.length) return amount.value;
  const differing = [...product].filter((c, i) => c !== read[i]).length;
  const surer = moneyConfidence(price) > moneyConfidence(amount);
  return differing <= 2 && surer ? Number(product) : amount.value;
}

/** A figure whose decimal point OCR lost: "4564" for 45.64, "237" for 2.37. */
const POINTLESS = /^\d{3,6}$/;
const WITH_CENTS = /\d[.,]\d{2}$/;

/**
 * On an OCR'd till whose items print cents, an amount read without its decimal point ("STAPLER 1
 * 237", "4564 SR") gets it back: the line's last figure when it is a bare run of digits standing
 * in a column of its own (a segment apart from the name) or before the item's tax code.
 */
function restorePoint(segments: RWord[][]): RWord[][] {
  const words = segments.flat();
  let at = words.length - 1;
  while (at > 0 && isItemTaxCode(words[at]?.text ?? '')) at--;
  const word = words[at];
  if (!word || !POINTLESS.test(word.text)) return segments;
  const coded = at < words.length - 1;
  const apart = segments.length > 1 && segments.slice(1).some((s) => s[0] === word);
  if (!coded && !apart) return segments;
  const fixed: RWord = { ...word, text: `${word.text.slice(0, -2)}.${word.text.slice(-2)}` };
  // A count and a price printed before it must agree: "2 x 38.56  112" is a misread 77.12, not 1.12.
  const times = words.findIndex(
    (w, i) => i > 0 && TIMES.test(w.text) && COUNT.test(words[i - 1]?.text ?? ''),
  );
  const price = times > 0 ? parseAmount(words[times + 1]?.text ?? '')?.value : undefined;
  const count = countValue(words[times - 1]?.text ?? '');
  if (price !== undefined && Math.abs(count * price - Number(fixed.text)) > 0.005) return segments;
  return segments.map((s) => s.map((w) => (w === word ? fixed : w)));
}

function rowsFromLines(
  lines: RLine[],
  columns: ColumnSpec[],
  ocr = false,
): { rows: LineItemRow[]; lines: RLine[] } {
  const roles = new Map(columns.map((c) => [c.name, roleOf(c)]));
  // Items sit between the heading line (if any) and the first total.
  // A heading names two columns by its segments, or (before any figure) by its words: OCR may read
  // "DESCRIPTION QTY" as one segment.
  const firstFigure = lines.findIndex((l) => moneyIn(l.words).length > 0);
  const wordRoles = (l: RLine) => new Set(l.words.map((w) => lineItemRole(w.text)).filter(Boolean));
  const headed = lines.findIndex(
    (l, i) =>
      l.segments.filter((s) => lineItemRole(s.map((w) => w.text).join(' '))).length >= 2 ||
      ((firstFigure < 0 || i < firstFigure) && wordRoles(l).size >= 2),
  );
  // "ITEM  QTY  AMOUNT": a count may close a description, in the heading's quantity column.
  const countColumn = headed >= 0 && wordRoles(lines[headed] as RLine).has('quantity');
  // Amounts OCR read without their point are restored only where the list prints cents.
  const items = lines.slice(headed + 1);
  const printsCents = items.filter((l) => l.words.some((w) => WITH_CENTS.test(w.text))).length >= 2;
  const rows: LineItemRow[] = [];
  const used: RLine[] = [];
  // A description printed alone, waiting for its figures on the next line (a till's two-line item).
  let pending: { line: RLine; words: RWord[] } | undefined;
  for (const line of items) {
    // The words before the line's first figure, less a currency printed before it: "Netto" of
    // "Netto  CHF 620.60", "USt." of "USt. 7 %   16,99 €".
    const leadWords = (/^[^\d]*/.exec(line.text)?.[0].trim() ?? '').split(/\s+/);
    while (leadWords.length > 1 && CURRENCY_ALONE.test(leadWords.at(-1) as string)) leadWords.pop();
    const label = leadWords.join(' ');
    if (ITEM_LIST_END.test(line.text.trim()) || (label !== '' && closesItemList(label))) {
      if (rows.length) break;
      pending = undefined;
      continue;
    }
    if (CODE_LINE.test(line.text)) continue;
    const segments = line.segments.map((segment) => tillWords(joinDigitGroups(segment)));
    const lineWords = (ocr && printsCents ? restorePoint(segments) : segments).flat();
    const money = moneyIn(lineWords);
    if (money.length === 0) {
      pending = letterCount(line.text) >= 2 ? { line, words: lineWords } : undefined;
      continue;
    }
    const firstMoney = money[0]?.index ?? 0;
    // "EGGS GRADE A 4 x 18.43 73.72": the words before the first figure end in its count and "x".
    // With no amount after the figure ("5 x 23.51", the amount lost or not printed), the figure is
    // the unit price and the amount the count times it.
    const lead = describe(lineWords.slice(0, firstMoney));
    let { quantity, words } = lead;
    const anchorWords = [...lineWords];
    if (letterCount(itemName(words)) < 2) {
      // "MINERAL WATER 1.5L" / "6 x 36.28   217.68": the figures' line takes the name above it.
      const byPrice = QTY_BY_PRICE.exec(line.text);
      // A times sign glued into OCR'd figures ("1.x773:21") is still a sign, not a letter.
      const figuresOnly =
        letterCount(line.text.replace(/\b(?:[x×@]|SR|ZR|[A-Z])\b|(?<=[\d.,:])[x×](?=[\d.,:])/gi, '')) === 0;
      // "4 xX 20.22  80.88", "S$ x 61.32  306.60": a count and its sign as OCR read them.
      const countedOnly = lead.priced && words.length === 0;
      if (!pending || !(byPrice || figuresOnly || countedOnly)) {
        pending = undefined;
        continue;
      }
      words = pending.words;
      if (!lead.priced && byPrice) quantity = Number(byPrice[1]);
      anchorWords.unshift(...pending.words);
    } else if (countColumn && quantity === null && words.length > 1) {
      const last = words.at(-1) as RWord;
      if (TRAILING_COUNT.test(last.text) && Number(last.text) > 0) {
        quantity = Number(last.text);
        words = words.slice(0, -1);
      }
    }
    pending = undefined;
    const text = itemName(words);
    const priceOnly = lead.priced && money.length === 1 && quantity !== null;
    const last = money.at(-1)?.value ?? null;
    const amount =
      priceOnly && last !== null
        ? Math.round((quantity as number) * last * 100) / 100
        : lead.priced && quantity !== null && money.length > 1
          ? surerAmount(quantity, money[0] as Money, money.at(-1) as Money)
          : last;
    const unit =
      money.length > 1
        ? (money.at(-2)?.value ?? null)
        : priceOnly
          ? last
          : quantity && amount !== null
            ? amount / quantity
            : null;
    const wordConfidence = (ws: RWord[]) => {
      const cs = ws.map((w) => w.confidence).filter((c): c is number => c !== undefined);
      return cs.length ? cs.reduce((a, b) => a + b, 0) / cs.length : 1;
    };
    const row: LineItemRow = { confidence: {} };
    for (const column of columns) {
      const role = roles.get(column.name);
      const raw =
        role === 'description'
          ? text
          : role === 'quantity'
            ? (quantity ?? (money.length > 1 ? null : 1))
            : role === 'unit_price'
              ? unit === null
                ? null
                : Math.round(unit * 100) / 100
              : role === 'amount'
                ? amount
                : null;
      const value = raw === null ? null : typedValue(column.type, raw, line.text);
      row[column.name] = value;
      const ws = role === 'description' ? words : (money.at(-1)?.words ?? []);
      // An amount worked out, not read, is less sure than one printed.
      const worked = priceOnly && role === 'amount' ? WORKED_OUT : 1;
      row.confidence[column.name] =
        value === null
          ? 0
          : Math.round(worked * LINE_CELL_CONFIDENCE * (0.6 + 0.4 * wordConfidence(ws)) * 1000) / 1000;
    }
    const boxes = anchorWords.map((w) => w.box).filter((b): b is Box => b !== undefined);
    const box = boxes.length ? unionBox(boxes) : line.box;
    if (box) row.anchor = { page: line.page, box: roundBox(box) };
    rows.push(row);
    used.push(line);
  }
  return { rows, lines: used };
}

/**
 * The page's words grouped by where they sit, not by the reading order's blocks: an item's
 * description and its figures are one row even when the layout read them as two columns.
 */
function visualLines(doc: ExtractedDocument): RLine[] {
  const out: RLine[] = [];
  for (const page of doc.layout ?? []) {
    const aspect = page.width > 0 ? page.height / page.width : 1;
    const words = [...page.words].sort((a, b) => (a.box[1] + a.box[3]) / 2 - (b.box[1] + b.box[3]) / 2);
    const heights = words.map((w) => w.box[3] - w.box[1]).sort((a, b) => a - b);
    const height = heights[Math.floor(heights.length / 2)] ?? 0.01;
    let band: typeof words = [];
    let centre = Number.NaN;
    const flush = () => {
      if (band.length === 0) return;
      const sorted = band.sort((a, b) => a.box[0] - b.box[0]).map(toWord);
      const segments = resegment(sorted, aspect);
      out.push({
        text: segments.map((seg) => seg.map((w) => w.text).join(' ')).join('  '),
        page: page.number,
        line: out.length + 1,
        words: sorted,
        segments,
        box: unionBox(band.map((w) => w.box)),
      });
      band = [];
    };
    for (const word of words) {
      const mid = (word.box[1] + word.box[3]) / 2;
      if (band.length && Math.abs(mid - centre) > height * 0.5) flush();
      if (band.length === 0) centre = mid;
      band.push(word);
    }
    flush();
  }
  return out;
}

/** Rows whose description names something: letters, not a count by a price ("2x 29.97"). */
function described(rows: LineItemRow[], columns: ColumnSpec[]): number {
  const description = columns.find((c) => roleOf(c) === 'description');
  if (!description) return 0;
  return rows.filter((r) => {
    const text = r[description.name];
    return typeof text === 'string' && letterCount(text) >= 2 && !QTY_BY_PRICE.test(text);
  }).length;
}

/**
 * The rows read by place carry on the table's names, row for row: each table name is where its
 * row's name starts, and some go on in words ("MINERAL" of "MINERAL WATER 1.5L", a name column the
 * layout cut short where a till's name runs into the count column).
 */
function longerNames(byPlace: LineItemRow[], table: LineItemRow[], columns: ColumnSpec[]): boolean {
  const description = columns.find((c) => roleOf(c) === 'description');
  if (!description || byPlace.length !== table.length) return false;
  const words = (row: LineItemRow | undefined) =>
    typeof row?.[description.name] === 'string' ? (row[description.name] as string).split(/\s+/) : [];
  let longer = false;
  for (const [i, row] of table.entries()) {
    const short = words(row);
    const long = words(byPlace[i]);
    if (short.length === 0 || short.some((w, k) => long[k] !== w)) return false;
    if (long.slice(short.length).some((w) => letterCount(w) > 0)) longer = true;
  }
  return longer;
}

/**
 * Rows read by place that hold every amount of the table's rows, and either more amounts, more
 * rows that name their item (a till's name printed over its count and price, which a table reads
 * as a figure-less row joined to the item above), or the same rows with their names whole.
 */
function betterByPlace(byPlace: LineItemRow[], table: LineItemRow[], columns: ColumnSpec[]): boolean {
  const amount = columns.find((c) => roleOf(c) === 'amount');
  if (!amount || byPlace.length === 0) return false;
  const placed = byPlace.map((r) => r[amount.name]).filter((v): v is number => typeof v === 'number');
  const covers = table.every(
    (r) => typeof r[amount.name] !== 'number' || placed.includes(r[amount.name] as number),
  );
  return (
    covers &&
    (placed.length > withAmounts(table, columns) ||
      described(byPlace, columns) > described(table, columns) ||
      longerNames(byPlace, table, columns))
  );
}

const withAmounts = (rows: LineItemRow[], columns: ColumnSpec[]) => {
  const amount = columns.find((c) => roleOf(c) === 'amount');
  return amount ? rows.filter((r) => typeof r[amount.name] === 'number').length : rows.length;
};

/** The line-items answer of a field: its rows, and the list's own confidence, box and source. */
export function readLineItems(
  doc: ExtractedDocument,
  field: FieldSpec,
): Omit<ExtractedItem, 'value'> & { value: LineItemRow[] | null } {
  const columns = field.columns ?? [];
  const found = bestTable(doc, columns);
  let rows: LineItemRow[] = [];
  let location = '';
  let sourceText = '';
  let page: number | undefined;
  if (found) {
    rows = rowsFromTable(found.table, columns, found.mapped);
    page = found.table.page;
    location = formatLocation({ page: found.table.page });
    const headings = Array.from({ length: found.table.columnCount }, (_, c) =>
      columnHeaderPath(found.table, c).join(' '),
    ).filter(Boolean);
    sourceText = headings.join(' · ');
  }
  // A table the layout split (descriptions apart from figures) reads worse than the page's rows,
  // and so does one the layout cut short (a till's heading and its first item, the rest printed
  // over two lines each): the rows read by place win when they hold every amount the table has.
  const tableScore = withAmounts(rows, columns);
  const ocr = doc.layout?.some((page) => page.source === 'ocr') ?? false;
  const byPlace = doc.layout?.length
    ? rowsFromLines(visualLines(doc), columns, ocr)
    : { rows: [], lines: [] };
  const read = byPlace.rows.length ? byPlace : rowsFromLines(linesOf(doc), columns, ocr);
  const splitTable = tableScore < rows.length && withAmounts(read.rows, columns) > tableScore;
  if (rows.length === 0 || splitTable || betterByPlace(read.rows, rows, columns)) {
    if (read.rows.length > 0 || rows.length === 0) {
      rows = read.rows;
      page = read.lines[0]?.page;
      location = read.lines[0] ? formatLocation({ page: read.lines[0].page, line: read.lines[0].line }) : '';
      sourceText = read.lines.map((l) => l.text).join('\n');
    }
  }
  rows = rows.map((row) => finished(row, columns));
  const cellConfidences = rows.flatMap((r) => Object.values(r.confidence).filter((c) => c > 0));
  const confidence = rows.length ? Math.min(LIST_CEILING, ...cellConfidences) : 0.2;
  const boxes = rows.map((r) => r.anchor?.box as Box | undefined).filter((b): b is Box => b !== undefined);
  const item: Omit<ExtractedItem, 'value'> & { value: LineItemRow[] | null } = {
    value: rows.length ? rows : null,
    location,
    source_text: sourceText,
    source_url: doc.sourceUrl ?? null,
    confidence: Math.round(confidence * 1000) / 1000,
  };
  if (page !== undefined && boxes.length) item.anchor = { page, box: roundBox(unionBox(boxes)) };
  return item;
}
