import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The client package ships built files; the tests use its source, so they need no build first.
  resolve: {
    alias: { '@sieve/client': fileURLToPath(new URL('../../packages/client/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // PGlite start-up and argon2 are CPU-bound; two cores here.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
