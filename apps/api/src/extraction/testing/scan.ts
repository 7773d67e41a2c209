import sharp from 'sharp';

/**
 * Lines of thermal-printer text as a ~170 dpi scan: monospaced print, a white margin. The receipt
 * and image tests write their receipts by hand and read them through OCR as a customer's scan.
 */
export async function scanOf(lines: string[], format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const markup = `<span foreground="#111111">${lines.map(escapeXml).join('\n')}</span>`;
  const page = sharp({ text: { text: markup, font: 'DejaVu Sans Mono 9', dpi: 170, rgba: true } })
    .flatten({ background: '#ffffff' })
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' });
  return format === 'png' ? page.png().toBuffer() : page.jpeg({ quality: 88 }).toBuffer();
}
