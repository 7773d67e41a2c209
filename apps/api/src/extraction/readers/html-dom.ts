import { signed } from '../model/layout-builder';
import type { DomNode } from './positioned-html';

/**
 * What an HTML element is to the reader: skipped, a block or inline, hidden, styled by a class (the
 * page's own style sheet), a footnote mark; and its text, collapsed as a browser shows it.
 */

export const SKIPPED = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'audio',
  'video',
  'map',
  'select',
  'button',
  'input',
  'textarea',
]);

const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'ul',
  'tr',
  'td',
  'th',
]);

/**
 * The declarations the page's style sheets give each class (the subject of a selector: ".tiles
 * .num" styles .num). Read for layout the markup does not state: classes displayed as boxes of
 * their own — a "key figures" tile of <span>s reads as its lines, not "Revenue£1,532.4m+6%" —
 * and grids. Set for the duration of one parse (parsing is synchronous).
 */
let classStyles = new Map<string, string>();

/** The page's style sheets for the parse that follows (none: forget the last page's). */
export function useClassStyles(styles: string[]): void {
  classStyles = styles.length > 0 ? classStylesOf(styles) : new Map();
}

function classStylesOf(styles: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const css of styles)
    for (const rule of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const declarations = (rule[2] ?? '').trim();
      if (!declarations) continue;
      for (const selector of (rule[1] ?? '').split(',')) {
        const subject =
          selector
            .trim()
            .split(/[\s>+~]+/)
            .at(-1) ?? '';
        if (/[:[]/.test(subject)) continue;
        for (const m of subject.matchAll(/\.([\w-]+)/g)) {
          const name = m[1] as string;
          out.set(name, `${out.get(name) ?? ''};${declarations}`);
        }
      }
    }
  return out;
}

/** The value a node's classes and inline style give a property (the inline style wins). */
const declarationPatterns = new Map<string, RegExp>();
export function declared(node: DomNode, property: string): string | undefined {
  const style = node.attribs?.style;
  const classes = classStyles.size > 0 ? node.attribs?.class : undefined;
  if (!style && !classes) return undefined;
  let pattern = declarationPatterns.get(property);
  if (!pattern) {
    pattern = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'gi');
    declarationPatterns.set(property, pattern);
  }
  let value: string | undefined;
  const read = (css: string | undefined) => {
    if (!css?.includes(property)) return;
    for (const m of css.matchAll(pattern)) value = (m[1] ?? '').trim();
  };
  if (classes) for (const c of classes.split(/\s+/)) read(classStyles.get(c));
  read(style);
  return value;
}

const BOX_DISPLAY = /^(?:block|flex|grid|list-item|inline-block|inline-flex|table)\b/i;

export function isBlock(node: DomNode): boolean {
  if (BLOCKS.has(node.name ?? '')) return true;
  if (node.type !== 'tag') return false;
  return BOX_DISPLAY.test(declared(node, 'display') ?? '');
}

export function isHidden(node: DomNode): boolean {
  const attribs = node.attribs ?? {};
  if ('hidden' in attribs) return true;
  if (attribs['aria-hidden'] === 'true') return true;
  const style = (attribs.style ?? '').replace(/\s+/g, '').toLowerCase();
  return style.includes('display:none') || style.includes('visibility:hidden');
}

export function collapse(text: string): string {
  return signed(text.replace(/[\s\u00a0]+/g, ' ').trim());
}

const FOOTNOTE_MARK = /^\s*\(?(?:\d{1,2}|[a-z]|[ivx]{1,4}|\*{1,3}|[†‡§])\)?\s*$/i;

/** A footnote mark set as a superscript ("1,204<sup>(a)</sup>", "Revenue<sup>1</sup>"). */
export function isFootnoteMark(node: DomNode): boolean {
  const raised = node.name === 'sup' || /vertical-align:\s*(?:super|top)/i.test(node.attribs?.style ?? '');
  if (!raised) return false;
  const text = (node.children ?? []).map(inlineText).join('');
  if (text.trim() === '' || !FOOTNOTE_MARK.test(text)) return false;
  // "m<sup>2</sup>" is a unit, not a mark.
  const before = node.prev?.type === 'text' ? (node.prev.data ?? '') : '';
  return !(/^\s*[23]\s*$/.test(text) && /\b(?:m|cm|mm|km|ft|in)$/i.test(before));
}

/** The visible inline text of a subtree, whitespace collapsed (for table cells); footnote marks dropped. */
export function inlineText(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.type !== 'tag' || SKIPPED.has(node.name ?? '') || isHidden(node) || isFootnoteMark(node))
    return '';
  if (node.name === 'br') return ' ';
  const inner = (node.children ?? []).map(inlineText).join('');
  return isBlock(node) ? ` ${inner} ` : inner;
}

/**
 * A subtree's inline text, collapsed, when it is at most `max` characters; undefined when longer.
 * Stops reading as soon as it is too long, so a layout's guesses about every <div> of a long
 * filing stay cheap.
 */
export function shortText(node: DomNode, max: number): string | undefined {
  let raw = '';
  const budget = max * 4 + 64;
  const visit = (n: DomNode) => {
    if (raw.length > budget) return;
    if (n.type === 'text') {
      raw += n.data ?? '';
      return;
    }
    if (n.type !== 'tag' || SKIPPED.has(n.name ?? '') || isHidden(n) || isFootnoteMark(n)) return;
    if (n.name === 'br') {
      raw += ' ';
      return;
    }
    const block = isBlock(n);
    if (block) raw += ' ';
    for (const child of n.children ?? []) visit(child);
    if (block) raw += ' ';
  };
  visit(node);
  if (raw.length > budget) return undefined;
  const text = collapse(raw);
  return text.length <= max ? text : undefined;
}

export function inlineTextPreserving(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.type !== 'tag' || SKIPPED.has(node.name ?? '') || isHidden(node)) return '';
  if (node.name === 'br') return '\n';
  return (node.children ?? []).map(inlineTextPreserving).join('');
}
