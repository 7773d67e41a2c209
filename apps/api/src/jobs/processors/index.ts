import type { Runtime } from '../../runtime';

/**
 * Starts consuming every job type in this process: the API process in the embedded default,
 * the worker process when REDIS_URL is set. Each feature registers its processors here.
 */
export async function startProcessors(_runtime: Runtime): Promise<void> {
  // The extraction and retention processors register here (requests issue).
}
