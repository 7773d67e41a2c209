import * as cheerio from 'cheerio';

/**
 * A fetched web page (website crawl, SEC filing) as the reviewer sees it later (DESIGN §11): the
 * same markup and text the AI read, with everything that runs or reaches the network taken out.
 * The stored copy is also served with a sandboxing CSP; this is the second lock, so a snapshot
 * opened any other way is still inert.
 */

export const SNAPSHOT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'";

// Elements that run code, embed other documents or load from elsewhere.
const REMOVED = [
  'script',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'link',
  'meta',
  'portal',
  'template',
].join(',');

const URL_ATTRIBUTES = [
  'src',
  'srcset',
  'href',
  'action',
  'formaction',
  'poster',
  'background',
  'xlink:href',
  'data',
];

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sanitiseHtmlSnapshot(bytes: Uint8Array, sourceUrl: string): string {
  const $ = cheerio.loadBuffer(Buffer.from(bytes));
  $(REMOVED).remove();
  $('*').each((_, element) => {
    if (element.type !== 'tag') return;
    for (const name of Object.keys(element.attribs)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) {
        $(element).removeAttr(name);
      } else if (URL_ATTRIBUTES.includes(lower)) {
        const value = element.attribs[name] ?? '';
        // Keep where a link pointed (readable in the attribute), never follow it.
        if (lower === 'href') $(element).attr('data-href', value);
        if (!value.trim().toLowerCase().startsWith('data:image/')) $(element).removeAttr(name);
      } else if (lower === 'style' && /url\s*\(|expression\s*\(/i.test(element.attribs[name] ?? '')) {
        $(element).removeAttr(name);
      }
    }
  });
  $('style').each((_, element) => {
    const css = $(element).text();
    if (/@import|url\s*\(/i.test(css))
      $(element).text(css.replace(/@import[^;]*;?/gi, '').replace(/url\s*\([^)]*\)/gi, 'none'));
  });
  const head = $('head').length > 0 ? $('head') : $('html').prepend('<head></head>').find('head');
  head.prepend(
    `<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${SNAPSHOT_CSP}">` +
      `<meta name="sieve-source-url" content="${escapeAttribute(sourceUrl)}">`,
  );
  return $.html();
}
