import { tableConfidence } from '../confidence/probability';
import { notFound } from '../confidence/score';
import type { LayoutPage } from '../model/layout';
import type { ExtractedDocument, ExtractedItem, TextLine } from '../model/types';
import {
  combine,
  type DerivedAsk,
  derivedAsk,
  periodBefore,
  printsDerived,
  printsShare,
  relate,
  type ShareAsk,
  shareAsk,
  yearOfItem,
} from './derived';
import { DocumentIndex } from './document-index';
import { extractFromLines } from './line-answers';
import { matchTables } from './table-match';

/**
 * One data point answered: the table matcher's best cell, else a labelled line when it is surer;
 * a change, growth, average, share or ratio the document does not print computed from the figures
 * it does (derived.ts).
 */

/** The best candidate for one data point, and how sure we are of it. */
export function extractDataPoint(
  doc: ExtractedDocument,
  dataPoint: string,
  index = new DocumentIndex(doc),
): ExtractedItem {
  const fromLines = extractFromLines(doc, dataPoint, index);
  const fromTables = doc.layout ? matchTables(doc.layout, dataPoint) : { candidates: [] };
  const best = fromTables.candidates[0];
  if (!best) return fromLines.item;
  const ocr = doc.layout?.find((p) => p.number === best.table.page)?.ocrConfidence;
  const confidence = Math.min(tableConfidence(best, fromTables, ocr), best.cell.confidence ?? 1);
  // A labelled line outside the tables ("Total revenue: $5 million") beats a table only when
  // it is surer; a table row read as a line never does (the table knows its periods and scale).
  const line = fromLines.line;
  if (
    line &&
    best.score < 0.8 &&
    fromLines.item.value !== null &&
    fromLines.item.confidence > confidence + 0.02 &&
    !insideTable(doc, line)
  )
    return fromLines.item;
  return { ...best.item, confidence };
}

/**
 * A data point as asked: a figure the document prints, or one computed from the figures it prints
 * for each period (derived.ts) when it asks for a change, growth, average or sum and the document
 * does not print that figure itself.
 */
export function answer(doc: ExtractedDocument, name: string, index: DocumentIndex): ExtractedItem {
  const share = shareAsk(name);
  if (share) return answerShare(doc, name, share, index);
  const direct = extractDataPoint(doc, name, index);
  const ask = derivedAsk(name);
  if (!ask) return direct;
  const top = doc.layout ? matchTables(doc.layout, name).candidates[0] : undefined;
  const section =
    top && top.item.value === direct.value ? (top.table.rowLabels[top.cell.row]?.section ?? []) : [];
  if (printsDerived(ask, direct, section)) {
    // A sentence's growth the table's own two years contradict is of something else: "Cloud
    // Services revenue grew 22.6%" asked the revenue's growth, which the table puts at 9.5%.
    // (A table cell's anchor names its row; a sentence's does not.)
    const fromTable =
      ask.op === 'growth' && !direct.anchor?.row_label ? computed(doc, ask, index) : undefined;
    const contradicted =
      typeof fromTable?.value === 'number' &&
      typeof direct.value === 'number' &&
      Math.abs(fromTable.value - direct.value) > 0.0051;
    return contradicted && fromTable ? fromTable : direct;
  }
  if ((ask.op === 'change' || ask.op === 'decrease') && ask.word !== 'change') {
    // "Increase in backlog 2019" of a table with a "Change" column: that column, as asked.
    const asChange = extractDataPoint(
      doc,
      ['change in', ask.item, ...ask.periods.slice(-1)].join(' '),
      index,
    );
    if (typeof asChange.value === 'number' && printsDerived(ask, asChange))
      return ask.op === 'decrease' ? { ...asChange, value: -asChange.value } : asChange;
  }
  return computed(doc, ask, index) ?? notFound();
}

