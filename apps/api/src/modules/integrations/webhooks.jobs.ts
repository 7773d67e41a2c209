import { z } from 'zod';
import { defineJob } from '../../jobs/queue';

/**
 * One try of one webhook delivery. Retries are scheduled by the processor itself (the next try is
 * a new job, `<delivery>-a<n>`, delayed by the backoff), so every try is logged and a restart
 * finds the next one waiting in the queue. The queue's own retries only cover our own failures.
 */
export const webhookDeliveryJob = defineJob({
  name: 'deliver-webhook',
  payload: z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1) }),
  attempts: 3,
  backoffMs: 5_000,
});

export function deliveryJobId(deliveryId: string, attempt: number) {
  return `${deliveryId}-a${attempt}`;
}
