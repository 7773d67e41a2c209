import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib.mjs';

/** gzip size of what each app's index.html loads at start (entry JS + its modulepreloads, CSS). */
export async function bundleSizes() {
  const results = {};
  for (const app of ['reviewer', 'requester', 'admin']) {
    const dist = path.join(ROOT, 'apps', app, 'dist');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const refs = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    let js = 0;
    let css = 0;
    for (const ref of new Set(refs)) {
      const size = gzipSync(readFileSync(path.join(dist, ref))).length;
      if (ref.endsWith('.js')) js += size;
      else css += size;
    }
    const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    results[app] = {
      initialJsGzipKb: Number((js / 1024).toFixed(1)),
      initialCssGzipKb: Number((css / 1024).toFixed(1)),
      jsChunks: all.length,
    };
  }
  return results;
}
