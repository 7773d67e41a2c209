import type { Hint, HintPlace } from '@sieve/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hints, tasks } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthedUser } from '../../http/mount';

type HintRow = typeof hints.$inferSelect;

/**
 * The learned hints as people see them (DESIGN §14): a requester lists and deletes their own; an
 * admin any requester's (`requester_id`). Hints are never shown across requesters.
 */
export function createLearningService(deps: { db: Db }) {
  const { db } = deps;

  /** The requester whose hints the caller may touch: themselves; an admin the one named (or any). */
  function ownerFilter(caller: AuthedUser, requesterId: string | undefined): SQL | undefined {
    if (caller.userType !== 'admin') {
      if (requesterId && requesterId !== caller.id) throw new AppError('FORBIDDEN');
      return eq(hints.requesterId, caller.id);
    }
    return requesterId ? eq(hints.requesterId, requesterId) : undefined;
  }

  async function toHints(rows: HintRow[]): Promise<Hint[]> {
    const taskIds = [...new Set(rows.flatMap((r) => r.taughtBy))];
    const taught = taskIds.length
      ? await db
          .select({
            id: tasks.id,
            requestId: tasks.requestId,
            metadata: tasks.metadata,
            completedAt: tasks.completedAt,
          })
          .from(tasks)
          .where(inArray(tasks.id, taskIds))
      : [];
    const byId = new Map(taught.map((t) => [t.id, t]));
    return rows.map((row) => ({
      hint_id: row.id,
      requester_id: row.requesterId,
      fingerprint: row.fingerprint,
      source: row.source,
      field: row.field,
      place: row.place as unknown as HintPlace,
      scale: row.scale,
      type: (row.type as Hint['type']) ?? null,
      reviews: row.taughtBy.length,
      taught_by: row.taughtBy.map((id) => {
        const task = byId.get(id);
        const name = task?.metadata.document_name ?? task?.metadata.name;
        return {
          task_id: id,
          request_id: task?.requestId ?? null,
          document_name: typeof name === 'string' ? name : null,
          completed_at: task?.completedAt?.toISOString() ?? null,
        };
      }),
      uses: row.uses,
      corrections: row.corrections,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  return {
    async list(
      caller: AuthedUser,
      query: {
        fingerprint?: string | undefined;
        field?: string | undefined;
        requester_id?: string | undefined;
      },
    ): Promise<{ hints: Hint[] }> {
      const where = and(
        ownerFilter(caller, query.requester_id),
        query.fingerprint ? eq(hints.fingerprint, query.fingerprint) : undefined,
        query.field ? eq(hints.field, query.field) : undefined,
      );
      const rows = await db
        .select()
        .from(hints)
        .where(where)
        .orderBy(hints.source, hints.fingerprint, hints.field, desc(hints.updatedAt))
        .limit(1000);
      return { hints: await toHints(rows) };
    },

    async remove(caller: AuthedUser, id: string, requesterId?: string): Promise<void> {
      const deleted = await db
        .delete(hints)
        .where(and(eq(hints.id, id), ownerFilter(caller, requesterId)))
        .returning({ id: hints.id });
      if (deleted.length === 0) throw new AppError('HINT_NOT_FOUND');
    },

    async removeAll(
      caller: AuthedUser,
      query: { fingerprint?: string | undefined; requester_id?: string | undefined },
    ): Promise<{ deleted: number }> {
      if (caller.userType === 'admin' && !query.requester_id) {
        throw new AppError('INVALID_INPUT', 'Name the requester whose hints to delete.', {
          requester_id: 'Required for admins',
        });
      }
      const deleted = await db
        .delete(hints)
        .where(
          and(
            ownerFilter(caller, query.requester_id),
            query.fingerprint ? eq(hints.fingerprint, query.fingerprint) : undefined,
          ),
        )
        .returning({ id: hints.id });
      return { deleted: deleted.length };
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
