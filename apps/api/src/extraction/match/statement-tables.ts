import { type Period, parsePeriod, periodFit, periodKey } from '../lexicon/periods';
import { rowKind } from '../lexicon/scale';
import type { LayoutPage, LayoutTable } from '../model/layout';
import { figureValue } from './figure-values';
import { ALTERNATIVE, extraWordFactor, plainWords, SOFT, synonymsOf, words } from './label-words';
import { candidateAt, type PreparedTable, type TableCandidate } from './table-cells';

/**
 * Tables read across their other axis: periods down the label column with the measures across
 * (transposed tables), and statements of changes in equity with balances at dates down the side.
 */

/**
 * A table printed the other way round: periods down the label column ("2019" … "2023") and the
 * measures across the header ("Revenue ($m)", "Employees"). Undefined for ordinary tables.
 */
function transposedPeriods(table: LayoutTable, prep: PreparedTable): Map<number, Period> | undefined {
  // Columns headed with periods of their own (not the title's, which every column takes).
  if (prep.columns.some((c) => (parsePeriod(c.header)?.years.length ?? 0) > 0)) return undefined;
  const periods = new Map<number, Period>();
  // The label column's own heading may say what the dates are ("Nine months ended" / "December
  // 31, 2024", as Japanese results summaries set them).
  const stub = table.cells
    .filter((c) => c.row < table.headerRows && c.column < table.labelColumns && c.text.trim())
    .map((c) => c.text.trim())
    .join(' ');
  let body = 0;
  for (let r = table.headerRows; r < table.rowCount; r++) {
    const row = table.rowLabels[r];
    if (!row || row.isHeading) continue;
    body += 1;
    const own = parsePeriod(row.name);
    const stated = stub ? parsePeriod(`${stub} ${row.name}`) : undefined;
    const period = stated && own && stated.years.join() === own.years.join() ? stated : own;
    // The label must be the period itself, perhaps with a qualifier ("2022 restated", "FY2021").
    if (period && period.years.length > 0 && plainWords(row.name).length <= 1) periods.set(r, period);
  }
  if (body >= 2 && periods.size >= Math.max(2, Math.ceil(body * 0.6))) return periods;
  // A maturity schedule: a run of three or more years from the top, then "Thereafter" and totals
  // ("2024" … "2028", "Thereafter", "Total lease payments", "Less: imputed interest").
  const dated = [...periods.keys()];
  const firstBody = table.rowLabels.findIndex((l, r) => r >= table.headerRows && l && !l.isHeading);
  const run = dated.every((r, i) => r === firstBody + i);
  return dated.length >= 3 && run ? periods : undefined;
}

/** The unit under a measure's name ("Millions of yen", "Yen", "%", "£m"). */
const MEASURE_UNIT =
  /\b(?:in\s+)?(?:thousands|millions|billions)(?:\s+of\s+[\p{L}$€£¥₹]+)?|\b(?:yen|dollars|euros?|pounds|rupees|yuan|renminbi|francs)\b|[$€£¥₹]\s?(?:m|bn|k)?\b|%|\b(?:[$€£]|US\$)?(?:m|bn)\b/giu;

/** A note that a table's percentages are changes on the year before. */
const CHANGES_NOTE =
  /\bpercentages?\s+(?:indicate|represent|show|are)\s+(?:the\s+)?(?:year[\s-](?:on|over)[\s-]year\s+|yoy\s+)?changes?\b/i;

