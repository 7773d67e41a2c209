import { errorMessageFor } from '@sieve/auth';
import type { AdminRequestDetail } from '@sieve/contracts';
import {
  Badge,
  Banner,
  Button,
  ConfirmDialog,
  DataTable,
  DescriptionList,
  Icon,
  previewTargetOf,
  Spinner,
} from '@sieve/ui';
import { useMemo, useState } from 'react';
import { useDashboard } from '../dashboard/dashboard-context';
import { formatDateTime, formatDuration, formatShare } from '../dashboard/format';
import { documentTypeLabel } from '../tables/document-type';
import { cancelRequest, retryRequest, useAdminRequestDetail } from './api';
import './request-detail.css';
import { RequestDocument } from './request-document';

type Item = AdminRequestDetail['items'][number];
type Task = AdminRequestDetail['tasks'][number];
type Review = Task['reviews'][number];

const STATUS_TONE = {
  pending: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
} as const;
const STATUS_LABEL = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};
const REVIEW_LABEL: Record<Review['status'], string> = {
  claimed: 'Working',
  submitted: 'Submitted',
  skipped: 'Skipped',
  rejected: 'Rejected',
  expired: 'Lease expired',
};
const TASK_LABEL: Record<Task['status'], string> = {
  available: 'Waiting for a reviewer',
  claimed: 'In review',
  completed: 'Consensus reached',
  rejected: 'Rejected',
};

function ValueCell({ value }: { value: string | null }) {
  return value === null ? (
    <span className="sv-muted">Not found</span>
  ) : (
    <span className="adm-detail__value">{value}</span>
  );
}

function ItemsTable({
  items,
  isFinal,
  picked,
  onPick,
}: {
  items: readonly Item[];
  isFinal: boolean;
  /** The data point shown in the document, when there is a document to show it in. */
  picked: string | null;
  onPick: ((name: string) => void) | null;
}) {
  return (
    <DataTable
      caption="AI and final values"
      rows={items}
      getRowId={(item) => item.data_point}
      empty="The AI found no values."
      maxHeight={420}
      {...(onPick ? { onRowClick: (item: Item) => onPick(item.data_point) } : {})}
      rowClassName={(item) => (item.data_point === picked ? 'adm-detail__row--picked' : undefined)}
      columns={[
        {
          id: 'point',
          header: 'Data point',
          isRowHeader: true,
          cell: (item) =>
            onPick ? (
              <button
                type="button"
                className="adm-detail__point"
                aria-pressed={item.data_point === picked}
                title="Show where the AI read it in the document"
                onClick={() => onPick(item.data_point)}
              >
                {item.data_point}
              </button>
            ) : (
              item.data_point
            ),
        },
        { id: 'ai', header: 'AI value', cell: (item) => <ValueCell value={item.ai_value} /> },
        {
          id: 'confidence',
          header: 'AI confidence',
          align: 'end',
          cell: (item) => (item.ai_confidence === null ? '—' : formatShare(item.ai_confidence, 0)),
        },
        {
          id: 'final',
          header: 'Final value',
          cell: (item) =>
            isFinal ? (
              <ValueCell value={item.final_value} />
            ) : (
              <span className="sv-muted">Not final yet</span>
            ),
        },
        {
          id: 'change',
          header: 'Review',
          // issue 40: "Confirmed" only for a value reviewers confirmed; an AI-only value is the AI's.
          cell: (item) =>
            !isFinal ? (
              '—'
            ) : !item.is_reviewed ? (
              <Badge tone="neutral">AI</Badge>
            ) : item.is_disputed ? (
              <Badge tone="warning">Disputed</Badge>
            ) : item.is_changed ? (
              <Badge tone="info">Corrected</Badge>
            ) : (
              <Badge tone="success">Confirmed</Badge>
            ),
        },
      ]}
    />
  );
}

