import {
  ADMIN_REQUEST_SORTS,
  COST_PER_REQUEST_ESTIMATE,
  REQUESTER_SORTS,
  REVIEWER_PAY_PER_REVIEW,
  WORKER_SORTS,
} from '@sieve/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Binds, type Db, hotStatement, preparedRows, queryRows, searchPattern } from '../../db/client';
import { keptTotals } from './kept-totals';

export interface ListParams {
  page: number;
  limit: number;
  sort_by: string;
  sort_order: 'asc' | 'desc';
  status?: string | undefined;
  search?: string | undefined;
  /**
   * How old an unsearched list's total may be (the admin summary's age): counting a year of
   * requests on every page of every open dashboard is the cost of the list; 0 counts each time.
   */
  countMaxAgeMs?: number;
}

/** Totals of unsearched lists by list and filter, kept for `countMaxAgeMs`. */
const totals = keptTotals();

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const round = (value: number | null, digits = 3) => (value === null ? null : Number(value.toFixed(digits)));

/**
 * The fast path for a year of data: `base` has the list's own columns (no aggregates), and
 * `fromIds` is `from` restricted to a page's ids (an array of uuid). Unless the order needs an
 * aggregate, a page is chosen on `base` and only its rows are aggregated (not every task and
 * review of the table).
 */
interface FastList {
  base: SQL;
  /**
   * `base` without the joins that only search (and the sorts in `joinedSorts`) need: what an
   * unsearched page counts and is chosen from.
   */
  unsearchedBase?: SQL;
  joinedSorts?: readonly string[];
  fromIds: (ids: SQL) => SQL;
  aggregateSorts: readonly string[];
}

interface ListSpec<T> {
  /** Which list (the key of its statements and cached totals). */
  name: string;
  /** The list's query; filters and order apply to its columns. */
  from: SQL;
  fast?: FastList;
  /** Columns (trusted SQL text) searched case-insensitively for the search text. */
  searchIn: readonly string[];
  /**
   * An unsearched list's total for a status filter (none: all), kept in the same transaction as
   * each change (people_counts): current at once and the same figure as the admin overview's.
   */
  keptTotal?: (db: Db, status: string | undefined) => Promise<number>;
  /** The column (trusted SQL text) the status filter compares. */
  statusColumn: string;
  /** The value of statusColumn a status filter asks for; undefined: the status does not filter. */
  statusValue: (status: string) => unknown;
  sorts: readonly string[];
  sortColumn?: (sortBy: string) => string;
  toRow: (row: Record<string, unknown>) => T;
}

/** What a list's statements are built for: the list, which filters are set, the order. */
interface ListShape {
  spec: ListSpec<unknown>;
  status: boolean;
  search: boolean;
  column: string;
  direction: 'asc' | 'desc';
}

interface ListValues extends Record<string, unknown> {
  status: unknown;
  like: string | null;
  limit: number;
  offset: number;
}

const shapeKey = (shape: ListShape) =>
  `${shape.spec.name}|${shape.status}|${shape.search}|${shape.column}|${shape.direction}`;

