import { useLoadedDocument } from '@sieve/auth';
import { API_PREFIX, type RequestRecord, type RequestTaskSummary, type z } from '@sieve/contracts';
import { DocumentPreview, Icon, previewTargetOf } from '@sieve/ui';
import { useMemo, useState } from 'react';

type Task = z.infer<typeof RequestTaskSummary>;

const FILES_PREFIX = `${API_PREFIX}/files/`;

/**
 * The stored copy to preview for a data point (DESIGN §11): the copy of the task whose result has
 * it (a URL's page, a filing's document), else the uploaded file. Null when there is none of ours.
 */
export function sourcePreviewUrl(
  request: RequestRecord,
  tasks: readonly Task[],
  dataPoint: string | null,
): string | null {
  const holder = dataPoint
    ? tasks.find((task) => task.ai_result?.result?.[dataPoint] !== undefined)
    : undefined;
  const stored = holder?.source_file_url ?? tasks.find((task) => task.source_file_url)?.source_file_url;
  if (stored) return stored;
  const upload = request.metadata.file_url;
  return typeof upload === 'string' && upload.startsWith(FILES_PREFIX) ? upload : null;
}

/**
 * issue 13/15: the source, read-only, with the picked value's place marked (its anchor box, or
 * its source text found in the page) — the same preview the reviewer works with.
 */
export function SourcePreview({
  url,
  item,
  itemName,
  pickCount,
}: {
  url: string;
  item: unknown;
  itemName: string | null;
  /** Grows with every pick, so picking the same value again finds it again. */
  pickCount: number;
}) {
  const document = useLoadedDocument(url);
  const [outcome, setOutcome] = useState<string | null>(null);
  const target = useMemo(
    () => (itemName ? previewTargetOf(item, `${itemName}#${pickCount}`) : null),
    [item, itemName, pickCount],
  );
  return (
    <div className="rq-doc">
      <p className="rq-doc__hint sv-muted" aria-live="polite">
        {itemName
          ? `${itemName}: ${outcome ?? 'looking in the source…'}`
          : 'Pick a data point above to see where it was read.'}
      </p>
      <div className="rq-doc__frame">
        <DocumentPreview
          document={document}
          target={target}
          label="Source document"
          onOutcome={setOutcome}
          unavailable={
            <>
              <Icon name="document" size={28} />
              <p>Source preview not available</p>
            </>
          }
        />
      </div>
    </div>
  );
}
