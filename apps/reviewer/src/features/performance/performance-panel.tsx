import { Icon, type IconName, Sidebar, Spinner } from '@sieve/ui';
import { callError } from '../workspace/worker-api';
import {
  type Achievement,
  achievementsFor,
  dailyGoal,
  formatDuration,
  formatQuality,
  isStreakHighlighted,
  leaderboardMovement,
  movementText,
} from './achievements';
import { RecentActivity } from './recent-activity';
import { useWorkerStats } from './use-worker-stats';
import './performance.css';

const ACHIEVEMENT_ICON: Record<Achievement['id'], IconName> = {
  'hot-streak': 'flame',
  'quality-master': 'star',
  'speed-demon': 'zap',
  'century-club': 'award',
};

function Metric({
  label,
  value,
  icon,
  isHighlighted = false,
}: {
  label: string;
  value: string;
  icon: IconName;
  isHighlighted?: boolean;
}) {
  return (
    <div className={isHighlighted ? 'sv-metric sv-metric--highlight' : 'sv-metric'}>
      <span className="sv-metric__label">
        <Icon name={icon} size={14} />
        {label}
      </span>
      <span className="sv-metric__value">{value}</span>
    </div>
  );
}

/**
 * The Performance panel (spec 01 §2): Daily Goal progress of 50, Avg Time, Quality, Current
 * Streak (highlighted from 10), the four achievements, and the real weekly leaderboard rank.
 */
export function PerformancePanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { data: stats, error, isLoading } = useWorkerStats();
  return (
    <Sidebar isOpen={isOpen} title="Performance" onClose={onClose} className="sv-performance">
      {isLoading && !stats ? (
        <Spinner label="Loading performance" />
      ) : !stats ? (
        <p className="sv-muted" role="alert">
          {callError(error, 'stats')}
        </p>
      ) : (
        <PerformanceContent stats={stats} />
      )}
    </Sidebar>
  );
}

function PerformanceContent({ stats }: { stats: NonNullable<ReturnType<typeof useWorkerStats>['data']> }) {
  const goal = dailyGoal(stats.tasksCompletedToday);
  const movement = leaderboardMovement(stats.leaderboard.rank, stats.leaderboard.previousRank);
  const achievements = achievementsFor(stats);
  return (
    <>
      <section className="sv-perf-card" aria-labelledby="goal-title">
        <div className="sv-perf-card__head">
          <h3 id="goal-title" className="sv-perf-card__title">
            <Icon name="target" size={14} />
            Daily Goal
          </h3>
          <span className="sv-perf-card__figure">
            {goal.done} / {goal.goal}
          </span>
        </div>
        <div
          className="sv-progress"
          role="progressbar"
          aria-labelledby="goal-title"
          aria-valuemin={0}
          aria-valuemax={goal.goal}
          aria-valuenow={Math.min(goal.done, goal.goal)}
          aria-valuetext={`${goal.done} of ${goal.goal} tasks today`}
        >
          <span className="sv-progress__bar" style={{ width: `${goal.percent}%` }} />
        </div>
        <p className="sv-perf-card__note">
          {goal.done >= goal.goal ? 'Goal reached. Well done!' : `${goal.goal - goal.done} to go today`}
        </p>
      </section>

      <div className="sv-metrics">
        <Metric label="Avg Time" value={formatDuration(stats.averageTime)} icon="timer" />
        <Metric label="Quality" value={formatQuality(stats)} icon="star" />
        <Metric
          label="Current Streak"
          value={String(stats.streak)}
          icon="flame"
          isHighlighted={isStreakHighlighted(stats.streak)}
        />
        <Metric label="Completed" value={String(stats.tasksCompleted)} icon="check" />
      </div>

      <section className="sv-perf-card" aria-labelledby="achievements-title">
        <h3 id="achievements-title" className="sv-perf-card__title">
          <Icon name="award" size={14} />
          Achievements
        </h3>
        <ul className="sv-achievements">
          {achievements.map((achievement) => (
            <li
              key={achievement.id}
              className={achievement.isUnlocked ? 'sv-achievement is-unlocked' : 'sv-achievement'}
            >
              <span className="sv-achievement__icon" aria-hidden="true">
                <Icon name={ACHIEVEMENT_ICON[achievement.id]} size={16} />
              </span>
              <span className="sv-achievement__text">
                <span className="sv-achievement__title">{achievement.title}</span>
                <span className="sv-achievement__description">{achievement.description}</span>
              </span>
              <span className="sv-achievement__state">
                {achievement.isUnlocked ? 'Unlocked' : `${Math.round(achievement.progress * 100)}%`}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="sv-perf-card" aria-labelledby="leaderboard-title">
        <h3 id="leaderboard-title" className="sv-perf-card__title">
          <Icon name="trophy" size={14} />
          Leaderboard
        </h3>
        <div className="sv-leaderboard">
          <span className="sv-leaderboard__rank">
            {stats.leaderboard.rank === null ? '—' : `#${stats.leaderboard.rank}`}
          </span>
          <span className="sv-leaderboard__detail">
            <span>
              of {stats.leaderboard.reviewers} {stats.leaderboard.reviewers === 1 ? 'reviewer' : 'reviewers'}{' '}
              this week · {stats.leaderboard.tasksThisWeek} tasks
            </span>
            <span className={`sv-leaderboard__move sv-leaderboard__move--${movement.kind}`}>
              {movement.kind === 'up' ? <Icon name="arrow-up" size={12} /> : null}
              {movement.kind === 'down' ? <Icon name="arrow-down" size={12} /> : null}
              {movementText(movement)}
            </span>
          </span>
        </div>
      </section>
      <RecentActivity />
    </>
  );
}
