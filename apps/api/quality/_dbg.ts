import { readFileSync } from 'node:fs';
import { loadImage } from '../src/extraction/readers/image';
import { readChart } from '../src/extraction/charts';
import { closeOcrWorkers } from '../src/extraction';
for (const f of process.argv.slice(2)) {
  const bytes = readFileSync(f);
  const doc = await loadImage(bytes, { mediaType: 'image/png' });
  const page = doc.layout![0]!;
  if (process.env.WORDS) console.log(page.words.map((w) => `${w.text}@${w.box.map((v) => v.toFixed(3)).join(',')}`).join(' | '));
  const r = await readChart(bytes, page);
  if (process.env.WORDS) console.log("R2", [...(r as any).words ?? []].length);
  console.log(f, r.note ?? '', r.reading?.kind, r.table?.title);
  if (r.table) {
    const t = r.table;
    for (let row = 0; row < t.rowCount; row++) console.log('  ', t.cells.filter((c) => c.row === row).sort((a,b)=>a.column-b.column).map((c) => `${c.text}${c.confidence ? `(${c.confidence})` : ''}`).join(' | '));
  }
}
await closeOcrWorkers();
