import type { RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one process. The API exposes them at /api/v1/metrics; a worker process
 * exposes its own (job durations) on WORKER_METRICS_PORT.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sieve_' });
  const httpDuration = new Histogram({
    name: 'sieve_http_request_duration_seconds',
    help: 'API request latency by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'sieve_job_duration_seconds',
    help: 'Job run time by job type and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const reviews = new Counter({
    name: 'sieve_reviews_submitted_total',
    help: 'Reviews stored (acknowledged to the reviewer)',
    registers: [registry],
  });
  const requestsCreated = new Counter({
    name: 'sieve_requests_created_total',
    help: 'Extraction requests stored',
    labelNames: ['document_type'] as const,
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'sieve_queue_jobs',
    help: 'Jobs in the queue by state (read at scrape time)',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  return {
    registry,
    jobDuration,
    reviews,
    requestsCreated,
    queueDepth,
    /** Records each API request's latency under its route pattern (never the raw URL: bounded labels). */
    httpMiddleware(): RequestHandler {
      return (req, res, next) => {
        const end = httpDuration.startTimer();
        res.on('finish', () => {
          const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
          end({ method: req.method, route, status: String(res.statusCode) });
        });
        next();
      };
    },
    /** Wraps a processor so each run's duration and outcome are recorded. */
    timed<A extends unknown[]>(job: string, run: (...args: A) => Promise<void>) {
      return async (...args: A) => {
        const end = jobDuration.startTimer({ job });
        try {
          await run(...args);
          end({ outcome: 'completed' });
        } catch (error) {
          end({ outcome: 'failed' });
          throw error;
        }
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
