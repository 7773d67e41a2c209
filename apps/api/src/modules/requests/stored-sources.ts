import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, requests, tasks } from '../../db/schema';
import type { FetchedSource } from '../../extraction';
import { sanitiseHtmlSnapshot, sniffFileType } from '../../extraction';
import type { FileStorage } from '../../storage/file-storage';
import { fileUrlOf } from '../files/files.service';

/**
 * DESIGN §11: the source the AI read is stored with the request — a URL's file, each crawled page
 * and the SEC filing's document — as a file owned by the requester, so the review screen and the
 * requester's details show that copy, not a live URL that may have changed. Web pages are kept as
 * sanitised snapshots. Each task's metadata names its copy (`source_file_id`); the retention purge
 * deletes them with the request.
 */

export interface StoredSource {
  source_file_id: string;
  source_file_url: string;
  source_content_type: string;
  source_name: string;
}

const HTML_TYPE = /^(text\/html|application\/xhtml\+xml|text\/xml|application\/xml)\b/i;

function nameOf(fetched: FetchedSource, isHtml: boolean): string {
  if (fetched.filename) return fetched.filename.slice(0, 255);
  try {
    const url = new URL(fetched.url);
    const trail = url.pathname.replace(/\/+$/, '').replace(/^\/+/, '').replace(/\//g, '-');
    return `${url.hostname}${trail ? `-${trail}` : ''}${isHtml ? '.html' : ''}`.slice(0, 255);
  } catch {
    return isHtml ? 'page.html' : 'document';
  }
}

export async function keepFetchedSource(
  deps: { db: Db; storage: FileStorage },
  ownerId: string,
  fetched: FetchedSource,
): Promise<StoredSource> {
  const sniffed = await sniffFileType(fetched.bytes, {
    contentType: fetched.contentType,
    ...(fetched.filename ? { filename: fetched.filename } : {}),
  });
  const isHtml = sniffed?.kind === 'html' || (!sniffed && HTML_TYPE.test(fetched.contentType));
  const bytes = isHtml
    ? Buffer.from(sanitiseHtmlSnapshot(fetched.bytes, fetched.url), 'utf8')
    : fetched.bytes;
  const contentType = isHtml
    ? 'text/html'
    : (sniffed?.mediaType ?? (fetched.contentType.split(';')[0]?.trim() || 'application/octet-stream'));
  const id = randomUUID();
  await deps.storage.put(id, bytes);
  const filename = nameOf(fetched, isHtml);
  await deps.db.insert(files).values({
    id,
    ownerId,
    filename,
    contentType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    storageKey: id,
  });
  return {
    source_file_id: id,
    source_file_url: fileUrlOf(id),
    source_content_type: contentType,
    source_name: filename,
  };
}

/**
 * The stored copies named by a request's tasks, or by the request itself when it was AI only
 * (`metadata.source_file_ids`), for the retention purge.
 */
export async function storedSourceIds(db: Db, requestId: string): Promise<string[]> {
  const [rows, own] = await Promise.all([
    db
      .select({ id: sql<string | null>`${tasks.metadata}->>'source_file_id'` })
      .from(tasks)
      .where(eq(tasks.requestId, requestId)),
    db
      .select({ ids: sql<unknown>`${requests.metadata}->'source_file_ids'` })
      .from(requests)
      .where(eq(requests.id, requestId)),
  ]);
  const ownIds = Array.isArray(own[0]?.ids) ? (own[0].ids as unknown[]) : [];
  return [
    ...new Set(
      [...rows.map((row) => row.id), ...ownIds].filter((id): id is string => typeof id === 'string'),
    ),
  ];
}
