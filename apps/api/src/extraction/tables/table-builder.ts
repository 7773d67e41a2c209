import { parsePeriod } from '../lexicon/periods';
import { detectColumnUnit, detectScaleText, detectShareScale, isUnitText } from '../lexicon/scale';
import { YEAR } from '../lexicon/years';
import {
  type Box,
  type ColumnUnit,
  cellAt,
  type LayoutTable,
  type RowLabel,
  type TableCell,
  unionBox,
} from '../model/layout';

/**
 * A grid of placed cells (from positions on a page, or from a DOM / spreadsheet table) → a table
 * read the way an analyst reads it: which rows are headers, which columns hold labels, figures
 * or note references, the scale and units it states, and for each row its label (wrapped labels
 * joined), its section path and whether it is a heading or a total. Both front ends (PDF/OCR
 * positions and markup grids) share this, so tables mean the same whatever the format.
 */

export interface GridInput {
  page: number;
  cells: TableCell[];
  rowCount: number;
  columnCount: number;
  /** Columns 0 … labelColumns-1 hold labels. */
  labelColumns: number;
  /** Known header rows (a <thead>); detected when undefined. */
  headerRows?: number;
  /** Where each row's label starts (x0), when the source knows; undefined for flat markup. */
  rowIndents?: (number | undefined)[];
  title?: string;
  context: string[];
  origin: 'positions' | 'grid';
  /** Sections open where this table continues one from the page before. */
  initialSections?: string[];
}

const NUMBER_CELL =
  /^[(\-–—−+]?\s*(?:[A-Z]{0,3}[$€£¥₹]|RM|Rs\.?)?\s*[(\-–—−]?\s*(?:\d{1,3}(?:[,.\s]\d{3})+|\d+)(?:[.,]\d+)?\s*\)?\s*(?:%|pts|bps|x|m|bn|k|p|c|¢|mn|million|billion|thousand)?\)?\*?$/i;
const DASH_CELL = /^(?:[-–—−]+|n\/?a|n\.[am]\.|nm|nil|none|—\s*%|-\s*%|\$\s*[-–—]+)$/i;

/** A cell that holds a figure (or a dash standing for none). */
export function isFigureText(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  // "835,240 433,284" is two figures run together, not one grouped by spaces and commas.
  if (/\d[,.]\d{3}\s\d|\d\s\d{3}[,.]\d{3}/.test(t)) return false;
  return t !== '' && (NUMBER_CELL.test(t) || DASH_CELL.test(t));
}

const YEAR_TEXT = new RegExp(
  String.raw`^(?:FY\s?)?['’]?${YEAR}(?:\s*[/–-]\s*(?:${YEAR}|\d{2}))?[*A-Za-z()]*$`,
);

function isYearText(text: string): boolean {
  return YEAR_TEXT.test(text.trim());
}

