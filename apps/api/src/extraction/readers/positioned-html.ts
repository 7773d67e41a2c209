import type { LayoutPage, LayoutWord } from '../model/layout';
import { layoutPageFromWords } from '../model/layout-builder';

/**
 * HTML converted from PDF (pdftohtml, pdf2htmlEX and the like) has no tables: every run of text
 * is an element placed at `left`/`top` (or `bottom`) in pixels, inline or through classes. Read
 * such pages by position, like the PDF they came from: each run's words get boxes from its
 * place, its font size and its characters' typical width, and the positional table reader does
 * the rest.
 */

// The parts of domhandler's node shape the reader needs (cheerio does not re-export its types).
export interface DomNode {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  parent?: DomNode | null;
  prev?: DomNode | null;
}

type Props = Record<string, string>;

/** A character's advance in ems, roughly as in the common sans and serif faces. */
function charWidth(ch: string): number {
  if (/[\s.,:;'’|!ijl]/.test(ch)) return 0.27;
  if (/[()\-ftr[\]/]/.test(ch)) return 0.33;
  if (/[0-9$€£#_?]/.test(ch)) return 0.556;
  if (/[mw]/.test(ch)) return 0.8;
  if (/[MW%]/.test(ch)) return 0.88;
  if (/[A-Z&]/.test(ch)) return 0.68;
  return 0.52;
}

function parseDeclarations(text: string): Props {
  const props: Props = {};
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    props[part.slice(0, colon).trim().toLowerCase()] = part
      .slice(colon + 1)
      .trim()
      .toLowerCase();
  }
  return props;
}

/** `.x1{left:72px}` rules of the page's style sheets, by class name (simple selectors only). */
function classRules(styles: string[]): Map<string, Props> {
  const rules = new Map<string, Props>();
  for (const css of styles) {
    for (const m of css.matchAll(/((?:\.[\w-]+\s*,?\s*)+)\{([^}]*)\}/g)) {
      const props = parseDeclarations(m[2] ?? '');
      for (const name of (m[1] ?? '').split(',')) {
        const cls = name.trim().replace(/^\./, '');
        if (/^[\w-]+$/.test(cls)) rules.set(cls, { ...(rules.get(cls) ?? {}), ...props });
      }
    }
  }
  return rules;
}

function px(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(-?\d+(?:\.\d+)?)(px|pt)?$/.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1]) * (m[2] === 'pt' ? 4 / 3 : 1);
}

function textOf(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.type !== 'tag' || node.name === 'script' || node.name === 'style') return '';
  if (node.name === 'br') return ' ';
  return (node.children ?? []).map(textOf).join('');
}

interface Placed {
  page: DomNode;
  x: number;
  y: number;
  size: number;
  /** Distance between the run's lines when it has several (`<br>`), px. */
  lineHeight: number;
  /** The run's text, the blank space spacer elements put inside it (px), and its line breaks. */
  tokens: RunToken[];
}

/** Text, a spacer's width (px), or a line break (null). */
type RunToken = string | number | null;

const INLINE = new Set(['span', 'b', 'i', 'a', 'font', 'em', 'strong', 'sup', 'sub', 'br', 'u']);

/**
 * A run's text in order, with the space of spacer elements inside it: pdf2htmlEX writes a line
 * as one element with empty `<span class="_ _3">` spacers whose width (or margin) is the gap.
 */
function runTokens(node: DomNode, style: (node: DomNode) => Props): RunToken[] {
  const out: RunToken[] = [];
  for (const child of node.children ?? []) {
    if (child.type === 'text') out.push(child.data ?? '');
    // pdftohtml joins a block's lines into one element, broken by <br>.
    else if (child.type === 'tag' && child.name === 'br') out.push(null);
    else if (child.type === 'tag' && INLINE.has(child.name ?? '')) {
      const props = style(child);
      const gap = (px(props.width) ?? 0) + (px(props['margin-left']) ?? 0) + (px(props['margin-right']) ?? 0);
      if (gap > 0 && textOf(child).trim() === '') out.push(gap);
      else out.push(...runTokens(child, style));
    }
  }
  return out;
}

/** The font size the first inline element inside a run states, px. */
function innerFontSize(node: DomNode, style: (node: DomNode) => Props): number | undefined {
  for (const child of node.children ?? []) {
    if (child.type !== 'tag' || !INLINE.has(child.name ?? '')) continue;
    const size = px(style(child)['font-size']) ?? innerFontSize(child, style);
    if (size !== undefined) return size;
  }
  return undefined;
}

/**
 * Pages of positioned HTML, or undefined when the markup is not made of positioned runs (most
 * of the text in at least 8 absolutely placed elements).
 */
