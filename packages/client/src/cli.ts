#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { API_KEY_SCOPES, APP_VERSION, type DocumentType } from '@sieve/contracts';
import { type CreateRequestInput, type RequestDetail, SieveClient } from './client';
import { SieveApiError } from './errors';

const HELP = `sieve — the Sieve command line (v${APP_VERSION})

Usage:
  sieve extract <file|url> --field "Total revenue 2023" [--field …] [--type pdf] [--ai-only] [--wait] [--json]
  sieve requests list [--status completed] [--limit 20] [--page 1] [--json]
  sieve requests get <request-id> [--json]
  sieve keys create --name "CI" [--scope requests:write --scope requests:read …] [--email you@example.com]
  sieve keys list [--email you@example.com]
  sieve keys revoke <key-id> [--email you@example.com]

Environment:
  SIEVE_API_KEY    an API key (sk_live_…) for extract and requests
  SIEVE_BASE_URL   the server, e.g. https://sieve.example.com (default http://localhost:8080)
  SIEVE_EMAIL, SIEVE_PASSWORD   sign-in for the keys commands (keys cannot manage keys);
                                without SIEVE_PASSWORD the password is asked for

Options:
  --wait       wait until the request is completed or failed, showing progress on stderr
  --timeout s  give up waiting after s seconds (default: wait as long as it takes)
  --json       print JSON instead of text
  --ai-only    skip human review: the AI result is final
`;

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Asks for a secret on the terminal (the keys commands' password). */
  prompt: (question: string) => Promise<string>;
  fetch?: typeof fetch;
}

class UsageError extends Error {}

const TYPE_OF_EXTENSION: Record<string, DocumentType> = {
  '.pdf': 'pdf',
  '.csv': 'csv',
  '.xlsx': 'excel',
  '.xls': 'excel',
  '.png': 'receipt_mapping',
  '.jpg': 'receipt_mapping',
  '.jpeg': 'receipt_mapping',
};

function clientFor(io: CliIo, apiKey?: string) {
  return new SieveClient({
    baseUrl: io.env.SIEVE_BASE_URL ?? 'http://localhost:8080',
    ...(apiKey ? { apiKey } : {}),
    ...(io.fetch ? { fetch: io.fetch } : {}),
  });
}

function keyClient(io: CliIo) {
  const apiKey = io.env.SIEVE_API_KEY;
  if (!apiKey)
    throw new UsageError(
      'Set SIEVE_API_KEY to an API key (create one with `sieve keys create` or in Settings).',
    );
  return clientFor(io, apiKey);
}

/** The keys commands need a signed-in session: API keys cannot create or revoke keys. */
async function sessionClient(io: CliIo, email: string | undefined) {
  const address = email ?? io.env.SIEVE_EMAIL;
  if (!address) throw new UsageError('Sign in for key management: pass --email or set SIEVE_EMAIL.');
  const password = io.env.SIEVE_PASSWORD ?? (await io.prompt(`Password for ${address}: `));
  const client = clientFor(io);
  await client.auth.login(address, password);
  return client;
}

/** `value` of a result item (`{value, source_text, …}`), or the item itself. */
function itemValue(item: unknown): unknown {
  return item && typeof item === 'object' && 'value' in item ? (item as { value: unknown }).value : item;
}

function printable(value: unknown) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function resultOf(request: RequestDetail) {
  return (request.final_result ?? request.ai_result?.result ?? {}) as Record<string, unknown>;
}

function progressLine(request: RequestDetail, elapsedMs: number) {
  const seconds = Math.round(elapsedMs / 1000);
  const waitingReview = request.status === 'processing' && request.tasks.length > 0;
  const reviews = request.tasks.reduce((n, t) => n + t.reviews_received, 0);
  const needed = request.tasks.reduce((n, t) => n + t.required_reviews, 0);
  const what = waitingReview ? `waiting for human review (${reviews}/${needed} reviews)` : request.status;
  return `${request.request_id}: ${what} · ${seconds}s`;
}

async function extract(io: CliIo, args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      field: { type: 'string', multiple: true, short: 'f' },
      type: { type: 'string' },
      'ai-only': { type: 'boolean' },
      wait: { type: 'boolean', short: 'w' },
      json: { type: 'boolean' },
      timeout: { type: 'string' },
      priority: { type: 'string' },
    },
  });
  const source = positionals[0];
  if (!source) throw new UsageError('Name the document: sieve extract <file|url> --field "…"');
  const client = keyClient(io);
  const isUrl = /^https?:\/\//i.test(source);
  const extension = path.extname(isUrl ? new URL(source).pathname : source).toLowerCase();
  const documentType = (values.type ??
    TYPE_OF_EXTENSION[extension] ??
    (isUrl ? 'website' : 'pdf')) as DocumentType;
  const metadata: Record<string, unknown> = {
    data_points: values.field ?? [],
    ai_only_mode: Boolean(values['ai-only']),
  };
  if (isUrl) {
    metadata.url = source;
  } else {
    let bytes: Buffer;
    try {
      bytes = await readFile(source);
    } catch {
      throw new UsageError(`Cannot read ${source}`);
    }
    const uploaded = await client.files.upload(new Uint8Array(bytes), path.basename(source), {
      documentType,
    });
    metadata.file_id = uploaded.file_id;
  }
  const created = await client.requests.create({
    document_type: documentType,
    metadata,
    ...(values.priority ? { priority: values.priority } : {}),
  } as CreateRequestInput);
  if (!values.wait) {
    io.stdout(values.json ? `${JSON.stringify(created)}\n` : `${created.request_id} ${created.status}\n`);
    return 0;
  }
  let last = '';
  let lastShownAt = 0;
  const request = await client.requests.wait(created.request_id, {
    intervalMs: 1_000,
    ...(values.timeout ? { timeoutMs: Number(values.timeout) * 1000 } : {}),
    onProgress: (r, elapsed) => {
      const line = progressLine(r, elapsed);
      const state = line.replace(/ · \d+s$/, '');
      // A line when the state changes, and every 10 s on a long wait.
      if (state !== last || elapsed - lastShownAt >= 10_000) {
        io.stderr(`${line}\n`);
        last = state;
        lastShownAt = elapsed;
      }
    },
  });
  const result = resultOf(request);
  if (values.json) {
    io.stdout(
      `${JSON.stringify({ request_id: request.request_id, status: request.status, error: request.error, result }, null, 2)}\n`,
    );
  } else if (request.status === 'failed') {
    io.stdout(`${request.request_id} failed: ${request.error ?? 'no reason given'}\n`);
  } else {
    for (const [name, item] of Object.entries(result)) io.stdout(`${name}: ${printable(itemValue(item))}\n`);
  }
  return request.status === 'failed' ? 1 : 0;
}

