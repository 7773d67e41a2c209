import { createServer } from 'node:net';
import { type AppUnderTest, appOrigin } from './apps';
import { SERVER_ENTRY } from './env';
import { type RunningServer, startServer } from './server';
import { test as base } from './test';

/**
 * A server of the spec's own, for specs that change what every other spec would see (pausing the
 * queue) or that want a known data set. One per Playwright worker, started on first use with the
 * given settings, stopped when the worker ends; `baseURL` then points at it.
 */
export interface OwnServer {
  port: number;
  logFile: string;
  /** The API base from the test process (Node does not resolve *.localhost). */
  apiBase: string;
  origin: (app: AppUnderTest) => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

export function testWithOwnServer(extraEnv: Record<string, string> = {}) {
  return base.extend<Record<never, never>, { ownServer: OwnServer }>({
    ownServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
      async ({}, use) => {
        const port = await freePort();
        const server: RunningServer = await startServer(SERVER_ENTRY, port, extraEnv);
        try {
          await use({
            port,
            logFile: server.logFile,
            apiBase: `http://127.0.0.1:${port}/api/v1`,
            origin: (app) => appOrigin(app, port),
          });
        } finally {
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ ownServer, app }, use) => {
      await use(ownServer.origin(app));
    },
  });
}
