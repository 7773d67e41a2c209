import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@sieve/contracts';
import { Icon, Spinner } from '@sieve/ui';
import { relativeAge } from '../queue/task-age';
import { formatDuration } from './achievements';
import { historyErrorMessage, useWorkerHistory } from './use-history';

const STATUS_LABEL: Record<string, string> = {
  submitted: 'Submitted',
  skipped: 'Skipped',
  rejected: 'Rejected',
  expired: 'Expired',
};

function typeLabel(type: string): string {
  return DOCUMENT_TYPE_LABELS[type as DocumentType] ?? type;
}

/** The reviewer's latest tasks from GET /worker/history, in the Performance panel. */
export function RecentActivity() {
  const { data, error, isLoading } = useWorkerHistory(true);
  return (
    <section className="sv-perf-card" aria-labelledby="recent-title">
      <h3 id="recent-title" className="sv-perf-card__title">
        <Icon name="timer" size={14} />
        Recent activity
      </h3>
      {isLoading && !data ? (
        <Spinner size="sm" label="Loading recent activity" />
      ) : error && !data ? (
        <p className="sv-perf-card__note" role="alert">
          {historyErrorMessage(error)}
        </p>
      ) : !data || data.history.length === 0 ? (
        <p className="sv-perf-card__note">Tasks you finish appear here.</p>
      ) : (
        <ul className="sv-activity">
          {data.history.map((item) => (
            <li key={`${item.task_id}-${item.claimed_at}`} className="sv-activity__item">
              <span className="sv-activity__main">
                <span className="sv-activity__name">{item.name ?? typeLabel(item.document_type)}</span>
                <span className="sv-activity__meta">
                  {typeLabel(item.document_type)}
                  {item.time_spent_seconds ? ` · ${formatDuration(item.time_spent_seconds)}` : ''}
                  {item.finished_at ? ` · ${relativeAge(item.finished_at)}` : ''}
                </span>
              </span>
              <span className={`sv-activity__status sv-activity__status--${item.status}`}>
                {STATUS_LABEL[item.status] ?? item.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > data.history.length ? (
        <p className="sv-perf-card__note">
          Latest {data.history.length} of {data.total}
        </p>
      ) : null}
    </section>
  );
}
