import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliIo, EXIT, runCli } from './cli';

type Reply = { status: number; body?: unknown };

/** A CLI run with a scripted API: what it printed, what it asked, and every call it made. */
function harness(replies: Reply[] = [], options: { env?: Record<string, string>; tty?: boolean } = {}) {
  const calls: { method: string; url: string }[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const prompts: string[] = [];
  const io: CliIo = {
    env: { SIEVE_BASE_URL: 'http://sieve.test', ...options.env },
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    prompt: async (q) => {
      prompts.push(q);
      return 'secret';
    },
    stdinIsTTY: options.tty ?? false,
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ method: String(init.method), url: String(url) });
      const reply = replies.shift() ?? { status: 500, body: { code: 'INTERNAL_SERVER_ERROR', detail: 'x' } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as unknown as typeof fetch,
  };
  return {
    run: (argv: string[]) => runCli(argv, io),
    calls,
    prompts,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}

const withKey = { env: { SIEVE_API_KEY: 'sk_live_test' } };

function pdfFile() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sieve-cli-')), 'report.pdf');
  writeFileSync(file, '%PDF-1.4\n%%EOF\n');
  return file;
}

describe('sieve CLI conventions', () => {
  const commands = [
    ['extract'],
    ['requests'],
    ['requests', 'list'],
    ['requests', 'get'],
    ['keys'],
    ['keys', 'create'],
    ['keys', 'list'],
    ['keys', 'revoke'],
    ['listen'],
  ];
  it.each(
    commands.flatMap((c) => [
      [...c, '--help'],
      [...c, '-h'],
    ]),
  )('prints help for `sieve %s %s` on stdout, exit 0, no API key, no call', async (...argv) => {
    const cli = harness();
    expect(await cli.run(argv)).toBe(EXIT.ok);
    expect(cli.stdout()).toMatch(/Usage/);
    expect(cli.stdout()).toContain(`sieve ${argv[0]}`);
    expect(cli.stderr()).toBe('');
    expect(cli.calls).toEqual([]);
  });

  it('documents --priority, --timeout and the exit codes', async () => {
    const extract = harness();
    await extract.run(['extract', '--help']);
    expect(extract.stdout()).toMatch(/--priority <p> +review priority: low, medium, high/);
    expect(extract.stdout()).toMatch(/--timeout <s> .*implies --wait/);
    const main = harness();
    expect(await main.run(['--help'])).toBe(0);
    expect(main.stdout()).toMatch(
      /0 {2}done[\s\S]*1 {2}the request failed[\s\S]*2 {2}usage[\s\S]*3 {2}authentication/,
    );
  });

  it('refuses `keys create` without a terminal and without SIEVE_PASSWORD: exit 3, no prompt', async () => {
    const cli = harness([], { env: { SIEVE_EMAIL: 'ann@acme-corp.io' }, tty: false });
    expect(await cli.run(['keys', 'create', '--name', 'CI'])).toBe(EXIT.auth);
    expect(cli.prompts).toEqual([]);
    expect(cli.stdout()).toBe('');
    expect(cli.stderr()).toMatch(/standard input is not a terminal.*SIEVE_PASSWORD/);
    expect(cli.calls).toEqual([]);
    const list = harness([], { env: { SIEVE_EMAIL: 'ann@acme-corp.io' } });
    expect(await list.run(['keys', 'list'])).toBe(EXIT.auth);
  });

  it('asks for the password on a terminal', async () => {
    const cli = harness(
      [
        { status: 200, body: { token: 't', user: {} } },
        { status: 200, body: { keys: [] } },
      ],
      { env: { SIEVE_EMAIL: 'ann@acme-corp.io' }, tty: true },
    );
    expect(await cli.run(['keys', 'list'])).toBe(EXIT.ok);
    expect(cli.prompts).toEqual(['Password for ann@acme-corp.io: ']);
  });

  it('refuses a bad --field, --priority, --type or --timeout before uploading anything (exit 2)', async () => {
    const file = pdfFile();
    for (const flags of [
      ['--field', 'a,b'],
      ['--field', 'Revenue', '--priority', 'urgent'],
      ['--field', 'Revenue', '--type', 'invoice'],
      ['--field', 'Revenue', '--timeout', 'soon'],
      ['--field', 'Revenue', '--colour', 'red'],
    ]) {
      const cli = harness([], withKey);
      expect(await cli.run(['extract', file, ...flags]), flags.join(' ')).toBe(EXIT.usage);
      expect(cli.calls, flags.join(' ')).toEqual([]);
      expect(cli.stderr()).toMatch(/^sieve: /);
    }
    const comma = harness([], withKey);
    await comma.run(['extract', file, '--field', 'a,b']);
    expect(comma.stderr()).toMatch(/Nothing was sent[\s\S]*--field #1: .*comma/i);
  });

  it('--timeout without --wait waits (and says so on stderr)', async () => {
    const detail = {
      request_id: 'r1',
      status: 'completed',
      tasks: [],
      final_result: { total_revenue: { value: 42 } },
      error: null,
    };
    const cli = harness(
      [
        { status: 201, body: { file_id: '5f0c7a52-1111-4222-8333-444455556666', file_url: '/x' } },
        { status: 201, body: { request_id: 'r1', job_id: 'r1', status: 'pending' } },
        { status: 200, body: detail },
      ],
      withKey,
    );
    expect(await cli.run(['extract', pdfFile(), '--field', 'Total revenue', '--timeout', '30'])).toBe(0);
    expect(cli.calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'POST /api/v1/files',
      'POST /api/v1/requests',
      'GET /api/v1/requests/r1',
    ]);
    expect(cli.stdout()).toBe('total_revenue: 42\n');
    expect(cli.stderr()).toContain('r1: completed');
  });

  it('exits 3 without an API key, and when the API refuses the key; 1 on another API error', async () => {
    const none = harness();
    expect(await none.run(['requests', 'list'])).toBe(EXIT.auth);
    expect(none.stderr()).toContain('SIEVE_API_KEY');
    const refused = harness(
      [{ status: 401, body: { code: 'UNAUTHORIZED', detail: 'Invalid API key' } }],
      withKey,
    );
    expect(await refused.run(['requests', 'list'])).toBe(EXIT.auth);
    expect(refused.stderr()).toBe('sieve: Invalid API key [UNAUTHORIZED]\n');
    const missing = harness(
      [{ status: 404, body: { code: 'REQUEST_NOT_FOUND', detail: 'No such request' } }],
      withKey,
    );
    expect(await missing.run(['requests', 'get', 'r9'])).toBe(EXIT.failed);
    expect(missing.stdout()).toBe('');
  });

  it('answers unknown commands and options with exit 2 and a pointer to the help', async () => {
    const cli = harness([], withKey);
    expect(await cli.run(['requests', 'list', '--stauts', 'completed'])).toBe(EXIT.usage);
    expect(cli.stderr()).toContain('sieve requests --help');
    expect(await harness().run(['frobnicate'])).toBe(EXIT.usage);
    const status = harness([], withKey);
    expect(await status.run(['requests', 'list', '--status', 'done'])).toBe(EXIT.usage);
    expect(status.calls).toEqual([]);
  });

  it('refuses `listen` without --forward-to or with a bad URL or event, before any call', async () => {
    for (const args of [
      [],
      ['--forward-to', 'localhost:3000'],
      ['--forward-to', 'http://x', '--events', 'x.y'],
    ]) {
      const cli = harness([], withKey);
      expect(await cli.run(['listen', ...args])).toBe(EXIT.usage);
      expect(cli.calls).toEqual([]);
    }
  });
});
