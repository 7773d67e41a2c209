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

export const LivenessResponse = z
  .object({ status: z.literal('ok'), uptime: z.number() })
  .meta({ id: 'LivenessResponse' });

export const healthEndpoints = {
  live: defineEndpoint({
    id: 'getLiveness',
    method: 'get',
    path: '/health/live',
    summary: 'Liveness: the process answers (restart it when this fails)',
    tag: 'system',
    access: 'public',
    response: { status: 200, schema: LivenessResponse, description: 'Alive' },
  }),
  metrics: defineEndpoint({
    id: 'getMetrics',
    method: 'get',
    path: '/metrics',
    summary:
      'Prometheus metrics: request latency, queue depth, job durations, review throughput. Needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise; closed when no token is configured)',
    tag: 'system',
    access: 'public',
    response: {
      status: 200,
      contentType: 'text/plain; version=0.0.4',
      description: 'Prometheus text format',
    },
  }),
  health: defineEndpoint({
    id: 'getHealth',
    method: 'get',
    path: '/health',
    summary: 'Readiness: the database and the job queue answer (take traffic only when 200)',
    tag: 'system',
    access: 'public',
    response: {
      status: 200,
      schema: HealthResponse,
      description: 'All parts up (503 names the part that is down)',
    },
  }),
} as const;
