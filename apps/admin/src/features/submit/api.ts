import { apiRequest } from '@sieve/auth';
import type { adminEndpoints, requestEndpoints, z } from '@sieve/contracts';
import { apiFetch } from '../dashboard/api-fetch';
import type { AdminSubmitPayload } from './submit-rules';

const UPLOAD_PATH = '/files' satisfies (typeof requestEndpoints)['upload']['path'];
const SUBMIT_PATH = '/admin/requests' satisfies (typeof adminEndpoints)['submit']['path'];

export type SubmitResponse = z.infer<(typeof adminEndpoints)['submit']['response']['schema']>;

/** POST /files with the admin form's type, so .pdf, .txt, .doc and .docx are accepted (spec 02 §5). */
export async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('document_type', 'admin_submit');
  form.append('file', file, file.name);
  const response = await apiFetch(UPLOAD_PATH, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
  });
  const body = (await response.json()) as { file_url?: unknown };
  if (typeof body.file_url !== 'string') throw new Error('The upload did not return a file URL');
  return body.file_url;
}

export function submitOnBehalf(payload: AdminSubmitPayload): Promise<SubmitResponse> {
  return apiRequest<SubmitResponse>(SUBMIT_PATH, { method: 'POST', body: payload });
}
