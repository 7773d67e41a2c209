import { createHash, randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@sieve/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, files, requests, tasks } from '../../db/schema';
import { sniffFileType } from '../../extraction/documents/detect';
import { AppError } from '../../http/app-error';
import type { AuthedUser } from '../../http/mount';
import type { FileStorage } from '../../storage/file-storage';
import { acceptedKinds } from './file-kind';

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

    /** The file, if this user may read it: its owner, an admin, or a reviewer of a task on it. */
    async readable(user: AuthedUser, id: string) {
      const row = await db.query.files.findFirst({ where: and(eq(files.id, id), isNull(files.purgedAt)) });
      if (!row) throw new AppError('NOT_FOUND', 'The file could not be found.');
      if (user.userType === 'admin' || row.ownerId === user.id) return row;
      if (user.userType === 'worker' && user.isApproved) {
        // A reviewer reads the document of a task they hold or held, or of one open to them in
        // the queue (the preview is prefetched before the claim); DESIGN §11.
        const [linked] = await db
          .select({ id: tasks.id })
          .from(tasks)
          .innerJoin(requests, eq(requests.id, tasks.requestId))
          .where(
            and(
              sql`(${requests.metadata}->>'file_id' = ${id} or ${tasks.metadata}->>'source_file_id' = ${id})`,
              sql`(${tasks.status} = 'available' or exists (select 1 from ${assignments} where ${assignments.taskId} = ${tasks.id} and ${assignments.workerId} = ${user.id}))`,
            ),
          )
          .limit(1);
        if (linked) return row;
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
