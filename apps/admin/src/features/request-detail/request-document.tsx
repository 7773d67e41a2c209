import { useLoadedDocument } from '@sieve/auth';
import { DocumentPreview, Icon, type PreviewTarget } from '@sieve/ui';
import { useState } from 'react';

export interface RequestDocumentProps {
  /** The stored copy the AI read (files route); null when there is none to show. */
  previewUrl: string | null;
  /** Where the document can be opened in a tab (the stored copy or the live URL). */
  openUrl: string | null;
  /** The item picked in the values table, marked in the document. */
  target: PreviewTarget | null;
  targetName: string | null;
}

/** issue 15: the request's document inline in the admin's detail, the picked value marked in it. */
export function RequestDocument({ previewUrl, openUrl, target, targetName }: RequestDocumentProps) {
  const document = useLoadedDocument(previewUrl);
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <section className="adm-detail__section" aria-labelledby="detail-document-title">
      <div className="adm-doc__head">
        <h3 id="detail-document-title" className="adm-detail__section-title">
          Document
        </h3>
        <span className="sv-muted adm-doc__hint" aria-live="polite">
          {targetName
            ? `${targetName}: ${outcome ?? 'looking in the document…'}`
            : previewUrl
              ? 'Pick a data point to see where the AI read it.'
              : null}
        </span>
      </div>
      <div className="adm-doc__frame">
        {previewUrl ? (
          <DocumentPreview
            document={document}
            target={target}
            label="Request document"
            onOutcome={setOutcome}
            unavailable={
              <>
                <Icon name="document" size={28} />
                <p>Document preview not available</p>
              </>
            }
          />
        ) : (
          <div className="adm-doc__none">
            <Icon name="document" size={28} />
            <p>
              {openUrl
                ? 'No stored copy of this document to preview; open it from its address.'
                : 'This request has no document (its text was sent inline).'}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
