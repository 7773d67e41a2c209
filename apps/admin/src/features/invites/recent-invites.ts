import type { AuditEntry } from '../dashboard/api';
import type { InviteRole } from './api';

export interface RecentInvite {
  code: string;
  role: InviteRole | null;
  createdAt: string;
  createdBy: string | null;
  expiresAt: string | null;
  isExpired: boolean;
}

const DAY_MS = 86_400_000;

/** The invites generated lately, read from the audit log's 'invite.generate' entries. */
export function recentInvites(entries: readonly AuditEntry[], now = Date.now(), limit = 10): RecentInvite[] {
  return entries
    .filter((entry) => entry.action === 'invite.generate' && entry.target_id)
    .slice(0, limit)
    .map((entry) => {
      const details = (entry.details ?? {}) as { role?: unknown; expiry_days?: unknown };
      const role = details.role === 'worker' || details.role === 'admin' ? details.role : null;
      const days = typeof details.expiry_days === 'number' ? details.expiry_days : null;
      const created = new Date(entry.created_at).getTime();
      const expires = days !== null && Number.isFinite(created) ? created + days * DAY_MS : null;
      return {
        code: entry.target_id as string,
        role,
        createdAt: entry.created_at,
        createdBy: entry.actor_email,
        expiresAt: expires === null ? null : new Date(expires).toISOString(),
        isExpired: expires !== null && expires <= now,
      };
    });
}
