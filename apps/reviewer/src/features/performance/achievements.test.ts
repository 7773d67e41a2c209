import type { WorkerStats } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import {
  achievementsFor,
  dailyGoal,
  formatDuration,
  formatQuality,
  isStreakHighlighted,
  leaderboardMovement,
  movementText,
} from './achievements';

const base: WorkerStats = {
  tasksCompleted: 0,
  tasksCompletedToday: 0,
  averageTime: 0,
  qualityScore: 0,
  qualityScoreBasis: 0,
  streak: 0,
  totalTimeSpent: 0,
  leaderboard: { rank: null, previousRank: null, reviewers: 0, tasksThisWeek: 0 },
};

const unlocked = (stats: Partial<WorkerStats>) =>
  achievementsFor({ ...base, ...stats })
    .filter((achievement) => achievement.isUnlocked)
    .map((achievement) => achievement.title);

describe('performance (spec 01 §9)', () => {
  it('unlocks the four achievements at their thresholds', () => {
    expect(unlocked({})).toEqual([]);
    expect(unlocked({ streak: 4 })).toEqual([]);
    expect(unlocked({ streak: 5 })).toEqual(['Hot Streak']);
    expect(unlocked({ qualityScore: 0.89, qualityScoreBasis: 40 })).toEqual([]);
    expect(unlocked({ qualityScore: 0.9, qualityScoreBasis: 40 })).toEqual(['Quality Master']);
    expect(unlocked({ tasksCompleted: 3, averageTime: 120 })).toEqual([]);
    expect(unlocked({ tasksCompleted: 3, averageTime: 119 })).toEqual(['Speed Demon']);
    expect(unlocked({ tasksCompleted: 100, averageTime: 300 })).toEqual(['Century Club']);
  });

  it('shows the quality as "—" until a consensus exists to score against', () => {
    expect(formatQuality({ qualityScore: 0, qualityScoreBasis: 0 })).toBe('—');
    expect(formatQuality({ qualityScore: 0, qualityScoreBasis: 3 })).toBe('0%');
    expect(formatQuality({ qualityScore: 0.875, qualityScoreBasis: 8 })).toBe('88%');
  });

  it('highlights a streak of 10 or more', () => {
    expect(isStreakHighlighted(9)).toBe(false);
    expect(isStreakHighlighted(10)).toBe(true);
  });

  it('measures the daily goal of 50', () => {
    expect(dailyGoal(10)).toEqual({ done: 10, goal: 50, percent: 20 });
    expect(dailyGoal(80).percent).toBe(100);
  });

  it('shows the real rank movement: previous rank minus rank', () => {
    expect(leaderboardMovement(2, 5)).toEqual({ kind: 'up', places: 3 });
    expect(leaderboardMovement(5, 2)).toEqual({ kind: 'down', places: 3 });
    expect(leaderboardMovement(3, 3)).toEqual({ kind: 'same' });
    expect(leaderboardMovement(3, null)).toEqual({ kind: 'new' });
    expect(leaderboardMovement(null, 4)).toEqual({ kind: 'unranked' });
    expect(movementText({ kind: 'up', places: 3 })).toBe('Up 3 since last week');
  });

  it('formats durations', () => {
    expect(formatDuration(0)).toBe('—');
    expect(formatDuration(45.4)).toBe('45s');
    expect(formatDuration(92)).toBe('1m 32s');
    expect(formatDuration(7500)).toBe('2h 5m');
  });
});
