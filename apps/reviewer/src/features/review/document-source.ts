import { API_PREFIX, type FileGridResponse, type WorkerTask } from '@sieve/contracts';

/**
 * The task's document for the source panel: the copy the extraction stored (DESIGN §11:
 * `source_file_url`, or the upload's `file_url`), fetched with the reviewer's token and shown by
 * kind — PDF, image, web page snapshot, CSV/Excel grid, text. Documents are cached, so the
 * prefetched next task opens at once.
 */
export type LoadedDocument =
  | { kind: 'pdf'; bytes: ArrayBuffer }
  | { kind: 'image'; url: string; contentType: string }
  | { kind: 'html'; html: string }
  | { kind: 'grid'; grid: FileGridResponse }
  | { kind: 'text'; text: string }
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
  const url =
    text(task.metadata.source_file_url) ??
    text(task.metadata.file_url) ??
    text(task.original_request.metadata.file_url);
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin || !parsed.pathname.startsWith(FILES_PREFIX)) return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/** The link "Open in new tab" follows: the stored copy, else the filing or page the task came from. */
export function openUrlOf(task: WorkerTask): string | null {
  const candidates = [
    task.metadata.source_file_url,
    task.metadata.file_url,
    task.metadata.filing_url,
    task.metadata.url,
  ];
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

function startsWith(bytes: ArrayBuffer, signature: number[]): boolean {
  const head = new Uint8Array(bytes, 0, Math.min(signature.length, bytes.byteLength));
  return signature.every((byte, index) => head[index] === byte);
}

/** The kind of preview for these bytes: by their magic bytes first, then by the declared type. */
export function previewKindOf(bytes: ArrayBuffer, contentType: string): LoadedDocument['kind'] {
  const type = contentType.toLowerCase();
  if (type.includes('pdf') || startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.includes('spreadsheetml') || type.includes('ms-excel') || type.includes('csv')) return 'grid';
  if (type.includes('html') || type.includes('xml')) return 'html';
  if (type.startsWith('text/')) return 'text';
  return 'other';
}

async function fetchDocument(url: string, token: string | null): Promise<LoadedDocument> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(url, { headers, credentials: 'include' });
  if (!response.ok) return { kind: 'unavailable' };
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const bytes = await response.arrayBuffer();
  switch (previewKindOf(bytes, contentType)) {
    case 'pdf':
      return { kind: 'pdf', bytes };
    case 'image':
      return {
        kind: 'image',
        url: URL.createObjectURL(new Blob([bytes], { type: contentType })),
        contentType,
      };
    case 'html':
      return { kind: 'html', html: new TextDecoder().decode(bytes) };
    case 'text':
      return { kind: 'text', text: new TextDecoder().decode(bytes) };
    case 'grid': {
      const grid = await fetch(`${url}/grid`, { headers, credentials: 'include' });
      if (!grid.ok) return { kind: 'other', contentType };
      return { kind: 'grid', grid: (await grid.json()) as FileGridResponse };
    }
    default:
      return { kind: 'other', contentType };
  }
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
    const evicted = cache.get(oldest);
    cache.delete(oldest);
    void evicted?.then((document) => {
      if (document.kind === 'image') URL.revokeObjectURL(document.url);
    });
  }
  return pending;
}

/** Warms the cache (and the PDF viewer's code) for a task about to open. */
export function prefetchTaskDocument(task: WorkerTask, token: string | null): void {
  const url = previewUrlOf(task);
  if (!url) return;
  // The first item's anchored page is where the task opens: parse the PDF and load that page.
  const first = Object.values(task.ai_result.result ?? {})[0] as { anchor?: { page?: unknown } } | undefined;
  const page = typeof first?.anchor?.page === 'number' ? first.anchor.page : undefined;
  void loadDocument(url, token).then((document) => {
    if (document.kind === 'pdf')
      void import('./pdf-preview').then((viewer) => viewer.preparePdf(document.bytes, page));
  });
}
