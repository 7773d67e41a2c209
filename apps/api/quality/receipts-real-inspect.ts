import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { closeOcrWorkers, type ExtractedDocument, extractReceiptFields, loadImage } from '../src/extraction';
import { DEV_FIRST, scoreField } from './receipts-real';

/**
 * Looks at development receipts of the real set one by one (issue 39): `SROIE_MIRROR=… tsx
 * quality/receipts-real-inspect.ts 214 221` prints each one's key, its OCR'd lines (mean word
 * confidence) and the fields found. Receipts below 200 are held out and refused. Uses the OCR cache
 * of the suite (QUALITY_REAL_OCR_CACHE) when given. Prints to the terminal only: nothing of the
 * data set is written into the repository.
 */
const mirror = process.env.SROIE_MIRROR ?? '';
const cacheDir = process.env.QUALITY_REAL_OCR_CACHE;
const show = (object: string) =>
  execFileSync('git', ['--git-dir', mirror, 'show', `HEAD:${object}`], { maxBuffer: 64 << 20 });
for (const arg of process.argv.slice(2)) {
  const n = Number(arg);
  if (!(n >= DEV_FIRST && n <= 625)) {
    console.log(`${arg}: not a development receipt (200–625)`);
    continue;
  }
  const id = String(n).padStart(3, '0');
  const key = JSON.parse(show(`data/key/${id}.json`).toString('utf8'));
  const bytes = show(`data/img/${id}.jpg`);
  const cached = cacheDir
    ? path.join(cacheDir, `${createHash('sha1').update(bytes).digest('hex')}.json`)
    : '';
  const doc: ExtractedDocument =
    cached && existsSync(cached)
      ? JSON.parse(readFileSync(cached, 'utf8'))
      : await loadImage(bytes, { mediaType: 'image/jpeg' });
  console.log(`=== ${id} key ${JSON.stringify(key)}`);
  if (process.env.LINES !== '0')
    for (const line of doc.layout?.[0]?.lines ?? []) {
      const words = line.segments.flatMap((s) => s.words);
      const conf = words.reduce((a, w) => a + (w.confidence ?? 1), 0) / Math.max(1, words.length);
      console.log(`  ${conf.toFixed(2)} | ${line.segments.map((s) => s.text).join(' || ')}`);
    }
  const found = extractReceiptFields(doc, ['Company', 'Address', 'Date', 'Total']);
  for (const field of ['Company', 'Address', 'Date', 'Total'] as const) {
    const f = found[field];
    const { correct } = scoreField(field, key, f?.value ?? null);
    console.log(
      `  ${correct ? 'ok  ' : 'MISS'} ${field}: ${JSON.stringify(f?.value ?? null)} (${f?.confidence ?? 0})`,
    );
  }
}
await closeOcrWorkers();
