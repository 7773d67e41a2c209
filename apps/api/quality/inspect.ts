import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  closeOcrWorkers,
  closePdfWorkers,
  columnHeaderPath,
  HeuristicProvider,
  loadBytes,
  tableCandidates,
} from '../src/extraction';
import { reportPages } from './corpus/report-pages';
import { scannedReport } from './corpus/scanned-reports';
import { renderTableCorpus } from './tables';

/**
 * Looks at one document as the reader sees it: `tsx src/extraction/quality/inspect.ts
 * page-011.pdf` (a corpus document, written to /tmp so it can be opened; `page-012.scan.pdf` is
 * the scanned-tables suite's image-only version of page 12, OCR'd) or a path to any file, then
 * data points to ask of it: prints its tables (header paths, row names, sections, cells), with
 * LINES=1 its lines and segments, and each data point's value, confidence and location (with
 * CANDIDATES=1 the best table cells and their scores; DOCUMENT_TYPE=receipt_mapping asks as a
 * receipt request does).
 */
const [id = 'page-001.pdf', ...dataPoints] = process.argv.slice(2);
async function corpusDocument(): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const scan = /^(page-\d+)\.scan\.pdf$/.exec(id);
  if (scan) {
    const all = reportPages(Number(process.env.QUALITY_SCANNED_PAGES ?? 24));
    const index = all.findIndex((p) => p.id === scan[1]);
    const page = all[index];
    return page ? { bytes: await scannedReport(page, index), contentType: 'application/pdf' } : undefined;
  }
  const docs = await renderTableCorpus({
    pages: Number(process.env.QUALITY_PAGES ?? 45),
    ...(id.includes('chromium') ? { chromiumPath: '/usr/bin/chromium' } : {}),
  });
  return docs.find((d) => d.id === id);
}
let bytes: Uint8Array;
let contentType: string | undefined;
if (existsSync(id)) {
  bytes = readFileSync(id);
  contentType = /\.html?$/i.test(id) ? 'text/html' : undefined;
} else {
  const doc = await corpusDocument();
  if (!doc) throw new Error(`no ${id}`);
  writeFileSync(`/tmp/${id}`, doc.bytes);
  bytes = doc.bytes;
  contentType = doc.contentType;
}
const extracted = await loadBytes(bytes, contentType ? { contentType } : {});
for (const page of extracted.layout ?? []) {
  console.log(`--- page ${page.number}: ${page.lines.length} lines, ${page.tables.length} tables`);
  if (process.env.LINES)
    for (const l of page.lines)
      console.log(
        `   | ${l.segments.map((s) => `${s.text}@${s.box[0].toFixed(3)}-${s.box[2].toFixed(3)}`).join(' || ')}`,
      );
  for (const t of page.tables) {
    console.log(
      `  table: title=${JSON.stringify(t.title)} scale=${t.scale} share=${t.shareScale} rows=${t.rowCount} cols=${t.columnCount} header=${t.headerRows} notes=${t.noteColumns} units=${JSON.stringify(t.columnUnits)} continued=${t.continuedFrom}`,
    );
    console.log(`   context: ${JSON.stringify(t.context)}`);
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
if (dataPoints.length > 0) {
  // DOCUMENT_TYPE=receipt_mapping asks as a receipt request does (receipt fields first).
  const { result } = await new HeuristicProvider().extract(extracted, dataPoints, {
    documentType: process.env.DOCUMENT_TYPE ?? (contentType === 'text/html' ? 'html' : 'pdf'),
  });
  for (const dp of dataPoints) {
    const item = result[dp];
    console.log(`${dp} => ${item?.value ?? null}  [${item?.confidence?.toFixed(2)}] ${item?.location ?? ''}`);
    // CANDIDATES=1: the table cells that came closest, with their scores.
    if (process.env.CANDIDATES)
      for (const c of tableCandidates(extracted.layout ?? [], dp).slice(0, 5))
        console.log(`    ${c.score.toFixed(3)} ${c.value} ${c.item.location}`);
  }
}
await closePdfWorkers();
await closeOcrWorkers();
