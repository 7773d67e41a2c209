import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { type PageModel, printedTable, type RowModel, type TableModel } from './report-model';

/**
 * Report pages as a reader meets them: HTML in a clean style (th/td, padding for indents) or in
 * the EDGAR style (currency symbols and closing parentheses in cells of their own, spacer
 * columns, spans), and PDF drawn at positions with pdf-lib (right-aligned figures, centred
 * headers, hanging indents, a table continued on the next page). Chromium prints the HTML to PDF
 * for a third form.
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function labelHtml(row: RowModel): string {
  if (!row.wrapAt) return esc(row.label);
  const words = row.label.split(' ');
  return `${esc(words.slice(0, row.wrapAt).join(' '))}<br>${esc(words.slice(row.wrapAt).join(' '))}`;
}

export type HtmlStyle = 'clean' | 'edgar' | 'filing' | 'typed';

function cleanTable(table: TableModel, font: string, rows: RowModel[], withHeader: boolean): string {
  const n = table.columns.length;
  const out: string[] = [];
  if (table.title) out.push(`<h3>${esc(table.title)}</h3>`);
  if (table.scaleText) out.push(`<p class="scale">${esc(table.scaleText)}</p>`);
  out.push(`<table style="font-family:${font}">`);
  if (withHeader) {
    out.push('<thead>');
    table.headerRows.forEach((hr, i) => {
      const corner = i === table.headerRows.length - 1 && table.cornerText ? esc(table.cornerText) : '';
      const note = table.hasNoteColumn ? `<th>${i === table.headerRows.length - 1 ? 'Note' : ''}</th>` : '';
      out.push(
        `<tr><th class="label">${corner}</th>${note}${hr.map((h) => `<th colspan="${h.span}">${esc(h.text)}</th>`).join('')}</tr>`,
      );
    });
    out.push('</thead>');
  }
  out.push('<tbody>');
  for (const row of rows) {
    const pad = `padding-left:${row.indent * 1.2}em`;
    const label =
      row.kind === 'heading' || row.kind === 'total' ? `<b>${labelHtml(row)}</b>` : labelHtml(row);
    const note = table.hasNoteColumn ? `<td class="note">${row.note ?? ''}</td>` : '';
    const cells = row.cells
      .map((c) => `<td class="num">${c && row.dollar ? `$&nbsp;${esc(c)}` : esc(c)}</td>`)
      .join('');
    out.push(
      `<tr><td class="label" style="${pad}">${label}</td>${note}${row.kind === 'heading' ? `<td colspan="${n}"></td>` : cells}</tr>`,
    );
  }
  out.push('</tbody></table>');
  return out.join('\n');
}

function edgarTable(table: TableModel, rows: RowModel[], withHeader: boolean): string {
  // Each value column is: spacer | "$" | figure | ")" ; the label column is wide.
  const out: string[] = [];
  if (table.title) out.push(`<p style="text-align:center;font-weight:bold">${esc(table.title)}</p>`);
  if (table.scaleText) out.push(`<p style="text-align:center">${esc(table.scaleText)}</p>`);
  out.push(
    '<table cellspacing="0" cellpadding="0" style="border-collapse:collapse;width:100%;font-family:Times New Roman;font-size:10pt">',
  );
  if (withHeader) {
    table.headerRows.forEach((hr, i) => {
      const corner = i === table.headerRows.length - 1 && table.cornerText ? esc(table.cornerText) : '';
      const note = table.hasNoteColumn
        ? `<td></td><td style="text-align:center">${i === table.headerRows.length - 1 ? 'Note' : ''}</td>`
        : '';
      const cells = hr
        .map(
          (h) =>
            `<td>&nbsp;</td><td colspan="${h.span * 4 - 1}" style="text-align:center;border-bottom:1px solid #000;font-weight:bold">${esc(h.text)}</td>`,
        )
        .join('');
      out.push(`<tr><td style="width:52%">${corner}</td>${note}${cells}</tr>`);
    });
  }
  for (const row of rows) {
    const indent = `<p style="margin:0 0 0 ${row.indent * 10}pt;text-indent:-8pt;padding-left:8pt">${labelHtml(row)}</p>`;
    const note = table.hasNoteColumn ? `<td></td><td style="text-align:center">${row.note ?? ''}</td>` : '';
    const cells = row.cells
      .map((c) => {
        const neg = /^\(.*\)$/.test(c);
        const body = neg ? c.slice(0, -1) : c;
        return `<td>&nbsp;</td><td>${row.dollar && c ? '$' : ''}</td><td style="text-align:right">${esc(body)}</td><td>${neg ? ')' : ''}</td>`;
      })
      .join('');
    out.push(`<tr style="vertical-align:bottom"><td>${indent}</td>${note}${cells}</tr>`);
  }
  out.push('</table>');
  return out.join('\n');
}

/**
 * A filing as today's EDGAR generators set it (inline XBRL): a first row of empty cells fixing
 * the grid's widths, every label over three grid columns, each figure column four wide ("$",
 * the figure inside an ix:nonFraction tag, ")", a spacer), headers spanning those with the
 * year on a line of its own, and the XBRL header hidden at the top of the page.
 */
