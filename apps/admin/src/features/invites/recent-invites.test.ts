import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../dashboard/api';
import { recentInvites } from './recent-invites';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'e',
  actor_email: 'admin@example.org',
  action: 'invite.generate',
  target_type: 'invite',
  target_id: 'REV-1',
  details: { role: 'worker', expiry_days: 7 },
  created_at: '2025-03-01T00:00:00.000Z',
  ...over,
});

describe('recentInvites', () => {
  it('reads the invites from the audit log with their expiry', () => {
    const now = Date.parse('2025-03-05T00:00:00Z');
    const invites = recentInvites(
      [
        entry({ target_id: 'ADM-2', details: { role: 'admin', expiry_days: 1 } }),
        entry({ action: 'queue.pause', target_id: null }),
        entry({ target_id: 'REV-1' }),
      ],
      now,
    );
    expect(invites).toEqual([
      {
        code: 'ADM-2',
        role: 'admin',
        createdAt: '2025-03-01T00:00:00.000Z',
        createdBy: 'admin@example.org',
        expiresAt: '2025-03-02T00:00:00.000Z',
        isExpired: true,
      },
      {
        code: 'REV-1',
        role: 'worker',
        createdAt: '2025-03-01T00:00:00.000Z',
        createdBy: 'admin@example.org',
        expiresAt: '2025-03-08T00:00:00.000Z',
        isExpired: false,
      },
    ]);
  });
});
