import { defineEndpoint } from './endpoint';
import { z } from './zod';

export const ComponentStatus = z.enum(['ok', 'down']);

export const HealthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    db: ComponentStatus,
    queue: ComponentStatus,
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const healthEndpoints = {
  health: defineEndpoint({
    id: 'getHealth',
    method: 'get',
    path: '/health',
    summary: 'Liveness and readiness: the database and the job queue',
    tag: 'system',
    access: 'public',
    response: {
      status: 200,
      schema: HealthResponse,
      description: 'All parts up (503 names the part that is down)',
    },
  }),
} as const;
