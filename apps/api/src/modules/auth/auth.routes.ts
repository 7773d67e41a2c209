import { type AppArea, authEndpoints, type SessionResponse } from '@sieve/contracts';
import type { Request, Response } from 'express';
import { Router } from 'express';
import { SESSION_COOKIE } from '../../http/authenticate';
import { mount } from '../../http/mount';
import type { AuthService } from './auth.service';

/** `<protocol>://<area>.<domain>[:port]` as seen by this request (works behind the proxy too). */
export function appUrlFor(req: Request, appDomain: string) {
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
  const defaultPort = req.protocol === 'https' ? '443' : '80';
  return (area: AppArea) =>
    `${req.protocol}://${area}.${appDomain}${port && port !== defaultPort ? `:${port}` : ''}`;
}

function setSessionCookie(
  req: Request,
  res: Response,
  session: { token: string; expiresAt: Date },
  remember = true,
) {
  res.cookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/api',
    // Remember me keeps the cookie across browser restarts; otherwise it ends with the browser.
    ...(remember ? { expires: session.expiresAt } : {}),
  });
}

function publicSession(session: SessionResponse & { jti: string; expiresAt: Date }): SessionResponse {
  return {
    token: session.token,
    user_type: session.user_type,
    user_id: session.user_id,
    expires_at: session.expires_at,
  };
}

export function authRoutes(auth: AuthService, appDomain: string) {
  const router = Router();

  mount(router, authEndpoints.login, async ({ body, req, res }) => {
    const session = await auth.login(body.email, body.password, req.ip ?? 'unknown');
    setSessionCookie(req, res, session, body.remember ?? true);
    return publicSession(session);
  });

  mount(router, authEndpoints.register, async ({ body, req, res }) => {
    const session = await auth.register(body);
    setSessionCookie(req, res, session);
    return publicSession(session);
  });

  mount(router, authEndpoints.logout, async ({ req, res }) => {
    if (req.session) await auth.logout(req.session);
    res.clearCookie(SESSION_COOKIE, { path: '/api' });
    return { status: 'ok' as const };
  });

  mount(router, authEndpoints.me, ({ user }) => auth.me(user.id));

  mount(router, authEndpoints.passwordReset, async ({ body, req }) => {
    await auth.requestPasswordReset(body.email, appUrlFor(req, appDomain));
    return { status: 'accepted' as const };
  });

  mount(router, authEndpoints.passwordResetConfirm, async ({ body }) => {
    await auth.confirmPasswordReset(body.token, body.password);
    return { status: 'ok' as const };
  });

  mount(router, authEndpoints.handoff, ({ body, user, req }) =>
    auth.createHandoff({ id: user.id, userType: user.userType }, body.target, appUrlFor(req, appDomain)),
  );

  mount(router, authEndpoints.handoffExchange, async ({ body, req, res }) => {
    const session = await auth.exchangeHandoff(body.code);
    setSessionCookie(req, res, session);
    return publicSession(session);
  });

  mount(router, authEndpoints.generateInvite, ({ body, user }) => auth.generateInvite(user, body));

  return router;
}
