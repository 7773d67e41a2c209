import { useCallback } from 'react';
import useSWR from 'swr';
import { STATS_KEY, type WorkerStats } from '../workspace/worker-api';

/** The reviewer's metrics (spec 01 §3), for the header counters and the Performance panel. */
export function useWorkerStats() {
  const swr = useSWR<WorkerStats>(STATS_KEY, { refreshInterval: 60_000, shouldRetryOnError: false });
  const { mutate } = swr;

  /** spec 01 §4: on completion, tasksCompleted and streak each rise by 1 (confirmed by a refetch). */
  const recordCompletion = useCallback(() => {
    void mutate(
      (stats) =>
        stats && {
          ...stats,
          tasksCompleted: stats.tasksCompleted + 1,
          tasksCompletedToday: stats.tasksCompletedToday + 1,
          streak: stats.streak + 1,
        },
      { revalidate: true },
    );
  }, [mutate]);

  /** A skip or rejection ends the streak (DESIGN §4); the refetch confirms. */
  const refreshStats = useCallback(() => void mutate(), [mutate]);

  return { ...swr, recordCompletion, refreshStats };
}
