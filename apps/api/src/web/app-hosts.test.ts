import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_AREAS, appHosts, areaOfHost } from './app-hosts';

describe('serving the three apps by Host header', () => {
  const app = express();
  beforeAll(() => {
    const appsDir = mkdtempSync(path.join(tmpdir(), 'sieve-apps-'));
    for (const area of APP_AREAS) {
      mkdirSync(path.join(appsDir, area, 'dist', 'assets'), { recursive: true });
      writeFileSync(path.join(appsDir, area, 'dist', 'index.html'), `<title>${area} app</title>`);
      writeFileSync(path.join(appsDir, area, 'dist', 'assets', 'main-abc123.js'), `console.log("${area}")`);
    }
    app.use(appHosts({ appsDir, appDomain: 'localhost' }));
  });

  it.each(APP_AREAS)('serves the %s app on its own subdomain', async (area) => {
    const res = await request(app).get('/').set('Host', `${area}.localhost:8080`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(`<title>${area} app</title>`);
  });

  it('falls back to index.html for client routes', async () => {
    const res = await request(app).get('/worker/dashboard').set('Host', 'reviewer.localhost:8080');
    expect(res.text).toBe('<title>reviewer app</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await request(app).get('/assets/main-abc123.js').set('Host', 'admin.localhost');
    expect(res.text).toBe('console.log("admin")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('maps hosts to areas on any domain', () => {
    expect(areaOfHost('requester.example.com', 'example.com')).toBe('requester');
    expect(areaOfHost('example.com:443', 'example.com')).toBeNull();
    expect(areaOfHost(undefined, 'localhost')).toBeNull();
  });
});