function whereSql({ spec, status, search }: ListShape, bind: Binds<ListValues>) {
  const conditions: SQL[] = [sql`true`];
  if (status) conditions.push(sql`${sql.raw(spec.statusColumn)} = ${bind.status}`);
  if (search) {
    conditions.push(
      sql`(${sql.join(
        spec.searchIn.map((column) => sql`${sql.raw(column)} ilike ${bind.like}`),
        sql` or `,
      )})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

const orderOf = (shape: ListShape) => orderBy(shape.column, shape.direction, shape.spec.sorts);

/** A list ordered by an aggregate (or without a fast path): the page and the count on `from`. */
const slowPage = hotStatement<ListShape, ListValues, Record<string, unknown>>(shapeKey, (shape, bind) => {
  const order = orderOf(shape);
  return sql`select * from (${shape.spec.from}) as list where ${whereSql(shape, bind)} order by ${order}
    limit ${bind.limit} offset ${bind.offset}`;
});
const slowCount = hotStatement<ListShape, ListValues, { n: number }>(
  shapeKey,
  (shape, bind) =>
    sql`select count(*)::int as n from (${shape.spec.from}) as list where ${whereSql(shape, bind)}`,
);

/**
 * An unsearched page is chosen from, and counted on, the unsearched base where the list has one
 * (and its order does not need the joins it leaves out).
 */
function fastFrom({ spec, search, column }: ListShape) {
  const fast = spec.fast as FastList;
  const unsearched = search ? undefined : fast.unsearchedBase;
  return {
    fast,
    page: unsearched && !fast.joinedSorts?.includes(column) ? unsearched : fast.base,
    count: unsearched ?? fast.base,
  };
}

/**
 * A page's statements are keyed by its filter, sort and page: one plan serves every value, and
 * planning them per call (the pool's default) cost more than running them at a year of data.
 */
const PLAN_ONCE = { reusePlan: true } as const;

const fastPage = hotStatement<ListShape, ListValues, Record<string, unknown>>(
  shapeKey,
  (shape, bind) => {
    const from = fastFrom(shape);
    return fastPageSql(from.fast, from.page, whereSql(shape, bind), orderOf(shape), bind.limit, bind.offset);
  },
  PLAN_ONCE,
);
const fastCount = hotStatement<ListShape, ListValues, { n: number }>(
  shapeKey,
  (shape, bind) =>
    sql`select count(*)::int as n from (${fastFrom(shape).count}) as list
      where ${whereSql(shape, bind)}`,
  PLAN_ONCE,
);

/** One admin list: status filter, server-side search over the spec's fields, sort and page. */
async function list<T>(db: Db, params: ListParams, spec: ListSpec<T>) {
  const status = params.status ? spec.statusValue(params.status) : undefined;
  const asked = spec.sortColumn ? spec.sortColumn(params.sort_by) : params.sort_by;
  const column = spec.sorts.includes(asked) ? asked : 'created_at';
  const shape: ListShape = {
    spec: spec as ListSpec<unknown>,
    status: status !== undefined,
    search: Boolean(params.search),
    column,
    direction: params.sort_order === 'asc' ? 'asc' : 'desc',
  };
  const values: ListValues = {
    status: status ?? null,
    like: params.search ? searchPattern(params.search) : null,
    limit: params.limit,
    offset: (params.page - 1) * params.limit,
  };
  const isFast = spec.fast && !spec.fast.aggregateSorts.includes(column);
  // An unsearched fast list's total may be the one counted a moment ago (countMaxAgeMs).
  const maxAge = isFast && !params.search ? (params.countMaxAgeMs ?? 0) : 0;
  const [rows, count] = await Promise.all([
    (isFast ? fastPage : slowPage)(db, shape, values),
    spec.keptTotal && !params.search
      ? spec.keptTotal(db, params.status)
      : totals(`${spec.name}|${params.status ?? ''}`, maxAge, async () => {
          const [total] = await (isFast ? fastCount : slowCount)(db, shape, values);
          return Number(total?.n ?? 0);
        }),
  ]);
  return {
    rows: rows.map(spec.toRow),
    total: count,
    page: params.page,
    pages: Math.max(1, Math.ceil(count / params.limit)),
  };
}

/**
 * One page of a fast list in one statement, one round trip: the page's ids chosen on the lean
 * base, then only their rows aggregated. The ids reach the rows as an array, whose size the shared
 * plan does not know but takes as small (`= any` probes by key); read as `in (select …)` the shared
 * plan hashed every account for a page of 20 (query-plans.test.ts).
 */
export function fastPageSql(
  fast: Pick<FastList, 'fromIds'>,
  pageFrom: SQL,
  where: SQL,
  order: SQL,
  limit: unknown,
  offset: unknown,
) {
  return sql`with page as materialized (
      select id from (${pageFrom}) as list where ${where} order by ${order} limit ${limit} offset ${offset}
    )
    select * from (${fast.fromIds(sql`array(select id from page)`)}) as list order by ${order}`;
}

/** Columns never null: ordered without `nulls last`, so an index on (column, id) serves the order. */
const NOT_NULL_SORTS = new Set([
  'created_at',
  'email',
  'full_name',
  'status',
  'request_type',
  'requester_email',
  'priority_rank',
]);

export function orderBy(column: string, direction: 'asc' | 'desc', allowed: readonly string[]) {
  const safe = allowed.includes(column) ? column : 'created_at';
  const dir = direction === 'asc' ? 'asc' : 'desc';
  // The id breaks ties in the same direction: (created_at desc, id desc) is requests_created_idx backwards.
  return NOT_NULL_SORTS.has(safe)
    ? sql.raw(`${safe} ${dir}, id ${dir}`)
    : sql.raw(`${safe} ${dir} nulls last, id asc`);
}

/** How many accounts of a kind there are in a state (none: every state), from people_counts (migration 0013). */
function keptPeopleTotal(userType: 'worker' | 'requester') {
  return async (db: Db, state: string | undefined) => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(n), 0)::int as n from people_counts
        where user_type = ${userType} ${state ? sql`and state = ${state}` : sql``}`,
    );
    return Number(row?.n ?? 0);
  };
}

