import { apiRequest } from '@sieve/auth';
import type {
  CreateTemplateBody,
  Template,
  TemplateListResponse,
  templateEndpoints,
  UpdateTemplateBody,
  z,
} from '@sieve/contracts';
import useSWR from 'swr';

type Paths = (typeof templateEndpoints)[keyof typeof templateEndpoints]['path'];

/** DESIGN §13 paths, checked against the contract by type (a value import would bundle its schemas). */
const PATH = '/templates' as const satisfies Paths;

export const TEMPLATE_KEYS = { list: PATH } as const;

export type { Template };
export type TemplateInput = z.input<typeof CreateTemplateBody>;

/** The built-in templates and the requester's own (GET /templates). */
export function useTemplates() {
  return useSWR<z.infer<typeof TemplateListResponse>>(TEMPLATE_KEYS.list);
}

export function createTemplate(body: TemplateInput) {
  return apiRequest<Template>(PATH, { method: 'POST', body });
}

export function updateTemplate(id: string, body: z.input<typeof UpdateTemplateBody>) {
  return apiRequest<Template>(`${PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteTemplate(id: string) {
  return apiRequest<void>(`${PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
