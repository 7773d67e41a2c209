#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  API_KEY_SCOPES,
  APP_VERSION,
  CreateRequestBody,
  DOCUMENT_TYPES,
  type DocumentType,
  PRIORITIES,
  REQUEST_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  type WebhookEventType,
} from '@sieve/contracts';
import { type CreateRequestInput, type RequestDetail, SieveClient } from './client';
import { SieveApiError } from './errors';
import { signWebhookPayload } from './webhooks';

/** Exit codes (documented in `sieve --help` and the README). */
export const EXIT = { ok: 0, failed: 1, usage: 2, auth: 3 } as const;

const HELP = `sieve — the Sieve command line (v${APP_VERSION})

Usage:
  sieve extract <file|url> --field "Total revenue 2023" [--field …] [options]
  sieve requests list [--status completed] [--limit 20] [--page 1] [--json]
  sieve requests get <request-id> [--json]
  sieve listen --forward-to http://localhost:3000/hooks [--events request.completed,…]
  sieve keys create --name "CI" [--scope requests:write --scope requests:read …] [--email you@example.com]
  sieve keys list [--email you@example.com]
  sieve keys revoke <key-id> [--email you@example.com]

Run \`sieve <command> --help\` (or -h) for a command's options; help needs no API key.

Environment:
  SIEVE_API_KEY    an API key (sk_live_…) for extract, requests and listen
  SIEVE_BASE_URL   the server, e.g. https://sieve.example.com (default http://localhost:8080)
  SIEVE_EMAIL, SIEVE_PASSWORD   sign-in for the keys commands (API keys cannot manage keys);
                                without SIEVE_PASSWORD the password is asked for on a terminal

Exit codes:
  0  done
  1  the request failed (an API error, or the document could not be processed)
  2  usage: an unknown command or option, or a value the API would refuse (nothing was sent)
  3  authentication: no API key or password, or the API refused it (401/403)

Errors go to standard error; results to standard output.
`;

const COMMAND_HELP: Record<string, string> = {
  extract: `Usage: sieve extract <file|url> --field "<data point>" [--field …] [options]

Uploads a file (or names a URL) and submits it for extraction. Every option is checked before
anything is uploaded.

Options:
  -f, --field <name>   a data point to extract (repeat for several; no commas in a name)
      --type <type>    the document type (default: from the extension, else pdf; website for URLs):
                       ${DOCUMENT_TYPES.join(', ')}
      --priority <p>   review priority: ${PRIORITIES.join(', ')} (default medium)
      --ai-only        skip human review: the AI result is final
  -w, --wait           wait until the request is completed or failed, showing progress on stderr
      --timeout <s>    give up waiting after s seconds (implies --wait; exit 1 on timeout)
      --json           print JSON instead of text
  -h, --help           this help
`,
  requests: `Usage:
  sieve requests list [--status <status>] [--limit <n>] [--page <n>] [--json]
  sieve requests get <request-id> [--json]

Options:
      --status <s>   only requests in this state: ${REQUEST_STATUSES.join(', ')}
      --limit <n>    1–100 per page (default 20)
      --page <n>     the page, from 1
      --json         print JSON instead of text
  -h, --help         this help
`,
  keys: `Usage:
  sieve keys create --name "<name>" [--scope <scope> …] [--email <email>] [--json]
  sieve keys list [--email <email>] [--json]
  sieve keys revoke <key-id> [--email <email>]

API keys cannot manage keys: these commands sign in with SIEVE_EMAIL (or --email) and
SIEVE_PASSWORD. Without SIEVE_PASSWORD the password is asked for, on a terminal only.

Options:
      --name <name>    the key's name (default CLI)
      --scope <scope>  repeat for several: ${API_KEY_SCOPES.join(', ')}
                       (default requests:read, requests:write, files:write)
      --email <email>  the account to sign in as
      --json           print JSON instead of text
  -h, --help           this help
`,
  listen: `Usage: sieve listen --forward-to <url> [--events <type,…>] [--print-secret]

Receives your account's webhook events through the API (no public URL needed) and posts each,
signed with Sieve-Signature like a real delivery, to a local URL — the way the Stripe CLI does.
Verify them with the signing secret printed at start (whsec_…). Needs an API key with the
webhooks:manage scope. Stop with Ctrl-C.

Options:
      --forward-to <url>  where to post events, e.g. http://localhost:3000/hooks
      --events <types>    comma-separated, from: ${WEBHOOK_EVENT_TYPES.join(', ')} (default all)
      --print-secret      print the signing secret and exit
  -h, --help              this help
`,
};

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Asks for a secret on the terminal (the keys commands' password). */
  prompt: (question: string) => Promise<string>;
  /** Whether standard input is a terminal: without one, nothing is asked (default false). */
  stdinIsTTY?: boolean;
  fetch?: typeof fetch;
  /** Ends `sieve listen` (Ctrl-C in the terminal). */
  signal?: AbortSignal;
}