function TaskCard({ task, count }: { task: Task; count: number }) {
  return (
    <section className="adm-detail__task" aria-label={count > 1 ? `Task ${task.part + 1}` : 'Review task'}>
      <header className="adm-detail__task-head">
        <strong>{count > 1 ? `Task ${task.part + 1}` : 'Review task'}</strong>
        <Badge
          tone={task.status === 'completed' ? 'success' : task.status === 'rejected' ? 'danger' : 'info'}
        >
          {TASK_LABEL[task.status]}
        </Badge>
        <span className="sv-muted">
          {task.reviews.filter((r) => r.status === 'submitted').length} of {task.required_reviews} reviews
        </span>
      </header>
      {task.reviews.length === 0 ? (
        <p className="sv-muted">No reviewer has taken it yet.</p>
      ) : (
        <DataTable
          caption={`Reviewers of task ${task.part + 1}`}
          rows={task.reviews}
          getRowId={(r) => `${r.worker_id}-${r.claimed_at}`}
          maxHeight={320}
          columns={[
            {
              id: 'reviewer',
              header: 'Reviewer',
              isRowHeader: true,
              cell: (r) => (
                <span className="adm-person">
                  <span className="adm-person__name">{r.worker_name || r.worker_email}</span>
                  <span className="adm-person__email">{r.worker_email}</span>
                </span>
              ),
            },
            {
              id: 'status',
              header: 'Outcome',
              cell: (r) => (
                <span title={r.rejection_reason ?? undefined}>
                  {REVIEW_LABEL[r.status]}
                  {r.rejection_reason ? ` (${r.rejection_reason.replace(/_/g, ' ')})` : ''}
                </span>
              ),
            },
            { id: 'claimed', header: 'Claimed', cell: (r) => formatDateTime(r.claimed_at) },
            { id: 'finished', header: 'Finished', cell: (r) => formatDateTime(r.finished_at) },
            {
              id: 'time',
              header: 'Time spent',
              align: 'end',
              cell: (r) => (r.time_spent_seconds === null ? '—' : formatDuration(r.time_spent_seconds)),
            },
          ]}
        />
      )}
    </section>
  );
}

/** The whole request id, selectable and copyable: support looks requests up by it (issue 40). */
function RequestIdLine({ id }: { id: string }) {
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <p className="adm-detail__id">
      <span className="sv-muted">Request ID</span> <code className="adm-id adm-detail__id-text">{id}</code>
      <Button size="sm" variant="ghost" onClick={() => void copy()} aria-label="Copy the request ID">
        <Icon name="copy" size={14} /> {isCopied ? 'Copied' : 'Copy'}
      </Button>
      <span className="sv-visually-hidden" role="status">
        {isCopied ? 'Request ID copied to the clipboard.' : ''}
      </span>
    </p>
  );
}

export interface RequestDetailViewProps {
  requestId: string;
  onBack: () => void;
}

