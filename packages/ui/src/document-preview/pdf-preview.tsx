/// <reference path="./url-import.d.ts" />
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  type RenderTask,
  TextLayer,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AnchorBox } from './anchor-box';
import './document-preview.css';
import { findTextItems } from './text-match';

// The parser runs in a worker of our own origin (the CSP allows 'self' scripts only).
GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfHighlight {
  /** What to look for, best first (see `groundingNeedles`). */
  needles: string[];
  /** The page the location names, searched first. */
  page: number | null;
  /** Changes whenever the reviewer asks again (another row, the same row re-selected). */
  key: string;
}

export type HighlightOutcome = { key: string; page: number } | { key: string; page: null };

/** The value's own box (DESIGN §11 anchor): drawn as it is, no text search needed. */
export interface AnchorHighlight {
  key: string;
  page: number;
  /** 0–1 of the page, top-left origin. */
  box: [number, number, number, number];
  /** Lit faintly on the page when found there: the row label and the column header. */
  labels: string[];
}

export interface PdfPreviewProps {
  bytes: ArrayBuffer;
  /** 50–200; 100 fits the page to the panel's width. */
  zoomPercent: number;
  highlight: PdfHighlight | null;
  /** Preferred over `highlight` when the item carries an anchor. */
  anchor?: AnchorHighlight | null;
  onHighlight?: (outcome: HighlightOutcome) => void;
  /** A word of the text layer was clicked (to put its value into the field being edited). */
  onPickText?: (text: string) => void;
  /** Names the document for assistive technology. */
  label: string;
}

interface PageText {
  divs: HTMLElement[];
  strings: string[];
}

const PAGE_GAP = 12;
const PADDING = 12;
const HIT_CLASS = 'sv-pdf-hit';
const LABEL_CLASS = 'sv-pdf-label';

interface OpenedPdf {
  doc: PDFDocumentProxy;
  firstPage: { width: number; height: number };
}

// Parsed documents, by the cached bytes they came from: the prefetched next task opens parsed.
const PARSED_CACHE_SIZE = 3;
const parsed = new Map<ArrayBuffer, Promise<OpenedPdf>>();

/** The parsed PDF of these bytes (and its first page's size), parsed once and kept for a while. */
export function openPdf(bytes: ArrayBuffer): Promise<OpenedPdf> {
  const cached = parsed.get(bytes);
  if (cached) return cached;
  // pdf.js takes ownership of the buffer it is given: hand it a copy, the cache keeps the original.
  const task = getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false });
  const opening = task.promise.then(async (doc) => {
    const viewport = (await doc.getPage(1)).getViewport({ scale: 1 });
    return { doc, firstPage: { width: viewport.width, height: viewport.height } };
  });
  opening.catch(() => parsed.delete(bytes));
  parsed.set(bytes, opening);
  while (parsed.size > PARSED_CACHE_SIZE) {
    const [oldest, evicted] = parsed.entries().next().value ?? [];
    if (!oldest || !evicted) break;
    parsed.delete(oldest);
    void evicted.then(({ doc }) => doc.destroy()).catch(() => undefined);
  }
  return opening;
}

/** Warms a document about to open: parsed, with the anchored page's text and operators loaded. */
export function preparePdf(bytes: ArrayBuffer, page?: number): void {
  void openPdf(bytes)
    .then(({ doc }) => (page && page <= doc.numPages ? doc.getPage(page) : null))
    .catch(() => undefined);
}

