import { everyCellConfidence } from '../confidence/probability';
import { type Period, periodFit, periodKey, splitDataPoint } from '../lexicon/periods';
import { rowKind } from '../lexicon/scale';
import { isRatioWord } from '../lexicon/words';
import { cellAt, type LayoutPage } from '../model/layout';
import type { ExtractedItem, ItemAnchor } from '../model/types';
import { isFigureText } from '../tables/table-builder';
import { figureValue, notePageScale, withoutUnits } from './figure-values';
import {
  ALTERNATIVE,
  extraWordFactor,
  PLAN_WORDS,
  SOFT,
  synonymsOf,
  WHOLE_WORDS,
  words,
} from './label-words';
import { attributedName, balanceDate, balanceOf, DATE_IN_NAME, dayMonthOf, yearOfSection } from './row-names';
import { balanceCandidates, transposedCandidates } from './statement-tables';
import {
  candidateAt,
  columnHasFigure,
  gridLocation,
  locationOf,
  prepare,
  rowHasFigure,
  rowText,
  type TableCandidate,
  type TableMatch,
  withGridRef,
} from './table-cells';

/**
 * Data points read from tables the way an analyst reads them: the name is a row label plus
 * optional column qualifiers ("Deposits 2018", "Segment revenue Q4 2019"); the label is matched
 * against each row's name (a bare "Total" named by its section), with words the row does not
 * carry allowed to come from the column header, the section or the table's title; the period
 * against each column's header path (or the latest period when none is named); the figure is
 * scaled by the column's or the table's stated scale unless the row is per-share, a ratio or a
 * percentage.
 *
 * The score of a candidate is how unambiguous the match is; confidence follows from it, the
 * rivals it has and the evidence for its scale, calibrated on the quality corpus.
 */

const BALANCE_SIDES = words('liabilities equity');
/**
 * Words that make a line item another one: never left unexplained by a row that lacks them. A
 * margin, rate or growth is a ratio: "EBIT margin" is never the EBIT line.
 */
const DEFINING = new Set(
  words(
    'free adjusted underlying organic diluted basic comprehensive discontinued continuing selling margin ratio rate growth change yield percentage',
  ),
);
/** Words that make a line the balance an item leaves behind, not the item ("Deferred revenue"). */
const BALANCE_OF_ITEM = new Set(words('deferred unearned accrued prepaid unbilled'));
const ACTIVITIES = words('activities')[0] ?? 'activities';
/** Words of a data point asking a cash flow rather than a balance. */
const FLOW_WORDS = new Set(words('flow flows activities provided used generated'));
/** Words of a data point asking a change from the period before. */
const CHANGE_WORDS = new Set(words('change growth increase decrease variance yoy movement difference'));
/** A line of profit, whose share of revenue is a margin. */
const PROFIT_WORDS = new Set(words('income profit earnings loss ebitda ebita'));
/** Rows that name only which form of the section's item they give ("Basic", "Basic and diluted"). */
const QUALIFIERS = new Set(words('basic diluted'));

/** Every table cell that could answer the data point, best first. */
export function tableCandidates(pages: LayoutPage[], dataPoint: string): TableCandidate[] {
  return matchTables(pages, dataPoint).candidates;
}

