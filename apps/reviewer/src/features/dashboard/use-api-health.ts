import type { HealthResponse } from '@sieve/contracts';
import useSWR from 'swr';
import { DASHBOARD_KEYS } from './api';

export function useApiHealth() {
  return useSWR<HealthResponse>(DASHBOARD_KEYS.health, { refreshInterval: 30_000 });
}
