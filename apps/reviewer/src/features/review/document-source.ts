import { loadDocument } from '@sieve/auth';
import { API_PREFIX, type WorkerTask } from '@sieve/contracts';

/**
 * The task's document for the source panel: the copy the extraction stored (DESIGN §11:
 * `source_file_url`, or the upload's `file_url`), loaded (and cached) by `loadDocument` and shown
 * by the shared DocumentPreview; the next task's is prefetched, so it opens at once.
 */
const FILES_PREFIX = `${API_PREFIX}/files/`;

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

/** Warms the cache (and the PDF viewer's code) for a task about to open. */
export function prefetchTaskDocument(task: WorkerTask, token: string | null): void {
  const url = previewUrlOf(task);
  if (!url) return;
  // The first item's anchored page is where the task opens: parse the PDF and load that page.
  const first = Object.values(task.ai_result.result ?? {})[0] as { anchor?: { page?: unknown } } | undefined;
  const page = typeof first?.anchor?.page === 'number' ? first.anchor.page : undefined;
  void loadDocument(url, token).then((document) => {
    if (document.kind === 'pdf')
      void import('@sieve/ui/pdf-preview').then((viewer) => viewer.preparePdf(document.bytes, page));
  });
}
