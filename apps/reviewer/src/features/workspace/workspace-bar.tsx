import { useAuth } from '@sieve/auth';
import { Icon } from '@sieve/ui';
import { useWorkerStats } from '../performance/use-worker-stats';
import { Clocks } from './clocks';
import { GuidelinesTip } from './guidelines-tip';
import { useWorkspace } from './workspace-context';

/**
 * The workspace's part of the header (spec 01 §2), under the app header that holds the theme
 * cycle, the customizer and Logout: the clocks, the guidelines tip (workers only), the Completed
 * and Streak counters, the Performance toggle and the overview/focus toggle.
 */
export function WorkspaceBar({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const { user } = useAuth();
  const { viewMode, setViewMode, isPerformanceOpen, setPerformanceOpen } = useWorkspace();
  const { data: stats } = useWorkerStats();
  return (
    <div className="sv-ws-bar">
      <Clocks />
      {user?.userType === 'worker' ? <GuidelinesTip /> : null}
      <div className="sv-counters">
        <span className="sv-counter">
          <span className="sv-counter__label">Completed</span>
          <span className="sv-counter__value" data-testid="completed-count">
            {stats?.tasksCompleted ?? '—'}
          </span>
        </span>
        <span className="sv-counter">
          <Icon name="flame" size={13} className="sv-counter__icon" />
          <span className="sv-counter__label">Streak</span>
          <span className="sv-counter__value" data-testid="streak-count">
            {stats?.streak ?? '—'}
          </span>
        </span>
      </div>
      <span className="sv-ws-bar__spacer" />
      <button
        type="button"
        className="sv-button sv-button--ghost sv-button--sm"
        aria-pressed={isPerformanceOpen}
        onClick={() => setPerformanceOpen(!isPerformanceOpen)}
      >
        <Icon name="chart" />
        Performance
      </button>
      <fieldset className="sv-segmented">
        <legend className="sv-visually-hidden">View</legend>
        <button
          type="button"
          className="sv-segmented__option"
          aria-pressed={viewMode === 'overview'}
          onClick={() => setViewMode('overview')}
        >
          <Icon name="columns" size={14} />
          Overview
        </button>
        <button
          type="button"
          className="sv-segmented__option"
          aria-pressed={viewMode === 'focus'}
          onClick={() => setViewMode('focus')}
        >
          <Icon name="focus" size={14} />
          Focus
        </button>
      </fieldset>
      <button
        type="button"
        className="sv-icon-button sv-icon-button--inline sv-ws-bar__shortcuts"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        onClick={onShowShortcuts}
      >
        <Icon name="keyboard" />
      </button>
    </div>
  );
}
