import { timingSafeEqual } from 'node:crypto';
import { healthEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import { AppError } from '../../http/app-error';
import { mount } from '../../http/mount';
import type { JobQueue } from '../../jobs/queue';
import type { Metrics } from './metrics';

function tokenMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function metricsRoutes(metrics: Metrics, queue: JobQueue, token: string | undefined) {
  const router = Router();
  mount(router, healthEndpoints.live, () => ({
    status: 'ok' as const,
    uptime: Math.round(process.uptime()),
  }));
  mount(router, healthEndpoints.metrics, async ({ req, res }) => {
    // Metrics name routes, queue depths and volumes: never public. Without METRICS_TOKEN they are off.
    if (!token || !tokenMatches(req.headers.authorization, token)) throw new AppError('UNAUTHORIZED');
    const counts = await queue.counts().catch(() => null);
    if (counts) for (const [state, n] of Object.entries(counts)) metrics.queueDepth.set({ state }, n);
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.status(200).send(await metrics.registry.metrics());
  });
  return router;
}