/** Reviewers with their running figures (worker_figures, kept by a trigger on assignments). */
const workersFrom = (ids?: SQL) => sql`
  select u.id, u.email, u.full_name, u.is_active, u.is_approved, u.created_at,
    case when not u.is_approved then 'pending' when u.is_active then 'active' else 'inactive' end as status,
    coalesce(f.completed, 0)::int as tasks_completed,
    (coalesce(f.completed, 0) + coalesce(f.rejected, 0))::int as tasks_reviewed,
    coalesce(f.rejected, 0)::int as tasks_rejected,
    f.confidence_sum / nullif(f.confidence_count, 0) as avg_confidence,
    f.items_matched::float / nullif(f.items_total, 0) as quality_score,
    f.pdf_matched::float / nullif(f.pdf_total, 0) as q_pdf,
    f.sec_matched::float / nullif(f.sec_total, 0) as q_sec,
    f.credit_card_matched::float / nullif(f.credit_card_total, 0) as q_credit_card,
    f.time_sum / nullif(f.time_count, 0) as avg_time,
    greatest(u.last_activity_at, u.last_login_at, f.last_finished) as last_activity
  from users u
  left join worker_figures f on f.worker_id = u.id
  where u.user_type = 'worker' and u.deleted_at is null ${ids ? sql`and u.id = any(${ids})` : sql``}`;
const WORKERS = workersFrom();
const WORKERS_BASE = sql`
  select u.id, u.email, u.full_name, u.is_active, u.is_approved, u.created_at,
    case when not u.is_approved then 'pending' when u.is_active then 'active' else 'inactive' end as status
  from users u where u.user_type = 'worker' and u.deleted_at is null`;

const WORKERS_FAST: FastList = {
  base: WORKERS_BASE,
  fromIds: workersFrom,
  aggregateSorts: ['tasks_completed', 'quality_score', 'last_activity'],
};

/** Ratings are quality on a 0–5 scale per document type (spec 02 §9 colours at 4.5 and 3.5). */
const rating = (quality: unknown) => round(num(quality) === null ? null : Number(quality) * 5, 2);

export function toWorkerRow(r: Record<string, unknown>) {
  const completed = Number(r.tasks_completed);
  return {
    worker_id: String(r.id),
    email: String(r.email),
    full_name: String(r.full_name),
    status: r.status as 'active' | 'pending' | 'inactive',
    active: r.status === 'active',
    is_active: Boolean(r.is_active),
    is_approved: Boolean(r.is_approved),
    tasks_completed: completed,
    tasks_reviewed: Number(r.tasks_reviewed),
    tasks_rejected: Number(r.tasks_rejected),
    average_confidence: round(num(r.avg_confidence)),
    quality_score: round(num(r.quality_score)),
    accuracy: round(num(r.quality_score)),
    rating_pdf: rating(r.q_pdf),
    rating_sec: rating(r.q_sec),
    rating_credit_card: rating(r.q_credit_card),
    avg_time_per_task: round(num(r.avg_time), 1),
    total_earnings: Number((completed * REVIEWER_PAY_PER_REVIEW).toFixed(2)),
    last_activity: iso(r.last_activity),
    created_at: iso(r.created_at) ?? '',
  };
}

export function listWorkers(db: Db, params: ListParams) {
  return list(db, params, {
    name: 'workers',
    from: WORKERS,
    fast: WORKERS_FAST,
    searchIn: ['id::text', 'email', 'status', 'full_name'],
    keptTotal: keptPeopleTotal('worker'),
    statusColumn: 'status',
    statusValue: (status) => status,
    sorts: WORKER_SORTS,
    toRow: toWorkerRow,
  });
}

