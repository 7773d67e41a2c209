import { apiRequest } from '@sieve/auth';
import {
  API_PREFIX,
  type CreateRequestInput,
  type CreateRequestResponse,
  type RequestDetail as RequestDetailSchema,
  type RequestListResponse as RequestListSchema,
  type UploadResponse as UploadSchema,
  type z,
} from '@sieve/contracts';
import { rawRequest } from '../api/raw-request';
import { PATHS, requestDetailKey } from './request-keys';

export {
  isRequestKey,
  type ListParams,
  requestDetailKey,
  requestListKey,
} from './request-keys';

export type RequestList = z.infer<typeof RequestListSchema>;
export type RequestDetail = z.infer<typeof RequestDetailSchema>;
type Created = z.infer<typeof CreateRequestResponse>;
type Uploaded = z.infer<typeof UploadSchema>;

export function createRequest(body: CreateRequestInput): Promise<Created> {
  return apiRequest<Created>(PATHS.requests, { method: 'POST', body });
}

/** POST /files: the document is stored first (type checked by its bytes), then referenced by id. */
export async function uploadFile(file: File, documentType: string): Promise<Uploaded> {
  const form = new FormData();
  form.set('document_type', documentType);
  form.set('file', file, file.name);
  const response = await rawRequest(`${API_PREFIX}${PATHS.files}`, {
    method: 'POST',
    body: form,
    accept: 'application/json',
  });
  return (await response.json()) as Uploaded;
}

export type ResultFormat = 'json' | 'csv';

function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** GET /requests/{id}/result: the finished result as a file the browser saves (DESIGN §9). */
export async function downloadResult(id: string, format: ResultFormat): Promise<string> {
  const response = await rawRequest(`${API_PREFIX}${requestDetailKey(id)}/result?format=${format}`);
  const blob = await response.blob();
  const filename = filenameOf(
    response.headers.get('content-disposition'),
    `sieve-result-${id.slice(0, 8)}.${format}`,
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
