import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchFailedError, FetchRefusedError } from './errors';
import { type AddressPolicy, ensureOk, refusalReason, safeFetch } from './fetch-guard';

let server: http.Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/hello':
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end(`hello from ${req.headers.host}`);
        return;
      case '/redirect':
        res.statusCode = 302;
        res.setHeader('location', url.searchParams.get('to') ?? '/hello');
        res.end();
        return;
      case '/loop':
        res.statusCode = 301;
        res.setHeader('location', '/loop');
        res.end();
        return;
      case '/big':
        res.setHeader('content-length', '2048');
        res.end(Buffer.alloc(2048, 'a'));
        return;
      case '/big-chunked':
        res.write(Buffer.alloc(800, 'a'));
        res.end(Buffer.alloc(800, 'b'));
        return;
      case '/gzip-bomb':
        res.setHeader('content-encoding', 'gzip');
        res.end(zlib.gzipSync(Buffer.alloc(1024 * 1024)));
        return;
      case '/gzip':
        res.setHeader('content-encoding', 'gzip');
        res.setHeader('content-type', 'text/html');
        res.end(zlib.gzipSync('<p>compressed</p>'));
        return;
      case '/missing':
        res.statusCode = 404;
        res.end('no');
        return;
      case '/hang':
        // Never answers: the time cap has to end it.
        return;
      default:
        res.statusCode = 500;
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Stands in for a public address: the local test server counts as public, nothing else does. */
const localServerIsPublic: AddressPolicy = (address) =>
  address === '127.0.0.1' ? null : refusalReason(address);

