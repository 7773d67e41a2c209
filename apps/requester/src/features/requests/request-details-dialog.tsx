import { errorMessageFor } from '@sieve/auth';
import {
  type CheckSpec,
  checkName,
  FIELD_TYPE_LABELS,
  type FieldSpec,
  type RequestRecord,
  type RequestSummary,
} from '@sieve/contracts';
import { Badge, Banner, Button, DescriptionList, Dialog, Glyph, JsonViewer, Spinner } from '@sieve/ui';
import { type ReactNode, useState } from 'react';
import { downloadResult, type ResultFormat } from './api';
import { CheckList, isRowList, LineItemsTable, lineItemLists } from './line-items-table';
import './requests.css';
import { documentTypeLabel, formatDateTime, isActive, PRIORITY_LABELS, shortId } from './request-format';
import {
  formatPercent,
  isFigure,
  probabilityOf,
  type ResultRow,
  readableValue,
  resultRows,
} from './result-items';
import { SourcePreview, sourcePreviewUrl } from './source-preview';
import { StatusBadge } from './status-badge';
import { useRequestDetail } from './use-requests';

export interface RequestDetailsDialogProps {
  /**
   * The request as the list had it (a summary: no results, the list's metadata): its basic
   * information is shown at once, the rest once GET /requests/{id} answers.
   */
  request: RequestSummary | null;
  onClose: () => void;
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
}

