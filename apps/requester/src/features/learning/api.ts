import { apiRequest } from '@sieve/auth';
import type { Hint, HintListResponse, learningEndpoints, z } from '@sieve/contracts';
import useSWR from 'swr';

type Paths = (typeof learningEndpoints)[keyof typeof learningEndpoints]['path'];

/** DESIGN §14 paths, checked against the contract by type (a value import would bundle its schemas). */
const PATHS = { hints: '/hints' } as const satisfies Record<string, Paths>;

export const HINTS_KEY = PATHS.hints;
export type { Hint };

export function useHints() {
  return useSWR<z.infer<typeof HintListResponse>>(HINTS_KEY);
}

export function deleteHint(id: string) {
  return apiRequest<void>(`${PATHS.hints}/${id}`, { method: 'DELETE' });
}

export function deleteSourceHints(fingerprint: string) {
  return apiRequest<{ deleted: number }>(`${PATHS.hints}?fingerprint=${encodeURIComponent(fingerprint)}`, {
    method: 'DELETE',
  });
}
