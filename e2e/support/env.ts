import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The only reader of process.env in the e2e package. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The built all-in-one server; E2E_SERVER_ENTRY swaps it (relative to the repo root). */
export const SERVER_ENTRY = path.resolve(REPO_ROOT, process.env.E2E_SERVER_ENTRY ?? 'apps/api/dist/main.js');

export const IS_CI = Boolean(process.env.CI);
/** Where the issue-40 specs put their screenshots for people to look at (none when unset). */
export const SCREENS_DIR = process.env.SCREENS_DIR;

/** The admin the server seeds at start (ADMIN_EMAIL/ADMIN_PASSWORD); specs create the rest. */
export const E2E_ADMIN = { email: 'e2e-admin@sieve-e2e.com', password: 'e2e-Admin-2024' } as const;

const LOG_VARIABLE = 'SIEVE_E2E_SERVER_LOG';

/** The global setup publishes the server's log file here; the workers inherit it. */
export function publishServerLog(file: string): void {
  process.env[LOG_VARIABLE] = file;
}

export function serverLogFile(): string {
  const file = process.env[LOG_VARIABLE];
  if (!file) throw new Error(`${LOG_VARIABLE} is not set: the global setup did not run`);
  return file;
}

const PORT_VARIABLE = 'SIEVE_E2E_PORT';

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

/**
 * The server's port. The config runs first in the runner process, picks a free port and puts it
 * in the environment, which the global setup and the workers (started later) inherit.
 */
export async function serverPort(): Promise<number> {
  const existing = process.env[PORT_VARIABLE];
  if (existing) return Number(existing);
  const port = await freePort();
  process.env[PORT_VARIABLE] = String(port);
  return port;
}
