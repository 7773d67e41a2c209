import { expect, type Page } from '@playwright/test';
import { callApi } from './api';
import { serverPort } from './env';
import { type Box, makeTablePdf } from './grounding-documents';
import { uniqueTag } from './review-seed';

/**
 * A request on an uploaded PDF of the grounding table (issue 15 previews), named by its file; an
 * AI-only one is waited for until it is completed. With the printed box of Total revenue's FY2024.
 */
export async function submitTablePdf(
  page: Page,
  token: string,
  { aiOnly = true }: { aiOnly?: boolean } = {},
): Promise<{ id: string; filename: string; cell: Box | undefined }> {
  const { pdf, cells } = await makeTablePdf(page);
  const filename = `${uniqueTag('preview')}.pdf`;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
  form.append('document_type', 'pdf');
  const uploaded = await fetch(`http://127.0.0.1:${await serverPort()}/api/v1/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const file = (await uploaded.json()) as { file_id: string; file_url: string };
  const { request_id: id } = await callApi<{ request_id: string }>('POST', '/requests', {
    token,
    body: {
      document_type: 'pdf',
      metadata: {
        file_id: file.file_id,
        file_url: file.file_url,
        filename,
        data_points: ['Total revenue'],
        ai_only_mode: aiOnly,
      },
    },
  });
  // Routed to review, it waits for reviewers: the caller waits for its task instead.
  if (!aiOnly) return { id, filename, cell: cells['Total revenue|FY2024'] };
  await expect
    .poll(async () => (await callApi<{ status: string }>('GET', `/requests/${id}`, { token })).status, {
      timeout: 60_000,
    })
    .toBe('completed');
  return { id, filename, cell: cells['Total revenue|FY2024'] };
}
