import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * How every reader here opens a PDF with pdfjs-dist 5.6 (legacy build for Node 20): where the
 * module, its CMaps and standard fonts are, and the safe options — no eval of font programs
 * (CVE-2024-4367 class), no font loading, quiet. Worker threads get `pdfjsSetup()` as workerData
 * and call `getDocument({ ...setup.options, data })`.
 */

export interface PdfjsSetup {
  moduleUrl: string;
  options: {
    verbosity: number;
    isEvalSupported: boolean;
    disableFontFace: boolean;
    useSystemFonts: boolean;
    cMapUrl: string;
    cMapPacked: boolean;
    standardFontDataUrl: string;
  };
}

let setup: PdfjsSetup | undefined;

export function pdfjsSetup(): PdfjsSetup {
  if (!setup) {
    const require = createRequire(import.meta.url);
    const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
    setup = {
      moduleUrl: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
      options: {
        verbosity: 0,
        isEvalSupported: false,
        disableFontFace: true,
        useSystemFonts: false,
        // pdfjs reads these from disk under Node: plain directory paths with a trailing slash.
        cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
        cMapPacked: true,
        standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
      },
    };
  }
  return setup;
}
