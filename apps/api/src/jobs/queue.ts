import type { z } from 'zod';

/** A job type: its name and payload schema in one place (STYLE §5). */
export interface JobDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  name: Name;
  payload: Schema;
  /** How many times a failing job runs before it is given up. */
  attempts: number;
  /** Milliseconds before the first retry; doubles with each further one. */
  backoffMs: number;
}

export function defineJob<const Name extends string, Schema extends z.ZodType>(
  definition: JobDefinition<Name, Schema>,
): JobDefinition<Name, Schema> {
  return definition;
}

export interface JobContext {
  jobId: string;
  attempt: number;
}

export type Processor<D extends JobDefinition> = (
  payload: z.infer<D['payload']>,
  context: JobContext,
) => Promise<void>;

export interface EnqueueOptions {
  /** The entity id: enqueueing the same id again while the job exists stores it once. */
  jobId: string;
  delayMs?: number;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  failed: number;
  completed: number;
}

/**
 * One small interface with two back ends: BullMQ on Redis (REDIS_URL) and a durable in-process
 * runner on the application database. Both are at-least-once: processors are idempotent.
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  enqueue<D extends JobDefinition>(
    definition: D,
    payload: z.infer<D['payload']>,
    options: EnqueueOptions,
  ): Promise<void>;
  /** Registers a processor and starts consuming that job type in this process. */
  process<D extends JobDefinition>(definition: D, processor: Processor<D>): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  isPaused(): Promise<boolean>;
  counts(): Promise<QueueCounts>;
  /** Resolves when the back end answers. */
  ping(): Promise<void>;
  /** Stops taking jobs, waits for the running ones to finish, releases connections. */
  close(): Promise<void>;
}
