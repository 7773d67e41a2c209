import { CONFIDENCE, type FieldType } from '@sieve/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { hints, taskPlaces } from '../../db/schema';
import {
  type ExtractedDocument,
  type ExtractionResult,
  layoutFingerprint,
  placeKey,
  type RememberedHint,
  recallAnswers,
  type SourceHint,
  type StoredReading,
  storedReadings,
  teachingPlace,
} from '../../extraction';

/**
 * Learning from reviews (DESIGN §14), the database side: hints answer a requester's next document
 * of the same layout at extraction (`recall`), and a task's consensus teaches or corrects them
 * (`teachFromConsensus`). Learning never crosses requesters: every query names one.
 */

/** `metadata.learning: false` on a request (or from its template) turns use and teaching off. */
export function learningOn(metadata: Record<string, unknown>): boolean {
  return metadata.learning !== false;
}

/** LLM providers see at most this many of a requester's hints (the newest), as examples. */
const MAX_EXAMPLE_HINTS = 500;

function toRemembered(row: typeof hints.$inferSelect): RememberedHint {
  return {
    id: row.id,
    field: row.field,
    place: row.place as unknown as RememberedHint['place'],
    type: (row.type as FieldType | null) ?? null,
    reviews: row.taughtBy.length,
    corrections: row.corrections,
  };
}

/** A requester's hints for one layout, as extraction uses them. */
export async function hintsFor(
  db: Db | Tx,
  requesterId: string,
  fingerprint: string,
): Promise<RememberedHint[]> {
  const rows = await db
    .select()
    .from(hints)
    .where(and(eq(hints.requesterId, requesterId), eq(hints.fingerprint, fingerprint)));
  return rows.map(toRemembered);
}

/**
 * DESIGN §14: an LLM provider gets the hints of the document's layout as examples; the layout is
 * known only once the document is read (in the extraction thread), so the requester's hints go
 * with the request and extraction picks those of each document's fingerprint.
 */
export async function hintsOfRequester(db: Db, requesterId: string): Promise<SourceHint[]> {
  const rows = await db
    .select()
    .from(hints)
    .where(eq(hints.requesterId, requesterId))
    .orderBy(desc(hints.updatedAt))
    .limit(MAX_EXAMPLE_HINTS);
  return rows.map((row) => ({ ...toRemembered(row), fingerprint: row.fingerprint }));
}

/** What the extraction job keeps per task document: its fingerprint, issuer and places. */
export interface TaskMemory {
  fingerprint: string;
  source: string | null;
  readings: StoredReading[] | null;
}

/**
 * After extraction, per task document: its fingerprint, and (when the request learns) the fields
 * its hints answer replaced in its result, and its places kept for teaching.
 */
export async function recall(
  db: Db,
  requesterId: string,
  part: { document: ExtractedDocument; result: ExtractionResult },
  typed: Parameters<typeof recallAnswers>[3],
  learning: { isOn: boolean; willBeReviewed: boolean },
): Promise<TaskMemory> {
  const { fingerprint, source } = layoutFingerprint(part.document);
  if (!learning.isOn) return { fingerprint, source, readings: null };
  recallAnswers(part.result, part.document, await hintsFor(db, requesterId, fingerprint), typed);
  // Only a reviewed task teaches: an AI-only result keeps no places.
  return { fingerprint, source, readings: learning.willBeReviewed ? storedReadings(part.document) : null };
}

export async function keepTaskPlaces(tx: Tx, taskId: string, requesterId: string, memory: TaskMemory) {
  if (!memory.readings) return;
  await tx
    .insert(taskPlaces)
    .values({
      taskId,
      requesterId,
      fingerprint: memory.fingerprint,
      source: memory.source,
      readings: memory.readings,
    })
    .onConflictDoNothing();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Drops a hint at its second correction in a row, else counts the correction (it answers weakened). */
async function corrected(tx: Tx, hintId: string) {
  const [row] = await tx
    .update(hints)
    .set({ corrections: sql`${hints.corrections} + 1`, updatedAt: new Date() })
    .where(eq(hints.id, hintId))
    .returning({ corrections: hints.corrections });
  if (row && row.corrections >= 2) await tx.delete(hints).where(eq(hints.id, hintId));
}

/** A review agreed with the hint's answer: it counts as one more review, and its corrections reset. */
async function confirmed(tx: Tx, hintId: string, taskId: string) {
  await tx
    .update(hints)
    .set({
      uses: sql`${hints.uses} + 1`,
      corrections: 0,
      taughtBy: sql`case when ${hints.taughtBy} ? ${taskId} then ${hints.taughtBy} else ${hints.taughtBy} || jsonb_build_array(${taskId}::text) end`,
      updatedAt: new Date(),
    })
    .where(eq(hints.id, hintId));
}

/**
 * A task's consensus teaches (DESIGN §14): for each field whose final value differs from the AI's
 * or confirms a Low or Medium answer, where the value sat becomes (or strengthens) a hint; a
 * remembered answer the reviews confirm is strengthened, one they correct is weakened, and
 * dropped at its second correction in a row. Disputed items (no majority) teach nothing, and a
 * task of a request that does not learn has no places kept, so it teaches nothing either.
 */
export async function teachFromConsensus(
  tx: Tx,
  task: { id: string; aiResult: Record<string, unknown> },
  finalResult: Record<string, unknown>,
) {
  const [kept] = await tx.select().from(taskPlaces).where(eq(taskPlaces.taskId, task.id));
  if (!kept) return;
  const readings = kept.readings as StoredReading[];
  const aiItems = isObject(task.aiResult.result) ? task.aiResult.result : {};
  for (const [field, final] of Object.entries(finalResult)) {
    if (!isObject(final) || final.disputed === true) continue;
    const ai = aiItems[field];
    const aiItem = isObject(ai) ? ai : null;
    const learned = isObject(aiItem?.learned) ? (aiItem.learned as { hint_id?: unknown }) : null;
    const isCorrected = final.corrected === true;
    if (learned && typeof learned.hint_id === 'string') {
      if (!isCorrected) {
        await confirmed(tx, learned.hint_id, task.id);
        continue;
      }
      await corrected(tx, learned.hint_id);
    } else if (!isCorrected && Number(aiItem?.confidence ?? 0) > CONFIDENCE.high) {
      // A High answer confirmed: the extractor already knew.
      continue;
    }
    const found = teachingPlace(readings, field, final.value);
    if (!found) continue;
    const type =
      typeof final.type === 'string' ? final.type : typeof aiItem?.type === 'string' ? aiItem.type : null;
    await tx
      .insert(hints)
      .values({
        requesterId: kept.requesterId,
        fingerprint: kept.fingerprint,
        source: kept.source,
        field,
        place: found.place as unknown as Record<string, unknown>,
        placeKey: placeKey(found.place),
        scale: found.scale ?? null,
        type,
        taughtBy: [task.id],
      })
      .onConflictDoUpdate({
        target: [hints.requesterId, hints.fingerprint, hints.field, hints.placeKey],
        set: {
          corrections: 0,
          taughtBy: sql`case when ${hints.taughtBy} ? ${task.id} then ${hints.taughtBy} else ${hints.taughtBy} || jsonb_build_array(${task.id}::text) end`,
          updatedAt: new Date(),
        },
      });
  }
}
