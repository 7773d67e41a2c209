import type { AdminStats, AlertSettings } from '@sieve/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { type HealthInputs, healthReport } from './health-rules';

export interface StatsDeps {
  db: Db;
  probes: { name: string; check: () => Promise<void> }[];
  isPaused: () => Promise<boolean>;
  averageLatencyMs: () => number;
  startedAt: number;
  alertSettings: AlertSettings;
}

const ACTIVE_WINDOW = sql`now() - interval '24 hours'`;

/** A week of the team's finished claims (each count by an index); who is on the team is readPeople's. */
export const TEAM_FIGURES = sql`select
  (select count(*) from assignments where status = 'submitted' and finished_at > now() - interval '7 days')::int as submitted,
  -- The other finished claims: skipped, rejected or expired (finished = submitted + these).
  (select count(*) from assignments where status not in ('claimed', 'submitted')
     and finished_at > now() - interval '7 days')::int as other_finished`;

/**
 * Who is on the team now, read on every stats read (issue 40, one source per figure): the counts
 * of accounts by kind and state are people_counts' rows, which a trigger on users moves in the
 * same transaction as each sign-up and approval (migration 0013); the admin lists' totals read the
 * same rows. Active reviewers depend on the clock (activity within 24 hours), so they are counted,
 * by index, on each read. Signing up is activity: a reviewer approved the day they signed up is
 * active.
 */
export const PEOPLE_FIGURES = sql`select
  (select coalesce(sum(n), 0) from people_counts where user_type = 'worker' and state in ('active', 'inactive'))::int as total,
  (select count(*) from users where user_type = 'worker' and deleted_at is null and is_approved and is_active
     and greatest(last_activity_at, last_login_at, created_at) > ${ACTIVE_WINDOW})::int as active,
  (select coalesce(sum(n), 0) from people_counts where user_type = 'worker' and state = 'pending')::int as pending,
  (select coalesce(sum(n), 0) from people_counts where user_type = 'requester')::int as requesters`;

export interface PeopleFigures {
  total: number;
  active: number;
  pending: number;
  requesters: number;
}

export async function readPeople(db: Db): Promise<PeopleFigures> {
  const [row] = await queryRows<PeopleFigures>(db, PEOPLE_FIGURES);
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    pending: Number(row?.pending ?? 0),
    requesters: Number(row?.requesters ?? 0),
  };
}

/** The figures the health and alerts of a computed summary came from, to settle them again live. */
const inputsOfStats = new WeakMap<AdminStats, HealthInputs>();

/**
 * A summary with the team read live and its health and alerts settled again from the same figures
 * (one source per figure: the counts shown, the health and the alerts always agree).
 */
export function withLivePeople(
  stats: AdminStats,
  people: PeopleFigures,
  settings: AlertSettings,
): AdminStats {
  const computed = inputsOfStats.get(stats);
  if (!computed) return stats;
  const inputs = { ...computed, activeWorkers: people.active, totalWorkers: people.total };
  const health = healthReport(inputs, settings);
  return {
    ...stats,
    systemHealth: { ...stats.systemHealth, status: health.status },
    teamMetrics: {
      ...stats.teamMetrics,
      activeWorkers: people.active,
      totalWorkers: people.total,
      pendingWorkers: people.pending,
      totalRequesters: people.requesters,
    },
    alerts: health.alerts,
  };
}

async function probe(check: () => Promise<void>) {
  try {
    await check();
    return 1;
  } catch {
    return 0;
  }
}

const day = (value: unknown) => new Date(value as string).toISOString().slice(0, 10);

interface RequestFigures {
  total: number;
  completed: number;
  failed: number;
  pending: number;
  processing: number;
  recent: number;
  recent_failed: number;
  oldest_waiting_minutes: number | null;
}

/** The figures of all requests from their figures by type: counts add up, the longest wait is the longest. */
function sumFigures(rows: RequestFigures[]): RequestFigures {
  const sum = (key: Exclude<keyof RequestFigures, 'oldest_waiting_minutes'>) =>
    rows.reduce((n, r) => n + Number(r[key]), 0);
  const waits = rows.map((r) => r.oldest_waiting_minutes).filter((m): m is number => m !== null);
  return {
    total: sum('total'),
    completed: sum('completed'),
    failed: sum('failed'),
    pending: sum('pending'),
    processing: sum('processing'),
    recent: sum('recent'),
    recent_failed: sum('recent_failed'),
    oldest_waiting_minutes: waits.length > 0 ? Math.max(...waits.map(Number)) : null,
  };
}

