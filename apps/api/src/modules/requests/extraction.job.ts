import { z } from 'zod';
import { defineJob } from '../../jobs/queue';

/** Extract one request; the job id is the request id (DESIGN §3: deduplicated, idempotent). */
export const extractionJob = defineJob({
  name: 'extract-request',
  payload: z.object({ requestId: z.uuid() }),
  attempts: 3,
  backoffMs: 2_000,
});