/** The PDF preview: every page as a canvas with pdf.js's text layer over it, drawn as it nears view. */
export default function PdfPreview({
  bytes,
  zoomPercent,
  highlight,
  anchor = null,
  onHighlight,
  onPickText,
  label,
}: PdfPreviewProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [baseSize, setBaseSize] = useState<{ width: number; height: number } | null>(null);
  const [width, setWidth] = useState(0);
  // Pages near the viewport, as the observer reports them (a task opening on page 17 draws no page 1).
  const [visible, setVisible] = useState<ReadonlySet<number>>(new Set());
  const [forced, setForced] = useState<number | null>(null);
  const texts = useRef(new Map<number, PageText>());
  const [textsVersion, setTextsVersion] = useState(0);
  const pageStrings = useRef(new Map<number, Promise<string[]>>());

  useEffect(() => {
    setDoc(null);
    setFailed(false);
    setBaseSize(null);
    texts.current = new Map();
    pageStrings.current = new Map();
    let isCurrent = true;
    openPdf(bytes)
      .then(({ doc: loaded, firstPage }) => {
        if (!isCurrent) return;
        setBaseSize(firstPage);
        setDoc(loaded);
      })
      .catch(() => {
        if (isCurrent) setFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [bytes]);

  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let frame = 0;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[0]?.contentRect.width ?? 0);
      cancelAnimationFrame(frame);
      // Redraw once the panel stops moving, not on every pixel of a drag.
      frame = requestAnimationFrame(() =>
        setWidth((current) => (Math.abs(current - next) > 2 ? next : current)),
      );
    });
    observer.observe(root);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  const scale =
    baseSize && width > 0 ? (Math.max(120, width - PADDING * 2) / baseSize.width) * (zoomPercent / 100) : 0;

  // Which pages are near the viewport: only those are drawn.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !doc || scale === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        setVisible((current) => {
          const next = new Set(current);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        });
      },
      { root, rootMargin: '800px 0px' },
    );
    for (const element of root.querySelectorAll('[data-page]')) observer.observe(element);
    return () => observer.disconnect();
  }, [doc, scale]);

  const onText = useCallback((page: number, text: PageText | null) => {
    if (text) texts.current.set(page, text);
    else texts.current.delete(page);
    setTextsVersion((version) => version + 1);
  }, []);

  const stringsOf = useCallback(
    (page: number): Promise<string[]> => {
      if (!doc) return Promise.resolve([]);
      let pending = pageStrings.current.get(page);
      if (!pending) {
        pending = doc
          .getPage(page)
          .then((proxy) => proxy.getTextContent())
          .then((content) => content.items.map((item) => ('str' in item ? item.str : '')))
          .catch(() => []);
        pageStrings.current.set(page, pending);
      }
      return pending;
    },
    [doc],
  );

  // Grounding, step 1: which page holds the text (the located page first, then the others).
  const [target, setTarget] = useState<{ key: string; page: number; needle: string } | null>(null);
  const onHighlightRef = useRef(onHighlight);
  onHighlightRef.current = onHighlight;
  useEffect(() => {
    setTarget(null);
    if (!doc || anchor || !highlight || highlight.needles.length === 0) return;
    let isCurrent = true;
    const pages = Array.from({ length: doc.numPages }, (_, index) => index + 1);
    if (highlight.page && highlight.page <= doc.numPages) {
      pages.splice(highlight.page - 1, 1);
      pages.unshift(highlight.page);
    }
    void (async () => {
      for (const needle of highlight.needles) {
        for (const page of pages) {
          const strings = await stringsOf(page);
          if (!isCurrent) return;
          if (findTextItems(strings, needle)) {
            setTarget({ key: highlight.key, page, needle });
            setForced(page);
            return;
          }
        }
      }
      if (isCurrent) onHighlightRef.current?.({ key: highlight.key, page: null });
    })();
    return () => {
      isCurrent = false;
    };
  }, [doc, highlight, anchor, stringsOf]);

  // With an anchor: draw its page, bring the box into view (a third from the top) and say so.
  const validAnchor = anchor && doc && anchor.page <= doc.numPages ? anchor : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scale (zoom, panel width) moves the box
  useEffect(() => {
    if (!validAnchor) return;
    setForced(validAnchor.page);
    const root = rootRef.current;
    const page = root?.querySelector<HTMLElement>(`[data-page="${validAnchor.page}"]`);
    if (!root || !page) return;
    const [x0, y0] = validAnchor.box;
    root.scrollTo({
      top: Math.max(0, page.offsetTop + y0 * page.offsetHeight - root.clientHeight / 3),
      left: Math.max(0, page.offsetLeft + x0 * page.offsetWidth - root.clientWidth / 3),
    });
    onHighlightRef.current?.({ key: validAnchor.key, page: validAnchor.page });
  }, [validAnchor, scale]);

  // The anchor's row label and column header, lit faintly where the page's text layer shows them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: textsVersion says a text layer arrived or was redrawn (zoom)
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    for (const element of root.querySelectorAll(`.${LABEL_CLASS}`)) element.classList.remove(LABEL_CLASS);
    if (!validAnchor) return;
    const text = texts.current.get(validAnchor.page);
    if (!text) return;
    for (const needle of validAnchor.labels) {
      for (const index of findTextItems(text.strings, needle) ?? [])
        text.divs[index]?.classList.add(LABEL_CLASS);
    }
  }, [validAnchor, textsVersion]);

  // Step 2: once that page's text layer is drawn, mark the spans and bring them into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: textsVersion says a text layer arrived or was redrawn (zoom)
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    for (const element of root.querySelectorAll(`.${HIT_CLASS}`)) element.classList.remove(HIT_CLASS);
    if (!target) return;
    const text = texts.current.get(target.page);
    if (!text) {
      root.querySelector(`[data-page="${target.page}"]`)?.scrollIntoView({ block: 'start' });
      return;
    }
    const indices = findTextItems(text.strings, target.needle) ?? [];
    const divs = indices.map((index) => text.divs[index]).filter((div): div is HTMLElement => Boolean(div));
    for (const div of divs) div.classList.add(HIT_CLASS);
    const first = divs[0];
    if (first) {
      const rootBox = root.getBoundingClientRect();
      const box = first.getBoundingClientRect();
      root.scrollTo({
        top: root.scrollTop + box.top - rootBox.top - root.clientHeight / 3,
        left: Math.max(0, root.scrollLeft + box.left - rootBox.left - PADDING),
        behavior: 'smooth',
      });
    }
    onHighlightRef.current?.({ key: target.key, page: divs.length > 0 ? target.page : null });
  }, [target, textsVersion]);

  if (failed) {
    return (
      <p className="sv-source__notice" role="status">
        This PDF could not be displayed.
      </p>
    );
  }

  const pageCount = doc?.numPages ?? 0;
  const pageWidth = baseSize ? baseSize.width * scale : 0;
  const pageHeight = baseSize ? baseSize.height * scale : 0;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: picking a word with the mouse is a shortcut; the field stays typeable
    <div
      ref={rootRef}
      className="sv-pdf"
      onMouseDown={(event) => {
        // Keep the focus in the field being edited, so the picked word lands there.
        if (onPickText && (event.target as HTMLElement).closest('.textLayer span')) event.preventDefault();
      }}
      onClick={(event) => {
        const span = (event.target as HTMLElement).closest('.textLayer span');
        if (span && onPickText) onPickText(span.textContent ?? '');
      }}
      role="document"
      aria-label={label}
      aria-busy={!doc}
      // The preview scrolls; keyboard users reach it with Tab and scroll it with the arrows.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
    >
      {!doc || scale === 0 ? (
        <div className="sv-pdf__loading" role="status">
          Loading document…
        </div>
      ) : (
        Array.from({ length: pageCount }, (_, index) => {
          const page = index + 1;
          return (
            <PdfPage
              key={page}
              doc={doc}
              page={page}
              scale={scale}
              width={pageWidth}
              height={pageHeight}
              isDrawn={visible.has(page) || forced === page}
              onText={onText}
              box={validAnchor?.page === page ? validAnchor.box : null}
            />
          );
        })
      )}
    </div>
  );
}

