import type { Page, Route } from '@playwright/test';

/**
 * A stand-in for the worker API, served by Playwright's route interception: deterministic tasks
 * for UI states the real server makes slow to reach (10,000 tasks, a failing call), with the
 * server's search, filter, sort and paging. Specs that test the product itself use the real API.
 */
export interface MockTask {
  task_id: string;
  request_id: string;
  document_type: string;
  created_at: string;
  status: 'available' | 'claimed';
  priority: number;
  required_reviews: number;
  metadata: Record<string, unknown>;
  original_request: { metadata: Record<string, unknown> };
  ai_result: { result: Record<string, unknown>; confidence_score: number; provider?: string };
  claim: { lease_expires_at: string } | null;
}

const TYPES = ['pdf', 'sec', 'csv', 'website', 'excel'] as const;
const COMPANIES = [
  'Acme Corp',
  'Globex',
  'Initech',
  'Umbrella Group',
  'Stark Industries',
  'Wayne Enterprises',
];

function hex(n: number, length: number): string {
  return n.toString(16).padStart(length, '0').slice(-length);
}

/** `count` tasks, newest last, with a PDF file on the pdf ones. */
export function makeTasks(count: number, options: { fileUrl?: string; now?: number } = {}): MockTask[] {
  const now = options.now ?? Date.now();
  return Array.from({ length: count }, (_, index) => {
    const type = TYPES[index % TYPES.length] ?? 'pdf';
    const company = COMPANIES[index % COMPANIES.length] ?? 'Acme Corp';
    const id = `${hex(index * 2654435761, 8)}-${hex(index, 4)}-4${hex(index, 3)}-8${hex(index * 7, 3)}-${hex(index * 13, 12)}`;
    const ageMs = (count - index) * 7 * 60_000;
    return {
      task_id: id,
      request_id: `req-${index}`,
      document_type: type,
      created_at: new Date(now - ageMs).toISOString(),
      status: 'available',
      priority: index % 7 === 0 ? 3 : 2,
      required_reviews: 2,
      metadata: {
        name: `${company} ${type === 'sec' ? '10-K' : 'report'} ${index + 1}`,
        ticker: type === 'sec' ? company.slice(0, 4).toUpperCase() : undefined,
        file_url: type === 'pdf' ? options.fileUrl : undefined,
        url: type === 'website' ? `https://example.org/${index}` : undefined,
      },
      original_request: { metadata: { data_points: ['Total revenue', 'Gross margin', 'Fiscal year end'] } },
      ai_result: {
        result: {
          total_revenue: {
            value: 1234500000 + index,
            location: 'page 1, line 3',
            source_text: 'Total revenue: $1,234.5 million',
            source_url: null,
            confidence: 0.97,
          },
          gross_margin: {
            value: 0.42,
            location: 'page 1, line 4',
            source_text: 'Gross margin: 42%',
            source_url: null,
            confidence: 0.9,
          },
          fiscal_year_end: {
            value: '20241231',
            location: 'page 1, line 2',
            source_text: 'Fiscal year ended December 31, 2024',
            source_url: null,
            confidence: 0.95,
          },
        },
        confidence_score: [-0.02, -0.1, -0.3][index % 3] ?? -0.1,
        provider: 'heuristic',
      },
      claim: null,
    };
  });
}

export interface MockApiState {
  tasks: MockTask[];
  reviews: { taskId: string; body: unknown }[];
  rejected: { taskId: string; reason: string }[];
  skipped: string[];
  /** Number of list calls answered, for refresh checks. */
  listCalls: number;
}

export interface MockApiOptions {
  tasks: MockTask[];
  pdf?: Buffer;
  /** Answer the review call with this status instead of storing it, while it returns true. */
  failReview?: () => number | null;
  stats?: Record<string, unknown>;
  /** Simulated server time per call, in ms. */
  latencyMs?: number;
}

const SORTS: Record<string, (a: MockTask, b: MockTask) => number> = {
  priority: (a, b) => b.priority - a.priority || a.created_at.localeCompare(b.created_at),
  newest: (a, b) => b.created_at.localeCompare(a.created_at),
  oldest: (a, b) => a.created_at.localeCompare(b.created_at),
  type_asc: (a, b) => a.document_type.localeCompare(b.document_type),
  type_desc: (a, b) => b.document_type.localeCompare(a.document_type),
  id_asc: (a, b) => a.task_id.localeCompare(b.task_id),
  id_desc: (a, b) => b.task_id.localeCompare(a.task_id),
};

/**
 * The list carries summaries (issue 16): request metadata and source texts come on open; the AI
 * result's score, values and confidences are listed (issue 40).
 */
