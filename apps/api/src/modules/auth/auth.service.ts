import { randomBytes } from 'node:crypto';
import {
  type AppArea,
  AREA_OF_ROLE,
  type CurrentUser,
  checkEmail,
  passwordProblem,
  type RegisterBody,
  type SessionResponse,
} from '@sieve/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inviteCodes, oneTimeTokens, type User, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';
import { recordAudit } from '../audit/audit';
import type { Mailer } from '../mail/mailer';
import {
  consumeInvite,
  findLiveUserByEmail,
  findLiveUserById,
  revokeToken,
  type SessionUser,
  sessionUser,
  useOneTimeToken,
} from './auth.queries';
import type { LoginLimiter } from './login-limiter';
import { hashPassword, verifyPassword } from './password';
import type { SessionCache } from './session-cache';
import {
  hashSecret,
  issueSessionToken,
  newOneTimeSecret,
  type SessionClaims,
  sessionVerifier,
} from './tokens';

const RESET_TTL_MS = 60 * 60 * 1000; // DESIGN §5: reset links live 1 h
const HANDOFF_TTL_MS = 60 * 1000; // DESIGN §5: hand-off codes live 60 s

export interface AuthServiceDeps {
  db: Db;
  jwtSecret: string;
  mailer: Mailer;
  limiter: LoginLimiter;
  logger: Logger;
  /** Valid sessions' users for a few seconds (SESSION_CACHE_TTL_MS); absent: every call looks up. */
  sessions?: SessionCache;
}

// A hash to verify against when the account does not exist, so timing does not reveal accounts.
let decoyHash: Promise<string> | undefined;