interface PdfPageProps {
  doc: PDFDocumentProxy;
  page: number;
  scale: number;
  width: number;
  height: number;
  isDrawn: boolean;
  onText: (page: number, text: PageText | null) => void;
  box: [number, number, number, number] | null;
}

function PdfPage({ doc, page, scale, width, height, isDrawn, onText, box }: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width, height });

  useEffect(() => {
    if (!isDrawn) return;
    const canvas = canvasRef.current;
    const textContainer = textRef.current;
    if (!canvas || !textContainer) return;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    let isCurrent = true;
    void (async () => {
      const proxy = await doc.getPage(page);
      if (!isCurrent) return;
      const viewport = proxy.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      setSize({ width: viewport.width, height: viewport.height });
      renderTask = proxy.render({
        canvas,
        viewport,
        ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }),
      });
      await renderTask.promise;
      if (!isCurrent) return;
      textContainer.replaceChildren();
      textLayer = new TextLayer({
        textContentSource: proxy.streamTextContent(),
        container: textContainer,
        viewport,
      });
      await textLayer.render();
      if (!isCurrent) return;
      onText(page, { divs: textLayer.textDivs, strings: textLayer.textContentItemsStr });
    })().catch(() => {
      // Cancelled by a newer zoom or by leaving the task; nothing to report.
    });
    return () => {
      isCurrent = false;
      renderTask?.cancel();
      textLayer?.cancel();
      onText(page, null);
    };
  }, [doc, page, scale, isDrawn, onText]);

  const shown = isDrawn ? size : { width, height };
  return (
    <div
      className="sv-pdf__page"
      data-page={page}
      style={{
        width: shown.width,
        height: shown.height,
        marginBottom: PAGE_GAP,
        ['--scale-factor' as string]: scale,
        ['--total-scale-factor' as string]: scale,
        ['--scale-round-x' as string]: '1px',
        ['--scale-round-y' as string]: '1px',
      }}
    >
      <canvas ref={canvasRef} className="sv-pdf__canvas" />
      <div ref={textRef} className="textLayer" />
      {box ? <AnchorBox box={box} /> : null}
    </div>
  );
}