function summaryOf(task: MockTask) {
  const { ai_result: ai, original_request: _request, ...rest } = task;
  const result = Object.fromEntries(
    Object.entries(ai.result).map(([name, item]) => {
      const cell = item && typeof item === 'object' ? (item as Record<string, unknown>) : { value: item };
      return [
        name,
        {
          value: cell.value ?? null,
          confidence: typeof cell.confidence === 'number' ? cell.confidence : null,
        },
      ];
    }),
  );
  return {
    ...rest,
    ai_confidence_score: ai.confidence_score,
    ai_field_count: Object.keys(ai.result).length,
    ai_result: { confidence_score: ai.confidence_score, result },
  };
}

function json(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** Serves /api/v1/worker/* (and the task files) from memory for this page. */
export async function mockWorkerApi(page: Page, options: MockApiOptions): Promise<MockApiState> {
  const state: MockApiState = {
    tasks: [...options.tasks],
    reviews: [],
    rejected: [],
    skipped: [],
    listCalls: 0,
  };
  const delay = () => new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 0));
  const stats = {
    tasksCompleted: 42,
    tasksCompletedToday: 17,
    averageTime: 95,
    qualityScore: 0.93,
    qualityScoreBasis: 120,
    streak: 11,
    totalTimeSpent: 3990,
    leaderboard: { rank: 3, previousRank: 5, reviewers: 12, tasksThisWeek: 64 },
    ...options.stats,
  };

  await page.route(/\/api\/v1\/worker\//, async (route) => {
    await delay();
    const url = new URL(route.request().url());
    const path = url.pathname.replace('/api/v1/worker', '');
    if (path === '/tasks') {
      state.listCalls += 1;
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const type = url.searchParams.get('document_type');
      const sort = SORTS[url.searchParams.get('sort') ?? 'priority'] ?? SORTS.priority;
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const matching = state.tasks
        .filter((task) => !type || task.document_type === type)
        .filter(
          (task) =>
            !search ||
            task.task_id.toLowerCase().includes(search) ||
            task.document_type.includes(search) ||
            String(task.metadata.name ?? '')
              .toLowerCase()
              .includes(search),
        )
        .sort(sort);
      return json(route, 200, {
        tasks: matching.slice((page - 1) * limit, page * limit).map(summaryOf),
        total: matching.length,
        page,
        limit,
      });
    }
    if (path === '/stats') return json(route, 200, stats);
    if (path.startsWith('/history')) return json(route, 200, { history: [], total: 0, page: 1, limit: 20 });
    const opened = /^\/tasks\/([^/]+)$/.exec(path);
    if (opened && route.request().method() === 'GET') {
      const task = state.tasks.find((candidate) => candidate.task_id === opened[1]);
      if (!task) return json(route, 404, { code: 'TASK_NOT_FOUND', detail: 'Not found' });
      return json(route, 200, { ...summaryOf(task), ...task });
    }
    const match = /^\/tasks\/([^/]+)\/(accept|review|skip|reject)$/.exec(path);
    if (!match) return json(route, 404, { code: 'NOT_FOUND', detail: 'Not found' });
    const [, taskId = '', action] = match;
    const task = state.tasks.find((candidate) => candidate.task_id === taskId);
    if (action === 'accept') {
      if (!task) return json(route, 404, { code: 'TASK_NOT_FOUND', detail: 'Not found' });
      return json(route, 200, {
        task_id: taskId,
        status: 'claimed',
        lease_expires_at: new Date(Date.now() + 1_800_000).toISOString(),
      });
    }
    const remove = () => {
      state.tasks = state.tasks.filter((candidate) => candidate.task_id !== taskId);
    };
    if (action === 'review') {
      const failure = options.failReview?.() ?? null;
      if (failure)
        return json(route, failure, { code: 'INTERNAL_SERVER_ERROR', detail: 'Something went wrong' });
      state.reviews.push({ taskId, body: route.request().postDataJSON() });
      remove();
      return json(route, 200, {
        task_id: taskId,
        status: 'submitted',
        task_status: 'claimed',
        submitted_at: new Date().toISOString(),
      });
    }
    if (action === 'skip') {
      state.skipped.push(taskId);
      remove();
      return json(route, 200, { task_id: taskId, status: 'skipped' });
    }
    state.rejected.push({ taskId, reason: route.request().postDataJSON()?.rejection_reason });
    remove();
    return json(route, 200, { task_id: taskId, status: 'rejected' });
  });

  if (options.pdf) {
    const pdf = options.pdf;
    await page.route(/\/api\/v1\/files\//, (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body: pdf }),
    );
  }
  return state;
}

/** A stored worker session the app restores without a sign-in (the mock API accepts any token). */
export async function storeMockWorkerSession(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('sieve-e2e-seeded')) return;
    sessionStorage.setItem('sieve-e2e-seeded', '1');
    localStorage.setItem('authToken', 'mock-worker-token');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'mock-worker');
    localStorage.setItem('userEmail', 'reviewer@acme-corp.io');
  });
}