class UsageError extends Error {}
class AuthError extends Error {}

const TYPE_OF_EXTENSION: Record<string, DocumentType> = {
  '.pdf': 'pdf',
  '.csv': 'csv',
  '.xlsx': 'excel',
  '.xls': 'excel',
  '.png': 'receipt_mapping',
  '.jpg': 'receipt_mapping',
  '.jpeg': 'receipt_mapping',
  '.webp': 'receipt_mapping',
  '.tif': 'receipt_mapping',
  '.tiff': 'receipt_mapping',
  '.bmp': 'receipt_mapping',
  '.heic': 'receipt_mapping',
};

/** A stand-in for the file id an upload will return, so the whole body is checked before it. */
const PENDING_FILE_ID = '00000000-0000-4000-8000-000000000000';

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
    throw new AuthError(
      'Set SIEVE_API_KEY to an API key (create one with `sieve keys create` or in Settings).',
    );
  return clientFor(io, apiKey);
}

/** The keys commands need a signed-in session: API keys cannot create or revoke keys. */
async function sessionClient(io: CliIo, email: string | undefined) {
  const address = email ?? io.env.SIEVE_EMAIL;
  if (!address) throw new AuthError('Sign in for key management: pass --email or set SIEVE_EMAIL.');
  let password = io.env.SIEVE_PASSWORD || undefined;
  if (password === undefined) {
    if (!io.stdinIsTTY) {
      throw new AuthError(
        'SIEVE_PASSWORD is not set and standard input is not a terminal, so the password cannot be asked for. Set SIEVE_PASSWORD.',
      );
    }
    password = await io.prompt(`Password for ${address}: `);
  }
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

function oneOf<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
}

function positiveNumber(flag: string, value: string | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new UsageError(`--${flag} must be a positive ${integer ? 'whole ' : ''}number (got "${value}")`);
  return n;
}