async function refusal(url: string, options: Parameters<typeof safeFetch>[1] = {}) {
  const error = await safeFetch(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return (error as Error).message;
}

describe('safeFetch refuses internal addresses', () => {
  it.each([
    ['http://127.0.0.1:9/', 'loopback address 127.0.0.1'],
    ['http://127.1.2.3/', 'loopback address 127.1.2.3'],
    ['http://10.0.0.5/', 'private address 10.0.0.5'],
    ['http://172.16.0.1/', 'private address 172.16.0.1'],
    ['http://172.31.255.254/', 'private address 172.31.255.254'],
    ['http://192.168.1.1/', 'private address 192.168.1.1'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata address 169.254.169.254'],
    ['http://169.254.10.10/', 'link-local address 169.254.10.10'],
    ['http://100.64.0.1/', 'carrier-grade NAT address 100.64.0.1'],
    ['http://0.0.0.0/', 'unspecified address 0.0.0.0'],
    ['http://224.0.0.1/', 'multicast address 224.0.0.1'],
    ['http://[::1]/', 'loopback address ::1'],
    ['http://[fc00::1]/', 'unique-local address fc00::1'],
    ['http://[fe80::1]/', 'link-local address fe80::1'],
    ['http://[fd00:ec2::254]/', 'cloud metadata address fd00:ec2::254'],
    ['http://[::ffff:10.0.0.1]/', 'IPv4-mapped private address 10.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback address 127.0.0.1'],
    // The URL parser reads these as 127.0.0.1; the check sees through them.
    ['http://2130706433/', 'loopback address 127.0.0.1'],
    ['http://0x7f.1/', 'loopback address 127.0.0.1'],
  ])('%s → %s', async (url, reason) => {
    const message = await refusal(url);
    expect(message).toContain(reason);
    expect(message).toMatch(/^Refused to fetch http:\/\//);
  });

  it('names the URL and the address in one readable sentence', async () => {
    expect(await refusal('http://10.0.0.5/')).toBe(
      'Refused to fetch http://10.0.0.5/: private address 10.0.0.5',
    );
  });

  it('refuses a host name that resolves to a private address (after DNS)', async () => {
    const message = await refusal('http://intranet.example.com/report', {
      lookup: async () => [{ address: '10.20.30.40', family: 4 }],
    });
    expect(message).toBe('Refused to fetch http://intranet.example.com/report: private address 10.20.30.40');
  });

  it('refuses a host when any of its addresses is internal', async () => {
    const message = await refusal('http://mixed.example.com/', {
      lookup: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '192.168.0.10', family: 4 },
      ],
    });
    expect(message).toContain('private address 192.168.0.10');
  });

  it('refuses localhost by name', async () => {
    const message = await refusal('http://localhost:9/');
    expect(message).toMatch(/loopback address (127\.0\.0\.1|::1)/);
  });

  it('refuses a redirect from an allowed server to a private address', async () => {
    const message = await refusal(`${base}/redirect?to=${encodeURIComponent('http://10.0.0.5/secret')}`, {
      addressPolicy: localServerIsPublic,
    });
    expect(message).toBe(
      `Refused to fetch http://10.0.0.5/secret (redirected from ${base}/redirect?to=http%3A%2F%2F10.0.0.5%2Fsecret): private address 10.0.0.5`,
    );
  });

  it('refuses a redirect to a host name that resolves to the metadata address', async () => {
    const message = await refusal(`${base}/redirect?to=${encodeURIComponent('http://metadata.internal/')}`, {
      addressPolicy: localServerIsPublic,
      lookup: async () => [{ address: '169.254.169.254', family: 4 }],
    });
    expect(message).toContain('http://metadata.internal/ (redirected from');
    expect(message).toContain('cloud metadata address 169.254.169.254');
  });

  it('refuses schemes other than http and https, also on redirect', async () => {
    expect(await refusal('ftp://example.com/file.pdf')).toBe(
      'Refused to fetch ftp://example.com/file.pdf: only http and https URLs are allowed',
    );
    expect(await refusal('file:///etc/passwd')).toContain('only http and https URLs are allowed');
    expect(await refusal('gopher://example.com/')).toContain('only http and https URLs are allowed');
    const viaRedirect = await refusal(`${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, {
      allowPrivate: true,
    });
    expect(viaRedirect).toContain('file:///etc/passwd (redirected from');
  });

  it('refuses more than 5 redirects', async () => {
    expect(await refusal(`${base}/loop`, { allowPrivate: true })).toBe(
      `Refused to fetch ${base}/loop: more than 5 redirects`,
    );
  });

  it('classifies public addresses as allowed', () => {
    expect(refusalReason('93.184.216.34')).toBeNull();
    expect(refusalReason('172.32.0.1')).toBeNull();
    expect(refusalReason('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
    expect(refusalReason('64:ff9b::5db8:d822')).toBeNull();
    expect(refusalReason('64:ff9b::a00:1')).toContain('NAT64 private address 10.0.0.1');
  });
});

describe('safeFetch fetches', () => {
  it('follows redirects and reports the final URL, status and type', async () => {
    const response = await safeFetch(`${base}/redirect?to=/hello`, { allowPrivate: true });
    expect(response.url).toBe(`${base}/hello`);
    expect(response.status).toBe(200);
    expect(response.contentType).toBe('text/plain; charset=utf-8');
    expect(response.body.toString()).toBe(`hello from 127.0.0.1:${port}`);
  });

  it('connects to the address it checked, not to a fresh DNS answer', async () => {
    // "pinned.invalid" does not resolve anywhere; only the checked address can reach the server.
    const response = await safeFetch(`http://pinned.invalid:${port}/hello`, {
      addressPolicy: localServerIsPublic,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(response.body.toString()).toBe(`hello from pinned.invalid:${port}`);
  });

  it('decompresses gzip bodies', async () => {
    const response = await safeFetch(`${base}/gzip`, { allowPrivate: true });
    expect(response.body.toString()).toBe('<p>compressed</p>');
  });

  it('returns error statuses for the caller to judge, and ensureOk words them', async () => {
    const response = await safeFetch(`${base}/missing`, { allowPrivate: true });
    expect(response.status).toBe(404);
    expect(() => ensureOk(response)).toThrow(`Could not fetch ${base}/missing: the server answered HTTP 404`);
  });
});

describe('safeFetch caps size and time', () => {
  async function failure(url: string, options: Parameters<typeof safeFetch>[1]) {
    const error = await safeFetch(url, options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FetchFailedError);
    return error as FetchFailedError;
  }

  it('refuses a body over maxBytes by its declared length', async () => {
    const error = await failure(`${base}/big`, { allowPrivate: true, maxBytes: 1000 });
    expect(error.message).toBe(`Could not fetch ${base}/big: larger than 1000 bytes`);
    expect(error.retryable).toBe(false);
  });

  it('stops reading a streamed body once it passes maxBytes', async () => {
    const error = await failure(`${base}/big-chunked`, { allowPrivate: true, maxBytes: 1000 });
    expect(error.message).toContain('larger than 1000 bytes');
  });

  it('counts decompressed bytes (gzip bomb)', async () => {
    const error = await failure(`${base}/gzip-bomb`, { allowPrivate: true, maxBytes: 10_000 });
    expect(error.message).toContain('larger than 10 KB');
  });

  it('gives up after timeoutMs', async () => {
    const started = Date.now();
    const error = await failure(`${base}/hang`, { allowPrivate: true, timeoutMs: 300 });
    expect(error.message).toBe(`Could not fetch ${base}/hang: timed out after 300 ms`);
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a refused connection readably', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(`http://127.0.0.1:${closedPort}/`, { allowPrivate: true });
    expect(error.message).toBe(`Could not fetch http://127.0.0.1:${closedPort}/: connection refused`);
  });
});
