/**
 * When the session began, for the maximum session duration (spec 01 §4): the token's `iat` claim
 * when it is a JWT, else null (the caller then counts from when this page started the session).
 */
export function tokenIssuedAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const { iat } = JSON.parse(json) as { iat?: unknown };
    return typeof iat === 'number' && Number.isFinite(iat) && iat > 0 ? iat * 1000 : null;
  } catch {
    return null;
  }
}
