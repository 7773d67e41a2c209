import type { BrowserContext } from '@playwright/test';
import { type Account, type AdminApi, ApiFailure } from './admin-api';

/**
 * A lived-in data set for the Admin dashboard's screenshots, made through the API as users would:
 * requesters with requests in every state, reviewers who agreed and disagreed (so ratings and
 * quality differ), one with many rejections, one pending approval, and a few invites.
 */

/** A one-page annual report with the figures the heuristic extractor finds. */
async function reportPdf(context: BrowserContext, company: string, revenue: string): Promise<Buffer> {
  const page = await context.newPage();
  try {
    await page.setContent(`<!doctype html><html><body style="font: 14px Arial, sans-serif; padding: 40px">
      <h1>${company} Annual Report</h1>
      <p>Fiscal year ended December 31, 2024</p>
      <p>Total revenue: ${revenue}</p>
      <p>Gross margin: 42%</p>
    </body></html>`);
    return await page.pdf({ format: 'Letter' });
  } finally {
    await page.close();
  }
}

interface Task {
  task_id: string;
  document_type?: string;
  ai_result: { result: Record<string, unknown> } | null;
}

/**
 * The requester uploads the document; the admin then submits on their behalf. (An admin's own
 * upload is refused for a request on behalf of someone else: see the final report.)
 */