/** Requesters with their running request counts (requester_figures, kept by a trigger on requests, summed over its shards). */
const requestersFrom = (ids?: SQL) => sql`
  select u.id, u.email, u.full_name, u.organization, u.is_active, u.created_at, sub.plan_id,
    coalesce(f.submitted, 0)::int as requests_submitted,
    coalesce(f.completed, 0)::int as requests_completed,
    coalesce(f.active, 0)::int as requests_pending,
    (coalesce(f.submitted, 0) * ${COST_PER_REQUEST_ESTIMATE}::float)::float as total_cost,
    greatest(u.last_activity_at, u.last_login_at, f.last_request) as last_activity
  from users u
  left join subscriptions sub on sub.user_id = u.id
  left join lateral (
    select sum(x.submitted) as submitted, sum(x.completed) as completed, sum(x.active) as active,
      max(x.last_request) as last_request
    from requester_figures x where x.requester_id = u.id
  ) f on true
  where u.user_type = 'requester' and u.deleted_at is null ${ids ? sql`and u.id = any(${ids})` : sql``}`;
const REQUESTERS = requestersFrom();
const REQUESTERS_BASE = sql`
  select u.id, u.email, u.full_name, u.organization, u.is_active, u.created_at
  from users u where u.user_type = 'requester' and u.deleted_at is null`;

const REQUESTERS_FAST: FastList = {
  base: REQUESTERS_BASE,
  fromIds: requestersFrom,
  aggregateSorts: ['requests_submitted', 'total_cost', 'last_activity'],
};

export function toRequesterRow(r: Record<string, unknown>) {
  const submitted = Number(r.requests_submitted);
  const cost = Number(Number(r.total_cost).toFixed(2));
  return {
    requester_id: String(r.id),
    email: String(r.email),
    full_name: String(r.full_name),
    organization: (r.organization as string | null) ?? null,
    is_active: Boolean(r.is_active),
    plan_id: (r.plan_id as string | null) ?? null,
    requests_submitted: submitted,
    requests_completed: Number(r.requests_completed),
    requests_pending: Number(r.requests_pending),
    active_requests: Number(r.requests_pending),
    completed_requests: Number(r.requests_completed),
    total_cost: cost,
    total_spent: cost,
    avg_cost_per_request: submitted > 0 ? Number((cost / submitted).toFixed(2)) : 0,
    last_activity: iso(r.last_activity),
    created_at: iso(r.created_at) ?? '',
  };
}

export function listRequesters(db: Db, params: ListParams) {
  return list(db, params, {
    name: 'requesters',
    from: REQUESTERS,
    fast: REQUESTERS_FAST,
    searchIn: ['id::text', 'email', "coalesce(organization, '')", 'full_name'],
    // A status other than these filters nothing (statusValue), so its total is everyone's.
    keptTotal: (db, status) =>
      keptPeopleTotal('requester')(db, status === 'active' || status === 'inactive' ? status : undefined),
    statusColumn: 'is_active',
    statusValue: (status) => (status === 'active' ? true : status === 'inactive' ? false : undefined),
    sorts: REQUESTER_SORTS,
    toRow: toRequesterRow,
  });
}

/**
 * A request's task and reviewer figures, as `t` (task_count, completed_tasks, worker_count). For a
 * page of the list and of the export, `pageFigures` reads each request's tasks once and counts its
 * reviewers from their reviews (the earlier per-table form read the page's tasks twice: 0.51 →
 * 0.40 ms a page at a year of data); an order by an aggregate aggregates the whole table once
 * (`tableFigures`: hashing, not a probe per row).
 */
const pageFigures = sql`left join lateral (
    select count(*) as task_count,
      count(*) filter (where t.status in ('completed', 'rejected')) as completed_tasks,
      (select count(distinct a.worker_id) from assignments a
        where a.task_id = any(array_agg(t.id)) and a.status = 'submitted') as worker_count
    from tasks t where t.request_id = r.id
  ) t on true`;
const tableFigures = sql`left join (
    select f.request_id, f.task_count, f.completed_tasks, w.worker_count from (
      select request_id, count(*) as task_count,
        count(*) filter (where status in ('completed', 'rejected')) as completed_tasks
      from tasks group by request_id
    ) f left join (
      select t.request_id, count(distinct a.worker_id) as worker_count
      from assignments a join tasks t on t.id = a.task_id where a.status = 'submitted'
      group by t.request_id
    ) w on w.request_id = f.request_id
  ) t on t.request_id = r.id`;

