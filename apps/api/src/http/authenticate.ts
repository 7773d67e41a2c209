import type { RequestHandler } from 'express';
import type { AuthService } from '../modules/auth/auth.service';
import { type ApiKeysService, isApiKeySecret } from '../modules/integrations/api-keys';

export const SESSION_COOKIE = 'sieve_session';

/** The bearer token, else the session cookie (DESIGN §5: bearer wins when both). */
function tokenOf(authorization: string | undefined, cookie: string | undefined): string | undefined {
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1] ?? cookie;
}

/**
 * Resolves the signed-in user when the request carries a valid token; never refuses by itself:
 * each route's guard decides (anonymous on a protected route → 401).
 */
export function authenticate(
  auth: Pick<AuthService, 'authenticate'>,
  apiKeys?: Pick<ApiKeysService, 'authenticate'>,
): RequestHandler {
  return async (req, _res, next) => {
    const token = tokenOf(req.headers.authorization, req.cookies?.[SESSION_COOKIE]);
    if (!token) return next();
    // DESIGN §12: `Bearer sk_live_…` is an API key; the route guard checks its scope.
    if (isApiKeySecret(token)) {
      const keyUser = apiKeys ? await apiKeys.authenticate(token) : null;
      if (keyUser) req.user = keyUser;
      return next();
    }
    const found = await auth.authenticate(token);
    if (found) {
      req.user = {
        id: found.user.id,
        email: found.user.email,
        userType: found.user.userType,
        isApproved: found.user.isApproved && found.user.isActive,
      };
      req.session = found.claims;
    }
    next();
  };
}
