import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { UPLOAD_MAX_BYTES } from '@sieve/contracts';
import ipaddr from 'ipaddr.js';
import { FetchFailedError, FetchRefusedError } from './errors';

/**
 * Outbound fetches for URLs, websites and SEC (DESIGN §3): only http(s); the host is resolved
 * here and every address checked (private, loopback, link-local, unique-local, multicast,
 * metadata… are refused); the connection is pinned to the checked address so a DNS rebind
 * between check and connect cannot slip through; redirects are followed by hand and each hop
 * checked again; size and time are capped.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** DNS resolution: every address of a host name. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
/** Why an address may not be connected to, or null when it may. */
export type AddressPolicy = (address: string) => string | null;

export interface SafeFetchOptions {
  /** ALLOW_PRIVATE_FETCH: lets tests fetch from local servers. Never on in production. */
  allowPrivate?: boolean;
  maxBytes?: number;
  /** For the whole fetch, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** GET by default; POST (webhook deliveries) sends `body` and should not follow redirects. */
  method?: 'GET' | 'POST';
  body?: string | Buffer;
  signal?: AbortSignal;
  /** Injectable DNS resolution (tests); default: the system resolver, all addresses. */
  lookup?: Resolver;
  /** Injectable address check (tests); default: `refusalReason`, or allow-all with allowPrivate. */
  addressPolicy?: AddressPolicy;
}

export interface SafeFetchResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export type SafeFetch = (url: string, options?: SafeFetchOptions) => Promise<SafeFetchResponse>;

export const DEFAULT_FETCH_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_USER_AGENT = 'SieveBot/1.0 (document data extraction)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// Cloud metadata endpoints get their own message: they are the usual SSRF target.
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '169.254.170.2']);

const RANGE_NAMES: Record<string, string> = {
  private: 'private address',
  loopback: 'loopback address',
  linkLocal: 'link-local address',
  uniqueLocal: 'unique-local address',
  multicast: 'multicast address',
  unspecified: 'unspecified address',
  broadcast: 'broadcast address',
  carrierGradeNat: 'carrier-grade NAT address',
  deprecatedSiteLocal: 'site-local address',
};

/** Why the guard refuses to connect to `address` ("private address 10.0.0.5"), or null if public. */
export function refusalReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return `invalid address ${address}`;
  }
  const canonical = parsed.toString();
  if (METADATA_ADDRESSES.has(canonical)) return `cloud metadata address ${address}`;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      const inner = refusalReason(v6.toIPv4Address().toString());
      return inner ? `IPv4-mapped ${inner} (${address})` : null;
    }
    if (v6.range() === 'rfc6052') {
      // NAT64 (64:ff9b::/96) carries a public IPv4 address in its last 32 bits: judge that one.
      const bytes = v6.toByteArray().slice(12);
      const inner = refusalReason(bytes.join('.'));
      return inner ? `NAT64 ${inner} (${address})` : null;
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  return `${RANGE_NAMES[range] ?? `reserved address (${range})`} ${address}`;
}

const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function describe(url: URL, original: URL): string {
  return url.href === original.href ? url.href : `${url.href} (redirected from ${original.href})`;
}

/** Resolves the URL's host and checks every address; returns the one to connect to. */
async function resolveChecked(
  url: URL,
  original: URL,
  resolve: Resolver,
  policy: AddressPolicy,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await abortable(resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new FetchFailedError(`Could not fetch ${describe(url, original)}: host ${host} not found`, {
        retryable: false,
        cause: error,
      });
    }
  }
  if (addresses.length === 0) {
    throw new FetchFailedError(`Could not fetch ${describe(url, original)}: host ${host} has no address`, {
      retryable: false,
    });
  }
  // Every address must pass: a host that also resolves to an internal address is refused outright.
  for (const candidate of addresses) {
    const reason = policy(candidate.address);
    if (reason) throw new FetchRefusedError(`Refused to fetch ${describe(url, original)}: ${reason}`);
  }
  return addresses[0] as ResolvedAddress;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function checkScheme(url: URL, original: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError(
      `Refused to fetch ${describe(url, original)}: only http and https URLs are allowed`,
    );
  }
  if (url.username || url.password) {
    throw new FetchRefusedError(
      `Refused to fetch ${describe(url, original)}: URLs with credentials are not allowed`,
    );
  }
}

interface HopResult {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
}

