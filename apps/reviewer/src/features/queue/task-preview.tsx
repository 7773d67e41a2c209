import { DOCUMENT_TYPE_LABELS, type WorkerTaskSummary } from '@sieve/contracts';
import { Button, Icon, Spinner } from '@sieve/ui';
import { ConfidenceBadge } from '../review/confidence-badge';
import { useFullTask } from '../review/full-task';
import { displayText, subFieldsOf } from '../review/review-rows';
import { aiResultOf } from '../review/use-review-draft';
import { formatUtc, isOldTask, relativeAge, shortTaskId } from './task-age';
import { taskName } from './task-row';
import './queue.css';

const PREVIEW_ITEMS = 8;

/** The first values the AI found: they come with the full task, loaded when the preview shows. */
function PreviewItems({ task }: { task: WorkerTaskSummary }) {
  const { task: full, error, retry } = useFullTask(task);
  if (!full) {
    return (
      <div className="sv-preview__items">
        {error ? (
          <p className="sv-muted">
            The AI values could not be loaded.{' '}
            <Button size="sm" variant="ghost" onClick={retry}>
              Try again
            </Button>
          </p>
        ) : (
          <Spinner label="Loading the AI values" />
        )}
      </div>
    );
  }
  const items = Object.entries(aiResultOf(full));
  return (
    <dl className="sv-preview__items">
      {items.slice(0, PREVIEW_ITEMS).map(([name, item]) => (
        <div key={name} className="sv-preview__item">
          <dt>{name}</dt>
          <dd>{displayText(subFieldsOf(item).value) || '—'}</dd>
        </div>
      ))}
      {items.length > PREVIEW_ITEMS ? (
        <div className="sv-preview__item sv-muted">
          <dt>…</dt>
          <dd>{items.length - PREVIEW_ITEMS} more</dd>
        </div>
      ) : null}
      {items.length === 0 ? <p className="sv-muted">The AI found no values.</p> : null}
    </dl>
  );
}

/** A task before it is started: what it is, what the AI found, and Start Task. */
export function TaskPreview({
  task,
  onStart,
  isCompact = false,
  headingLevel = 2,
}: {
  task: WorkerTaskSummary;
  onStart: (task: WorkerTaskSummary) => void;
  isCompact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const fieldCount = task.ai_field_count;
  const ticker = task.document_type === 'sec' ? task.metadata.ticker : null;
  const titleId = `preview-${task.task_id}`;
  return (
    <article
      className={isCompact ? 'sv-preview sv-preview--compact' : 'sv-preview'}
      aria-labelledby={titleId}
    >
      <header className="sv-preview__header">
        <div className="sv-preview__heading">
          <Heading id={titleId} className="sv-preview__title">
            {taskName(task)}
          </Heading>
          <span className="sv-preview__meta">
            {DOCUMENT_TYPE_LABELS[task.document_type]}
            {ticker ? ` · ${ticker}` : ''} · <code>{shortTaskId(task.task_id)}</code> ·{' '}
            <span title={formatUtc(task.created_at)}>{relativeAge(task.created_at)}</span>
            {isOldTask(task.created_at) ? ' · Old' : ''}
          </span>
        </div>
        <ConfidenceBadge confidenceScore={task.ai_confidence_score} />
      </header>
      {isCompact ? null : <PreviewItems task={task} />}
      <footer className="sv-preview__actions">
        <span className="sv-muted sv-preview__count">
          {fieldCount} {fieldCount === 1 ? 'field' : 'fields'}
        </span>
        <Button variant="primary" size="sm" onClick={() => onStart(task)} aria-describedby={titleId}>
          <Icon name="chevron-right" />
          Start Task
        </Button>
      </footer>
    </article>
  );
}