/** The figure asked computed from the item's figure for each period, when the document gives them. */
function computed(doc: ExtractedDocument, ask: DerivedAsk, index: DocumentIndex): ExtractedItem | undefined {
  let periods = ask.periods;
  if (periods.length === 1 && periods[0]) periods = [periodBefore(periods[0]), periods[0]];
  if (periods.length === 0 && (ask.op === 'change' || ask.op === 'decrease' || ask.op === 'growth')) {
    // "Revenue growth": the latest year the document gives the item for, on the year before.
    const year = yearOfItem(extractDataPoint(doc, ask.item, index));
    if (year) periods = [periodBefore(year), year];
  }
  if (periods.length === 0 && ask.op === 'average') periods = yearsOfRow(doc, ask.item);
  const parts = periods.map((period) => extractDataPoint(doc, `${ask.item} ${period}`, index));
  return combine(ask.op, parts);
}

/** The years of the row that answers an item, each once ("Share-based payments" under 2019 and 2018). */
function yearsOfRow(doc: ExtractedDocument, item: string): string[] {
  const candidates = doc.layout ? matchTables(doc.layout, item).candidates : [];
  const top = candidates[0];
  if (!top) return [];
  const years = candidates
    .filter((c) => c.table === top.table && c.cell.row === top.cell.row)
    .map((c) => yearOfItem(c.item));
  // Quarters or halves of one year, or a column of no year: no mean of years to take.
  if (years.some((y) => !y) || new Set(years).size !== years.length) return [];
  return (years as string[]).sort();
}

/**
 * A share or ratio of two line items: printed (a "% of total" column), else the part over the whole
 * of one column. The part is read in the whole's table first ("What proportion of total income
 * before income taxes was foreign?": that table's Foreign line, not the tax provision's); a ratio's
 * two items may stand in different tables, for the same year. Never the part's level instead.
 */
function answerShare(
  doc: ExtractedDocument,
  name: string,
  ask: ShareAsk,
  index: DocumentIndex,
): ExtractedItem {
  const direct = extractDataPoint(doc, name, index);
  const computed = doc.layout ? computeShare(doc.layout, ask) : undefined;
  if (!computed) return printsShare(direct) || inShareTable(doc, name, direct) ? direct : notFound();
  // A "% of total" column the reader took (labelled or not) agrees with the division, as printed.
  const printed =
    typeof direct.value === 'number' && Math.abs(direct.value - Number(computed.value)) <= 0.006;
  return printed ? direct : computed;
}

/** Whether a figure comes from a table of shares ("… expressed as a percentage of net sales"). */
function inShareTable(doc: ExtractedDocument, name: string, item: ExtractedItem): boolean {
  const top = doc.layout ? matchTables(doc.layout, name).candidates[0] : undefined;
  if (!top || typeof item.value !== 'number' || top.item.value !== item.value) return false;
  const context = [top.table.title ?? '', ...top.table.context].join(' ');
  return top.table.columnUnits[top.cell.column] === 'percent' || /\bpercentages? of\b|% of\b/i.test(context);
}

function computeShare(layout: LayoutPage[], ask: ShareAsk): ExtractedItem | undefined {
  const at = (item: string) => (ask.period ? `${item} ${ask.period}` : item);
  const wholeMatch = matchTables(layout, at(ask.whole));
  const whole = wholeMatch.candidates[0];
  if (!whole) return undefined;
  const partMatch = matchTables(layout, at(ask.part));
  let part = partMatch.candidates.find(
    (c) => c.table === whole.table && c.cell.column === whole.cell.column && c.cell.row !== whole.cell.row,
  );
  if (!part && ask.op === 'ratio') {
    const first = partMatch.candidates[0];
    if (first && first.table !== whole.table && yearOfItem(first.item) === yearOfItem(whole.item))
      part = first;
  }
  if (!part) return undefined;
  const sure = (c: typeof whole, m: typeof wholeMatch) => ({
    ...c.item,
    confidence: tableConfidence(c, m, layout.find((p) => p.number === c.table.page)?.ocrConfidence),
  });
  return relate(ask.op, sure(part, partMatch), sure(whole, wholeMatch));
}

function insideTable(doc: ExtractedDocument, line: TextLine): boolean {
  const box = line.box;
  if (!box) return false;
  const page = doc.layout?.find(
    (p) => p.number === (line.location.page ?? 1) && (p.url ?? undefined) === (line.location.url ?? p.url),
  );
  return !!page?.tables.some((t) => box[1] >= t.box[1] - 0.002 && box[3] <= t.box[3] + 0.002);
}
