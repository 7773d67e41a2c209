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
  const link = (area: AppArea, label: string, what: string) =>
    `<li><a href="//${area}.${appDomain}${port ? `:${port}` : ''}/">${label}</a> <span>${what}</span></li>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <meta name="color-scheme" content="light dark" />
  <title>Sieve</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; }
    h1 { font-size: 1.5rem; margin-bottom: .25rem; }
    ul { list-style: none; padding: 0; }
    li { padding: .75rem 0; border-bottom: 1px solid color-mix(in srgb, currentColor 15%, transparent); }
    a { font-weight: 600; }
    span { display: block; opacity: .75; font-size: .9rem; }
  </style>
</head>
<body>
  <main>
    <h1>Sieve</h1>
    <p>Document data extraction with human review.</p>
    <ul>
      ${link('requester', 'Requester app', 'Submit documents and get structured data back')}
      ${link('reviewer', 'Reviewer app', 'Verify and correct AI-extracted data')}
      ${link('admin', 'Admin app', 'People, requests, health and operations')}
      <li><a href="/api/docs">API documentation</a> <span>OpenAPI 3.1 at /api/v1/openapi.json</span></li>
    </ul>
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
