import { type NormalisedValue, normalisePercent, normaliseValue, type Scale } from '@sieve/contracts';
import { CURRENCY_WORD } from '../lexicon/currencies';
import {
  detectColumnUnit,
  detectScaleText,
  isPercentLabel,
  labelUnits,
  rowKind,
  SCALE_WORD,
} from '../lexicon/scale';
import type { ColumnUnit, LayoutPage, LayoutTable } from '../model/layout';
import { columnHeaderPath } from '../tables/table-builder';

/**
 * A table cell's figure as a value: the column's, row's, table's or page's scale applied unless
 * the row is a ratio, per-share or a percentage; decimal commas and OCR'd points read right; and
 * the units a data point states for its answer, which name nothing to match.
 */

/**
 * A column's unit: a header line of its own that says percent ("2019" / "% of Revenue" /
 * "(Dollars in thousands)") makes it a percentage column, whatever scale a line spanning the
 * amounts beside it gives.
 */
export function columnUnitOf(table: LayoutTable, column: number): ColumnUnit | undefined {
  const own = table.columnUnits[column];
  if (own === 'percent') return own;
  return columnHeaderPath(table, column).some((part) => detectColumnUnit(part) === 'percent')
    ? 'percent'
    : own;
}

/** A row of margins, rates or returns ("Operating margin", "Effective tax rate", "Return on equity"). */
const RATIO_ROW =
  /\b(?:margins?|rates?|yields?|growth|mix)\s*:?$|\breturn\s+on\b|\bas\s+a\s+(?:%|percent(?:age)?)\s+of\b/i;

function plainNumber(text: string): number | undefined {
  const m = /^[(-−–]?\s*(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)\s*\)?$/.exec(text.trim());
  return m?.[1] ? Number(m[1].replace(/,/g, '')) : undefined;
}

/**
 * A margin, rate or return printed without "%" in a table of amounts ("Operating margin 12.3"
 * under "(in millions)"): its figures are percentages, not amounts, when none of them is more
 * than 100, none carries a currency sign, and (for a margin, which may be an amount) the
 * amounts in the table are far larger.
 */
function ratioRow(table: LayoutTable, row: number, rowName: string): boolean {
  const label = rowName.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').trim();
  // "Tax at the statutory rate" and "Foreign rate differential" are amounts of a tax reconciliation.
  if (!RATIO_ROW.test(label) || /\bper\s+share\b|\bexchange\s+rates?$|\bat\b.*\brates?$/i.test(label))
    return false;
  const own = table.cells.filter((c) => c.row === row && c.column >= table.labelColumns && c.text.trim());
  if (own.length === 0 || own.some((c) => /[$€£¥₹]/.test(c.text))) return false;
  const values = own.map((c) => plainNumber(c.text)).filter((v): v is number => v !== undefined);
  if (values.length === 0 || values.some((v) => v > 100)) return false;
  if (!/\bmargins?\b|\bmix\b/i.test(label)) return true;
  const largest = Math.max(...values);
  return table.cells.some(
    (c) =>
      c.row >= table.headerRows &&
      c.row !== row &&
      c.column >= table.labelColumns &&
      (plainNumber(c.text.replace(/[$€£¥₹\s]/g, '')) ?? 0) >= 5 * largest,
  );
}

/**
 * The scale a page states for all its figures, last in precedence after the table's own sources:
 * a note such as "All amounts are in thousands of U.S. dollars unless otherwise stated" anywhere
 * on the page, which readers apply to every table without a scale of its own.
 */
export const pageScales = new WeakMap<LayoutTable, Scale | undefined>();
const PAGE_NOTE =
  /\b(?:amounts?|figures|numbers|dollars?|financial\s+(?:information|data|statements))\b[^.;]{0,80}?\bin\s+(?:thousands|millions|billions)\b/i;
