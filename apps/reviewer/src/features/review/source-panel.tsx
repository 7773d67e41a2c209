import { loadDocument } from '@sieve/auth';
import { REVIEWER, type WorkerTask } from '@sieve/contracts';
import { Button, DocumentPreview, Icon, type LoadedDocument, type PreviewTarget } from '@sieve/ui';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { openUrlOf, previewUrlOf } from './document-source';
import { type ItemSource, learnedText } from './review-rows';

export interface GroundingTarget {
  /** The row's id and a counter, so selecting the same row again finds it again. */
  key: string;
  itemName: string;
  source: ItemSource | null;
  valueText: string;
  /** The value as stored (a number stays a number), for finding its printed cell. */
  value: unknown;
  /** The reviewer changed the AI's value: `source` is their pick or none (issue 40). */
  isCorrected?: boolean;
}

export interface SourcePanelProps {
  task: WorkerTask;
  token: string | null;
  grounding: GroundingTarget | null;
  /** Set while a field is edited: a click on a word or cell of the preview puts its text there. */
  onPickText?: ((text: string) => void) | undefined;
}

const { minPercent, maxPercent, stepPercent, defaultPercent } = REVIEWER.zoom;

function documentTitle(task: WorkerTask): string {
  const { document_name: name, name: company } = task.metadata;
  return (typeof name === 'string' && name) || (typeof company === 'string' && company) || 'Source document';
}

/** The row's source passage with the value marked in it, for every kind of document. */
function SourcePassage({ grounding, outcome }: { grounding: GroundingTarget; outcome: string | null }) {
  const text = grounding.source?.sourceText ?? null;
  const value = grounding.valueText.trim();
  let passage: ReactNode = text;
  if (text && value.length >= 1) {
    const at = text.toLowerCase().indexOf(value.toLowerCase());
    if (at >= 0) {
      passage = (
        <>
          {text.slice(0, at)}
          <mark>{text.slice(at, at + value.length)}</mark>
          {text.slice(at + value.length)}
        </>
      );
    }
  }
  return (
    <section
      className="sv-source__passage"
      aria-label={`Source of ${grounding.itemName || 'the selected row'}`}
    >
      <div className="sv-source__passage-head">
        <span className="sv-source__passage-name">{grounding.itemName || 'New row'}</span>
        {grounding.source?.location ? (
          <span className="sv-source__passage-location">{grounding.source.location}</span>
        ) : null}
        {grounding.isCorrected ? <span className="sv-row-source__corrected">Corrected</span> : null}
        {!grounding.isCorrected && grounding.source?.learnedReviews ? (
          <span className="sv-row-source__learned">{learnedText(grounding.source.learnedReviews)}</span>
        ) : null}
        {outcome ? <span className="sv-source__passage-outcome">{outcome}</span> : null}
      </div>
      {text ? (
        <blockquote className="sv-source__passage-text">{passage}</blockquote>
      ) : grounding.isCorrected ? (
        <p className="sv-source__passage-empty">
          Your value has no source yet: while editing it, click its words in the document to record where it
          is.
        </p>
      ) : (
        <p className="sv-source__passage-empty">No source text for this row.</p>
      )}
    </section>
  );
}

/**
 * The source document panel (spec 01 §2): the PDF with zoom 50–200 % in steps of 25, or "Document
 * preview not available" with "Open in new tab". The selected row's source text is highlighted in
 * the PDF's text layer; for every document its passage shows below, so HTML, CSV and Excel rows
 * are grounded too.
 */
export function SourcePanel({ task, token, grounding, onPickText }: SourcePanelProps) {
  const previewUrl = previewUrlOf(task);
  const openUrl = openUrlOf(task);
  const [document, setDocument] = useState<LoadedDocument | null>(null);
  const [zoom, setZoom] = useState<number>(defaultPercent);
  const [outcomeText, setOutcomeText] = useState<string | null>(null);

  useEffect(() => {
    setDocument(null);
    if (!previewUrl) return;
    let isCurrent = true;
    void loadDocument(previewUrl, token).then((loaded) => {
      if (isCurrent) setDocument(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [previewUrl, token]);

  const target = useMemo<PreviewTarget | null>(
    () =>
      grounding
        ? {
            key: grounding.key,
            anchor: grounding.source?.anchor ?? null,
            value: grounding.value,
            valueText: grounding.valueText,
            sourceText: grounding.source?.sourceText ?? null,
            location: grounding.source?.location ?? null,
          }
        : null,
    [grounding],
  );

  const isZoomable = document?.kind === 'pdf' || document?.kind === 'image';
  const unavailable = (
    <>
      <Icon name="document" size={28} />
      <p>Document preview not available</p>
      {openUrl ? (
        <Button
          size="sm"
          onClick={() => window.open(openUrl, '_blank', 'noopener,noreferrer')}
          aria-describedby="source-title"
        >
          <Icon name="external" />
          Open in new tab
        </Button>
      ) : null}
    </>
  );

  return (
    <section className="sv-source" aria-labelledby="source-title">
      <header className="sv-source__header">
        <h3 id="source-title" className="sv-source__title" title={documentTitle(task)}>
          {documentTitle(task)}
        </h3>
        <div className="sv-source__tools">
          {isZoomable ? (
            <fieldset className="sv-zoom">
              <legend className="sv-visually-hidden">Zoom</legend>
              <button
                type="button"
                className="sv-icon-button sv-icon-button--inline"
                aria-label="Zoom out"
                disabled={zoom <= minPercent}
                onClick={() => setZoom((value) => Math.max(minPercent, value - stepPercent))}
              >
                <Icon name="minus" />
              </button>
              <button
                type="button"
                className="sv-zoom__value"
                aria-label={`Zoom ${zoom}%. Reset to ${defaultPercent}%`}
                onClick={() => setZoom(defaultPercent)}
              >
                {zoom}%
              </button>
              <button
                type="button"
                className="sv-icon-button sv-icon-button--inline"
                aria-label="Zoom in"
                disabled={zoom >= maxPercent}
                onClick={() => setZoom((value) => Math.min(maxPercent, value + stepPercent))}
              >
                <Icon name="plus" />
              </button>
            </fieldset>
          ) : null}
          {openUrl && document && document.kind !== 'unavailable' && document.kind !== 'other' ? (
            <a
              className="sv-icon-button sv-icon-button--inline"
              href={openUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Open in new tab"
              title="Open in new tab"
            >
              <Icon name="external" />
            </a>
          ) : null}
        </div>
      </header>
      <div className="sv-source__body">
        {previewUrl === null ? (
          <div className="sv-source__center sv-source__unavailable">{unavailable}</div>
        ) : (
          <DocumentPreview
            document={document}
            target={target}
            zoomPercent={zoom}
            label={documentTitle(task)}
            onPickText={onPickText}
            onOutcome={setOutcomeText}
            unavailable={<div className="sv-source__center sv-source__unavailable">{unavailable}</div>}
          />
        )}
      </div>
      {grounding ? <SourcePassage grounding={grounding} outcome={outcomeText} /> : null}
    </section>
  );
}
