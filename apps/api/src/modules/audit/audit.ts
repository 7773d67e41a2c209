import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: string;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** Writes one admin action to the audit log (DESIGN §7); pass the action's transaction. */
export async function recordAudit(db: Db | Tx, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}