export function notePageScale(page: LayoutPage, table: LayoutTable): void {
  if (pageScales.has(table) || table.scale) return;
  let found: Scale | undefined;
  for (const line of page.lines) {
    const text = line.text;
    if (!PAGE_NOTE.test(text) || !/\b(?:unless|otherwise|all)\b/i.test(text)) continue;
    found = detectScaleText(text);
    if (found) break;
  }
  pageScales.set(table, found);
}

export function figureValue(
  text: string,
  rowName: string,
  section: string[],
  table: LayoutTable,
  column: number,
  row?: number,
): NormalisedValue {
  const unit = columnUnitOf(table, column);
  // Pence and cents ("52.3p", "45.2c") and multiples ("12.5x") are the figure itself.
  let t = text
    .replace(/\*+$/, '')
    .trim()
    .replace(/(\d\)?)\s*(?:p|c|¢|x)$/i, '$1');
  // A negative's bracket set in a cell of its own, or lost to OCR: "(14,340" and "$ 0.11)".
  t = t.replace(/^([$€£¥₹]?\s*)(\d[\d,.]*)\)$/, '$1($2)').replace(/^([$€£¥₹]?\s*)\((\d[\d,.]*)$/, '$1($2)');
  // "4.218" among "3,977" and "12,604": a comma OCR (or a typist) read as a point, in a table
  // of whole amounts with hardly another figure with three decimals.
  if (
    /^[$€£]?\s?\(?\d{1,3}\.\d{3}\)?$/.test(t) &&
    rowKind(rowName, section) === 'amount' &&
    groupsThousandsOnly(table)
  )
    t = t.replace('.', ',');
  if (writesDecimalComma(table)) t = t.replace(/(\d)\.(?=\d{3}(?!\d))/g, '$1').replace(/(\d),(?=\d)/g, '$1.');
  const bare = t.replace(/[$€£%\s]/g, '');
  // A dash or "nil" prints nothing for the period: the figure is 0 (issue 38). "n/a", "n.m." and
  // "nm" say there is no figure at all.
  if (/^(?:[-–—−]+|nil|none)$/i.test(bare || '-')) return 0;
  if (/^(?:n\/?a|n\.[am]\.|nm)$/i.test(bare)) return null;
  const kind = rowKind(rowName, section);
  if (
    unit === 'percent' ||
    (kind === 'percent' && !/%/.test(t) && isPercentLabel(`${rowName} ${section.at(-1) ?? ''}`)) ||
    (row !== undefined && !/%/.test(t) && ratioRow(table, row, rowName))
  ) {
    return normalisePercent(/%/.test(t) ? t : `${t.replace(/[$€£]/g, '')}%`);
  }
  let scale: Scale | undefined = unit ?? table.scale ?? pageScales.get(table);
  // A row that states its own units ("Revenue (£m)", "Net debt (£bn)", "Share price (£)") in a
  // highlights table with no scale of its own, or one that differs from the table's.
  // Or the section heading over it does ("Income statement (£m)", "Balance sheet (£m)").
  const stated =
    labelUnits(rowName) ??
    [...section]
      .reverse()
      .map(labelUnits)
      .find((u) => u !== undefined);
  if (stated) scale = stated.scale;
  // A line stating its own scale in words ("Shares in thousands", "Units sold, in millions").
  const ownWords = /\bin\s+(thousands|millions|billions)\b/i.exec(rowName)?.[1]?.toLowerCase();
  if (ownWords && !stated) scale = ownWords as Scale;
  // A multiple ("2.1x" net debt to EBITDA) is a ratio whatever the table's scale.
  if (kind === 'per-share' || kind === 'percent' || /\d\)?\s*x$/i.test(text.trim())) {
    if (!titleScalesRow(table, rowName)) scale = undefined;
  } else if (kind === 'shares' && !ownWords) scale = table.shareScale ?? scale;
  return normaliseValue(t, { dataPoint: 'amount', ...(scale ? { scale } : {}) });
}

