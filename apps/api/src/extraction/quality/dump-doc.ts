import { readFileSync } from 'node:fs';
import { closePdfWorkers } from '../documents/pdf';
import { columnHeaderPath } from '../documents/table-builder';
import { loadBytes } from '../extract-document';

const file = process.argv[2] as string;
const extracted = await loadBytes(readFileSync(file), {
  contentType: file.endsWith('.pdf') ? 'application/pdf' : 'text/html',
});
for (const page of extracted.layout ?? []) {
  console.log(`--- page ${page.number}: ${page.lines.length} lines, ${page.tables.length} tables`);
  if (process.env.LINES)
    for (const l of page.lines)
      console.log(
        `   | ${l.segments.map((s) => `${s.text}@${s.box[0].toFixed(3)}-${s.box[2].toFixed(3)}`).join(' || ')}`,
      );
  for (const t of page.tables) {
    console.log(
      `  table: title=${JSON.stringify(t.title)} scale=${t.scale} rows=${t.rowCount} cols=${t.columnCount} header=${t.headerRows} labelCols=${t.labelColumns} units=${JSON.stringify(t.columnUnits)}`,
    );
    for (let c = t.labelColumns; c < t.columnCount; c++)
      console.log(`   col ${c}: ${JSON.stringify(columnHeaderPath(t, c))}`);
    for (let r = t.headerRows; r < t.rowCount; r++) {
      const l = t.rowLabels[r];
      const cells = t.cells
        .filter((c) => c.row === r)
        .sort((a, b) => a.column - b.column)
        .map((c) => `${c.column}:${c.text}`);
      console.log(
        `   r${r} ${l ? `${l.isHeading ? 'H' : l.isTotal ? 'T' : '-'} "${l.name}" [${l.section.join(' > ')}]` : '(none)'}  ${cells.join(' | ')}`,
      );
    }
  }
}
await closePdfWorkers();
