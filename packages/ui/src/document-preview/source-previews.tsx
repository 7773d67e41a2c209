import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AnchorBox } from './anchor-box';
import './document-preview.css';
import type { ItemAnchor } from '@sieve/contracts';
import { cellShowsValue, textNamesLabel } from './value-match';

/**
 * Previews for the kinds that are not PDF (DESIGN §11): an image (zoomable, pannable, upright
 * per its EXIF orientation), a stored web page or SEC filing snapshot in a sandboxed frame, and
 * plain text. Each draws the selected item's place when it can.
 */

export interface ValueTarget {
  key: string;
  anchor: ItemAnchor | null;
  value: unknown;
  sourceText: string | null;
}

const PADDING = 12;

function usePanelWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      setWidth(Math.floor(entries[0]?.contentRect.width ?? 0));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function ImagePreview({
  url,
  zoomPercent,
  target,
  label,
}: {
  url: string;
  zoomPercent: number;
  target: ValueTarget | null;
  label: string;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const width = usePanelWidth(rootRef);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [isPanning, setIsPanning] = useState(false);
  const pan = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  // Fit to the panel's width at 100 %; the zoom scales from there and the panel scrolls.
  const shownWidth = Math.max(120, width - PADDING * 2) * (zoomPercent / 100);
  const shownHeight = natural ? (shownWidth * natural.height) / natural.width : 0;
  const box = target?.anchor ? target.anchor.box : null;

  useEffect(() => {
    const root = rootRef.current;
    const frame = frameRef.current;
    if (!root || !frame || !box || shownHeight === 0) return;
    root.scrollTo({
      top: Math.max(0, frame.offsetTop + box[1] * shownHeight - root.clientHeight / 3),
      left: Math.max(0, frame.offsetLeft + box[0] * shownWidth - root.clientWidth / 3),
    });
  }, [box, shownWidth, shownHeight]);

  return (
    <div
      ref={rootRef}
      className={`sv-image${isPanning ? ' sv-image--panning' : ''}`}
      role="document"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      onPointerDown={(event) => {
        const root = rootRef.current;
        if (!root || event.button !== 0) return;
        pan.current = { x: event.clientX, y: event.clientY, left: root.scrollLeft, top: root.scrollTop };
        setIsPanning(true);
      }}
      onPointerMove={(event) => {
        const root = rootRef.current;
        const start = pan.current;
        if (!root || !start) return;
        root.scrollLeft = start.left - (event.clientX - start.x);
        root.scrollTop = start.top - (event.clientY - start.y);
      }}
      onPointerUp={() => {
        pan.current = null;
        setIsPanning(false);
      }}
      onPointerLeave={() => {
        pan.current = null;
        setIsPanning(false);
      }}
    >
      <div
        ref={frameRef}
        className="sv-image__frame"
        style={{ width: shownWidth, height: shownHeight || undefined }}
      >
        <img
          src={url}
          alt={label}
          draggable={false}
          onLoad={(event) =>
            setNatural({
              width: event.currentTarget.naturalWidth,
              height: event.currentTarget.naturalHeight,
            })
          }
        />
        {box ? <AnchorBox box={box} /> : null}
      </div>
    </div>
  );
}

const FRAME_STYLE = `
.sv-hit { outline: 2px solid #ea580c !important; outline-offset: 1px; background: rgba(249, 115, 22, 0.18) !important; border-radius: 2px; }
.sv-label { background: rgba(59, 130, 246, 0.14) !important; }
html { scroll-padding-top: 30vh; }
`;

function textOf(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The snapshot element that shows the value: in the anchor's labelled row and column when it names them. */
export function findValueElement(
  doc: Document,
  target: ValueTarget,
): { hit: Element; labels: Element[] } | null {
  const anchor = target.anchor;
  const rows = [...doc.querySelectorAll('tr')];
  const candidateRows = anchor?.row_label
    ? rows.filter((row) =>
        [...row.children].some((cell) => textNamesLabel(textOf(cell), anchor.row_label ?? '')),
      )
    : rows;
  for (const row of candidateRows) {
    const cells = [...row.children];
    const index = cells.findIndex((cell) => cellShowsValue(textOf(cell), target.value));
    if (index < 0) continue;
    const hit = cells[index] as Element;
    const labels: Element[] = [];
    const labelCell = anchor?.row_label
      ? cells.find((cell) => textNamesLabel(textOf(cell), anchor.row_label ?? ''))
      : undefined;
    if (labelCell && labelCell !== hit) labels.push(labelCell);
    if (anchor?.column_label) {
      const table = row.closest('table');
      const header = [...(table?.querySelectorAll('th, td') ?? [])].find(
        (cell) => cell !== hit && textNamesLabel(textOf(cell), anchor.column_label ?? ''),
      );
      if (header) labels.push(header);
    }
    return { hit, labels };
  }
  // Outside tables: the smallest element whose text shows the value, or holds the source text.
  const leaves = [...doc.body.querySelectorAll('*')].filter(
    (element) => element.children.length === 0 && textOf(element) !== '',
  );
  const leaf =
    leaves.find((element) => cellShowsValue(textOf(element), target.value)) ??
    (target.sourceText
      ? leaves.find((element) => textNamesLabel(textOf(element), target.sourceText ?? ''))
      : undefined);
  return leaf ? { hit: leaf, labels: [] } : null;
}

export function HtmlPreview({
  html,
  target,
  onPickText,
  label,
  onFound,
}: {
  html: string;
  target: ValueTarget | null;
  onPickText?: ((text: string) => void) | undefined;
  label: string;
  onFound?: (key: string, found: boolean) => void;
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [loadedHtml, setLoadedHtml] = useState<string | null>(null);
  const pickRef = useRef(onPickText);
  pickRef.current = onPickText;
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;

  // The frame's document is ours to read (allow-same-origin) but runs nothing (no allow-scripts).
  useEffect(() => {
    const doc = frameRef.current?.contentDocument;
    if (!doc || loadedHtml !== html) return;
    for (const element of doc.querySelectorAll('.sv-hit, .sv-label')) {
      element.classList.remove('sv-hit', 'sv-label');
    }
    if (!target) return;
    const found = findValueElement(doc, target);
    onFoundRef.current?.(target.key, found !== null);
    if (!found) return;
    found.hit.classList.add('sv-hit');
    for (const element of found.labels) element.classList.add('sv-label');
    found.hit.scrollIntoView({ block: 'center', inline: 'nearest' });
  }, [target, html, loadedHtml]);

  return (
    <iframe
      ref={frameRef}
      className="sv-html"
      title={label}
      sandbox="allow-same-origin"
      srcDoc={html}
      onLoad={() => {
        const doc = frameRef.current?.contentDocument;
        if (!doc) return;
        const style = doc.createElement('style');
        style.textContent = FRAME_STYLE;
        doc.head?.append(style);
        doc.addEventListener('mousedown', (event) => {
          // While a field is edited, a click picks a value and leaves the focus in the field.
          if (pickRef.current) event.preventDefault();
        });
        doc.addEventListener('click', (event) => {
          const element = event.target as Element | null;
          if (pickRef.current && element) pickRef.current(textOf(element));
        });
        setLoadedHtml(html);
      }}
    />
  );
}

export function TextPreview({ text, label }: { text: string; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
    <pre className="sv-text-preview" tabIndex={0} title={label}>
      {text}
    </pre>
  );
}