/**
 * A table titled by what its row counts, with the scale beside it ("Visitors (thousands)",
 * "Subscribers in millions"): the scale is the count's, not only the money's.
 */
function titleScalesRow(table: LayoutTable, rowName: string): boolean {
  const title = table.title ?? '';
  const name = rowName.trim().toLowerCase();
  if (!name || !/\b(?:thousands?|millions?|billions?)\b/i.test(title) || /\bexcept\b/i.test(title))
    return false;
  return title.toLowerCase().startsWith(name) && !/%|\bper\b|\bratio\b/i.test(rowName);
}

const decimalCommas = new WeakMap<LayoutTable, boolean>();

/**
 * A table that writes decimals after a comma and groups thousands with points ("4.812,3",
 * "-12,8", "6,2 %"), as continental European reports do: there "58.412" is 58,412. Only when
 * several figures say so and none is written the other way ("1,234", "14.6").
 */
/** A table of whole amounts grouped by commas ("3,977", "(8,790)"), hardly any with three decimals. */
function groupsThousandsOnly(table: LayoutTable): boolean {
  const texts = table.cells
    .filter((c) => c.column >= table.labelColumns && c.row >= table.headerRows)
    .map((c) => c.text.replace(/[$€£\s]/g, ''));
  const grouped = texts.filter((t) => /^\(?\d{1,3}(?:,\d{3})+\)?$/.test(t)).length;
  const threeDecimals = texts.filter((t) => /\d\.\d{3}(?!\d)/.test(t)).length;
  return threeDecimals <= 2 && grouped >= 3 * threeDecimals && !writesDecimalComma(table);
}

function writesDecimalComma(table: LayoutTable): boolean {
  let known = decimalCommas.get(table);
  if (known === undefined) {
    let european = 0;
    let other = 0;
    for (const cell of table.cells) {
      if (cell.row < table.headerRows || cell.column < table.labelColumns) continue;
      // "4.812,3", "-12,8", or thousands grouped by points twice over ("1.205.477").
      if (/\d\.\d{3},\d|(?<![\d.,])\d{1,3},\d{1,2}(?![\d.,])|\d\.\d{3}\.\d{3}(?![\d,])/.test(cell.text))
        european += 1;
      if (/\d,\d{3}(?!\d)|(?<![\d.,])\d+\.\d{1,2}(?![\d.,])/.test(cell.text)) other += 1;
    }
    known = european >= 2 && other === 0;
    decimalCommas.set(table, known);
  }
  return known;
}

/**
 * The units a data point states for its answer ("Net income (USD millions)", "Revenue in $m",
 * "(in thousands)"): the answer is always the full figure, so they name nothing to match.
 */
export function withoutUnits(label: string): string {
  return (
    label
      .replace(
        new RegExp(
          String.raw`\(\s*(?:in\s+)?(?:${CURRENCY_WORD}\s*)?(?:${SCALE_WORD})?(?:\s+of\s+${CURRENCY_WORD})?\s*\)`,
          'gi',
        ),
        ' ',
      )
      // "… in millions", "… in USD", "… in $ thousands" at the end (before a period named last).
      .replace(
        new RegExp(
          String.raw`\bin\s+(?:${CURRENCY_WORD}(?:\s*${SCALE_WORD})?|${SCALE_WORD})(?:\s+of\s+${CURRENCY_WORD})?(?=(?:\s+(?:FY\s?)?\d{2,4})?\s*$)`,
          'i',
        ),
        ' ',
      )
      // A column's unit named with its period, as the header prints it ("Total 2019 $'000",
      // "EBITDA FY19 $m", "Revenue 2019 US$ million").
      .replace(
        new RegExp(
          String.raw`(?:^|\s)(?:${CURRENCY_WORD}\s?(?:'000|000|mn|bn|m|k|thousands?|millions?|billions?)|'000)(?=\s|$)`,
          'gi',
        ),
        ' ',
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}
