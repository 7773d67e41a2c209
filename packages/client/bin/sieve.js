#!/usr/bin/env node
// The `sieve` command. It exists before the package is built (so installing the workspace never
// fails to link it) and runs the built CLI in dist/.
import('../dist/cli.js').then(
  ({ main }) => main(),
  (error) => {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('cli.js')) {
      process.stderr.write('sieve: the CLI is not built yet. Run `pnpm --filter @sieve/client build`.\n');
      process.exitCode = 1;
    } else {
      throw error;
    }
  },
);
