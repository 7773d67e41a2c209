import {
  type AlertSettings,
  AlertSettings as AlertSettingsSchema,
  DEFAULT_ALERT_SETTINGS,
} from '@sieve/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { recordAudit } from '../audit/audit';

const KEY = 'alerts';

/** The stored thresholds over the defaults (a key added later keeps its default). */
export async function readAlertSettings(db: Db): Promise<AlertSettings> {
  const row = await db.query.settings.findFirst({ where: eq(settings.key, KEY) });
  const merged = { ...DEFAULT_ALERT_SETTINGS, ...(row?.value ?? {}) };
  const parsed = AlertSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_ALERT_SETTINGS;
}

export async function writeAlertSettings(
  db: Db,
  actor: { id: string },
  value: AlertSettings,
): Promise<AlertSettings> {
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: KEY, value, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value, updatedBy: actor.id, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.alerts',
      targetType: 'settings',
      details: value,
    });
  });
  return value;
}
