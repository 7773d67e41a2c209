import type { ItemAnchor } from '@sieve/contracts';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Spinner } from '../components/spinner';
import type { LoadedDocument } from './document-kind';
import './document-preview.css';
import { GridPreview } from './grid-preview';
import type { AnchorHighlight, HighlightOutcome, PdfHighlight } from './pdf-preview';
import { HtmlPreview, ImagePreview, TextPreview, type ValueTarget } from './source-previews';
import { groundingNeedles, pageOfLocation } from './text-match';
import { cellOfLocation, columnLetterOf, gridTargetOf } from './value-match';

const PdfPreview = lazy(() => import('./pdf-preview'));

/** The value to find in the document: an extracted item with where it was read. */
export interface PreviewTarget {
  /** Changes whenever it is asked for again (another item, the same one re-selected). */
  key: string;
  anchor: ItemAnchor | null;
  /** The value as stored (a number stays a number), for finding its printed cell. */
  value: unknown;
  /** The value as shown, for finding it in a PDF's text. */
  valueText: string;
  sourceText: string | null;
  location: string | null;
}

export interface DocumentPreviewProps {
  /** null while it loads. */
  document: LoadedDocument | null;
  target: PreviewTarget | null;
  /** 50–200; 100 fits a page or image to the panel's width. */
  zoomPercent?: number;
  /** Names the document for assistive technology. */
  label: string;
  /** Set while a field is edited: a click on a word or cell of the preview puts its text there. */
  onPickText?: ((text: string) => void) | undefined;
  /** Where the target was found ("Highlighted on page 2", "Not found in the preview"), or null. */
  onOutcome?: ((text: string | null) => void) | undefined;
  /** Shown for a document without a preview (an unknown kind, or not readable). */
  unavailable?: ReactNode;
}

function Center({ children }: { children: ReactNode }) {
  return <div className="sv-doc-preview__center">{children}</div>;
}

/**
 * A stored document with the selected value marked in it (DESIGN §11, issue 15): a PDF (its
 * anchor box, else its source text in the text layer), an image (the anchor box), a web page
 * snapshot (the element that shows the value), a CSV/Excel grid (the cell), or plain text.
 * The reviewer's source panel, the requester's details and the admin's request detail show it.
 */
export function DocumentPreview({
  document,
  target,
  zoomPercent = 100,
  label,
  onPickText,
  onOutcome,
  unavailable = <p>Document preview not available</p>,
}: DocumentPreviewProps) {
  const [outcome, setOutcome] = useState<HighlightOutcome | null>(null);
  const anchor = target?.anchor ?? null;

  const highlight = useMemo<PdfHighlight | null>(() => {
    if (!target) return null;
    const needles = groundingNeedles(target.sourceText, target.valueText);
    return needles.length > 0 ? { needles, page: pageOfLocation(target.location), key: target.key } : null;
  }, [target]);
  const anchorHighlight = useMemo<AnchorHighlight | null>(
    () =>
      target && anchor
        ? {
            key: target.key,
            page: anchor.page,
            box: anchor.box,
            labels: [anchor.row_label, anchor.column_label].filter((text): text is string => Boolean(text)),
          }
        : null,
    [target, anchor],
  );
  const valueTarget = useMemo<ValueTarget | null>(
    () => (target ? { key: target.key, anchor, value: target.value, sourceText: target.sourceText } : null),
    [target, anchor],
  );
  const gridTarget = useMemo(() => {
    if (document?.kind !== 'grid' || !target) return null;
    // Without an anchor, the readable location ("Income!B2") still names the cell.
    const located = anchor ?? cellOfLocation(target.location);
    const found = gridTargetOf(document.grid.sheets, located, target.value);
    return found ? { ...found, key: target.key } : null;
  }, [document, target, anchor]);

  const kind = document?.kind ?? null;
  const outcomeText = !target
    ? null
    : kind === 'pdf'
      ? (!highlight && !anchorHighlight) || outcome?.key !== target.key
        ? null
        : outcome.page
          ? `Highlighted on page ${outcome.page}`
          : 'Not found in the preview'
      : kind === 'grid'
        ? gridTarget && document?.kind === 'grid'
          ? `Highlighted at ${document.grid.sheets.length > 1 ? `${document.grid.sheets[gridTarget.sheet]?.name ?? ''}!` : ''}${columnLetterOf(gridTarget.column)}${gridTarget.row + 1}`
          : 'Not found in the preview'
        : kind === 'html' && outcome?.key === target.key
          ? outcome.page
            ? 'Highlighted in the page'
            : 'Not found in the preview'
          : null;
  useEffect(() => {
    onOutcome?.(outcomeText);
  }, [onOutcome, outcomeText]);

  if (!document) {
    return (
      <Center>
        <Spinner label="Loading document" />
      </Center>
    );
  }
  switch (document.kind) {
    case 'pdf':
      return (
        <Suspense
          fallback={
            <Center>
              <Spinner label="Loading document" />
            </Center>
          }
        >
          <PdfPreview
            bytes={document.bytes}
            zoomPercent={zoomPercent}
            highlight={highlight}
            anchor={anchorHighlight}
            onHighlight={setOutcome}
            {...(onPickText ? { onPickText } : {})}
            label={label}
          />
        </Suspense>
      );
    case 'image':
      return <ImagePreview url={document.url} zoomPercent={zoomPercent} target={valueTarget} label={label} />;
    case 'html':
      return (
        <HtmlPreview
          html={document.html}
          target={valueTarget}
          onPickText={onPickText}
          label={label}
          onFound={(key, found) => setOutcome(found ? { key, page: 1 } : { key, page: null })}
        />
      );
    case 'grid':
      return <GridPreview grid={document.grid} target={gridTarget} onPickText={onPickText} label={label} />;
    case 'text':
      return <TextPreview text={document.text} label={label} />;
    default:
      return <Center>{unavailable}</Center>;
  }
}
