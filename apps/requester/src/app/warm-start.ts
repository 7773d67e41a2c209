import { swrFetcher } from '@sieve/auth';
import { preload } from 'swr';
import { firstDataPath } from './first-data';

/**
 * issue 15: the Overview's request list is handed to SWR before the first render, so its hook
 * finds it; the call itself began with the page (src/first-data-entry.ts), which `apiRequest` takes up.
 */
export function warmStart(): void {
  const path = firstDataPath();
  if (path) void preload(path, swrFetcher);
}
