import { parsePeriod } from '../lexicon/periods';
import type { LayoutPage, LayoutTable } from '../model/layout';
import { buildTable } from './table-builder';

/**
 * Whether `table` is the rest of `previous` under a line of units of its own: right below it,
 * no title, a header without periods where the one above has them.
 */
function unitsUnderPeriods(previous: LayoutTable, table: LayoutTable): boolean {
  const headerTexts = (t: LayoutTable) => t.cells.filter((c) => c.row < t.headerRows).map((c) => c.text);
  return (
    table.origin === 'positions' &&
    table.headerRows > 0 &&
    // No title of its own (the lines above the first table may name both).
    (!table.title || table.title === previous.title) &&
    table.box[1] - previous.box[3] < 0.04 &&
    headerTexts(table).every((t) => !parsePeriod(t)?.years.length) &&
    headerTexts(previous).some((t) => !!parsePeriod(t)?.years.length)
  );
}

/**
 * Tables that run on from the page before: the first table of a page with no header rows (or the
 * same header) and as many columns as the last table of the previous page takes that table's
 * header rows, title, scale and open sections.
 */
export function linkContinuedTables(pages: LayoutPage[]): void {
  const all = pages.flatMap((page) => page.tables.map((table, index) => ({ page, table, index })));
  for (let i = 1; i < all.length; i++) {
    const prev = all[i - 1] as (typeof all)[number];
    const next = all[i] as (typeof all)[number];
    const previous = prev.table;
    const table = next.table;
    if (table.columnCount !== previous.columnCount || previous.headerRows === 0) continue;
    if (next.page === prev.page && next.index === prev.index + 1 && unitsUnderPeriods(previous, table)) {
      // A line of units across the figures ("Yen | U.S. dollars" above the per-share rows)
      // started a table of its own: its columns keep the periods of the header above.
      const periodCells = previous.cells
        .filter((c) => c.row < previous.headerRows && parsePeriod(c.text)?.years.length)
        .map((c) => ({ ...c, row: 0 }));
      const body = table.cells.map((c) => ({ ...c, row: c.row + 1 }));
      const rebuilt = buildTable({
        page: table.page,
        cells: [...periodCells, ...body],
        rowCount: table.rowCount + 1,
        columnCount: table.columnCount,
        labelColumns: table.labelColumns,
        headerRows: table.headerRows + 1,
        rowIndents: [undefined, ...table.rowLabels.map((l) => l?.indent)],
        ...(previous.title ? { title: previous.title } : {}),
        context: previous.context,
        origin: table.origin,
      });
      if (table.rowTexts) rebuilt.rowTexts = ['', ...table.rowTexts];
      rebuilt.box = table.box;
      next.page.tables[next.index] = rebuilt;
      next.table = rebuilt;
      continue;
    }
    if (next.page === prev.page) {
      // On one page only the next table continues one: with no header of its own, or the same
      // header and no title of its own.
      if (next.index !== prev.index + 1) continue;
      if (table.headerRows > 0 && table.title && !/\bcontinued\b/i.test(table.title)) continue;
    } else {
      if (next.index !== 0 || prev.index !== prev.page.tables.length - 1) continue;
      // Across pages: said so ("… (continued)"), or no title of its own, or the first table
      // running to the foot of its page and this one starting at the head of the next.
      const saysContinued = [table.title ?? '', ...table.context].some((t) => /\bcontinued\b/i.test(t));
      const geometric = table.origin !== 'positions' || (previous.box[3] > 0.55 && table.box[1] < 0.45);
      if (!saysContinued && table.title && !geometric) continue;
    }
    const headerOf = (t: LayoutTable) =>
      t.cells
        .filter((c) => c.row < t.headerRows)
        .map((c) => `${c.column}:${c.text}`)
        .join('|');
    if (table.headerRows > 0 && headerOf(table) !== headerOf(previous)) continue;
    const shift = previous.headerRows - table.headerRows;
    const headerCells = previous.cells.filter((c) => c.row < previous.headerRows);
    const body = table.cells
      .filter((c) => c.row >= table.headerRows)
      .map((c) => ({ ...c, row: c.row + shift }));
    const lastSection = [...previous.rowLabels].reverse().find((l) => l && !l.isHeading)?.section ?? [];
    const rebuilt = buildTable({
      page: table.page,
      cells: [...headerCells, ...body],
      rowCount: table.rowCount + shift,
      columnCount: table.columnCount,
      labelColumns: table.labelColumns,
      headerRows: previous.headerRows,
      rowIndents: [
        ...Array.from({ length: previous.headerRows }, () => undefined),
        ...table.rowLabels.slice(table.headerRows).map((l) => l?.indent),
      ],
      ...(previous.title ? { title: previous.title } : {}),
      context: [...previous.context, ...table.context],
      origin: table.origin,
      initialSections: lastSection,
    });
    if (previous.rowTexts && table.rowTexts)
      rebuilt.rowTexts = [
        ...previous.rowTexts.slice(0, previous.headerRows),
        ...table.rowTexts.slice(table.headerRows),
      ];
    rebuilt.continuedFrom = previous.page;
    rebuilt.box = table.box;
    next.page.tables[next.index] = rebuilt;
    next.table = rebuilt;
  }
}
