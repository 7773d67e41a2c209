import { ACHIEVEMENTS, REVIEWER, type WorkerStats } from '@sieve/contracts';

export interface Achievement {
  id: 'hot-streak' | 'quality-master' | 'speed-demon' | 'century-club';
  title: string;
  description: string;
  isUnlocked: boolean;
  /** How far along, 0–1, for the locked ones. */
  progress: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** spec 01 §9: the four achievements and their thresholds. */
export function achievementsFor(stats: WorkerStats): Achievement[] {
  const quality = stats.qualityScoreBasis > 0 ? stats.qualityScore : null;
  const hasTimedWork = stats.tasksCompleted > 0 && stats.averageTime > 0;
  return [
    {
      id: 'hot-streak',
      title: 'Hot Streak',
      description: `A streak of ${ACHIEVEMENTS.hotStreakAt} or more`,
      isUnlocked: stats.streak >= ACHIEVEMENTS.hotStreakAt,
      progress: clamp01(stats.streak / ACHIEVEMENTS.hotStreakAt),
    },
    {
      id: 'quality-master',
      title: 'Quality Master',
      description: `Quality of ${Math.round(ACHIEVEMENTS.qualityMasterAt * 100)}% or more`,
      isUnlocked: quality !== null && quality >= ACHIEVEMENTS.qualityMasterAt,
      progress: quality === null ? 0 : clamp01(quality / ACHIEVEMENTS.qualityMasterAt),
    },
    {
      id: 'speed-demon',
      title: 'Speed Demon',
      description: `Average time under ${ACHIEVEMENTS.speedDemonUnderSeconds / 60} minutes`,
      isUnlocked: hasTimedWork && stats.averageTime < ACHIEVEMENTS.speedDemonUnderSeconds,
      progress: hasTimedWork ? clamp01(ACHIEVEMENTS.speedDemonUnderSeconds / stats.averageTime) : 0,
    },
    {
      id: 'century-club',
      title: 'Century Club',
      description: `${ACHIEVEMENTS.centuryClubAt} or more tasks completed`,
      isUnlocked: stats.tasksCompleted >= ACHIEVEMENTS.centuryClubAt,
      progress: clamp01(stats.tasksCompleted / ACHIEVEMENTS.centuryClubAt),
    },
  ];
}

/** spec 01 §9: a streak of 10 or more highlights its card. */
export function isStreakHighlighted(streak: number): boolean {
  return streak >= REVIEWER.streakHighlightAt;
}

export interface DailyGoal {
  done: number;
  goal: number;
  /** 0–100, capped. */
  percent: number;
}

export function dailyGoal(tasksCompletedToday: number): DailyGoal {
  const goal = REVIEWER.dailyGoal;
  return {
    done: tasksCompletedToday,
    goal,
    percent: Math.min(100, Math.round((tasksCompletedToday / goal) * 100)),
  };
}

export type Movement =
  | { kind: 'up' | 'down'; places: number }
  | { kind: 'same' }
  | { kind: 'new' }
  | { kind: 'unranked' };

/** The leaderboard movement: previous rank minus rank (positive = moved up). */
export function leaderboardMovement(rank: number | null, previousRank: number | null): Movement {
  if (rank === null) return { kind: 'unranked' };
  if (previousRank === null) return { kind: 'new' };
  const places = previousRank - rank;
  if (places > 0) return { kind: 'up', places };
  if (places < 0) return { kind: 'down', places: -places };
  return { kind: 'same' };
}

export function movementText(movement: Movement): string {
  switch (movement.kind) {
    case 'up':
      return `Up ${movement.places} since last week`;
    case 'down':
      return `Down ${movement.places} since last week`;
    case 'same':
      return 'Same as last week';
    case 'new':
      return 'New this week';
    case 'unranked':
      return 'Complete a task this week to be ranked';
  }
}

/** Seconds as the panel shows them: "45s", "1m 32s", "2h 5m"; "—" for none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '—';
  const total = Math.round(seconds);
  if (total < 60) return `${total}s`;
  if (total < 3600) return `${Math.floor(total / 60)}m ${total % 60}s`;
  return `${Math.floor(total / 3600)}h ${Math.floor((total % 3600) / 60)}m`;
}

/** "—" until a consensus exists to score against (the basis is 0), else a percentage. */
export function formatQuality(stats: Pick<WorkerStats, 'qualityScore' | 'qualityScoreBasis'>): string {
  return stats.qualityScoreBasis > 0 ? `${Math.round(stats.qualityScore * 100)}%` : '—';
}