/** The contract's own check of a submit body, so a value the API would refuse is refused here. */
function checkBody(body: object) {
  const parsed = CreateRequestBody.safeParse(body);
  if (parsed.success) return;
  const problems = parsed.error.issues.map((issue) => {
    const where = issue.path
      .join('.')
      .replace(/^metadata\.data_points\.(\d+)$/, (_m, i) => `--field #${Number(i) + 1}`);
    return `${where || 'request'}: ${issue.message}`;
  });
  throw new UsageError(`Nothing was sent; fix these first:\n  ${problems.join('\n  ')}`);
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
  if (positionals.length > 1) throw new UsageError(`One document at a time (got ${positionals.join(', ')})`);
  const isUrl = /^https?:\/\//i.test(source);
  let extension = '';
  try {
    extension = path.extname(isUrl ? new URL(source).pathname : source).toLowerCase();
  } catch {
    throw new UsageError(`Not a valid URL: ${source}`);
  }
  const documentType =
    oneOf('type', values.type, DOCUMENT_TYPES) ?? TYPE_OF_EXTENSION[extension] ?? (isUrl ? 'website' : 'pdf');
  const priority = oneOf('priority', values.priority, PRIORITIES);
  const timeout = positiveNumber('timeout', values.timeout, false);
  // --timeout only means something while waiting: it implies --wait.
  const wait = Boolean(values.wait) || timeout !== undefined;
  const metadata: Record<string, unknown> = {
    data_points: values.field ?? [],
    ai_only_mode: Boolean(values['ai-only']),
    ...(isUrl ? { url: source } : { file_id: PENDING_FILE_ID }),
  };
  const body = { document_type: documentType, metadata, ...(priority ? { priority } : {}) };
  // Every flag is checked before anything is uploaded.
  checkBody(body);
  let bytes: Buffer | undefined;
  if (!isUrl) {
    try {
      bytes = await readFile(source);
    } catch {
      throw new UsageError(`Cannot read ${source}`);
    }
  }
  const client = keyClient(io);
  if (bytes) {
    const uploaded = await client.files.upload(new Uint8Array(bytes), path.basename(source), {
      documentType,
    });
    metadata.file_id = uploaded.file_id;
  }
  const created = await client.requests.create(body as CreateRequestInput);
  if (!wait) {
    io.stdout(values.json ? `${JSON.stringify(created)}\n` : `${created.request_id} ${created.status}\n`);
    return EXIT.ok;
  }
  let last = '';
  let lastShownAt = 0;
  const request = await client.requests.wait(created.request_id, {
    intervalMs: 1_000,
    ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
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
    io.stderr(`${request.request_id} failed: ${request.error ?? 'no reason given'}\n`);
  } else {
    for (const [name, item] of Object.entries(result)) io.stdout(`${name}: ${printable(itemValue(item))}\n`);
  }
  return request.status === 'failed' ? EXIT.failed : EXIT.ok;
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
  if (command === 'list') {
    const status = oneOf('status', values.status, REQUEST_STATUSES);
    const limit = positiveNumber('limit', values.limit, true);
    const pageNumber = positiveNumber('page', values.page, true);
    if (limit !== undefined && limit > 100) throw new UsageError('--limit must be at most 100');
    const client = keyClient(io);
    const page = await client.requests.list({
      ...(status ? { status } : {}),
      ...(limit ? { limit } : {}),
      ...(pageNumber ? { page: pageNumber } : {}),
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
    return EXIT.ok;
  }
  if (command === 'get') {
    const id = positionals[0];
    if (!id) throw new UsageError('sieve requests get <request-id>');
    const client = keyClient(io);
    const request = await client.requests.get(id);
    if (values.json) io.stdout(`${JSON.stringify(request, null, 2)}\n`);
    else {
      io.stdout(`${request.request_id} ${request.status}${request.error ? ` (${request.error})` : ''}\n`);
      for (const [name, item] of Object.entries(resultOf(request)))
        io.stdout(`${name}: ${printable(itemValue(item))}\n`);
    }
    return EXIT.ok;
  }
  throw new UsageError(command ? `Unknown command requests ${command}` : 'sieve requests list | get <id>');
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
    const name = values.name ?? 'CLI';
    if (!name.trim() || name.length > 100) throw new UsageError('--name must be 1–100 characters');
    const client = await sessionClient(io, values.email);
    const key = await client.keys.create({ name, scopes: scopes as (typeof API_KEY_SCOPES)[number][] });
    if (values.json) io.stdout(`${JSON.stringify(key, null, 2)}\n`);
    else {
      io.stdout(`${key.secret}\n`);
      io.stderr(
        `Key "${key.name}" (${key.scopes.join(', ')}). This is the only time the secret is shown: export SIEVE_API_KEY=${key.prefix}…\n`,
      );
    }
    return EXIT.ok;
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
    return EXIT.ok;
  }
  if (command === 'revoke') {
    const id = positionals[0];
    if (!id) throw new UsageError('sieve keys revoke <key-id>');
    const client = await sessionClient(io, values.email);
    await client.keys.revoke(id);
    io.stdout(`revoked ${id}\n`);
    return EXIT.ok;
  }
  throw new UsageError(
    command ? `Unknown command keys ${command}` : 'sieve keys create | list | revoke <id>',
  );
}

const clock = () => new Date().toISOString().slice(11, 19);

/** `sieve listen`: long-polls the account's events and posts each, signed, to a local URL. */
async function listen(io: CliIo, args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: false,
    options: {
      'forward-to': { type: 'string' },
      events: { type: 'string', multiple: true },
      'print-secret': { type: 'boolean' },
    },
  });
  void positionals;
  const events = values.events
    ?.flatMap((e) => e.split(','))
    .map((e) => e.trim())
    .filter(Boolean);
  const unknown = events?.filter((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e)) ?? [];
  if (unknown.length)
    throw new UsageError(
      `Unknown event ${unknown.join(', ')}; choose from ${WEBHOOK_EVENT_TYPES.join(', ')}`,
    );
  const target = values['forward-to'];
  if (!target && !values['print-secret'])
    throw new UsageError('Say where to post events: sieve listen --forward-to http://localhost:3000/hooks');
  if (target) {
    let url: URL | undefined;
    try {
      url = new URL(target);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol))
      throw new UsageError(`--forward-to must be an http(s) URL (got "${target}")`);
  }
  const client = keyClient(io);
  const listener = await client.webhooks.listen(events as WebhookEventType[] | undefined);
  if (values['print-secret'] || !target) {
    io.stdout(`${listener.secret}\n`);
    return EXIT.ok;
  }
  io.stderr(
    `Ready! Forwarding ${listener.events.join(', ')} to ${target}\nYour webhook signing secret is ${listener.secret} (^C to quit)\n`,
  );
  const post = io.fetch ?? globalThis.fetch.bind(globalThis);
  const signal = io.signal;
  while (!signal?.aborted) {
    let page: Awaited<ReturnType<typeof client.webhooks.poll>>;
    try {
      page = await client.webhooks.poll(listener.id, signal ? { signal } : {});
    } catch (error) {
      if (signal?.aborted) break;
      // The server is restarting or the network dropped: say so and keep listening.
      if (error instanceof SieveApiError && (error.status === 0 || error.status >= 500)) {
        io.stderr(`${clock()} sieve: ${error.detail}; retrying in 2 s\n`);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        continue;
      }
      throw error;
    }
    for (const { event } of page.events) {
      const body = JSON.stringify(event);
      io.stdout(`${clock()}  --> ${event.type} [${event.id}]\n`);
      try {
        const response = await post(target, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/json',
            'user-agent': `Sieve-CLI/${APP_VERSION}`,
            [WEBHOOK_HEADERS.signature]: await signWebhookPayload(body, listener.secret),
            [WEBHOOK_HEADERS.eventId]: event.id,
            [WEBHOOK_HEADERS.eventType]: event.type,
          },
          body,
        });
        await response.body?.cancel().catch(() => undefined);
        io.stdout(`${clock()}  <-- [${response.status}] POST ${target} [${event.id}]\n`);
      } catch (error) {
        io.stderr(
          `${clock()} sieve: could not post ${event.id} to ${target}: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
    }
  }
  return EXIT.ok;
}

const COMMANDS: Record<string, (io: CliIo, args: string[]) => Promise<number>> = {
  extract,
  requests,
  keys,
  listen,
};

/** Runs one CLI command; resolves with the exit code (0 ok, 1 failed request, 2 usage, 3 auth). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === '--version' || command === '-v') {
      io.stdout(`${APP_VERSION}\n`);
      return EXIT.ok;
    }
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      const topic = command === 'help' ? rest[0] : undefined;
      if (command === undefined) {
        io.stderr(HELP);
        return EXIT.usage;
      }
      io.stdout(topic && COMMAND_HELP[topic] ? COMMAND_HELP[topic] : HELP);
      return EXIT.ok;
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`Unknown command ${command}`);
    // Help on every command and subcommand, before anything else: no API key needed.
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(COMMAND_HELP[command] ?? HELP);
      return EXIT.ok;
    }
    return await run(io, rest);
  } catch (error) {
    if (error instanceof SieveApiError) {
      const fields = error.fields
        ? ` (${Object.entries(error.fields)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')})`
        : '';
      const resets = error.resetsAt ? ` Your quota resets at ${error.resetsAt}.` : '';
      io.stderr(`sieve: ${error.detail}${fields}${resets} [${error.code}]\n`);
      return error.status === 401 || error.status === 403 ? EXIT.auth : EXIT.failed;
    }
    if (error instanceof AuthError) {
      io.stderr(`sieve: ${error.message}\n`);
      return EXIT.auth;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      const where = command && COMMANDS[command] ? `sieve ${command} --help` : 'sieve --help';
      io.stderr(`sieve: ${(error as Error).message}\nRun \`${where}\` for usage.\n`);
      return EXIT.usage;
    }
    throw error;
  }
}

/** The password prompt: asked on stderr, not echoed (only ever on a terminal). */
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

/** The `sieve` command: runs argv, sets the exit code; Ctrl-C ends `sieve listen` cleanly. */
export function main(argv: string[] = process.argv.slice(2)) {
  const stop = new AbortController();
  // Only `listen` runs until stopped; every other command keeps Ctrl-C's default (exit at once).
  if (argv[0] === 'listen') process.once('SIGINT', () => stop.abort());
  return runCli(argv, {
    env: process.env,
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    prompt: promptHidden,
    stdinIsTTY: Boolean(process.stdin.isTTY),
    signal: stop.signal,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`sieve: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = EXIT.failed;
    },
  );
}

const isEntry = process.argv[1] && /(^|[\\/])cli\.(js|ts|mjs)$/.test(process.argv[1]);
if (isEntry) void main();
