import type { RequestSummary } from '@sieve/contracts';
import { Badge, Button, DataTable, type DataTableColumn } from '@sieve/ui';
import type { ReactNode } from 'react';
import {
  documentTypeLabel,
  formatDateTime,
  formatShortDate,
  PRIORITY_LABELS,
  reviewLabel,
  shortId,
  sourceLabel,
} from './request-format';
import './requests.css';
import { StatusBadge } from './status-badge';

export interface RequestTableProps {
  caption: string;
  requests: readonly RequestSummary[];
  onView: (request: RequestSummary) => void;
  empty: ReactNode;
  isLoading?: boolean;
  /** Leave out the priority column (the compact overview list). */
  isCompact?: boolean;
  maxHeight?: number;
}

/** The requester's requests: what, from where, its status and when; View opens the details. */
export function RequestTable({
  caption,
  requests,
  onView,
  empty,
  isLoading = false,
  isCompact = false,
  maxHeight,
}: RequestTableProps) {
  const columns: DataTableColumn<RequestSummary>[] = [
    {
      id: 'request',
      header: 'Request',
      isRowHeader: true,
      cell: (request) => (
        <span className="rq-request-cell">
          <span className="rq-request-cell__type">{documentTypeLabel(request.document_type)}</span>
          <code className="rq-request-cell__id">{shortId(request.request_id)}</code>
        </span>
      ),
    },
    {
      id: 'source',
      header: 'Source',
      priority: 2,
      cell: (request) => (
        <span
          className={isCompact ? 'rq-source rq-source--compact' : 'rq-source'}
          title={sourceLabel(request)}
        >
          {sourceLabel(request)}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      // issue 40: why a request failed, or what could not be read, is seen in the list.
      cell: (request) => {
        // A summary from before notes existed (an older API, a fixture) has none.
        const notes: string[] = request.notes ?? [];
        const note = request.status === 'failed' ? request.error : (notes[0] ?? null);
        return (
          <span className="rq-status-cell">
            <StatusBadge status={request.status} />
            {note ? (
              <span className="rq-status-cell__note" title={[note, ...notes.slice(1)].join('\n')}>
                {note}
              </span>
            ) : null}
          </span>
        );
      },
    },
    ...(isCompact
      ? []
      : [
          {
            id: 'priority',
            header: 'Priority',
            priority: 3 as const,
            cell: (request: RequestSummary) =>
              request.priority === 'high' ? (
                <Badge tone="warning">{PRIORITY_LABELS.high}</Badge>
              ) : (
                <span className="sv-muted">{PRIORITY_LABELS[request.priority]}</span>
              ),
          },
          {
            id: 'mode',
            header: 'Review',
            priority: 2 as const,
            cell: (request: RequestSummary) => <span className="sv-muted">{reviewLabel(request)}</span>,
          },
        ]),
    {
      id: 'created',
      header: 'Created',
      priority: 2,
      cell: (request) => (
        <time dateTime={request.created_at} title={formatDateTime(request.created_at)}>
          {formatShortDate(request.created_at)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: <span className="sv-visually-hidden">Actions</span>,
      align: 'end',
      isSticky: true,
      cell: (request) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`View details of ${documentTypeLabel(request.document_type)} request ${shortId(request.request_id)}`}
          onClick={() => onView(request)}
        >
          View
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={requests}
      getRowId={(request) => request.request_id}
      onRowClick={onView}
      empty={empty}
      isLoading={isLoading}
      {...(maxHeight ? { maxHeight } : {})}
    />
  );
}
