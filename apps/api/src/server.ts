import type { Server } from 'node:http';
import type { Express } from 'express';
import { closeOcrWorkers } from './extraction';
import { closeExtractionPools } from './modules/requests/extraction-thread';
import type { Runtime } from './runtime';

/** Listens, and on SIGTERM/SIGINT stops accepting, lets in-flight requests and jobs finish, closes pools. */
export function listen(app: Express, runtime: Runtime): Promise<Server> {
  const { config, logger } = runtime;
  return new Promise((resolve) => {
    const server = app.listen(config.port, config.host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      logger.info({ port }, 'listening');
      resolve(server);
    });
    server.keepAliveTimeout = 65_000;
    installShutdown(runtime, async () => {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
      });
    });
  });
}

export function installShutdown(runtime: Runtime, stopAccepting: () => Promise<void>) {
  const { logger, queue, database, config } = runtime;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await stopAccepting();
      await queue.close();
      await closeExtractionPools();
      await closeOcrWorkers();
      runtime.redis?.disconnect();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
