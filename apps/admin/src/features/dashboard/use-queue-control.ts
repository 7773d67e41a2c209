import { errorMessageFor } from '@sieve/auth';
import { useState } from 'react';
import { setQueuePaused } from './api';
import { useDashboard } from './dashboard-context';

/** Pause Queue and Resume Queue (DESIGN §7/§9: they really pause the job runner). */
export function useQueueControl() {
  const { stats, refreshStats, notify } = useDashboard();
  const [busy, setBusy] = useState<'pause' | 'resume' | null>(null);
  const isPaused = stats?.operationsData.paused ?? false;

  const run = async (paused: boolean) => {
    setBusy(paused ? 'pause' : 'resume');
    try {
      const state = await setQueuePaused(paused);
      notify(
        state.paused
          ? 'Queue paused. New requests wait as pending until it is resumed.'
          : 'Queue resumed. Waiting requests are being processed.',
        'success',
      );
      await refreshStats();
    } catch (error) {
      notify(
        errorMessageFor(error, paused ? 'Failed to pause the queue' : 'Failed to resume the queue'),
        'error',
      );
    } finally {
      setBusy(null);
    }
  };

  return { isPaused, busy, pause: () => run(true), resume: () => run(false), isKnown: stats !== undefined };
}