export function transposedCandidates(
  page: LayoutPage,
  table: LayoutTable,
  prep: PreparedTable,
  dpWords: string[],
  period: Period | undefined,
): TableCandidate[] {
  const periods = transposedPeriods(table, prep);
  if (!periods) return [];
  const latestKey = Math.max(...[...periods.values()].map(periodKey));
  // Units printed in the measures' headers belong to those columns only.
  const ownUnits = table.columnUnits.some((u) => u !== undefined);
  const view: LayoutTable = ownUnits ? { ...table, scale: undefined } : table;
  const out: TableCandidate[] = [];
  // "(Percentages indicate year-on-year changes.)": each measure's "%" column is its growth.
  const changes = CHANGES_NOTE.test([table.title ?? '', ...table.context].join(' '));
  // "Net income (loss) ($ millions)": the bracketed other sign stays a word of the measure.
  const measureWords = (header: string) =>
    words(
      header
        .replace(ALTERNATIVE, ' $1 ')
        .replace(/\([^)]*\)/g, ' ')
        .replace(MEASURE_UNIT, ' '),
    );
  for (const [i, col] of prep.columns.entries()) {
    let measure = col.header.trim();
    let colWords = measureWords(measure);
    // A "%" column named by nothing else is the measure's beside it ("Net sales" over its amount
    // and its change, the heading set over the first).
    const before = prep.columns[i - 1];
    const name = (header: string) => header.replace(MEASURE_UNIT, ' ').replace(/\s+/g, ' ').trim();
    // …or by the first line of the name only ("Profit attributable to owners" over both, "of
    // parent" under it over the first).
    if (
      before &&
      before.column === col.column - 1 &&
      name(before.header) !== '' &&
      name(before.header).startsWith(name(measure))
    ) {
      colWords = measureWords(before.header);
      measure = `${name(before.header)} ${measure.slice(name(measure).length).trim()}`;
    }
    if (table.columnUnits[col.column] === 'percent') colWords.push(changes ? 'change' : 'percent');
    let score = 1;
    let inHeader = 0;
    let unexplained = 0;
    for (const w of dpWords) {
      if (colWords.includes(w)) inHeader += SOFT.has(w) ? 0 : 1;
      else if (synonymsOf(w).some((x) => colWords.includes(x))) {
        inHeader += 1;
        score *= 0.92;
      } else if (SOFT.has(w)) continue;
      else if (prep.titleWords.includes(w)) score *= 0.93;
      else unexplained += 1;
    }
    if (inHeader === 0 || unexplained > 0) continue;
    const otherSign = [...measure.matchAll(ALTERNATIVE)].flatMap((m) => words(m[1] ?? ''));
    for (const w of colWords)
      if (!dpWords.includes(w) && !synonymsOf(w).some((x) => dpWords.includes(x)))
        score *= otherSign.includes(w) ? 0.98 : extraWordFactor(w);
    // Read the other way round: a little less sure than an ordinary table.
    score *= 0.95;
    for (const [r, rowPeriod] of periods) {
      let cellScore = score;
      let latestAssumed = false;
      if (period) {
        const fit = periodFit(period, rowPeriod);
        if (fit === 0) continue;
        cellScore *= fit;
      } else if (periodKey(rowPeriod) === latestKey) latestAssumed = true;
      else cellScore *= 0.5;
      // Read across: the measure is the row asked for, the period row its column.
      const names = { rowName: measure, header: table.rowLabels[r]?.name ?? '' };
      const found = candidateAt(page, table, r, col.column, names, (text) =>
        figureValue(text, measure, [], view, col.column),
      );
      if (found) out.push({ ...found, score: cellScore, latestAssumed });
    }
  }
  return out;
}

/** Words of a balance row besides its date ("At 31 December 2023", "Balance as of December 31, 2022"). */
const BALANCE_WORDS = new Set(['balance', 'closing', 'opening', 'end', 'at']);

interface BalancePeriod {
  period: Period;
  /** A balance at a date; otherwise a movement of the year that ends at the next balance. */
  balance: boolean;
}

/**
 * A statement of changes in equity: the components across the header ("Share capital", "Retained
 * earnings", "Total equity"), balances down the side at dates ("At 31 December 2023") and the
 * year's movements between them. Undefined for other tables.
 */
