import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // The contract is TypeScript source in the workspace: bundle it; zod stays a dependency.
  // Types come from `tsc -p tsconfig.types.json` (scripts/build-types.mjs), the contract's included.
  noExternal: [/^@sieve\//],
});