async function uploadAs(token: string, apiBase: string, pdf: Buffer, filename: string): Promise<string> {
  const form = new FormData();
  form.append('document_type', 'pdf');
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
  const response = await fetch(`${apiBase}/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    body: form,
  });
  const body = (await response.json()) as { file_url?: string };
  if (!response.ok || !body.file_url) throw new ApiFailure(response.status, body);
  return body.file_url;
}

async function tasksOf(api: AdminApi, token: string, atLeast: number): Promise<Task[]> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const list = await api.call<{ tasks: Task[]; total: number }>('GET', '/worker/tasks?limit=100', {
      token,
    });
    // The list carries summaries: each task opened for its AI result.
    if (list.total >= atLeast)
      return Promise.all(
        list.tasks.map((task) => api.call<Task>('GET', `/worker/tasks/${task.task_id}`, { token })),
      );
    if (Date.now() > deadline) throw new Error(`Only ${list.total} of ${atLeast} review tasks appeared`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Reviews a task; a task that needed fewer reviews is already done (404/409/410), which is fine. */
async function review(
  api: AdminApi,
  token: string,
  task: Task,
  change?: (result: Record<string, unknown>) => void,
): Promise<boolean> {
  try {
    const result = structuredClone(task.ai_result?.result ?? {});
    change?.(result);
    await api.call('POST', `/worker/tasks/${task.task_id}/accept`, { token });
    await api.call('POST', `/worker/tasks/${task.task_id}/review`, {
      token,
      body: {
        response: { ai_processed: true, confidence_score: -0.1, result },
        confidence: 0.9,
        time_spent_seconds: 35 + Math.round(Math.random() * 60),
      },
    });
    return true;
  } catch (error) {
    if (error instanceof ApiFailure && [404, 409, 410].includes(error.status)) return false;
    throw error;
  }
}

export interface SeededAdminData {
  requesters: Account[];
  pendingReviewer: Account;
}

export async function seedAdminData(
  api: AdminApi,
  apiBase: string,
  context: BrowserContext,
): Promise<SeededAdminData> {
  const requesters = [
    await api.registerRequester('rita', 'Rita Alvarez', 'Acme Corp'),
    await api.registerRequester('gus', 'Gus Becker', 'Globex'),
    await api.registerRequester('ina', 'Ina Chen', 'Initech'),
  ];
  const [rita, gus, ina] = requesters as [Account, Account, Account];

  const reviewers = {
    ada: await api.registerReviewer('ada', 'Ada Lovelace'),
    bo: await api.registerReviewer('bo', 'Bo Diaz'),
    eve: await api.registerReviewer('eve', 'Eve Moreau'),
    dee: await api.registerReviewer('dee', 'Dee Okafor'),
  };
  for (const reviewer of Object.values(reviewers)) await api.setWorkerActive(reviewer.id, true);
  const pendingReviewer = await api.registerReviewer('cy', 'Cy Pending');
  const tokens = {
    ada: (await api.login(reviewers.ada.email, reviewers.ada.password)).token,
    bo: (await api.login(reviewers.bo.email, reviewers.bo.password)).token,
    eve: (await api.login(reviewers.eve.email, reviewers.eve.password)).token,
    dee: (await api.login(reviewers.dee.email, reviewers.dee.password)).token,
  };

  // PDFs for human review (reviewers get a PDF rating from them)
  for (const [index, [requester, company]] of (
    [
      [rita, 'Acme Corp'],
      [gus, 'Globex'],
    ] as const
  ).entries()) {
    const pdf = await reportPdf(context, company, `$${(index + 1) * 410}.5 million`);
    const { token } = await api.login(requester.email, requester.password);
    const fileUrl = await uploadAs(
      token,
      apiBase,
      pdf,
      `${company.toLowerCase().replace(' ', '-')}-report.pdf`,
    );
    await api.submitOnBehalf({
      on_behalf_of: requester.email,
      document_type: 'pdf',
      metadata: { file_url: fileUrl, data_points: ['Total revenue', 'Gross margin'] },
    });
  }
  // AI-only requests that complete at once
  for (const requester of [rita, rita, gus, ina]) {
    await api.submitOnBehalf({
      on_behalf_of: requester.email,
      document_type: 'custom_prompt',
      metadata: { custom_prompt: 'List the parties', text: 'Total revenue: $5 million', ai_only_mode: true },
    });
  }
  // Human-reviewed prompts that one reviewer keeps rejecting
  for (let i = 0; i < 6; i += 1) {
    await api.submitOnBehalf({
      on_behalf_of: ina.email,
      document_type: 'custom_prompt',
      metadata: { custom_prompt: 'Find the total revenue', text: `Total revenue: $${i + 2} million` },
    });
  }

  const tasks = await tasksOf(api, tokens.ada, 8);
  const pdfTasks = tasks.filter(
    (task) => task.document_type === 'pdf' || 'Gross margin' in (task.ai_result?.result ?? {}),
  );
  const promptTasks = tasks.filter((task) => !pdfTasks.includes(task));
  const [agreed, disputed] = pdfTasks as [Task, Task];
  if (agreed) {
    await review(api, tokens.ada, agreed);
    await review(api, tokens.bo, agreed);
  }
  if (disputed) {
    await review(api, tokens.ada, disputed);
    await review(api, tokens.bo, disputed, (result) => {
      const item = result['Gross margin'];
      result['Gross margin'] = item && typeof item === 'object' ? { ...item, value: '38%' } : '38%';
    });
    await review(api, tokens.eve, disputed);
  }
  for (const task of promptTasks.slice(0, 6)) {
    await api.call('POST', `/worker/tasks/${task.task_id}/accept`, { token: tokens.dee });
    await api.call('POST', `/worker/tasks/${task.task_id}/reject`, {
      token: tokens.dee,
      body: { rejection_reason: 'poor_quality' },
    });
  }
  // Others review what Dee turned down, so the queue moves on
  for (const task of promptTasks.slice(0, 3)) await review(api, tokens.eve, task);
  await api.setWorkerActive(reviewers.dee.id, false);

  // A request that cannot be fetched fails after its retries
  await api
    .submitOnBehalf({
      on_behalf_of: gus.email,
      document_type: 'pdf',
      metadata: { url: 'https://sieve-e2e.invalid/missing-report.pdf', data_points: ['Total revenue'] },
    })
    .catch(() => undefined);

  await api.invite('worker', 7);
  await api.invite('admin', 1);
  return { requesters, pendingReviewer };
}