export function matchTables(pages: LayoutPage[], dataPoint: string): TableMatch {
  const { label, period } = splitDataPoint(withoutUnits(dataPoint));
  const dpWords = words(label);
  if (dpWords.length === 0) return { candidates: [] };
  const dpKind = rowKind(label, []);
  const asksRatio = dpKind === 'percent' || dpWords.some((w) => isRatioWord(w));
  const asksChangeOnly = dpWords.includes('change') && !dpWords.some((w) => w !== 'change' && isRatioWord(w));
  const asksGrowth = dpWords.includes('growth') && !dpWords.includes('change');
  const asksChange = dpWords.some((w) => CHANGE_WORDS.has(w));
  const dpBalance = balanceOf(label);
  const out: TableCandidate[] = [];
  let blankScore: number | undefined;
  for (const page of pages) {
    for (const table of page.tables) {
      notePageScale(page, table);
      const prep = prepare(table);
      if (prep.columns.length === 0) continue;
      out.push(...transposedCandidates(page, table, prep, dpWords, period));
      out.push(...balanceCandidates(page, table, prep, dpWords, period));
      // Without a named period: the latest column the table has.
      // (Estimates and budgets are no latest figure: "2025E" beside "2024A".)
      const keyed = prep.columns.filter(
        (c) => c.period && c.period.years.length > 0 && !c.words.some((w) => PLAN_WORDS.has(w)),
      );
      const latestKey = keyed.length
        ? Math.max(...keyed.map((c) => periodKey(c.period as Period)))
        : undefined;
      for (let r = table.headerRows; r < table.rowCount; r++) {
        const row = table.rowLabels[r];
        if (!row || row.isHeading) continue;
        // "Cash and cash equivalents at 31 December": the date says which balance, not what item.
        const itemName = attributedName(row.name, row.section);
        const balance = balanceOf(itemName);
        const rowWords = words(itemName.replace(DATE_IN_NAME, ' '));
        if (rowWords.length === 0) continue;
        const headWords = words(row.name.split(/[,;:(]/)[0] ?? '');
        // "Net income (loss)": the bracketed other sign is the same line, not a further word.
        const otherSign = [...row.name.matchAll(ALTERNATIVE)].flatMap((m) => words(m[1] ?? ''));
        const sectionWords = row.section.flatMap(words);
        // The total a row is part of names its item when the data point names that whole and no
        // more ("Subscription revenue" of "Subscription" above "Total revenue"; not of a row
        // above "Total cost of revenue").
        const whole = prep.wholeWords[r] ?? [];
        const wholeWords = whole.length > 0 && whole.every((w) => dpWords.includes(w)) ? whole : [];
        // "Basic" / "Diluted" under "Earnings per share": the section names the line item.
        const qualifierOnly = headWords.length > 0 && headWords.every((w) => QUALIFIERS.has(w));
        const named = (w: string) => rowWords.includes(w) || (qualifierOnly && sectionWords.includes(w));
        // Cheap reject: the row must carry at least one word of the label.
        if (!dpWords.some((w) => !SOFT.has(w) && (named(w) || synonymsOf(w).some(named)))) continue;
        // "Total liabilities and equity" is the balance sheet's other side, not its liabilities.
        if (
          BALANCE_SIDES.every((w) => rowWords.includes(w)) &&
          !BALANCE_SIDES.every((w) => dpWords.includes(w))
        )
          continue;
        // "Diluted" under "Earnings per share" is not the "Diluted shares" asked for, nor the reverse.
        const kind = rowKind(row.name, row.section);
        const kindClash =
          (dpKind === 'shares' && kind === 'per-share') || (dpKind === 'per-share' && kind === 'shares');
        // A profit's share of revenue is its margin ("Gross profit" under "% of net sales").
        const isProfit = rowWords.some((w) => PROFIT_WORDS.has(w));
        const rowYears = yearOfSection(row.section);
        const rowDate = balanceDate(row.name);
        const rowDay = dayMonthOf(row.name);
        for (const col of prep.columns) {
          // A percentage is no amount: "Net sales" of a column of shares of net sales (100.0 %).
          if (col.words.includes('percent') && !asksRatio) continue;
          const marginOfShare = col.ofRevenue && isProfit && dpWords.includes('margin');
          // Quarters across, each year's rows under a heading of the year: the heading's year. A
          // balance dated in its line ("Outstanding at December 31, 2022") is at that date.
          const colPeriod = col.ownYears
            ? col.period
            : rowDate
              ? rowDate
              : rowYears
                ? { ...(col.period ?? {}), years: rowYears }
                : col.period;
          let score = kindClash ? 0.7 : 1;
          // Beside "$ Change", "% Change" is a change asked as a percentage or a growth; "$ Change"
          // is the change asked as nothing more.
          const percentColumn = col.words.includes('percent');
          // A change column answers only a change ("% Change" is no share of revenue).
          if (col.words.includes('change') && !asksChange && !rowWords.includes('change')) continue;
          if (percentColumn && asksChangeOnly) score *= 0.8;
          if (!percentColumn && asksGrowth && col.words.includes('change')) score *= 0.9;
          let unexplained = 0;
          let inRow = 0;
          let inColumn = 0;
          let missingTotal = false;
          let redefined = false;
          let namedBySection = false;
          for (const w of dpWords) {
            if (rowWords.includes(w)) inRow += SOFT.has(w) ? 0 : 1;
            else if (qualifierOnly && !SOFT.has(w) && sectionWords.includes(w)) {
              inRow += 1;
              namedBySection = true;
            } else if (synonymsOf(w).some((x) => rowWords.includes(x))) {
              inRow += 1;
              score *= 0.92;
            } else if (SOFT.has(w)) continue;
            else if (w === 'margin' && marginOfShare) {
              score *= 0.97;
              inColumn += 1;
            } else if (col.words.includes(w)) {
              score *= 0.97;
              inColumn += 1;
            } else if (synonymsOf(w).some((x) => col.words.includes(x))) {
              // "Revenue growth" of a "Change" column.
              score *= 0.97 * 0.92;
              inColumn += 1;
            } else if (sectionWords.includes(w) || prep.titleWords.includes(w) || wholeWords.includes(w))
              score *= 0.93;
            else if (synonymsOf(w).some((x) => sectionWords.includes(x) || prep.titleWords.includes(x)))
              score *= 0.93 * 0.92;
            else if (w === 'total' && row.isTotal) score *= 0.98;
            else if (w === 'total') missingTotal = true;
            else {
              unexplained += 1;
              // "Free cash flow" is not any cash flow line, nor "Adjusted EBITDA" the EBITDA.
              if (DEFINING.has(w)) redefined = true;
            }
          }
          if (inRow === 0 || redefined) continue;
          // The balance at the end of the year, not at its start, unless the start is asked.
          if (balance === 'closing' && dpBalance === 'opening') continue;
          if (balance === 'opening' && dpBalance !== 'opening') score *= 0.9;
          // "Outstanding at 30 June 2019" asked: the line dated 30 June, not "Outstanding at 1 July".
          if (
            rowDay &&
            period?.day !== undefined &&
            (rowDay.day !== period.day || rowDay.month !== period.month)
          )
            score *= 0.85;
          // "Basic" under "Net income (loss) per share" names no net loss.
          if (namedBySection && rowKind(row.name.split(/[,;:(]/)[0] ?? '', row.section) !== dpKind) continue;
          if (namedBySection) score *= 0.97;
          if (unexplained > 0) {
            if (dpWords.filter((w) => !SOFT.has(w)).length >= 3 && unexplained === 1) score *= 0.6;
            else continue;
          }
          const extra = rowWords.filter(
            (w) =>
              !dpWords.includes(w) &&
              !synonymsOf(w).some((x) => dpWords.includes(x)) &&
              !(marginOfShare && PROFIT_WORDS.has(w)),
          );
          // "Cost of sales" is no sales figure, though "sales" is revenue.
          if (extra.includes('cost')) continue;
          // "Deferred revenue" is a liability, not revenue; "Accrued expenses" no expenses of the
          // year; the non-controlling interests' share of net income is not the net income
          // (though "Net income including non-controlling interests" is).
          if (extra.some((w) => BALANCE_OF_ITEM.has(w))) continue;
          if (extra.includes('noncontrolling') && !/\binclud/i.test(row.name)) continue;
          // "Net cash provided by operating activities" is a flow, not the cash asked for.
          if (extra.includes(ACTIVITIES) && !dpWords.some((w) => FLOW_WORDS.has(w))) continue;
          // "Total current liabilities" is not the total liabilities, nor "Current portion of
          // long-term debt" the long-term debt ("…, net of current portion" describes it only).
          if (extra.some((w) => (w === 'current' || w === 'noncurrent') && headWords.includes(w))) continue;
          // Nor are sales between segments ("Intersegment revenue") a segment's revenue.
          if (extra.some((w) => /^inter-?(?:segment|company)$/.test(w))) continue;
          // "Total equity" asked of a balance sheet printing one "Equity" line: that line, less
          // surely; never a line with other words ("Other equity").
          if (missingTotal) {
            if (extra.length > 0) continue;
            score *= 0.9;
          }
          // "Total deposits" for "Deposits": close; "Deposits with banks": further. A description
          // after the label's first comma ("Common stock, $0.01 par value: 400 shares authorized")
          // costs no more than one extra word.
          let tail = 1;
          for (const w of extra) {
            const factor = otherSign.includes(w)
              ? 0.98
              : qualifierOnly && QUALIFIERS.has(w)
                ? 0.95
                : extraWordFactor(w);
            if (headWords.includes(w)) score *= factor;
            else tail *= factor;
          }
          score *= Math.max(tail, 0.85);
          // "Income before income taxes" is neither the income nor the income tax asked for.
          if (extra.includes('before')) score *= 0.8;
          // Column header words the data point does not name ("Company" beside "Group"): the
          // first such column is the consolidated one by convention; later ones fall behind. A
          // "Total" / "Consolidated" column (after the segments) is the whole, named or not.
          const colExtra = col.words.filter((w) => !dpWords.includes(w) && !rowWords.includes(w));
          const whole = colExtra.length > 0 && colExtra.every((w) => WHOLE_WORDS.has(w));
          if (colExtra.some((w) => PLAN_WORDS.has(w))) score *= 0.6;
          if (colExtra.length > 0 && prep.columns.length > 1 && !whole) {
            score *= 0.97;
            const samePeriodBefore = prep.columns.some(
              (o) =>
                o.column < col.column &&
                o.period &&
                col.period &&
                periodKey(o.period) === periodKey(col.period) &&
                o.words.join() !== col.words.join(),
            );
            if (samePeriodBefore) score *= 0.88;
          }

          let latestAssumed = false;
          if (period) {
            const fit = periodFit(period, colPeriod);
            if (fit === 0) continue;
            score *= fit;
          } else if (latestKey !== undefined) {
            if (col.period && col.period.years.length > 0 && periodKey(col.period) === latestKey)
              latestAssumed = true;
            // A column named by the data point's words and by no period ("YoY", "% Change").
            else if (!(inColumn > 0 && !col.period?.years.length)) score *= 0.5;
          } else if (prep.columns.length > 1) {
            // No periods at all: the first figure column, less surely.
            if (col !== prep.columns[0]) score *= 0.5;
            else latestAssumed = true;
          }
          const found = candidateAt(
            page,
            table,
            r,
            col.column,
            { rowName: row.name, header: col.header },
            (text) => figureValue(text, row.name, row.section, table, col.column, r),
          );
          if (found) out.push({ ...found, score, latestAssumed });
          else if (score > (blankScore ?? 0) && rowHasFigure(table, r) && columnHasFigure(table, col.column))
            blankScore = score;
        }
      }
    }
  }
  out.sort((a, b) => b.score - a.score);
  return { candidates: out, blankScore };
}

/** Every figure of every table as "<row label> <column header>" (extract everything). */
export function allTableItems(pages: LayoutPage[]): { key: string; item: ExtractedItem }[] {
  const out: { key: string; item: ExtractedItem }[] = [];
  for (const page of pages) {
    for (const table of page.tables) {
      notePageScale(page, table);
      const prep = prepare(table);
      for (let r = table.headerRows; r < table.rowCount; r++) {
        const row = table.rowLabels[r];
        if (!row || row.isHeading) continue;
        for (const col of prep.columns) {
          const cell = cellAt(table, r, col.column);
          if (!cell || cell.row !== r || !isFigureText(cell.text)) continue;
          const value = figureValue(cell.text, row.name, row.section, table, col.column, r);
          const anchor: ItemAnchor = { page: table.page, box: cell.box, row_label: row.name };
          if (col.header) anchor.column_label = col.header;
          if (page.url) anchor.url = page.url;
          if (page.sheet) anchor.sheet = page.sheet;
          withGridRef(anchor, cell);
          out.push({
            key: `${row.name} ${col.header}`.trim(),
            item: {
              value,
              location: gridLocation(page, cell) ?? locationOf(table.page, table, row.name, col.header),
              source_text: rowText(table, r),
              source_url: page.url ?? null,
              confidence: everyCellConfidence(Boolean(col.header)),
              anchor,
            },
          });
        }
      }
    }
  }
  return out;
}
