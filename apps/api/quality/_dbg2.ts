import { readFileSync } from 'node:fs';
import { decodeRgb, backgroundColour, findPalette } from '../src/extraction/charts/pixels';
const r = await decodeRgb(readFileSync(process.argv[2]!));
const bg = backgroundColour(r);
console.log(r.width, r.height, bg, findPalette(r, bg));
