import { API_PREFIX, type WorkerTask } from '@sieve/contracts';

/**
 * The task's document for the source panel. Our own uploads (`/api/v1/files/<id>`) are fetched
 * with the reviewer's token and shown in the preview when they are PDFs; other links (websites,
 * SEC filings) can only be opened in a new tab. Documents are cached, so the prefetched next task
 * opens at once.
 */
export type LoadedDocument =
  | { kind: 'pdf'; bytes: ArrayBuffer }
  | { kind: 'other'; contentType: string }
  | { kind: 'unavailable' };

const FILES_PREFIX = `${API_PREFIX}/files/`;
const CACHE_SIZE = 4;
const cache = new Map<string, Promise<LoadedDocument>>();

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Our own stored file of the task, which the preview may fetch; null for none. */
export function previewUrlOf(task: WorkerTask): string | null {
  const url = text(task.metadata.file_url) ?? text(task.original_request.metadata.file_url);
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin || !parsed.pathname.startsWith(FILES_PREFIX)) return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/** The link "Open in new tab" follows: the stored file, else the filing or page the task came from. */
export function openUrlOf(task: WorkerTask): string | null {
  const candidates = [task.metadata.file_url, task.metadata.filing_url, task.metadata.url];
  for (const candidate of candidates) {
    const url = text(candidate);
    if (!url) continue;
    try {
      const parsed = new URL(url, window.location.origin);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.toString();
    } catch {
      // not a link
    }
  }
  return null;
}

function isPdf(bytes: ArrayBuffer, contentType: string): boolean {
  if (contentType.includes('pdf')) return true;
  const head = new Uint8Array(bytes, 0, Math.min(5, bytes.byteLength));
  return String.fromCharCode(...head) === '%PDF-';
}

async function fetchDocument(url: string, token: string | null): Promise<LoadedDocument> {
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) return { kind: 'unavailable' };
  const contentType = response.headers.get('content-type') ?? '';
  const bytes = await response.arrayBuffer();
  return isPdf(bytes, contentType) ? { kind: 'pdf', bytes } : { kind: 'other', contentType };
}

/** The document at `url`, from the cache when it was fetched (or prefetched) already. */
export function loadDocument(url: string, token: string | null): Promise<LoadedDocument> {
  const cached = cache.get(url);
  if (cached) {
    cache.delete(url);
    cache.set(url, cached);
    return cached;
  }
  const pending = fetchDocument(url, token).catch((): LoadedDocument => {
    cache.delete(url);
    return { kind: 'unavailable' };
  });
  cache.set(url, pending);
  while (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return pending;
}

/** Warms the cache (and the PDF viewer's code) for a task about to open. */
export function prefetchTaskDocument(task: WorkerTask, token: string | null): void {
  const url = previewUrlOf(task);
  if (!url) return;
  void loadDocument(url, token).then((document) => {
    if (document.kind === 'pdf') void import('./pdf-preview');
  });
}
