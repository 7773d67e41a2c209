import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch } from '../../net/fetch-guard';
import { REPORT_HTML_PAGES, REPORT_LINES, startServer, type TestServer } from '../testing/fixtures';
import { crawlWebsite, isSameSite, registrableDomain } from './website';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    ...REPORT_HTML_PAGES,
    '/robots.txt': {
      type: 'text/plain',
      body: 'User-agent: SieveBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /',
    },
    '/private': '<p>Total revenue: $1 (should never be read)</p>',
    '/broken': { status: 500, body: 'oops' },
    '/report.pdf': { type: 'application/pdf', body: '%PDF-1.4' },
  });
});
afterAll(() => server.close());

const fetchLocal = { allowPrivate: true };

describe('crawlWebsite', () => {
  it('crawls linked pages breadth first, one task page each, with the page URL on every line', async () => {
    const doc = await crawlWebsite(`${server.url}/`, {
      maxPages: 2,
      fetch: safeFetch,
      fetchOptions: fetchLocal,
    });
    expect(doc.kind).toBe('website');
    expect(doc.pages?.map((p) => [p.url, p.title])).toEqual([
      [`${server.url}/`, 'Acme investors'],
      [`${server.url}/highlights`, 'Financial highlights'],
    ]);
    const highlights = doc.pages?.[1];
    expect(highlights?.lines.map((l) => l.text)).toContain(REPORT_LINES.revenue);
    expect(highlights?.lines.every((l) => l.location.url === `${server.url}/highlights`)).toBe(true);
    expect(doc.lines).toHaveLength((doc.pages?.[0]?.lines.length ?? 0) + (highlights?.lines.length ?? 0));
    // The script's decoy text is not a line.
    expect(doc.lines.some((l) => l.text.includes('$9 billion'))).toBe(false);
  });

  it('respects robots.txt, stays on the site, dedupes URLs and skips files', async () => {
    server.requests.length = 0;
    const doc = await crawlWebsite(`${server.url}/highlights#top`, {
      maxPages: 10,
      fetch: safeFetch,
      fetchOptions: fetchLocal,
    });
    expect(doc.pages?.map((p) => new URL(p.url).pathname)).toEqual(['/highlights', '/', '/about']);
    expect(server.requests.filter((r) => r === '/robots.txt')).toHaveLength(1);
    expect(server.requests).not.toContain('/private');
    expect(server.requests.filter((r) => r === '/about')).toHaveLength(1);
  });

  it('does not fetch pages robots.txt disallows, even when linked', async () => {
    const local = await startServer({
      '/': '<a href="/private/a">a</a><a href="/ok">ok</a>',
      '/ok': '<p>fine</p>',
      '/private/a': '<p>secret</p>',
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/' },
    });
    try {
      const doc = await crawlWebsite(`${local.url}/`, { fetch: safeFetch, fetchOptions: fetchLocal });
      expect(doc.pages?.map((p) => new URL(p.url).pathname)).toEqual(['/', '/ok']);
      expect(local.requests).not.toContain('/private/a');
    } finally {
      await local.close();
    }
  });

  it('refuses a start page robots.txt disallows, and a start page that fails', async () => {
    await expect(
      crawlWebsite(`${server.url}/private`, { fetch: safeFetch, fetchOptions: fetchLocal }),
    ).rejects.toThrow(`robots.txt of 127.0.0.1:${server.port} does not allow crawling ${server.url}/private`);
    await expect(
      crawlWebsite(`${server.url}/broken`, { fetch: safeFetch, fetchOptions: fetchLocal }),
    ).rejects.toThrow(`Could not fetch ${server.url}/broken: the server answered HTTP 500`);
    await expect(
      crawlWebsite(`${server.url}/report.pdf`, { fetch: safeFetch, fetchOptions: fetchLocal }),
    ).rejects.toThrow('is not a web page (application/pdf)');
  });

  it('stops following links once its byte budget is spent, keeping what it read', async () => {
    const doc = await crawlWebsite(`${server.url}/`, {
      maxPages: 10,
      maxTotalBytes: 100,
      fetch: safeFetch,
      fetchOptions: fetchLocal,
    });
    expect(doc.pages?.map((p) => new URL(p.url).pathname)).toEqual(['/']);
  });

  it('goes through the fetch guard: a local site is refused without allowPrivate', async () => {
    await expect(crawlWebsite(`${server.url}/`, { fetch: safeFetch })).rejects.toThrow(
      `Refused to fetch ${server.url}/: loopback address 127.0.0.1`,
    );
  });
});

describe('same-site rules', () => {
  it('finds the registrable domain', () => {
    expect(registrableDomain('www.example.com')).toBe('example.com');
    expect(registrableDomain('a.b.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('example.com')).toBe('example.com');
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
  });

  it('keeps to the host, or to subdomains of the site when asked', () => {
    const start = new URL('https://www.example.com/');
    expect(isSameSite(new URL('https://example.com/x'), start, false)).toBe(true);
    expect(isSameSite(new URL('https://blog.example.com/x'), start, false)).toBe(false);
    expect(isSameSite(new URL('https://blog.example.com/x'), start, true)).toBe(true);
    expect(isSameSite(new URL('https://example.com.evil.net/x'), start, true)).toBe(false);
    expect(isSameSite(new URL('https://notexample.com/x'), start, true)).toBe(false);
  });
});