function yesNo(value: unknown): string | null {
  return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : null;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function Names({ names, empty }: { names: string[]; empty: string }) {
  if (names.length === 0) return <span className="sv-muted">{empty}</span>;
  return (
    <ul className="rq-names">
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

function sourceOf(meta: Record<string, unknown>): ReactNode {
  const url = text(meta.url);
  const filename = text(meta.filename);
  if (filename) return filename;
  if (url) {
    return (
      <a href={url} target="_blank" rel="noreferrer noopener">
        {url}
      </a>
    );
  }
  return null;
}

function requestDetailsItems(request: RequestRecord) {
  const meta = request.metadata;
  const prompt = text(meta.custom_prompt);
  const body = text(meta.text);
  const fields = Array.isArray(meta.fields) ? (meta.fields as FieldSpec[]) : [];
  const checks = Array.isArray(meta.checks) ? (meta.checks as CheckSpec[]) : [];
  return [
    { term: 'Source', details: sourceOf(meta) },
    { term: 'Ticker', details: text(meta.ticker) },
    { term: 'Filing type', details: text(meta.filing_type) },
    { term: 'Fiscal period', details: text(meta.fiscal_period) },
    { term: 'Effective date', details: text(meta.effective_date) },
    { term: 'Search direction', details: text(meta.search_direction) },
    { term: 'Max pages', details: text(meta.max_pages) },
    {
      term: 'Include subdomains',
      details: request.document_type === 'website' ? yesNo(meta.include_subdomains) : null,
    },
    {
      term: 'Columns',
      details:
        request.document_type === 'csv' ? <Names names={list(meta.columns)} empty="Every column" /> : null,
    },
    { term: 'Has headers', details: request.document_type === 'csv' ? yesNo(meta.has_headers) : null },
    { term: 'Custom prompt', details: prompt ? <p className="rq-prose">{prompt}</p> : null },
    {
      term: 'Text',
      details: body ? (
        <p className="rq-prose">{body.length > 400 ? `${body.slice(0, 400)}…` : body}</p>
      ) : null,
    },
    // DESIGN §13: the typed fields asked for (a template's, put in by the server) and their checks.
    {
      term: 'Fields',
      details: fields.length ? (
        <Names names={fields.map((f) => `${f.name} · ${FIELD_TYPE_LABELS[f.type]}`)} empty="" />
      ) : null,
    },
    { term: 'Checks', details: checks.length ? <Names names={checks.map(checkName)} empty="" /> : null },
    {
      term: 'Data points',
      details: (
        <Names
          names={list(meta.data_points)}
          empty={fields.length ? 'None beyond the fields' : 'Every labelled value'}
        />
      ),
    },
  ];
}

function ValueCell({ row }: { row: ResultRow }) {
  // DESIGN §13: a line-items answer is shown as its own table under this one.
  if (isRowList(row.rawValue))
    return (
      <span className="sv-muted">
        {row.rawValue.length === 1 ? '1 item' : `${row.rawValue.length} items`}, listed below
      </span>
    );
  return row.value === '' ? (
    <span className="sv-muted">Not found</span>
  ) : (
    <code
      className={isFigure(row.rawValue, row.dataPoint) ? 'rq-value rq-value--figure' : 'rq-value'}
      title={row.value}
    >
      {readableValue(row.rawValue, row.dataPoint)}
    </code>
  );
}

/** The AI's findings: each value with the text it came from and where (spec 02 §2 AI result). */
function AiResultTable({
  rows,
  picked,
  onPick,
}: {
  rows: ResultRow[];
  /** The data point shown in the source preview, when there is a preview to show it in. */
  picked: string | null;
  onPick: ((dataPoint: string) => void) | null;
}) {
  return (
    <div className="rq-result-table">
      <table className="rq-results">
        <caption className="sv-visually-hidden">AI Analysis: extracted values with their source text</caption>
        <thead>
          <tr>
            <th scope="col">Data point</th>
            <th scope="col">Value</th>
            <th scope="col">Source text</th>
            <th scope="col">Location</th>
            <th scope="col" className="rq-results__num">
              Confidence
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.dataPoint} className={row.dataPoint === picked ? 'rq-results__picked' : undefined}>
              <th scope="row">
                {onPick ? (
                  <button
                    type="button"
                    className="rq-results__point"
                    aria-pressed={row.dataPoint === picked}
                    title="Show where it was read in the source"
                    onClick={() => onPick(row.dataPoint)}
                  >
                    {row.dataPoint}
                  </button>
                ) : (
                  row.dataPoint
                )}
              </th>
              <td>
                <ValueCell row={row} />
              </td>
              <td>
                {row.sourceText ? (
                  <blockquote className="rq-quote">{row.sourceText}</blockquote>
                ) : (
                  <span className="sv-muted">—</span>
                )}
                {row.sourceUrl ? (
                  <a
                    className="rq-quote__link"
                    href={row.sourceUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    {row.sourceUrl}
                  </a>
                ) : null}
              </td>
              <td>{row.location ?? <span className="sv-muted">—</span>}</td>
              <td className="rq-results__num">
                {row.confidence === null ? '—' : formatPercent(row.confidence)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The final result beside the AI's (issue 13): corrected values marked with the AI's value, and
 * where each value was read (location, source text) kept from the AI or the reviewer.
 */
function FinalResultTable({ rows }: { rows: ResultRow[] }) {
  return (
    <div className="rq-result-table">
      <table className="rq-results">
        <caption className="sv-visually-hidden">Final result</caption>
        <thead>
          <tr>
            <th scope="col">Data point</th>
            <th scope="col">AI value</th>
            <th scope="col">Final value</th>
            <th scope="col">Source text</th>
            <th scope="col">Location</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.dataPoint} data-corrected={row.isCorrected ? 'true' : undefined}>
              <th scope="row">{row.dataPoint}</th>
              <td>
                {row.isCorrected && isRowList(row.aiRawValue) ? (
                  <span className="sv-muted">{row.aiRawValue.length} items</span>
                ) : row.isCorrected ? (
                  row.aiValue ? (
                    <s className="rq-value rq-value--ai">{readableValue(row.aiRawValue, row.dataPoint)}</s>
                  ) : (
                    <span className="sv-muted">Not found</span>
                  )
                ) : (
                  <span className="sv-muted">same</span>
                )}
              </td>
              <td>
                <ValueCell row={row} />
                {row.isCorrected ? (
                  <>
                    {' '}
                    <Badge tone="info">Corrected</Badge>
                  </>
                ) : null}
                {row.isDisputed ? (
                  <>
                    {' '}
                    <Badge tone="warning">Disputed</Badge>
                  </>
                ) : null}
              </td>
              <td>{row.sourceText ? <span className="rq-quote--inline">{row.sourceText}</span> : '—'}</td>
              <td>{row.location ?? <span className="sv-muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="rq-section" aria-label={title}>
      <header className="rq-section__header">
        <h3 className="rq-section__title">{title}</h3>
        {aside}
      </header>
      {children}
    </section>
  );
}

/**
 * spec 02 §2: Basic Information, Request Details, the AI result ("AI Analysis", each value with its
 * source text and location) and the Final Result ("Human Verified"), with real JSON and CSV
 * downloads (DESIGN §9).
 */
export default function RequestDetailsDialog({ request: listed, onClose }: RequestDetailsDialogProps) {
  const { data: detail, error: loadError } = useRequestDetail(listed?.request_id ?? null);
  const [downloading, setDownloading] = useState<ResultFormat | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ dataPoint: string; count: number } | null>(null);
  const request: RequestRecord | null =
    detail ??
    (listed
      ? { ...listed, result: null, ai_result: null, consensus_result: null, final_result: null }
      : null);
  if (!request) return null;

  const aiItems = request.ai_result?.result;
  const asked = list(request.metadata.data_points);
  const aiRows = resultRows(aiItems as Record<string, unknown> | undefined, asked);

  const finalRows = resultRows(request.final_result, asked);
  // DESIGN §13: typed fields, their line items and the checks run on each result.
  const fieldSpecs = Array.isArray(request.metadata.fields) ? (request.metadata.fields as FieldSpec[]) : [];
  const aiLists = lineItemLists(aiItems as Record<string, unknown> | undefined, fieldSpecs);
  const finalLists = lineItemLists(request.final_result, fieldSpecs);
  const aiChecks = request.ai_result?.checks ?? [];
  const finalChecks = request.final_checks ?? [];
  // issue 15: only a completed request is verified; a failed one never says so.
  const isHumanVerified =
    request.status === 'completed' &&
    (request.result?.source === 'human' ||
      (request.consensus_result !== null && request.metadata.ai_only_mode !== true));
  const isDone = request.status === 'completed';
  const tasks = detail?.tasks ?? [];
  const reviewsReceived = tasks.reduce((sum, task) => sum + task.reviews_received, 0);
  const reviewsRequired = tasks.reduce((sum, task) => sum + task.required_reviews, 0);
  // issue 13/15: the value picked in AI Analysis (else the first one read from a place) in its source.
  const shown =
    picked?.dataPoint ??
    aiRows.find((row) => row.page !== null || row.sourceText !== null)?.dataPoint ??
    null;
  const previewUrl = sourcePreviewUrl(request, tasks, shown);
  const notes = [
    ...new Set([
      ...(request.ai_result?.notes ?? []),
      ...tasks.flatMap((task) => task.ai_result?.notes ?? []),
    ]),
    // DESIGN §13: a failed check is listed with the checks under the result it was run on.
  ].filter((note) => !(aiChecks.length && note.startsWith('Check failed: ')));

  const download = async (format: ResultFormat) => {
    setDownloading(format);
    setDownloadError(null);
    try {
      await downloadResult(request.request_id, format);
    } catch (error) {
      setDownloadError(errorMessageFor(error, 'Failed to download the result'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Dialog
      isOpen
      size="md"
      className="rq-details"
      title={
        <span className="rq-details__title">
          {documentTypeLabel(request.document_type)} request <StatusBadge status={request.status} />
        </span>
      }
      description={`Request ${shortId(request.request_id)} · created ${formatDateTime(request.created_at)}`}
      onDismiss={onClose}
      actions={
        <>
          {downloadError ? (
            <p className="rq-details__download-error" role="alert">
              {downloadError}
            </p>
          ) : null}
          <Button
            disabled={!isDone || downloading !== null}
            onClick={() => download('json')}
            title={isDone ? undefined : 'Available once the request is completed'}
          >
            <Glyph name="download" /> {downloading === 'json' ? 'Downloading...' : 'Download JSON'}
          </Button>
          <Button
            disabled={!isDone || downloading !== null}
            onClick={() => download('csv')}
            title={isDone ? undefined : 'Available once the request is completed'}
          >
            <Glyph name="download" /> {downloading === 'csv' ? 'Downloading...' : 'Download CSV'}
          </Button>
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="rq-details__body">
        {loadError && !detail ? (
          <Banner tone="error">{errorMessageFor(loadError, 'Failed to load the request')}</Banner>
        ) : null}

        <Section title="Basic Information">
          <DescriptionList
            items={[
              { term: 'Request ID', details: <code className="rq-value">{request.request_id}</code> },
              { term: 'Document type', details: documentTypeLabel(request.document_type) },
              { term: 'Status', details: <StatusBadge status={request.status} /> },
              { term: 'Priority', details: PRIORITY_LABELS[request.priority] },
              {
                term: 'Processing',
                details: request.metadata.ai_only_mode === true ? 'AI only' : 'AI + human review',
              },
              { term: 'Created', details: formatDateTime(request.created_at) },
              { term: 'Updated', details: formatDateTime(request.updated_at) },
              // A failed request ends without completing: its end is shown as when it failed.
              request.status === 'failed'
                ? { term: 'Failed', details: formatDateTime(request.completed_at ?? request.updated_at) }
                : {
                    term: 'Completed',
                    details:
                      request.status === 'completed' ? formatDateTime(request.completed_at) : 'Not yet',
                  },
            ]}
          />
        </Section>

        <Section title="Request Details">
          <DescriptionList columns={1} items={requestDetailsItems(request)} />
        </Section>

        {request.status === 'failed' ? (
          <Banner tone="error">{request.error ?? 'The request could not be processed.'}</Banner>
        ) : null}

        {/* issue 40: what the extraction could not read reaches the requester. */}
        {notes.length > 0 ? (
          <Banner tone="info">
            <strong>Notes on the document</strong>
            <ul className="rq-notes">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </Banner>
        ) : null}

        {isActive(request) ? (
          <div className="rq-pending" role="status">
            <Spinner size="sm" label="" />
            <span>
              {request.status === 'pending' ? 'Waiting to be processed.' : 'Processing.'}{' '}
              {reviewsRequired > 0 ? `Reviews received: ${reviewsReceived} of ${reviewsRequired}. ` : ''}
              This updates every few seconds.
            </span>
          </div>
        ) : null}

        {request.ai_result ? (
          <Section
            title="AI Analysis"
            aside={
              <Badge tone="info">
                {/* issue 15: the request's score is its least certain field's, and says so */}
                <span title="The AI's least certain field; the other fields are at least that sure">
                  Lowest field {formatPercent(probabilityOf(request.ai_result.confidence_score))}
                  <span className="sv-visually-hidden">; the other fields are at least that sure</span>
                </span>
              </Badge>
            }
          >
            {aiRows.length > 0 ? (
              <AiResultTable
                rows={aiRows}
                picked={previewUrl ? shown : null}
                onPick={
                  previewUrl
                    ? (dataPoint) => setPicked((last) => ({ dataPoint, count: (last?.count ?? 0) + 1 }))
                    : null
                }
              />
            ) : (
              <p className="sv-muted">The AI found no values.</p>
            )}
            {aiLists.map((list) => (
              <LineItemsTable key={list.name} {...list} />
            ))}
            <CheckList checks={aiChecks} />
          </Section>
        ) : null}

        {request.ai_result && previewUrl ? (
          <Section title="Source">
            <SourcePreview
              url={previewUrl}
              item={shown ? aiItems?.[shown] : undefined}
              itemName={shown}
              pickCount={picked?.count ?? 0}
            />
          </Section>
        ) : null}

        {request.final_result && request.status === 'completed' ? (
          <Section
            title="Final Result"
            aside={
              isHumanVerified ? (
                <Badge tone="success" hasDot>
                  Human Verified
                </Badge>
              ) : (
                <Badge tone="neutral">AI only</Badge>
              )
            }
          >
            {finalRows.length > 0 ? (
              <FinalResultTable rows={finalRows} />
            ) : (
              <p className="sv-muted">No values.</p>
            )}
            {finalLists.map((list) => (
              <LineItemsTable key={list.name} {...list} />
            ))}
            <CheckList checks={finalChecks} />
          </Section>
        ) : null}

        <details className="rq-raw">
          <summary>Raw record (JSON)</summary>
          <JsonViewer value={request} defaultExpandDepth={1} label="Raw request record" />
        </details>
      </div>
    </Dialog>
  );
}