async function requests(io: CliIo, args: string[]) {
  const [command, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      limit: { type: 'string' },
      page: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const client = keyClient(io);
  if (command === 'list') {
    const page = await client.requests.list({
      ...(values.status ? { status: values.status as RequestDetail['status'] } : {}),
      ...(values.limit ? { limit: Number(values.limit) } : {}),
      ...(values.page ? { page: Number(values.page) } : {}),
    });
    if (values.json) io.stdout(`${JSON.stringify(page, null, 2)}\n`);
    else {
      for (const r of page.requests) {
        const name = String(r.metadata.filename ?? r.metadata.url ?? r.metadata.ticker ?? '');
        io.stdout(
          `${r.request_id}  ${r.status.padEnd(10)}  ${r.document_type.padEnd(8)}  ${r.created_at}  ${name}\n`,
        );
      }
      io.stdout(`${page.requests.length} of ${page.total}\n`);
    }
    return 0;
  }
  if (command === 'get') {
    const id = positionals[0];
    if (!id) throw new UsageError('sieve requests get <request-id>');
    const request = await client.requests.get(id);
    if (values.json) io.stdout(`${JSON.stringify(request, null, 2)}\n`);
    else {
      io.stdout(`${request.request_id} ${request.status}${request.error ? ` (${request.error})` : ''}\n`);
      for (const [name, item] of Object.entries(resultOf(request)))
        io.stdout(`${name}: ${printable(itemValue(item))}\n`);
    }
    return 0;
  }
  throw new UsageError('sieve requests list | get <id>');
}

async function keys(io: CliIo, args: string[]) {
  const [command, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      scope: { type: 'string', multiple: true },
      email: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (command === 'create') {
    const scopes = values.scope ?? ['requests:read', 'requests:write', 'files:write'];
    const unknown = scopes.filter((s) => !(API_KEY_SCOPES as readonly string[]).includes(s));
    if (unknown.length)
      throw new UsageError(`Unknown scope ${unknown.join(', ')}; choose from ${API_KEY_SCOPES.join(', ')}`);
    const client = await sessionClient(io, values.email);
    const key = await client.keys.create({
      name: values.name ?? 'CLI',
      scopes: scopes as (typeof API_KEY_SCOPES)[number][],
    });
    if (values.json) io.stdout(`${JSON.stringify(key, null, 2)}\n`);
    else {
      io.stdout(`${key.secret}\n`);
      io.stderr(
        `Key "${key.name}" (${key.scopes.join(', ')}). This is the only time the secret is shown: export SIEVE_API_KEY=${key.prefix}…\n`,
      );
    }
    return 0;
  }
  if (command === 'list') {
    const client = await sessionClient(io, values.email);
    const { keys: list } = await client.keys.list();
    if (values.json) io.stdout(`${JSON.stringify(list, null, 2)}\n`);
    else
      for (const k of list) {
        const state = k.revoked_at ? 'revoked' : `last used ${k.last_used_at ?? 'never'}`;
        io.stdout(`${k.id}  ${k.prefix}…  ${k.name}  [${k.scopes.join(' ')}]  ${state}\n`);
      }
    return 0;
  }
  if (command === 'revoke') {
    const id = positionals[0];
    if (!id) throw new UsageError('sieve keys revoke <key-id>');
    const client = await sessionClient(io, values.email);
    await client.keys.revoke(id);
    io.stdout(`revoked ${id}\n`);
    return 0;
  }
  throw new UsageError('sieve keys create | list | revoke <id>');
}

/** Runs one CLI command; resolves with the exit code (0 ok, 1 failed, 2 usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'extract':
        return await extract(io, rest);
      case 'requests':
        return await requests(io, rest);
      case 'keys':
        return await keys(io, rest);
      case '--version':
      case '-v':
        io.stdout(`${APP_VERSION}\n`);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(HELP);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof SieveApiError) {
      const fields = error.fields
        ? ` (${Object.entries(error.fields)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')})`
        : '';
      io.stderr(`sieve: ${error.detail}${fields} [${error.code}]\n`);
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`sieve: ${(error as Error).message}\nRun \`sieve help\` for usage.\n`);
      return 2;
    }
    throw error;
  }
}

/** The password prompt: asked on stderr, not echoed. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WritableStream };
    output._writeToOutput = (s: string) => {
      if (s.includes(question)) output.output.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

const isEntry = process.argv[1] && /(^|[\\/])(cli\.(js|ts|mjs)|sieve)$/.test(process.argv[1]);
if (isEntry) {
  runCli(process.argv.slice(2), {
    env: process.env,
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    prompt: promptHidden,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
