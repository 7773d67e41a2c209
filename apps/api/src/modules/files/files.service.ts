import { createHash, randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@sieve/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { assignments, files, requests, tasks } from '../../db/schema';
import { sniffFileType } from '../../extraction';
import { AppError } from '../../http/app-error';
import type { AuthedUser } from '../../http/mount';
import type { FileStorage } from '../../storage/file-storage';
import { acceptedKinds } from './file-kind';

/** A task on this file that is in the reviewer's queue now or that they hold or held. */
export function reviewerFileTaskSql(fileId: string, workerId: string): SQL {
  // The upload (requests.metadata.file_id) or the stored copy the AI read (tasks.metadata.source_file_id).
  return sql`(select t.id from ${requests} r
      join ${tasks} t on t.request_id = r.id
      left join ${assignments} a on a.task_id = t.id and a.worker_id = ${workerId}
      where r.metadata->>'file_id' = ${fileId} and r.deleted_at is null
        and (a.id is not null or t.status = 'available')
      limit 1)
    union all
    (select t.id from ${tasks} t
      left join ${assignments} a on a.task_id = t.id and a.worker_id = ${workerId}
      where t.metadata->>'source_file_id' = ${fileId}
        and (a.id is not null or t.status = 'available')
      limit 1)
    limit 1`;
}

export const FILE_URL_PREFIX = '/api/v1/files/';

export function fileUrlOf(id: string) {
  return `${FILE_URL_PREFIX}${id}`;
}

/** The id in one of our own file URLs (`/api/v1/files/<uuid>`, any host), else null. */
export function fileIdOfUrl(url: string): string | null {
  const match = /\/api\/v1\/files\/([0-9a-f-]{36})(?:[?#].*)?$/i.exec(url.trim());
  return match?.[1] ?? null;
}

export function createFilesService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;
  return {
    /** Stores an upload after checking its size and, by its bytes, its type for the document type. */
    async store(
      owner: { id: string },
      input: { bytes: Uint8Array; filename: string; documentType?: string | undefined },
    ) {
      if (input.bytes.length > UPLOAD_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
      if (input.bytes.length === 0) throw new AppError('INVALID_FILE_TYPE', 'The file is empty.');
      const sniffed = await sniffFileType(input.bytes, { filename: input.filename });
      if (!sniffed || !acceptedKinds(input.documentType).includes(sniffed.kind)) {
        throw new AppError('INVALID_FILE_TYPE');
      }
      const id = randomUUID();
      await storage.put(id, input.bytes);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never reach a file name
      const filename = input.filename.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 255) || 'document';
      const [row] = await db
        .insert(files)
        .values({
          id,
          ownerId: owner.id,
          filename,
          contentType: sniffed.mediaType,
          size: input.bytes.length,
          sha256: createHash('sha256').update(input.bytes).digest('hex'),
          storageKey: id,
        })
        .returning();
      if (!row) throw new AppError('INTERNAL_SERVER_ERROR');
      return row;
    },

    /**
     * The file, if this user may read it: its owner, an admin, or a reviewer for whom a task on it
     * is in their queue now (available, never assigned to them) or who holds or held it. Any other
     * reviewer gets 403: a completed task they did not review is not theirs to read.
     */
    async readable(user: AuthedUser, id: string) {
      const row = await db.query.files.findFirst({ where: and(eq(files.id, id), isNull(files.purgedAt)) });
      if (!row) throw new AppError('NOT_FOUND', 'The file could not be found.');
      if (user.userType === 'admin' || row.ownerId === user.id) return row;
      if (user.userType === 'worker') {
        if (!user.isApproved) throw new AppError('WORKER_NOT_APPROVED');
        // A reviewer reads the document of a task they hold or held, or of one open to them in
        // the queue (the preview is prefetched before the claim); both lookups use an index.
        const [linked] = await queryRows<{ id: string }>(db, reviewerFileTaskSql(id, user.id));
        if (linked) return row;
        throw new AppError('FORBIDDEN', 'This document belongs to a task that is not in your queue.');
      }
      throw new AppError('NOT_FOUND', 'The file could not be found.');
    },

    bytes: (row: { storageKey: string }) => storage.get(row.storageKey),

    /** Deletes a file's bytes and marks it purged; the row stays for the audit trail. */
    async purge(id: string) {
      const [row] = await db
        .update(files)
        .set({ purgedAt: new Date() })
        .where(and(eq(files.id, id), isNull(files.purgedAt)))
        .returning({ storageKey: files.storageKey });
      if (row) await storage.delete(row.storageKey);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
