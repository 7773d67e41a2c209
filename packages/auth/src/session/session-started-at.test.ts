import { describe, expect, it } from 'vitest';
import { tokenIssuedAt } from './session-started-at';

function jwt(payload: object) {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('tokenIssuedAt', () => {
  it("reads a JWT's iat as epoch ms", () => {
    expect(tokenIssuedAt(jwt({ iat: 1_700_000_000, sub: 'ü-user' }))).toBe(1_700_000_000_000);
  });

  it.each(['test-token-worker', 'a.b.c', jwt({ sub: 'x' }), jwt({ iat: 'soon' })])(
    'is null for %j',
    (token) => {
      expect(tokenIssuedAt(token)).toBeNull();
    },
  );
});
