import { createHash, createSecretKey, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { SESSION, type UserType } from '@sieve/contracts';
import jwt from 'jsonwebtoken';

export interface SessionClaims {
  sub: string;
  typ: UserType;
  /** Issued-at in milliseconds: a password reset voids tokens issued before it, to the millisecond. */
  ims: number;
  jti: string;
  iat: number;
  exp: number;
}

// jsonwebtoken probes a string secret as a public key first (an exception per call); a ready
// KeyObject skips that and is several times faster.
const keys = new Map<string, KeyObject>();
function keyOf(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** A session JWT (HS256) with a `jti`, expiring with the maximum session duration (DESIGN §5). */
export function issueSessionToken(user: { id: string; userType: UserType }, secret: string) {
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + SESSION.maxSessionDurationMs);
  const token = jwt.sign({ typ: user.userType, ims: Date.now() }, keyOf(secret), {
    algorithm: 'HS256',
    subject: user.id,
    jwtid: jti,
    expiresIn: Math.floor(SESSION.maxSessionDurationMs / 1000),
  });
  return { token, jti, expiresAt };
}

/** The claims of a valid token, or null: bad signature, other algorithm (incl. `none`), expired. */
export function verifySessionToken(token: string, secret: string): SessionClaims | null {
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (
      typeof claims !== 'object' ||
      !claims.sub ||
      !claims.jti ||
      !claims.exp ||
      typeof claims.ims !== 'number'
    ) {
      return null;
    }
    return claims as SessionClaims;
  } catch {
    return null;
  }
}

/**
 * verifySessionToken, with the claims of the tokens it accepted kept until they expire (the latest
 * `maxEntries`): a signed-in client sends the same token on every call, and checking its signature
 * each time was 3 % of a cheap read's CPU. A refused token is checked again on every call; what a
 * token's claims do not say (revocation, the account's state) is the caller's to check each time.
 */
export function sessionVerifier(secret: string, maxEntries = 10_000) {
  const accepted = new Map<string, SessionClaims>();
  return (token: string): SessionClaims | null => {
    const known = accepted.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      accepted.delete(token);
    }
    const claims = verifySessionToken(token, secret);
    if (claims) {
      // Oldest first: a Map iterates in insertion order.
      if (accepted.size >= maxEntries) accepted.delete(accepted.keys().next().value as string);
      accepted.set(token, claims);
    }
    return claims;
  };
}

/** A random single-use secret and the hash we store for it. */
export function newOneTimeSecret() {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}