/** Header-looking text: periods, units, words, footnote marks — anything but a plain figure. */
function isHeaderText(text: string): boolean {
  const t = text.trim();
  if (t === '' || /^\((?:\d{1,2}|[a-z])\)$/i.test(t)) return true;
  if (isYearText(t) || parsePeriod(t)) return true;
  return !isFigureText(t) || /^(?:[$€£¥%]|\$'?000|£m|€m|\$m)$/i.test(t);
}

/** A line that goes on from the one above: lower case, a bracket, or a count ("50,400,000 shares authorized"). */
// Not an item's own mark ("(a) Cost of materials consumed" under "Expenses").
const CONTINUES = /^(?!\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s+[A-Z])(?:[a-z(]|\$?\d{1,3}(?:,\d{3})+\s)/;
const CONNECTOR_END =
  /(?:\b(?:and|or|of|for|to|in|the|from|on|at|by|with|less|net|including|excluding|before|after|under|over)|[,&(/–-])$/i;
/** A text that leaves a bracket open ("(Face value ₹"). */
function opensBracket(text: string): boolean {
  return (text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0);
}
/** A label line that the next one finishes: it ends on a connector or leaves a bracket open ("(Face value ₹" / "10 each)"). */
function goesOn(text: string): boolean {
  return CONNECTOR_END.test(text) || opensBracket(text);
}
/**
 * An unheaded column of shares of a whole beside the amounts ("88 %", "12", "100", "(5)" under
 * the same year, as US filings show each line as a percentage of revenue): some cells say "%",
 * one is the whole (100) and none is more.
 */
function sharesOfWhole(texts: string[]): boolean {
  const values = texts.map((t) => /^\(?-?(\d{1,3}(?:\.\d+)?)\)?\s*%?\)?$/.exec(t)?.[1]);
  return (
    texts.length >= 3 &&
    texts.some((t) => /%\)?$/.test(t)) &&
    values.every((v) => v !== undefined && Number(v) <= 100) &&
    values.some((v) => Number(v) === 100)
  );
}

/**
 * A long heading in capitals going on on the next line ("EARNINGS PER SHARE ATTRIBUTABLE TO
 * ORDINARY" / "EQUITY HOLDERS OF THE PARENT"); a short one over another is a section and its
 * first part ("ASSETS" / "NON-CURRENT ASSETS").
 */
function wrapsInCapitals(text: string, next: string): boolean {
  const capitals = (t: string) => /\p{Lu}{2}/u.test(t) && !/\p{Ll}/u.test(t);
  return (
    capitals(text) &&
    capitals(next) &&
    !/:$/.test(text.trim()) &&
    text.length >= 30 &&
    text.split(/\s+/).length >= 5
  );
}

/** A label cut off after a comma or inside a bracket ("Balance as of December 31,"). */
function endsUnfinished(text: string): boolean {
  return /,$/.test(text.trim()) || opensBracket(text);
}
/** A currency's three-letter code standing alone ("EUR", "USD"). */
export function isCurrencyCode(text: string): boolean {
  return /^[A-Z]{3}$/i.test(text.trim());
}

/** A footnote under a table: "(1) Includes …", "(a) Restated …" — a mark in brackets, then a sentence. */
const FOOTNOTE = /^\((?:\d{1,2}|[a-z]|\*+)\)\s*\p{Lu}/u;
const BARE_TOTAL = /^(?:total|totals|sub-?total|total\s+for\s+the\s+(?:year|period))[:\s]*$/i;
const TOTAL_ROW = /^(?:total|totals|sub-?total|net\s+total|grand\s+total)\b/i;

/** A label's lines joined: "amorti-" + "zation" is one word again; "short-" + "term" keeps its hyphen. */
function joinWrapped(first: string, second: string): string {
  const broken = /(\p{L}+)-$/u.exec(first);
  if (broken?.[1] && /^\p{Ll}/u.test(second)) {
    const compound =
      /^(?:non|short|long|self|co|pre|post|cross|mid|year|end|well|after|one|two|three|four|five|six|nine|twelve|sub|inter|intra|multi|semi|full|part|off|on|in|over|under|re|de|anti|tax|debt|equity|share|stock|risk|fair|value|interest)$/i;
    return compound.test(broken[1]) ? `${first}${second}` : `${first.slice(0, -1)}${second}`;
  }
  return `${first} ${second}`;
}

export function buildTable(input: GridInput): LayoutTable {
  const { labelColumns, columnCount, rowCount } = input;
  const at = (row: number, column: number) =>
    input.cells.find((c) => c.row === row && c.column === column) ??
    cellAt({ cells: input.cells } as LayoutTable, row, column);
  // A column of units beside the labels ("Revenue | EUR m | 4,512.3"): each row's units, which
  // the label then states in brackets ("Revenue (EUR m)") as a highlights table writes them.
  const unitColumns = new Set<number>();
  for (let c = 1; c < labelColumns; c++) {
    const texts = input.cells
      .filter((cell) => cell.column === c && cell.text.trim())
      .map((cell) => cell.text.trim());
    const units = texts.filter(isUnitText);
    if (
      units.length >= 2 &&
      texts.length - units.length <= (/^(?:units?|einheit|unit[ée]s?)$/i.test(texts[0] ?? '') ? 1 : 0)
    )
      unitColumns.add(c);
  }
  const rowText = (row: number, from: number, to: number) => {
    const seen = new Set<TableCell>();
    const parts: string[] = [];
    for (let c = from; c < to; c++) {
      const cell = at(row, c);
      if (!cell || seen.has(cell) || cell.row !== row) continue;
      seen.add(cell);
      // Dot leaders run from a label to its figures ("Revenue . . . . ."): not part of it.
      const text = cell.text.replace(/(?:\s*[.·…]){3,}\s*$/, '').trim();
      if (text) parts.push(unitColumns.has(c) && isUnitText(text) ? `(${text})` : text);
    }
    return parts.join(' ');
  };
  const valueCells = (row: number) => {
    const out: TableCell[] = [];
    for (let c = labelColumns; c < columnCount; c++) {
      const cell = at(row, c);
      if (cell && cell.row === row && cell.column === c && cell.text.trim()) out.push(cell);
    }
    return out;
  };

  // Header rows: leading rows whose value cells are periods, units or words, not figures.
  let headerRows = input.headerRows;
  if (headerRows === undefined) {
    headerRows = 0;
    let sawHeader = false;
    for (let r = 0; r < rowCount; r++) {
      const values = valueCells(r);
      const label = rowText(r, 0, labelColumns);
      if (values.length === 0) {
        // A label-only row above the header is a title inside the table.
        if (
          !sawHeader &&
          r + 1 < rowCount &&
          valueCells(r + 1).length > 0 &&
          valueCells(r + 1).every((c) => isHeaderText(c.text)) &&
          valueCells(r + 1).some((c) => !isFigureText(c.text) || isYearText(c.text))
        ) {
          headerRows = r + 1;
          continue;
        }
        break;
      }
      const allHeader = values.every((c) => isHeaderText(c.text));
      const someHeaderish = values.some((c) => !isFigureText(c.text) || isYearText(c.text));
      const labelOk = label === '' || !isFigureText(label);
      if (!(allHeader && someHeaderish && labelOk)) break;
      // A body row of text values ("Auditor | KPMG") is not a header unless it names periods or sits on top.
      sawHeader = true;
      headerRows = r + 1;
    }
  }

  // Header path per column, top to bottom.
  const headerParts = (column: number) => {
    const parts: string[] = [];
    for (let r = 0; r < headerRows; r++) {
      const cell = at(r, column);
      if (cell && cell.row === r && cell.text.trim() && parts.at(-1) !== cell.text.trim())
        parts.push(cell.text.trim());
    }
    return parts;
  };
  const headerPath = (column: number) => headerParts(column).join(' ');

  // Note-reference columns.
  const noteColumns: number[] = [];
  const bodyRows = Array.from({ length: rowCount - headerRows }, (_, i) => i + headerRows);
  const valueColumns = Array.from({ length: columnCount - labelColumns }, (_, i) => i + labelColumns);
  const columnTexts = (c: number) =>
    bodyRows
      .map((r) => at(r, c))
      .filter((cell): cell is TableCell => !!cell && cell.column === c && cell.text.trim() !== '')
      .map((cell) => cell.text.trim());
  for (const c of valueColumns) {
    const header = headerPath(c);
    // "Notes", "Note No.", or a heading from the line above spread over it too ("2023 Notes").
    if (/(?:^|\s)(?:notes?|note\s+ref(?:erence)?s?|ref\.?)(?:\s+(?:no|nos|number|ref)\.?)?$/i.test(header)) {
      noteColumns.push(c);
      continue;
    }
    // A heading over it that is the next column's too ("Six months to 30 June 2024" spread
    // over an unheaded notes column) does not make it a figure column.
    const sharedHeader =
      header !== '' &&
      Array.from({ length: headerRows }, (_, r) => r).every((r) => {
        const cell = at(r, c);
        return !cell?.text.trim() || cell === at(r, c + 1);
      });
    if (c !== labelColumns || (header !== '' && !sharedHeader) || valueColumns.length < 3) continue;
    const texts = columnTexts(c);
    const others = valueColumns.filter((o) => o !== c).flatMap(columnTexts);
    if (
      texts.length > 0 &&
      texts.length < bodyRows.length &&
      // "5", "2.1", "4a", "7, 9", "(5)"
      texts.every((t) => /^\(?\d{1,2}(?:\.\d{1,2})?[a-z]?(?:\s*[,&]\s*\d{1,2}[a-z]?)*\)?$/i.test(t)) &&
      others.some((t) => /\d[,.]\d{3}|\d{4}/.test(t))
    ) {
      noteColumns.push(c);
    }
  }

  const columnUnits: (ColumnUnit | undefined)[] = Array.from({ length: columnCount }, (_, c) =>
    c < labelColumns
      ? undefined
      : (detectColumnUnit(headerPath(c)) ??
        // A unit on a header line of its own under the measure ("Net sales" / "Millions of yen").
        headerParts(c)
          .slice(1)
          .map((part) => detectColumnUnit(part))
          .find((unit) => unit !== undefined) ??
        (sharesOfWhole(columnTexts(c)) ? 'percent' : undefined)),
  );

  // Scale: title, text around the table, header cells (the top-left "(in millions)" too).
  // A column's own "(in thousands)" ("Number of Shares (in thousands)" beside a price) scales
  // that column, not the table: header text is read around such columns.
  const headerTexts: string[] = [];
  const ownScale = (c: number) => columnUnits[c] !== undefined && columnUnits[c] !== 'percent';
  for (let r = 0; r < headerRows; r++) {
    let from = 0;
    for (let c = 0; c <= columnCount; c++) {
      if (c < columnCount && !ownScale(c)) continue;
      if (c > from) headerTexts.push(rowText(r, from, c));
      from = c + 1;
    }
  }
  // A row that only states the scale ("(In millions, except per share amounts)") counts too.
  const scaleRows = new Set<number>();
  for (let r = 0; r < rowCount; r++) {
    const text = rowText(r, 0, columnCount);
    if (
      valueCells(r).every((c) => !isFigureText(c.text)) &&
      text.length < 120 &&
      detectScaleText(text) &&
      /^\(|^(?:in|amounts|dollars|figures)\b/i.test(text)
    )
      scaleRows.add(r);
  }
  // Precedence, nearest the figures first: the column headers (a corner "$ in thousands"), a
  // row of the table that states it, the caption or title block, then the text around the
  // table. (A cell's own "$1.2 billion" and a row's own units are read with the figure.) When
  // two sources state different scales the nearest is used and the table notes the conflict,
  // so the answer is less sure and the reviewer sees which scale was applied.
  const scaleSources: [from: string, text: string][] = [
    ...headerTexts.map((t): [string, string] => ['column headers', t]),
    ...[...scaleRows].map((r): [string, string] => ['a row of the table', rowText(r, 0, columnCount)]),
    ['the title', input.title ?? ''],
    ...input.context.map((t): [string, string] => ['the text around the table', t]),
  ];
  let scale: LayoutTable['scale'];
  let scaleFrom = '';
  let shareScale: LayoutTable['shareScale'];
  const disagreeing: string[] = [];
  for (const [from, text] of scaleSources) {
    const found = detectScaleText(text.replace(/\bshares?\s+in\s+(?:thousands|millions|billions)\b/gi, ''));
    if (found && !scale) {
      scale = found;
      scaleFrom = from;
    } else if (found && found !== scale && found !== 'units') disagreeing.push(`${found} in ${from}`);
    shareScale ??= detectShareScale(text);
  }

  // Rows: wrapped labels joined, sections and totals.
  const rowLabels: (RowLabel | undefined)[] = Array.from({ length: rowCount }, () => undefined);
  const indents = input.rowIndents;
  const knowsIndent =
    indents !== undefined &&
    new Set(indents.filter((i) => i !== undefined).map((i) => Math.round((i as number) * 200))).size > 1;
  const tolerance = 0.004;
  interface Section {
    text: string;
    indent: number | undefined;
    flat: boolean;
    fresh: boolean;
  }
  const stack: Section[] = (input.initialSections ?? []).map((text) => ({
    text,
    indent: undefined,
    flat: true,
    fresh: false,
  }));
  let previousWasHeading = false;
  let pending: { text: string; rows: number[]; indent: number | undefined } | null = null;
  // `centred`: the row's figures stand on no label of their own, its label's first line above them.
  let lastData: { row: number; indent: number | undefined; centred: boolean } | null = null;

  const openHeading = (text: string, indent: number | undefined) => {
    if (knowsIndent && indent !== undefined) {
      while (stack.length > 0 && (stack.at(-1)?.indent ?? -1) >= indent - tolerance) stack.pop();
    } else if (!previousWasHeading && stack.length > 0) stack.pop();
    stack.push({ text: text.replace(/[:\s]+$/, ''), indent, flat: false, fresh: true });
    previousWasHeading = true;
  };

  for (const r of bodyRows) {
    if (scaleRows.has(r)) continue;
    const label = rowText(r, 0, labelColumns);
    const values = valueCells(r).filter((c) => !noteColumns.includes(c.column));
    const indent = indents?.[r];
    if (values.length === 0) {
      if (label === '') continue;
      // A lower-case line under a data row finishes that row's label ("…at end of" / "year"), as
      // does a unit under a label its figures sit beside, centred ("Return on capital employed," / "%"),
      // and any line under a label left unfinished ("Balance as of" / "December 31," / "2021").
      const finishing = lastData ? rowLabels[lastData.row] : undefined;
      if (
        lastData &&
        !pending &&
        finishing &&
        !FOOTNOTE.test(label) &&
        (/^(?:[a-z(]|%)/.test(label) ||
          endsUnfinished(finishing.text) ||
          // A label wrapped round its figures, centred on them ("Balance at December" / figures /
          // "31, 2021"): the line right under them ends it, unless it opens a section.
          (lastData.centred &&
            r === lastData.row + 1 &&
            !/:$/.test(label) &&
            !/^\p{Lu}{2,}\b[^\p{Ll}]*$/u.test(label)) ||
          // "…credit losses of $2,104 and" / "$1,876": cut after a joining word ("net" ends labels).
          (/\b(?:and|or|of|for|to|the|from|with|by)$/i.test(finishing.text) && !/:$/.test(label)))
      ) {
        const row = rowLabels[lastData.row] as RowLabel;
        row.text = joinWrapped(row.text, label);
        row.name = joinWrapped(row.name, label);
        lastData = null;
        continue;
      }
      if (
        pending &&
        (CONTINUES.test(label) || goesOn(pending.text) || wrapsInCapitals(pending.text, label))
      ) {
        pending.text = joinWrapped(pending.text, label);
        pending.rows.push(r);
        continue;
      }
      if (pending) openHeading(pending.text, pending.indent);
      pending = { text: label, rows: [r], indent };
      continue;
    }
    let text = label;
    let rowIndent = indent;
    let centred = false;
    if (pending) {
      if (label === '' || CONTINUES.test(label) || goesOn(pending.text)) {
        centred = label === '' && !/:$/.test(pending.text.trim());
        text = joinWrapped(pending.text, label).trim();
        rowIndent = pending.indent ?? indent;
      } else {
        openHeading(pending.text, pending.indent);
      }
      pending = null;
    }
    if (text === '') {
      // Figures with no label under a section's rows are its total ("Current assets" … 2,145).
      const top = stack.at(-1);
      if (top && lastData && !top.fresh) {
        const section = top.text.replace(/^(?:less|add)\s*:\s*/i, '');
        const name = `Total ${/^\p{Lu}\p{Ll}/u.test(section) ? section[0]?.toLowerCase() + section.slice(1) : section}`;
        rowLabels[r] = {
          text: name,
          name,
          section: stack.map((s) => s.text),
          isHeading: false,
          isTotal: true,
          ...(rowIndent !== undefined ? { indent: rowIndent } : {}),
        };
        stack.pop();
      }
      lastData = null;
      continue;
    }
    // Leave sections this row is not inside of.
    if (knowsIndent && rowIndent !== undefined) {
      const top = stack.at(-1);
      if (top?.fresh && top.indent !== undefined && Math.abs(top.indent - rowIndent) <= tolerance)
        top.flat = true;
      while (stack.length > 0) {
        const s = stack.at(-1) as Section;
        if (s.indent === undefined) break;
        if (s.indent > rowIndent + tolerance || (!s.flat && s.indent >= rowIndent - tolerance)) stack.pop();
        else break;
      }
    }
    for (const s of stack) s.fresh = false;
    const isTotal = TOTAL_ROW.test(text);
    const innermost = stack.at(-1)?.text ?? input.title?.replace(/\s*\([^)]*\)\s*$/, '') ?? '';
    const name =
      BARE_TOTAL.test(text) && innermost ? `Total ${innermost.replace(/^(?:less|add)\s*:\s*/i, '')}` : text;
    rowLabels[r] = {
      text,
      name,
      section: stack.map((s) => s.text),
      isHeading: false,
      isTotal,
      ...(rowIndent !== undefined ? { indent: rowIndent } : {}),
    };
    lastData = { row: r, indent: rowIndent, centred };
    previousWasHeading = false;
    if (isTotal && stack.length > 0) {
      const top = stack.at(-1) as Section;
      const headingWords = top.text
        .toLowerCase()
        .split(/\W+/)
        .filter((w) => w.length > 3);
      const closes =
        BARE_TOTAL.test(text) ||
        top.flat ||
        !knowsIndent ||
        (headingWords.length > 0 && headingWords.every((w) => text.toLowerCase().includes(w)));
      if (closes) stack.pop();
    }
  }
  if (pending) {
    for (const r of pending.rows)
      rowLabels[r] = {
        text: pending.text,
        name: pending.text,
        section: stack.map((s) => s.text),
        isHeading: true,
        isTotal: false,
      };
  }
  // Headings get a label too (they head rows; they hold no values).
  for (const r of bodyRows) {
    if (rowLabels[r] || valueCells(r).length > 0 || scaleRows.has(r)) continue;
    const label = rowText(r, 0, labelColumns);
    if (label) rowLabels[r] = { text: label, name: label, section: [], isHeading: true, isTotal: false };
  }

  const boxes: Box[] = input.cells.map((c) => c.box);
  const table: LayoutTable = {
    page: input.page,
    box: unionBox(boxes),
    context: input.context,
    rowCount,
    columnCount,
    headerRows,
    labelColumns,
    cells: input.cells,
    rowLabels,
    columnUnits,
    noteColumns,
    origin: input.origin,
  };
  const title = input.title
    ?.replace(/\s*\((?:in|amounts in|dollars in|unaudited|\$|€|£|us\$)[^)]*\)\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title) table.title = title;
  if (scale) table.scale = scale;
  if (scale && disagreeing.length > 0)
    table.scaleNote = `${scale} as stated in ${scaleFrom} (${[...new Set(disagreeing)].join('; ')})`;
  if (shareScale) table.shareScale = shareScale;
  return table;
}

/** The header text over a column, top to bottom ("December 31, 2019"; "Fiscal 2019 Q4"). */
export function columnHeaderPath(table: LayoutTable, column: number): string[] {
  const parts: string[] = [];
  for (let r = 0; r < table.headerRows; r++) {
    const cell = cellAt(table, r, column);
    if (cell?.text.trim() && parts.at(-1) !== cell.text.trim()) parts.push(cell.text.trim());
  }
  return parts;
}