/** Runs what it is given one after another, each when the one before has settled. */
function inTurn() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
}

/** GET /admin/stats: everything from live data (DESIGN §7), no placeholder figures. */
export async function computeStats(deps: StatsDeps): Promise<AdminStats> {
  const { db } = deps;
  // One statement at a time: at a year of data the summary is seconds of database time, and run
  // all at once it took both cores of a small box for over a second, stalling every other caller
  // (p99 of the reviewers' list 232 ms at half load, against 1 ms at p50).
  const turn = inTurn();
  const [
    byType,
    [tasks],
    [team],
    people,
    [throughput],
    performers,
    perDay,
    perHour,
    accuracy,
    services,
    paused,
  ] = await Promise.all([
    // The requests by type, each with its figures by status: one scan of the table gives both the
    // totals (summed below) and the document types.
    turn(() =>
      queryRows<RequestFigures & { type: string }>(
        db,
        sql`select document_type as type, count(*)::int as total,
          count(*) filter (where status = 'completed')::int as completed,
          count(*) filter (where status = 'failed')::int as failed,
          count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where status = 'processing')::int as processing,
          count(*) filter (where created_at > now() - interval '24 hours')::int as recent,
          count(*) filter (where status = 'failed' and created_at > now() - interval '24 hours')::int as recent_failed,
          (extract(epoch from now() - min(created_at) filter (where status in ('pending', 'processing'))) / 60)::float
            as oldest_waiting_minutes
        from requests where deleted_at is null group by document_type`,
      ),
    ),
    turn(() =>
      queryRows<{ available: number; claimed: number; expired: number }>(
        db,
        sql`select
          (select count(*) from tasks where status = 'available')::int as available,
          (select count(*) from tasks where status = 'claimed')::int as claimed,
          (select count(*) from assignments where status = 'claimed' and lease_expires_at <= now())::int as expired`,
      ),
    ),
    turn(() => queryRows<{ submitted: number; other_finished: number }>(db, TEAM_FIGURES)),
    turn(() => readPeople(db)),
    // Items moved per minute over the last hour: reviews submitted plus requests completed.
    turn(() =>
      queryRows<{ per_minute: number }>(
        db,
        sql`select ((select count(*) from assignments where status = 'submitted' and finished_at > now() - interval '1 hour')
          + (select count(*) from requests where status = 'completed' and completed_at > now() - interval '1 hour'))::float / 60
          as per_minute`,
      ),
    ),
    turn(() =>
      queryRows<{ id: string; name: string; completed: number; score: number | null }>(
        db,
        sql`select u.id, coalesce(nullif(u.full_name, ''), u.email) as name, count(*)::int as completed,
          sum(a.items_matched)::float / nullif(sum(a.items_total), 0) as score
        from assignments a join users u on u.id = a.worker_id
        where a.status = 'submitted' and a.finished_at > now() - interval '7 days' and u.deleted_at is null
        group by u.id order by completed desc, score desc nulls last limit 5`,
      ),
    ),
    // Turnaround is submit → completed (issue 15), of human-reviewed requests: AI-only ones finish
    // in seconds and would hide how long review takes.
    turn(() =>
      queryRows<{
        day: string;
        submitted: number;
        completed: number;
        turnaround: number | null;
        reviewed: number;
      }>(
        db,
        // Day ranges, not ::date casts, so requests_created_idx and requests_completed_idx serve them.
        sql`select d::date as day,
          (select count(*) from requests where deleted_at is null
             and created_at >= d and created_at < d + interval '1 day')::int as submitted,
          (select count(*) from requests where status = 'completed' and completed_at is not null
             and completed_at >= d and completed_at < d + interval '1 day')::int as completed,
          (select avg(extract(epoch from completed_at - created_at)) / 3600 from requests
             where status = 'completed' and not ai_only and completed_at is not null
               and completed_at >= d and completed_at < d + interval '1 day')::float as turnaround,
          (select count(*) from requests
             where status = 'completed' and not ai_only and completed_at is not null
               and completed_at >= d and completed_at < d + interval '1 day')::int as reviewed
        from generate_series(now()::date - 13, now()::date, interval '1 day') as d order by d`,
      ),
    ),
    turn(() =>
      queryRows<{ hour: string; reviews: number }>(
        db,
        sql`select h as hour,
          (select count(*) from assignments where status = 'submitted'
             and finished_at >= h and finished_at < h + interval '1 hour')::int as reviews
        from generate_series(date_trunc('hour', now()) - interval '23 hours', date_trunc('hour', now()), interval '1 hour') as h
        order by h`,
      ),
    ),
    turn(() =>
      queryRows<{ day: string; accuracy: number | null }>(
        db,
        sql`select d::date as day,
          (select sum(items_matched)::float / nullif(sum(items_total), 0) from assignments
             where status = 'submitted' and finished_at >= d and finished_at < d + interval '1 day') as accuracy
        from generate_series(now()::date - 13, now()::date, interval '1 day') as d order by d`,
      ),
    ),
    Promise.all(deps.probes.map(async (p) => ({ name: p.name, health: await probe(p.check) }))),
    deps.isPaused().catch(() => false),
  ]);

  const requests = sumFigures(byType);
  const types = [...byType].sort((a, b) => b.total - a.total || a.type.localeCompare(b.type)).slice(0, 5);
  const total = requests.total;
  const failed = requests.failed;
  const pending = requests.pending;
  const activeWorkers = people.active;
  const totalWorkers = people.total;
  const finished = Number(team?.submitted ?? 0) + Number(team?.other_finished ?? 0);
  const efficiency = finished > 0 ? (Number(team?.submitted ?? 0) / finished) * 100 : 100;
  const perMinute = Number(throughput?.per_minute ?? 0);
  const openTasks = Number(tasks?.available ?? 0) + Number(tasks?.claimed ?? 0);
  const inputs = {
    totalRequests: total,
    failedRequests: failed,
    recentRequests: requests.recent,
    recentFailed: requests.recent_failed,
    oldestWaitingMinutes: requests.oldest_waiting_minutes,
    pending,
    openTasks,
    activeWorkers,
    totalWorkers,
    throughput: perMinute,
    efficiency,
    finishedClaims: finished,
    services,
  };
  const health = healthReport(inputs, deps.alertSettings);
  const stats: AdminStats = {
    systemHealth: {
      status: health.status,
      uptime: Math.round((Date.now() - deps.startedAt) / 1000),
      errorRatio: total > 0 ? failed / total : 0,
      services,
    },
    operationsData: {
      queues: { pending, processing: requests.processing },
      tasks: {
        available: Number(tasks?.available ?? 0),
        claimed: Number(tasks?.claimed ?? 0),
        expiredClaims: Number(tasks?.expired ?? 0),
      },
      requests: { total, completed: requests.completed, failed },
      throughput: Number(perMinute.toFixed(2)),
      avgLatency: Math.round(deps.averageLatencyMs()),
      paused,
    },
    teamMetrics: {
      activeWorkers,
      totalWorkers,
      pendingWorkers: people.pending,
      totalRequesters: people.requesters,
      efficiency: Number(efficiency.toFixed(1)),
      topPerformers: performers.map((p) => ({
        id: p.id,
        name: p.name,
        tasksCompleted: Number(p.completed),
        score: p.score === null ? null : Number(Number(p.score).toFixed(3)),
      })),
    },
    alerts: health.alerts,
    analytics: {
      requestsPerDay: perDay.map((d) => ({
        date: day(d.day),
        submitted: Number(d.submitted),
        completed: Number(d.completed),
      })),
      turnaroundHours: perDay.map((d) => ({
        date: day(d.day),
        hours: d.turnaround === null ? null : Number(Number(d.turnaround).toFixed(4)),
        requests: Number(d.reviewed),
      })),
      throughputPerHour: perHour.map((h) => ({
        hour: new Date(h.hour).toISOString(),
        reviews: Number(h.reviews),
      })),
      reviewerAccuracy: accuracy.map((a) => ({
        date: day(a.day),
        accuracy: a.accuracy === null ? null : Number(Number(a.accuracy).toFixed(3)),
      })),
      documentTypes: types.map((t) => ({ type: t.type, count: Number(t.total) })),
    },
    generatedAt: new Date().toISOString(),
  };
  inputsOfStats.set(stats, inputs);
  return stats;
}