function balancePeriods(table: LayoutTable, prep: PreparedTable): Map<number, BalancePeriod> | undefined {
  // Columns headed with periods of their own (not the title's, which every column takes).
  if (prep.columns.some((c) => (parsePeriod(c.header)?.years.length ?? 0) > 0)) return undefined;
  const balances: [number, Period][] = [];
  for (let r = table.headerRows; r < table.rowCount; r++) {
    const row = table.rowLabels[r];
    if (!row || row.isHeading) continue;
    const period = parsePeriod(row.name);
    if (
      period?.years.length === 1 &&
      period.day !== undefined &&
      plainWords(row.name).every((w) => BALANCE_WORDS.has(w))
    )
      balances.push([r, period]);
  }
  if (balances.length < 2) return undefined;
  const periods = new Map<number, BalancePeriod>();
  for (const [r, period] of balances) periods.set(r, { period, balance: true });
  for (let b = 1; b < balances.length; b++) {
    const [from] = balances[b - 1] as [number, Period];
    const [to, closing] = balances[b] as [number, Period];
    for (let r = from + 1; r < to; r++) {
      const row = table.rowLabels[r];
      if (row && !row.isHeading)
        periods.set(r, { period: { years: closing.years, months: 12 }, balance: false });
    }
  }
  return periods;
}

export function balanceCandidates(
  page: LayoutPage,
  table: LayoutTable,
  prep: PreparedTable,
  dpWords: string[],
  period: Period | undefined,
): TableCandidate[] {
  const periods = balancePeriods(table, prep);
  if (!periods) return [];
  const latestKey = Math.max(...[...periods.values()].map((p) => periodKey(p.period)));
  // Movements asked without a component are the whole's: the last "Total" column.
  const totalColumn = [...prep.columns].reverse().find((c) => c.words.includes('total'));
  const out: TableCandidate[] = [];
  for (const col of prep.columns) {
    for (const [r, { period: rowPeriod, balance }] of periods) {
      const row = table.rowLabels[r];
      if (!row) continue;
      const rowWords = balance ? [] : words(row.name);
      // Read across a statement's two axes: less sure than an ordinary table.
      let score = 0.9;
      let inRow = 0;
      let inColumn = 0;
      let unexplained = 0;
      for (const w of dpWords) {
        if (rowWords.includes(w)) inRow += 1;
        else if (col.words.includes(w)) inColumn += 1;
        else if (synonymsOf(w).some((x) => rowWords.includes(x) || col.words.includes(x))) {
          inRow += 1;
          score *= 0.92;
        } else if (SOFT.has(w) || (balance && BALANCE_WORDS.has(w))) continue;
        else unexplained += 1;
      }
      if (unexplained > 0) continue;
      if (balance ? inColumn === 0 : inRow === 0) continue;
      if (inColumn === 0 && col !== totalColumn) continue;
      for (const w of rowWords)
        if (!dpWords.includes(w) && !synonymsOf(w).some((x) => dpWords.includes(x))) score *= 0.85;
      for (const w of col.words)
        if (!dpWords.includes(w) && !rowWords.includes(w)) score *= w === 'total' ? 0.97 : 0.85;
      let latestAssumed = false;
      if (period) {
        const fit = periodFit(period, rowPeriod);
        if (fit === 0) continue;
        score *= fit;
        // A year names its closing balance, not the opening one dated its first day.
        if (balance && period.day === undefined && rowPeriod.day === 1) score *= 0.8;
      } else if (periodKey(rowPeriod) === latestKey) latestAssumed = true;
      else score *= 0.5;
      // A column of share counts or ratios says what its figures are ("Common Stock Shares").
      const kindFrom =
        rowKind(col.header, []) === 'amount' || /\bamounts?\b/i.test(col.header) ? row.name : col.header;
      const found = candidateAt(
        page,
        table,
        r,
        col.column,
        { rowName: row.name, header: col.header },
        (text) => figureValue(text, kindFrom, row.section, table, col.column),
      );
      if (found) out.push({ ...found, score, latestAssumed });
    }
  }
  return out;
}