/** An admin's view of one request (issue 15): timeline, AI vs final, tasks, document, actions. */
export function RequestDetailView({ requestId, onBack }: RequestDetailViewProps) {
  const { data, error, mutate } = useAdminRequestDetail(requestId);
  const { notify, refreshStats } = useDashboard();
  const [confirming, setConfirming] = useState<'cancel' | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [picked, setPicked] = useState<{ name: string; count: number } | null>(null);
  const aiItems = data?.request.ai_result?.result;
  // A new key on every pick, so picking the same item again finds it again.
  const target = useMemo(
    () => (picked ? previewTargetOf(aiItems?.[picked.name], `${picked.name}#${picked.count}`) : null),
    [picked, aiItems],
  );

  const act = async (kind: 'retry' | 'cancel') => {
    setBusy(true);
    try {
      const next = await (kind === 'retry' ? retryRequest(requestId) : cancelRequest(requestId));
      await mutate(next, { revalidate: false });
      notify(kind === 'retry' ? 'The request is queued again.' : 'The request was cancelled.', 'success');
      void refreshStats();
    } catch (failure) {
      notify(errorMessageFor(failure, `Failed to ${kind} the request`), 'error');
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const back = (
    <Button size="sm" variant="ghost" onClick={onBack}>
      <Icon name="chevron-left" size={14} /> All requests
    </Button>
  );
  if (error && !data) {
    return (
      <section className="adm-detail" aria-labelledby="request-detail-title">
        {back}
        <h2 id="request-detail-title" className="adm-view__title">
          Request <code className="adm-id">{requestId}</code>
        </h2>
        <Banner tone="error">{errorMessageFor(error, 'Failed to load the request')}</Banner>
      </section>
    );
  }
  if (!data) return <Spinner label="Loading the request" />;
  const { request } = data;
  const isFinal = request.status === 'completed';
  return (
    <section className="adm-detail" aria-labelledby="request-detail-title">
      <div className="adm-detail__top">
        {back}
        <div className="adm-detail__actions">
          {data.document_url ? (
            <a
              className="sv-button sv-button--secondary sv-button--sm"
              href={data.document_url}
              target="_blank"
              rel="noreferrer"
            >
              <Icon name="external-link" size={14} /> Open document
            </a>
          ) : null}
          {data.can_retry ? (
            <Button size="sm" variant="primary" disabled={isBusy} onClick={() => void act('retry')}>
              Retry extraction
            </Button>
          ) : null}
          {data.can_cancel ? (
            <Button size="sm" variant="danger" disabled={isBusy} onClick={() => setConfirming('cancel')}>
              Cancel request
            </Button>
          ) : null}
        </div>
      </div>
      <header className="adm-detail__header">
        <h2 id="request-detail-title" className="adm-view__title">
          {documentTypeLabel(request.document_type)} request
        </h2>
        <Badge tone={STATUS_TONE[request.status]} hasDot>
          {STATUS_LABEL[request.status]}
        </Badge>
      </header>
      <RequestIdLine id={request.request_id} />
      {request.status === 'failed' && request.error ? <Banner tone="error">{request.error}</Banner> : null}
      {data.notes.length > 0 ? (
        <Banner tone="info">
          <strong>Notes on the document</strong>
          <ul className="adm-detail__notes">
            {data.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Banner>
      ) : null}

      <DescriptionList
        items={[
          {
            term: 'Requester',
            details: data.requester_name
              ? `${data.requester_name} (${data.requester_email})`
              : data.requester_email,
          },
          ...(data.submitted_by_email ? [{ term: 'Submitted by', details: data.submitted_by_email }] : []),
          {
            term: 'Review',
            details: request.metadata.ai_only_mode === true ? 'AI only' : 'AI + human review',
          },
          { term: 'Priority', details: <span className="adm-capitalize">{request.priority}</span> },
          { term: 'Submitted', details: formatDateTime(request.created_at) },
          request.status === 'failed'
            ? { term: 'Failed', details: formatDateTime(request.completed_at ?? request.updated_at) }
            : { term: 'Completed', details: isFinal ? formatDateTime(request.completed_at) : 'Not yet' },
          {
            term: 'Turnaround',
            details:
              data.turnaround_seconds === null ? 'Still open' : formatDuration(data.turnaround_seconds),
          },
        ]}
      />

      <div className="adm-detail__columns">
        <section className="adm-detail__section" aria-labelledby="detail-values-title">
          <h3 id="detail-values-title" className="adm-detail__section-title">
            AI vs final values
          </h3>
          <ItemsTable
            items={data.items}
            isFinal={isFinal}
            picked={picked?.name ?? null}
            onPick={
              data.preview_url
                ? (name) => setPicked((last) => ({ name, count: (last?.count ?? 0) + 1 }))
                : null
            }
          />
        </section>
        <section className="adm-detail__section" aria-labelledby="detail-timeline-title">
          <h3 id="detail-timeline-title" className="adm-detail__section-title">
            Timeline
          </h3>
          <ol className="adm-timeline">
            {data.timeline.map((event) => (
              <li
                key={`${event.kind}-${event.at}-${event.label}`}
                className={`adm-timeline__item adm-timeline__item--${event.kind}`}
              >
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                <span>{event.label}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <RequestDocument
        previewUrl={data.preview_url}
        openUrl={data.document_url}
        target={target}
        targetName={picked?.name ?? null}
      />

      <section className="adm-detail__section" aria-labelledby="detail-tasks-title">
        <h3 id="detail-tasks-title" className="adm-detail__section-title">
          Review tasks
        </h3>
        {data.tasks.length === 0 ? (
          <p className="sv-muted">
            {request.metadata.ai_only_mode === true ? 'AI only: no human review.' : 'No review task yet.'}
          </p>
        ) : (
          data.tasks.map((task) => <TaskCard key={task.task_id} task={task} count={data.tasks.length} />)
        )}
      </section>

      <ConfirmDialog
        isOpen={confirming === 'cancel'}
        title="Cancel this request?"
        description="It stops here and is marked failed; its open review tasks close. The requester sees it as cancelled."
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        tone="danger"
        isBusy={isBusy}
        busyLabel="Cancelling..."
        onConfirm={() => void act('cancel')}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
