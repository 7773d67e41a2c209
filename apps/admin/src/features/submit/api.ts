import { apiRequest } from '@sieve/auth';
import type {
  adminEndpoints,
  requestEndpoints,
  Template,
  TemplateListResponse,
  templateEndpoints,
  z,
} from '@sieve/contracts';
import useSWR from 'swr';
import { apiFetch } from '../dashboard/api-fetch';
import type { AdminSubmitPayload } from './submit-rules';

const UPLOAD_PATH = '/files' satisfies (typeof requestEndpoints)['upload']['path'];
const SUBMIT_PATH = '/admin/requests' satisfies (typeof adminEndpoints)['submit']['path'];
const TEMPLATES_PATH = '/templates' satisfies (typeof templateEndpoints)['list']['path'];

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

export type { Template };

/**
 * DESIGN §13: the templates a request for this account may use — the built-ins and the account's
 * own (GET /templates?requester_id=; only an admin may name another account). The id is always
 * given: an admin's unfiltered list would hold every requester's templates.
 */
export function useTemplatesOf(ownerId: string | null) {
  const key = ownerId
    ? `${TEMPLATES_PATH}?${new URLSearchParams({ requester_id: ownerId }).toString()}`
    : null;
  // The built-ins stay listed while another requester's list loads.
  const { data, error } = useSWR<z.infer<typeof TemplateListResponse>>(key, { keepPreviousData: true });
  const templates = data?.templates ?? [];
  return {
    builtins: templates.filter((t) => t.builtin),
    // A previous requester's templates are never offered for this one.
    own: templates.filter((t) => !t.builtin && t.requester_id === ownerId),
    error: error as unknown,
  };
}
