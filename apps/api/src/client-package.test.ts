import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app';
import { createUser } from './test/users';

const run = promisify(execFile);
const clientDir = fileURLToPath(new URL('../../../packages/client', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * The client as an integrator gets it (issue 41): `npm pack`, `npm install <tarball>` in an empty
 * folder (its only dependency comes from the registry), a plain `.mjs` importing it on Node, and
 * the `sieve` bin against a running API.
 */
describe('the packed @sieve/client in an empty folder', () => {
  let ctx: TestContext;
  let server: Server;
  let baseUrl: string;
  let apiKey: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let dir: string;
  let app: string;

  beforeAll(async () => {
    // CI builds every package first; a bare checkout builds the client here.
    if (
      !existsSync(path.join(clientDir, 'dist/index.js')) ||
      !existsSync(path.join(clientDir, 'dist/types'))
    ) {
      await run('pnpm', ['run', 'build'], { cwd: clientDir });
    }
    dir = mkdtempSync(path.join(tmpdir(), 'sieve-client-pack-'));
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: clientDir });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack made no tarball');
    app = path.join(dir, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'integrator', private: true }));
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', path.join(dir, tarball)],
      { cwd: app },
    );

    ctx = await createTestApp();
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    owner = await createUser(ctx.database.db, 'requester');
    const key = await request(ctx.app)
      .post('/api/v1/keys')
      .set('Authorization', owner.auth)
      .send({ name: 'pack test', scopes: ['requests:read', 'requests:write', 'files:write'] });
    expect(key.status).toBe(201);
    apiKey = key.body.secret;
  }, 600_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({ ...process.env, SIEVE_BASE_URL: baseUrl, SIEVE_API_KEY: apiKey });
  const sieve = (args: string[], extra: Record<string, string> = {}) =>
    run(path.join(app, 'node_modules/.bin/sieve'), args, { cwd: app, env: { ...env(), ...extra } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('installs with only the registry dependency zod, the bin linked to built code', () => {
    const installed = readdirSync(path.join(app, 'node_modules')).filter((n) => !n.startsWith('.'));
    expect(installed.sort()).toEqual(['@sieve', 'zod']);
    expect(existsSync(path.join(app, 'node_modules/@sieve/client/dist/cli.js'))).toBe(true);
    expect(existsSync(path.join(app, 'node_modules/@sieve/client/src'))).toBe(false);
  });

  it('imports from a plain .mjs file on Node and calls the API', async () => {
    writeFileSync(
      path.join(app, 'check.mjs'),
      `import { SieveClient, verifyWebhookSignature } from '@sieve/client';
const client = new SieveClient({ baseUrl: process.env.SIEVE_BASE_URL, apiKey: process.env.SIEVE_API_KEY });
const page = await client.requests.list();
console.log(JSON.stringify({ total: page.total, verifier: typeof verifyWebhookSignature }));`,
    );
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: app, env: env() });
    expect(JSON.parse(stdout)).toEqual({ total: 0, verifier: 'function' });
  });

  it('runs `sieve --help` and `sieve extract` against the product', async () => {
    const help = await sieve(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('sieve extract <file|url>');
    expect(help.stdout).toMatch(/Exit codes:[\s\S]*3 {2}authentication/);

    writeFileSync(path.join(app, 'Rechnung-März.pdf'), PDF);
    const extracted = await sieve(['extract', 'Rechnung-März.pdf', '--field', 'Total revenue', '--json']);
    expect(extracted.stderr).toBe('');
    expect(extracted.code).toBe(0);
    const created = JSON.parse(extracted.stdout);
    expect(created.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const detail = await request(ctx.app)
      .get(`/api/v1/requests/${created.request_id}`)
      .set('Authorization', owner.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.metadata.data_points).toEqual(['Total revenue']);
    expect(detail.body.metadata.filename).toBe('Rechnung-März.pdf');

    const noKey = await sieve(['requests', 'list'], { SIEVE_API_KEY: '' });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toContain('SIEVE_API_KEY');
  });

  it('`sieve keys create </dev/null` exits non-zero with a message instead of prompting', async () => {
    const child = spawn(path.join(app, 'node_modules/.bin/sieve'), ['keys', 'create', '--name', 'CI'], {
      cwd: app,
      env: { ...env(), SIEVE_EMAIL: owner.email, SIEVE_PASSWORD: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/standard input is not a terminal/);
    expect(stderr).not.toMatch(/Password for/);
  });
});
