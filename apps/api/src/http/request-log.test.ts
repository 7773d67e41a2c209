import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';
import { requestLog } from './request-log';

/** An app with the request log and a logger whose lines are kept. */
function appWithLog(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = express();
  app.use(requestLog(app, logger, { ignore: (url) => url === '/health' }));
  app.get('/health', (_req, res) => res.json({ ok: true }));
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  app.get('/boom', () => {
    throw new Error('kaput');
  });
  app.use(errorHandler);
  return { app, lines };
}

describe('request ids and access logs', () => {
  it("answers with the caller's request id, or a new one, and logs one line per request with it", async () => {
    const { app, lines } = appWithLog();
    const mine = await request(app).get('/ok').set('X-Request-Id', 'trace-42');
    expect(mine.headers['x-request-id']).toBe('trace-42');
    const fresh = await request(app).get('/ok').set('X-Request-Id', 'not a token; <script>');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await request(app).get('/health');
    expect(
      lines.map((l) => [l.msg, (l.req as { id: string }).id, (l.res as { statusCode: number }).statusCode]),
    ).toEqual([
      ['request completed', 'trace-42', 200],
      ['request completed', fresh.headers['x-request-id'], 200],
    ]);
    expect(lines[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/ok' } });
    expect(typeof lines[0]?.responseTime).toBe('number');
  });

  it('logs a failing request at error with its error, even when info lines are off', async () => {
    const { app, lines } = appWithLog('warn');
    await request(app).get('/ok');
    const failed = await request(app).get('/boom');
    expect(failed.status).toBe(500);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'unhandled error'],
      [50, 'request completed'],
    ]);
    expect(lines[0]).toMatchObject({
      req: { id: failed.headers['x-request-id'] },
      err: { message: 'kaput' },
    });
  });
});
