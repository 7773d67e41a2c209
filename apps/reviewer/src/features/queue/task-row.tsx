import { DOCUMENT_TYPE_LABELS, type WorkerTaskSummary } from '@sieve/contracts';
import { Badge, Icon } from '@sieve/ui';
import { type KeyboardEvent, memo } from 'react';
import {
  aiPercent,
  CONFIDENCE_BAND_TONE,
  confidenceBand,
  lowestFieldText,
  probabilityOf,
} from '../review/confidence';
import { isOldTask, relativeAge, shortTaskId } from './task-age';

export interface TaskRowProps {
  task: WorkerTaskSummary;
  index: number;
  now: number;
  isSelected: boolean;
  isActive: boolean;
  isSelectMode: boolean;
  isChecked: boolean;
  /** Receives keyboard focus (the roving tab stop). */
  isTabStop: boolean;
  onActivate: (task: WorkerTaskSummary, index: number) => void;
  onStart: (task: WorkerTaskSummary) => void;
  onToggleChecked: (taskId: string) => void;
  onReject: (task: WorkerTaskSummary) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, index: number) => void;
}

export function taskName(task: WorkerTaskSummary): string {
  const { name, document_name: documentName, url } = task.metadata;
  for (const candidate of [name, documentName, url]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
  }
  return 'Untitled';
}

/** One queue row: type, 16-character id, Old badge, age, ticker (sec), name, AI %, reject. */
export const TaskRow = memo(function TaskRow({
  task,
  index,
  now,
  isSelected,
  isActive,
  isSelectMode,
  isChecked,
  isTabStop,
  onActivate,
  onStart,
  onToggleChecked,
  onReject,
  onKeyDown,
}: TaskRowProps) {
  const probability = probabilityOf(task.ai_confidence_score);
  const band = confidenceBand(probability);
  const name = taskName(task);
  const ticker =
    task.document_type === 'sec' && typeof task.metadata.ticker === 'string' ? task.metadata.ticker : null;
  const typeLabel = DOCUMENT_TYPE_LABELS[task.document_type] ?? task.document_type;
  const isOld = isOldTask(task.created_at, now);
  return (
    <div
      className={[
        'sv-queue-row',
        isSelected ? 'is-selected' : '',
        isActive ? 'is-active' : '',
        isChecked ? 'is-checked' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-task-id={task.task_id}
    >
      {isSelectMode ? (
        <input
          type="checkbox"
          className="sv-queue-row__check"
          checked={isChecked}
          onChange={() => onToggleChecked(task.task_id)}
          aria-label={`Select ${name}`}
        />
      ) : null}
      <button
        type="button"
        className="sv-queue-row__main"
        tabIndex={isTabStop ? 0 : -1}
        aria-current={isActive ? 'true' : undefined}
        aria-pressed={isSelectMode ? isChecked : undefined}
        onClick={() => (isSelectMode ? onToggleChecked(task.task_id) : onActivate(task, index))}
        onDoubleClick={() => (isSelectMode ? undefined : onStart(task))}
        onKeyDown={(event) => onKeyDown(event, index)}
      >
        <span className="sv-queue-row__line">
          <span className="sv-queue-row__type">{typeLabel}</span>
          {isOld ? <Badge tone="warning">Old</Badge> : null}
          {isActive ? <span className="sv-queue-row__active">In review</span> : null}
          <span className="sv-queue-row__spacer" />
          <span
            className={`sv-ai-badge sv-ai-badge--${CONFIDENCE_BAND_TONE[band]}`}
            title={lowestFieldText(task.ai_confidence_score).description}
          >
            AI {aiPercent(task.ai_confidence_score)}%
          </span>
        </span>
        <span className="sv-queue-row__line sv-queue-row__line--sub">
          <code className="sv-queue-row__id">{shortTaskId(task.task_id)}</code>
          <span className="sv-queue-row__age">{relativeAge(task.created_at, now)}</span>
        </span>
        <span className="sv-queue-row__line sv-queue-row__line--sub">
          {ticker ? <span className="sv-queue-row__ticker">{ticker}</span> : null}
          <span className="sv-queue-row__name">{name}</span>
        </span>
      </button>
      {isSelectMode ? null : (
        <button
          type="button"
          className="sv-icon-button sv-icon-button--inline sv-queue-row__reject"
          tabIndex={isTabStop ? 0 : -1}
          aria-label={`Reject ${name}`}
          title="Reject task"
          onClick={() => onReject(task)}
        >
          <Icon name="ban" size={14} />
        </button>
      )}
    </div>
  );
});
