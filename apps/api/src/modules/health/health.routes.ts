import { type HealthResponse, healthEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import type { AppDeps } from '../../app';
import { mount } from '../../http/mount';

const PROBE_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<void>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: Pick<AppDeps, 'database' | 'queue'>) {
  const router = Router();
  mount(router, healthEndpoints.health, async ({ res }) => {
    const [db, queue] = await Promise.all([probe(deps.database.ping), probe(() => deps.queue.ping())]);
    const body: HealthResponse = { status: db === 'ok' && queue === 'ok' ? 'ok' : 'degraded', db, queue };
    res.setHeader('Cache-Control', 'no-store');
    if (body.status !== 'ok') {
      res.status(503).json(body);
      return;
    }
    return body;
  });
  return router;
}