function filingTable(table: TableModel, rows: RowModel[], withHeader: boolean): string {
  const n = table.columns.length;
  const span = (text: string, bold = false) =>
    `<span style="font-family:'Times New Roman',serif;font-size:10pt${bold ? ';font-weight:700' : ''}">${text}</span>`;
  const out: string[] = [];
  if (table.title) out.push(`<div style="text-align:center">${span(esc(table.title), true)}</div>`);
  if (table.scaleText) out.push(`<div style="text-align:center">${span(esc(table.scaleText))}</div>`);
  const widths = [1, 52, 0.1, ...(table.hasNoteColumn ? [5, 1] : [])];
  for (let c = 0; c < n; c++) widths.push(1, 36 / n, 0.1, 1);
  out.push('<table style="border-collapse:collapse;display:inline-table;width:100%">');
  out.push(`<tr>${widths.map((w) => `<td style="width:${w.toFixed(3)}%"></td>`).join('')}</tr>`);
  const note = (text: string) =>
    table.hasNoteColumn ? `<td style="text-align:center">${text}</td><td></td>` : '';
  if (withHeader) {
    table.headerRows.forEach((hr, i) => {
      const last = i === table.headerRows.length - 1;
      const corner = last && table.cornerText ? span(esc(table.cornerText)) : '';
      const cells = hr
        .map((h) => {
          const text = esc(h.text).replace(/^(.*\d,)\s+((?:19|20)\d{2})$/, '$1<br>$2');
          return `<td colspan="${h.span * 4 - 1}" style="padding:2px 1pt;text-align:center;vertical-align:bottom;border-bottom:1pt solid #000">${span(text, true)}</td><td></td>`;
        })
        .join('');
      out.push(`<tr><td colspan="3">${corner}</td>${note(last ? span('Note', true) : '')}${cells}</tr>`);
    });
  }
  rows.forEach((row, r) => {
    const pad = `padding:2px 1pt 2px ${1 + row.indent * 12}pt;vertical-align:bottom`;
    const label = `<td colspan="3" style="${pad}">${span(labelHtml(row), row.kind !== 'data')}</td>`;
    if (row.kind === 'heading') {
      out.push(`<tr>${label}<td colspan="${n * 4 + (table.hasNoteColumn ? 2 : 0)}"></td></tr>`);
      return;
    }
    const cells = row.cells
      .map((c, k) => {
        const neg = /^\(.*\)$/.test(c);
        const body = neg ? c.slice(0, -1) : c;
        const figure = c
          ? `<ix:nonFraction unitRef="usd" contextRef="c-${k + 1}" decimals="-3" name="us-gaap:Item${r}" format="ixt:num-dot-decimal" scale="3">${esc(body.replace(/^\(/, ''))}</ix:nonFraction>`
          : '';
        const shown = neg ? `(${figure}` : figure;
        return `<td style="vertical-align:bottom">${row.dollar && c ? span('$') : ''}</td><td style="text-align:right;vertical-align:bottom">${span(shown)}</td><td style="vertical-align:bottom">${neg ? span(')') : ''}</td><td></td>`;
      })
      .join('');
    out.push(`<tr>${label}${note(row.note ? span(esc(row.note)) : '')}${cells}</tr>`);
  });
  out.push('</table>');
  return out.join('\n');
}

