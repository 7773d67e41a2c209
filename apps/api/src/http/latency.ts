import type { RequestHandler } from 'express';

/** A rolling window of API response times, for the admin dashboard's average latency. */
export class LatencyWindow {
  private readonly samples: number[] = [];
  private next = 0;

  constructor(private readonly size = 2000) {}

  record(ms: number) {
    if (this.samples.length < this.size) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.size;
  }

  average(): number {
    if (this.samples.length === 0) return 0;
    return this.samples.reduce((a, b) => a + b, 0) / this.samples.length;
  }

  middleware(): RequestHandler {
    return (req, res, next) => {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        if (req.path === '/health') return;
        this.record(Number(process.hrtime.bigint() - started) / 1e6);
      });
      next();
    };
  }
}
