import { DOCUMENT_TYPE_LABELS, type WorkerTask } from '@sieve/contracts';
import { Button, Icon } from '@sieve/ui';
import { ConfidenceBadge } from '../review/confidence-badge';
import { displayText, subFieldsOf } from '../review/review-rows';
import { aiResultOf } from '../review/use-review-draft';
import { formatUtc, isOldTask, relativeAge, shortTaskId } from './task-age';
import { taskName } from './task-row';
import './queue.css';

const PREVIEW_ITEMS = 8;

/** A task before it is started: what it is, what the AI found, and Start Task. */
export function TaskPreview({
  task,
  onStart,
  isCompact = false,
  headingLevel = 2,
}: {
  task: WorkerTask;
  onStart: (task: WorkerTask) => void;
  isCompact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const items = Object.entries(aiResultOf(task));
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
        <ConfidenceBadge confidenceScore={task.ai_result.confidence_score} />
      </header>
      {isCompact ? null : (
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
      )}
      <footer className="sv-preview__actions">
        <span className="sv-muted sv-preview__count">
          {items.length} {items.length === 1 ? 'field' : 'fields'}
        </span>
        <Button variant="primary" size="sm" onClick={() => onStart(task)} aria-describedby={titleId}>
          <Icon name="chevron-right" />
          Start Task
        </Button>
      </footer>
    </article>
  );
}