/** The inline-XBRL header a filing hides at its top (facts and contexts, never shown). */
const XBRL_HEADER =
  '<div style="display:none"><ix:header><ix:hidden><ix:nonNumeric name="dei:AmendmentFlag" contextRef="c-1">false</ix:nonNumeric><ix:nonNumeric name="dei:DocumentFiscalYearFocus" contextRef="c-1">2023</ix:nonNumeric></ix:hidden><ix:resources><xbrli:context id="c-1"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000320193</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>2022-09-25</xbrli:startDate><xbrli:endDate>2023-09-30</xbrli:endDate></xbrli:period></xbrli:context></ix:resources></ix:header></div>';

function proseHtml(paragraphs: string[]): string {
  return `<div style="flex:1">${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}</div>`;
}

/**
 * A table typed in fixed-width text, as older EDGAR filings carry it in `<pre>`: labels padded
 * with dot leaders or spaces, figures right-aligned in columns two or more spaces apart, headers
 * centred over their columns with rules under them.
 */
function typedTable(table: TableModel, rows: RowModel[], withHeader: boolean, leaders: boolean): string {
  const n = table.columns.length;
  const labelOf = (row: RowModel) => {
    const words = row.label.split(' ');
    return row.wrapAt
      ? [words.slice(0, row.wrapAt).join(' '), `  ${words.slice(row.wrapAt).join(' ')}`]
      : [row.label];
  };
  const labelWidth =
    Math.max(20, ...table.rows.flatMap((row) => labelOf(row).map((l) => l.length + row.indent * 2))) + 4;
  const noteWidth = table.hasNoteColumn ? 6 : 0;
  const cellText = (row: RowModel, c: string) => (c && row.dollar ? `$ ${c}` : c);
  const columnWidth = Math.max(
    10,
    ...table.rows.flatMap((row) => row.cells.map((c) => cellText(row, c).length + 2)),
    ...table.headerRows.flatMap((hr) => hr.filter((h) => h.span === 1).map((h) => h.text.length + 2)),
  );
  const out: string[] = [];
  const width = labelWidth + noteWidth + n * columnWidth;
  const centre = (text: string, w: number) => {
    const left = Math.max(0, Math.floor((w - text.length) / 2));
    return `${' '.repeat(left)}${text}`.padEnd(w);
  };
  if (table.title) out.push(centre(table.title.toUpperCase(), width).trimEnd());
  if (table.scaleText) out.push(centre(table.scaleText, width).trimEnd());
  if (table.title || table.scaleText) out.push('');
  if (withHeader) {
    table.headerRows.forEach((hr, i) => {
      const last = i === table.headerRows.length - 1;
      let line = (last && table.cornerText ? table.cornerText : '').padEnd(labelWidth);
      line += (table.hasNoteColumn && last ? 'Note' : '').padEnd(noteWidth);
      let rule = ' '.repeat(labelWidth + noteWidth);
      for (const h of hr) {
        const w = h.span * columnWidth;
        line += centre(h.text, w).slice(0, w);
        rule += ` ${'-'.repeat(w - 2)} `;
      }
      out.push(line.trimEnd(), rule.trimEnd());
    });
  }
  for (const row of rows) {
    const labels = labelOf(row);
    const indent = ' '.repeat(row.indent * 2);
    for (const extra of labels.slice(0, -1)) out.push(`${indent}${extra}`);
    const last = `${indent}${labels.at(-1) ?? ''}`;
    if (row.kind === 'heading') {
      out.push(last);
      continue;
    }
    let line = leaders ? `${last} `.padEnd(labelWidth - 2, '.').padEnd(labelWidth) : last.padEnd(labelWidth);
    line += (row.note ?? '').padStart(noteWidth - 2).padEnd(noteWidth);
    for (const c of row.cells)
      line += cellText(row, c)
        .padStart(columnWidth - (c.endsWith(')') ? 1 : 2))
        .padEnd(columnWidth);
    out.push(line.trimEnd());
  }
  return `<pre>${esc(out.join('\n'))}</pre>`;
}

