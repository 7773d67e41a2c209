import type { FileGridResponse } from '@sieve/contracts';
import { type LoadedDocument, previewKindOf } from '@sieve/ui';
import { readStoredToken } from '../session/session-storage';

/**
 * A stored document (the files route, DESIGN §11) fetched for the preview with the session's
 * token and sorted by kind. Documents are cached by URL, so one opened again (or prefetched, as
 * the reviewer's next task is) shows at once.
 */
const CACHE_SIZE = 4;
const cache = new Map<string, Promise<LoadedDocument>>();

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

/** The document at `url` (same origin), from the cache when it was fetched already. */
export function loadDocument(url: string, token: string | null = readStoredToken()): Promise<LoadedDocument> {
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
