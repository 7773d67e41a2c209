import { ApiError } from '@sieve/auth';
import {
  Badge,
  Banner,
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Icon,
  Spinner,
} from '@sieve/ui';
import { useState } from 'react';
import { deleteHint, deleteSourceHints, type Hint, useHints } from './api';
import { bySource, learnedFrom, placeText } from './place-text';
import './learning.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function errorText(error: unknown, fallback: string) {
  return error instanceof ApiError ? (error.detail ?? fallback) : fallback;
}

/** The reviews that taught a hint: each document by name, with when its review finished. */
function TaughtBy({ hint }: { hint: Hint }) {
  return (
    <details className="rq-learned__reviews">
      <summary>{learnedFrom(hint.reviews)}</summary>
      <ul>
        {hint.taught_by.map((review) => (
          <li key={review.task_id}>
            {review.document_name ?? 'Document'}
            {review.completed_at ? (
              <span className="sv-muted"> · {dateTime.format(new Date(review.completed_at))}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

type Pending = { kind: 'one'; hint: Hint } | { kind: 'source'; fingerprint: string; source: string };

/**
 * DESIGN §14: what reviews taught the extractor, per source and field, with the reviews that
 * taught each hint; the requester forgets one hint or a whole source.
 */
export default function LearnedView() {
  const { data, error: loadError, isLoading, mutate } = useHints();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setIsBusy(true);
    setError(null);
    try {
      if (pending.kind === 'one') await deleteHint(pending.hint.hint_id);
      else await deleteSourceHints(pending.fingerprint);
      await mutate();
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
      setPending(null);
    }
  };

  const columns: DataTableColumn<Hint>[] = [
    { id: 'field', header: 'Field', cell: (h) => h.field, isRowHeader: true },
    {
      id: 'place',
      header: 'Where the value sits',
      cell: (h) => <span className="rq-learned__place">{placeText(h.place)}</span>,
    },
    // On a narrow screen the field, its place and Delete stay; the reviews and state fold away.
    { id: 'reviews', header: 'Taught by', priority: 2, cell: (h) => <TaughtBy hint={h} /> },
    {
      id: 'state',
      header: 'State',
      priority: 3,
      cell: (h) =>
        h.corrections > 0 ? (
          <Badge tone="warning">Corrected once</Badge>
        ) : (
          <Badge tone="success">{h.uses ? `Confirmed ${h.uses}×` : 'New'}</Badge>
        ),
    },
    {
      id: 'action',
      header: <span className="sv-visually-hidden">Actions</span>,
      align: 'end',
      cell: (h) => (
        <Button
          size="sm"
          variant="danger"
          onClick={() => setPending({ kind: 'one', hint: h })}
          aria-label={`Delete the hint for ${h.field}`}
        >
          Delete
        </Button>
      ),
    },
  ];

  if (isLoading) return <Spinner label="Loading learned hints" />;
  const groups = bySource(data?.hints ?? []);
  return (
    <div className="rq-learned">
      <p className="sv-muted rq-learned__intro">
        When reviewers correct a value, Sieve remembers where it sits on that source's layout and reads it
        from there on the next document. Hints are yours alone. Turn learning off on a template or a request
        to keep it from using or teaching them.
      </p>
      {loadError ? (
        <Banner tone="error">{errorText(loadError, 'The hints could not be loaded.')}</Banner>
      ) : null}
      {error ? <Banner tone="error">{errorText(error, 'The hint could not be deleted.')}</Banner> : null}
      {groups.length === 0 && !loadError ? (
        <Card as="section">
          <EmptyState
            icon="sparkles"
            title="Nothing learned yet"
            description="Hints appear here once reviewers correct a value on one of your documents."
          />
        </Card>
      ) : null}
      {groups.map((group) => (
        <Card
          as="section"
          key={group.fingerprint}
          className="rq-learned__source"
          aria-labelledby={`source-${group.fingerprint}`}
        >
          <header className="rq-learned__head">
            <h2 id={`source-${group.fingerprint}`} className="rq-learned__title">
              <Icon name="building" /> {group.source}
            </h2>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setPending({ kind: 'source', fingerprint: group.fingerprint, source: group.source })
              }
            >
              <Icon name="trash" /> Forget this source
            </Button>
          </header>
          <DataTable
            caption={`Hints learned for ${group.source}`}
            columns={columns}
            rows={group.hints}
            getRowId={(h) => h.hint_id}
          />
        </Card>
      ))}
      <ConfirmDialog
        isOpen={pending !== null}
        title={
          pending?.kind === 'one'
            ? `Delete the hint for ${pending.hint.field}?`
            : `Forget everything learned for ${pending?.source ?? 'this source'}?`
        }
        description="The next documents are read without it until reviewers teach it again."
        confirmLabel={pending?.kind === 'one' ? 'Delete hint' : 'Forget source'}
        tone="danger"
        isBusy={isBusy}
        busyLabel="Deleting…"
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