export function toCurrentUser(user: User): CurrentUser {
  return {
    uid: user.id,
    email: user.email,
    userType: user.userType,
    isApproved: user.isApproved && user.isActive,
    emailVerified: user.emailVerified,
    fullName: user.fullName,
    createdAt: user.createdAt.toISOString(),
  };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps;
  const verifySession = sessionVerifier(deps.jwtSecret);

  function session(user: Pick<User, 'id' | 'userType'>): SessionResponse & { jti: string; expiresAt: Date } {
    const issued = issueSessionToken(user, deps.jwtSecret);
    return {
      token: issued.token,
      user_type: user.userType,
      user_id: user.id,
      expires_at: issued.expiresAt.toISOString(),
      jti: issued.jti,
      expiresAt: issued.expiresAt,
    };
  }

  return {
    async register(body: RegisterBody) {
      const emailCheck = checkEmail(body.email);
      if (!emailCheck.valid)
        throw new AppError('INVALID_EMAIL', emailCheck.message, { email: emailCheck.message });
      const weak = passwordProblem(body.password);
      if (weak) throw new AppError('WEAK_PASSWORD', weak, { password: weak });
      const email = emailCheck.email;
      const needsInvite = body.user_type === 'worker' || body.user_type === 'admin';
      const inviteCode = body.invite_code?.trim();
      if (needsInvite && !inviteCode) throw new AppError('INVITE_CODE_REQUIRED');
      if (await findLiveUserByEmail(db, email)) throw new AppError('EMAIL_ALREADY_IN_USE');

      const passwordHash = await hashPassword(body.password);
      const user = await db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              email,
              passwordHash,
              fullName: body.full_name,
              organization: body.organization ?? null,
              userType: body.user_type,
              // Requesters are approved at once; admins by their invite; workers by an admin later.
              isApproved: body.user_type !== 'worker',
            })
            .returning();
          if (!created) throw new AppError('INTERNAL_SERVER_ERROR');
          if (
            needsInvite &&
            !(await consumeInvite(tx, inviteCode ?? '', body.user_type as 'worker' | 'admin', created.id))
          ) {
            throw new AppError('INVALID_INVITE_CODE');
          }
          return created;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('EMAIL_ALREADY_IN_USE');
          throw error;
        });
      deps.logger.info({ userId: user.id, userType: user.userType }, 'account created');
      return session(user);
    },

    async login(email: string, password: string, address: string) {
      const normalised = email.trim().toLowerCase();
      await deps.limiter.beforeAttempt(address, normalised);
      const user = await findLiveUserByEmail(db, normalised);
      decoyHash ??= hashPassword('decoy-password-1');
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
      if (!user || !ok) {
        await deps.limiter.failed(normalised);
        throw new AppError('INVALID_LOGIN_CREDENTIALS');
      }
      // A deactivated worker may sign in and is told it awaits approval; other roles are disabled.
      if (!user.isActive && user.userType !== 'worker') throw new AppError('USER_DISABLED');
      await deps.limiter.succeeded(normalised);
      await db
        .update(users)
        .set({ lastLoginAt: new Date(), lastActivityAt: new Date() })
        .where(eq(users.id, user.id));
      return session(user);
    },

    /** The user behind a token, or null when it is invalid, revoked, or its account is gone. */
    async authenticate(token: string): Promise<{ user: SessionUser; claims: SessionClaims } | null> {
      const claims = verifySession(token);
      if (!claims) return null;
      const cached = deps.sessions?.get(claims.jti);
      if (cached && cached.id === claims.sub) return { user: cached, claims };
      const user = await sessionUser(db, claims.sub, claims.jti);
      if (!user || user.revoked) return null;
      if (!user.isActive && user.userType !== 'worker') return null;
      if (user.sessionsValidAfter && claims.ims < user.sessionsValidAfter.getTime()) return null;
      deps.sessions?.set(claims.jti, user);
      return { user, claims };
    },

    async logout(claims: SessionClaims) {
      await revokeToken(db, claims.jti, new Date(claims.exp * 1000));
      deps.sessions?.forgetSession(claims.jti);
    },

    async me(userId: string) {
      const user = await findLiveUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      return toCurrentUser(user);
    },

    /** Always resolves (no account enumeration); mails a 1 h single-use link when the account exists. */
    async requestPasswordReset(email: string, appUrl: (area: AppArea) => string) {
      const user = await findLiveUserByEmail(db, email.trim().toLowerCase());
      if (!user) return;
      const { secret, hash } = newOneTimeSecret();
      await db.insert(oneTimeTokens).values({
        tokenHash: hash,
        purpose: 'password_reset',
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      const link = `${appUrl(AREA_OF_ROLE[user.userType])}/reset-password?token=${secret}`;
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your Sieve password',
        text: `Someone asked to reset the password of your Sieve account.\n\nSet a new password within the hour:\n${link}\n\nIf it wasn't you, ignore this mail; your password stays as it is.`,
        secrets: [secret],
      });
    },

    async confirmPasswordReset(token: string, password: string) {
      const weak = passwordProblem(password);
      if (weak) throw new AppError('WEAK_PASSWORD', weak, { password: weak });
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const id = await useOneTimeToken(tx, hashSecret(token), 'password_reset');
        if (!id) throw new AppError('INVALID_RESET_TOKEN');
        await tx
          .update(users)
          .set({ passwordHash, sessionsValidAfter: new Date(), updatedAt: new Date() })
          .where(eq(users.id, id));
        return id;
      });
      // The reset signs every session out (DESIGN §5), in this process at once.
      deps.sessions?.forgetUser(userId);
    },

    async createHandoff(
      user: Pick<User, 'id' | 'userType'>,
      target: AppArea,
      appUrl: (area: AppArea) => string,
    ) {
      if (AREA_OF_ROLE[user.userType] !== target) throw new AppError('FORBIDDEN');
      const { secret, hash } = newOneTimeSecret();
      const expiresAt = new Date(Date.now() + HANDOFF_TTL_MS);
      await db
        .insert(oneTimeTokens)
        .values({ tokenHash: hash, purpose: 'handoff', userId: user.id, expiresAt });
      return {
        code: secret,
        url: `${appUrl(target)}/login?handoff=${encodeURIComponent(secret)}`,
        expires_at: expiresAt.toISOString(),
      };
    },

    async exchangeHandoff(code: string) {
      const userId = await useOneTimeToken(db, hashSecret(code), 'handoff');
      const user = userId ? await findLiveUserById(db, userId) : undefined;
      if (!user) throw new AppError('INVALID_HANDOFF_CODE');
      return session(user);
    },

    async generateInvite(
      admin: { id: string },
      input: { role: 'worker' | 'admin'; expiry_days: number; code?: string | null | undefined },
    ) {
      const code =
        input.code ||
        `${input.role === 'admin' ? 'ADM' : 'REV'}-${randomBytes(6).toString('hex').toUpperCase()}`;
      const expiresAt = new Date(Date.now() + input.expiry_days * 24 * 60 * 60 * 1000);
      await db
        .transaction(async (tx) => {
          await tx.insert(inviteCodes).values({ code, role: input.role, createdBy: admin.id, expiresAt });
          await recordAudit(tx, {
            actorId: admin.id,
            action: 'invite.generate',
            targetType: 'invite',
            targetId: code,
            details: { role: input.role, expiry_days: input.expiry_days },
          });
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw new AppError('INVALID_INPUT', 'This invite code is already in use.', {
              code: 'This invite code is already in use',
            });
          }
          throw error;
        });
      return { invite_code: code, role: input.role, expires_at: expiresAt.toISOString() };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