/** One page of HTML (the split table's second part stays on the same page in HTML). */
export function reportHtml(
  page: PageModel,
  style: HtmlStyle,
  font = 'Helvetica, Arial, sans-serif',
  pageBreakAtSplit = false,
): string {
  const body: string[] = [...(style === 'filing' ? [XBRL_HEADER] : []), `<h1>${esc(page.heading)}</h1>`];
  if (page.intro) body.push(`<p>${esc(page.intro)}</p>`);
  const prose = page.sideProse;
  if (prose) {
    body.push('<div style="display:flex;gap:32px;align-items:flex-start">');
    if (prose.side === 'left') body.push(proseHtml(prose.paragraphs));
    body.push('<div style="flex:1">');
  }
  page.tables.map(printedTable).forEach((table, t) => {
    const split = t === 0 && page.splitAfterRows !== undefined ? page.splitAfterRows : undefined;
    const parts = split === undefined ? [table.rows] : [table.rows.slice(0, split), table.rows.slice(split)];
    parts.forEach((rows, p) => {
      const withHeader = p === 0 || !!page.repeatHeaderOnSplit;
      const t2 = p === 0 ? table : { ...table, title: undefined, scaleText: undefined };
      if (p > 0 && pageBreakAtSplit) body.push('<div style="break-before:page"></div>');
      body.push(
        style === 'edgar'
          ? edgarTable(t2 as TableModel, rows, withHeader)
          : style === 'filing'
            ? filingTable(t2 as TableModel, rows, withHeader)
            : style === 'typed'
              ? typedTable(t2 as TableModel, rows, withHeader, page.id.length % 2 === 0 || !!table.dotLeaders)
              : cleanTable(t2 as TableModel, font, rows, withHeader),
      );
    });
    if (t < page.tables.length - 1) body.push('<p>&nbsp;</p>');
  });
  if (prose) {
    body.push('</div>');
    if (prose.side === 'right') body.push(proseHtml(prose.paragraphs));
    body.push('</div>');
  }
  if (page.footer) body.push(`<p style="font-size:8pt">${esc(page.footer)}</p>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(page.heading)}</title><style>
body{font-family:${font};font-size:9.5pt;margin:36px;color:#111}
h1{font-size:14pt} h3{font-size:10.5pt;margin:14px 0 2px} p.scale{margin:0 0 6px;font-style:italic}
table{border-collapse:collapse} td,th{padding:1px 6px;vertical-align:bottom}
td.label,th.label{width:300px;text-align:left} td.num{text-align:right;white-space:nowrap;min-width:60px}
th{font-weight:bold;text-align:center;border-bottom:1px solid #444} td.note{text-align:center}
</style></head><body>${body.join('\n')}</body></html>`;
}

// ---------------------------------------------------------------------------------------------
// PDF drawn at positions

interface PdfStyle {
  font: (typeof StandardFonts)[keyof typeof StandardFonts];
  bold: (typeof StandardFonts)[keyof typeof StandardFonts];
  size: number;
  labelWidth: number;
  columnWidth: number;
}

export const PDF_STYLES: PdfStyle[] = [
  {
    font: StandardFonts.Helvetica,
    bold: StandardFonts.HelveticaBold,
    size: 9,
    labelWidth: 250,
    columnWidth: 70,
  },
  {
    font: StandardFonts.TimesRoman,
    bold: StandardFonts.TimesRomanBold,
    size: 10,
    labelWidth: 230,
    columnWidth: 64,
  },
  {
    font: StandardFonts.Helvetica,
    bold: StandardFonts.HelveticaBold,
    size: 8,
    labelWidth: 220,
    columnWidth: 58,
  },
];

/** The page drawn with pdf-lib; the split table continues on a second page. */
export async function reportPdf(page: PageModel, styleIndex = 0): Promise<Uint8Array> {
  return (await drawReport(page, styleIndex)).bytes;
}

/** A run of text as drawn: its page, left edge and baseline in points, font size. */
interface DrawnRun {
  page: number;
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  /** Its drawn width in points. */
  width: number;
}

/**
 * The page as PDF-to-HTML converters write it: every drawn run an absolutely placed element, by
 * inline `top`/`left` (pdftohtml) or by classes for `left`/`bottom` and font size (pdf2htmlEX),
 * one positioned box per PDF page. No tables: only positions say what lines up.
 */
export async function reportPositionedHtml(page: PageModel, styleIndex = 0): Promise<string> {
  const { runs, pages } = await drawReport(page, styleIndex);
  const scale = 4 / 3;
  const W = 612 * scale;
  const H = 792 * scale;
  // pdftohtml: a placed element per run; pdf2htmlEX: one per line, spacers between its runs.
  const form = (['runs', 'classes', 'lines'] as const)[styleIndex % 3];
  const byClasses = form !== 'runs';
  const css: string[] = [];
  const classOf = new Map<string, string>();
  const cls = (prefix: string, prop: string, value: number) => {
    const key = `${prefix}:${value.toFixed(2)}`;
    let name = classOf.get(key);
    if (!name) {
      name = `${prefix}${classOf.size.toString(36)}`;
      classOf.set(key, name);
      css.push(`.${name}{${prop}:${value.toFixed(2)}px}`);
    }
    return name;
  };
  const body: string[] = [];
  for (let p = 0; p < pages; p++) {
    body.push(
      `<div class="${byClasses ? 'pf' : ''}" id="page${p + 1}-div" style="position:relative;width:${W}px;height:${H}px;">`,
    );
    const onPage = runs.filter((r) => r.page === p);
    if (form === 'lines') {
      const lines = new Map<number, DrawnRun[]>();
      for (const run of onPage) lines.set(run.y, [...(lines.get(run.y) ?? []), run]);
      for (const line of lines.values()) {
        line.sort((a, b) => a.x - b.x);
        const first = line[0] as DrawnRun;
        const size = first.size * scale;
        const classes = [
          cls('x', 'left', first.x * scale),
          cls('y', 'bottom', first.y * scale - size * 0.2),
          cls('fs', 'font-size', size),
        ];
        const parts = line.map((run, k) => {
          const prev = line[k - 1];
          const gap = prev ? (run.x - (prev.x + prev.width)) * scale : 0;
          const spacer = gap > 0 ? `<span class="_ ${cls('_', 'width', gap)}"></span>` : '';
          return `${spacer}${run.bold ? '<b>' : ''}${esc(run.text)}${run.bold ? '</b>' : ''}`;
        });
        body.push(`<div class="t ${classes.join(' ')}">${parts.join('')}</div>`);
      }
      body.push('</div>');
      continue;
    }
    for (const run of onPage) {
      const size = run.size * scale;
      const left = run.x * scale;
      const text = `${run.bold ? '<b>' : ''}${esc(run.text)}${run.bold ? '</b>' : ''}`;
      if (byClasses) {
        const classes = [
          cls('x', 'left', left),
          cls('y', 'bottom', run.y * scale - size * 0.2),
          cls('fs', 'font-size', size),
        ];
        body.push(`<div class="t ${classes.join(' ')}">${text}</div>`);
      } else {
        const top = (792 - run.y) * scale - size * 0.8;
        body.push(
          `<p style="position:absolute;top:${top.toFixed(0)}px;left:${left.toFixed(0)}px;white-space:nowrap;font-size:${size.toFixed(0)}px">${text}</p>`,
        );
      }
    }
    body.push('</div>');
  }
  const pageCss = byClasses ? '.t{position:absolute;white-space:pre}._{display:inline-block}' : '';
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(page.heading)}</title><style>${pageCss}${css.join('')}</style></head><body>${body.join('\n')}</body></html>`;
}

async function drawReport(
  page: PageModel,
  styleIndex: number,
): Promise<{ bytes: Uint8Array; runs: DrawnRun[]; pages: number }> {
  const runs: DrawnRun[] = [];
  let pageIndex = 0;
  const style = PDF_STYLES[styleIndex % PDF_STYLES.length] as PdfStyle;
  const doc = await PDFDocument.create();
  doc.setTitle(page.heading);
  const font = await doc.embedFont(style.font);
  const bold = await doc.embedFont(style.bold);
  const W = 612;
  const H = 792;
  const margin = 50;
  let pdfPage = doc.addPage([W, H]);
  let y = H - margin;
  const lh = style.size * 1.45;
  const width = (t: string, f: PDFFont = font, size = style.size) =>
    f.widthOfTextAtSize(t.replace(/[’]/g, "'").replace(/[–—]/g, '-'), size);
  const text = (t: string, x: number, f: PDFFont = font, size = style.size) => {
    runs.push({ page: pageIndex, text: t, x, y, size, bold: f === bold, width: width(t, f, size) });
    pdfPage.drawText(t.replace(/[’]/g, "'").replace(/[–—]/g, '-'), {
      x,
      y,
      size,
      font: f,
      color: rgb(0, 0, 0),
    });
  };
  text(page.heading, margin, bold, style.size + 4);
  y -= lh * 2;
  if (page.intro) {
    text(page.intro, margin);
    y -= lh * 1.6;
  }
  // Beside a column of prose the table takes half the page.
  const prose = page.sideProse;
  const half = (W - 2 * margin - 24) / 2;
  const tableLeft = prose?.side === 'left' ? margin + half + 24 : margin;
  const tableRight = prose ? tableLeft + half : W - margin;
  const pageLabelWidth = prose ? Math.min(style.labelWidth, half * 0.45) : style.labelWidth;
  if (prose) {
    const proseLeft = prose.side === 'left' ? margin : margin + half + 24;
    const top = y;
    for (const paragraph of prose.paragraphs) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        if (line && width(`${line} ${word}`) > half) {
          text(line, proseLeft);
          y -= lh;
          line = word;
        } else line = line ? `${line} ${word}` : word;
      }
      if (line) text(line, proseLeft);
      y -= lh * 1.6;
    }
    y = top;
  }
  for (const [t, table] of page.tables.map(printedTable).entries()) {
    const n = table.columns.length;
    const noteWidth = table.hasNoteColumn ? 34 : 0;
    // Years down the side need a narrow label column, leaving room for the measures.
    const labelWidth = page.tables[t]?.transposedUnits
      ? Math.min(pageLabelWidth, Math.max(70, ...table.rows.map((row) => width(row.label, bold) + 24)))
      : pageLabelWidth;
    // Wide enough for the widest single-column header, as a typesetter would make it.
    const widest = Math.max(
      0,
      ...table.headerRows.flatMap((hr) =>
        hr.filter((h) => h.span === 1).map((h) => width(h.text, bold) + 10),
      ),
    );
    const columnWidth = Math.min(
      Math.max(style.columnWidth, widest),
      (tableRight - tableLeft - labelWidth - noteWidth) / n,
    );
    const colRight = (c: number) => tableLeft + labelWidth + noteWidth + (c + 1) * columnWidth;
    const drawHeader = () => {
      table.headerRows.forEach((hr, i) => {
        let c = 0;
        if (i === table.headerRows.length - 1 && table.cornerText) text(table.cornerText, tableLeft);
        if (table.hasNoteColumn && i === table.headerRows.length - 1)
          text('Note', tableLeft + labelWidth + 4, bold);
        for (const h of hr) {
          const left = colRight(c) - columnWidth + 8;
          const right = colRight(c + h.span - 1);
          const w = width(h.text, bold);
          text(h.text, left + (right - left - w) / 2, bold);
          if (h.span > 1 || i === table.headerRows.length - 1)
            pdfPage.drawLine({ start: { x: left, y: y - 2 }, end: { x: right, y: y - 2 }, thickness: 0.5 });
          c += h.span;
        }
        y -= lh;
      });
    };
    if (table.title) {
      text(table.title, tableLeft, bold, style.size + 1);
      y -= lh;
    }
    if (table.scaleText) {
      text(table.scaleText, tableLeft);
      y -= lh * 1.2;
    }
    drawHeader();
    for (const [i, row] of table.rows.entries()) {
      if (t === 0 && page.splitAfterRows === i) {
        pdfPage = doc.addPage([W, H]);
        pageIndex += 1;
        y = H - margin;
        text(`${page.heading} (continued)`, margin, font, style.size - 1);
        y -= lh * 2;
        if (page.repeatHeaderOnSplit) drawHeader();
      }
      const x = tableLeft + row.indent * 10;
      const f = row.kind === 'heading' ? bold : font;
      if (row.wrapAt) {
        const words = row.label.split(' ');
        text(words.slice(0, row.wrapAt).join(' '), x, f);
        y -= lh;
        text(words.slice(row.wrapAt).join(' '), x + 8, f);
      } else text(row.label, x, f);
      if (table.dotLeaders && row.kind !== 'heading') {
        const labelEnd =
          x +
          width(row.wrapAt ? row.label.split(' ').slice(row.wrapAt).join(' ') : row.label, f) +
          (row.wrapAt ? 8 : 0) +
          4;
        const dotsEnd = tableLeft + labelWidth - 6;
        const dot = width('.');
        if (dotsEnd > labelEnd + dot * 4) text('.'.repeat(Math.floor((dotsEnd - labelEnd) / dot)), labelEnd);
      }
      if (row.note) text(row.note, tableLeft + labelWidth + 4 + (noteWidth - 8 - width(row.note)) / 2);
      row.cells.forEach((c, k) => {
        if (!c) return;
        const right = colRight(k);
        // Closing parentheses hang past the figures' right edge.
        const hang = c.endsWith(')') ? width(')') : 0;
        text(c, right - width(c) + hang);
        if (row.dollar) text('$', right - columnWidth + 10);
      });
      y -= lh;
    }
    y -= lh * 1.5;
  }
  if (page.footer) text(page.footer, margin, font, style.size - 1);
  return { bytes: await doc.save(), runs, pages: pageIndex + 1 };
}

/**
 * A long annual-report PDF: `count` generated report pages (every layout in turn) in one file,
 * and the data points an analyst would ask of it. For the speed benchmark.
 */
export async function annualReportPdf(
  count: number,
  seed = 7,
): Promise<{ bytes: Uint8Array; dataPoints: string[] }> {
  const { reportPages, casesOf } = await import('./report-pages');
  const pages = reportPages(count, seed);
  const doc = await PDFDocument.create();
  for (const [i, page] of pages.entries()) {
    const one = await PDFDocument.load(await reportPdf(page, i));
    for (const copied of await doc.copyPages(one, one.getPageIndices())) doc.addPage(copied);
    if (doc.getPageCount() >= count) break;
  }
  const dataPoints = [...new Set(pages.flatMap((p) => casesOf(p).map((c) => c.dataPoint)))].slice(0, 40);
  return { bytes: await doc.save(), dataPoints };
}
