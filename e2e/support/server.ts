import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN, REPO_ROOT } from './env';

// A loaded machine (several builds at once) starts the embedded database slowly.
const HEALTH_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  port: number;
  logFile: string;
  stop: () => Promise<void>;
}

/** GET /api/v1/health over loopback; the status code, or null when nothing answers. */
function healthStatus(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/health',
        headers: { host: `localhost:${port}` },
        timeout: 2_000,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? null);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the built product as a user would run it: embedded database in a fresh data directory,
 * no Postgres or Redis, production mode. Resolves once /api/v1/health answers 200. `extraEnv`
 * adds or overrides settings for a spec that runs its own server (own-server.ts).
 */
export async function startServer(
  entry: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  if (!existsSync(entry)) {
    throw new Error(`${entry} does not exist: build first (pnpm build, or pnpm --filter @sieve/api build).`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sieve-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;

  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // Production refuses to start without one; fixed, so a restarted server keeps its sessions.
      JWT_SECRET: 'sieve-e2e-jwt-secret-0123456789abcdef',
      // Mails (password resets) are delivered as files here: links are never logged in production.
      MAIL_DIR: path.join(dataDir, 'mail'),
      // Specs read the admin figures right after seeding: no summary age (production keeps 15 s).
      ADMIN_STATS_MAX_AGE_SECONDS: '0',
      LOG_LEVEL: 'info',
      // The seeded admin, who invites the Reviewer and Admin accounts the specs need.
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every spec signs in from 127.0.0.1: the per-address budget is for real clients.
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const output = tail(logFile);
      await stop();
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output}`,
      );
    }
    if ((await healthStatus(port)) === 200) return { port, logFile, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const output = tail(logFile);
  await stop();
  throw new Error(`GET /api/v1/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output}`);
}
