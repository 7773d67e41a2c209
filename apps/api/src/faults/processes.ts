import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAIN = path.join(API_DIR, 'dist/main.js');
export const WORKER = path.join(API_DIR, 'dist/worker.js');
/** The fault tests run the built processes (pnpm build runs before the tests). */
export const BUILT = existsSync(MAIN) && existsSync(WORKER);

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  output: () => string;
  kill9: () => Promise<void>;
  stop: () => Promise<void>;
}

export function run(script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [script], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // Production refuses to start without one (every process of a test shares it).
      JWT_SECRET: 'sieve-faults-jwt-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    kill9: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startApi(env: Record<string, string>) {
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sieve-fault-'));
  const proc = run(MAIN, { ...env, PORT: String(port), DATA_DIR: dataDir });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${base}/api/v1/health`).catch(() => null))?.status === 200,
    'the API',
    30_000,
    proc,
  );
  return { ...proc, base, port, dataDir };
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000, proc?: Proc) {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (proc && proc.child.exitCode !== null) throw new Error(`${what}: process exited\n${proc.output()}`);
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out waiting for ${what}${proc ? `\n${proc.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A TCP proxy whose link can be cut and restored: a database connection that drops. */
export async function startProxy(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    cut: () => {
      open = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore: () => {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A private redis-server on a free port, so a test may stop and restart it. */
export async function startRedis(port?: number) {
  const redisPort = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(redisPort, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
    'redis-server',
  );
  return {
    port: redisPort,
    url: `redis://127.0.0.1:${redisPort}`,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