/** One HTTP exchange on a connection pinned to `target`. */
function requestPinned(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  maxBytes: number,
  signal: AbortSignal,
  send: { method: 'GET' | 'POST'; body: string | Buffer | undefined } = { method: 'GET', body: undefined },
): Promise<HopResult> {
  return new Promise<HopResult>((resolve, reject) => {
    // The socket connects to the address we checked, whatever DNS says by now.
    const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) {
        (callback as unknown as (e: null, list: ResolvedAddress[]) => void)(null, [target]);
      } else {
        callback(null, target.address, target.family);
      }
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: hostOf(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: send.method,
        headers: {
          'user-agent': DEFAULT_USER_AGENT,
          accept: '*/*',
          'accept-encoding': 'gzip, deflate, br',
          ...(send.body !== undefined ? { 'content-length': String(Buffer.byteLength(send.body)) } : {}),
          ...headers,
        },
        agent: false,
        lookup: pinnedLookup,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        const contentType = response.headers['content-type'] ?? '';
        if (REDIRECT_STATUSES.has(status) && location) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length']);
        const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
        if (
          Number.isFinite(declared) &&
          declared > maxBytes &&
          (encoding === '' || encoding === 'identity')
        ) {
          response.destroy();
          reject(tooLarge(url, maxBytes));
          return;
        }
        let stream: Readable = response;
        if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
        else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
        else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            stream.destroy();
            reject(tooLarge(url, maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }));
        stream.on('error', (error) => reject(error));
        response.on('error', (error) => reject(error));
      },
    );
    request.on('error', (error) => reject(error));
    // However the abort surfaces (or not) on the streams, the exchange ends with it.
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    request.end(send.body);
  });
}

function tooLarge(url: URL, maxBytes: number) {
  return new FetchFailedError(`Could not fetch ${url.href}: larger than ${formatBytes(maxBytes)}`, {
    retryable: false,
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

class FetchTimeout extends Error {}

function networkMessage(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `TLS certificate not accepted (${code})`;
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * GET `input` under the guard. Resolves with the final response whatever its status (callers
 * decide what a 404 means); rejects with FetchRefusedError or FetchFailedError.
 */
export const safeFetch: SafeFetch = async (input, options = {}) => {
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const policy: AddressPolicy = options.addressPolicy ?? (options.allowPrivate ? () => null : refusalReason);
  const resolve = options.lookup ?? systemResolver;

  let original: URL;
  try {
    original = new URL(input);
  } catch {
    throw new FetchRefusedError(`Refused to fetch ${input}: not a valid URL`);
  }
  checkScheme(original, original);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new FetchTimeout()), timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  if (options.signal?.aborted) forwardAbort();

  let url = original;
  try {
    for (let hop = 0; ; hop++) {
      const target = await resolveChecked(url, original, resolve, policy, controller.signal);
      let result: HopResult;
      try {
        result = await requestPinned(url, target, options.headers ?? {}, maxBytes, controller.signal, {
          method: options.method ?? 'GET',
          body: options.body,
        });
      } catch (error) {
        if (error instanceof FetchFailedError || controller.signal.aborted) throw error;
        throw new FetchFailedError(`Could not fetch ${describe(url, original)}: ${networkMessage(error)}`, {
          cause: error,
        });
      }
      if (result.location !== undefined && REDIRECT_STATUSES.has(result.status)) {
        if (hop >= maxRedirects) {
          throw new FetchRefusedError(
            `Refused to fetch ${original.href}: more than ${maxRedirects} redirects`,
          );
        }
        let next: URL;
        try {
          next = new URL(result.location, url);
        } catch {
          throw new FetchFailedError(`Could not fetch ${original.href}: redirect to an invalid URL`, {
            retryable: false,
          });
        }
        next.hash = '';
        checkScheme(next, original);
        url = next;
        continue;
      }
      return { url: url.href, status: result.status, contentType: result.contentType, body: result.body };
    }
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof FetchTimeout) {
      throw new FetchFailedError(
        `Could not fetch ${describe(url, original)}: timed out after ${timeoutMs} ms`,
      );
    }
    if (
      controller.signal.aborted &&
      !(error instanceof FetchFailedError || error instanceof FetchRefusedError)
    ) {
      throw new FetchFailedError(`Fetching ${describe(url, original)} was cancelled`, { retryable: false });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
};

/** A fetch result that must be a success: 4xx/5xx become a readable FetchFailedError. */
export function ensureOk(response: SafeFetchResponse, what = response.url): SafeFetchResponse {
  if (response.status >= 200 && response.status < 300) return response;
  throw new FetchFailedError(`Could not fetch ${what}: the server answered HTTP ${response.status}`, {
    status: response.status,
    // A 5xx or 429 may pass; a 404 will not.
    retryable: response.status >= 500 || response.status === 429,
  });
}
