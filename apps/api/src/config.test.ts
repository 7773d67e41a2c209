import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveJwtSecret } from './config';

describe('config', () => {
  it('has a safe default for every setting', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.appDomain).toBe('localhost');
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.claimLeaseSeconds).toBe(1800);
    expect(config.extraction.provider).toBe('heuristic');
    expect(config.extraction.allowPrivateFetch).toBe(false);
    expect(config.admin).toBeNull();
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'not a url'],
    ['CLAIM_LEASE_SECONDS', '-5'],
    ['EXTRACTION_PROVIDER', 'magic'],
    ['ALLOW_PRIVATE_FETCH', 'maybe'],
    ['JWT_SECRET', 'short'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('refuses to start in production (NODE_ENV=production) without JWT_SECRET, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    // The embedded default (no NODE_ENV given) still generates one under DATA_DIR.
    expect(() => loadConfig({})).not.toThrow();
  });

  it('reads the admin seed only when both email and password are given', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'ops@example.com' }).admin).toBeNull();
    expect(loadConfig({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'secret123' }).admin).toEqual({
      email: 'ops@example.com',
      password: 'secret123',
    });
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('generates a JWT secret once and keeps it under DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sieve-config-'));
    const first = resolveJwtSecret({
      dataDir,
      jwtSecret: undefined,
      isProduction: true,
      databaseUrl: undefined,
    });
    const second = resolveJwtSecret({
      dataDir,
      jwtSecret: undefined,
      isProduction: true,
      databaseUrl: undefined,
    });
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
  });
});
