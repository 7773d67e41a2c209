import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'admin-create': 'src/admin-create.ts',
    // The extraction thread's body, loaded by URL beside the bundle (extraction-thread.ts).
    'extraction-worker': 'src/modules/requests/extraction-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // Workspace packages are TypeScript sources: bundle them; keep npm packages external.
  noExternal: [/^@sieve\//],
  // Migrations are read from disk at start (see db/migrate.ts): ship them beside the bundle.
  onSuccess: 'rm -rf dist/migrations && cp -r src/db/migrations dist/migrations',
});