export function positionedPages(root: DomNode, styles: string[], url?: string): LayoutPage[] | undefined {
  const rules = classRules(styles);
  const style = (node: DomNode): Props => {
    const props: Props = {};
    for (const cls of (node.attribs?.class ?? '').split(/\s+/)) Object.assign(props, rules.get(cls) ?? {});
    return Object.assign(props, parseDeclarations(node.attribs?.style ?? ''));
  };
  const placed: Placed[] = [];
  let totalText = 0;
  const pageHeights = new Map<DomNode, number>();
  const walk = (node: DomNode, x: number, y: number, size: number, page: DomNode | undefined) => {
    if (node.type === 'text') {
      const text = (node.data ?? '').replace(/[\s\u00a0]+/g, ' ');
      totalText += text.trim().length;
      return;
    }
    if (node.type !== 'tag' && node.type !== 'root') return;
    if (node.name === 'script' || node.name === 'style' || node.name === 'head') return;
    const props = node.type === 'tag' ? style(node) : {};
    if (props.display === 'none' || props.visibility === 'hidden') return;
    const fontSize = px(props['font-size']) ?? size;
    const height = px(props.height);
    // A page: a relative/absolute box with a height, holding the placed runs.
    let here = page;
    if (
      node.type === 'tag' &&
      height !== undefined &&
      height > 200 &&
      (props.position === 'relative' ||
        props.position === 'absolute' ||
        /\bpf\b|page/i.test(node.attribs?.class ?? node.attribs?.id ?? ''))
    ) {
      here = node;
      pageHeights.set(node, height);
      x = 0;
      y = 0;
    }
    const left = px(props.left);
    const top = px(props.top);
    const bottom = px(props.bottom);
    const positioned =
      props.position === 'absolute' || (left !== undefined && (top !== undefined || bottom !== undefined));
    let nx = x;
    let ny = y;
    if (positioned && here) {
      nx = x + (left ?? 0);
      if (top !== undefined) ny = y + top;
      else if (bottom !== undefined) ny = (pageHeights.get(here) ?? 0) - bottom - fontSize;
    }
    // A run: a positioned element whose children are text and inline elements only.
    const children = node.children ?? [];
    const inline = children.every((c) => c.type === 'text' || (c.type === 'tag' && INLINE.has(c.name ?? '')));
    if (positioned && here && inline && children.length > 0) {
      const tokens = runTokens(node, style);
      const text = tokens
        .map((t) => (typeof t === 'string' ? t : ' '))
        .join('')
        .replace(/[\s\u00a0]+/g, ' ')
        .trim();
      // PyMuPDF sets the size on the run's inner <span>, not on the placed <p>.
      const size = props['font-size'] ? fontSize : (innerFontSize(node, style) ?? fontSize);
      const lineHeight = px(props['line-height']) ?? size * 1.2;
      if (text) placed.push({ page: here, x: nx, y: ny, size, lineHeight, tokens });
      totalText += text.length;
      return;
    }
    for (const child of children) walk(child, nx, ny, fontSize, here);
  };
  walk(root, 0, 0, 16, undefined);
  const placedText = placed.reduce(
    (n, p) => n + p.tokens.reduce<number>((m, t) => m + (typeof t === 'string' ? t.trim().length : 0), 0),
    0,
  );
  if (placed.length < 8 || placedText < totalText * 0.5) return undefined;

  const pages: LayoutPage[] = [];
  const byPage = new Map<DomNode, Placed[]>();
  for (const p of placed) byPage.set(p.page, [...(byPage.get(p.page) ?? []), p]);
  for (const [page, runs] of byPage) {
    const widthOf = (text: string, size: number) => [...text].reduce((w, ch) => w + charWidth(ch), 0) * size;
    // A run's pieces: its text between spacers, each starting where the spacer ends.
    const pieces = runs.flatMap((run) => {
      const out: { x: number; y: number; size: number; text: string }[] = [];
      let cursor = run.x;
      let current = { x: cursor, y: run.y, size: run.size, text: '' };
      for (const token of run.tokens) {
        if (token === null) {
          if (current.text.trim()) out.push(current);
          cursor = run.x;
          current = { x: cursor, y: current.y + run.lineHeight, size: run.size, text: '' };
          continue;
        }
        if (typeof token === 'number') {
          if (current.text.trim()) out.push(current);
          cursor += token;
          current = { x: cursor, y: current.y, size: run.size, text: '' };
          continue;
        }
        let text = token.replace(/[\s\u00a0]+/g, ' ');
        if (current.text === '') {
          const lead = text.length - text.trimStart().length;
          cursor += widthOf(' ', run.size) * lead;
          current.x = cursor;
          text = text.trimStart();
        }
        current.text += text;
        cursor += widthOf(text, run.size);
      }
      if (current.text.trim()) out.push(current);
      return out;
    });
    const width =
      Math.max(px(style(page).width) ?? 0, ...pieces.map((r) => r.x + widthOf(r.text, r.size))) || 1;
    const height = Math.max(pageHeights.get(page) ?? 0, ...pieces.map((r) => r.y + r.size * 1.2)) || 1;
    const words: LayoutWord[] = [];
    for (const run of pieces) {
      const text = run.text.trimEnd();
      for (const m of text.matchAll(/\S+/g)) {
        const start = run.x + widthOf(text.slice(0, m.index ?? 0), run.size);
        const end = start + widthOf(m[0], run.size);
        words.push({
          ...(m.index === 0 ? { runStart: true } : {}),
          text: m[0],
          box: [
            start / width,
            run.y / height,
            Math.min(1, end / width),
            Math.min(1, (run.y + run.size) / height),
          ],
        });
      }
    }
    const layout = layoutPageFromWords({
      number: pages.length + 1,
      width,
      height,
      source: 'text',
      words,
      ...(url ? { url } : {}),
    });
    pages.push(layout);
  }
  return pages;
}
