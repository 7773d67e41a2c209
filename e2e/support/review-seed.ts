import { callApi, createUser, login, type TestUser } from './api';
import { E2E_ADMIN, serverPort } from './env';

/**
 * Review tasks through the product's own front door: a requester uploads PDFs and submits
 * requests, the extraction job turns each into a review task, an admin approves the reviewer.
 */

interface WorkerTaskSummary {
  task_id: string;
  metadata: { name?: string | null };
  ai_confidence_score: number;
}

async function rawApi<T>(
  method: 'PUT' | 'POST',
  path: string,
  token: string,
  body: BodyInit,
  headers: Record<string, string> = {},
): Promise<T> {
  const port = await serverPort();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    method,
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...headers },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A Reviewer account, invited and approved by the seeded admin. */
export async function createApprovedWorker(prefix = 'reviewer'): Promise<TestUser & { id: string }> {
  const worker = await createUser('worker', prefix);
  const session = await login(worker.email, worker.password);
  const admin = await login(E2E_ADMIN.email, E2E_ADMIN.password);
  await rawApi(
    'PUT',
    `/admin/workers/${session.user_id}/status`,
    admin.token,
    JSON.stringify({ active: true }),
    {
      'Content-Type': 'application/json',
    },
  );
  return { ...worker, id: session.user_id };
}

/** A short tag that makes a spec's tasks findable with the queue's search. */
export function uniqueTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Uploads each PDF and submits it as a pdf request named `<tag>-<n>.pdf`, asking for the data
 * points; resolves once the reviewer sees all of them in the queue (the extraction job ran).
 */
export async function seedPdfTasks(
  worker: TestUser,
  pdfs: readonly Buffer[],
  { tag, dataPoints = ['Total revenue', 'Gross margin'] }: { tag: string; dataPoints?: string[] },
): Promise<WorkerTaskSummary[]> {
  const requester = await createUser('requester', `${tag}-req`);
  const session = await login(requester.email, requester.password);
  for (const [index, pdf] of pdfs.entries()) {
    const form = new FormData();
    const filename = `${tag}-${index + 1}.pdf`;
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
    form.append('document_type', 'pdf');
    const upload = await rawApi<{ file_id: string; file_url: string }>('POST', '/files', session.token, form);
    await callApi('POST', '/requests', {
      token: session.token,
      body: {
        document_type: 'pdf',
        metadata: { file_id: upload.file_id, file_url: upload.file_url, filename, data_points: dataPoints },
      },
    });
  }
  return waitForTasks(worker, tag, pdfs.length);
}

/** Polls the reviewer's queue until `count` tasks match `search`. */
export async function waitForTasks(worker: TestUser, search: string, count: number, timeoutMs = 45_000) {
  const session = await login(worker.email, worker.password);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await callApi<{ tasks: WorkerTaskSummary[]; total: number }>(
      'GET',
      `/worker/tasks?limit=100&search=${encodeURIComponent(search)}`,
      { token: session.token },
    );
    if (list.total >= count) return list.tasks;
    if (Date.now() > deadline)
      throw new Error(`Only ${list.total} of ${count} tasks for "${search}" appeared`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The reviewer's submitted history, newest first (what the server acknowledged). */
export async function workerHistory(worker: TestUser) {
  const session = await login(worker.email, worker.password);
  return callApi<{ history: { task_id: string; status: string }[]; total: number }>(
    'GET',
    '/worker/history?limit=100',
    { token: session.token },
  );
}
