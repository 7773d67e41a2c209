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
    // PGlite start-up and argon2 are CPU-bound; two cores here, and CI may run beside other work
    // (an embedded database's first migration took over 30 s on a machine at load 28).
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
