import { type ReviewBody, STORAGE_KEYS } from '@sieve/contracts';

/**
 * The local copy of every review submission (spec 01 §3 `test_submissions`), which DESIGN §4 turns
 * into an outbox: a submission is written here before it is sent and marked submitted only once
 * the server acknowledged it, so a failure, a closed tab or a crash loses nothing. Entries belong
 * to the reviewer who made them; another account on the same browser never sends them.
 */
export type OutboxStatus = 'pending' | 'submitted' | 'failed';

export interface OutboxEntry {
  task_id: string;
  worker_id: string;
  submission: ReviewBody;
  status: OutboxStatus;
  attempts: number;
  created_at: string;
  updated_at: string;
  /** The last failure's message. */
  error?: string;
}

const KEY = STORAGE_KEYS.testSubmissions;
/** Acknowledged and refused copies kept for reference; pending ones are never dropped. */
const KEEP_FINISHED = 50;

function isEntry(value: unknown): value is OutboxEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<OutboxEntry>;
  return (
    typeof entry.task_id === 'string' &&
    typeof entry.worker_id === 'string' &&
    typeof entry.submission === 'object' &&
    entry.submission !== null &&
    (entry.status === 'pending' || entry.status === 'submitted' || entry.status === 'failed')
  );
}

export function readOutbox(storage: Storage = localStorage): OutboxEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function writeOutbox(entries: OutboxEntry[], storage: Storage): void {
  const dropped = new Set<OutboxEntry>();
  for (const status of ['submitted', 'failed'] as const) {
    const finished = entries.filter((entry) => entry.status === status);
    for (const entry of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) dropped.add(entry);
  }
  try {
    storage.setItem(KEY, JSON.stringify(entries.filter((entry) => !dropped.has(entry))));
  } catch {
    // Storage full or blocked: the submission still goes out; only the local copy is missing.
  }
}

function update(
  workerId: string,
  taskId: string,
  change: (entry: OutboxEntry | undefined) => OutboxEntry | undefined,
  storage: Storage,
): OutboxEntry | undefined {
  const entries = readOutbox(storage);
  const index = entries.findIndex((entry) => entry.task_id === taskId && entry.worker_id === workerId);
  const next = change(entries[index]);
  if (!next) return undefined;
  if (index >= 0) entries.splice(index, 1);
  entries.push(next);
  writeOutbox(entries, storage);
  return next;
}

/** Records a submission about to be sent (replacing an unacknowledged one for the same task). */
export function recordPending(
  workerId: string,
  taskId: string,
  submission: ReviewBody,
  storage: Storage = localStorage,
): OutboxEntry | undefined {
  const now = new Date().toISOString();
  return update(
    workerId,
    taskId,
    (entry) => ({
      task_id: taskId,
      worker_id: workerId,
      submission,
      status: 'pending',
      attempts: entry && entry.status !== 'submitted' ? entry.attempts : 0,
      created_at: entry?.created_at ?? now,
      updated_at: now,
    }),
    storage,
  );
}

export function recordAttempt(
  workerId: string,
  taskId: string,
  outcome: { status: 'submitted' } | { status: 'pending' | 'failed'; error: string },
  storage: Storage = localStorage,
): OutboxEntry | undefined {
  return update(
    workerId,
    taskId,
    (entry) => {
      if (!entry) return undefined;
      const { error: _previous, ...rest } = entry;
      return {
        ...rest,
        status: outcome.status,
        attempts: entry.attempts + 1,
        updated_at: new Date().toISOString(),
        ...('error' in outcome ? { error: outcome.error } : {}),
      };
    },
    storage,
  );
}

/** This reviewer's submissions still to be sent (not acknowledged, not refused for good), oldest first. */
export function pendingSubmissions(workerId: string, storage: Storage = localStorage): OutboxEntry[] {
  return readOutbox(storage).filter((entry) => entry.worker_id === workerId && entry.status === 'pending');
}

/** The reviewer changed the answers after a failed send: that copy must not go out any more. */
export function supersedePending(workerId: string, taskId: string, storage: Storage = localStorage): void {
  const entries = readOutbox(storage);
  let changed = false;
  for (const entry of entries) {
    if (entry.task_id === taskId && entry.worker_id === workerId && entry.status === 'pending') {
      entry.status = 'failed';
      entry.error = 'Replaced by later edits';
      entry.updated_at = new Date().toISOString();
      changed = true;
    }
  }
  if (changed) writeOutbox(entries, storage);
}
