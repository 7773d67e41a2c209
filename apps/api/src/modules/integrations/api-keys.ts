import { randomBytes } from 'node:crypto';
import {
  API_KEY_DISPLAY_LENGTH,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@sieve/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthedUser } from '../../http/mount';
import { recordAudit } from '../audit/audit';
import { hashSecret } from '../auth/tokens';

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Whether a bearer token is an API key rather than a session JWT. */
export function isApiKeySecret(token: string) {
  return token.startsWith(API_KEY_PREFIX);
}

export interface KeyUser extends AuthedUser {
  apiKey: { id: string; scopes: ApiKeyScope[] };
}

export function createApiKeysService(deps: { db: Db }) {
  const { db } = deps;

  /** The requester whose keys the caller manages: themselves, or (admins) the one they name. */
  async function ownerFor(caller: AuthedUser, requesterId: string | undefined) {
    if (caller.userType !== 'admin') return caller.id;
    if (!requesterId) {
      throw new AppError('INVALID_INPUT', 'Name the requester the key belongs to.', {
        requester_id: 'Required for admins',
      });
    }
    const owner = await db.query.users.findFirst({
      where: and(eq(users.id, requesterId), eq(users.userType, 'requester'), isNull(users.deletedAt)),
    });
    if (!owner) {
      throw new AppError('INVALID_INPUT', 'No requester has this id.', { requester_id: 'Unknown requester' });
    }
    return owner.id;
  }

  return {
    async create(caller: AuthedUser, body: CreateApiKeyBody): Promise<CreatedApiKey> {
      if (caller.userType !== 'admin' && body.requester_id && body.requester_id !== caller.id) {
        throw new AppError('FORBIDDEN');
      }
      const ownerId = await ownerFor(caller, body.requester_id);
      // 32 random bytes: a secret nobody guesses, so a fast hash (SHA-256) is enough to store it.
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const scopes = [...new Set(body.scopes)];
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(apiKeys)
          .values({
            userId: ownerId,
            name: body.name,
            prefix: secret.slice(0, API_KEY_DISPLAY_LENGTH),
            secretHash: hashSecret(secret),
            scopes,
            createdBy: caller.id,
          })
          .returning();
        if (!created) throw new AppError('INTERNAL_SERVER_ERROR');
        await recordAudit(tx, {
          actorId: caller.id,
          action: 'api_key.create',
          targetType: 'api_key',
          targetId: created.id,
          details: { owner_id: ownerId, name: body.name, scopes, prefix: created.prefix },
        });
        return created;
      });
      return { ...toApiKey(row), secret };
    },

    async list(caller: AuthedUser, requesterId: string | undefined) {
      if (caller.userType !== 'admin' && requesterId && requesterId !== caller.id)
        throw new AppError('FORBIDDEN');
      const ownerId = await ownerFor(caller, requesterId);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, ownerId))
        .orderBy(desc(apiKeys.createdAt));
      return { keys: rows.map(toApiKey) };
    },

    /** Revokes at once: the next call with the key is anonymous (401). */
    async revoke(caller: AuthedUser, id: string) {
      await db.transaction(async (tx) => {
        const key = await tx.query.apiKeys.findFirst({ where: eq(apiKeys.id, id) });
        if (!key || (caller.userType !== 'admin' && key.userId !== caller.id)) {
          throw new AppError('API_KEY_NOT_FOUND');
        }
        if (key.revokedAt) return;
        await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
        await recordAudit(tx, {
          actorId: caller.id,
          action: 'api_key.revoke',
          targetType: 'api_key',
          targetId: id,
          details: { owner_id: key.userId, name: key.name, prefix: key.prefix },
        });
      });
    },

    /**
     * The key's owner, in one round trip like a session (DESIGN §12); null for an unknown, revoked
     * or orphaned key. `last_used_at` is written at most once a minute, so busy keys cost no write.
     */
    async authenticate(secret: string): Promise<KeyUser | null> {
      const [row] = await queryRows<{
        key_id: string;
        scopes: string[] | string;
        id: string;
        email: string;
        user_type: AuthedUser['userType'];
        is_approved: boolean;
        is_active: boolean;
      }>(
        db,
        sql`with k as (
            select id, user_id, scopes, last_used_at from ${apiKeys}
            where secret_hash = ${hashSecret(secret)} and revoked_at is null
          ), touch as (
            update ${apiKeys} set last_used_at = now() from k
            where ${apiKeys.id} = k.id and (k.last_used_at is null or k.last_used_at < now() - interval '60 seconds')
          )
          select k.id as key_id, k.scopes, u.id, u.email, u.user_type, u.is_approved, u.is_active
          from k join ${users} u on u.id = k.user_id
          where u.deleted_at is null and u.is_active and u.user_type = 'requester'`,
      );
      if (!row) return null;
      const scopes = Array.isArray(row.scopes) ? row.scopes : parsePgArray(row.scopes);
      return {
        id: row.id,
        email: row.email,
        userType: row.user_type,
        isApproved: row.is_approved && row.is_active,
        apiKey: { id: row.key_id, scopes: scopes as ApiKeyScope[] },
      };
    },
  };
}

/** `{a,b}` → ['a', 'b'] (a raw driver may hand text[] back unparsed). */
function parsePgArray(value: string): string[] {
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