/** The figure columns of a request row, from `t` (either figures above). */
const figureColumns = sql`coalesce(t.task_count, 0)::int as task_count,
    coalesce(t.completed_tasks, 0)::int as completed_tasks,
    coalesce(t.worker_count, 0)::int as worker_count,
    case when r.status = 'completed' then 1
         when coalesce(t.task_count, 0) = 0 then 0
         else t.completed_tasks::float / t.task_count end as progress`;

const requestsFrom = (ids?: SQL) => sql`
  select r.id, u.email as requester_email, r.document_type as request_type, r.status, r.priority, r.error,
    r.created_at, r.completed_at, r.ai_only, ${figureColumns},
    case r.priority when 'high' then 3 when 'medium' then 2 else 1 end as priority_rank
  from requests r
  join users u on u.id = r.requester_id
  ${ids ? pageFigures : tableFigures}
  where r.deleted_at is null ${ids ? sql`and r.id = any(${ids})` : sql``}`;
const REQUESTS = requestsFrom();
const REQUESTS_BASE = sql`
  select r.id, u.email as requester_email, r.document_type as request_type, r.status, r.priority, r.created_at,
    case r.priority when 'high' then 3 when 'medium' then 2 else 1 end as priority_rank
  from requests r join users u on u.id = r.requester_id
  where r.deleted_at is null`;

const REQUESTS_FAST: FastList = {
  base: REQUESTS_BASE,
  unsearchedBase: sql`
    select r.id, r.document_type as request_type, r.status, r.priority, r.created_at,
      case r.priority when 'high' then 3 when 'medium' then 2 else 1 end as priority_rank
    from requests r where r.deleted_at is null`,
  joinedSorts: ['requester_email'],
  fromIds: requestsFrom,
  aggregateSorts: ['progress'],
};

/** The admin lists' fast paths (query-plans.test.ts). */
export const FAST_LISTS = { workers: WORKERS_FAST, requesters: REQUESTERS_FAST, requests: REQUESTS_FAST };

export function toAdminRequestRow(r: Record<string, unknown>) {
  return {
    request_id: String(r.id),
    requester_email: String(r.requester_email),
    request_type: String(r.request_type),
    status: r.status as 'pending' | 'processing' | 'completed' | 'failed',
    priority: String(r.priority),
    task_count: Number(r.task_count),
    completed_tasks: Number(r.completed_tasks),
    worker_count: Number(r.worker_count),
    progress: Number(Number(r.progress).toFixed(3)),
    error: (r.error as string | null) ?? null,
    created_at: iso(r.created_at) ?? '',
    completed_at: iso(r.completed_at),
  };
}

export function listRequests(db: Db, params: ListParams) {
  return list(db, params, {
    name: 'requests',
    from: REQUESTS,
    fast: REQUESTS_FAST,
    searchIn: ['id::text', 'requester_email', 'request_type', 'status'],
    // The admin filter also offers in_progress (spec 02 §4): our processing.
    statusColumn: 'status',
    statusValue: (status) => (status === 'in_progress' ? 'processing' : status),
    sorts: [...ADMIN_REQUEST_SORTS, 'priority_rank'],
    // Priority sorts by rank (high, medium, low), not by its name.
    sortColumn: (sortBy) => (sortBy === 'priority' ? 'priority_rank' : sortBy),
    toRow: toAdminRequestRow,
  });
}

/**
 * One page of the requests export after `after` (keyset on created_at, id: constant cost per page,
 * where OFFSET grows with the table). Task and reviewer figures are computed for the page's rows only.
 */
export async function requestsExportPage(
  db: Db,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  const rows = await preparedRows<Record<string, unknown>>(
    db,
    sql`select r.id, u.email as requester_email, r.document_type as request_type, r.status, r.priority,
        r.error, r.created_at, r.completed_at, ${figureColumns}
      from requests r
      join users u on u.id = r.requester_id
      ${pageFigures}
      where r.deleted_at is null
        ${after ? sql`and (r.created_at, r.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
      order by r.created_at, r.id
      limit ${limit}`,
  );
  const last = rows.at(-1);
  return {
    rows: rows.map(toAdminRequestRow),
    next: last ? { createdAt: new Date(last.created_at as string).toISOString(), id: String(last.id) } : null,
  };
}
