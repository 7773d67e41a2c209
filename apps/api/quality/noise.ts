import sharp from 'sharp';
import { DocumentError, extractFromSource, HeuristicProvider } from '../src/extraction';
import type { QualityCase, QualitySuiteReport } from './types';

/**
 * `pnpm quality` suite 'noise' (issue 39): generated images with no text at all — blank pages,
 * gradients, photographed-like paper texture, a page of shapes — sent as a requester would
 * (`receipt_mapping` with the receipt's data points, and extract-everything). Nothing read from
 * noise may be answered above 0.5 confidence, and the request must fail with its reason (a
 * DocumentError whose message a requester understands). One case per image and request:
 * correct when it failed with a reason or answered nothing above 0.5.
 */

const FIELDS = ['Company', 'Date', 'Address', 'Total'];
const MAX_CONFIDENCE = 0.5;

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface NoiseImage {
  id: string;
  kind: 'blank' | 'gradient' | 'texture' | 'shapes';
  png: Buffer;
}

const svg = (w: number, h: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`);

/** Paper photographed: grain, a soft shadow and a tint, no print. */
async function texture(seed: number, w: number, h: number): Promise<Buffer> {
  const rnd = random(seed);
  const pixels = Buffer.alloc(w * h * 3);
  const tint = [230 + rnd() * 20, 225 + rnd() * 20, 210 + rnd() * 30];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const shade = 1 - 0.35 * (x / w) * (y / h);
      const grain = (rnd() - 0.5) * 60;
      for (let c = 0; c < 3; c++)
        pixels[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, (tint[c] ?? 220) * shade + grain));
    }
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .blur(0.8)
    .png()
    .toBuffer();
}

function shapes(seed: number, w: number, h: number): Buffer {
  const rnd = random(seed);
  const parts: string[] = [`<rect width="${w}" height="${h}" fill="#fafafa"/>`];
  for (let i = 0; i < 14; i++) {
    const x = Math.round(rnd() * w);
    const y = Math.round(rnd() * h);
    const s = Math.round(20 + rnd() * 120);
    const fill = `hsl(${Math.round(rnd() * 360)},60%,${Math.round(30 + rnd() * 40)}%)`;
    parts.push(
      i % 3 === 0
        ? `<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${fill}"/>`
        : i % 3 === 1
          ? `<rect x="${x}" y="${y}" width="${s}" height="${Math.round(s * 0.6)}" fill="${fill}"/>`
          : `<polygon points="${x},${y} ${x + s},${y + s / 3} ${x + s / 4},${y + s}" fill="${fill}"/>`,
    );
  }
  return svg(w, h, parts.join(''));
}

export async function noiseImages(seed = 39): Promise<NoiseImage[]> {
  const images: NoiseImage[] = [];
  const toPng = (buffer: Buffer) => sharp(buffer).png().toBuffer();
  images.push({
    id: 'blank-white',
    kind: 'blank',
    png: await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
  });
  images.push({
    id: 'blank-grey',
    kind: 'blank',
    png: await sharp({ create: { width: 600, height: 900, channels: 3, background: '#c8c4bc' } })
      .png()
      .toBuffer(),
  });
  for (const [i, [from, to, angle]] of (
    [
      ['#ffffff', '#202020', 'x2="0" y2="1"'],
      ['#f0e8d8', '#8090a0', 'x2="1" y2="1"'],
      ['#000000', '#ffffff', 'x2="1" y2="0"'],
    ] as const
  ).entries()) {
    images.push({
      id: `gradient-${i + 1}`,
      kind: 'gradient',
      png: await toPng(
        svg(
          700,
          1000,
          `<defs><linearGradient id="g" x1="0" y1="0" ${angle}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="700" height="1000" fill="url(#g)"/>`,
        ),
      ),
    });
  }
  for (let i = 0; i < 3; i++)
    images.push({ id: `texture-${i + 1}`, kind: 'texture', png: await texture(seed + i, 640, 900) });
  for (let i = 0; i < 3; i++)
    images.push({
      id: `shapes-${i + 1}`,
      kind: 'shapes',
      png: await toPng(shapes(seed + 10 + i, 800, 1000)),
    });
  return images;
}

const DEPS = { allowPrivateFetch: false, secBaseUrl: 'http://127.0.0.1:9', secUserAgent: 'sieve-quality' };

export async function runNoiseSuite(): Promise<QualitySuiteReport> {
  const provider = new HeuristicProvider();
  const cases: QualityCase[] = [];
  const documentSeconds: number[] = [];
  for (const image of await noiseImages()) {
    for (const [request, dataPoints] of [
      ['receipt fields', FIELDS],
      ['extract everything', []],
    ] as const) {
      const started = performance.now();
      let failedWith: string | null = null;
      let answered: { name: string; value: unknown; confidence: number }[] = [];
      try {
        const { tasks } = await extractFromSource(
          { kind: 'file', bytes: image.png, contentType: 'image/png' },
          { dataPoints: [...dataPoints], documentType: 'receipt_mapping' },
          { ...DEPS, provider },
        );
        answered = tasks.flatMap((t) =>
          Object.entries(t.result.result).map(([name, item]) => ({
            name,
            value: item.value,
            confidence: item.confidence,
          })),
        );
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        failedWith = error.message;
      }
      documentSeconds.push((performance.now() - started) / 1000);
      const top = answered.reduce((m, a) => Math.max(m, a.confidence), 0);
      const correct = failedWith !== null || top <= MAX_CONFIDENCE;
      if (process.env.QUALITY_NOISE_VERBOSE === '1' || failedWith === null)
        console.log(
          `  noise ${image.id} (${request}): ${failedWith ? `failed: ${failedWith}` : `completed, ${answered.length} values, top ${top.toFixed(2)} ${JSON.stringify(answered.slice(0, 4))}`}`,
        );
      cases.push({
        suite: 'noise',
        document: image.id,
        kind: image.kind,
        caseType: `${request} · ${failedWith ? 'failed with its reason' : 'completed'}`,
        dataPoint: request,
        expected: null,
        value: failedWith ?? answered.map((a) => `${a.name}=${String(a.value)}`).join('; '),
        correct,
        // The confidence the requester would have seen: none when the request failed.
        confidence: failedWith ? 0 : top,
        hasSourceText: false,
      });
    }
  }
  return { suite: 'noise', cases, documentSeconds };
}
