import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler, Router } from 'express';

export const APP_AREAS = ['reviewer', 'requester', 'admin'] as const;
export type AppArea = (typeof APP_AREAS)[number];

/** The monorepo's `apps/` folder, found from this module whether it runs from src or the bundle. */
export function defaultAppsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, 'apps', 'reviewer'))) return path.join(dir, 'apps');
    dir = path.dirname(dir);
  }
  return path.resolve('apps');
}

/** `reviewer.localhost:8080` → `reviewer`; anything else (the bare domain) → null. */
export function areaOfHost(host: string | undefined, appDomain: string): AppArea | null {
  if (!host) return null;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  for (const area of APP_AREAS) {
    if (name === `${area}.${appDomain}` || name.startsWith(`${area}.`)) return area;
  }
  return null;
}

function landingPage(host: string, appDomain: string) {
  const port = /:(\d+)$/.exec(host)?.[1];
  // issue 15: the bare domain was an unstyled list; now three cards that read as the product.
  const card = (href: string, label: string, what: string, mark: string) =>
    `<a class="card" href="${href}"><span class="mark" aria-hidden="true">${mark}</span><span><strong>${label}</strong><span class="what">${what}</span></span><span class="go" aria-hidden="true">&rarr;</span></a>`;
  const app = (area: AppArea) => `//${area}.${appDomain}${port ? `:${port}` : ''}/`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <meta name="color-scheme" content="light dark" />
  <title>Sieve</title>
  <style>
    :root { --bg: #f5f6f8; --surface: #fff; --text: #181b21; --muted: #555e6c; --border: #dde1e7; --primary: #2563eb; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #0e1014; --surface: #16191f; --text: #e7e9ed; --muted: #a3abb8; --border: #2a2f39; --primary: #6d98f2; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text);
      font: 16px/1.5 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    main { max-width: 44rem; margin: 0 auto; padding: 4rem 1.25rem; display: flex; flex-direction: column; gap: 1.5rem; }
    h1 { margin: 0; font-size: 2rem; letter-spacing: -.01em; display: flex; align-items: center; gap: .6rem; }
    h1 .logo { width: 2rem; height: 2rem; border-radius: 8px; background: var(--primary); display: inline-block; }
    p { margin: 0; color: var(--muted); font-size: 1.05rem; }
    nav { display: grid; gap: .75rem; }
    .card { display: flex; align-items: center; gap: 1rem; padding: 1rem 1.25rem; background: var(--surface);
      border: 1px solid var(--border); border-radius: 10px; color: inherit; text-decoration: none;
      box-shadow: 0 1px 2px rgba(16, 24, 40, .06); transition: border-color .12s, box-shadow .12s; }
    .card:hover, .card:focus-visible { border-color: var(--primary); box-shadow: 0 0 0 3px color-mix(in srgb, var(--primary) 20%, transparent); outline: none; }
    .card > span:nth-child(2) { flex: 1; display: flex; flex-direction: column; }
    .mark { width: 2.5rem; height: 2.5rem; border-radius: 8px; display: grid; place-items: center; font-weight: 700;
      color: var(--primary); background: color-mix(in srgb, var(--primary) 12%, var(--surface)); }
    .what { color: var(--muted); font-size: .92rem; }
    .go { color: var(--primary); font-size: 1.25rem; }
    footer { color: var(--muted); font-size: .9rem; }
    footer a { color: var(--primary); }
  </style>
</head>
<body>
  <main>
    <h1><span class="logo" aria-hidden="true"></span>Sieve</h1>
    <p>Document data extraction with human review: the AI extracts, reviewers verify, you get structured data you can trust.</p>
    <nav aria-label="Sieve apps">
      ${card(app('requester'), 'Requester app', 'Submit documents and get structured data back', 'R')}
      ${card(app('reviewer'), 'Reviewer app', 'Verify and correct AI-extracted data', 'V')}
      ${card(app('admin'), 'Admin app', 'People, requests, health and operations', 'A')}
    </nav>
    <footer>Building on Sieve? <a href="/api/docs">API documentation</a> (OpenAPI 3.1 at /api/v1/openapi.json).</footer>
  </main>
</body>
</html>`;
}

/**
 * Serves the three built SPAs by Host header (DESIGN §2) with an index.html fallback for client
 * routes, and a landing page on the bare domain. The API under /api is mounted before this.
 */
export function appHosts(options: { appsDir: string; appDomain: string }): Router {
  const router = Router();
  const servers = new Map<AppArea, RequestHandler[]>();
  for (const area of APP_AREAS) {
    const dist = path.join(options.appsDir, area, 'dist');
    const index = path.join(dist, 'index.html');
    servers.set(area, [
      // Hashed assets never change; index.html must always be fresh.
      express.static(dist, {
        index: false,
        setHeaders: (res, file) => {
          res.setHeader(
            'Cache-Control',
            file.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      }),
      (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        if (!existsSync(index)) {
          res
            .status(503)
            .type('text')
            .send(`The ${area} app is not built yet. Run "pnpm build" (or "pnpm start") first.`);
          return;
        }
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(index);
      },
    ]);
  }

  router.use((req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    const area = areaOfHost(req.headers.host, options.appDomain);
    if (!area) {
      if (req.path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
        res.type('html').send(landingPage(req.headers.host ?? '', options.appDomain));
        return;
      }
      return next();
    }
    const [serveStatic, fallback] = servers.get(area) ?? [];
    serveStatic?.(req, res, (error?: unknown) => {
      if (error) return next(error);
      fallback?.(req, res, next);
    });
  });
  return router;
}
